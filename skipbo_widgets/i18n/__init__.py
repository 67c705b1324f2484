"""Messages in German, French, Dutch and English: one lookup for the whole package.

The engine raises errors with a reason code and parameters; this package
turns them, and every other text the learner reads, into words:

>>> from skipbo_widgets.i18n import explain, t, term
>>> from skipbo_widgets.skipbo.engine import IllegalMove, Reason
>>> explain(IllegalMove(Reason.CARD_NOT_IN_HAND, card=0), "nl")
'Je hebt geen SKIP\u2011BO-kaart in je hand.'
>>> t("pile.discard", "fr", pile=2), term("stock_pile", "nl")
('Défausse 3', 'stok')
"""

from .grammar import card_phrase
from .messages import (
    DEFAULT_LANGUAGE,
    LANGUAGE_NAMES,
    LANGUAGES,
    Lang,
    error_key,
    explain,
    normalize_lang,
    seat_name,
    t,
)
from .terms import TERMS, glossary, term


def card_name(card: int, lang: str = DEFAULT_LANGUAGE, *, faces: str = "skipbo",
              form: str = "") -> str:
    """A card's name, e.g. ``card_name(0, "fr", form="un") == "une carte SKIP-BO"``.

    ``form`` is one of the language's article specs (see :mod:`.grammar`).
    """
    return format(card_phrase(card, normalize_lang(lang), faces), form)


__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "TERMS",
    "Lang",
    "card_name",
    "error_key",
    "explain",
    "glossary",
    "normalize_lang",
    "seat_name",
    "t",
    "term",
]
