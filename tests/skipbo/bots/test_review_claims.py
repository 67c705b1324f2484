"""The review's claims about the next player and the discard are true on real positions.

The learner's turns are played by the beginner and medium bots (which make
the mistakes a review is for); each claim is checked on the real game.
"""

from __future__ import annotations

from typing import Any

import pytest
from bot_positions import TABLES, decision_points

from skipbo_widgets.skipbo.bots import Explain, evaluate_line, make_bot, review_segment
from skipbo_widgets.skipbo.engine import WILD, Game, Move, Observation, observe
from skipbo_widgets.skipbo.engine.events import Drew, Played

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


def _replayed(game: Game, moves: list[Move] | tuple[Move, ...],
              seat: int) -> tuple[Game, list[Any]]:
    trial = game.copy()
    events: list[Any] = []
    for move in moves:
        events += trial.push(move, by=seat)
    return trial, events


def _stock_cards(game: Game, seat: int) -> int:
    """Cards in the stock piles of the seat's side (its own and a partner's)."""
    return sum(len(game.stocks[s]) for s in range(game.rules.players)
               if game.rules.team(s) == game.rules.team(seat))


@pytest.mark.slow
def test_what_a_review_says_was_missed_is_counted_again_on_the_real_game() -> None:
    """"You could have played 2 more stock cards", "you could have won", "you could have
    played your whole hand", "one SKIP-BO card more than you needed": each recounted by
    playing the learner's moves and the best plan on copies of the real game."""
    seen: dict[Explain, int] = dict.fromkeys(
        (Explain.MISSED_STOCK, Explain.MISSED_WIN, Explain.MISSED_REFILL,
         Explain.WASTED_WILD), 0)
    for k in range(2):
        for rules, levels in TABLES[:3]:
            for game, obs in decision_points(rules, levels, seed=f"missed/{k}", limit=300):
                seat = obs.seat
                for level in ("beginner", "medium"):
                    moves = _learner_turn(game, obs, level, seed=f"{k}/{obs.turn}")
                    review, used = review_segment(obs, moves)
                    codes = {code: p for code, p in review.reasons}
                    if not set(codes) & set(seen):
                        continue
                    mine, mine_events = _replayed(game, moves[:used], seat)
                    best, best_events = _replayed(game, review.best, seat)
                    won = [g.outcome is not None and seat in g.outcome.winners
                           for g in (mine, best)]
                    if Explain.MISSED_WIN in codes:
                        seen[Explain.MISSED_WIN] += 1
                        assert won == [False, True]
                    if Explain.MISSED_STOCK in codes:
                        seen[Explain.MISSED_STOCK] += 1
                        assert codes[Explain.MISSED_STOCK]["count"] == (
                            _stock_cards(mine, seat) - _stock_cards(best, seat)) > 0
                    if Explain.MISSED_REFILL in codes:
                        seen[Explain.MISSED_REFILL] += 1
                        refilled = [any(isinstance(e, Drew) and e.empty_hand and e.seat == seat
                                        for e in evs) for evs in (mine_events, best_events)]
                        assert refilled == [False, True]
                    if Explain.WASTED_WILD in codes:
                        seen[Explain.WASTED_WILD] += 1
                        wilds = [sum(isinstance(e, Played) and e.card == WILD for e in evs)
                                 for evs in (mine_events, best_events)]
                        assert codes[Explain.WASTED_WILD]["count"] == wilds[0] - wilds[1] > 0
    # every claim was really made, so each check above has run
    assert min(seen.values()) >= 1 and seen[Explain.MISSED_STOCK] >= 50, seen
