"""The rules a state loaded from a Skyjo file must keep, written from RULES.md §2 and
not from the loader: the fuzzer of :mod:`.skyjo` judges every state a reader accepts
with them.

The deck's exact counts (150 cards: -2 five times, 0 fifteen times, the others ten),
12 places per seat, no standing column of three equal face-up cards, a drawn card only
while a seat is drawing, the set-up in seat order, play only once each seat turned two,
a seat showing all ⇒ the round is ending with that ender, who starts, the turn, each
result within what a grid scores and doubled as the rule says, totals the sum of the
results.

>>> from skipbo_widgets.skyjo.engine import Round
>>> round_problems(Round.new(seed=1))
[]
"""

from __future__ import annotations

from collections import Counter
from typing import Any, cast

from ..skyjo.engine import Match, Round, Rules

#: SJ-DECK, written out here rather than taken from the engine.
DECK = {value: 10 for value in range(-2, 13)} | {-2: 5, 0: 15}
LOWEST, HIGHEST = -17, 140  # what one grid can score (SJ-ROUND-SCORE)


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
