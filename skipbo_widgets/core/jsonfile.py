"""One parser for every file and stored text the app reads: JSON, within limits.

Game and match files, the app's kept session, the place in the lessons and
uploads all go through :func:`parse_json`. It refuses, with a
:class:`~.errors.SaveError` and a reason code, anything that is not plain JSON
(``NaN``, duplicate keys), larger than ``max_bytes`` or nested deeper than
``max_depth``. It never uses pickle or eval.

>>> parse_json('{"a": [1, 2]}')
{'a': [1, 2]}
>>> parse_json('{"a": 1, "a": 2}')
Traceback (most recent call last):
...
skipbo_widgets.core.errors.SaveError: save_bad_field(field='a', problem='duplicate')
"""

from __future__ import annotations

import json
from typing import Any

from .errors import SaveError, SaveReason

MAX_BYTES = 256 * 1024  # bytes (characters for a str)
MAX_DEPTH = 8


def parse_json(data: Any, *, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """The JSON value in ``data`` (``str`` or UTF-8 ``bytes``, a BOM allowed)."""
    if isinstance(data, (bytes, bytearray)):
        if len(data) > max_bytes:
            raise SaveError(SaveReason.TOO_LARGE, size=len(data), max=max_bytes)
        try:
            text = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise SaveError(SaveReason.NOT_JSON, problem="encoding") from None
    elif isinstance(data, str):
        if len(data) > max_bytes:
            raise SaveError(SaveReason.TOO_LARGE, size=len(data), max=max_bytes)
        text = data.removeprefix("\ufeff")
    else:
        raise SaveError(SaveReason.NOT_JSON, problem="type")
    try:
        value = json.loads(text, parse_constant=_no_constant, object_pairs_hook=_object)
    except SaveError:
        raise
    except (ValueError, RecursionError):
        raise SaveError(SaveReason.NOT_JSON, problem="syntax") from None
    _check_depth(value, max_depth)
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(name)  # NaN and Infinity are not JSON


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    d: dict[str, Any] = {}
    for key, value in pairs:
        if key in d:
            raise SaveError(SaveReason.BAD_FIELD, field=key[:40], problem="duplicate")
        d[key] = value
    return d


def _check_depth(value: Any, max_depth: int) -> None:
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth > max_depth:
                raise SaveError(SaveReason.NOT_JSON, problem="depth", max=max_depth)
            items = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in items)
