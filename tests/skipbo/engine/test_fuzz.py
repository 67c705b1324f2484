"""Fuzzing the notation and the save-file loader (Hypothesis, deterministic profile).

Parsing never raises anything but ``NotationError``; loading never raises
anything but ``SaveError``, and whatever it does accept is a whole, playable game.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import event as _event
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context

from skipbo_widgets.fuzz.json_paths import all_paths, get, put
from skipbo_widgets.skipbo.engine import Game, Match, Move, NotationError, Rules, SaveError
from skipbo_widgets.skipbo.engine.cards import DECK_COUNTS, TOP_VALUE, WILD, card_text, parse_card
from skipbo_widgets.skipbo.engine.rules import BUILDING_PILES, DISCARD_PILES, HAND_SIZE
from skipbo_widgets.skipbo.engine.save import (
    game_from_dict,
    game_to_dict,
    loads_game,
    loads_match,
    match_from_dict,
    match_to_dict,
)

# One fixed profile: the same examples on every run and every machine.
FUZZ = settings(max_examples=200, derandomize=True, database=None, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])



def event(name: str) -> None:
    """Count outcomes in ``--hypothesis-show-statistics`` (outside a fuzz test: nothing)."""
    if currently_in_test_context():
        _event(name)


# -- notation ------------------------------------------------------------------

PILES = [str(p) for p in range(1, 10)]  # the notation names piles 1-9
CARDS = ["W", *map(str, range(1, TOP_VALUE + 1))]
SOURCES = ["s", *(f"d{p}" for p in PILES), *(f"h{c}" for c in CARDS)]
CANONICAL = ["end"] + [
    f"{owner}{source}-{target}{pile}"
    for owner in ("", "p") for source in SOURCES for target in "bd" for pile in PILES
]


def test_every_move_text_round_trips() -> None:
    moves = [Move.parse(text) for text in CANONICAL]
    assert len(set(moves)) == len(CANONICAL)  # different texts, different moves
    for text, move in zip(CANONICAL, moves, strict=True):
        assert str(move) == text
        assert Move.parse(str(move)) == move
        assert Move.parse(f"  {text.upper()} ") == move
    assert Move.parse("hSB-b1") == Move.parse("hW-b1")


def test_every_card_text_round_trips() -> None:
    for card in range(TOP_VALUE + 1):
        assert parse_card(card_text(card)) == card
    assert parse_card("sb") == parse_card("w") == WILD


NEAR_NOTATION = st.text(alphabet="shdpbWSBend-0123456789 \t", max_size=10)
NOT_TEXT = st.one_of(st.none(), st.integers(), st.binary(), st.lists(st.text(), max_size=2))


@FUZZ
@given(st.one_of(st.text(max_size=20), NEAR_NOTATION,
                 st.sampled_from(CANONICAL).flatmap(lambda t: st.tuples(
                     st.just(t), st.integers(0, len(t)), st.text(max_size=2)).map(
                     lambda x: x[0][:x[1]] + x[2] + x[0][x[1] + 1:]))))
def test_move_parse_gives_a_canonical_move_or_a_notation_error(text: str) -> None:
    try:
        move = Move.parse(text)
    except NotationError:
        event("notation error")
        return
    event("move")
    assert isinstance(move, Move)
    assert str(move) in CANONICAL
    assert Move.parse(str(move)) == move


@FUZZ
@given(NOT_TEXT)
def test_move_parse_refuses_what_is_not_text(value: Any) -> None:
    try:
        Move.parse(value)
    except NotationError:
        return
    raise AssertionError("parsed a non-string")


@FUZZ
@given(st.one_of(st.text(max_size=6), NEAR_NOTATION, NOT_TEXT))
def test_parse_card_gives_a_card_or_a_notation_error(text: Any) -> None:
    try:
        card = parse_card(text)
    except NotationError:
        return
    assert 0 <= card <= TOP_VALUE
    assert parse_card(card_text(card)) == card


# -- the loader ------------------------------------------------------------------


def _play(game: Game, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if game.is_over:
            return
        options = game.legal_moves()
        plays = [m for m in options if m.is_play]
        game.push(rng.choice(plays) if plays and rng.random() < 0.9 else rng.choice(options))


def _valid_saves() -> list[dict[str, Any]]:
    saves = []
    for i, rules in enumerate([Rules(players=2, stock_size=5), Rules(players=3, stock_size=10),
                               Rules(players=4, stock_size=5, teams=True),
                               Rules(players=6, stock_size=5, faces="playing")]):
        game = Game.new(rules, seed=i)
        _play(game, random.Random(i), 60)  # some completed piles and full discard piles
        saves.append(game_to_dict(game))
    saves.append({
        "format": "skipbo-widgets/game", "version": 1, "rules": {"players": 2, "stock_size": 5},
        "building": ["1 2 3", "", "1"],
        "seats": [{"stock": "9 8 7 6 4", "hand": "5 W 10 11 2", "discards": ["12"]},
                  {"stock": "3 3 3 3 3"}],
        "draw_pile": "rest",
    })
    match = Match(Rules(players=2, stock_size=5), seed="fuzz", target=60)
    _play(match.game, random.Random(5), 200)
    match.record()
    match.next_game()
    _play(match.game, random.Random(6), 20)
    saves.append(match_to_dict(match))
    return saves


VALID_SAVES = _valid_saves()

JSON_SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(allow_nan=False),
    st.text(max_size=12), st.sampled_from([0, 1, -1, 2**63, "rest", "W", "13", ""]),
    st.builds(pow, st.just(10), st.just(4000)),  # a huge number that JSON still reads
)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=12,
)
CARD_TOKENS = st.sampled_from(["W", "SB", "w", "0", "13", "-1", "1.5", "x", "", "12 12", *CARDS])




def _mutate(data: st.DataObject, save: dict[str, Any]) -> Any:
    """One or a few of: drop, replace, change a card, swap two values, move a card."""
    d: Any = copy.deepcopy(save)
    for _ in range(data.draw(st.integers(1, 3))):
        paths = all_paths(d)
        kind = data.draw(st.sampled_from(["drop", "replace", "card", "swap", "move card"]))
        path = data.draw(st.sampled_from(paths))
        if kind == "drop" and path:
            del get(d, path[:-1])[path[-1]]
        elif kind == "replace":
            d = put(d, path, data.draw(JSON_VALUES))
        elif kind == "card":
            texts = [p for p in paths if isinstance(get(d, p), str) and p]
            if texts:
                where = data.draw(st.sampled_from(texts))
                tokens = get(d, where).split() or [""]
                i = data.draw(st.integers(0, len(tokens) - 1))
                tokens[i] = data.draw(CARD_TOKENS)
                put(d, where, " ".join(tokens))
        elif kind == "swap":
            other = data.draw(st.sampled_from(paths))
            if path and other and path[:len(other)] != other and other[:len(path)] != path:
                a, b = get(d, path), get(d, other)
                put(d, path, b)
                put(d, other, a)
        else:  # a card from one pile to another keeps the count: often still valid
            piles = [p for p in paths if p and isinstance(get(d, p), str)
                     and p[-1] not in ("format", "rng", "seed", "faces")]
            if len(piles) >= 2:
                src, dst = data.draw(st.sampled_from(piles)), data.draw(st.sampled_from(piles))
                tokens = get(d, src).split()
                if tokens and src != dst:
                    card = tokens.pop(data.draw(st.integers(0, len(tokens) - 1)))
                    put(d, src, " ".join(tokens))
                    put(d, dst, f"{get(d, dst)} {card}".strip())
    return d


def _check_game(game: Game) -> None:
    rules = game.rules
    assert game.card_count() == 162 and game.all_cards() == DECK_COUNTS
    assert len(game.building) == BUILDING_PILES
    for pile in game.building:
        assert len(pile) < TOP_VALUE
        assert all(c in (WILD, i + 1) for i, c in enumerate(pile))
    assert 0 <= game.current < rules.players and 0 <= game.dealer < rules.players
    for seat in range(rules.players):
        assert game.hand_size(seat) <= HAND_SIZE
        assert len(game.stocks[seat]) <= rules.stock_size
        assert len(game.discards[seat]) == DISCARD_PILES
    again = game_from_dict(game_to_dict(game))
    assert again.position_key() == game.position_key()
    moves = game.legal_moves()
    assert bool(moves) != game.is_over
    if moves:  # the game can go on, and take the move back exactly
        before = game.state_key()
        game.push(moves[len(moves) // 2])
        game.pop()
        assert game.state_key() == before


def _check_match(match: Match) -> None:
    assert len(match.scores) == len(match.rules.sides())
    _check_game(match.game)


def _load(value: Any) -> None:
    """Load ``value`` as a game and as a match: a valid result or a SaveError, nothing else."""
    try:
        _check_game(game_from_dict(value))
        event("game loaded")
    except SaveError as err:
        event(f"game: {err.reason.value}")
    try:
        _check_match(match_from_dict(value))
        event("match loaded")
    except SaveError as err:
        event(f"match: {err.reason.value}")


def _load_text(text: str | bytes) -> None:
    try:
        _check_game(loads_game(text))
    except SaveError as err:
        event(f"game text: {err.reason.value}")
    try:
        _check_match(loads_match(text))
    except SaveError as err:
        event(f"match text: {err.reason.value}")


@FUZZ
@given(st.one_of(st.text(max_size=200), st.binary(max_size=200)))
def test_loading_arbitrary_text_gives_a_save_error(text: str | bytes) -> None:
    _load_text(text)


@FUZZ
@given(JSON_VALUES)
def test_loading_arbitrary_json_gives_a_save_error(value: Any) -> None:
    _load_text(json.dumps(value))
    _load(value)


@FUZZ
@given(st.sampled_from(VALID_SAVES), st.dictionaries(
    st.sampled_from(["rules", "seed", "current", "dealer", "turn", "moved", "idle_turns",
                     "drawn", "draw_pile", "completed", "building", "seats", "rng", "target",
                     "scores", "results", "scored", "game"]), JSON_VALUES, max_size=3))
def test_loading_valid_headers_with_arbitrary_fields(save: dict[str, Any],
                                                     fields: dict[str, Any]) -> None:
    _load({**save, **fields})
    _load({"format": save["format"], "version": 1, **fields})


@FUZZ
@given(st.data())
def test_loading_mutated_saves_gives_a_valid_game_or_a_save_error(data: st.DataObject) -> None:
    save = data.draw(st.sampled_from(VALID_SAVES))
    mutated = _mutate(data, save)
    _load(mutated)
    text = json.dumps(mutated)
    _load_text(text)
    cut = data.draw(st.integers(0, len(text)))
    _load_text(text[:cut])
    _load_text(text.encode()[:cut])


@FUZZ
@given(st.data())
def test_loading_python_values_that_json_cannot_hold(data: st.DataObject) -> None:
    save = data.draw(st.sampled_from(VALID_SAVES))
    d = copy.deepcopy(save)
    path = data.draw(st.sampled_from(all_paths(d)[1:]))
    odd = data.draw(st.sampled_from([(1, 2), b"W", float("nan"), {1: 2}, {"a"}, object(),
                                     [[[[[[[[[[[]]]]]]]]]]]]))
    put(d, path, odd)
    _load(d)


def test_the_valid_saves_load_and_moving_cards_between_piles_can_still_be_valid() -> None:
    """The fuzzed saves start valid; some mutations keep them valid, so both paths run."""
    for save in VALID_SAVES:
        _load(save)
    d = copy.deepcopy(VALID_SAVES[0])
    hand = d["seats"][0]["hand"].split()
    draw = d["draw_pile"].split()
    hand[0], draw[0] = draw[0], hand[0]
    d["seats"][0]["hand"], d["draw_pile"] = " ".join(hand), " ".join(draw)
    _check_game(game_from_dict(d))
