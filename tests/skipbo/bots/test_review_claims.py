"""The review's claims about the next player and the discard are true on real positions.

The learner's turns are played by the beginner and medium bots (which make
the mistakes a review is for); each claim is checked on the real game.
"""

from __future__ import annotations

import pytest
from bot_positions import TABLES, decision_points

from skipbo_widgets.skipbo.bots import Explain, evaluate_line, make_bot, review_segment
from skipbo_widgets.skipbo.engine import WILD, Game, Move, Observation, observe

TOP = 12


def _learner_turn(game: Game, obs: Observation, level: str, seed: str) -> list[Move]:
    """The moves a bot makes for the rest of its turn, on a copy of the real game."""
    trial = game.copy()
    bot = make_bot(level, seed=seed)
    seat, moves = obs.seat, []
    while trial.outcome is None and trial.current == seat:
        move = bot.choose_move(observe(trial, seat))
        trial.push(move, by=seat)
        moves.append(move)
    return moves


def _played(game: Game, moves: list[Move] | tuple[Move, ...], seat: int) -> Game:
    trial = game.copy()
    for move in moves:
        trial.push(move, by=seat)
    return trial


def _reaches(needs: list[int], piles: list[list[int]], target: int) -> bool:
    """Can the discard piles alone (tops, then the cards under them, a SKIP-BO card as
    anything) bring some building pile to need ``target``? Every order is tried."""
    if target in needs:
        return True
    for d, pile in enumerate(piles):
        if not pile:
            continue
        card = pile[-1]
        for b, need in enumerate(needs):
            if card not in (WILD, need):
                continue
            rest = [p[:-1] if i == d else p for i, p in enumerate(piles)]
            after = [*needs[:b], need % TOP + 1, *needs[b + 1:]]
            if _reaches(after, rest, target):
                return True
    return False


def _needs(game: Game) -> list[int]:
    return [len(p) + 1 for p in game.building]


@pytest.mark.slow
def test_gave_next_and_poor_discard_are_true_on_real_positions() -> None:
    seen = {Explain.GAVE_NEXT: 0, Explain.POOR_DISCARD: 0}
    reviews = 0
    for k in range(3):
        for rules, levels in TABLES[:3]:
            for game, obs in decision_points(rules, levels, seed=f"review-claims/{k}",
                                             limit=400):
                seat = obs.seat
                for level in ("beginner", "medium"):
                    moves = _learner_turn(game, obs, level, seed=f"{k}/{obs.turn}")
                    review, used = review_segment(obs, moves)
                    reviews += 1
                    mine = moves[:used]
                    for code, p in review.reasons:
                        if code is Explain.GAVE_NEXT:
                            seen[code] += 1
                            nxt = (seat + 1) % rules.players
                            assert p["seat"] == nxt
                            assert rules.team(nxt) != rules.team(seat)
                            assert mine[-1].is_discard or mine[-1].is_end
                            after = _played(game, mine, seat)
                            assert after.stocks[nxt][-1] == p["needs"] != WILD
                            assert _reaches(_needs(after), after.discards[nxt], p["needs"])
                            best = _played(game, review.best, seat)
                            assert not _reaches(_needs(best), best.discards[nxt], p["needs"])
                        elif code is Explain.POOR_DISCARD:
                            seen[code] += 1
                            last = mine[-1]
                            assert last.is_discard and (last.index, last.pile) == (
                                p["card"], p["pile"])
                            mine_value = evaluate_line(obs, mine)[0].value
                            before = _played(game, mine[:-1], seat)
                            others = [m for m in before.legal_moves() if m.is_discard]
                            better = max(evaluate_line(obs, [*mine[:-1], m])[0].value
                                         for m in others)
                            assert better > mine_value + 1.0
    assert reviews >= 1000
    # both claims were really made, not skipped
    assert seen[Explain.GAVE_NEXT] >= 10 and seen[Explain.POOR_DISCARD] >= 50, seen
