"""Hidden information: what one seat cannot see never reaches its observation.

The suite changes a game's state where it cannot tell what the state holds: two
different values of one pile, hand or grid change places (every list of plain values in
the state, a few pairs each), or a number of the state (a held card, a count) goes up or
down by one. The changed game is a deal identical for every seat that cannot see that
place but different in hidden cards. Then the seats whose observation changed must be:

- nobody (face down, the draw pile's order);
- or everyone, for a public place: every seat's table shows the change outside what a
  hot seat hides (the view's ``private`` keys: Skip-Bo's hand, Skyjo's drawn card), or
  no table draws it and no private part of another seat's table changed;
- or else only the seats the place belongs to (a list with one entry a seat: that seat's;
  a number of the state: the seat to move's, e.g. the card it drew) — never another.

So a card every observation shows but only the private part of the tables draws (a leak
to every seat) fails too. 3 players, so that "the owner and one other" is never
"everyone".
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from .described import Described, deep_copy, playout

PLAYERS = 3
PAIRS = 4  # swaps tried in each list of each position


def _lists(value: Any, path: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], list[Any]]]:
    """Every list of plain values inside ``value`` (lists of lists walked into)."""
    if not isinstance(value, list):
        return
    if value and all(isinstance(v, list) for v in value):
        for i, v in enumerate(value):
            yield from _lists(v, (*path, i))
    elif all(not isinstance(v, (list, dict, set)) for v in value):
        yield path, value


def _place(game: Any, path: tuple[Any, ...]) -> Any:
    place = getattr(game, path[0])
    for i in path[1:]:
        place = place[i]
    return place


def _changed(game: Any, path: tuple[Any, ...], change: Any) -> Any:
    """A copy of ``game`` with ``change(place)`` applied to the list at ``path`` (or
    ``change(value)`` giving the new value of the attribute ``path[0]``)."""
    twin = game.copy()
    if len(path) == 1 and not isinstance(getattr(game, path[0]), list):
        setattr(twin, path[0], change(getattr(game, path[0])))
        return twin
    if _place(twin, path) is _place(game, path):  # a copy sharing this list: copy all
        twin = deep_copy(game)
    change(_place(twin, path))
    return twin


def _swap(a: int, b: int) -> Any:
    def change(place: list[Any]) -> None:
        place[a], place[b] = place[b], place[a]
    return change


def _changes(g: Any, rng: random.Random) -> Iterator[tuple[str, Any, set[int]]]:
    """``(where, changed game, the seats the place belongs to)`` for one position."""
    for name, value in vars(g).items():
        if name.startswith("_") or name == "events":
            continue
        if isinstance(value, int) and not isinstance(value, bool):
            for step in (-1, 1):
                yield f"{name}{step:+d}", _changed(g, (name,), lambda v, s=step: v + s), \
                    {g.current}
        for path, cards in _lists(value, (name,)):
            pairs = [(a, b) for a in range(len(cards)) for b in range(a + 1, len(cards))
                     if cards[a] != cards[b]]
            per_seat = len(value) == PLAYERS
            for a, b in rng.sample(pairs, min(PAIRS, len(pairs))):
                owners = ({path[1]} if len(path) > 1 else {a, b}) if per_seat else set()
                yield (f"{'.'.join(map(str, path))}[{a}<->{b}]",
                       _changed(g, path, _swap(a, b)), owners)


def _table(game: Described, g: Any, seat: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """What ``seat``'s table shows: the part a hot seat does not hide, and the part it does."""
    table = game.ui.table
    view = table.view(table.observe(g, seat), names=["A", "B", "C"], tr=game.tr("en"),
                      lang="en", interactive=False, status="", status_kind="info",
                      highlight=())
    hidden = {key: view[key] for key in table.private}
    return {key: value for key, value in view.items() if key not in hidden}, hidden


def _who_sees(game: Described, g: Any, twin: Any, owners: set[int]
              ) -> tuple[set[int], bool] | None:
    """The seats whose observation changed, and whether the change is public (``None``:
    the change made a state the game cannot observe or draw)."""
    try:
        changed = {s for s in range(PLAYERS) if twin.observe(s) != g.observe(s)}
        if len(changed) < PLAYERS:
            return changed, False
        tables = [(_table(game, g, s), _table(game, twin, s)) for s in range(PLAYERS)]
    except Exception:  # a count or card no game could reach: nothing to learn from it
        return None
    shown_to_all = all(before[0] != after[0] for before, after in tables)
    others_private = any(before[1] != after[1] for s, (before, after) in enumerate(tables)
                         if s not in owners)
    return changed, shown_to_all or not others_private


def test_a_seat_sees_no_card_that_is_not_public_or_its_own(game: Described) -> None:
    if PLAYERS not in game.ui.kind.players:
        pytest.skip(f"{game.id} is not played by {PLAYERS}")
    rng = random.Random(0)
    kinds: Counter[str] = Counter()
    for seed in range(3):
        for i, position in enumerate(playout(game.new_game(PLAYERS, seed), seed)):
            if i % 6:
                continue
            g = position.copy()  # observed alike with the changed copies (no history)
            for where, twin, owners in _changes(g, rng):
                seen = _who_sees(game, g, twin, owners)
                if seen is None:
                    continue
                changed, public = seen
                if public:
                    kinds["public"] += 1
                elif not changed:
                    kinds["hidden"] += 1
                else:
                    assert changed <= owners, (
                        f"seed {seed}, move {i}: changing {where} changes what seats "
                        f"{sorted(changed)} see; it is {sorted(owners) or 'nobody'}'s")
                    kinds["own"] += 1
    # The test looked at something: cards everyone sees and cards some seat does not.
    assert kinds["public"] > 5 and kinds["hidden"] > 5 and kinds["own"] > 0, kinds


def test_fresh_deals_a_seat_cannot_tell_apart_exist(game: Described) -> None:
    """OpenSpiel's information sets: among a few hundred fresh deals, some differ only in
    what a seat (one not to move) cannot see, and its observation is the same in both.
    An observation that showed every card (or the deck's order) would tell them apart."""
    players = game.player_counts[0]
    by_view: dict[Any, set[Any]] = {}
    for seed in range(300):
        g = game.new_game(players, seed)
        seat = (g.current + 1) % players
        by_view.setdefault((seat, g.observe(seat)), set()).add(g.position_key())
    alike = [keys for keys in by_view.values() if len(keys) > 1]
    assert len(alike) >= 3, "every deal looks different to the seat: it sees hidden cards"
