"""Test players for rooms: a "kernel" that holds one seat's token and plays from its
observation only (the page's view), as a person clicking would. Also run as a
separate process (``python room_players.py URL CODE TOKEN SEED``)."""

from __future__ import annotations

import json
import random
import sys
from typing import Any

from skipbo_widgets.rooms import Rooms, open_store
from skipbo_widgets.rooms.store import Store


def choose(view: dict[str, Any], rng: random.Random) -> str:
    """A move from the seat's legal moves: Skip-Bo plays from the stock pile first,
    then any play, then a discard (so a game ends); Skyjo at random."""
    moves: list[str] = view["legal_moves"]
    if "hand" in view:  # Skip-Bo
        for wanted in (("s-", "ps-"), ("h", "d", "pd")):
            plays = [m for m in moves if m.startswith(wanted) and "-b" in m]
            if plays:
                return rng.choice(plays)
    return rng.choice(moves)


class Kernel:
    """One page's kernel: its own connection to the store, its own Rooms."""

    def __init__(self, store: Store, code: str, token: str, seed: int = 0,
                 client: str = "") -> None:
        self.rooms = Rooms(store)
        self.code, self.token = code, token
        self.rng = random.Random(seed)
        self.client = client or f"browser-{seed}"
        self.moves = 0
        self.bot_moves = 0

    def observe(self) -> dict[str, Any]:
        return self.rooms.observe(self.code, self.token)

    def play_once(self) -> dict[str, Any]:
        """If it is this seat's turn, one move; the observation it moved from."""
        obs = self.observe()
        view = obs["view"]
        if obs["phase"] == "playing" and view and view["legal_moves"]:
            done = self.rooms.move(self.code, self.token, choose(view, self.rng),
                                   obs["version"])
            if not done.refused:
                self.moves += 1
            elif done.reason != "stale_version":
                raise AssertionError(f"refused: {done}")
        return obs

    def play_to_the_end(self, wait: float = 0.5) -> None:
        """Play, step bots and wait for changes until the deal is over."""
        while True:
            self.rooms.enter(self.code, self.token, self.client)
            obs = self.play_once()
            if obs["phase"] == "over":
                return
            self.bot_moves += self.rooms.run_bots(self.code)
            after = self.observe()
            if after["version"] == obs["version"] and after["phase"] != "over":
                self.rooms.wait(self.code, after["version"], wait)


if __name__ == "__main__":
    url, code, token, seed = sys.argv[1:5]
    kernel = Kernel(open_store(url), code, token, int(seed))
    kernel.play_to_the_end()
    print(json.dumps({"moves": kernel.moves, "bot_moves": kernel.bot_moves}))
