"""Save files (engine/save.py): round trips, exact continuation, rejections, docs."""

from __future__ import annotations

import base64
import copy
import json
import random
import re
import struct
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from skipbo_widgets.core.rng import parse_rng, rng_text
from skipbo_widgets.skipbo.engine import Game, Match, Reason, Rules, RulesError, SaveError
from skipbo_widgets.skipbo.engine.cards import DECK_COUNTS, cards_text, full_deck
from skipbo_widgets.skipbo.engine.events import Recycled
from skipbo_widgets.skipbo.engine.game import Outcome
from skipbo_widgets.skipbo.engine.position import from_position
from skipbo_widgets.skipbo.engine.rules import MAX_MATCH_SEED_LENGTH, MAX_SEED_LENGTH
from skipbo_widgets.skipbo.engine.save import (
    GAME_FORMAT,
    MATCH_FORMAT,
    MAX_DEPTH,
    MAX_SAVE_SIZE,
    dumps_game,
    dumps_match,
    game_from_dict,
    game_to_dict,
    loads_game,
    loads_match,
    match_from_dict,
    match_to_dict,
)

DOCS = Path(__file__).resolve().parents[3] / "docs" / "notation.md"

CONFIGS = [
    Rules(players=2, stock_size=5),
    Rules(players=2),  # stock 30
    Rules(players=3, stock_size=10, faces="playing"),
    Rules(players=4, teams=True),
    Rules(players=4, stock_size=10, teams=True, seating=(0, 0, 1, 1)),
    Rules(players=5),  # stock 20
    Rules(players=6, stock_size=5, teams=True),
    Rules(players=6, stock_size=20),
]


def choose(game: Game, rng: random.Random) -> Any:
    """Mostly plays (so piles complete and the draw pile recycles), sometimes anything."""
    moves = sorted(game.legal_moves(), key=str)  # independent of the engine's move order
    plays = [m for m in moves if m.is_play]
    return rng.choice(plays) if plays and rng.random() < 0.9 else rng.choice(moves)


def position_key(game: Game) -> tuple[Any, ...]:
    """``state_key`` without the event log and the move stack (a loaded game has neither)."""
    key = game.state_key()
    assert key[-2:] == (tuple(game.events), tuple(game.move_stack))
    return key[:-2]


def assert_round_trip(game: Game) -> None:
    d = game_to_dict(game)
    loaded = game_from_dict(copy.deepcopy(d))
    assert game_to_dict(loaded) == d
    assert position_key(loaded) == position_key(game)
    assert loaded.legal_moves() == game.legal_moves()


# -- round trips ---------------------------------------------------------------


@pytest.mark.parametrize("rules", CONFIGS, ids=lambda r: repr(r.to_dict()))
def test_every_visited_state_round_trips(rules: Rules) -> None:
    game = Game.new(rules, seed=f"save-{rules.players}-{rules.stock_size}")
    rng = random.Random(rules.players)
    assert_round_trip(game)
    text = dumps_game(game)
    assert dumps_game(loads_game(text)) == text
    while not game.is_over:
        game.push(choose(game, rng))
        assert_round_trip(game)
    assert_round_trip(game)
    text = dumps_game(game)
    assert dumps_game(loads_game(text.encode())) == text  # bytes too, byte-identical


def test_the_finished_game_keeps_its_outcome() -> None:
    game = Game.new(Rules(players=3, stock_size=5), seed=11)
    rng = random.Random(2)
    while not game.is_over:
        game.push(choose(game, rng))
    loaded = loads_game(dumps_game(game))
    assert loaded.outcome == game.outcome and loaded.outcome is not None
    assert loaded.legal_moves() == []


def blocked_position() -> dict[str, Any]:
    """Nobody can move: every card that could be played lies under a discard pile's top."""
    building = list(range(1, 12))  # needs a 12
    stocks = [[5] * 5, [6] * 5]
    rest = Counter(full_deck())
    rest.subtract(building + stocks[0] + stocks[1])
    pile = sorted(rest.elements(), key=lambda c: (c not in (0, 1, 12), c))
    return {
        "format": GAME_FORMAT, "version": 1, "rules": {"players": 2, "stock_size": 5},
        "building": [cards_text(building)],
        "seats": [{"stock": cards_text(stocks[0]), "discards": [cards_text(pile)]},
                  {"stock": cards_text(stocks[1])}],
        "draw_pile": "",
    }


def drawn_position(hand: str = "", draw_pile: str = "", idle_turns: int = 2) -> dict[str, Any]:
    """The blocked position as a drawn game, with a card taken from the discard pile
    into seat 0's hand or into the draw pile."""
    d = blocked_position()
    pile = d["seats"][0]["discards"][0].split()
    for card in (hand + " " + draw_pile).split():
        pile.remove(card)
    d["seats"][0].update(hand=hand, discards=[" ".join(pile)])
    d.update(draw_pile=draw_pile, drawn=True, idle_turns=idle_turns)
    return d


def test_a_drawn_game_written_by_hand_loads_as_play_leaves_it() -> None:
    game = game_from_dict(drawn_position())
    assert game.outcome is not None and game.outcome.is_draw
    assert_round_trip(game)


def test_a_drawn_game_round_trips() -> None:
    game = game_from_dict(blocked_position())
    assert [str(m) for m in game.legal_moves()] == ["end"]
    game.end_turn()
    assert_round_trip(game)  # one idle turn
    game.end_turn()
    assert game.outcome is not None and game.outcome.is_draw
    assert game_to_dict(game)["drawn"] is True
    assert_round_trip(game)


