"""Is the Skyjo turn review's "about N points" true?  (docs/benchmarks.md)

``python tools/skyjo_review_cost.py PLAYERS FIRST_SEED ROUNDS [PLAYOUTS [WORKERS]]``
plays strong-bot rounds (seeds FIRST_SEED …). In each it picks one decision of each
kind (placing the drawn card, taking the discard) where the strong bot's values put
some legal move 2 or more points below the best one, and one such move (a face-down
place against a face-up best place when there is one, 6 times in 10). Then PLAYOUTS
times: the unseen cards (face-down cards of every seat, the draw pile) dealt anew,
the move and the best one each pushed and the round played out by strong bots (the
same deal for both). Printed per position: N, the bot's value difference (what the
review said before); OWN, what it says now (``review.own_cost``); the measured mean
difference of the player's round score with its 95 % interval.
"""

from __future__ import annotations

import math
import random
import sys
from multiprocessing import Pool
from typing import Any

from skipbo_widgets.skyjo.bots.hints import whole
from skipbo_widgets.skyjo.bots.options import choices
from skipbo_widgets.skyjo.bots.players import StrongBot, play_round
from skipbo_widgets.skyjo.bots.review import own_cost
from skipbo_widgets.skyjo.engine import Round, Rules


def redeal(r: Round, rng: random.Random) -> None:
    """Every card the player cannot see dealt anew, in place."""
    slots = [(s, p) for s, g in enumerate(r.grids) for p, c in enumerate(g)
             if c is not None and not r.face_up[s][p]]
    cards = [r.grids[s][p] for s, p in slots] + r.draw_pile
    rng.shuffle(cards)
    for (s, p), c in zip(slots, cards, strict=False):
        r.grids[s][p] = c
    r.draw_pile = cards[len(slots):]
    r.rng = random.Random(rng.random())


def score_after(base: Round, move: Any, seed: int) -> int:
    r = base.copy()
    redeal(r, random.Random(seed))
    seat = r.current
    r.push(move, by=seat)
    play_round([StrongBot()] * r.rules.players, r)
    assert r.outcome is not None
    return r.outcome.scores[seat]


def sample(players: int, seed: int, rng: random.Random) -> list[dict[str, Any]]:
    r, bot = Round.new(Rules(players=players), seed=seed), StrongBot()
    found: dict[str, list[Any]] = {"place": [], "take": []}
    while r.outcome is None:
        obs = r.observe(r.current)
        if obs.phase == "play" and obs.turn <= 30 * players:
            t = choices(obs)
            worse = [c for c in t.choices[1:] if whole(c.value - t.best.value) >= 2]
            what = "place" if obs.drawn is not None else "take"
            if worse:
                found[what].append((r.copy(), obs, t, worse))
        r.push(bot.choose_move(obs), by=r.current)
    out = []
    for what, where in found.items():
        if not where:
            continue
        base, obs, t, worse = rng.choice(where)
        best = t.best.move
        walker = [c for c in worse if c.move.kind == "swap" and c.move.place in obs.me.hidden
                  and best.kind == "swap" and best.place not in obs.me.hidden]
        c = rng.choice(walker) if walker and rng.random() < 0.6 else rng.choice(worse)
        out.append({"base": base, "seed": seed, "turn": obs.turn, "what": what, "move": c.move,
                    "best": best, "N": c.value - t.best.value, "walker": c in walker,
                    "OWN": own_cost(obs, c.move, best)})
    return out


def measure(args: tuple[dict[str, Any], int]) -> dict[str, Any]:
    pos, n = args
    d = []
    for i in range(n):
        s = 1_000_003 * pos["seed"] + 7919 * pos["turn"] + i
        base = pos["base"]
        d.append(score_after(base, pos["move"], s) - score_after(base, pos["best"], s))
    mean = sum(d) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1))
    return {**{k: v for k, v in pos.items() if k != "base"}, "measured": mean,
            "ci": 1.96 * sd / math.sqrt(n)}


def main(players: int, first: int, rounds: int, playouts: int = 300, workers: int = 2) -> None:
    rng = random.Random(first)
    positions = [p for seed in range(first, first + rounds) for p in sample(players, seed, rng)]
    print(len(positions), "positions", flush=True)
    rows = []
    with Pool(workers) as pool:
        for r in pool.imap(measure, [(p, playouts) for p in positions]):
            rows.append(r)
            kind = " (face-down vs face-up)" if r["walker"] else ""
            print(f"seed {r['seed']} turn {r['turn']} {r['what']:5s} {r['move']!s:8s}"
                  f" vs {r['best']!s:8s}{kind}: N {r['N']:5.2f}  OWN {r['OWN']:5.2f}"
                  f"  measured {r['measured']:5.2f} ± {r['ci']:.2f}", flush=True)
    for name, group in (("all", rows), ("face-down vs face-up", [r for r in rows if r["walker"]])):
        if not group:
            continue
        measured = sum(r["measured"] for r in group)
        print(f"{name} ({len(group)}):", "  ".join(
            f"{est} mean error {sum(r[est] - r['measured'] for r in group) / len(group):+.2f},"
            f" ratio {sum(r[est] for r in group) / measured:.2f},"
            f" off by > 1.5: {sum(abs(r[est] - r['measured']) > 1.5 for r in group)}"
            for est in ("N", "OWN")))


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:]))
