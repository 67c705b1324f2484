"""What the card table draws: a JSON-friendly dict built from one seat's observation.

The browser gets only this: what the seat may see, the names and labels in
the learner's language, and for every source the targets that are legal now
(so only legal targets light up). Python checks every move request again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..i18n import normalize_lang
from ..i18n.grammar import FACE_LETTERS, face_letter
from ..skipbo.engine import WILD, Observation
from ..skipbo.engine.cards import TOP_VALUE

Translate = Callable[..., str]

#: Label name in the view -> message key.
LABELS = {
    "stock_pile": "pile.stock", "draw_pile": "pile.draw", "completed": "pile.completed",
    "hand": "pile.hand", "discard_piles": "table.discard_piles", "partner": "table.partner",
    "end_turn": "table.end_turn",
}


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
) -> dict[str, Any]:
    """The ``view`` traitlet of :class:`~skipbo_widgets.widgets.table.CardTable`.

    ``lang`` is the language of ``tr``'s texts: the table says it on its root
    element, which matters when it is shown outside the app.
    """
    partner = obs.partner
    players = [
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
        }
        for v in obs.seats
    ]
    legal, can_end = legal_targets(obs) if interactive else ({}, False)
    letters_lang = normalize_lang(lang)
    return {
        "lang": lang,
        "faces": obs.rules.faces,
        # The letters on playing cards in this language (the table draws them).
        "face_letters": {str(card): letter
                         for card, letter in FACE_LETTERS[letters_lang].items()},
        "me": obs.seat,
        "current": obs.current,
        "players": players,
        "hand": list(obs.hand),
        "building": [
            {
                "cards": list(pile),
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
        "completed_label": tr("table.completed", count=obs.completed_count // TOP_VALUE),
        "interactive": interactive,
        "legal": legal,
        "can_end": can_end,
        "labels": {name: tr(key) for name, key in LABELS.items()},
        "discard_labels": [tr("pile.discard", pile=i) for i in range(len(obs.me.discards))],
        "status": status,
        "status_kind": status_kind,
        "highlight": list(highlight),
    }
