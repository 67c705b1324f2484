"""A class's refusals in the person's language: one key per reason code
(``class.refused.<code>``); a bad first name is said as the rooms say it."""

from __future__ import annotations

from collections.abc import Callable

from ...classes import ClassError, ClassReason
from ...i18n import t
from ..rooms.messages import refusal_text


def class_error_said(err: ClassError, lang: Callable[[], str]) -> Callable[[], str]:
    """:func:`class_error_text` worked out when shown, in the language ``lang()`` is then."""
    return lambda: class_error_text(err, lang())


def class_error_text(err: ClassError, lang: str) -> str:
    """A :class:`~skipbo_widgets.classes.ClassError` in words."""
    if err.reason == ClassReason.BAD_NAME:
        return refusal_text("room_bad_name", err.params, lang)
    return t(f"class.refused.{err.reason.value}", lang, **err.params)
