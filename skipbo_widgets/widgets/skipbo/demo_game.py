"""Skip-Bo in demo mode: its bots, and their moves and a class's guess told in words.

The reasons are the hints' own (:mod:`skipbo_widgets.skipbo.bots.narrate`), worded
with the hints' texts; only the frame around them has ``demo.*`` keys.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

from ...i18n import t
from ...skipbo.bots import LEVELS, Bot, make_bot
from ...skipbo.bots.narrate import Narration, grade_guess, narrate
from ...skipbo.engine import Move, Observation
from ...skipbo.engine.events import Event
from ..table.coach import guess_box, narration_box
from ..table.log import NOBODY
from .coach import plan_sentences, reason_html
from .log import describe


class SkipBoDemo:
    """What a demo of Skip-Bo needs: the bots' levels and words for their moves."""

    id = "skipbo"
    levels: tuple[str, ...] = LEVELS

    def make_bot(self, level: str, seed: str) -> Bot:
        return make_bot(level, seed=seed)

    def narrate(self, obs: Observation, move: Move, level: str) -> Narration:
        return narrate(obs, move, level)

    def narration_html(self, obs: Observation, told: Narration, events: Sequence[Event], *,
                       lang: str, names: Sequence[str]) -> str:
        """The move as the log says it, then why: the hint's words when the bot follows
        the hint, else what its move does and the plan the hint would have shown."""
        said = [found[0] for e in events
                if (found := describe(e, me=NOBODY, lang=lang, names=names,
                                      faces=obs.rules.faces)) is not None]
        player = told.seat
        parts = [f'<div class="sb-demo-move">{html.escape(" ".join(said))}</div>']
        if told.follows_hint:
            parts.append(_p(t("demo.why_hint", lang, player=player, names=names)))
        else:
            parts.append(_p(t(f"demo.own_way.{told.level}", lang, player=player, names=names)))
            if told.reasons:
                parts.append(_p(t("demo.own_way_reasons", lang, player=player, names=names)))
        parts += [f'<div class="sb-reason">{reason_html(obs, r, lang=lang, names=names)}</div>'
                  for r in told.reasons]
        if not told.follows_hint and told.hint_plan:
            items = "".join(f"<li>{html.escape(s)}</li>" for s in
                            plan_sentences(obs, told.hint_plan, lang=lang, names=names))
            parts.append(_p(t("demo.hint_plan", lang, player=player, names=names))
                         + f"<ol>{items}</ol>")
        return narration_box(told, parts)

    def guess_html(self, steps: Sequence[tuple[Observation, Move]], *, lang: str,
                   names: Sequence[str], taken_back: bool = False) -> str:
        """The class's guess (one move: a Skip-Bo guess is never split) graded like a turn
        review: a grade and the review's reasons."""
        ((obs, guess),) = steps
        review = grade_guess(obs, guess)
        said = plan_sentences(obs, [guess], lang=lang, names=names)[0]
        return guess_box(review.grade, t("demo.guess_was", lang, move=said),
                         [reason_html(obs, r, lang=lang, names=names) for r in review.reasons],
                         lang=lang)


    def rest_of_guess(self, move: Move) -> str | None:
        return None  # the class guesses the turn's first move; the bot plays the rest

    def retell(self, view: dict[str, Any], obs: Observation, *, tr: Callable[..., str],
               names: Sequence[str]) -> dict[str, Any]:
        return view  # the Skip-Bo table's words name no one as "you"


def _p(text: str) -> str:
    return f"<p>{html.escape(text)}</p>"


SKIPBO_DEMO = SkipBoDemo()
