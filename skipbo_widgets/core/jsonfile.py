"""One parser for every file and stored text the app reads: JSON, within limits.

Game and match files, the app's kept session, the place in the lessons and
uploads all go through :func:`parse_json`. It refuses, with a
:class:`~.errors.SaveError` and a reason code, anything that is not plain JSON
(``NaN``, duplicate keys), larger than ``max_bytes`` UTF-8 bytes (a ``str``
is measured as it would be written to a file), nested deeper than
``max_depth``, or holding text that UTF-8 cannot carry (invalid bytes, an
unpaired surrogate, raw or as a ``\\ud800`` escape). One leading BOM is
allowed. It never uses pickle or eval.

>>> parse_json('{"a": [1, 2]}')
{'a': [1, 2]}
>>> parse_json('{"a": 1, "a": 2}')
Traceback (most recent call last):
...
skipbo_widgets.core.errors.SaveError: save_bad_field(field='a', problem='duplicate')
>>> parse_json('{"seed": "\\\\ud800"}')
Traceback (most recent call last):
...
skipbo_widgets.core.errors.SaveError: save_bad_text(problem='surrogate')
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection
from typing import Any

from .errors import SaveError, SaveReason

MAX_BYTES = 256 * 1024
MAX_DEPTH = 8
_SURROGATE = re.compile("[\ud800-\udfff]")


def parse_json(data: Any, *, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """The JSON value in ``data`` (``str`` or UTF-8 ``bytes``, a BOM allowed)."""
    if isinstance(data, str):
        if len(data) > max_bytes:  # a character takes at least one byte
            raise SaveError(SaveReason.TOO_LARGE, size=len(data), max=max_bytes)
        if _SURROGATE.search(data):
            raise SaveError(SaveReason.BAD_TEXT, problem="surrogate")
        size = len(data.encode("utf-8"))
        if size > max_bytes:
            raise SaveError(SaveReason.TOO_LARGE, size=size, max=max_bytes)
        text = data.removeprefix("\ufeff")
    elif isinstance(data, (bytes, bytearray)):
        if len(data) > max_bytes:
            raise SaveError(SaveReason.TOO_LARGE, size=len(data), max=max_bytes)
        try:
            text = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise SaveError(SaveReason.BAD_TEXT, problem="encoding") from None
    else:
        raise SaveError(SaveReason.NOT_JSON, problem="type")
    try:
        value = json.loads(text, parse_constant=_no_constant, object_pairs_hook=_object)
    except SaveError:
        raise
    except (ValueError, RecursionError):
        raise SaveError(SaveReason.NOT_JSON, problem="syntax") from None
    _check_values(value, max_depth)
    return value


def check_header(d: Any, formats: Collection[str], version: int) -> str:
    """The ``"format"`` of the object ``d`` if it is one of ``formats`` with ``version``.

    ``True`` is not the version 1, though Python compares them equal.

    >>> check_header({"format": "x/game", "version": 1}, ["x/game"], 1)
    'x/game'
    >>> check_header({"format": "x/game", "version": True}, ["x/game"], 1)
    Traceback (most recent call last):
    ...
    skipbo_widgets.core.errors.SaveError: save_bad_version(supported=[1], version=None)
    """
    found = d.get("format") if isinstance(d, dict) else None
    if not isinstance(found, str) or found not in formats:
        shown = found[:40] if isinstance(found, str) else None
        expected = next(iter(formats)) if len(formats) == 1 else sorted(formats)
        raise SaveError(SaveReason.BAD_FORMAT, format=shown, expected=expected)
    written = d.get("version")
    is_int = type(written) is int
    if not is_int or written != version:
        raise SaveError(SaveReason.BAD_VERSION, version=written if is_int else None,
                        supported=[version])
    return found


def _no_constant(name: str) -> Any:
    raise ValueError(name)  # NaN and Infinity are not JSON


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    d: dict[str, Any] = {}
    for key, value in pairs:
        if key in d:
            raise SaveError(SaveReason.BAD_FIELD, field=_shown(key), problem="duplicate")
        d[key] = value
    return d


def _shown(key: str) -> str:
    """A key short and safe enough to put into a message (it may hold an escaped surrogate)."""
    return _SURROGATE.sub("\ufffd", key[:40])


def _check_values(value: Any, max_depth: int) -> None:
    """Depth, and the text an escape such as ``\\ud800`` slipped past the first check."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                raise SaveError(SaveReason.BAD_TEXT, problem="surrogate")
        elif isinstance(item, (dict, list)):
            if depth > max_depth:
                raise SaveError(SaveReason.NOT_JSON, problem="depth", max=max_depth)
            children = [*item, *item.values()] if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