def test_a_pending_gauss_value_is_kept() -> None:
    game = Game.new(Rules(players=2, stock_size=5), seed=4)
    game.rng.gauss(0.0, 1.0)  # leaves a second value waiting inside the generator
    assert game.rng.getstate()[2] is not None
    assert_round_trip(game)
    rng = random.Random()
    rng.setstate(parse_rng(rng_text(game.rng)))
    assert rng.gauss(0.0, 1.0) == game.rng.gauss(0.0, 1.0)


# -- a loaded game goes on exactly as the original --------------------------------


@pytest.mark.parametrize("rules",
                         [Rules(players=2), Rules(players=5), Rules(players=4, teams=True)],
                         ids=lambda r: repr(r.to_dict()))
def test_a_loaded_game_continues_exactly(rules: Rules) -> None:
    game = Game.new(rules, seed="continue")
    rng = random.Random(7)
    while not (game.completed and len(game.draw_pile) < 30):  # a recycle is coming
        game.push(choose(game, rng))
    assert not game.is_over
    d = game_to_dict(game)
    loaded = game_from_dict(d)
    without_rng = game_from_dict({k: v for k, v in d.items() if k != "rng"})
    start = len(game.events)
    while not game.is_over:
        move = choose(game, rng)
        game.push(move)
        loaded.push(move)
        if without_rng.can_move(move):
            without_rng.push(move)
    after = game.events[start:]
    assert any(isinstance(e, Recycled) for e in after), "the continuation must recycle"
    assert loaded.events == after
    assert position_key(loaded)[3:] == position_key(game)[3:]  # all but rules, seed, rng
    assert loaded.rng.getstate() == game.rng.getstate()
    # The rng field matters: a fresh generator from the seed shuffles differently.
    assert without_rng.events != after


# -- matches -------------------------------------------------------------------


def assert_match_round_trip(match: Match) -> Match:
    d = match_to_dict(match)
    loaded = match_from_dict(copy.deepcopy(d))
    assert match_to_dict(loaded) == d
    assert set(vars(loaded)) == set(vars(match))
    for name, value in vars(match).items():
        if name != "game":
            assert getattr(loaded, name) == value, name
    assert position_key(loaded.game) == position_key(match.game)
    text = dumps_match(match)
    assert dumps_match(loads_match(text)) == text
    return loaded


@pytest.mark.parametrize("rules", [Rules(players=2, stock_size=5),
                                   Rules(players=4, stock_size=5, teams=True)],
                         ids=lambda r: repr(r.to_dict()))
def test_a_match_round_trips_and_continues(rules: Rules) -> None:
    match = Match(rules, seed="match", target=120)
    rng = random.Random(3)
    halfway: tuple[Match, int] | None = None
    moves = []
    while True:
        game = match.game
        assert_match_round_trip(match)
        while not game.is_over:
            move = choose(game, rng)
            game.push(move)
            moves.append(move)
            if len(moves) % 17 == 0:
                assert_match_round_trip(match)
            if len(moves) == 150:
                halfway = (match_from_dict(match_to_dict(match)), len(moves))
        assert_match_round_trip(match)  # over, not yet scored
        match.record()
        assert_match_round_trip(match)  # scored
        if match.is_over:
            break
        match.next_game()
    assert len(match.results) >= 2, "the match must span several games"
    # The match loaded halfway, given the same moves, ends the same way.
    assert halfway is not None
    loaded, done = halfway
    for move in moves[done:]:
        if loaded.game.is_over:
            loaded.next_game()
        loaded.game.push(move)
    loaded.record()
    assert loaded.results == match.results and loaded.scores == match.scores
    assert loaded.is_over


# -- hand-written files ----------------------------------------------------------

TUTORIAL = """{
  "format": "skipbo-widgets/game",
  "version": 1,
  "rules": {"players": 2, "stock_size": 5},
  "building": ["1 2 3", "", "1"],
  "seats": [
    {"stock": "9 8 7 6 4", "hand": "5 W 10 11 2", "discards": ["12"]},
    {"stock": "3 3 3 3 3"}
  ],
  "draw_pile": "rest"
}"""


def test_a_game_at_the_last_turn_number_goes_on_and_is_written_back() -> None:
    """What the engine writes from any state it accepted, it reads back: the turn
    counter stops at its bound (1,000,000) instead of running past what a file may say."""
    game = Game.new(Rules(players=2), seed="last-turn")
    d = game_to_dict(game)
    d["turn"] = 1_000_000
    loaded = game_from_dict(d)
    rng = random.Random(3)
    for _ in range(40):  # several turns: each ends at the bound
        if loaded.is_over:
            break
        loaded.push(choose(loaded, rng))
        assert game_to_dict(game_from_dict(game_to_dict(loaded))) == game_to_dict(loaded)
    assert loaded.turn == 1_000_000


def test_a_hand_written_file_loads_with_defaults() -> None:
    game = loads_game(TUTORIAL)
    assert game.current == 0 and game.turn == 1 and game.dealer == 1
    assert game.stocks[0][-1] == 4 and game.hand_cards(0) == [0, 2, 5, 10, 11]
    assert game.building == [[1, 2, 3], [], [1], []]
    assert game.discards[0] == [[12], [], [], []] and game.hand_size(1) == 0
    assert len(game.draw_pile) == 162 - 5 - 5 - 5 - 4 - 1
    assert game.card_count() == 162 and game.all_cards() == DECK_COUNTS
    assert "s-b1" in map(str, game.legal_moves())
    # Loading is a function of the file: the draw pile is shuffled from seed 0.
    assert position_key(loads_game(TUTORIAL)) == position_key(game)
    other_seed = json.loads(TUTORIAL) | {"seed": 1}
    assert game_from_dict(other_seed).draw_pile != game.draw_pile


