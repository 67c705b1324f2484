"""What the card table draws: a JSON-friendly dict built from one seat's observation.

The browser gets only this: what the seat may see, the names and labels in
the learner's language, the faces of the cards as they are printed, every
pile's source and target name, and for every source the targets that are legal
now (so only legal targets light up). The page never builds nor reads a move:
it sends back the names it was given, and Python checks every request again.
``docs/table-view.md`` describes the shape; :mod:`.view_schema` checks it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict

from ...i18n import normalize_lang
from ...i18n.grammar import face_letter
from ...skipbo.engine import WILD, Observation
from ...skipbo.engine.cards import TOP_VALUE, card_text
from ...skipbo.engine.moves import END_MOVE
from ..table.table_game import Translate

#: The card backs: the name of the game, or the four suits of a playing-card deck.
BACKS = {"skipbo": "SKIP-BO", "playing": "♠♥♣♦"}

#: Label name in the view -> message key.
LABELS = {
    "stock_pile": "pile.stock", "draw_pile": "pile.draw", "completed": "pile.completed",
    "hand": "pile.hand", "discard_piles": "table.discard_piles", "partner": "table.partner",
    "end_turn": "table.end_turn", "keys": "table.keys",
}


class CardFace(TypedDict):
    """A card as printed: the text in the middle and in the corners, its colour band."""

    text: str
    corner: str
    band: str


class PileNames(TypedDict):
    """A seat's piles as move sources and targets (``None``: not one)."""

    stock_source: str | None
    discard_sources: list[str] | None
    discard_targets: list[str] | None


class PlayerView(PileNames):
    """One seat at the table."""

    seat: int
    name: str
    is_me: bool
    is_partner: bool
    is_current: bool
    team: int | None
    stock_top: int | None
    stock_count: int
    hand_count: int
    hand_label: str
    discards: list[list[int]]


class BuildingPileView(TypedDict):
    """A building pile: its cards, its name as a target, the value it needs next."""

    cards: list[int]
    target: str
    needs: int
    label: str
    needs_label: str


class SkipBoView(TypedDict):
    """The table's ``view`` (docs/table-view.md); :mod:`.view_schema` checks it again as
    it reaches the page."""

    lang: str
    faces: str
    card_faces: dict[str, CardFace]
    card_back: str
    me: int
    current: int
    players: list[PlayerView]
    hand: list[int]
    hand_sources: list[str]
    building: list[BuildingPileView]
    draw_count: int
    draw_label: str
    completed_count: int
    completed_top: int | None
    completed_label: str
    interactive: bool
    legal: dict[str, list[str]]
    can_end: bool
    end_move: str | None
    labels: dict[str, str]
    discard_labels: list[str]
    status: str
    status_kind: str
    highlight: list[str]


def legal_targets(obs: Observation) -> tuple[dict[str, list[str]], bool]:
    """For each source in notation (``"s"``, ``"h7"``, ``"pd2"``), its legal targets."""
    legal: dict[str, list[str]] = {}
    can_end = False
    for move in obs.legal_moves:
        if move.is_end:
            can_end = True
        else:
            legal.setdefault(move.source_text, []).append(move.target_text)
    return legal, can_end


def band(card: int) -> str:
    """The colour a card is printed in: the wild card, 1 to 4, 5 to 8 or 9 to 12."""
    if card == WILD:
        return "wild"
    return "low" if card <= 4 else "mid" if card <= 8 else "high"


def card_faces(faces: str, lang: str) -> dict[str, CardFace]:
    """Every card's face as the page prints it, by card value (``"0"`` is the wild card):
    the text in the middle, the text in the corners and the colour band."""
    result: dict[str, CardFace] = {}
    for card in range(TOP_VALUE + 1):
        text = face_letter(card, lang, faces)
        corner = "SB" if card == WILD and faces != "playing" else text
        result[str(card)] = {"text": text, "corner": corner, "band": band(card)}
    return result


def hand_source(card: int) -> str:
    """A hand card as a move's source (``h7``, ``hW``)."""
    return f"h{card_text(card)}"


def table_view(
    obs: Observation,
    *,
    names: Sequence[str],
    tr: Translate,
    lang: str,
    interactive: bool,
    status: str = "",
    status_kind: str = "info",
    highlight: Sequence[str] = (),
) -> SkipBoView:
    """The ``view`` traitlet of :class:`~skipbo_widgets.widgets.table.table.CardTable`.

    ``lang`` is the language of ``tr``'s texts: the table says it on its root
    element, which matters when it is shown outside the app.
    """
    partner = obs.partner
    players: list[PlayerView] = [
        {
            "seat": v.seat,
            "name": names[v.seat],
            "is_me": v.seat == obs.seat,
            "is_partner": v.seat == partner,
            "is_current": v.seat == obs.current and obs.outcome is None,
            "team": v.team,
            "stock_top": v.stock_top,
            "stock_count": v.stock_count,
            "hand_count": v.hand_count,
            "hand_label": tr("table.cards_in_hand", count=v.hand_count),
            "discards": [list(p) for p in v.discards],
            **pile_names(v.seat, obs.seat, partner, len(v.discards)),
        }
        for v in obs.seats
    ]
    legal, can_end = legal_targets(obs) if interactive else ({}, False)
    letters_lang = normalize_lang(lang)
    return {
        "lang": lang,
        "faces": obs.rules.faces,
        "card_faces": card_faces(obs.rules.faces, letters_lang),
        "card_back": BACKS[obs.rules.faces],
        "me": obs.seat,
        "current": obs.current,
        "players": players,
        "hand": list(obs.hand),
        "hand_sources": [hand_source(card) for card in obs.hand],
        "building": [
            {
                "cards": list(pile),
                "target": f"b{i + 1}",
                "needs": obs.needs(i),
                "label": tr("pile.building", pile=i),
                "needs_label": tr("table.needs",
                                  value=face_letter(obs.needs(i), letters_lang, obs.rules.faces))
                if pile
                else tr("table.starts", needs=1, wild=WILD, faces=obs.rules.faces),
            }
            for i, pile in enumerate(obs.building)
        ],
        "draw_count": obs.draw_count,
        "draw_label": tr("table.draw_count", count=obs.draw_count),
        "completed_count": obs.completed_count,
        # Completed piles lie aside face up, their 12 on top: not a second draw pile.
        "completed_top": TOP_VALUE if obs.completed_count else None,
        "completed_label": tr("table.completed", count=obs.completed_count // TOP_VALUE),
        "interactive": interactive,
        "legal": legal,
        "can_end": can_end,
        "end_move": str(END_MOVE) if can_end else None,
        "labels": {name: tr(key) for name, key in LABELS.items()},
        "discard_labels": [tr("pile.discard", pile=i) for i in range(len(obs.me.discards))],
        "status": status,
        "status_kind": status_kind,
        "highlight": list(highlight),
    }


def pile_names(seat: int, me: int, partner: int | None, discards: int) -> PileNames:
    """A seat's piles as move sources and targets (``None``: not one).

    The learner plays from their stock and discard piles and discards onto the
    latter; a partner's piles are sources too (``ps``, ``pd1``); an opponent's
    piles are neither (a click on one asks whose they are).
    """
    prefix = "" if seat == me else "p" if seat == partner else None
    if prefix is None:
        return {"stock_source": None, "discard_sources": None, "discard_targets": None}
    return {
        "stock_source": f"{prefix}s",
        "discard_sources": [f"{prefix}d{i + 1}" for i in range(discards)],
        "discard_targets": [f"d{i + 1}" for i in range(discards)] if seat == me else None,
    }
