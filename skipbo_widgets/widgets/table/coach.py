"""What every game's coach shares: the hint ladder (a nudge, the move, then why) and the
boxes in which hints, turn reviews, a demo's narration and a class's guess are shown.

Each game words its own reasons: Skip-Bo's coach is ``widgets/skipbo/coach.py``,
Skyjo's ``widgets/skyjo/coach.py``.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from ...i18n import t

LADDER_TOP = 3
HintT = TypeVar("HintT")


class Ladder(Generic[HintT]):
    """Where the learner is on the hint ladder of a position (every game's coach)."""

    def __init__(self) -> None:
        self.level = 0
        self._position: object = None
        self._hint: HintT | None = None

    def climb(self, position: object, find: Callable[[], HintT]) -> tuple[HintT, int]:
        """The position's hint (``find()`` for a new position) and the next ladder level
        (1, 2, 3, then 3 again); ``position`` identifies the position."""
        if position != self._position or self._hint is None:
            self._position = position
            self._hint = find()
            self.level = 0
        self.level = min(self.level + 1, LADDER_TOP)
        return self._hint, self.level

    def shown_html(self, obs: Any, *, lang: str, names: Sequence[str]) -> str:
        """The hint last shown, at the same step of the ladder (after a language switch)."""
        if self._hint is None or not self.level:
            return ""
        return self._html(obs, self._hint, self.level, lang=lang, names=names)

    @staticmethod
    def _html(obs: Any, found: HintT, level: int, *, lang: str,
              names: Sequence[str]) -> str:
        """A step of this game's ladder as HTML."""
        raise NotImplementedError


def hint_box(level: int, reasons: Sequence[str], *, lang: str, title_key: str = "") -> str:
    """A step of the hint ladder: its title (``title_key``, by default the step's own),
    its reasons (HTML), and "ask again" below the top step (every game's hints look
    alike)."""
    body = "".join(f'<div class="sb-reason">{reason}</div>' for reason in reasons)
    title = html.escape(t(title_key or f"hint.level.{level}", lang))
    more = f'<div class="sb-more">{html.escape(t("hint.more", lang))}</div>' \
        if level < LADDER_TOP else ""
    return (f'<div class="sb-box sb-box-hint" data-testid="hint-box" data-level="{level}">'
            f"<b>{title}</b>{body}{more}</div>")


def review_box(grade: str, reasons: Sequence[str], *, lang: str) -> str:
    """A turn's review: its grade and its reasons (HTML)."""
    title = html.escape(t(f"review.{grade}", lang))
    body = "".join(f"<li>{reason}</li>" for reason in reasons)
    return (f'<div class="sb-box sb-box-review-{grade}" data-testid="review" '
            f'data-grade="{grade}"><b>{title}</b><ul>{body}</ul></div>')


def narration_box(told: Any, parts: Sequence[str]) -> str:
    """A demo move told (HTML ``parts``), with its move, reason codes and whether it was
    the hint's move on the box for the page and the tests."""
    codes = " ".join(code.value for code, _ in told.reasons)
    return (f'<div class="sb-box sb-box-narration" data-testid="demo-narration" '
            f'data-move="{html.escape(str(told.move))}" data-reasons="{codes}" '
            f'data-follows-hint="{str(told.follows_hint).lower()}">{"".join(parts)}</div>')


def guess_box(grade: str, title: str, reasons: Sequence[str], *, lang: str) -> str:
    """The class's guess in a demo, graded like a turn review (``reasons``: HTML)."""
    body = "".join(f"<li>{reason}</li>" for reason in reasons)
    return (f'<div class="sb-box sb-box-review-{grade}" '
            f'data-testid="demo-guess-result" data-grade="{grade}">'
            f"<div>{html.escape(title)}</div><b>{html.escape(t(f'review.{grade}', lang))}</b>"
            f"<ul>{body}</ul></div>")
