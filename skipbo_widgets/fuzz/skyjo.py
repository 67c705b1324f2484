"""Skyjo's files under fire: structure-aware mutations, judged by the rules themselves.

Valid files are taken from seeded games at every phase (the set-up, play, the last
turns, a round over, between rounds, a game over) for 2 to 8 players and both doubling
rules: round files, match files, sessions as the app keeps them, the same texts
through the app's :func:`~skipbo_widgets.widgets.shell.settings.open_any`, and the place in
Skyjo's lessons. Each is mutated (values, cards moved between zones, face-up flags,
cleared places, the phase, the turn, seats, the drawn card, scores, results, the ender,
the starter, the doubling rule, seeds, keys) and read by the reader of its format.

A reader must refuse (``SaveError``; the lessons' reader: ``None``) or give a state
that keeps the invariants below, written from RULES.md §2 and not from the loader:
the deck's exact counts (150 cards: -2 five times, 0 fifteen times, the others ten),
12 places per seat, no standing column of three equal face-up cards, a drawn card only
while a seat is drawing, the set-up in seat order, play only once each seat turned two,
a seat showing all ⇒ the round is ending with that ender, who starts, the turn, each
result within what a grid scores and doubled as the rule says, totals the sum of the
results. Then the state is saved and read back (the same position) and played on with
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
import json
import random
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

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
from .json_paths import all_paths, get, put

FORMATS = ("round", "match", "session", "open_any", "progress")
#: SJ-DECK, written out here rather than taken from the engine.
DECK = {value: 10 for value in range(-2, 13)} | {-2: 5, 0: 15}
LOWEST, HIGHEST = -17, 140  # what one grid can score (SJ-ROUND-SCORE)
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


# -- the invariants ------------------------------------------------------------------


def round_problems(r: Round) -> list[str]:
    """What is wrong with ``r`` by the rules (an empty list: nothing)."""
    n = r.rules.players
    out: list[str] = []
    if not (2 <= n <= 8 and len(r.grids) == n == len(r.face_up)):
        return ["seats"]
    cards: Counter[int] = Counter(r.draw_pile)
    cards.update(r.discard)
    if r.drawn is not None:
        cards[r.drawn] += 1
    shown, down = [], []
    for grid, up in zip(r.grids, r.face_up, strict=True):
        if len(grid) != 12 or len(up) != 12:
            return ["places"]
        cards.update(c for c in grid if c is not None)
        for column in range(4):
            places = [column * 3 + row for row in range(3)]
            values = [grid[p] for p in places]
            if None in values and values != [None] * 3:
                out.append("half a column")
            if all(up[p] for p in places) and None not in values and len(set(values)) == 1:
                out.append("a column of three left standing")
        if any(grid[p] is None and up[p] for p in range(12)):
            out.append("a cleared place face up")
        shown.append(sum(1 for p in range(12) if grid[p] is None or up[p]))
        down.append(sum(1 for p in range(12) if grid[p] is not None and not up[p]))
    if +cards != +Counter(DECK) or sum(cards.values()) != 150:
        out.append("the deck")
    if down != r.hidden:
        out.append("hidden counts")
    if not r.discard:
        out.append("an empty discard pile")
    if not 0 <= r.current < n:
        return [*out, "current"]
    if r.drawn is not None and r.phase != "play":
        out.append("a drawn card outside play")
    if r.phase == "setup":
        out += _setup_problems(r, shown)
    elif r.phase in ("play", "over"):
        out += _play_problems(r, shown, down)
    else:
        out.append("phase")
    return out


def _setup_problems(r: Round, shown: list[int]) -> list[str]:
    n = r.rules.players
    order = [((r.starter or 0) + k) % n for k in range(n)]
    k = order.index(r.current)
    ok = all(shown[s] == 2 for s in order[:k]) and shown[order[k]] < 2 and not any(
        shown[s] for s in order[k + 1:])
    ok = ok and r.ender is None and r.outcome is None and r.turn == 0 and r.first is None
    return [] if ok else ["the set-up"]


def _play_problems(r: Round, shown: list[int], down: list[int]) -> list[str]:
    n, out = r.rules.players, []
    if min(shown) < 2:
        out.append("play before every seat turned two")
    if r.first is None or not 1 <= r.turn <= 1_000_000 or (r.first + r.turn - 1) % n != r.current:
        return [*out, "the turn"]
    if r.starter is not None and r.first != r.starter:
        out.append("a later round not started by the last ender")
    if r.starter is None and r.turn == 1:
        sums = [sum(c for c, up in zip(g, u, strict=True) if up and c is not None)
                for g, u in zip(r.grids, r.face_up, strict=True)]
        if r.first != sums.index(max(sums)):
            out.append("the first player is not the highest pair")
    def turns_of(seat: int, turns: int) -> int:  # how many of the first `turns` were seat's
        return len(range((seat - cast(int, r.first)) % n, turns, n))

    if r.phase == "play":
        if r.outcome is not None:
            out.append("an outcome in play")
        if any(shown[s] > 2 + turns_of(s, r.turn - 1) for s in range(n)):
            out.append("more cards turned than turns")
        if r.ender is None:
            if 0 in down:
                out.append("a seat showing all without an ender")
        elif down[r.ender] or r.ender == r.current or any(
                not down[(r.current + k) % n] for k in range((r.ender - r.current) % n)):
            out.append("the last turns")
        if not down[r.current]:
            out.append("the seat to move shows all")
        return out
    if r.ender is None or r.outcome is None or any(down) or r.current != (r.ender - 1) % n:
        return [*out, "the end of the round"]
    if turns_of(r.ender, r.turn - (n - 1)) < 10:  # its last turn showed its twelfth card
        out.append("the ender had too few turns")
    sums = [sum(c for c in g if c is not None) for g in r.grids]
    raw = sums[r.ender]
    doubles = min(s for i, s in enumerate(sums) if i != r.ender) <= raw and (
        r.rules.doubling == "always" or raw > 0)
    if doubles:
        sums[r.ender] = 2 * raw
    if (tuple(sums), r.ender, doubles) != tuple(r.outcome):
        out.append("the scores")
    return out


def result_problems(result: Any, rules: Rules) -> list[str]:
    scores, ender, doubled = result
    n = rules.players
    if len(scores) != n or not 0 <= ender < n:
        return ["a result's seats"]
    raw = scores[ender] // 2 if doubled else scores[ender]
    if doubled and scores[ender] % 2:
        return ["an odd doubled score"]
    if not all(LOWEST <= s <= HIGHEST for s in (*scores[:ender], raw, *scores[ender + 1:])):
        return ["a score no grid makes"]
    lowest = all(s > raw for i, s in enumerate(scores) if i != ender)
    should = not lowest and (rules.doubling == "always" or raw > 0)
    return [] if should == doubled else ["the doubling flag"]


def match_problems(m: Match, one_round: bool = False) -> list[str]:
    """What is wrong with ``m`` by the rules; ``one_round``: a game of one round, opened
    from a round file, may be any round of a match (its starter, its own seed)."""
    out = round_problems(m.game)
    totals = [0] * m.rules.players
    for k, result in enumerate(m.results):
        out += result_problems(result, m.rules)
        totals = [a + b for a, b in zip(totals, result.scores, strict=True)]
        if k < len(m.results) - 1 and max(totals) >= m.target:
            out.append("a round after the end")
    if totals != list(m.scores):
        out.append("totals")
    if m.scored and (not m.results or m.results[-1] != m.game.outcome):
        out.append("the scored round")
    done = len(m.results) - m.scored
    if (done or not one_round) and m.game.starter != (m.results[done - 1].ender if done else None):
        out.append("the round's starter")
    if not 1 <= m.target <= 100_000 or not _is_seed(m.seed, 100):
        out.append("target or seed")
    return out


def _is_seed(seed: object, longest: int) -> bool:
    if isinstance(seed, bool):
        return False
    if isinstance(seed, int):
        return len(str(abs(seed))) <= longest
    return isinstance(seed, str) and len(seed) <= longest and not any(
        0xD800 <= ord(c) <= 0xDFFF for c in seed)


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


# -- mutations -------------------------------------------------------------------------------

_SEATS = ("current", "starter", "first", "ender")
_NUMBERS = [0, 1, -1, 2, 7, 8, 9, 99, 100, 101, -17, -18, 140, 141, -34, -35, 280, 281,
            1_000_000, 1_000_001, 2**31, 2**63, 10**40, -(10**40), 10**128, 10**200]
_ODD: list[Any] = [
    None, True, False, 1.5, -0.0, "", "x", "rest", "play", "over", "setup", "(3)", "x x x x",
    "1 2 3", "draw", "take a1", "drop d3", "reveal b2", "swap c1", "?a", [], {}, [1, 2],
        {"a": 1}, "\ud800", "s" * 129, "s" * 128, "m" * 101, "9" * 130]




def _card_strings(d: Any) -> list[tuple[Any, ...]]:
    """The places holding cards as text: grid rows, the discard and draw piles."""
    return [p for p in all_paths(d) if p and isinstance(get(d, p), str) and (
        p[-1] in ("discard", "draw_pile") or (len(p) >= 2 and p[-2] == "grid"))
        and get(d, p) != "rest"]


def _token(rng: random.Random, d: Any) -> tuple[tuple[Any, ...], list[str], int] | None:
    strings = _card_strings(d)
    rng.shuffle(strings)
    for path in strings:
        tokens = get(d, path).split()
        if tokens:
            return path, tokens, rng.randrange(len(tokens))
    return None


def _mutate_once(d: Any, rng: random.Random) -> None:
    paths = all_paths(d)[1:]
    kind = rng.choice(["value", "int", "seat", "phase", "flip", "clear", "swap", "zone",
                       "drawn", "result", "result", "doubling", "drop", "add", "seed", "turn"])
    if kind == "value" and paths:
        put(d, rng.choice(paths), rng.choice(_ODD + _NUMBERS))
    elif kind == "int":
        ints = [p for p in paths if type(get(d, p)) is int]
        if ints:
            p = rng.choice(ints)
            put(d, p, rng.choice([get(d, p) + rng.choice([-2, -1, 1, 2, 8]),
                                   rng.choice(_NUMBERS)]))
    elif kind == "seat":
        seats = [p for p in paths if p[-1] in _SEATS]
        if seats:
            put(d, rng.choice(seats), rng.choice([None, *range(-1, 9)]))
    elif kind in ("phase", "turn"):
        found = [p for p in paths if p[-1] == kind]
        if found:
            p = rng.choice(found)
            if kind == "phase":
                put(d, p, rng.choice(["setup", "play", "over"]))
            else:
                old = get(d, p)
                base = old if type(old) is int else 1
                put(d, p, max(0, base + rng.choice([-8, -3, -2, -1, 1, 2, 3, 8, 40])))
    elif kind in ("flip", "clear"):
        rows = [p for p in _card_strings(d) if len(p) >= 2 and p[-2] == "grid"]
        if rows:
            p = rng.choice(rows)
            tokens = get(d, p).split()
            if tokens:
                i = rng.randrange(len(tokens))
                t = tokens[i]
                if kind == "flip":
                    tokens[i] = t[1:-1] if t.startswith("(") else t if t == "x" else f"({t})"
                else:
                    tokens[i] = "x" if t != "x" else rng.choice(["5", "(5)"])
                put(d, p, " ".join(tokens))
    elif kind in ("swap", "zone"):  # card counts stay: often a position still valid
        a, b = _token(rng, d), _token(rng, d)
        if a and b and (a[0] != b[0] or kind == "swap"):
            (pa, ta, ia), (pb, tb, ib) = a, b
            if pa == pb:
                ta[ia], ta[ib] = ta[ib], ta[ia]
                put(d, pa, " ".join(ta))
            elif kind == "swap" or "grid" in pa or "grid" in pb:
                ta[ia], tb[ib] = tb[ib], ta[ia]
                put(d, pa, " ".join(ta))
                put(d, pb, " ".join(tb))
            else:
                tb.append(ta.pop(ia))
                put(d, pa, " ".join(ta))
                put(d, pb, " ".join(tb))
    elif kind == "drawn":
        found = [p for p in paths if p[-1] == "drawn"]
        piles = [p for p in _card_strings(d) if p[-1] == "draw_pile"]
        if found and piles:
            p, pile = rng.choice(found), rng.choice(piles)
            tokens = get(d, pile).split()
            if get(d, p) is None and tokens:
                put(d, p, int(tokens.pop()))
            elif get(d, p) is not None:
                tokens.append(str(get(d, p)))
                put(d, p, None)
            put(d, pile, " ".join(tokens))
    elif kind == "result":
        _mutate_result(d, rng)
    elif kind == "doubling":
        found = [p for p in paths if p[-1] == "doubling"]
        if found:
            p = rng.choice(found)
            put(d, p, "positive" if get(d, p) == "always" else "always")
    elif kind == "drop":
        if paths:
            p = rng.choice(paths)
            del get(d, p[:-1])[p[-1]]
    elif kind == "add":
        dicts = [p for p in all_paths(d) if isinstance(get(d, p), dict)]
        get(d, rng.choice(dicts))[rng.choice(["extra", "Turn", "seed ", "round"])] = 1
    elif kind == "seed":
        found = [p for p in paths if p[-1] == "seed"]
        if found:
            put(d, rng.choice(found), rng.choice(["s" * 128, "s" * 129, "m" * 100, "m" * 101,
                                                   10**127, 10**128, 1.5, True, "\ud800", "0/1"]))


def _mutate_result(d: Any, rng: random.Random) -> None:
    """A result changed (score, ender, doubling flag, one more or fewer), the totals kept
    right half of the time so that the loader must see the result itself."""
    holders = [p for p in all_paths(d) if isinstance(get(d, p), dict) and "results" in get(d, p)
               and isinstance(get(d, p)["results"], list)]
    if not holders:
        return
    m = get(d, rng.choice(holders))
    results = m["results"]
    what = rng.choice(["score", "ender", "doubled", "add", "remove"])
    if what == "add" or not results:
        n = len(m.get("scores", [0, 0])) if isinstance(m.get("scores"), list) else 2
        scores = [rng.randint(-20, 150) for _ in range(n)]
        results.append({"scores": scores, "ender": rng.randrange(n), "doubled": rng.random() < .5})
    elif what == "remove":
        results.pop(rng.randrange(len(results)))
    else:
        r = rng.choice(results)
        if not isinstance(r, dict):
            return
        if what == "score" and isinstance(r.get("scores"), list) and r["scores"]:
            i = rng.randrange(len(r["scores"]))
            if type(r["scores"][i]) is int:
                r["scores"][i] += rng.choice([-40, -2, -1, 1, 2, 40, 150, -150])
        elif what == "ender" and type(r.get("ender")) is int:
            r["ender"] = rng.choice([r["ender"] + 1, r["ender"] - 1, 0])
        elif what == "doubled":
            r["doubled"] = not r.get("doubled")
    if rng.random() < 0.5:
        try:
            n = len(results[0]["scores"]) if results else len(m["scores"])
            m["scores"] = [sum(x["scores"][s] for x in results) for s in range(n)]
        except (KeyError, TypeError, IndexError):
            pass


def mutate(text: str, rng: random.Random) -> str:
    """One to three mutations of a valid file; now and then the text itself is cut."""
    d = json.loads(text)
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        _mutate_once(d, rng)
    out = json.dumps(d)
    if rng.random() < 0.03:
        out = out[:rng.randrange(len(out) + 1)]
    return out


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

