"""Hints and turn reviews in the learner's language.

The bots produce reason codes with parameters (:class:`~skipbo_widgets.skipbo.bots.Explain`);
this module turns them into sentences with the message keys ``explain.<code>``
and describes the moves of a plan with ``plan.<source>`` keys.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from ..i18n import t
from ..skipbo.bots import Explain, Hint, Reason, Review, hint, review_turn
from ..skipbo.engine import END_MOVE, Move, Observation
from ..skipbo.engine.cards import Card

LADDER_TOP = 3
HintT = TypeVar("HintT")


def plan_sentences(obs: Observation, moves: Sequence[Move], *, lang: str,
                   names: Sequence[str]) -> list[str]:
    """One sentence per move, with the card each move takes at that point of the plan."""
    faces = obs.rules.faces
    piles = {(seat, i): list(p) for seat, v in enumerate(obs.seats)
             for i, p in enumerate(v.discards)}
    sentences = []
    for move in moves:
        if move == END_MOVE or move.is_end:
            sentences.append(t("plan.end", lang))
            continue
        owner = obs.partner if move.partner and obs.partner is not None else obs.seat
        card: Card | None
        if move.source == "s":
            card = obs.seats[owner].stock_top
        elif move.source == "d":
            pile = piles[(owner, move.index)]
            card = pile.pop() if pile else None
        else:
            card = move.index
        if move.is_discard:
            key = "plan.discard"
        else:
            key = "plan." + ("p" if move.partner else "") + move.source
        sentences.append(t(key, lang, names=names, faces=faces, card=card, pile=move.pile,
                           from_pile=move.index + 1, partner=names[owner]))
    return sentences


def reason_html(obs: Observation, reason: Reason, *, lang: str, names: Sequence[str]) -> str:
    """One reason as HTML: a sentence, or a heading and a numbered plan."""
    code, params = reason
    if code in (Explain.PLAN, Explain.BETTER_PLAN):
        moves = [Move.parse(text) for text in params.get("moves", [])]
        items = "".join(f"<li>{html.escape(s)}</li>"
                        for s in plan_sentences(obs, moves, lang=lang, names=names))
        return f"{html.escape(t(f'explain.{code.value}', lang))}<ol>{items}</ol>"
    if code is Explain.MOVE_CARD:
        move = Move.parse(params["move"]) if params.get("move") else END_MOVE
        sentence = plan_sentences(obs, [move], lang=lang, names=names)[0]
        return html.escape(t("explain.move_card", lang, move=sentence))
    text = t(f"explain.{code.value}", lang, names=names, faces=obs.rules.faces, **params)
    return html.escape(text)


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


class Coach(Ladder[Hint]):
    """The hint ladder for the current position, and the review of each finished turn."""

    def next_hint(self, obs: Observation, position: object) -> tuple[Hint, int]:
        """The hint for ``obs`` and the next ladder level (1, 2, 3, then 3 again).

        ``position`` identifies the position: a new one starts the ladder again.
        """
        return self.climb(position, lambda: hint(obs))

    def hint_html(self, obs: Observation, position: object, *, lang: str,
                  names: Sequence[str]) -> tuple[str, Move | None]:
        """The next hint as HTML, and the move to highlight on the table (from level 2)."""
        found, level = self.next_hint(obs, position)
        return self._html(obs, found, level, lang=lang, names=names), \
            found.plan[0] if level >= 2 and found.plan else None

    def shown_html(self, obs: Observation, *, lang: str, names: Sequence[str]) -> str:
        """The hint last shown, at the same step of the ladder (after a language switch)."""
        if self._hint is None or not self.level:
            return ""
        return self._html(obs, self._hint, self.level, lang=lang, names=names)

    @staticmethod
    def _html(obs: Observation, found: Hint, level: int, *, lang: str,
              names: Sequence[str]) -> str:
        return hint_box(level, [reason_html(obs, r, lang=lang, names=names)
                                for r in found.ladder(level)], lang=lang)

    @staticmethod
    def review(steps: Sequence[tuple[Observation, Move]]) -> Review:
        return review_turn(steps)

    @staticmethod
    def review_html(steps: Sequence[tuple[Observation, Move]], *, lang: str,
                    names: Sequence[str]) -> str:
        """The review of a finished turn as HTML (a grade and its reasons)."""
        result = review_turn(steps)
        obs = steps[result.start][0]
        return review_box(result.grade, [reason_html(obs, r, lang=lang, names=names)
                                         for r in result.reasons], lang=lang)


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
