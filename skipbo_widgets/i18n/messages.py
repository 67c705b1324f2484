"""One lookup for every text the learner reads: errors, hints, the move log, the app.

Messages live in gettext catalogs (``locale/<lang>/LC_MESSAGES/skipbo.po``,
compiled to ``.mo`` with ``make catalogs``) and are read with the standard
library's :mod:`gettext`. The msgids are stable keys such as
``"error.wrong_value"``; the English text lives in the ``en`` catalog like any
other language, so rewording English never touches the others.

Parameters are named ``str.format`` fields. Before they are inserted they are
put into the target language: cards by name (see :mod:`.grammar` for the
article specs such as ``{card:a}``), 0-based piles as 1-based numbers, seats
as "Player 2" or a name given in ``names``.

>>> t("ui.player_turn", "de", player=1)
'Spieler 2 ist dran'
>>> t("pile.building", "nl-BE", pile=0)
'Bouwstapel 1'
>>> from skipbo_widgets.skipbo.engine import IllegalMove, Reason
>>> explain(IllegalMove(Reason.WRONG_VALUE, card=8, needs=5, pile=1), "en")
"Building pile 2 needs a 5 next. Your card is an 8, so it doesn't fit there."
"""

from __future__ import annotations

import gettext
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Literal

from ..skipbo.engine.cards import FACES, WILD, Faces
from ..skipbo.engine.errors import GameError, Reason
from ..skyjo.engine.errors import Reason as SkyjoReason
from .grammar import CARD_PARAMS, PILE_PARAMS, SEAT_PARAMS, card_phrase

Lang = Literal["de", "fr", "nl", "en"]
LANGUAGES: tuple[Lang, ...] = ("de", "fr", "nl", "en")
DEFAULT_LANGUAGE: Lang = "en"
#: Each language's name in itself, for a language picker.
LANGUAGE_NAMES: dict[Lang, str] = {
    "de": "Deutsch", "fr": "Français", "nl": "Nederlands", "en": "English",
}
DOMAIN = "skipbo"
LOCALE_DIR = Path(__file__).parent / "locale"


def normalize_lang(lang: str | None) -> Lang:
    """The supported language for a code like ``"fr-BE"`` or ``"de_AT.UTF-8"``.

    Unknown or empty codes fall back to English.

    >>> normalize_lang("fr-BE"), normalize_lang("NL"), normalize_lang("pt-BR")
    ('fr', 'nl', 'en')
    """
    code = (lang or "").strip().lower().replace("_", "-").split(".")[0].split("-")[0]
    for known in LANGUAGES:
        if code == known:
            return known
    return DEFAULT_LANGUAGE


@cache
def translations(lang: Lang) -> gettext.NullTranslations:
    """The compiled catalog of ``lang``; keys it lacks fall back to English."""
    found = gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)
    if lang != DEFAULT_LANGUAGE:
        found.add_fallback(translations(DEFAULT_LANGUAGE))
    return found


