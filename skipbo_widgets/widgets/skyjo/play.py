"""Skyjo on the game screen (:class:`~..table.play.GamePlay`): bots, coach, log, scoreboard, end.

The scoreboard (test id ``round-scores``) has a column per finished round and
the totals; the player who ended a round is marked, and so is a round whose
score counted double. The lowest total wins once someone has 100 (``SJ-GAME-END``).

In a game to 100 the screen plays with :meth:`SkyjoPlay.in_match`: its computer
players, the learner's hints and turn reviews weigh each seat's total before the
round (:func:`totals_before_round`, as :func:`~skipbo_widgets.skyjo.bots.play_match`
gives them), so that a round which may end the game is played for the game. A
single round has none (``None``), and plays as a round alone.

>>> match = Match(seed=3)
>>> match.scores[:] = [40, 92]
>>> play = SKYJO_PLAY.in_match(match, whole=True)
>>> play.totals(), SKYJO_PLAY.in_match(match, whole=False).totals()
((40, 92), None)
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...skyjo.bots import Bot, make_bot
from ...skyjo.engine import Match, Move, Observation, Outcome, Round
from ..table.play import GamePlay, PlaysInMatch
from .coach import SkyjoCoach, review_html
from .log import SkyjoLog

#: What marks the player who ended a round, and a score that was doubled.
ENDER_MARK, DOUBLED_MARK = "*", "\u00d72"


Totals = tuple[int, ...] | None


def totals_before_round(match: Match) -> tuple[int, ...]:
    """Each seat's total before the round on the table: the score sheet, without the
    round's own points once it is scored."""
    if not match.scored:
        return tuple(match.scores)
    last = match.round_points(match.results[-1])
    return tuple(total - points for total, points in zip(match.scores, last, strict=True))


@dataclass(frozen=True)
class MatchBot:
    """A computer player of the app: ``bot``, choosing from its seat's observation and
    the match's totals before the round (``totals()``, read at each move)."""

    bot: Bot
    totals: Callable[[], Totals]

    @property
    def name(self) -> str:
        return self.bot.name

    def choose_move(self, obs: Observation) -> Move:
        return self.bot.choose_move(obs, self.totals())


class SkyjoPlay:
    """Skyjo's game screen object; ``match``: the game to 100 whose totals its bots,
    hints and reviews weigh (``None``: a single round, or no match known)."""

    id = "skyjo"

    def __init__(self, match: Match | None = None) -> None:
        self.match = match

    def in_match(self, match: Match, *, whole: bool) -> SkyjoPlay:
        return SkyjoPlay(match if whole else None)

    def totals(self) -> Totals:
        """Each seat's total before the round on the table (``None``: a single round)."""
        return None if self.match is None else totals_before_round(self.match)

    def bots(self, levels: Sequence[str], seed: object) -> dict[int, MatchBot]:
        # Skyjo's bots draw on no chance: the same position gives the same move.
        return {seat: MatchBot(make_bot(level), self.totals)
                for seat, level in enumerate(levels, start=1)}

    def new_log(self, game: Round, *, lang: str, names: Sequence[str]) -> SkyjoLog:
        log = SkyjoLog(me=0, lang=lang, names=names)
        log.rebuild(game.events)
        return log

    def new_coach(self) -> SkyjoCoach:
        return SkyjoCoach(self.totals)

    def review_html(self, steps: Sequence[tuple[Observation, Move]], *, lang: str,
                    names: Sequence[str]) -> str:
        return review_html(steps, lang=lang, names=names, totals=self.totals())

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
_IN_MATCH: PlaysInMatch = SKYJO_PLAY
