"""Golden round: one recorded Skyjo round, replayed and diffed (tests layer 3).

``tests/skyjo/golden/round_3p_seed2026.txt`` holds the rules and the seed,
then for every move its notation after ``>`` and the events it caused, one
JSON object a line. Replaying the moves must write the same text; choosing
moves again with the recorded policy must choose the same ones. After a
deliberate change of the engine, rewrite the file and review its diff::

    SKIPBO_UPDATE_GOLDEN=1 .venv/bin/pytest tests/skyjo/engine/test_skyjo_golden.py
"""

from __future__ import annotations

import difflib
import json
import os
import random
from pathlib import Path

import pytest

from skipbo_widgets.skyjo.engine import Move, Round, Rules, event_dict

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "round_3p_seed2026.txt"
RULES = Rules(players=3, doubling="positive")
SEED = 2026


def write(r: Round, moves: list[Move]) -> str:
    """The golden text of round ``r`` (fresh from ``Round.new``) after ``moves``."""
    out = ["# A recorded Skyjo round (tests/skyjo/engine/test_skyjo_golden.py); policy: seeded",
           "# random choice, random.Random(seed).choice(legal_moves()).",
           f"rules: {json.dumps(r.rules.to_dict())}", f"seed: {r.seed}"]
    out += [json.dumps(event_dict(e)) for e in r.events]
    for move in moves:
        out.append(f"> {move}")
        out += [json.dumps(event_dict(e)) for e in r.push(move)]
    out.append(f"outcome: {list(r.outcome.scores) if r.outcome else None}")
    return "\n".join(out) + "\n"


def chosen_moves() -> list[Move]:
    r, rng, moves = Round.new(RULES, seed=SEED), random.Random(SEED), []
    while r.outcome is None:
        moves.append(rng.choice(r.legal_moves()))
        r.push(moves[-1])
    return moves


def read(text: str) -> tuple[Rules, int, list[Move]]:
    lines = text.splitlines()
    fields = dict(line.split(": ", 1) for line in lines if line[:1].isalpha())
    moves = [Move.parse(line[2:]) for line in lines if line.startswith("> ")]
    return Rules(**json.loads(fields["rules"])), int(fields["seed"]), moves


@pytest.fixture(scope="module")
def golden() -> str:
    if os.environ.get("SKIPBO_UPDATE_GOLDEN") == "1":
        GOLDEN.write_text(write(Round.new(RULES, seed=SEED), chosen_moves()), encoding="utf-8")
        pytest.skip(f"rewrote {GOLDEN.name}: review the diff before committing")
    return GOLDEN.read_text(encoding="utf-8")


def same(expected: str, actual: str) -> None:
    diff = list(difflib.unified_diff(expected.splitlines(), actual.splitlines(), lineterm=""))
    assert not diff, "\n".join(diff[:40])


def test_the_file_is_a_whole_round(golden: str) -> None:
    rules, seed, moves = read(golden)
    assert (rules, seed) == (RULES, SEED) and len(moves) > 40
    assert '"type": "RoundScored"' in golden.splitlines()[-2]


def test_replaying_the_moves_writes_the_same_events(golden: str) -> None:
    rules, seed, moves = read(golden)
    same(golden, write(Round.new(rules, seed=seed), moves))


def test_the_policy_still_chooses_the_same_moves(golden: str) -> None:
    """Fails alone (with the replay passing) when the order of legal_moves changed."""
    assert chosen_moves() == read(golden)[2]


def test_a_changed_move_shows_as_a_diff(golden: str) -> None:
    rules, seed, moves = read(golden)
    assert write(Round.new(rules, seed=seed), moves[:-1]) != golden
