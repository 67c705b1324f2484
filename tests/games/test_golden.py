"""Golden files of every game (tests layer 3), one harness: a recorded game in notation,
replayed and diffed.

``tests/<game>/golden/*.txt`` each hold a header (the game, its rules, seed, the deal's
options and the policy that chose the moves), the deal's events, then one line per move
(its number, the seat to move, how many legal moves it had, the move) followed by the
events it caused, one JSON object a line, and the outcome. Replaying the moves must write
the same text; choosing the moves again with the recorded policy must choose the same
ones (that alone fails when the order of ``legal_moves`` changed). Any change of an
engine's behaviour shows as a diff.

The files are never rewritten by themselves. After a deliberate change, rewrite them
from their headers and review the diff before committing::

    SKIPBO_UPDATE_GOLDEN=1 .venv/bin/pytest tests/games/test_golden.py
"""

from __future__ import annotations

import dataclasses
import difflib
import json
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from skipbo_widgets.core.events import event_dict

from .described import Described

UPDATE = os.environ.get("SKIPBO_UPDATE_GOLDEN") == "1"
#: How a recorded game chose its moves, by the name its file gives.
POLICIES: dict[str, Callable[[int | str], Callable[[list[Any]], Any]]] = {
    "first": lambda seed: lambda legal: legal[0],
    "random": lambda seed: random.Random(seed).choice,
}
POLICY_TEXT = {"first": "always the first of legal_moves()",
               "random": "random.Random(seed).choice(legal_moves())"}


@dataclasses.dataclass(frozen=True)
class Header:
    game: str
    rules: dict[str, Any]
    seed: int
    deal: dict[str, Any]
    policy: str


def _text(value: Any) -> str:
    """An event or outcome as one line: JSON for a named tuple, else its repr."""
    return json.dumps(event_dict(value)) if hasattr(value, "_asdict") else repr(value)


def _rules_dict(rules: Any) -> dict[str, Any]:
    return rules.to_dict() if hasattr(rules, "to_dict") else dataclasses.asdict(rules)


def record(game: Described, header: Header, moves: list[Any] | None = None, *,
           limit: int = 5000) -> str:
    """The golden text of the game ``header`` describes: replaying ``moves``, or choosing
    with its policy when ``None`` (for at most ``limit`` moves)."""
    kind = game.ui.kind
    g = kind.new_game(kind.rules(**header.rules), seed=header.seed, **header.deal)
    choose = POLICIES[header.policy](header.seed)
    lines = [
        f"# A recorded game of {kind.name}, replayed and diffed by tests/games/test_golden.py.",
        "# Regenerate only after a deliberate engine change, then review the diff:",
        "#   SKIPBO_UPDATE_GOLDEN=1 .venv/bin/pytest tests/games/test_golden.py",
        "# Move lines: number, seat to move, legal moves, move; then each event it caused.",
        f"game: {header.game}",
        f"rules: {json.dumps(_rules_dict(g.rules), sort_keys=True)}",
        f"seed: {header.seed}",
        f"deal: {json.dumps(header.deal, sort_keys=True)}",
        f"policy: {header.policy} ({POLICY_TEXT[header.policy]})",
        "start:",
        *map(_text, g.events),
    ]
    number = 0
    while not g.is_over and number < (limit if moves is None else len(moves)):
        legal = g.legal_moves()
        move = choose(legal) if moves is None else moves[number]
        assert move in legal, f"move {number + 1} {move} is not legal here"
        seat = g.current
        events = g.push(move)
        number += 1
        lines.append(f"{number}. seat {seat} [{len(legal)} legal] {move}")
        lines += map(_text, events)
    assert moves is None or number == len(moves), "the game ended before its last move"
    lines.append(f"outcome: {_text(g.outcome)}")
    return "\n".join(lines) + "\n"


def parse(game: Described, text: str) -> tuple[Header, list[Any]]:
    """The header and the moves of a golden file."""
    fields: dict[str, str] = {}
    moves: list[Any] = []
    parse_move = game.new_game(game.ui.kind.min_players, 1).move_type.parse
    for line in text.splitlines():
        head, _, rest = line.partition(" ")
        if line.startswith(("#", "{")) or not line.strip():
            continue
        if head.endswith(".") and head[:-1].isdigit():
            assert int(head[:-1]) == len(moves) + 1, line
            moves.append(parse_move(rest.partition("] ")[2]))
        else:
            fields[head.rstrip(":")] = rest
    header = Header(fields["game"], json.loads(fields["rules"]), int(fields["seed"]),
                    json.loads(fields["deal"]), fields["policy"].partition(" ")[0])
    return header, moves


def _golden(game: Described) -> list[Path]:
    files = game.golden_files
    if not files:
        if game.built_in:
            pytest.fail(f"every built-in game has a golden file: none in tests/{game.id}/golden")
        pytest.skip(f"{game.id} has no golden file (tests/{game.id}/golden/*.txt)")
    if UPDATE:
        for path in files:
            header, _ = parse(game, path.read_text(encoding="utf-8"))
            path.write_text(record(game, header), encoding="utf-8")
        pytest.skip(f"rewrote {[p.name for p in files]}: review the diff before committing")
    return files


def assert_same(expected: str, actual: str, what: str) -> None:
    if expected != actual:
        diff = difflib.unified_diff(expected.splitlines(), actual.splitlines(),
                                    "golden file", what, lineterm="", n=1)
        pytest.fail("\n".join(list(diff)[:40]), pytrace=False)


def test_each_golden_file_is_a_whole_game_of_its_game(game: Described) -> None:
    for path in _golden(game):
        header, moves = parse(game, path.read_text(encoding="utf-8"))
        assert header.game == game.id and header.policy in POLICIES
        assert len(moves) > 50, path.name
        kind = game.ui.kind
        g = kind.new_game(kind.rules(**header.rules), seed=header.seed, **header.deal)
        for move in moves:
            g.push(move)
        assert g.is_over, f"{path.name}: the game does not end with its last move"


def test_replaying_the_moves_writes_the_same_events(game: Described) -> None:
    for path in _golden(game):
        text = path.read_text(encoding="utf-8")
        header, moves = parse(game, text)
        assert_same(text, record(game, header, moves), f"{path.name} replayed")


def test_the_policy_still_chooses_the_same_moves(game: Described) -> None:
    """Fails alone (with the replay passing) when the order of legal_moves changed."""
    for path in _golden(game):
        text = path.read_text(encoding="utf-8")
        header, _ = parse(game, text)
        assert_same(text, record(game, header), f"{path.name} played again")


@pytest.mark.parametrize("policy", sorted(POLICIES))
def test_parse_reads_back_what_record_writes_and_a_changed_move_shows(
        game: Described, policy: str) -> None:
    players = game.player_counts[0]
    rules = _rules_dict(game.new_game(players, 3).rules)
    text = record(game, Header(game.id, rules, 3, {}, policy), limit=60)
    header, moves = parse(game, text)
    assert header == Header(game.id, rules, 3, {}, policy)
    assert record(game, header, moves) == text
    assert record(game, header, moves[:-1]) != text
