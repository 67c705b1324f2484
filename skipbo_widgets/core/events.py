"""Event records as JSON: every game's events are named tuples of plain values.

>>> from typing import NamedTuple
>>> class Took(NamedTuple):
...     seat: int
...     cards: tuple[int, ...]
>>> event_dict(Took(0, (5, -2)))
{'type': 'Took', 'seat': 0, 'cards': [5, -2]}
"""

from __future__ import annotations

from typing import Any, NamedTuple


def event_dict(event: NamedTuple) -> dict[str, Any]:
    """A JSON-friendly dict: the event's type name, then its fields (tuples as lists)."""
    d: dict[str, Any] = {"type": type(event).__name__}
    for key, value in event._asdict().items():
        d[key] = list(value) if isinstance(value, tuple) else value
    return d
