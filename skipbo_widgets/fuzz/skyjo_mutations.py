"""Structure-aware mutations of Skyjo's files, for the fuzzer of :mod:`.skyjo`: values,
cards moved between zones, face-up flags, cleared places, the phase, the turn, seats,
the drawn card, scores, results, the ender, the starter, the doubling rule, seeds, keys.

>>> import json, random
>>> text = json.dumps({"phase": "play", "turn": 3, "seed": 1})
>>> mutate(text, random.Random(0)) != text
True
"""

from __future__ import annotations

import json
import random
from typing import Any

from .json_paths import all_paths, get, put

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
