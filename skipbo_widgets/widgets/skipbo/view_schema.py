"""The shape of Skip-Bo's card table's ``view`` (docs/table-view.md), checked.

:func:`check_view` raises :class:`ViewError` naming the first key that is
missing, of the wrong type or inconsistent (a legal source the page cannot
click, a hand card without its source name). Tests run it on every view the
controllers produce; the page trusts the shape it describes.

>>> from skipbo_widgets.skipbo.engine import Game, Rules
>>> from skipbo_widgets.widgets.table.controller import TableController
>>> check_view(TableController(Game.new(Rules(), seed=1), lang="de").view)
>>> check_view({"lang": "de"})
Traceback (most recent call last):
...
skipbo_widgets.widgets.table.view_schema.ViewError: view: keys missing: ...
"""

from __future__ import annotations

from typing import Any

from ..table.view_schema import KINDS, _cards, _expect, _fields, _strings

BANDS = ("wild", "low", "mid", "high")

_TOP = {
    "lang": str, "faces": str, "card_faces": dict, "card_back": str, "me": int,
    "current": int, "players": list, "hand": list, "hand_sources": list, "building": list,
    "draw_count": int, "draw_label": str, "completed_count": int,
    "completed_top": (int, type(None)), "completed_label": str, "interactive": bool,
    "legal": dict, "can_end": bool, "end_move": (str, type(None)), "labels": dict,
    "discard_labels": list, "status": str, "status_kind": str, "highlight": list,
}
#: Only a lesson's table has these: its scene number and the card of a wrong try flying back.
_LESSON = {"scene": int, "bounce": (dict, type(None))}
_PLAYER = {
    "seat": int, "name": str, "is_me": bool, "is_partner": bool, "is_current": bool,
    "team": (int, type(None)), "stock_top": (int, type(None)), "stock_count": int,
    "hand_count": int, "hand_label": str, "discards": list,
    "stock_source": (str, type(None)), "discard_sources": (list, type(None)),
    "discard_targets": (list, type(None)),
}
_BUILDING = {"cards": list, "target": str, "needs": int, "label": str, "needs_label": str}
_FACE = {"text": str, "corner": str, "band": str}


def check_view(view: Any) -> None:
    """Raise :class:`ViewError` unless ``view`` has the shape docs/table-view.md describes."""
    _fields(view, _TOP, "view", optional=_LESSON)
    for i, player in enumerate(view["players"]):
        _fields(player, _PLAYER, f"players[{i}]")
        _cards(player["discards"], f"players[{i}].discards", nested=True)
    for i, pile in enumerate(view["building"]):
        _fields(pile, _BUILDING, f"building[{i}]")
        _cards(pile["cards"], f"building[{i}].cards")
    _cards(view["hand"], "hand")
    for card, face in view["card_faces"].items():
        _fields(face, _FACE, f"card_faces[{card}]")
        _expect(face["band"] in BANDS, f"card_faces[{card}].band")
    _expect(view["status_kind"] in KINDS, "status_kind")
    _expect(0 <= view["me"] < len(view["players"]), "me")
    _strings(view["hand_sources"], "hand_sources")
    _expect(len(view["hand_sources"]) == len(view["hand"]), "hand_sources")
    shown = {str(c) for c in _all_cards(view)}
    _expect(shown <= set(view["card_faces"]), "card_faces (a card without a face)")
    _strings(view["highlight"], "highlight")
    _check_names(view)


def _check_names(view: dict[str, Any]) -> None:
    """Every legal source and target is a name the page shows on a pile."""
    sources = set(view["hand_sources"])
    targets = {pile["target"] for pile in view["building"]}
    for i, player in enumerate(view["players"]):
        where = f"players[{i}]"
        mine = player["seat"] == view["me"]
        _expect(mine or player["discard_targets"] is None, f"{where}.discard_targets")
        plays = mine or player["is_partner"]
        _expect(plays == (player["stock_source"] is not None), f"{where}.stock_source")
        _expect(plays == (player["discard_sources"] is not None), f"{where}.discard_sources")
        if not plays:
            continue
        sources.add(player["stock_source"])
        for key in ("discard_sources", "discard_targets"):
            names = player[key]
            if names is not None:
                _strings(names, f"{where}.{key}")
                _expect(len(names) == len(player["discards"]), f"{where}.{key}")
        sources.update(player["discard_sources"] or ())
        targets.update(player["discard_targets"] or ())
    for source, legal in view["legal"].items():
        _expect(source in sources, f"legal[{source}] (no pile has this source)")
        _strings(legal, f"legal[{source}]")
        _expect(set(legal) <= targets, f"legal[{source}] (a target no pile has)")
    _expect(view["can_end"] == (view["end_move"] is not None), "end_move")
    _expect(view["interactive"] or not view["legal"], "legal (the table only shows)")


def _all_cards(view: dict[str, Any]) -> list[int]:
    cards = list(view["hand"])
    for player in view["players"]:
        cards += [c for pile in player["discards"] for c in pile]
        cards += [] if player["stock_top"] is None else [player["stock_top"]]
    for pile in view["building"]:
        cards += pile["cards"]
    return cards + ([] if view["completed_top"] is None else [view["completed_top"]])
