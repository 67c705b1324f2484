"""Fuzzing Skyjo's notation and save files (Hypothesis, one fixed profile).

Parsing raises nothing but ``NotationError``; loading raises nothing but
``SaveError``, and whatever it accepts is a whole round that saves back to
the same text and plays on to its end.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skipbo_widgets.skyjo.engine import (
    DECK_COUNTS,
    Match,
    Move,
    NotationError,
    Round,
    Rules,
    SaveError,
    dumps_match,
    dumps_round,
    loads_match,
    loads_round,
    parse_card,
)
from skipbo_widgets.skyjo.engine.moves import ALL_MOVES
from skipbo_widgets.skyjo.engine.save import round_to_dict

FUZZ = settings(max_examples=300, derandomize=True, database=None, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])

WORDS = st.sampled_from(["take", "draw", "swap", "drop", "reveal", "a1", "d3", "e1", "b0",
                         "-2", "12", "x", "(3)", " ", "\t", "TAKE", "\uff211", "\x00"])
MOVE_TEXT = st.one_of(st.text(max_size=20), st.lists(WORDS, max_size=4).map(" ".join),
                      st.sampled_from(ALL_MOVES).map(str))


@FUZZ
@given(MOVE_TEXT)
def test_move_notation_parses_or_says_why(text: str) -> None:
    try:
        move = Move.parse(text)
    except NotationError:
        return
    assert Move.parse(str(move)) is move and str(move) == " ".join(text.lower().split())


@FUZZ
@given(st.text(max_size=6))
def test_card_notation_parses_or_says_why(text: str) -> None:
    try:
        card = parse_card(text)
    except NotationError:
        return
    assert card in DECK_COUNTS and parse_card(str(card)) == card


def _round(seed: int) -> Round:
    r, rng = Round.new(Rules(players=2 + seed % 7), seed=seed), random.Random(seed)
    for _ in range(seed % 90):
        if r.outcome is None:
            r.push(rng.choice(r.legal_moves()))
    return r


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 200) | st.text(max_size=12)
    | st.sampled_from(["(3)", "x", "-2", "1 2 3 4", "(0) (0) (0) (0)", "rest", "play", "over"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=10)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += _paths(item, (*path, i))
    return found


def _accepted(r: Round) -> None:
    """A loaded round is whole: it saves to the same text, and plays to its end."""
    assert r.all_cards() == DECK_COUNTS
    assert dumps_round(loads_round(dumps_round(r))) == dumps_round(r)
    rng = random.Random(0)
    while r.outcome is None:
        r.push(rng.choice(r.legal_moves()))


@FUZZ
@given(st.integers(0, 500), st.data())
def test_an_edited_save_file_loads_whole_or_is_refused(seed: int, data: st.DataObject) -> None:
    d = round_to_dict(_round(seed))
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(_paths(d)[1:]))
        holder = d
        for step in path[:-1]:
            holder = holder[step]
        holder[path[-1]] = data.draw(JSON)
    try:
        r = loads_round(json.dumps(d))
    except SaveError:
        return
    _accepted(r)


@FUZZ
@given(st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
def test_arbitrary_bytes_are_refused_or_a_round(data: bytes) -> None:
    for load in (loads_round, loads_match):
        try:
            load(data)
        except SaveError:
            continue


@settings(FUZZ, max_examples=40)
@given(st.integers(0, 10_000))
def test_saved_rounds_and_matches_round_trip(seed: int) -> None:
    r = _round(seed)
    assert loads_round(dumps_round(r)).position_key() == r.position_key()
    m = Match(r.rules, seed=seed)
    m.game = r
    if r.outcome is not None:
        m.record()
    again = loads_match(dumps_match(m))
    assert (again.scores, again.scored) == (m.scores, m.scored)
