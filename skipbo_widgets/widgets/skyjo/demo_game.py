"""Skyjo in demo mode (:class:`~..shell.demo.DemoGame`): its bots, and their moves and a class's
guess told in words.

The reasons are the hints' and the review's own
(:mod:`skipbo_widgets.skyjo.bots.narrate`), worded as the coach words them, every
place said as the table shows it (:func:`.coach.reason_text`); only the frame
around them has ``demo.*`` keys. The bots, the narration and the graded guess all
weigh the same ``totals`` (each seat's total before the round, as in a game to 100):
the app's demo plays a single round, so it has none (``None``).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ...i18n import t
from ...skyjo.bots import LEVELS, make_bot, review_turn
from ...skyjo.bots.explain import Explain
from ...skyjo.bots.narrate import Narration, grade_guess, narrate
from ...skyjo.engine import Move, Observation
from ...skyjo.engine.events import Event
from ..table.coach import guess_box, narration_box
from ..table.log import NOBODY
from .coach import move_words, reason_text
from .log import describe
from .play import MatchBot
from .view import phase_label, result_view


@dataclass(frozen=True)
class SkyjoDemo:
    """What a demo of Skyjo needs: the bots' levels and words for their moves, in a match
    whose seats had ``totals`` before the round (``None``: a single round)."""

    totals: tuple[int, ...] | None = None
    id = "skyjo"
    levels: tuple[str, ...] = LEVELS

    def make_bot(self, level: str, seed: str) -> MatchBot:
        # Skyjo's bots draw on no chance; they weigh the totals the narration weighs.
        return MatchBot(make_bot(level), lambda: self.totals)

    def narrate(self, obs: Observation, move: Move, level: str) -> Narration:
        return narrate(obs, move, level, self.totals)

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

    def guess_html(self, steps: Sequence[tuple[Observation, Move]], *, lang: str,
                   names: Sequence[str], taken_back: bool = False) -> str:
        """The class's guess, a whole turn (a take, or a draw and where the card went),
        graded like a turn review: its worst move's grade and reasons, said from what the
        seat saw before that move. ``taken_back``: the class drew, the bot did not."""
        review = review_turn(steps, self.totals) if len(steps) > 1 \
            else grade_guess(*steps[0], self.totals)
        seen = next(o for o, move in steps if move == review.move)
        last_obs, last = steps[-1]  # a swap or drop says the drawn card: the whole guess
        reasons = [_words(seen, r, lang, names) for r in review.reasons
                   if r[0] is not Explain.GOOD]  # the grade says so
        if taken_back:
            reasons.append(html.escape(t("demo.skyjo.draw_taken_back", lang,
                                         player=last_obs.seat, value=last_obs.drawn,
                                         names=names)))
        return guess_box(review.grade,
                         t("demo.guess_was", lang, move=move_words(last, last_obs, lang)),
                         reasons, lang=lang)

    def rest_of_guess(self, move: Move) -> str | None:
        """After a guessed draw the class sees the card and says where it goes."""
        return "demo.skyjo.guess_place" if move.kind == "draw" else None

    def retell(self, view: dict[str, Any], obs: Observation, *, tr: Callable[..., str],
               names: Sequence[str]) -> dict[str, Any]:
        """The seat to move told of by name: "Mia ist dran", "Auslage von Mia", "Von Mia
        gezogene Karte", "Mia hat die Runde beendet"."""
        nobody = replace(obs, seat=NOBODY)
        players = [{**p, "grid_label": tr("skyjo.table.grid", player=p["seat"], names=names)}
                   for p in view["players"]]
        told = {**view, "phase_label": phase_label(nobody, tr=tr, names=names),
                "players": players, "result": result_view(nobody, tr=tr, names=names)}
        if obs.drawn is not None:
            told["drawn_label"] = tr("demo.skyjo.drawn", player=obs.seat, value=obs.drawn,
                                     names=names)
        return told


def _words(obs: Observation, reason: Any, lang: str, names: Sequence[str]) -> str:
    return html.escape(reason_text(obs, reason, lang=lang, names=names))


def _p(text: str) -> str:
    return f"<p>{html.escape(text)}</p>"


SKYJO_DEMO = SkyjoDemo()
