"""Every rule of RULES.md section 2, position in, move, position out."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from skyjo_scenario import SET_UP, play, position

from skipbo_widgets.skyjo.engine import (
    DECK_COUNTS,
    IllegalMove,
    Match,
    Reason,
    Round,
    Rules,
    RulesError,
    from_position,
)
from skipbo_widgets.skyjo.engine import events as ev
from skipbo_widgets.skyjo.engine.cards import full_deck
from skipbo_widgets.skyjo.engine.game import score_round
from skipbo_widgets.skyjo.engine.save import parse_grid


def refused(r: Round, text: str) -> Reason:
    before = r.state_key()
    with pytest.raises(IllegalMove) as caught:
        r.push_text(text)
    assert r.state_key() == before
    return Reason(caught.value.reason)


# -- SJ-DECK, SJ-PLAYERS, SJ-DEAL, SJ-DISCARD-START ----------------------------


@pytest.mark.rule("SJ-DECK")
def test_the_deck_has_150_cards_from_minus_2_to_12() -> None:
    counts = Counter(full_deck())
    assert sum(counts.values()) == 150
    assert counts == Counter({-2: 5, 0: 15, **{v: 10 for v in (-1, *range(1, 13))}})
    assert Round.new(Rules(players=5), seed=1).all_cards() == DECK_COUNTS


@pytest.mark.rule("SJ-PLAYERS")
@pytest.mark.parametrize("players", [0, 1, 9, True, "4", 2.0])
def test_two_to_eight_players(players: object) -> None:
    with pytest.raises(RulesError) as caught:
        Rules(players=players)  # type: ignore[arg-type]
    assert caught.value.reason == Reason.BAD_PLAYER_COUNT
    assert Rules(players=2).players == 2 and Rules(players=8).players == 8


@pytest.mark.rule("SJ-DEAL", "SJ-DISCARD-START")
@pytest.mark.parametrize("players", [2, 8])
def test_twelve_face_down_cards_each_then_one_card_starts_the_discard_pile(players: int) -> None:
    r = Round.new(Rules(players=players), seed=11)
    assert all(len(g) == 12 for g in r.grids) and not any(map(any, r.face_up))
    assert len(r.discard) == 1 and len(r.draw_pile) == 150 - 12 * players - 1
    assert ev.DiscardStarted(r.discard[0]) in r.events
    assert r.phase == "setup" and r.current == 0


@pytest.mark.rule("SJ-DEAL")
def test_each_player_chooses_two_cards_to_turn_in_seat_order() -> None:
    r = Round.new(Rules(players=3), seed=2)
    assert [str(m) for m in r.legal_moves()] == [f"reveal {c}{n}" for c in "abcd" for n in "123"]
    assert refused(r, "draw") == Reason.SETUP_REVEAL
    assert refused(r, "take a1") == Reason.SETUP_REVEAL
    events = play(r, "reveal c2")
    assert events == [ev.Revealed(0, 7, r.grids[0][7], "setup")]  # type: ignore[arg-type]
    assert refused(r, "reveal c2") == Reason.FACE_UP
    assert r.current == 0
    play(r, "reveal a1")
    assert r.current == 1 and r.face_up[0].count(True) == 2
    play(r, "reveal d3", "reveal d2", "reveal a1")
    assert r.phase == "setup" and r.current == 2
    play(r, "reveal b1")
    assert r.phase == "play" and [sum(u) for u in r.face_up] == [2, 2, 2]
    assert refused(r, "reveal c3") == Reason.SETUP_OVER


def _last_setup(sums: tuple[tuple[int, int], ...], starter: int | None = None) -> Round:
    """Seats 0.. with two face-up cards each except the last to turn, who shows one."""
    rows = []
    n = len(sums)
    last = ((starter or 0) - 1) % n
    for seat, (x, y) in enumerate(sums):
        second = f"({y})" if seat == last else str(y)
        rows.append((f"{x} {second} (0) (0)", "(1) (1) (2) (2)", "(3) (3) (4) (4)"))
    return position(*rows, discard=[9], phase="setup", current=last, starter=starter)


@pytest.mark.rule("SJ-FIRST")
@pytest.mark.parametrize(("sums", "first"), [
    (((5, 7), (12, -1), (10, 3)), 2),      # 13 beats 12 and 11
    (((5, 7), (12, 0), (-2, 1)), 0),       # 12 and 12: the first in seat order
    (((0, 0), (-1, 1), (-2, 2)), 0),       # all 0
    (((1, 2), (6, 6), (12, 0)), 1),        # a tie between seats 1 and 2
])
def test_the_highest_two_cards_start_the_first_round(sums: tuple[tuple[int, int], ...],
                                                       first: int) -> None:
    r = _last_setup(sums)
    events = play(r, "reveal b1")
    assert events[-2:] == [ev.FirstChosen(first, tuple(x + y for x, y in sums)),
                           ev.TurnStarted(first, 1)]
    assert r.current == r.first == first and r.phase == "play"


@pytest.mark.rule("SJ-FIRST")
def test_later_rounds_start_with_the_player_who_ended_the_last() -> None:
    r = Round.new(Rules(players=3), seed=5, starter=2)
    assert r.current == 2
    play(r, "reveal a1", "reveal a2")
    assert r.current == 0
    play(r, "reveal a1", "reveal a2", "reveal a1", "reveal a2")
    assert r.phase == "play" and r.current == 2 and r.events[-2] == ev.FirstChosen(2, ())
    with pytest.raises(RulesError):
        Round.new(Rules(players=3), seed=5, starter=3)


# -- SJ-TAKE-DISCARD, SJ-TAKE-DRAW ----------------------------------------------


def _two() -> Round:
    """Turn 1: seat 0 shows 1 + 10, seat 1 shows 3 + 7, so seat 0 starts (SJ-FIRST)."""
    return position(("1 (2) (3) (4)", "(5) (6) (7) (8)", "(9) 10 (11) (12)"), SET_UP,
                    discard=[3, 7], draw_top=[-2, 11])


@pytest.mark.rule("SJ-TAKE-DISCARD")
def test_the_discard_pile_top_replaces_any_card_and_the_old_one_goes_face_up() -> None:
    r = _two()
    assert r.observe(0).me.cards[1] is None  # a2 lies face down: not even its owner knows it
    events = play(r, "take a2")
    assert events[:2] == [ev.Took(0, 7), ev.Replaced(0, 1, 7, 5, False)]
    assert r.grids[0][1] == 7 and r.face_up[0][1] and r.discard == [3, 5]
    assert r.current == 1 and events[-1] == ev.TurnStarted(1, 2)
    play(r, "take a1")  # a face-down card of seat 1 this time; seat 0's 5 is taken
    assert r.grids[1][0] == 5 and r.discard == [3, 1]


@pytest.mark.rule("SJ-TAKE-DISCARD")
def test_a_face_up_card_can_be_replaced_too() -> None:
    r = _two()
    events = play(r, "take a1")
    assert ev.Replaced(0, 0, 7, 1, True) in events and r.discard[-1] == 1


@pytest.mark.rule("SJ-TAKE-DRAW")
def test_a_drawn_card_replaces_a_grid_card() -> None:
    r = _two()
    assert play(r, "draw") == [ev.Drew(0, -2)]
    assert r.current == 0 and r.drawn == -2
    assert {m.kind for m in r.legal_moves()} == {"swap", "drop"}
    assert refused(r, "take a1") == Reason.HOLDING_CARD
    assert refused(r, "draw") == Reason.HOLDING_CARD
    events = play(r, "swap c1")
    assert events[0] == ev.Replaced(0, 6, -2, 3, False) and r.discard == [3, 7, 3]
    assert r.drawn is None and r.current == 1


@pytest.mark.rule("SJ-TAKE-DRAW")
def test_a_drawn_card_can_be_discarded_but_then_a_face_down_card_must_be_turned() -> None:
    r = _two()
    assert refused(r, "drop b1") == Reason.NOTHING_DRAWN
    assert refused(r, "swap b1") == Reason.NOTHING_DRAWN
    play(r, "draw")
    assert refused(r, "drop a1") == Reason.FACE_UP  # a1 already shows: no turning it
    assert "drop a1" not in map(str, r.legal_moves())
    events = play(r, "drop d3")
    assert events[:2] == [ev.Dropped(0, -2), ev.Revealed(0, 11, 12, "drop")]
    assert r.discard == [3, 7, -2] and r.current == 1


# -- SJ-COLUMN ----------------------------------------------------------------


@pytest.mark.rule("SJ-COLUMN")
def test_three_equal_face_up_cards_in_a_column_go_onto_the_discard_pile() -> None:
    r = position(("5 (2) (3) (4)", "5 (6) (7) (8)", "(9) (10) (11) (12)"), SET_UP,
                 discard=[1, 5])
    events = play(r, "take a3")
    assert events[1:3] == [ev.Replaced(0, 2, 5, 9, False), ev.ColumnCleared(0, 0, 5)]
    assert r.discard == [1, 9, 5, 5, 5]  # the replaced card first, the column on top
    assert r.grids[0][:3] == [None, None, None]
    r.pop()
    assert r.grids[0][:3] == [5, 5, 9]


@pytest.mark.rule("SJ-COLUMN")
def test_a_turned_card_completes_a_column_too() -> None:
    r = position(("(2) 0 (3) (4)", "(5) 0 (7) (8)", "(9) (0) (11) (12)"), SET_UP,
                 discard=[1], draw_top=[6])
    events = play(r, "draw", "drop b3")
    assert ev.ColumnCleared(0, 1, 0) in events and r.discard == [1, 6, 0, 0, 0]


@pytest.mark.rule("SJ-COLUMN")
def test_a_cleared_place_takes_no_card() -> None:
    r = position(("x (2) (3) (4)", "x (6) (7) (8)", "x (10) (11) (12)"), SET_UP,
                 discard=[1], draw_top=[6])
    assert refused(r, "take a2") == Reason.PLACE_EMPTY
    play(r, "draw")
    assert refused(r, "swap a1") == Reason.PLACE_EMPTY
    assert refused(r, "drop a3") == Reason.PLACE_EMPTY
    assert not any(m.place in (0, 1, 2) for m in r.legal_moves())


# -- SJ-RESHUFFLE ---------------------------------------------------------------


@pytest.mark.rule("SJ-RESHUFFLE")
def test_an_empty_draw_pile_is_made_of_the_discard_pile_but_its_top_card() -> None:
    grids = [parse_grid(list(SET_UP)), parse_grid(list(SET_UP))]
    rest = Counter(DECK_COUNTS)
    for g in grids:
        rest.subtract(s[0] for s in g if s is not None)
    discard = sorted(rest.elements())
    top = discard[-1]
    r = from_position(Rules(players=2), grids=grids, discard=discard, draw_pile=[],
                      phase="play", seed=4)
    before = r.state_key()
    events = play(r, "draw")
    assert events[0] == ev.Reshuffled(tuple(discard[:-1]))  # sorted, never the new order
    assert r.draw_pile != sorted(r.draw_pile)
    assert r.discard == [top] and len(r.draw_pile) == len(discard) - 2
    assert r.all_cards() == DECK_COUNTS
    r.pop()
    assert r.state_key() == before


# -- SJ-LAST-TURNS, SJ-ROUND-SCORE, SJ-DOUBLE ------------------------------------


def _ending() -> Round:
    """Seat 0 has one face-down card left (d3); seats 1 and 2 have many."""
    return position(("1 2 3 4", "5 6 7 8", "9 10 11 (0)"), SET_UP,
                    ("(1) (2) 3 4", "(5) (6) (7) (8)", "(9) (10) (11) (12)"),
                    discard=[7], draw_top=[-1, 2, 6])


@pytest.mark.rule("SJ-LAST-TURNS")
def test_after_a_player_shows_every_card_each_other_player_plays_exactly_once_more() -> None:
    r = _ending()
    events = play(r, "take d3")
    assert ev.LastTurns(0) in events and r.ender == 0 and r.current == 1
    play(r, "draw", "swap a1")
    assert r.current == 2 and r.phase == "play"
    events = play(r, "take a1")
    assert r.phase == "over" and r.outcome is not None
    assert not any(isinstance(e, ev.TurnStarted) for e in events)


@pytest.mark.rule("SJ-ROUND-SCORE", "SJ-COLUMN")
def test_at_the_end_every_card_is_turned_columns_clear_and_cards_add_up() -> None:
    r = position(("1 2 3 4", "5 6 7 8", "9 10 11 (0)"),
                 ("(4) (2) 3 4", "(4) (6) (7) (8)", "(4) (10) (11) (12)"),
                 discard=[-2], draw_top=[1])
    events = play(r, "take d3", "draw", "swap b1")
    revealed = [e for e in events if isinstance(e, ev.Revealed)]
    assert {e.why for e in revealed} == {"end"} and len(revealed) == 9
    assert ev.ColumnCleared(1, 0, 4) in events  # the three 4s of column a, turned at the end
    assert r.outcome is not None
    assert r.outcome.scores[1] == 1 + 3 + 4 + 6 + 7 + 8 + 10 + 11 + 12
    assert events[-1] == ev.RoundScored(r.outcome.scores, 0, r.outcome.doubled)


@pytest.mark.rule("SJ-DOUBLE")
@pytest.mark.parametrize(("raw", "doubling", "scores", "doubled"), [
    ([10, 11, 30], "always", (10, 11, 30), False),     # strictly lowest
    ([10, 10, 30], "always", (20, 10, 30), True),      # a tie is not enough
    ([12, 3, 30], "always", (24, 3, 30), True),
    ([-3, -5, 30], "always", (-6, -5, 30), True),      # the sheet doubles whatever it is
    ([-3, -5, 30], "positive", (-3, -5, 30), False),   # the commercial rule: only above 0
    ([0, 0, 1], "always", (0, 0, 1), True),            # 0 doubled is 0, but doubled
    ([0, 0, 1], "positive", (0, 0, 1), False),         # 0 is not above 0
    ([12, 3, 30], "positive", (24, 3, 30), True),
])
def test_the_ender_without_the_strictly_lowest_score_doubles(
        raw: list[int], doubling: str, scores: tuple[int, ...], doubled: bool) -> None:
    rules = Rules(players=3, doubling=doubling)  # type: ignore[arg-type]
    outcome = score_round([[s] for s in raw], 0, rules)
    assert (outcome.scores, outcome.doubled) == (scores, doubled)


@pytest.mark.rule("SJ-DOUBLE")
def test_the_doubling_rule_is_a_declared_switch() -> None:
    assert Rules().doubling == "always"
    with pytest.raises(RulesError) as caught:
        Rules(doubling="never")  # type: ignore[arg-type]
    assert caught.value.reason == Reason.BAD_DOUBLING


@pytest.mark.rule("SJ-DOUBLE", "SJ-LAST-TURNS")
def test_a_whole_ending_doubles_the_ender_who_is_not_lowest() -> None:
    r = position(("12 12 3 4", "5 6 7 8", "9 10 11 (0)"), SET_UP,
                 discard=[7], draw_top=[0])
    play(r, "take d3", "draw", "swap a1")
    assert r.outcome is not None and r.outcome.ender == 0 and r.outcome.doubled
    assert r.outcome.scores[0] == 2 * (12 + 12 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 11 + 7)


# -- SJ-GAME-END ----------------------------------------------------------------


def _finish(r: Round, rng: random.Random) -> None:
    while r.outcome is None:
        r.push(rng.choice(r.legal_moves()))


@pytest.mark.rule("SJ-GAME-END", "SJ-FIRST")
@pytest.mark.parametrize("players", [2, 5])
def test_rounds_until_someone_has_100_then_the_lowest_total_wins(players: int) -> None:
    match = Match(Rules(players=players), seed="end")
    rng = random.Random(players)
    totals = [0] * players
    while True:
        _finish(match.game, rng)
        outcome = match.record()
        totals = [t + s for t, s in zip(totals, outcome.scores, strict=True)]
        assert match.scores == totals
        if max(totals) >= 100:
            break
        ender = outcome.ender
        following = match.next_game()
        assert following.starter == ender and following.current == ender
    assert match.is_over
    assert match.leaders == [s for s, t in enumerate(totals) if t == min(totals)]
    with pytest.raises(RulesError) as caught:
        match.next_game()
    assert caught.value.reason == Reason.MATCH_OVER


@pytest.mark.rule("SJ-GAME-END")
def test_tied_lowest_totals_share_the_win() -> None:
    match = Match(Rules(players=3), seed=1)
    match.scores = [40, 40, 104]
    assert match.is_over and match.leaders == [0, 1]
    with pytest.raises(RulesError) as caught:
        Match(Rules(players=3), seed=1).record()
    assert caught.value.reason == Reason.GAME_NOT_OVER
