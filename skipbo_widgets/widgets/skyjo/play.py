"""Skyjo on the game screen (:class:`~..table.play.GamePlay`): bots, coach, log, scoreboard, end.

The scoreboard (test id ``round-scores``) has a column per finished round and
the totals; the player who ended a round is marked, and so is a round whose
score counted double. The lowest total wins once someone has 100 (``SJ-GAME-END``).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

from ...skyjo.bots import Bot, make_bot
from ...skyjo.engine import Match, Move, Observation, Outcome, Round
from ..table.play import GamePlay
from .coach import SkyjoCoach, review_html
from .log import SkyjoLog

#: What marks the player who ended a round, and a score that was doubled.
ENDER_MARK, DOUBLED_MARK = "*", "\u00d72"


class SkyjoPlay:
    id = "skyjo"

    def bots(self, levels: Sequence[str], seed: object) -> dict[int, Bot]:
        # Skyjo's bots draw on no chance: the same position gives the same move.
        return {seat: make_bot(level) for seat, level in enumerate(levels, start=1)}

    def new_log(self, game: Round, *, lang: str, names: Sequence[str]) -> SkyjoLog:
        log = SkyjoLog(me=0, lang=lang, names=names)
        log.rebuild(game.events)
        return log

    def new_coach(self) -> SkyjoCoach:
        return SkyjoCoach()

    def review_html(self, steps: Sequence[tuple[Observation, Move]], *, lang: str,
                    names: Sequence[str]) -> str:
        return review_html(steps, lang=lang, names=names)

    def score_html(self, match: Match, *, whole: bool, tr: Callable[..., str]) -> str:
        results: list[Outcome] = match.results
        head = "".join(f"<th>{i}</th>" for i in range(1, len(results) + 1))
        rows = []
        for seat in range(match.rules.players):
            cells = "".join(f"<td>{_cell(outcome, seat)}</td>" for outcome in results)
            rows.append(f"<tr><th>{html.escape(tr('score.side', player=seat))}</th>{cells}"
                        f"<td><b>{match.scores[seat]}</b></td></tr>")
        title = tr("score.skyjo.title", target=match.target) if whole \
            else tr("score.skyjo.title_round")
        legend = tr("score.skyjo.legend", ender=ENDER_MARK, doubled=DOUBLED_MARK)
        total = html.escape(tr("score.skyjo.total"))
        # The heading above the table, not its caption: a caption is as wide as the
        # table and scrolls (and is cut) with it.
        return (f'<div class="sb-score-title">{html.escape(title)}</div>'
                f'<div class="sb-score-scroll"><table class="sb-score sb-skyjo-score" '
                f'data-testid="round-scores">'
                f"<tr><th></th>{head}<th>{total}</th></tr>{''.join(rows)}</table></div>"
                f'<div class="sb-note">{html.escape(legend)}</div>')

    def end_text(self, game: Round, *, tr: Callable[..., str], me: int = 0) -> str:
        outcome = game.outcome
        if outcome is None:
            return ""
        lowest = list(outcome.lowest)
        points = outcome.scores[lowest[0]]
        if me in lowest:
            key = "end.skyjo.round_you" if len(lowest) == 1 else "end.skyjo.round_you_shared"
        else:
            key = "end.skyjo.round"
        return tr(key, winner=lowest, points=points)

    def winners(self, match: Match) -> list[int]:
        return match.leaders

    def match_won(self, match: Match, leaders: list[int], *, tr: Callable[..., str],
                  me: int = 0) -> str:
        points = match.scores[leaders[0]]
        if me not in leaders:
            return tr("end.skyjo.match_won", winner=leaders, points=points)
        key = "end.skyjo.match_you_won" if len(leaders) == 1 else "end.skyjo.match_you_shared"
        return tr(key, points=points)


def _cell(outcome: Outcome, seat: int) -> str:
    """A round's score; the ender's marked, and a doubled score with its sum ("12x2=24*")."""
    score = outcome.scores[seat]
    if seat != outcome.ender:
        return str(score)
    if outcome.doubled:
        return f"{score // 2}{DOUBLED_MARK}={score}{ENDER_MARK}"
    return f"{score}{ENDER_MARK}"


SKYJO_PLAY = SkyjoPlay()
_CHECKED: GamePlay[Round, Observation, Move] = SKYJO_PLAY  # mypy holds it to the protocol
