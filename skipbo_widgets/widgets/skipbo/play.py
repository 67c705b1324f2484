"""Skip-Bo on the game screen (:class:`~..table.play.GamePlay`): its bots, coach, log and score."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

from ...skipbo.bots import Bot, make_bot
from ...skipbo.engine import Game, Match, Move, Observation
from ..table.play import GamePlay
from .coach import Coach
from .log import SkipBoLog


class SkipBoPlay:
    id = "skipbo"

    def bots(self, levels: Sequence[str], seed: object) -> dict[int, Bot]:
        return {seat: make_bot(level, seed=f"{seed}/{seat}")
                for seat, level in enumerate(levels, start=1)}

    def new_log(self, game: Game, *, lang: str, names: Sequence[str]) -> SkipBoLog:
        log = SkipBoLog(me=0, lang=lang, names=names, faces=game.rules.faces)
        log.rebuild(game.events)
        return log

    def new_coach(self) -> Coach:
        return Coach()

    def review_html(self, steps: Sequence[tuple[Observation, Move]], *, lang: str,
                    names: Sequence[str]) -> str:
        return Coach.review_html(steps, lang=lang, names=names)

    def score_html(self, match: Match, *, whole: bool, tr: Callable[..., str]) -> str:
        if not whole:
            return ""
        rows = []
        for side, seats in enumerate(match.sides):
            who = html.escape(tr("score.side", player=seats))
            rows.append(f"<tr><td>{who}</td><td>{match.scores[side]}</td></tr>")
        title = html.escape(tr("score.title", target=match.target))
        return (f'<table class="sb-score" data-testid="scoreboard"><caption>{title}</caption>'
                f'{"".join(rows)}</table>')

    def end_text(self, game: Game, *, tr: Callable[..., str], me: int = 0) -> str:
        outcome = game.outcome
        if outcome is None:
            return ""
        if outcome.is_draw:
            return tr("ui.game_drawn")
        if me in outcome.winners:
            key = "end.you_won" if len(outcome.winners) == 1 else "end.you_won_team"
        else:
            key = "ui.game_won_team" if len(outcome.winners) > 1 else "ui.game_won"
        return tr(key, winner=outcome.winners, points=outcome.points)

    def winners(self, match: Match) -> list[int]:
        return [seat for side in match.leaders for seat in match.sides[side]]

    def match_won(self, match: Match, leaders: list[int], *, tr: Callable[..., str],
                  me: int = 0) -> str:
        if me not in leaders:
            return tr("end.match_won", winner=leaders)
        return tr("end.match_you_won" if len(leaders) == 1 else "end.match_team_won")


SKIPBO_PLAY = SkipBoPlay()
_CHECKED: GamePlay[Game, Observation, Move] = SKIPBO_PLAY  # mypy holds it to the protocol


