"""The shape of the Skyjo table's ``view`` (docs/table-view.md, Skyjo section), checked.

:func:`check_skyjo_view` raises :class:`~..table.view_schema.ViewError` naming the first
key that is missing, of the wrong type or inconsistent: a face-down card with a
value, an opponent's card that is a target, a drawn card shown to a seat that did
not draw it, a legal source or place the page cannot click.

>>> from skipbo_widgets.skyjo.engine import Round
>>> from skipbo_widgets.i18n import t
>>> from skipbo_widgets.widgets.skyjo.view import skyjo_view
>>> obs = Round.new(seed=1).observe(0)
>>> check_skyjo_view(skyjo_view(obs, names=["Du", "Mia"], tr=lambda k, **p: t(k, "de", **p),
...                             lang="de", interactive=True))
>>> check_skyjo_view({"lang": "de"})
Traceback (most recent call last):
...
skipbo_widgets.widgets.table.view_schema.ViewError: view: keys missing: ...
"""

from __future__ import annotations

from typing import Any

from ...skyjo.engine.rules import GRID
from ..table.view_schema import KINDS, _expect, _fields, _strings
from .view import DRAW_MOVE, SOURCES

BANDS = ("dark-blue", "light-blue", "green", "yellow", "red")
PHASES = ("setup", "play", "last", "over")
STATES = ("down", "up", "cleared")

_INT_OR_NONE = (int, type(None))
_TOP = {
    "lang": str, "me": int, "current": int, "phase": str, "phase_label": str,
    "card_faces": dict, "players": list, "draw_count": int, "draw_label": str,
    "discard_top": _INT_OR_NONE, "discard_label": str, "holder": _INT_OR_NONE,
    "drawn": _INT_OR_NONE, "drawn_label": str, "held_label": str, "interactive": bool,
    "sources": dict,
    "legal": dict, "draw_move": str, "can_draw": bool, "result": (dict, type(None)),
    "labels": dict, "status": str, "status_kind": str, "highlight": list,
}
#: Only a lesson's table has these (as for Skip-Bo).
_LESSON = {"scene": int, "bounce": (dict, type(None))}
_PLAYER = {
    "seat": int, "name": str, "is_me": bool, "is_current": bool, "is_ender": bool,
    "visible_score": int, "score_label": str, "round_score": _INT_OR_NONE, "round_label": str,
    "grid_label": str, "cards": list,
}
_CARD = {"card": _INT_OR_NONE, "state": str, "place": str, "target": (str, type(None)),
         "label": str}
_RESULT = {"scores": list, "ender": int, "doubled": bool, "label": str, "doubled_label": str}
_FACE = {"text": str, "band": str}


def check_skyjo_view(view: Any) -> None:
    """Raise ``ViewError`` unless ``view`` has the shape docs/table-view.md describes."""
    _fields(view, _TOP, "view", optional=_LESSON)
    players = view["players"]
    _expect(0 <= view["me"] < len(players) and 0 <= view["current"] < len(players), "me")
    _expect(view["phase"] in PHASES, "phase")
    _expect(view["status_kind"] in KINDS, "status_kind")
    _expect(view["sources"] == SOURCES, "sources")
    _strings(view["highlight"], "highlight")
    for card, face in view["card_faces"].items():
        _fields(face, _FACE, f"card_faces[{card}]")
        _expect(face["band"] in BANDS, f"card_faces[{card}].band")
    targets: list[str] = []
    for i, player in enumerate(players):
        _check_player(player, i, view)
        if player["is_me"]:
            targets = [c["target"] for c in player["cards"] if c["target"] is not None]
    _check_piles(view)
    _check_legal(view, set(targets))
    _check_highlight(view)
    _check_result(view)


def _check_player(player: Any, i: int, view: dict[str, Any]) -> None:
    where = f"players[{i}]"
    _fields(player, _PLAYER, where)
    _expect(player["seat"] == i and player["is_me"] == (i == view["me"]), f"{where}.seat")
    cards = player["cards"]
    _expect(len(cards) == GRID, f"{where}.cards")
    shown = 0
    for k, card in enumerate(cards):
        at = f"{where}.cards[{k}]"
        _fields(card, _CARD, at)
        _expect(card["state"] in STATES, f"{at}.state")
        # Only a face-up card has a value: a face-down one is unknown to everybody.
        _expect((card["card"] is not None) == (card["state"] == "up"), f"{at}.card")
        _expect(card["card"] is None or str(card["card"]) in view["card_faces"], f"{at}.card")
        mine = player["is_me"] and card["state"] != "cleared"
        _expect(card["target"] == (card["place"] if mine else None), f"{at}.target")
        shown += card["card"] or 0
    _expect(player["visible_score"] == shown, f"{where}.visible_score")
    _expect((player["round_score"] is None) == (view["phase"] != "over"), f"{where}.round_score")


def _check_piles(view: dict[str, Any]) -> None:
    faces = view["card_faces"]
    for key in ("discard_top", "drawn"):
        _expect(view[key] is None or str(view[key]) in faces, key)
    holder = view["holder"]
    _expect(holder is None or 0 <= holder < len(view["players"]), "holder")
    # The drawn card is seen only by the seat that drew it.
    _expect(view["drawn"] is None or holder == view["me"], "drawn (another seat's card)")
    _expect(view["draw_count"] >= 0, "draw_count")


def _check_legal(view: dict[str, Any], targets: set[str]) -> None:
    """Every legal source is one the page has, every legal place one of the learner's cards."""
    sources = set(SOURCES.values())
    for source, legal in view["legal"].items():
        _expect(source in sources, f"legal[{source}] (no such source)")
        _strings(legal, f"legal[{source}]")
        _expect(set(legal) <= targets, f"legal[{source}] (a place the learner has not)")
    _expect(view["draw_move"] == DRAW_MOVE, "draw_move")
    busy = view["legal"] or view["can_draw"]
    _expect(view["interactive"] or not busy, "legal (the table only shows)")
    _expect("swap" not in view["legal"] or view["drawn"] is not None, "legal[swap]")
    # The discard pile's card, once picked up, is said to be held (a screen reader too).
    _expect((view["held_label"] != "") == ("take" in view["legal"]), "held_label")


def _check_highlight(view: dict[str, Any]) -> None:
    """A glow never lights what is not there: the drawn card's empty place, a cleared place."""
    lit = set(view["highlight"])
    if view["drawn"] is None:
        _expect(not lit & {"swap", "drop"}, "highlight (no drawn card)")
    _expect(view["holder"] is not None or "skyjo-drawn" not in lit,
            "highlight (an empty drawn card's place)")
    for player in view["players"]:
        for i, card in enumerate(player["cards"]):
            if card["state"] != "cleared":
                continue
            gone = {f"grid-{player['seat']}-{i}"} | ({card["place"]} if player["is_me"] else set())
            _expect(not lit & gone, f"highlight (cleared {card['place']})")


def _check_result(view: dict[str, Any]) -> None:
    result = view["result"]
    _expect((result is None) == (view["phase"] != "over"), "result")
    if result is None:
        return
    _fields(result, _RESULT, "result")
    players = view["players"]
    _expect(result["scores"] == [p["round_score"] for p in players], "result.scores")
    _expect(0 <= result["ender"] < len(players) and players[result["ender"]]["is_ender"],
            "result.ender")
    _expect(all(c["state"] != "down" for p in players for c in p["cards"]),
            "result (a card still face down)")