def test_a_hand_written_file_may_use_sb_and_lower_case() -> None:
    d = json.loads(TUTORIAL)
    d["seats"][0]["hand"] = "5 sb 10 11 2"
    d["building"][0] = "1 w 3"
    game = game_from_dict(d)
    assert game.hand_cards(0) == [0, 2, 5, 10, 11] and game.building[0] == [1, 0, 3]
    assert game_to_dict(game)["building"][0] == "1 W 3"


def test_a_hand_written_team_game_and_match() -> None:
    team = {
        "format": GAME_FORMAT, "version": 1, "rules": {"players": 4, "teams": True},
        "current": 2,
        "seats": [{"stock": "W"}, {"stock": "7 7"}, {"stock": "1", "hand": "2"}, {"stock": ""}],
    }
    game = game_from_dict(team)
    assert game.rules.partner(2) == 0 and not game.is_over  # seat 3 done, partner 1 not
    assert {"ps-b1", "s-b1", "h2-d1"} <= set(map(str, game.legal_moves()))
    match = match_from_dict({
        "format": MATCH_FORMAT, "version": 1, "rules": {"players": 2, "stock_size": 5},
        "target": 100, "seed": "lesson",
        "results": [{"winners": [1], "points": 40}],
        "game": {"seats": [{"stock": "1 2"}, {"stock": "3"}]},
    })
    assert match.scores == [0, 40] and not match.scored and not match.is_over
    assert match.game.seed == "lesson/1"  # the seed Match.next_game would have used


def test_completed_piles_are_finished_building_piles() -> None:
    game = loads_game(tutorial(completed="1 W 3 4 5 6 7 8 9 10 11 W " + ALL_CARDS_1_TO_12))
    assert game.completed[:2] == [1, 0] and len(game.completed) == 24


def test_the_player_to_move_draws_when_the_file_leaves_out_the_hand() -> None:
    """The review's file: seat 0 to move with no hand and 152 cards to draw."""
    text = ('{"format":"skipbo-widgets/game","version":1,"rules":{"players":2,"stock_size":5},'
            '"seats":[{"stock":"9"},{"stock":"8"}]}')
    game = loads_game(text)
    assert game.hand_size(0) == 5 and len(game.draw_pile) == 162 - 2 - 5
    assert "end" not in map(str, game.legal_moves())
    assert not game.events and not game.move_stack  # a loaded game starts with no history
    assert game_to_dict(loads_game(dumps_game(game))) == game_to_dict(game)


def test_an_empty_hand_stays_empty_when_nothing_can_be_drawn() -> None:
    rest = full_deck()
    rest.remove(9), rest.remove(8)
    game = from_position(Rules(players=2, stock_size=5), stocks=[[9], [8]], hands=[[], []],
                         discards=[[], [rest]], draw_pile=[], seed=1)
    assert game.hand_size(0) == 0 and [str(m) for m in game.legal_moves()] == ["end"]


def test_a_seed_that_cannot_be_written_back_is_refused_when_the_game_is_made() -> None:
    for seed in ("x" * 300_000, "\ud800", 10**MAX_SEED_LENGTH):
        with pytest.raises(RulesError) as caught:
            Game.new(Rules(players=2, stock_size=5), seed=seed)
        assert caught.value.reason == Reason.BAD_SEED
    with pytest.raises(RulesError):
        Match(Rules(players=2, stock_size=5), seed="m" * (MAX_MATCH_SEED_LENGTH + 1))
    longest = Game.new(Rules(players=2, stock_size=5), seed="\u00e9" * MAX_SEED_LENGTH)
    assert loads_game(dumps_game(longest)).seed == longest.seed
    match = Match(Rules(players=2, stock_size=5), seed="m" * MAX_MATCH_SEED_LENGTH)
    match.game.outcome = Outcome((0,), 25)  # reach game 2 quickly: its seed ends in "/1"
    match.record()
    match.next_game()
    assert loads_match(dumps_match(match)).game.seed == match.game.seed


def test_a_bom_and_bytes_are_accepted() -> None:
    assert position_key(loads_game(b"\xef\xbb\xbf" + TUTORIAL.encode())) == position_key(
        loads_game("\ufeff" + TUTORIAL))


# -- rejections: one concrete bad file per reason -----------------------------------


def tutorial(**changes: Any) -> str:
    d = json.loads(TUTORIAL)
    for path, value in changes.items():
        *parents, last = path.split("__")
        target = d
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        if value is DELETE:
            del target[last]
        elif isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value
    return json.dumps(d)


DELETE = object()
ALL_CARDS_1_TO_12 = cards_text(list(range(1, 13)))
REVIEW_SURPLUS = ('{"format":"skipbo-widgets/game","version":1,'
                  '"rules":{"players":2,"stock_size":5},'
                  '"seats":[{"stock":"1 1 1 1 1","hand":"1 1 1 1 1"},{"stock":"1 1 1"}]}')
ZERO_RNG = "3:" + "A" * 3334 + "=="
GOOD_RNG = rng_text(random.Random(1))
ALL_CARDS = cards_text(full_deck())

