"""Skyjo's 150 cards (rule ``SJ-DECK``): values -2 to 12, as plain ints.

>>> len(full_deck()), DECK_COUNTS[-2], DECK_COUNTS[0], DECK_COUNTS[12]
(150, 5, 15, 10)
>>> parse_card("-2"), card_text(-1), sum(full_deck())
(-2, '-1', 760)
"""

from __future__ import annotations

from collections import Counter

from .errors import NotationError, Reason

Card = int
LOWEST, HIGHEST = -2, 12
VALUES = range(LOWEST, HIGHEST + 1)
COPIES = {value: 10 for value in VALUES} | {-2: 5, 0: 15}
DECK_SIZE = sum(COPIES.values())  # 150

_PARSE = {str(v): v for v in VALUES}


def full_deck() -> list[Card]:
    """The 150 cards in a fixed order (shuffle before use)."""
    return [value for value in VALUES for _ in range(COPIES[value])]


DECK_COUNTS: Counter[Card] = Counter(full_deck())


def card_text(card: Card) -> str:
    return str(card)


def parse_card(text: str) -> Card:
    """Inverse of :func:`card_text`; raises :class:`NotationError` on anything else."""
    try:
        return _PARSE[text.strip()]
    except (KeyError, AttributeError):
        raise NotationError(Reason.BAD_CARD, text=str(text)[:20]) from None
