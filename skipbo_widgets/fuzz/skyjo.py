"""Skyjo's files under fire: structure-aware mutations, judged by the rules themselves.

Valid files are taken from seeded games at every phase (the set-up, play, the last
turns, a round over, between rounds, a game over) for 2 to 8 players and both doubling
rules: round files, match files, sessions as the app keeps them, the same texts
through the app's :func:`~skipbo_widgets.widgets.shell.settings.open_any`, and the place in
Skyjo's lessons. Each is mutated (values, cards moved between zones, face-up flags,
cleared places, the phase, the turn, seats, the drawn card, scores, results, the ender,
the starter, the doubling rule, seeds, keys: :mod:`.skyjo_mutations`) and read by the
reader of its format.

A reader must refuse (``SaveError``; the lessons' reader: ``None``) or give a state
that keeps the rules of :mod:`.skyjo_invariants` (written from RULES.md §2, not from
the loader). Then the state is saved and read back (the same position) and played on with
legal moves, each state checked, saved and read back again. Anything else the reader
raises is a crash.

>>> report = run(per_format=3, seed=1)
>>> sorted(report) == sorted(FORMATS), all(t.tried == 3 for t in report.values())
(True, True)
>>> sum(len(t.crashes) + len(t.invalid) for t in report.values())
0

The long run: ``python -m skipbo_widgets.fuzz --per-format 20000``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import SaveError
from ..skyjo.engine import Match, Round, Rules
from ..skyjo.engine.save import (
    dumps_match,
    dumps_round,
    loads_match,
    loads_round,
)
from ..tutorials.lesson import all_lessons
from ..tutorials.progress import Progress, dumps_progress, loads_progress
from ..tutorials.runner import StepRun
from ..widgets.shell.settings import dumps_session, loads_session, open_any
from ..widgets.skyjo.settings import SkyjoSettings
from .skyjo_invariants import match_problems, result_problems, round_problems
from .skyjo_mutations import mutate

__all__ = ["FORMATS", "Tally", "main", "match_problems", "mutate", "result_problems",
           "round_problems", "run", "table", "valid_files"]

FORMATS = ("round", "match", "session", "open_any", "progress")
#: A state is played on for at most this many moves after loading.
PLAY_ON = 24
SLOW = 1.0  # seconds: a load slower than this is counted


@dataclass
class Tally:
    """What one format's run found."""

    tried: int = 0
    accepted: int = 0
    slow: int = 0
    slowest: float = 0.0
    crashes: list[str] = field(default_factory=list)
    invalid: list[str] = field(default_factory=list)


# -- playing on after loading -----------------------------------------------------------


def _play_on(r: Round, rng: random.Random, check: Callable[[], list[str]],
             saved_again: Callable[[], list[str]]) -> list[str]:
    """The loaded state saves and reads back alike; then legal moves, and after each
    the rules, and save → read back alike again."""
    problems = check() or saved_again()
    for _ in range(PLAY_ON):
        moves = r.legal_moves()
        if problems or not moves:
            break
        r.push(rng.choice(moves))
        problems = check() or saved_again()
    return problems


def _same_after_saving(save: Callable[[], str], load: Callable[[str], Any],
                       key: Callable[[Any], Any], subject: Any) -> list[str]:
    try:
        again = load(save())
    except SaveError as err:
        return [f"its own file refused: {err}"]
    return [] if key(again) == key(subject) else ["not the same after saving"]


def _accept_round(r: Round, rng: random.Random) -> list[str]:
    return _play_on(r, rng, lambda: round_problems(r), lambda: _same_after_saving(
        lambda: dumps_round(r), loads_round, Round.position_key, r))


def _accept_match(m: Match, rng: random.Random, settings: SkyjoSettings | None = None
                  ) -> list[str]:
    """``settings``: the match came with a session's settings; it is kept as a session."""
    one_round = settings is not None and not settings.match

    def saved_again() -> list[str]:
        if settings is None:
            return _same_after_saving(lambda: dumps_match(m), loads_match, _match_key, m)
        return _same_after_saving(lambda: dumps_session(settings, m), loads_session,
                                  lambda found: _match_key(found[1]) if isinstance(
                                      found, tuple) else _match_key(found), m)

    def check() -> list[str]:
        return match_problems(m, one_round) or saved_again()

    problems = check()
    if problems:
        return problems
    if m.game.outcome is not None:  # score it, as the app does, and deal the next round
        m.record()
        problems = check()
        if problems or m.is_over or one_round:
            return problems
        m.next_game()
    return _play_on(m.game, rng, lambda: match_problems(m, one_round), saved_again)


def _match_key(m: Match) -> Any:
    return (m.rules, m.target, m.seed, tuple(m.scores), tuple(m.results), m.scored,
            m.game.position_key())


def _accept_any(found: Any, rng: random.Random) -> list[str]:
    settings, m = found
    if not isinstance(m, Match) or not isinstance(settings, SkyjoSettings):
        return []  # a Skip-Bo file: its own fuzzer's business
    return _accept_match(m, rng, settings)


def _accept_progress(found: Progress | None, rng: random.Random) -> list[str]:
    if found is None:
        return []
    lessons = all_lessons()
    if not (0 <= found.lesson < len(lessons)
            and 0 <= found.step < len(lessons[found.lesson].steps)):
        return ["a lesson or step that does not exist"]
    run = StepRun(lessons[found.lesson].steps[found.step])
    run.replay(list(found.moves))
    if isinstance(run.game, Round):
        return _accept_round(run.game, rng)
    return []


