"""Golden file: one recorded game in move notation, replayed and diffed (tests layer 3).

``tests/skipbo/golden/game_3p_stock10_seed2026.txt`` holds the rules, seed and
dealer of a game, then one line per move: the move number, the seat to move,
how many legal moves it had, the move in notation and every event it caused.
Replaying the moves must give the same text, line by line; playing the same
game with the recorded policy (always the first legal move) must give the
same moves. Any change to the rules engine's behaviour shows up as a diff.

The file is never rewritten automatically. After a deliberate change, rewrite
it and review the diff before committing::

    SKIPBO_UPDATE_GOLDEN=1 .venv/bin/pytest tests/skipbo/engine/test_golden.py
"""

from __future__ import annotations

import difflib
import json
import os
from collections.abc import Sequence
from pathlib import Path

import pytest

from skipbo_widgets.skipbo.engine import Game, Move, Rules

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "game_3p_stock10_seed2026.txt"
RULES = Rules(players=3, stock_size=10)
SEED = 2026
DEALER = 1
UPDATE = os.environ.get("SKIPBO_UPDATE_GOLDEN") == "1"
POLICY = "play-first (always the first of legal_moves)"
HEADER = """\
# A recorded Skip-Bo game, replayed and diffed by tests/skipbo/engine/test_golden.py.
# Regenerate only after a deliberate engine change, then review the diff:
#   SKIPBO_UPDATE_GOLDEN=1 .venv/bin/pytest tests/skipbo/engine/test_golden.py
# Move lines: number, seat to move, legal moves, move | events (cards: 0 = wild)."""


def events_text(events: Sequence[object]) -> str:
    return " | ".join(map(repr, events))


def record(rules: Rules, seed: int, dealer: int, moves: list[Move] | None = None) -> str:
    """The golden text of a game: replaying ``moves``, or the policy when ``None``."""
    game = Game.new(rules, seed=seed, dealer=dealer)
    lines = [
        HEADER,
        f"rules: {json.dumps(rules.to_dict(), sort_keys=True)}",
        f"seed: {seed}",
        f"dealer: {dealer}",
        f"policy: {POLICY}",
        f"start: {events_text(list(game.events))}",
    ]
    number = 0
    while not game.is_over:
        legal = game.legal_moves()
        if moves is None:
            move = legal[0]
        elif number < len(moves):
            move = moves[number]
            assert move in legal, f"move {number + 1} {move} is not legal here"
        else:
            break
        seat = game.current
        events = game.push(move)
        number += 1
        lines.append(f"{number}. seat {seat} [{len(legal)} legal] {move} | {events_text(events)}")
    assert moves is None or number == len(moves), "the game ended before its last move"
    lines.append(f"outcome: {game.outcome!r}")
    return "\n".join(lines) + "\n"


def parse(text: str) -> tuple[Rules, int, int, list[Move]]:
    """The rules, seed, dealer and moves of a golden file."""
    fields: dict[str, str] = {}
    moves: list[Move] = []
    for line in text.splitlines():
        if line.startswith("#") or not line.strip():
            continue
        head, _, rest = line.partition(" ")
        if head.endswith(".") and head[:-1].isdigit():
            assert int(head[:-1]) == len(moves) + 1, line
            moves.append(Move.parse(rest.partition("] ")[2].partition(" |")[0]))
        else:
            fields[head.rstrip(":")] = rest
    rules = Rules.from_dict(json.loads(fields["rules"]))
    return rules, int(fields["seed"]), int(fields["dealer"]), moves


def assert_same(expected: str, actual: str, what: str) -> None:
    if expected != actual:
        diff = difflib.unified_diff(
            expected.splitlines(), actual.splitlines(), "golden file", what, lineterm="", n=1
        )
        pytest.fail("\n".join(list(diff)[:40]), pytrace=False)


@pytest.fixture(scope="module")
def golden_text() -> str:
    if UPDATE:
        GOLDEN.write_text(record(RULES, SEED, DEALER), encoding="utf-8")
        pytest.skip(f"rewrote {GOLDEN.name}: review the diff before committing")
    if not GOLDEN.exists():
        pytest.fail(f"{GOLDEN} is missing; create it with SKIPBO_UPDATE_GOLDEN=1")
    return GOLDEN.read_text(encoding="utf-8")


def test_golden_file_describes_a_whole_game(golden_text: str) -> None:
    rules, seed, dealer, moves = parse(golden_text)
    assert (rules, seed, dealer) == (RULES, SEED, DEALER)
    assert len(moves) > 50
    assert golden_text.rstrip().splitlines()[-1].startswith("outcome: Outcome(winners=(")


def test_replaying_the_moves_gives_the_same_events(golden_text: str) -> None:
    rules, seed, dealer, moves = parse(golden_text)
    assert_same(golden_text, record(rules, seed, dealer, moves), "replayed")


def test_the_policy_still_chooses_the_same_moves(golden_text: str) -> None:
    """Fails alone (with the replay passing) when the order of legal_moves changed."""
    assert_same(golden_text, record(RULES, SEED, DEALER), "played again")


def test_parse_reads_back_what_record_writes() -> None:
    text = record(Rules(players=2, stock_size=5), 3, 0)
    rules, seed, dealer, moves = parse(text)
    assert (rules, seed, dealer) == (Rules(players=2, stock_size=5), 3, 0)
    assert record(rules, seed, dealer, moves) == text
    assert record(rules, seed, dealer, moves[:-1]) != text