class _Missing:
    """A parameter the caller did not give: shown as ``{name}``, never a crash."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __format__(self, spec: str) -> str:
        return "{" + self.name + "}"


class _Params(dict[str, object]):
    def __missing__(self, key: str) -> object:
        return _Missing(key)


def seat_name(seat: object, lang: str, names: Sequence[str] | None = None) -> str:
    """``"Player 2"`` for seat 1 (or ``names[1]``); several seats joined with "and".

    >>> seat_name((0, 2), "fr")
    'Joueur 1 et Joueur 3'
    """
    if isinstance(seat, (tuple, list)):
        parts = [seat_name(s, lang, names) for s in seat]
        if len(parts) < 2:
            return "".join(parts)
        return t("ui.and", lang, a=", ".join(parts[:-1]), b=parts[-1])
    if isinstance(seat, int) and not isinstance(seat, bool):
        if names is not None and 0 <= seat < len(names):
            return names[seat]
        return t("ui.player", lang, n=seat + 1)
    return str(seat)


def _prepare(name: str, value: object, lang: Lang, faces: Faces,
             names: Sequence[str] | None) -> object:
    if name in CARD_PARAMS:
        return card_phrase(value, lang, faces)
    if name in PILE_PARAMS and isinstance(value, int) and not isinstance(value, bool):
        return value + 1
    if name in SEAT_PARAMS:
        return seat_name(value, lang, names)
    if isinstance(value, float):  # an average or expected points: one decimal, local comma
        return f"{value:.1f}".replace(".", "." if lang == "en" else ",")
    return value if isinstance(value, (int, str)) else str(value)


def t(key: str, lang: str = DEFAULT_LANGUAGE, /, **params: object) -> str:
    """The message ``key`` in ``lang`` with ``params`` filled in.

    Two parameters steer the wording: ``faces="playing"`` names cards as
    playing cards (ace, jack, queen, king), and ``names`` (a list of strings)
    replaces "Player 2" with real names. A message that counts is a gettext
    plural entry: ``count`` (or ``cards``) picks its form by the catalog's
    ``Plural-Forms`` rule (without a count, the singular). "SKIP-BO" gets a
    non-breaking hyphen. An unknown key comes back as itself
    and a missing parameter as ``{name}``, so a gap shows instead of a crash.

    >>> t("ui.game_won", "fr", winner=0, points=40)
    'Joueur 1 gagne et marque 40 points\\xa0!'
    >>> t("log.you.draw", "nl", count=1), t("log.you.draw", "nl", count=5)
    ('Je trekt een kaart.', 'Je trekt 5 kaarten.')
    """
    code = normalize_lang(lang)
    given = params.pop("names", None)
    names = [str(n) for n in given] if isinstance(given, (list, tuple)) else None
    faces: Faces = "playing" if params.get("faces") == "playing" else "skipbo"
    values = _Params({
        name: _prepare(name, value, code, faces, names) for name, value in params.items()
    })
    return _lookup(key, code, params).format_map(values).replace("SKIP-BO", UNBROKEN_SKIPBO)


#: "SKIP-BO" with a non-breaking hyphen: the name never breaks across two lines.
UNBROKEN_SKIPBO = "SKIP\u2011BO"

#: Parameters that count things: they choose the form of a plural message.
COUNT_PARAMS = ("count", "cards")


def _lookup(key: str, lang: Lang, params: dict[str, object]) -> str:
    catalog = translations(lang)
    count = next((params[p] for p in COUNT_PARAMS if p in params), None)
    if isinstance(count, int) and not isinstance(count, bool):
        # ngettext gives the key back when the message has no plural forms.
        text = catalog.ngettext(key, key, count)
        if text != key:
            return text
    return catalog.gettext(key)


def error_key(error: GameError) -> str:
    """The message key for an engine error: ``"error.<reason>"`` (one special case).

    A building pile that is still empty gets its own message, because there
    the learner needs the rule for starting a pile, not "the next card is a 1".
    """
    key = f"error.{error.reason.value}"
    if error.reason is Reason.WRONG_VALUE and error.params.get("needs") == 1:
        key += ".start"
    return key


def explain(error: GameError, lang: str = DEFAULT_LANGUAGE, /, *,
            faces: Faces = "skipbo", names: Sequence[str] | None = None,
            **words: object) -> str:
    """Why the engine refused something, as a teacher would say it in ``lang``.

    ``faces`` is the deck of the game (``rules.faces``), so cards are named as
    the learner sees them; ``names`` replaces "Player 2" with real names;
    ``words`` replace parameters of the error by what the table shows (a game's
    own words for a place given in notation).
    """
    params: dict[str, object] = {"wild": WILD, **error.params, **words}
    if "faces" not in params or params["faces"] in FACES:
        params["faces"] = faces
    params.pop("names", None)
    text = t(error_key(error), lang, names=names, **params)
    # A save file refused because of a bad rule or card also says what was wrong with it.
    cause = params.get("cause")
    if error.reason == Reason.SAVE_BAD_FIELD and isinstance(cause, str) and cause in _REASONS:
        inner = GameError(_REASONS[cause], **{k: v for k, v in params.items() if k != "cause"})
        text += " " + explain(inner, lang, faces=faces, names=names)
    return text


_REASONS = {r.value: r for r in (*Reason, *SkyjoReason) if r.value != Reason.SAVE_BAD_FIELD}

