"""The versioned save-file envelope every game uses, on top of :func:`.parse_json`.

A save file is one JSON object whose ``format`` names the game and the kind of
file (``"skipbo-widgets/game"``, ``"skipbo-widgets/skyjo-game"`` …) and whose
``version`` says how to read the rest. This module checks that envelope and
the shape of fields; each game checks what its fields mean.

>>> d = load('{"format": "demo/game", "version": 1, "turn": 3}', "demo/game", 1)
>>> field(d, "turn", is_int, 1, "turn"), field(d, "seed", is_int, 0, "seed")
(3, 0)
>>> load('{"format": "demo/match", "version": 1}', "demo/game", 1)
Traceback (most recent call last):
...
skipbo_widgets.core.errors.SaveError: save_bad_format(expected='demo/game', format='demo/match')
>>> print(dumps({"format": "demo/game", "seats": [{"hand": "1 2"}, {"hand": ""}]}), end="")
{
  "format": "demo/game",
  "seats": [
    {"hand": "1 2"},
    {"hand": ""}
  ]
}
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping
from typing import Any

from .errors import GameError, SaveError, SaveReason
from .jsonfile import MAX_BYTES, MAX_DEPTH, check_header, parse_json

Kind = type | Callable[[Any], bool]


#: The longest seed, in characters or digits: what an engine writes, it reads back,
#: so a seed must fit into a save file with room to spare.
MAX_SEED_LENGTH = 128
#: A match's own seed is shorter: game (round) k of the match is seeded with "<seed>/<k>".
MAX_MATCH_SEED_LENGTH = 100


def is_int(x: object) -> bool:
    """An int that is not a bool (JSON's ``true`` is no seat number)."""
    return isinstance(x, int) and not isinstance(x, bool)


def is_seed(x: object, max_length: int = MAX_SEED_LENGTH) -> bool:
    """An int of at most ``max_length`` digits, or text of at most ``max_length``
    characters that UTF-8 can carry (no unpaired surrogate).

    >>> is_seed("lesson"), is_seed(10**200), is_seed("\\ud800"), is_seed(1.5)
    (True, False, False, False)
    """
    if isinstance(x, int) and not isinstance(x, bool):
        bound: int = 10**max_length
        return -bound < x < bound
    if not isinstance(x, str) or len(x) > max_length:
        return False
    try:
        x.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def load(data: Any, expected: str, version: int, *, max_bytes: int = MAX_BYTES,
         max_depth: int = MAX_DEPTH) -> Any:
    """The JSON object in ``data`` after checking its format name and version."""
    d = parse_json(data, max_bytes=max_bytes, max_depth=max_depth)
    check_header(d, [expected], version)
    return d


def check_keys(d: Mapping[Any, Any], allowed: Collection[str], required: Collection[str],
               path: str) -> None:
    """Refuse unknown keys (a typo is never ignored) and missing required ones."""
    for key in d:
        if key not in allowed:
            name = key[:40] if isinstance(key, str) else type(key).__name__
            raise bad_field(path + name, "unknown")
    for key in sorted(set(required) - set(d)):
        raise bad_field(path + key, "missing")


def field(d: Mapping[str, Any], key: str, kind: Kind, default: Any, path: str) -> Any:
    """``d[key]`` if it has the right ``kind`` (a type or a test), ``default`` if absent."""
    if key not in d:
        return default
    value = d[key]
    if isinstance(kind, type):
        ok = isinstance(value, kind) and (kind is bool or not isinstance(value, bool))
    else:
        ok = kind(value)
    if not ok:
        raise bad_field(path, "type")
    return value


def bad_field(field: str, problem: str) -> SaveError:
    return SaveError(SaveReason.BAD_FIELD, field=field, problem=problem)


def as_save_error(err: GameError, field: str) -> SaveError:
    """A rules or notation error met while loading, kept as the ``cause``."""
    params = {**err.params, "field": field, "cause": err.reason.value}
    return SaveError(SaveReason.BAD_FIELD, **params)


def dumps(d: Mapping[str, Any]) -> str:
    """The text of a save file: JSON with one line per field, seat and result."""
    return _layout(d, 0) + "\n"


def _layout(value: Any, depth: int) -> str:
    if not _is_broken(value):
        return json.dumps(value)
    inner, outer = "  " * (depth + 1), "  " * depth
    if isinstance(value, dict):
        lines = [f"{inner}{json.dumps(k)}: {_layout(v, depth + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(lines) + f"\n{outer}}}"
    lines = [inner + _layout(v, depth + 1) for v in value]
    return "[\n" + ",\n".join(lines) + f"\n{outer}]"


def _is_broken(value: Any) -> bool:
    if not isinstance(value, (dict, list)):
        return False
    items = value.values() if isinstance(value, dict) else value
    return any(isinstance(item, dict) or _is_broken(item) for item in items)
