"""The glossary: one word per concept and language, for widgets, hints and tutorials.

Use these instead of writing pile names into sentences by hand, so that the
German building pile is always an "Ablegestapel" and never an "Ablagestapel"
(a word one rule sheet uses for the *discard* piles; see the ``de`` catalog).
Terms are in running-text case: German nouns capitalised, others lower case.

>>> term("building_pile", "de"), term("draw_pile", "fr"), term("discard_piles", "nl")
('Ablegestapel', 'pioche', 'weggooistapels')
"""

from __future__ import annotations

from .messages import DEFAULT_LANGUAGE, t

#: Every glossary entry; the message key is ``"term." + name``.
TERMS: tuple[str, ...] = (
    "stock_pile",
    "stock_piles",
    "draw_pile",
    "building_pile",
    "building_piles",
    "discard_pile",
    "discard_piles",
    "hand",
    "completed_piles",
    "card",
    "cards",
    "skipbo_card",
    "skipbo_cards",
    "turn",
    "dealer",
    "partner",
    "team",
    "game",
    "round",
    "match",
)


def term(name: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """The word for concept ``name`` (one of :data:`TERMS`) in ``lang``."""
    if name not in TERMS:
        raise KeyError(f"no glossary term {name!r}")
    return t(f"term.{name}", lang)


def glossary(lang: str = DEFAULT_LANGUAGE) -> dict[str, str]:
    """All terms of one language, e.g. for a tutorial's word list."""
    return {name: term(name, lang) for name in TERMS}
