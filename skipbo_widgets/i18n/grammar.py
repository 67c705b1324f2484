"""How card, pile and seat parameters go into a sentence, in each language.

Messages name cards through a format spec that asks for the grammatical form
the sentence needs, so that a translator never has to guess a gender:

====  ==========================================  ===============================
lang  specs                                       examples (8 / SKIP-BO / ace)
====  ==========================================  ===============================
en    ``a`` ``the``                               an 8, a SKIP-BO card, an ace
de    ``ein einen einem der den dem kein keinen`` eine 8, keinen Buben, ein Ass
fr    ``un le de``                                un 8, la carte SKIP-BO, d\u2019as
nl    ``een de geen``                             een 8, geen SKIP-BO-kaart
====  ==========================================  ===============================

German specs are named after their masculine article, so ``{card:einen}`` is
"the indefinite accusative" whatever the card. Every language also has ``""``
(the bare name) and ``face`` (the face printed on the card in that language:
``7``, ``SKIP-BO``, ``A``, ``K``, German ``B``, Dutch ``V``). A capitalised spec
(``{card:Ein}``) capitalises the result, for the start of a sentence.

>>> from skipbo_widgets.i18n.grammar import card_phrase
>>> format(card_phrase(8, "en"), "a"), format(card_phrase(0, "en"), "a")
('an 8', 'a SKIP-BO card')
>>> jack, ace = card_phrase(11, "de", "playing"), card_phrase(1, "fr", "playing")
>>> f"{jack:keinen}, {ace:le}"
'keinen Buben, l\u2019as'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..skipbo.engine.cards import NUMBERS, WILD, Faces, face_text

Gender = Literal["m", "f", "n"]

#: Parameter names whose value is a card (an int, 0 = wild).
CARD_PARAMS = frozenset({"card", "needs", "wild"})
#: Parameter names whose value is a 0-based pile index, shown 1-based.
PILE_PARAMS = frozenset({"pile", "position"})
#: Parameter names whose value is a 0-based seat (or a tuple of seats).
SEAT_PARAMS = frozenset({"seat", "current", "winner", "player", "partner"})


@dataclass(frozen=True)
class Noun:
    """A card's name with what its articles need to know."""

    text: str
    gender: Gender = "f"
    vowel: bool = False  # en: "an"; fr: "l'", "d'"
    weak: bool = False  # de: weak masculine noun, "den Buben"


def _nouns(numbers: Gender, wild: Noun, playing: dict[int, Noun],
           vowel_numbers: frozenset[int] = frozenset()) -> dict[Faces, dict[int, Noun]]:
    plain = {n: Noun(str(n), numbers, n in vowel_numbers) for n in NUMBERS}
    return {"skipbo": {**plain, WILD: wild}, "playing": {**plain, **playing}}


_NOUNS: dict[str, dict[Faces, dict[int, Noun]]] = {
    "en": _nouns("n", Noun("SKIP-BO card"), {
        1: Noun("ace", vowel=True), 11: Noun("jack"), 12: Noun("queen"), WILD: Noun("king"),
    }, vowel_numbers=frozenset({8, 11})),
    # Numbers are feminine in German (die Sieben) and masculine in French (le sept).
    "de": _nouns("f", Noun("SKIP-BO-Karte", "f"), {
        1: Noun("Ass", "n"), 11: Noun("Bube", "m", weak=True), 12: Noun("Dame", "f"),
        WILD: Noun("König", "m"),
    }),
    "fr": _nouns("m", Noun("carte SKIP-BO", "f"), {
        1: Noun("as", "m", vowel=True), 11: Noun("valet", "m"), 12: Noun("dame", "f"),
        WILD: Noun("roi", "m"),
    }),
    "nl": _nouns("f", Noun("SKIP-BO-kaart"), {
        1: Noun("aas"), 11: Noun("boer"), 12: Noun("vrouw"), WILD: Noun("heer"),
    }),
}

#: The letters printed on playing cards in each language: the first letter of the
#: card's name (numbers keep their digits), so the table, its captions and the
#: texts agree: "Bube" is B on a German card, "vrouw" V on a Dutch one.
FACE_LETTERS: dict[str, dict[int, str]] = {
    "en": {1: "A", 11: "J", 12: "Q", WILD: "K"},
    "de": {1: "A", 11: "B", 12: "D", WILD: "K"},
    "fr": {1: "A", 11: "V", 12: "D", WILD: "R"},
    "nl": {1: "A", 11: "B", 12: "V", WILD: "H"},
}


