"""Skyjo in demo mode (:class:`~..demo.DemoGame`): its bots, and their moves and a class's
guess told in words.

The reasons are the hints' and the review's own
(:mod:`skipbo_widgets.skyjo.bots.narrate`), worded as the coach words them, every
place said as the table shows it (:func:`.coach.reason_text`); only the frame
around them has ``demo.*`` keys.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from ...i18n import t
from ...skyjo.bots import LEVELS, make_bot
from ...skyjo.bots.explain import Explain
from ...skyjo.bots.narrate import Narration, grade_guess, narrate
from ...skyjo.engine import Move, Observation
from ...skyjo.engine.events import Event
from ..coach import guess_box, narration_box
from .coach import move_words, reason_text
from .log import describe

#: Nobody is "you" in a demo: every seat is a bot, told of by name.
NOBODY = -1


class SkyjoDemo:
    """What a demo of Skyjo needs: the bots' levels and words for their moves."""

    id = "skyjo"
    levels: tuple[str, ...] = LEVELS

    def make_bot(self, level: str, seed: str) -> Any:
        return make_bot(level)  # Skyjo's bots draw on no chance

    def narrate(self, obs: Observation, move: Move, level: str) -> Narration:
        return narrate(obs, move, level)

    def narration_html(self, obs: Observation, told: Narration, events: Sequence[Event], *,
                       lang: str, names: Sequence[str]) -> str:
        """The move as the log says it, then why: the hint's words when the bot plays the
        hint's move, else what its own move gives away and the hint's move with its why."""
        said = [line[0] for e in events
                if (line := describe(e, me=NOBODY, lang=lang, names=names)) is not None]
        player = told.seat

        def reasons(found: Sequence[Any]) -> list[str]:
            return [f'<div class="sb-reason">{_words(obs, r, lang, names)}</div>' for r in found]

        parts = [f'<div class="sb-demo-move">{html.escape(" ".join(said))}</div>']
        if told.follows_hint:
            parts.append(_p(t("demo.why_hint", lang, player=player, names=names)))
            parts += reasons(told.reasons)
        else:
            for key, found in ((f"demo.skyjo.own_way.{told.level}", ()),
                               ("demo.skyjo.review", told.reasons),
                               ("demo.skyjo.hint_move", told.hint_reasons)):
                parts.append(_p(t(key, lang, player=player, names=names)))
                parts += reasons(found)
        return narration_box(told, parts)

    def guess_html(self, obs: Observation, guess: Move, *, lang: str,
                   names: Sequence[str]) -> str:
        """The class's guess graded like a turn review: a grade and the review's reasons."""
        review = grade_guess(obs, guess)
        return guess_box(review.grade, t("demo.guess_was", lang, move=move_words(guess, obs, lang)),
                         [_words(obs, r, lang, names) for r in review.reasons
                          if r[0] is not Explain.GOOD],  # the grade says so
                         lang=lang)


def _words(obs: Observation, reason: Any, lang: str, names: Sequence[str]) -> str:
    return html.escape(reason_text(obs, reason, lang=lang, names=names))


def _p(text: str) -> str:
    return f"<p>{html.escape(text)}</p>"


SKYJO_DEMO = SkyjoDemo()
