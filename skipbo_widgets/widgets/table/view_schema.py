"""What every table's ``view`` check shares (docs/table-view.md): the error, the status
kinds, and checks of an object's keys and types, of cards and of names.

Each game checks its own view's shape: Skip-Bo's in ``widgets/skipbo/view_schema.py``,
Skyjo's in ``widgets/skyjo/view_schema.py``.
"""

from __future__ import annotations

from typing import Any

KINDS = ("info", "error", "hint", "success", "todo")


class ViewError(ValueError):
    """The view does not have the documented shape; the message says where."""


def _fields(value: Any, shape: dict[str, Any], where: str,
            optional: dict[str, Any] | None = None) -> None:
    if not isinstance(value, dict):
        raise ViewError(f"{where}: not an object")
    allowed = {**shape, **(optional or {})}
    missing, unknown = set(shape) - set(value), set(value) - set(allowed)
    if missing:
        raise ViewError(f"{where}: keys missing: {sorted(missing)}")
    if unknown:
        raise ViewError(f"{where}: unknown keys: {sorted(unknown)}")
    for key, kind in allowed.items():
        # bool is an int in Python: a count that is True is still wrong.
        if key in value and (not isinstance(value[key], kind) or
                             (isinstance(value[key], bool) and kind is not bool)):
            raise ViewError(f"{where}.{key}: {type(value[key]).__name__}")


def _cards(cards: Any, where: str, *, nested: bool = False) -> None:
    for item in cards:
        if nested:
            _cards(item, where)
        else:
            _expect(isinstance(item, int) and not isinstance(item, bool), where)


def _strings(values: Any, where: str) -> None:
    _expect(isinstance(values, list) and all(isinstance(v, str) for v in values), where)


def _expect(ok: bool, where: str) -> None:
    if not ok:
        raise ViewError(f"{where}: not as documented")
