"""Skyjo save files: round trips, exact continuation, refusals with reason codes."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from skipbo_widgets.skyjo.engine import (
    Match,
    Reason,
    Round,
    Rules,
    SaveError,
    dumps_match,
    dumps_round,
    loads_match,
    loads_round,
)
from skipbo_widgets.skyjo.engine.save import ROUND_FORMAT, round_to_dict


def played(rules: Rules, seed: int, moves: int) -> Round:
    r, rng = Round.new(rules, seed=seed), random.Random(seed)
    for _ in range(moves):
        if r.outcome is None:
            r.push(rng.choice(r.legal_moves()))
    return r


@pytest.mark.parametrize("players", [2, 5, 8])
@pytest.mark.parametrize("moves", [0, 3, 2 * 8 + 1, 40, 10_000])
def test_a_loaded_round_is_the_same_round_and_goes_on_alike(players: int, moves: int) -> None:
    r = played(Rules(players=players, doubling="positive"), players, moves)
    loaded = loads_round(dumps_round(r))
    assert loaded.position_key() == r.position_key()
    rng = random.Random(1)
    while r.outcome is None:  # the same reshuffles too: the generator was saved
        move = rng.choice(r.legal_moves())
        assert r.push(move) == loaded.push(move)
    assert loaded.outcome == r.outcome


def test_a_match_round_trips_between_and_inside_rounds() -> None:
    m, rng = Match(Rules(players=3), seed="m"), random.Random(0)
    while True:
        while m.game.outcome is None:
            m.game.push(rng.choice(m.game.legal_moves()))
            if rng.random() < 0.05:
                copy = loads_match(dumps_match(m))
                assert copy.game.position_key() == m.game.position_key()
        m.record()
        copy = loads_match(dumps_match(m))
        assert (copy.scores, copy.results, copy.scored) == (m.scores, m.results, True)
        if m.is_over:
            break
        m.next_game()
        assert loads_match(dumps_match(m)).game.position_key() == m.game.position_key()


def test_a_hand_written_file_needs_little() -> None:
    text = json.dumps({
        "format": ROUND_FORMAT, "version": 1, "phase": "play", "discard": "5",
        "seats": [{"grid": ["1 (2) (3) (4)", "5 (6) (7) (8)", "(9) (10) (11) (12)"]},
                  {"grid": ["1 2 (3) (4)", "(5) (6) (7) (8)", "(9) (10) (11) (12)"]}],
    })
    r = loads_round(text)
    assert r.phase == "play" and r.current == 0 and r.discard == [5]
    assert len(r.draw_pile) == 150 - 25 and r.face_up[0][0]
    assert (r.first, r.turn) == (0, 1)  # 1 + 5 against 1 + 2: seat 0 starts (SJ-FIRST)


def base() -> dict[str, Any]:
    return round_to_dict(played(Rules(players=2), 9, 12))


def edited(**changes: Any) -> dict[str, Any]:
    d = base()
    for key, value in changes.items():
        target, *path = key.split("__")
        holder: Any = d
        for step in path:
            holder = holder[target]
            target = int(step) if step.isdigit() else step
        holder[target] = value
    return d


BAD: list[tuple[str, Any, Reason, dict[str, Any]]] = [
    ("another game", {**base(), "format": "skipbo-widgets/game"}, Reason.SAVE_BAD_FORMAT, {}),
    ("a later version", edited(version=2), Reason.SAVE_BAD_VERSION, {"version": 2}),
    ("a typo", {**base(), "curent": 1}, Reason.SAVE_BAD_FIELD, {"field": "curent"}),
    ("no seats", {k: v for k, v in base().items() if k != "seats"}, Reason.SAVE_BAD_FIELD,
     {"field": "seats", "problem": "missing"}),
    ("a card too many", edited(discard="5 5"), Reason.SAVE_CARDS_MISMATCH, {}),
    ("a card 13", edited(discard="13"), Reason.SAVE_BAD_FIELD, {"cause": "skyjo_bad_card"}),
    ("a short row", edited(seats__0__grid=["1 2 3", "1 2 3 4", "1 2 3 4"]),
     Reason.SAVE_BAD_FIELD, {"field": "seats[0].grid", "problem": "size"}),
    ("half a column gone", edited(seats__0__grid=["x 2 3 4", "1 2 3 4", "1 2 3 4"]),
     Reason.SAVE_INCONSISTENT, {"what": "seats[0].grid"}),
    ("a column left standing", edited(seats__1__grid=["7 (2) (3) (4)", "7 (6) (7) (8)",
                                                      "7 (10) (11) (12)"]),
     Reason.SAVE_INCONSISTENT, {"what": "seats[1].grid"}),
    ("nine players", edited(rules={"players": 9}), Reason.SAVE_BAD_FIELD,
     {"field": "rules", "cause": "skyjo_bad_player_count"}),
    ("a phase", edited(phase="dessert"), Reason.SAVE_BAD_FIELD, {"field": "phase"}),
    ("a seat", edited(current=2), Reason.SAVE_BAD_FIELD, {"field": "current"}),
    ("a drawn card at set-up", {**round_to_dict(played(Rules(), 9, 1)), "drawn": 3,
                                "draw_pile": "rest"}, Reason.SAVE_INCONSISTENT, {"what": "setup"}),
    ("set-up out of order", {**round_to_dict(played(Rules(), 9, 1)), "current": 1},
     Reason.SAVE_INCONSISTENT, {"what": "setup"}),
    ("an rng", edited(rng="3:abc"), Reason.SAVE_BAD_FIELD, {"field": "rng", "problem": "value"}),
    ("a bool turn", edited(turn=True), Reason.SAVE_BAD_FIELD, {"field": "turn"}),
    ("not json", "{", Reason.SAVE_NOT_JSON, {}),
    ("deep", "[" * 50 + "]" * 50, Reason.SAVE_NOT_JSON, {}),
    ("large", " " * 300_000, Reason.SAVE_TOO_LARGE, {}),
]


@pytest.mark.parametrize(("data", "reason", "params"), [b[1:] for b in BAD],
                         ids=[b[0] for b in BAD])
def test_a_file_that_is_not_a_valid_round_is_refused(data: Any, reason: Reason,
                                                     params: dict[str, Any]) -> None:
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(SaveError) as caught:
        loads_round(text)
    assert caught.value.reason == reason
    assert params.items() <= caught.value.params.items()


def test_match_results_must_add_up() -> None:
    m = Match(Rules(players=2), seed=3)
    rng = random.Random(3)
    while m.game.outcome is None:
        m.game.push(rng.choice(m.game.legal_moves()))
    m.record()
    d = json.loads(dumps_match(m))
    d["scores"][0] += 1
    with pytest.raises(SaveError) as caught:
        loads_match(json.dumps(d))
    assert caught.value.params == {"what": "scores"}
    d = json.loads(dumps_match(m))
    d["results"][0]["doubled"] = not d["results"][0]["doubled"]
    with pytest.raises(SaveError) as caught:
        loads_match(json.dumps(d))
    assert caught.value.reason == Reason.SAVE_INCONSISTENT
