"""Issue 20: Skyjo's files refuse every position no game can reach, and seeds keep their limits.

Each test names the defect of ``reviews/loaders-and-store.md`` it was written for
and the rule ids it checks; every refusal is a ``SaveError`` (or, for a seed given to
the engine, a ``RulesError``) with a reason code.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from skipbo_widgets.core.savefile import MAX_MATCH_SEED_LENGTH, MAX_SEED_LENGTH
from skipbo_widgets.skyjo.engine import (
    Match,
    Outcome,
    Reason,
    Round,
    Rules,
    RulesError,
    SaveError,
    dumps_match,
    dumps_round,
    loads_match,
    loads_round,
)
from skipbo_widgets.skyjo.engine.game import score_round
from skipbo_widgets.skyjo.engine.rules import MAX_TURN
from skipbo_widgets.skyjo.engine.save import ROUND_FORMAT, match_to_dict, round_to_dict

HIDDEN = ["(1) (2) (3) (4)", "(5) (6) (7) (8)", "(9) (10) (11) (12)"]


def refused(text: str, loads: Any = loads_round) -> SaveError:
    with pytest.raises(SaveError) as caught:
        loads(text)
    return caught.value


def round_file(**body: Any) -> str:
    return json.dumps({"format": ROUND_FORMAT, "version": 1, **body})


def played_until(rules: Rules, seed: int, stop: Any) -> Round:
    """A seeded round played with random legal moves until ``stop(round)`` holds."""
    r, rng = Round.new(rules, seed=seed), random.Random(seed)
    while not stop(r):
        assert r.outcome is None, "the round ended before the wanted position"
        r.push(rng.choice(r.legal_moves()))
    return r


def finished_match(players: int = 2, seed: int | str = 5) -> Match:
    """A match whose first round is over and scored (a target high enough to go on)."""
    m, rng = Match(Rules(players=players), seed=seed, target=10_000), random.Random(1)
    while m.game.outcome is None:
        m.game.push(rng.choice(m.game.legal_moves()))
    m.record()
    return m


# -- 1. seeds within the documented limits ----------------------------------------


@pytest.mark.parametrize("seed", ["s" * (MAX_SEED_LENGTH + 1), "s" * 300_000, "\ud800",
                                  "a\udfffb", 1.5, True, 10**MAX_SEED_LENGTH, [1], None])
def test_round_new_refuses_a_seed_out_of_its_limits(seed: Any) -> None:
    if seed is None:  # no seed: a fresh one
        assert Round.new(Rules(), seed=seed).seed is not None
        return
    with pytest.raises(RulesError) as caught:
        Round.new(Rules(), seed=seed)
    assert caught.value.reason == Reason.BAD_SEED
    assert caught.value.params == {"max": MAX_SEED_LENGTH}


@pytest.mark.parametrize("seed", ["m" * (MAX_MATCH_SEED_LENGTH + 1), "\ud800", 1.5, False,
                                  10**MAX_MATCH_SEED_LENGTH])
def test_a_match_refuses_a_seed_out_of_its_limits(seed: Any) -> None:
    with pytest.raises(RulesError) as caught:
        Match(Rules(), seed=seed)
    assert caught.value.reason == Reason.BAD_SEED
    assert caught.value.params == {"max": MAX_MATCH_SEED_LENGTH}


@pytest.mark.parametrize("seed", ["\u00e9" * MAX_SEED_LENGTH, 10**MAX_SEED_LENGTH - 1,
                                  -(10**MAX_SEED_LENGTH - 1), "", 0])
def test_the_longest_seeds_of_a_round_save_and_load_back(seed: int | str) -> None:
    r = Round.new(Rules(players=8), seed=seed)
    assert loads_round(dumps_round(r)).position_key() == r.position_key()


def test_the_longest_match_seed_saves_and_loads_back_in_a_later_round() -> None:
    m = finished_match(seed="\u00e9" * MAX_MATCH_SEED_LENGTH)
    m.next_game()
    again = loads_match(dumps_match(m))
    assert again.game.position_key() == m.game.position_key() and again.seed == m.seed


@pytest.mark.parametrize(("seed", "problem"), [("s" * (MAX_SEED_LENGTH + 1), "value"),
                                                (1.5, "type"), (True, "type"), (None, "type")])
def test_a_round_file_with_a_seed_out_of_its_limits_is_refused(seed: Any, problem: str) -> None:
    d = round_to_dict(Round.new(Rules(), seed=1))
    d["seed"] = seed
    err = refused(json.dumps(d))
    assert err.reason == Reason.SAVE_BAD_FIELD
    assert err.params["field"] == "seed"


def test_a_match_file_with_a_seed_out_of_its_limits_is_refused() -> None:
    d = match_to_dict(Match(Rules(), seed=1))
    d["seed"] = "m" * (MAX_MATCH_SEED_LENGTH + 1)
    err = refused(json.dumps(d), loads_match)
    assert err.reason == Reason.SAVE_BAD_FIELD and err.params["field"] == "seed"


# -- 2. the turn counter has bounds -------------------------------------------------


@pytest.mark.parametrize("turn", ["9" * 4300, "1000001", "-1"])
def test_a_turn_out_of_bounds_is_refused(turn: str) -> None:
    r = played_until(Rules(), 3, lambda r: r.phase == "play" and r.turn >= 4)
    text = json.dumps(round_to_dict(r)).replace(f'"turn": {r.turn}', f'"turn": {turn}')
    err = refused(text)
    assert err.reason == Reason.SAVE_BAD_FIELD and err.params["field"] == "turn"


def test_the_turn_fits_the_seat_to_move() -> None:
    """Seats move in order from the first player: turn t is seat (first + t - 1) mod n."""
    r = played_until(Rules(players=3), 4, lambda r: r.phase == "play" and r.turn >= 7)
    d = round_to_dict(r)
    d["turn"] += 1
    err = refused(json.dumps(d))
    assert err.reason == Reason.SAVE_INCONSISTENT and err.params["what"] == "turn"
    d["turn"] += 2  # a whole round of turns later: the same seat again
    assert loads_round(json.dumps(d)).turn == r.turn + 3


def test_no_seat_turned_more_cards_than_it_had_turns() -> None:
    """A turn turns at most one face-down card up: ten of them take ten turns (SJ-TAKE-DRAW)."""
    r = played_until(Rules(players=2), 6, lambda r: r.phase == "play" and r.turn == 1)
    d = round_to_dict(r)
    d["seats"][r.current]["grid"] = ["1 2 3 4", "5 6 7 8", "9 10 (11) (12)"]
    d["draw_pile"] = "rest"
    err = refused(json.dumps(d))
    assert err.reason == Reason.SAVE_INCONSISTENT


# -- 3. round results in a match file have bounds (SJ-ROUND-SCORE) ------------------


def match_file(results: list[dict[str, Any]], players: int = 2, **more: Any) -> str:
    m = finished_match(players)
    m.next_game()
    d = match_to_dict(m)
    d["results"] = results + d["results"][1:]
    d["scores"] = [sum(r["scores"][s] for r in d["results"]) for s in range(players)]
    d["round"]["starter"] = d["results"][-1]["ender"] if d["results"] else None
    d["round"]["current"] = d["round"]["starter"] or 0
    d["target"] = 10_000  # room for the extreme scores
    d.update(more)
    return json.dumps(d)


@pytest.mark.parametrize("scores", [[-1000, 0], [0, 141], [-18, 5], [0, -10**40]])
def test_a_round_score_no_grid_can_make_is_refused(scores: list[int]) -> None:
    err = refused(match_file([{"scores": scores, "ender": 0, "doubled": False}]), loads_match)
    assert err.reason == Reason.SAVE_INCONSISTENT and err.params["what"] == "results[0]"


def test_a_huge_round_score_is_refused_before_any_arithmetic() -> None:
    text = match_file([{"scores": [-1, 0], "ender": 0, "doubled": False}])
    text = text.replace("[-1, 0]", "[-" + "9" * 4299 + ", 0]")
    err = refused(text, loads_match)
    assert err.reason == Reason.SAVE_INCONSISTENT


@pytest.mark.parametrize(("scores", "ender", "doubled", "doubling"), [
    ([-17, 140], 0, False, "always"),     # the lowest and the highest grid
    ([140, -17], 1, False, "always"),
    ([280, 0], 0, True, "always"),        # 140 doubled
    ([-34, -17], 0, True, "always"),      # -17, not strictly lowest: doubled
    ([-17, -17], 1, False, "positive"),   # a negative score is never doubled there
    ([280, 5], 0, True, "positive"),
])
def test_the_extreme_scores_a_grid_can_make_load(scores: list[int], ender: int, doubled: bool,
                                                 doubling: str) -> None:
    result = {"scores": scores, "ender": ender, "doubled": doubled}
    d = json.loads(match_file([result]))
    d["rules"]["doubling"] = doubling
    m = loads_match(json.dumps(d))
    assert m.results[0] == Outcome(tuple(scores), ender, doubled)


@pytest.mark.parametrize(("scores", "ender", "doubled"), [
    ([282, 0], 0, True),    # 141 doubled
    ([-36, 0], 0, True),    # -18 doubled
    ([-17, 141], 0, False),
])
def test_a_doubled_score_beyond_a_grid_doubled_is_refused(scores: list[int], ender: int,
                                                          doubled: bool) -> None:
    err = refused(match_file([{"scores": scores, "ender": ender, "doubled": doubled}]),
                  loads_match)
    assert err.reason == Reason.SAVE_INCONSISTENT


def test_opening_a_match_file_with_impossible_scores_is_refused_by_the_app() -> None:
    from skipbo_widgets.widgets.shell.settings import open_any
    text = match_file([{"scores": [-1000, 0], "ender": 0, "doubled": False}])
    with pytest.raises(SaveError):
        open_any(text)


# -- 4. play starts only once every seat turned two (SJ-DEAL) ------------------------


@pytest.mark.parametrize("first_grid", [
    HIDDEN,                                                     # 12 face down
    ["1 (2) (3) (4)", "(5) (6) (7) (8)", "(9) (10) (11) (12)"],  # 11 face down
])
def test_a_play_phase_round_where_a_seat_never_turned_two_is_refused(first_grid: list[str]
                                                                    ) -> None:
    shown = ["1 (2) (3) (4)", "5 (6) (7) (8)", "(9) (10) (11) (12)"]
    err = refused(round_file(phase="play", discard="7",
                             seats=[{"grid": first_grid}, {"grid": shown}]))
    assert err.reason == Reason.SAVE_INCONSISTENT and err.params["what"] == "play"


def test_a_set_up_where_every_seat_turned_two_is_refused() -> None:
    shown = ["1 (2) (3) (4)", "5 (6) (7) (8)", "(9) (10) (11) (12)"]
    err = refused(round_file(phase="setup", discard="7",
                             seats=[{"grid": shown}, {"grid": shown}]))
    assert err.reason == Reason.SAVE_INCONSISTENT and err.params["what"] == "setup"


# -- 5. who starts (SJ-FIRST) ----------------------------------------------------------


def test_a_later_round_started_by_another_than_the_last_ender_is_refused() -> None:
    m = finished_match()
    m.next_game()
    ender = m.results[-1].ender
    for starter in (1 - ender, None):
        d = match_to_dict(m)
        d["round"]["starter"] = starter
        err = refused(json.dumps(d), loads_match)
        assert err.reason == Reason.SAVE_INCONSISTENT and err.params["what"] == "round.starter"


def test_a_first_round_with_a_starter_is_refused() -> None:
    m = Match(Rules(players=3), seed=2)
    d = match_to_dict(m)
    d["round"]["starter"] = 1
    err = refused(json.dumps(d), loads_match)
    assert err.reason == Reason.SAVE_INCONSISTENT and err.params["what"] == "round.starter"


def test_a_scored_round_keeps_its_own_starter() -> None:
    m = finished_match()
    m.next_game()
    rng = random.Random(2)
    while m.game.outcome is None:
        m.game.push(rng.choice(m.game.legal_moves()))
    m.record()
    again = loads_match(dumps_match(m))
    assert again.game.starter == m.results[0].ender and again.scored


def test_the_highest_pair_starts_a_first_round() -> None:
    """Turn 1 of a first round: the seat whose two cards sum highest moves (ties: seat order)."""
    low = ["1 (2) (3) (4)", "2 (6) (7) (8)", "(9) (10) (11) (12)"]     # 3
    high = ["(1) 9 (3) (4)", "(5) 9 (7) (8)", "(9) (10) (11) (12)"]    # 18
    for current, ok in ((1, True), (0, False)):
        text = round_file(phase="play", discard="7", current=current, turn=1,
                          seats=[{"grid": low}, {"grid": high}])
        if ok:
            assert loads_round(text).first == 1
        else:
            err = refused(text)
            assert err.reason == Reason.SAVE_INCONSISTENT and err.params["what"] == "first"
    tied = round_file(phase="play", discard="7", current=1, turn=1, first=1,
                      seats=[{"grid": high}, {"grid": high}])
    assert refused(tied).params["what"] == "first"


def test_a_hand_written_play_position_takes_the_first_player_the_rules_give() -> None:
    """Without ``first`` and ``turn`` a file is read as the earliest turn it can be."""
    low = ["1 (2) (3) (4)", "2 (6) (7) (8)", "(9) (10) (11) (12)"]
    high = ["(1) 9 (3) (4)", "(5) 9 (7) (8)", "(9) (10) (11) (12)"]
    r = loads_round(round_file(phase="play", discard="7",
                               seats=[{"grid": low}, {"grid": high}]))
    assert (r.first, r.turn, r.current) == (1, 2, 0)
    assert loads_round(dumps_round(r)).position_key() == r.position_key()


# -- 6. a seat showing every card ends the round (SJ-LAST-TURNS) -----------------------


def all_up_round(ender: int | None, current: int = 0) -> str:
    up = ["1 2 0 3", "2 1 -1 4", "0 3 2 1"]
    shown = ["1 (0) 12 (-1)", "(2) 0 (1) 2", "(-1) 3 (0) (1)"]
    body: dict[str, Any] = {"phase": "play", "discard": "7 -2", "current": current,
                            "seats": [{"grid": shown}, {"grid": up}]}
    if ender is not None:
        body["ender"] = ender
    return round_file(**body)


def test_a_seat_showing_every_card_without_an_ender_is_refused() -> None:
    err = refused(all_up_round(None))
    assert err.reason == Reason.SAVE_INCONSISTENT and err.params["what"] == "play"
    r = loads_round(all_up_round(1))
    assert r.ender == 1


def test_the_seats_still_to_play_their_last_turn_have_face_down_cards() -> None:
    up = ["1 2 0 3", "2 1 -1 4", "0 3 2 1"]
    up_too = ["1 2 0 3", "2 1 -1 4", "0 3 2 2"]
    other = ["1 (0) 12 (-1)", "(2) 0 (1) 2", "(-1) 3 (0) (1)"]
    # seat 0 ended; seat 1 already showed all in its last turn; seat 2 moves last
    ok = round_file(rules={"players": 3}, phase="play", discard="7", current=2, ender=0,
                    seats=[{"grid": up}, {"grid": up_too}, {"grid": other}])
    assert loads_round(ok).ender == 0
    # seat 1 ended, so seat 0 (to move before seat 1 again) could not show all first
    err = refused(round_file(rules={"players": 3}, phase="play", discard="7", current=2,
                             ender=1, seats=[{"grid": up}, {"grid": up_too}, {"grid": other}]))
    assert err.reason == Reason.SAVE_INCONSISTENT and err.params["what"] == "play"


def test_the_review_s_file_saves_and_loads_after_the_next_move() -> None:
    r = loads_round(all_up_round(1))
    r.push_text("draw")
    r.push_text("drop b1")
    again = loads_round(dumps_round(r))
    assert again.position_key() == r.position_key() and again.phase == "over"


def test_an_over_round_ended_with_the_seat_before_the_ender() -> None:
    r = played_until(Rules(players=3), 8, lambda r: r.outcome is not None)
    d = round_to_dict(r)
    assert d["current"] == (r.ender - 1) % 3
    d["current"] = r.ender
    assert refused(json.dumps(d)).reason == Reason.SAVE_INCONSISTENT


# -- 7. a 0 doubled under the sheet's rule (SJ-DOUBLE) ---------------------------------


@pytest.mark.parametrize(("raw", "doubling", "doubled", "score"), [
    ([0, 0], "always", True, 0),
    ([0, 0], "positive", False, 0),
    ([-3, -3], "always", True, -6),
    ([-3, -5], "positive", False, -3),
    ([4, 4], "positive", True, 8),
    ([1, 4], "always", False, 1),
])
def test_the_ender_s_score_is_marked_doubled_when_the_rule_doubles_it(
        raw: list[int], doubling: str, doubled: bool, score: int) -> None:
    outcome = score_round([[raw[0]], [raw[1]]], 0, Rules(doubling=doubling))  # type: ignore[arg-type]
    assert (outcome.doubled, outcome.scores[0]) == (doubled, score)


def test_a_match_result_with_a_doubled_zero_loads() -> None:
    text = match_file([{"scores": [0, 0], "ender": 1, "doubled": True}])
    assert loads_match(text).results[0].doubled
    d = json.loads(text)
    d["results"][0]["doubled"] = False  # the sheet's rule doubles it: the flag says so
    assert refused(json.dumps(d), loads_match).reason == Reason.SAVE_INCONSISTENT
    d["rules"]["doubling"] = "positive"
    assert not loads_match(json.dumps(d)).results[0].doubled


# -- the promise: what the engine writes from any state it accepted, it reads back ------


@pytest.mark.parametrize("seed", range(6))
def test_every_state_reached_from_a_loaded_file_saves_and_loads(seed: int) -> None:
    r = played_until(Rules(players=2 + seed), seed, lambda r: r.phase == "play" and r.turn > 3)
    loaded = loads_round(dumps_round(r))
    rng = random.Random(seed)
    while loaded.outcome is None:
        loaded.push(rng.choice(loaded.legal_moves()))
        again = loads_round(dumps_round(loaded))
        assert again.position_key() == loaded.position_key()


def test_a_refused_file_leaves_the_match_it_was_meant_for_unchanged() -> None:
    m = finished_match()
    before = copy.deepcopy(match_to_dict(m))
    d = match_to_dict(m)
    d["results"][0]["scores"] = [-1000, 0]
    with pytest.raises(SaveError):
        loads_match(json.dumps(d))
    assert match_to_dict(m) == before



@pytest.mark.parametrize("seed", ["s" * MAX_SEED_LENGTH, "m" * MAX_MATCH_SEED_LENGTH + "/1"])
def test_the_app_opens_a_round_file_with_the_longest_seed_and_keeps_it(seed: str) -> None:
    """A round's seed may be longer than a match's: the app still opens the file, and the
    session it keeps reads back (found by the fuzzer: a RulesError, a traceback in the app)."""
    from skipbo_widgets.widgets.shell.settings import dumps_session, loads_session, open_any
    r = played_until(Rules(players=3), 2, lambda r: r.phase == "play")
    d = round_to_dict(r)
    d["seed"] = seed
    settings, match = open_any(json.dumps(d))
    assert match.game.seed == seed
    _, again = loads_session(dumps_session(settings, match))
    assert again.game.position_key() == match.game.position_key()


def test_the_app_keeps_a_later_round_opened_from_its_round_file() -> None:
    """A round file of a later round has a starter; the app opens it as a game of one
    round, and the session it keeps must read back, though a match file's first round
    never has a starter (found by the fuzzer)."""
    from skipbo_widgets.widgets.shell.settings import dumps_session, loads_session, open_any
    m = finished_match(players=3)
    m.next_game()
    settings, match = open_any(dumps_round(m.game))
    assert match.game.starter == m.results[0].ender and not settings.match
    _, again = loads_session(dumps_session(settings, match))
    assert again.game.position_key() == match.game.position_key()
    whole = match_to_dict(match)  # the same as a match file: a first round has no starter
    assert refused(json.dumps(whole), loads_match).params["what"] == "round.starter"


def test_a_round_at_the_last_turn_number_plays_on_and_reads_back() -> None:
    """The turn number stops at 1,000,000: past it the last n numbers repeat, so the seat
    to move still fits and the engine's file reads back (found by the fuzzer)."""
    r = played_until(Rules(players=3), 5, lambda r: r.phase == "play" and r.drawn is None)
    d = round_to_dict(r)
    d["turn"] = MAX_TURN - 3 + (d["turn"] - MAX_TURN) % 3  # the same seat, near the end
    r = loads_round(json.dumps(d))
    rng = random.Random(5)
    for _ in range(12):
        if r.outcome is not None:
            break
        r.push(rng.choice(r.legal_moves()))
        assert r.turn <= MAX_TURN
        assert loads_round(dumps_round(r)).position_key() == r.position_key()
    while r.move_stack:
        r.pop()
    assert r.turn == d["turn"]
