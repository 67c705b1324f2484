"""Skyjo's file fuzzer (:mod:`skipbo_widgets.fuzz.skyjo`): a fixed-seed run, and its
invariants shown to catch what a careless loader would let through.

The long run is a command: ``python -m skipbo_widgets.fuzz --per-format 20000``.
"""

from __future__ import annotations

import json
import random

import pytest

from skipbo_widgets.fuzz.skyjo import (
    FORMATS,
    match_problems,
    mutate,
    result_problems,
    round_problems,
    run,
    valid_files,
)
from skipbo_widgets.skyjo.engine import Match, Outcome, Round, Rules, dumps_round, loads_round


def test_a_fixed_seed_run_finds_no_crash_and_no_invalid_state() -> None:
    report = run(per_format=120, seed=0)
    assert set(report) == set(FORMATS)
    for fmt, tally in report.items():
        assert tally.crashes == [], (fmt, tally.crashes[:1])
        assert tally.invalid == [], (fmt, tally.invalid[:1])
        assert 0 < tally.accepted < tally.tried, fmt  # both ways are taken


def test_the_valid_files_cover_every_phase_and_format() -> None:
    files = valid_files(0)
    rounds = [json.loads(t) for t in files["round"]]
    assert {d["phase"] for d in rounds} == {"setup", "play", "over"}
    assert any(d["drawn"] is not None for d in rounds)
    assert any(d["ender"] is not None and d["phase"] == "play" for d in rounds)  # last turns
    matches = [json.loads(t) for t in files["match"]]
    assert any(d["scored"] and d["round"]["phase"] == "over" for d in matches)  # between rounds
    assert any(d["results"] and d["round"]["starter"] is not None for d in matches)
    assert {d["rules"]["players"] for d in rounds} == set(range(2, 9))
    assert all(files[f] for f in FORMATS)


def test_mutations_are_the_same_for_the_same_seed_and_change_the_file() -> None:
    text = valid_files(0)["match"][-1]
    a = [mutate(text, random.Random(i)) for i in range(30)]
    assert a == [mutate(text, random.Random(i)) for i in range(30)]
    assert sum(m != text for m in a) >= 25


def _play(seed: int) -> Round:
    r, rng = Round.new(Rules(players=3), seed=seed), random.Random(seed)
    while not (r.phase == "play" and r.turn > 6):
        r.push(rng.choice(r.legal_moves()))
    return r


def test_a_valid_round_has_no_problem() -> None:
    assert round_problems(_play(1)) == []


@pytest.mark.parametrize(("break_it", "problem"), [
    (lambda r: r.discard.append(12), "the deck"),
    (lambda r: r.face_up[1].__setitem__(slice(None), [False] * 12), "play before every seat"),
    (lambda r: setattr(r, "turn", r.turn + 1), "the turn"),
    (lambda r: setattr(r, "starter", (r.first + 1) % 3), "a later round"),
    (lambda r: setattr(r, "turn", 10**7), "the turn"),
    (lambda r: r.face_up[2].__setitem__(slice(None), [True] * 12), "a seat showing all"),
    (lambda r: setattr(r, "drawn", r.draw_pile.pop()) or setattr(r, "phase", "setup"),
     "a drawn card outside play"),
])
def test_the_invariants_catch_a_state_no_game_reaches(break_it: object, problem: str) -> None:
    r = _play(2)
    r.hidden = [sum(1 for c, up in zip(g, u, strict=True) if c is not None and not up)
                for g, u in zip(r.grids, r.face_up, strict=True)]
    break_it(r)  # type: ignore[operator]
    r.hidden = [sum(1 for c, up in zip(g, u, strict=True) if c is not None and not up)
                for g, u in zip(r.grids, r.face_up, strict=True)]
    assert any(p.startswith(problem) for p in round_problems(r)), round_problems(r)


@pytest.mark.parametrize(("result", "doubling", "ok"), [
    (([0, 0], 1, True), "always", True),      # the review's defect 7
    (([0, 0], 1, False), "always", False),
    (([0, 0], 1, False), "positive", True),
    (([-1000, 0], 0, False), "always", False),  # defect 3
    (([280, 3], 0, True), "always", True),
    (([282, 3], 0, True), "always", False),
])
def test_the_result_invariant(result: tuple[list[int], int, bool], doubling: str,
                              ok: bool) -> None:
    rules = Rules(doubling=doubling)  # type: ignore[arg-type]
    scores, ender, doubled = result
    assert (result_problems(Outcome(tuple(scores), ender, doubled), rules) == []) is ok


def test_the_match_invariant_checks_the_totals_and_the_starter() -> None:
    m = Match(Rules(players=2), seed=3, target=1000)
    rng = random.Random(3)
    while m.game.outcome is None:
        m.game.push(rng.choice(m.game.legal_moves()))
    m.next_game()
    assert match_problems(m) == []
    m.scores[0] += 1
    assert "totals" in match_problems(m)
    m.scores[0] -= 1
    m.game = loads_round(json.dumps({**json.loads(dumps_round(m.game)), "starter": None,
                                     "current": 0}))
    assert "the round's starter" in match_problems(m)