def face_letter(card: int, lang: str, faces: Faces | str) -> str:
    """The face printed on ``card`` in ``lang``: ``7``, ``SKIP-BO``, or a letter (``B``)."""
    if faces == "playing":
        return FACE_LETTERS[lang].get(card, str(card))
    return face_text(card, "skipbo")

_UNSEEN = {"en": Noun("card"), "de": Noun("Karte", "f"), "fr": Noun("carte", "f"),
           "nl": Noun("kaart")}

# German articles by spec: (masculine, feminine, neuter) and whether the case
# is not the nominative (a weak masculine noun then takes -n: "den Buben").
_DE: dict[str, tuple[tuple[str, str, str], bool]] = {
    "ein": (("ein", "eine", "ein"), False),
    "einen": (("einen", "eine", "ein"), True),
    "einem": (("einem", "einer", "einem"), True),
    "der": (("der", "die", "das"), False),
    "den": (("den", "die", "das"), True),
    "dem": (("dem", "der", "dem"), True),
    "kein": (("kein", "keine", "kein"), False),
    "keinen": (("keinen", "keine", "kein"), True),
}
_GENDER_INDEX = {"m": 0, "f": 1, "n": 2}

#: The format specs a card parameter accepts, per language.
CARD_SPECS: dict[str, frozenset[str]] = {
    "en": frozenset({"", "face", "a", "the"}),
    "de": frozenset({"", "face", *_DE}),
    "fr": frozenset({"", "face", "un", "le", "de"}),
    "nl": frozenset({"", "face", "een", "de", "geen"}),
}


def _with_article(noun: Noun, lang: str, spec: str) -> str | None:
    text = noun.text
    if lang == "en":
        if spec == "a":
            return ("an " if noun.vowel else "a ") + text
        if spec == "the":
            return "the " + text
    elif lang == "de" and spec in _DE:
        articles, oblique = _DE[spec]
        word = text + "n" if noun.weak and oblique else text
        return f"{articles[_GENDER_INDEX[noun.gender]]} {word}"
    elif lang == "fr":
        if spec == "un":
            return ("une " if noun.gender == "f" else "un ") + text
        if spec == "le":
            if noun.vowel:
                return "l\u2019" + text  # the typographic apostrophe of the catalog
            return ("la " if noun.gender == "f" else "le ") + text
        if spec == "de":
            return ("d\u2019" if noun.vowel else "de ") + text
    elif lang == "nl" and spec in ("een", "de", "geen"):
        return f"{spec} {text}"
    return None


class CardPhrase:
    """A card, ready to be formatted into a message in one language."""

    __slots__ = ("card", "faces", "lang", "noun", "value")

    def __init__(self, card: object, lang: str, faces: Faces = "skipbo") -> None:
        self.card = card
        self.lang = lang
        self.faces = faces
        table = _NOUNS[lang][faces]
        self.value: int | None = None
        if isinstance(card, int) and not isinstance(card, bool) and card in table:
            self.value = card
            self.noun = table[card]
        elif card is None:  # a card nobody can see yet: just "the card"
            self.noun = _UNSEEN[lang]
        else:  # not a card at all (a broken save file): say it as it is, like a number
            self.noun = Noun(str(card), table[2].gender)

    def __str__(self) -> str:
        return self.noun.text

    def __format__(self, spec: str) -> str:
        lower = spec[:1].lower() + spec[1:]
        if lower == "face" and self.value is not None:
            text = face_letter(self.value, self.lang, self.faces)
        elif lower in ("", "face"):
            text = self.noun.text
        else:
            text = _with_article(self.noun, self.lang, lower) or self.noun.text
        return text[:1].upper() + text[1:] if spec[:1].isupper() else text


def card_phrase(card: object, lang: str, faces: Faces | str = "skipbo") -> CardPhrase:
    """A card (``0`` = wild) named in ``lang``; ``faces`` picks the deck's look."""
    deck: Faces = "playing" if faces == "playing" else "skipbo"
    return CardPhrase(card, lang, deck)
