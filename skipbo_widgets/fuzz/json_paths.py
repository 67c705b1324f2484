"""Places inside a JSON value, for the save-file fuzzers of both games.

>>> d = {"seats": [{"grid": "1 2"}]}
>>> all_paths(d)
[(), ('seats',), ('seats', 0), ('seats', 0, 'grid')]
>>> put(d, ("seats", 0, "grid"), "3 4") is d, get(d, ("seats", 0, "grid"))
(True, '3 4')
"""

from __future__ import annotations

from typing import Any


def all_paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place inside a JSON value: (key, index, ...) from the top."""
    found = [prefix]
    if isinstance(value, dict):
        for key, child in value.items():
            found += all_paths(child, (*prefix, key))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            found += all_paths(child, (*prefix, i))
    return found


def get(value: Any, path: tuple[Any, ...]) -> Any:
    """The value at ``path``."""
    for key in path:
        value = value[key]
    return value


def put(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    """Put ``new`` at ``path`` and give the whole value (``new`` itself at the top)."""
    if not path:
        return new
    get(value, path[:-1])[path[-1]] = new
    return value