# -- valid files -------------------------------------------------------------------------


def _played(r: Round, rng: random.Random, stop: Callable[[Round], bool]) -> Round:
    while r.outcome is None and not stop(r):
        r.push(rng.choice(r.legal_moves()))
    return r


def _stops(n: int) -> list[Callable[[Round], bool]]:
    """Where to stop a round: in the set-up, early and late in play, in the last turns, over."""
    return [lambda r: True, lambda r: r.phase == "setup" and r.hidden[r.current] == 11,
            lambda r: r.phase == "play", lambda r: r.phase == "play" and r.drawn is not None,
            lambda r: r.phase == "play" and r.turn > 3 * n,
            lambda r: r.ender is not None, lambda r: False]


def valid_files(seed: int = 0) -> dict[str, list[str]]:
    """Valid texts of every format, from seeded games at every phase."""
    rng = random.Random(seed)
    files: dict[str, list[str]] = {f: [] for f in FORMATS}
    for n in range(2, 9):
        for doubling in ("always", "positive"):
            rules = Rules(players=n, doubling=doubling)
            for stop in _stops(n):
                r = _played(Round.new(rules, seed=rng.randrange(10**6)), rng, stop)
                files["round"].append(dumps_round(r))
            settings = SkyjoSettings(players=n, levels=("medium",) * (n - 1), doubling=doubling,
                                     seed=str(rng.randrange(10**6)))
            m = settings.new_match()
            for stop in _stops(n)[1:] + [lambda r: False] * 3:
                _played(m.game, rng, stop)
                files["match"].append(dumps_match(m))
                files["session"].append(dumps_session(settings, m))
                if m.game.outcome is not None:
                    m.record()  # between rounds
                    files["match"].append(dumps_match(m))
                    files["session"].append(dumps_session(settings, m))
                    if m.is_over:
                        break
                    m.next_game()
    files["open_any"] = files["round"] + files["match"] + files["session"]
    lessons = all_lessons()
    for i, lesson in enumerate(lessons):
        if lesson.game != "skyjo":
            continue
        for j, step in enumerate(lesson.steps):
            run = StepRun(step)
            moves = [str(m) for m in (step.task.solution if step.task else ())]
            for k in range(len(moves) + 1):
                files["progress"].append(dumps_progress(Progress(i, j, tuple(moves[:k])), lessons))
            if isinstance(run.game, Round) and run.game.legal_moves():
                other = str(rng.choice(run.game.legal_moves()))
                files["progress"].append(dumps_progress(Progress(i, j, (other,)), lessons))
    return files


# -- the run ----------------------------------------------------------------------------------


def _reader(fmt: str) -> tuple[Callable[[str], Any], Callable[[Any, random.Random], list[str]]]:
    if fmt == "round":
        return loads_round, lambda r, rng: _accept_round(r, rng)
    if fmt == "match":
        return loads_match, _accept_match
    if fmt in ("session", "open_any"):
        return (loads_session if fmt == "session" else open_any), _accept_any
    return loads_progress, _accept_progress


def run(per_format: int, seed: int = 0, formats: tuple[str, ...] = FORMATS) -> dict[str, Tally]:
    """``per_format`` mutated files of each format, from ``seed``: what was found."""
    files = valid_files(seed)
    report: dict[str, Tally] = {}
    for fmt in formats:
        rng, tally = random.Random(f"{seed}/{fmt}"), Tally()
        load, accept = _reader(fmt)
        for _ in range(per_format):
            text = mutate(rng.choice(files[fmt]), rng)
            tally.tried += 1
            start = time.perf_counter()
            try:
                found = load(text)
            except SaveError:
                found = None
            except Exception:  # a crash: what is looked for
                tally.crashes.append(f"{traceback.format_exc(limit=3)}\n{text[:600]}")
                continue
            finally:
                spent = time.perf_counter() - start
                tally.slowest = max(tally.slowest, spent)
                tally.slow += spent > SLOW
            if found is None:
                continue
            tally.accepted += 1
            try:
                problems = accept(found, random.Random(tally.tried))
            except Exception:
                tally.crashes.append(f"after loading: {traceback.format_exc(limit=3)}\n"
                                     f"{text[:600]}")
                continue
            if problems:
                tally.invalid.append(f"{problems}\n{text[:600]}")
        report[fmt] = tally
    return report


def table(report: dict[str, Tally]) -> str:
    """The run as a Markdown table."""
    lines = ["| format | tried | accepted | crashes | invalid states accepted | > 1 s "
             "| slowest load |", "|---|---|---|---|---|---|---|"]
    for fmt, t in report.items():
        lines.append(f"| {fmt} | {t.tried:,} | {t.accepted:,} | {len(t.crashes)} | "
                     f"{len(t.invalid)} | {t.slow} | {t.slowest * 1000:.0f} ms |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m skipbo_widgets.fuzz", description=__doc__
                                     and __doc__.split("\n\n")[0])
    parser.add_argument("--per-format", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--formats", nargs="*", default=list(FORMATS), choices=FORMATS)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    report = run(args.per_format, args.seed, tuple(args.formats))
    print(table(report))
    print(f"\n{time.perf_counter() - start:.0f} s, seed {args.seed}")
    bad = [(fmt, x) for fmt, t in report.items() for x in (*t.crashes, *t.invalid)]
    for fmt, example in bad[:5]:
        print(f"\n--- {fmt}\n{example}", file=sys.stderr)
    return 1 if bad else 0

