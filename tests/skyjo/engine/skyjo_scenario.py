"""Positions for the rule tests, written the way a save file writes a grid.

``grid("(1) 2 (3) (4)", "(5) ...", "...")``: three rows, columns a to d; a
card in brackets lies face down, ``x`` is a cleared place.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from skipbo_widgets.skyjo.engine import DECK_COUNTS, Round, Rules, from_position
from skipbo_widgets.skyjo.engine.position import Slot
from skipbo_widgets.skyjo.engine.save import parse_grid

#: A grid as the set-up leaves it (SJ-DEAL): two cards up, c1 and c2, the others
#: face down, and no column the column rule could clear. Play never shows fewer.
SET_UP = ("(1) (2) 3 (4)", "(5) (6) 7 (8)", "(9) (10) (11) (12)")


def grid(*rows: str) -> list[Slot]:
    return parse_grid(list(rows))


def position(*grids: tuple[str, ...], discard: list[int], draw_top: list[int] | None = None,
             rules: Rules | None = None, **kw: Any) -> Round:
    """A round in play (unless ``phase`` says otherwise); ``draw_top`` are the next cards
    drawn, first drawn first; the rest of the deck lies below them in a fixed order."""
    rules = rules or Rules(players=len(grids))
    slots = [grid(*rows) for rows in grids]
    named = Counter(discard)
    for g in slots:
        named.update(s[0] for s in g if s is not None)
    if kw.get("drawn") is not None:
        named[kw["drawn"]] += 1
    top = draw_top or []
    named.update(top)
    rest = Counter(DECK_COUNTS)
    rest.subtract(named)
    pile = sorted(rest.elements()) + top[::-1]
    kw.setdefault("phase", "play")
    return from_position(rules, grids=slots, discard=discard, draw_pile=pile, **kw)


def play(r: Round, *moves: str) -> list[Any]:
    """Push each move; the events of all of them."""
    events = []
    for text in moves:
        events += r.push_text(text)
    return events