REJECTED: list[tuple[str, str | bytes, Reason, dict[str, Any]]] = [
    # size and syntax
    ("too large", " " * (MAX_SAVE_SIZE + 1), Reason.SAVE_TOO_LARGE, {}),
    ("too large bytes", b" " * (MAX_SAVE_SIZE + 1), Reason.SAVE_TOO_LARGE, {}),
    ("empty", "", Reason.SAVE_NOT_JSON, {"problem": "syntax"}),
    ("truncated", TUTORIAL[:-3], Reason.SAVE_NOT_JSON, {"problem": "syntax"}),
    ("not utf-8", b"\xff\xfe{}", Reason.SAVE_BAD_TEXT, {"problem": "encoding"}),
    ("too large in bytes", tutorial(seed="\u00e9" * (MAX_SAVE_SIZE // 2)),
     Reason.SAVE_TOO_LARGE, {"max": MAX_SAVE_SIZE}),  # fewer characters than the limit
    ("lone surrogate escaped", '{"format":"skipbo-widgets/game","version":1,"seed":"\\ud800",'
     '"seats":[{"stock":"1"},{"stock":"2"}]}', Reason.SAVE_BAD_TEXT, {"problem": "surrogate"}),
    ("lone surrogate raw", TUTORIAL.replace('"rest"', '"rest", "seed": "\udfff"'),
     Reason.SAVE_BAD_TEXT, {"problem": "surrogate"}),
    ("lone surrogate in a key", TUTORIAL.replace('"rest"', '"rest", "\\udc00": 1'),
     Reason.SAVE_BAD_TEXT, {"problem": "surrogate"}),
    ("nan", TUTORIAL.replace('"version": 1', '"version": NaN'), Reason.SAVE_NOT_JSON, {}),
    ("infinity", '{"turn": -Infinity}', Reason.SAVE_NOT_JSON, {}),
    ("huge int", '{"turn": ' + "9" * 5000 + "}", Reason.SAVE_NOT_JSON, {}),
    ("recursion", "[" * 100_000, Reason.SAVE_NOT_JSON, {"problem": "syntax"}),
    ("too deep", "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), Reason.SAVE_NOT_JSON,
     {"problem": "depth"}),
    # header
    ("a list", "[]", Reason.SAVE_BAD_FORMAT, {"format": None}),
    ("no format", '{"version": 1}', Reason.SAVE_BAD_FORMAT, {"expected": GAME_FORMAT}),
    ("other format", tutorial(format="chess/pgn"), Reason.SAVE_BAD_FORMAT,
     {"format": "chess/pgn"}),
    ("a match file", tutorial(format=MATCH_FORMAT), Reason.SAVE_BAD_FORMAT,
     {"format": MATCH_FORMAT}),
    ("version 2", tutorial(version=2), Reason.SAVE_BAD_VERSION, {"version": 2}),
    ("version text", tutorial(version="1"), Reason.SAVE_BAD_VERSION, {"version": None}),
    ("version true", tutorial(version=True), Reason.SAVE_BAD_VERSION, {"version": None}),
    ("no version", tutorial(version=DELETE), Reason.SAVE_BAD_VERSION, {"version": None}),
    # fields
    ("typo", tutorial(curent=1), Reason.SAVE_BAD_FIELD, {"field": "curent", "problem": "unknown"}),
    ("no seats", tutorial(seats=DELETE), Reason.SAVE_BAD_FIELD,
     {"field": "seats", "problem": "missing"}),
    ("no stock", tutorial(seats__1__stock=DELETE), Reason.SAVE_BAD_FIELD,
     {"field": "seats[1].stock", "problem": "missing"}),
    ("seat typo", tutorial(seats__1__discard=["5"]), Reason.SAVE_BAD_FIELD,
     {"field": "seats[1].discard", "problem": "unknown"}),
    ("seat not object", tutorial(seats__1="3 3 3"), Reason.SAVE_BAD_FIELD,
     {"field": "seats[1]", "problem": "type"}),
    ("duplicate key", TUTORIAL.replace('"version": 1', '"version": 1, "version": 1'),
     Reason.SAVE_BAD_FIELD, {"field": "version", "problem": "duplicate"}),
    ("current text", tutorial(current="0"), Reason.SAVE_BAD_FIELD,
     {"field": "current", "problem": "type"}),
    ("moved int", tutorial(moved=1), Reason.SAVE_BAD_FIELD, {"field": "moved", "problem": "type"}),
    ("turn float", tutorial(turn=1.0), Reason.SAVE_BAD_FIELD, {"field": "turn", "problem": "type"}),
    ("seed float", tutorial(seed=1.5), Reason.SAVE_BAD_FIELD, {"field": "seed", "problem": "type"}),
    ("seed null", tutorial(seed=None), Reason.SAVE_BAD_FIELD, {"field": "seed"}),
    ("seed too long", tutorial(seed="x" * (MAX_SEED_LENGTH + 1)), Reason.SAVE_BAD_FIELD,
     {"field": "seed", "problem": "value"}),
    ("seed of 300,000 characters", tutorial(seed="x" * 300_000), Reason.SAVE_TOO_LARGE, {}),
    ("hand list", tutorial(seats__0__hand=[5, 0]), Reason.SAVE_BAD_FIELD,
     {"field": "seats[0].hand", "problem": "type"}),
    ("discards text", tutorial(seats__0__discards="12"), Reason.SAVE_BAD_FIELD,
     {"field": "seats[0].discards", "problem": "type"}),
    ("building number", tutorial(building__1=1), Reason.SAVE_BAD_FIELD,
     {"field": "building[1]", "problem": "type"}),
    ("draw pile list", tutorial(draw_pile=[]), Reason.SAVE_BAD_FIELD,
     {"field": "draw_pile", "problem": "type"}),
    ("bad card", tutorial(seats__0__stock="9 8 13 6 4"), Reason.SAVE_BAD_FIELD,
     {"field": "seats[0].stock", "cause": "bad_card", "text": "13"}),
    ("face name", tutorial(seats__0__hand="5 K 10 11 2"), Reason.SAVE_BAD_FIELD,
     {"field": "seats[0].hand", "cause": "bad_card", "text": "K"}),
    ("bad discard card", tutorial(seats__0__discards=["12", "0"]), Reason.SAVE_BAD_FIELD,
     {"field": "seats[0].discards[1]", "cause": "bad_card"}),
    ("rules not object", tutorial(rules=2), Reason.SAVE_BAD_FIELD,
     {"field": "rules", "problem": "type"}),
    ("rules typo", tutorial(rules__player=2), Reason.SAVE_BAD_FIELD,
     {"field": "rules.player", "problem": "unknown"}),
    ("players text", tutorial(rules__players="2"), Reason.SAVE_BAD_FIELD,
     {"field": "rules.players", "problem": "type"}),
    ("stock size null", tutorial(rules__stock_size=None), Reason.SAVE_BAD_FIELD,
     {"field": "rules.stock_size", "problem": "type"}),
    ("seating text", tutorial(rules__seating=["0"]), Reason.SAVE_BAD_FIELD,
     {"field": "rules.seating", "problem": "type"}),
    ("7 players", tutorial(rules__players=7), Reason.SAVE_BAD_FIELD,
     {"field": "rules", "cause": "bad_player_count", "players": 7}),
    ("deck too small", tutorial(rules__players=6, rules__stock_size=30), Reason.SAVE_BAD_FIELD,
     {"field": "rules", "cause": "deck_too_small"}),
    ("teams of 3", tutorial(rules__players=3, rules__teams=True), Reason.SAVE_BAD_FIELD,
     {"field": "rules", "cause": "teams_need_even_players"}),
    ("faces", tutorial(rules__faces="tarot"), Reason.SAVE_BAD_FIELD,
     {"field": "rules", "cause": "bad_faces"}),
    ("current out of range", tutorial(current=2), Reason.SAVE_BAD_FIELD, {"field": "current"}),
    ("dealer negative", tutorial(dealer=-1), Reason.SAVE_BAD_FIELD, {"field": "dealer"}),
    ("turn 0", tutorial(turn=0), Reason.SAVE_BAD_FIELD, {"field": "turn"}),
    ("idle turns", tutorial(idle_turns=2), Reason.SAVE_BAD_FIELD, {"field": "idle_turns"}),
    ("rng not text", tutorial(rng=[3]), Reason.SAVE_BAD_FIELD, {"field": "rng", "problem": "type"}),
    ("rng version", tutorial(rng="2" + GOOD_RNG[1:]), Reason.SAVE_BAD_FIELD,
     {"field": "rng", "problem": "value"}),
    ("rng base64", tutorial(rng=GOOD_RNG[:10] + "*" + GOOD_RNG[11:]), Reason.SAVE_BAD_FIELD,
     {"field": "rng"}),
    ("rng short", tutorial(rng=GOOD_RNG[:-8] + "=="), Reason.SAVE_BAD_FIELD, {"field": "rng"}),
    ("rng not canonical", tutorial(rng=GOOD_RNG[:-3] + chr(ord(GOOD_RNG[-3]) + 1) + "=="),
     Reason.SAVE_BAD_FIELD, {"field": "rng"}),
    ("rng position", tutorial(rng=GOOD_RNG[:-8] + "AAACcQ=="), Reason.SAVE_BAD_FIELD,
     {"field": "rng"}),  # position 625 of 0..624
    ("rng all zero", tutorial(rng=ZERO_RNG), Reason.SAVE_BAD_FIELD, {"field": "rng"}),
    ("rng gauss nan", tutorial(rng=GOOD_RNG + ":nan"), Reason.SAVE_BAD_FIELD, {"field": "rng"}),
    ("rng gauss text", tutorial(rng=GOOD_RNG + ":0x1.8"), Reason.SAVE_BAD_FIELD,
     {"field": "rng"}),  # not the canonical 0x1.8000000000000p+0
    # the position (checked by from_position)
    ("missing cards", tutorial(draw_pile="1 2 3"), Reason.SAVE_CARDS_MISMATCH, {}),
    ("19 wild cards", tutorial(completed=" ".join(["W"] * 12),
                               seats__1__hand="W W W W W", seats__1__stock="W W 3 3 3"),
     Reason.SAVE_CARDS_MISMATCH, {"card": 0, "expected": 18}),
    ("every card twice", tutorial(draw_pile=ALL_CARDS), Reason.SAVE_CARDS_MISMATCH, {}),
    ("pile out of order", tutorial(building__0="1 3"), Reason.SAVE_BAD_BUILDING_PILE,
     {"pile": 0, "position": 1, "card": 3}),
    ("pile starts with 2", tutorial(building__1="2"), Reason.SAVE_BAD_BUILDING_PILE,
     {"pile": 1, "position": 0}),
    ("pile of 12", tutorial(building__1=cards_text(list(range(1, 13)))), Reason.SAVE_BAD_SIZE,
     {"field": "building[1]"}),
    ("5 building piles", tutorial(building=["", "", "", "", ""]), Reason.SAVE_BAD_SIZE,
     {"field": "building"}),
    ("3 seats", tutorial(seats=[{"stock": "1"}] * 3), Reason.SAVE_BAD_SIZE, {"field": "seats"}),
    ("stock of 6", tutorial(seats__1__stock="3 3 3 3 3 3"), Reason.SAVE_BAD_SIZE,
     {"field": "seats[1].stock", "size": 6, "max": 5}),
    ("hand of 6", tutorial(seats__0__hand="5 W 10 11 2 2"), Reason.SAVE_BAD_SIZE,
     {"field": "seats[0].hand"}),
    ("5 discard piles", tutorial(seats__1__discards=["", "", "", "", ""]), Reason.SAVE_BAD_SIZE,
     {"field": "seats[1].discards"}),
    ("completed 11", tutorial(completed=cards_text(list(range(1, 12)))), Reason.SAVE_BAD_SIZE,
     {"field": "completed"}),
    ("completed twelve 5s", tutorial(completed="5 " * 12), Reason.SAVE_BAD_COMPLETED_PILE,
     {"pile": 0, "position": 0, "card": 5}),
    ("second completed pile", tutorial(completed=ALL_CARDS_1_TO_12 + " 1 2 3 W 5 6 7 8 9 10 12 11"),
     Reason.SAVE_BAD_COMPLETED_PILE, {"pile": 1, "position": 10, "card": 12}),
    ("a surplus card with the rest", REVIEW_SURPLUS, Reason.SAVE_CARDS_MISMATCH,
     {"card": 1, "expected": 12, "found": 13}),
    ("two winners", tutorial(seats__0__stock="", seats__1__stock=""), Reason.SAVE_INCONSISTENT,
     {"what": "outcome"}),
    ("won and drawn", tutorial(seats__1__stock="", drawn=True), Reason.SAVE_INCONSISTENT,
     {"what": "outcome"}),
    # SB-BLOCKED: a game is drawn only after a whole round in which nobody could move,
    # every hand empty and nothing left to draw (issue 20)
    ("drawn with a full draw pile", tutorial(drawn=True, idle_turns=2, seats__0__hand=""),
     Reason.SAVE_INCONSISTENT, {"what": "outcome"}),
    ("drawn with a hand", json.dumps(drawn_position(hand="7")), Reason.SAVE_INCONSISTENT,
     {"what": "outcome"}),
    ("drawn with cards to draw", json.dumps(drawn_position(draw_pile="7")),
     Reason.SAVE_INCONSISTENT, {"what": "outcome"}),
    ("drawn before a whole idle round", json.dumps(drawn_position(idle_turns=1)),
     Reason.SAVE_INCONSISTENT, {"what": "outcome"}),
]


@pytest.mark.parametrize(("text", "reason", "params"), [r[1:] for r in REJECTED],
                         ids=[r[0] for r in REJECTED])
def test_a_bad_game_file_is_rejected(text: str | bytes, reason: Reason,
                                     params: dict[str, Any]) -> None:
    with pytest.raises(SaveError) as caught:
        loads_game(text)
    assert caught.value.reason == reason
    assert {k: caught.value.params.get(k) for k in params} == params


def test_every_save_reason_has_a_rejection_test() -> None:
    tested = {r[2] for r in REJECTED} | {r[1] for r in MATCH_REJECTED}
    assert tested == {r for r in Reason if r.name.startswith("SAVE_")}


def test_the_base_of_the_bad_files_is_good() -> None:
    loads_game(tutorial())
    loads_game(tutorial(rng=GOOD_RNG))
    loads_match(match_file())


def test_a_bad_seat_field_is_named_inside_a_match() -> None:
    d = json.loads(match_file())
    d["game"]["seats"][1]["stock"] = "3 3 3 3 3 3"
    with pytest.raises(SaveError) as caught:
        match_from_dict(d)
    assert caught.value.params["field"] == "game.seats[1].stock"


def match_file(**changes: Any) -> str:
    d: dict[str, Any] = {
        "format": MATCH_FORMAT, "version": 1,
        "rules": {"players": 3, "stock_size": 5}, "target": 100, "seed": 9,
        "scores": [40, 0, 50],
        "results": [{"winners": [0], "points": 40}, {"winners": [], "points": 0},
                    {"winners": [2], "points": 50}],
        "scored": False,
        "game": {"seats": [{"stock": "1 2"}, {"stock": "3"}, {"stock": "4 4 4 4 4"}]},
    }
    for key, value in changes.items():
        if value is DELETE:
            del d[key]
        else:
            d[key] = value
    return json.dumps(d)


FINISHED_GAME = {"seats": [{"stock": "1 2"}, {"stock": "3"}, {"stock": ""}]}  # seat 2 won, 15

MATCH_REJECTED: list[tuple[str, Reason, dict[str, Any], str]] = [
    ("a game file", Reason.SAVE_BAD_FORMAT, {"format": GAME_FORMAT},
     match_file(format=GAME_FORMAT)),
    ("version 0", Reason.SAVE_BAD_VERSION, {"version": 0}, match_file(version=0)),
    ("no game", Reason.SAVE_BAD_FIELD, {"field": "game", "problem": "missing"},
     match_file(game=DELETE)),
    ("game typo", Reason.SAVE_BAD_FIELD, {"field": "game.seat", "problem": "unknown"},
     match_file(game={"seat": []})),
    ("game is a game file", Reason.SAVE_BAD_FIELD, {"field": "game.format"},
     match_file(game=json.loads(TUTORIAL))),
    ("target 0", Reason.SAVE_BAD_FIELD, {"field": "target", "cause": "bad_target_score"},
     match_file(target=0)),
    ("target text", Reason.SAVE_BAD_FIELD, {"field": "target", "problem": "type"},
     match_file(target="100")),
    ("results not list", Reason.SAVE_BAD_FIELD, {"field": "results"}, match_file(results={})),
    ("result no points", Reason.SAVE_BAD_FIELD, {"field": "results[0].points"},
     match_file(results=[{"winners": [0]}])),
    ("winner text", Reason.SAVE_BAD_FIELD, {"field": "results[0].winners"},
     match_file(results=[{"winners": ["0"], "points": 40}])),
    ("scores not a list", Reason.SAVE_BAD_FIELD, {"field": "scores"}, match_file(scores=90)),
    ("scores of bools", Reason.SAVE_BAD_FIELD, {"field": "scores", "problem": "type"},
     match_file(scores=[False, False, False], results=[])),  # False == 0 in Python
    ("scored text", Reason.SAVE_BAD_FIELD, {"field": "scored"}, match_file(scored="yes")),
    ("scores", Reason.SAVE_INCONSISTENT, {"what": "scores"}, match_file(scores=[40, 0, 55])),
    ("not a side", Reason.SAVE_INCONSISTENT, {"what": "results[0]"},
     match_file(results=[{"winners": [3], "points": 40}], scores=DELETE)),
    ("points of 41", Reason.SAVE_INCONSISTENT, {"what": "results[0]"},
     match_file(results=[{"winners": [0], "points": 41}], scores=DELETE)),
    ("points too high", Reason.SAVE_INCONSISTENT, {"what": "results[0]"},
     match_file(results=[{"winners": [0], "points": 80}], scores=DELETE)),  # 11 cards of 10
    ("points of a draw", Reason.SAVE_INCONSISTENT, {"what": "results[0]"},
     match_file(results=[{"winners": [], "points": 25}], scores=DELETE)),
    ("scored but playing", Reason.SAVE_INCONSISTENT, {"what": "scored"}, match_file(scored=True)),
    ("scored another result", Reason.SAVE_INCONSISTENT, {"what": "scored"},
     match_file(scored=True, game=FINISHED_GAME)),
    ("a result after the end", Reason.SAVE_INCONSISTENT, {"what": "results"},
     match_file(results=[{"winners": [0], "points": 100}, {"winners": [2], "points": 40}],
                scores=DELETE, game=FINISHED_GAME, scored=True,
                rules={"players": 3, "stock_size": 10})),
    ("played on after the end", Reason.SAVE_INCONSISTENT, {"what": "results"},
     match_file(results=[{"winners": [0], "points": 100}, {"winners": [], "points": 0}],
                scores=DELETE, rules={"players": 3, "stock_size": 10})),
]


@pytest.mark.parametrize(("reason", "params", "text"), [r[1:] for r in MATCH_REJECTED],
                         ids=[r[0] for r in MATCH_REJECTED])
def test_a_bad_match_file_is_rejected(reason: Reason, params: dict[str, Any], text: str) -> None:
    with pytest.raises(SaveError) as caught:
        loads_match(text)
    assert caught.value.reason == reason
    assert {k: caught.value.params.get(k) for k in params} == params


def test_the_match_checks_accept_the_consistent_versions() -> None:
    """The bad match files above differ from these good ones in one respect only."""
    scored = loads_match(match_file(
        game=FINISHED_GAME, scored=True, scores=[40, 0, 90],
        results=[*json.loads(match_file())["results"], {"winners": [2], "points": 40}]))
    assert scored.scored and scored.game.outcome == scored.results[-1]
    over = loads_match(match_file(results=[{"winners": [0], "points": 100}], scores=DELETE,
                                  game={"seats": [{"stock": ""}, {"stock": "3 " * 8},
                                                  {"stock": "4 " * 7}]},
                                  scored=True, rules={"players": 3, "stock_size": 10}))
    assert over.is_over and over.leaders == [0]
    with pytest.raises(RulesError) as caught:
        over.next_game()
    assert caught.value.reason == Reason.MATCH_OVER


def test_loading_anything_but_text_is_refused() -> None:
    for value in (None, 1, ["{}"], {"format": GAME_FORMAT}):
        with pytest.raises(SaveError) as caught:
            loads_game(value)  # type: ignore[arg-type]
        assert caught.value.reason == Reason.SAVE_NOT_JSON
    not_dicts: list[Any] = [None, [], "x", 3]
    for not_a_dict in not_dicts:
        with pytest.raises(SaveError) as caught:
            game_from_dict(not_a_dict)
        assert caught.value.reason == Reason.SAVE_BAD_FORMAT


# -- the documentation ------------------------------------------------------------


def doc_json_blocks() -> list[str]:
    """The Skip-Bo examples (the Skyjo section's are tested with Skyjo's engine)."""
    blocks = re.findall(r"```json\n(.*?)```", DOCS.read_text(encoding="utf-8"), flags=re.S)
    return [b for b in blocks if "skipbo-widgets/skyjo-" not in b]


def test_the_json_examples_in_the_docs_load() -> None:
    blocks = doc_json_blocks()
    formats = Counter(json.loads(b)["format"] for b in blocks)
    assert formats[GAME_FORMAT] >= 2 and formats[MATCH_FORMAT] >= 1
    for block in blocks:
        d = json.loads(block)
        loaded = game_from_dict(d) if d["format"] == GAME_FORMAT else match_from_dict(d).game
        assert loaded.card_count() == 162 and loaded.all_cards() == DECK_COUNTS


def test_the_complete_example_in_the_docs_is_what_the_engine_writes() -> None:
    """The docs show this game after four moves, without the rng line."""
    game = Game.new(Rules(players=2, stock_size=5), seed="docs", dealer=1)
    for text in DOC_MOVES:
        game.push_text(text)
    written = {k: v for k, v in game_to_dict(game).items() if k != "rng"}
    assert written in [json.loads(b) for b in doc_json_blocks()]


DOC_MOVES = ["s-b1", "s-b2", "h2-b1", "h12-d1"]


def rng_from_words(words: list[int], gauss: str = "") -> str:
    text = "3:" + base64.b64encode(struct.pack(">625I", *words)).decode()
    return f"{text}:{gauss}" if gauss else text


def test_the_rng_field_is_checked_strictly() -> None:
    words = list(random.Random(1).getstate()[1])
    assert rng_from_words(words) == GOOD_RNG
    assert parse_rng(rng_from_words([*words[:-1], 624]))[1][-1] == 624
    with pytest.raises(SaveError):
        parse_rng(rng_from_words([*words[:-1], 625]))  # the position runs 0..624
    zero = [0] * 625
    assert rng_from_words(zero) == ZERO_RNG
    with pytest.raises(SaveError):
        parse_rng(ZERO_RNG)  # all zero: the generator would only ever give 0
    assert parse_rng(rng_from_words([_UPPER_BIT, *zero[1:]]))[1][0] == _UPPER_BIT
    assert parse_rng(GOOD_RNG + ":0x1.8000000000000p+0")[2] == 1.5
    # The non-canonical base64 among the bad files decodes to the very same words.
    odd = json.loads(next(r[1] for r in REJECTED if r[0] == "rng not canonical"))["rng"]
    assert odd != GOOD_RNG and base64.b64decode(odd[2:]) == base64.b64decode(GOOD_RNG[2:])
    for bad in ("", "3", "3:", GOOD_RNG + ":", GOOD_RNG + ":inf", "4" + GOOD_RNG[1:],
                GOOD_RNG + ":0x1p+0:0x1p+0", " " + GOOD_RNG):
        with pytest.raises(SaveError) as caught:
            parse_rng(bad)
        assert caught.value.params == {"field": "rng", "problem": "value"}


_UPPER_BIT = 0x80000000


# -- golden files: version-1 files keep loading, byte for byte -------------------------

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "positions"
GOLDEN_MOVES = """
h8-d3 hW-b4 h3-d2 hW-b4 s-b3 h8-d1 h8-d3 d2-b4 h4-b4 h9-d2 hW-b2 h10-d1 h2-b2 h12-d3 h10-d3
h3-b2 h10-d2 h4-b2 h11-d1 h8-d4 h5-b4 h1-b1 h7-d2 h6-b4 h9-d4 h12-d3 h7-b4 h5-b2 h9-d4 h2-b1
h3-b1 h4-b1 h10-d4 h6-b2 h8-b4 d2-b4 s-b4 h6-d4 h12-d4 h5-b1 h11-b4 d3-b4 h9-d1 d4-b1 h7-b2
s-b2 h2-b3 s-b3 h3-d2 h4-b3 h5-b3 d2-b1 h3-d4 h9-b2 d4-b2 h8-b1 d4-b1 h11-b2 h12-b2 h7-d2
h10-b1 h1-b2 h8-d2 hW-b3 h10-d3 d2-b3 d3-b3 h11-b1 s-b3 s-b2 s-b2 h6-d3 d3-b1 d3-b3 hW-b2
h1-b4 h4-d4 h5-b2 h6-b2 h12-d1 s-b4 hW-b1 h1-d4 h4-d2 hW-b2 d4-b4 h12-d3 h5-d1 h8-b2 h5-d2
h2-b1 h3-b1 h10-d4 h11-b3 h10-d3 d4-b1 h9-b2 d2-b1 s-b3 h6-b1 h12-d3 h4-d4 d4-b3 s-b2 h2-b3
h7-b1 h7-d1 h11-b2 d4-b1 d2-b4 d3-b2 h1-b2 h7-d1 h3-b3 hW-b1 h2-b2 d4-b3 d2-b1 h11-b1 d1-b1
h7-d2 h5-b4 h5-b3 s-b4 s-b1 s-b4 s-b1 h5-d1 h6-b3 h7-b3 h8-d4 h5-d1 h3-d3 hW-d2 h9-d3
"""


def golden_game() -> Game:
    """Three players, stock 10, 135 moves in: completed piles wait, the draw pile is low."""
    game = Game.new(Rules(players=3, stock_size=10), seed="golden", dealer=0)
    for text in GOLDEN_MOVES.split():
        game.push_text(text)
    return game


def golden_match() -> Match:
    """A team match after one scored game, a few moves into the second."""
    match = Match(Rules(players=4, stock_size=5, teams=True), seed="golden", target=300)
    rng = random.Random(0)
    while not match.game.is_over:
        match.game.push(choose(match.game, rng))
    match.next_game()
    for _ in range(9):
        match.game.push(choose(match.game, rng))
    return match


def write_golden_files() -> None:
    """Run ``python tests/skipbo/engine/test_save.py`` to write them again (a new version)."""
    GOLDEN.mkdir(parents=True, exist_ok=True)
    (GOLDEN / "game-v1.json").write_text(dumps_game(golden_game()), encoding="utf-8")
    (GOLDEN / "match-v1.json").write_text(dumps_match(golden_match()), encoding="utf-8")
    blocked = json.dumps(blocked_position(), indent=2) + "\n"
    (GOLDEN / "blocked-v1.json").write_text(blocked, encoding="utf-8")


def test_the_golden_files_load_and_are_written_back_byte_for_byte() -> None:
    game_text = (GOLDEN / "game-v1.json").read_text(encoding="utf-8")
    match_text = (GOLDEN / "match-v1.json").read_text(encoding="utf-8")
    assert dumps_game(loads_game(game_text)) == game_text
    assert dumps_match(loads_match(match_text)) == match_text
    blocked = loads_game((GOLDEN / "blocked-v1.json").read_text(encoding="utf-8"))
    assert [str(m) for m in blocked.legal_moves()] == ["end"]


def test_the_golden_files_are_what_the_engine_plays_and_writes() -> None:
    game = golden_game()
    assert game.completed and not game.is_over
    assert dumps_game(game) == (GOLDEN / "game-v1.json").read_text(encoding="utf-8")
    match = golden_match()
    assert dumps_match(match) == (GOLDEN / "match-v1.json").read_text(encoding="utf-8")


if __name__ == "__main__":
    write_golden_files()
