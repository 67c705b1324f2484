"""Skyjo's hints and turn reviews in the learner's language, the places said in words.

The bots give reason codes whose parameters name places in notation
(``b2``, column ``c``, moves like ``take b2``): the learner never reads those
on the table. Here a place becomes the words the table shows it by (its row
and column: "in the top row, column 2"), a column its number from the left,
and a move a sentence with its card ("take the 3 from the discard pile and put
it in the top row, column 2"); at the second step of the ladder the place is
also lit up on the table.

>>> from skipbo_widgets.skyjo.engine import Move, Round
>>> obs = Round.new(seed=2).observe(0)
>>> place_words("b1", "en"), move_words(Move.parse("reveal c3"), obs, "de")
('in the top row, column 2', 'Deck deine Karte in der unteren Reihe, Spalte 3, auf')
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

from ...i18n import t
from ...skyjo.bots import Hint, hint, review_turn
from ...skyjo.bots.explain import Explain, Reason, message_key
from ...skyjo.engine import Move, Observation, place_text
from ...skyjo.engine.rules import ROWS
from ..table.coach import Ladder, hint_box, review_box
from .places import PLACES, place_words

#: Each column's letter and its number.
_COLUMNS = {text[0]: p // ROWS for text, p in PLACES.items()}


def move_words(move: Move, obs: Observation, lang: str) -> str:
    """A move as something to do, with the card it moves (seen in ``obs``, just before)."""
    card = obs.drawn if move.kind in ("swap", "drop") else obs.discard_top
    place = "" if move.kind == "draw" else place_words(place_text(move.place), lang)
    return t(f"skyjo.move.{move.kind}", lang, value=card, place=place)


def reason_text(obs: Observation, reason: Reason, *, lang: str, names: Sequence[str]) -> str:
    """One reason as a sentence, every place and move in words."""
    code, params = reason
    words: dict[str, Any] = dict(params)
    if isinstance(words.get("place"), str):
        words["place"] = place_words(words["place"], lang)
    if isinstance(words.get("column"), str):
        words["column"] = _COLUMNS[words["column"]] + 1
    for name in ("move", "best"):
        if isinstance(words.get(name), str):
            words[name] = move_words(Move.parse(words[name]), obs, lang)
    return t(message_key(code), lang, names=list(names), **words)


def step_title(found: Hint, level: int) -> str:
    """The key of a ladder step's title, fitting its advice: "Which pile?" for a draw,
    "Which card to turn?" for a reveal; step 3 is "Why?"."""
    if level == 2:
        return f"hint.skyjo.level.2.{found.move.kind}"
    return "hint.skyjo.level.3" if level == 3 else f"hint.level.{level}"


def _no_totals() -> Sequence[int] | None:
    return None


class SkyjoCoach(Ladder[Hint]):
    """The hint ladder for the learner's position (1: where to look; 2: the move, lit up
    on the table; 3: why), each step saying something the step before did not; in a
    match, each seat's total before the round is ``totals()`` (``None``: a single round)."""

    def __init__(self, totals: Callable[[], Sequence[int] | None] = _no_totals) -> None:
        super().__init__()
        self.totals = totals

    def hint_html(self, obs: Observation, position: object, *, lang: str,
                  names: Sequence[str]) -> tuple[str, Move | None]:
        found, level = self.climb(position, lambda: hint(obs, self.totals()))
        return self._html(obs, found, level, lang=lang, names=names), \
            found.move if level >= 2 else None

    @staticmethod
    def _html(obs: Observation, found: Hint, level: int, *, lang: str,
              names: Sequence[str]) -> str:
        return hint_box(level, [html.escape(reason_text(obs, r, lang=lang, names=names))
                                for r in found.ladder(level)], lang=lang,
                        title_key=step_title(found, level))


def review_html(steps: Sequence[tuple[Observation, Move]], *, lang: str,
                names: Sequence[str], totals: Sequence[int] | None = None) -> str:
    """The review of a finished turn: its worst move's grade and reasons, said from what
    the learner saw just before that move (in a match whose seats had ``totals`` before
    the round; ``None``: a single round). Nothing for the set-up's two cards: any card is
    as good to turn there, so "Good turn!" would praise a choice that was none (the
    hint's third step says so, if asked)."""
    if all(obs.phase == "setup" for obs, _ in steps):
        return ""
    result = review_turn(steps, totals)
    obs = next(o for o, move in steps if move == result.move)
    return review_box(result.grade, [html.escape(reason_text(obs, r, lang=lang, names=names))
                                     for r in result.reasons
                                     if r[0] is not Explain.GOOD],  # the title says so
                      lang=lang)
