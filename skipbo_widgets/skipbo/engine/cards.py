"""Cards are small ints: 1-12 are number cards, 0 is the wild card.

The wild card is a SKIP-BO card with Skip-Bo faces and a King or a Joker with
playing-card faces (rule ``SB-PLAYING-CARDS``); the engine does not tell the
two apart because the rules never do. Faces only change how a card is named.

>>> parse_card("W"), parse_card("12"), card_text(WILD), card_text(7)
(0, 12, 'W', '7')
>>> face_text(1, "playing"), face_text(11, "playing"), face_text(WILD, "skipbo")
('A', 'J', 'SKIP-BO')
"""

from __future__ import annotations

from collections import Counter
from typing import Literal

from .errors import NotationError, Reason

Card = int
Faces = Literal["skipbo", "playing"]
FACES: tuple[Faces, ...] = ("skipbo", "playing")

WILD: Card = 0
TOP_VALUE = 12
NUMBERS = range(1, TOP_VALUE + 1)
COPIES_PER_NUMBER = 12
WILD_COUNT = 18
DECK_SIZE = TOP_VALUE * COPIES_PER_NUMBER + WILD_COUNT  # 162

_PARSE = {str(v): v for v in NUMBERS} | {"W": WILD, "SB": WILD}
_PLAYING = {1: "A", 11: "J", 12: "Q"}


def full_deck() -> list[Card]:
    """The 162 cards of rule ``SB-DECK``, in a fixed order (shuffle before use)."""
    deck = [v for v in NUMBERS for _ in range(COPIES_PER_NUMBER)]
    deck.extend([WILD] * WILD_COUNT)
    return deck


DECK_COUNTS: Counter[Card] = Counter(full_deck())


def card_text(card: Card) -> str:
    """The notation of a card: ``"1"`` ... ``"12"``, or ``"W"`` for the wild card."""
    return "W" if card == WILD else str(card)


def parse_card(text: str) -> Card:
    """Inverse of :func:`card_text`; also accepts ``"SB"`` for the wild card."""
    try:
        return _PARSE[text.strip().upper()]
    except (KeyError, AttributeError):
        raise NotationError(Reason.BAD_CARD, text=str(text)[:20]) from None


def cards_text(cards: list[Card] | tuple[Card, ...]) -> str:
    """Cards as space-separated notation, bottom card first: ``"1 2 W"``."""
    return " ".join(map(card_text, cards))


def parse_cards(text: str) -> list[Card]:
    """Inverse of :func:`cards_text`."""
    return [parse_card(t) for t in text.split()]


def face_text(card: Card, faces: Faces) -> str:
    """The face printed on a card: ``SKIP-BO``, ``A``, ``J``, ``Q``, ``K`` or a number.

    With playing-card faces both Kings and Jokers are wild; the engine calls
    every wild card ``K`` there (the tutorial explains the Jokers).
    """
    if faces == "playing":
        return "K" if card == WILD else _PLAYING.get(card, str(card))
    return "SKIP-BO" if card == WILD else str(card)
