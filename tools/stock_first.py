"""Does the strong bot ever give up its only stock play?  (docs/benchmarks.md, issue 10)

``python tools/stock_first.py [FIRST LAST]`` plays two-player games (strong
against advanced, seeds ``stock-first/FIRST`` … ``LAST - 1``). At each of the
strong bot's decision points where its stock card (a number) fits exactly one
building pile, it gives the bot a hand of 1, 2 or 3 cards holding that value
(the other cards from the draw pile), lets it plan, and counts the plans after
which the stock card fits nowhere although the bot never played it.
"""

from __future__ import annotations

import random
import sys

from skipbo_widgets.skipbo.bots import make_bot
from skipbo_widgets.skipbo.engine import WILD, Game, Rules, observe


def stock_fits(game: Game, seat: int) -> bool:
    return any(m.source == "s" and not m.partner for m in game.legal_moves())


def with_hand(game: Game, seat: int, cards: list[int]) -> Game:
    """A copy of ``game`` where ``seat`` holds ``cards``, swapped with the draw pile."""
    g = game.copy()
    hand = g.hands[seat]
    for card, count in enumerate(hand):
        g.draw_pile.extend([card] * count)
        hand[card] = 0
    for card in cards:
        g.draw_pile.remove(card)
        hand[card] += 1
    return g


def main(first: int, last: int) -> None:
    rng = random.Random(5)
    tried = lost = 0
    for k in range(first, last):
        game = Game.new(Rules(players=2), seed=f"stock-first/{k}", dealer=0)
        bots = [make_bot("strong"), make_bot("advanced")]
        while game.outcome is None and game.turn < 300:
            seat = game.current
            top = game.stocks[seat][-1] if game.stocks[seat] else WILD
            piles = [p for p in range(4) if game.needs(p) == top]
            if seat == 0 and top != WILD and len(piles) == 1 and len(game.draw_pile) > 10:
                for size in (1, 2, 3):
                    others = [rng.choice(game.draw_pile) for _ in range(size - 1)]
                    try:
                        g = with_hand(game, seat, [top, *others])
                    except ValueError:  # no such card left outside the other piles
                        continue
                    tried += 1
                    plan = make_bot("strong").choose_turn(observe(g, seat))
                    for move in plan:
                        g.push(move)
                    if g.current == seat and not any(m.source == "s" for m in plan) \
                            and not stock_fits(g, seat):
                        lost += 1
                        print(k, game.turn, [str(m) for m in plan], flush=True)
            for move in bots[seat].choose_turn(observe(game, seat)):
                game.push(move, by=seat)
                if game.outcome is not None or game.current != seat:
                    break
    print(f"positions {tried}, stock play given up {lost}")


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]] or [0, 10]
    main(*args)
