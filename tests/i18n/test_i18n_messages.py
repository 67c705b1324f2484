"""The lookup: languages, parameters in each language's grammar, engine errors."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from skipbo_widgets.i18n import (
    LANGUAGE_NAMES,
    LANGUAGES,
    card_name,
    error_key,
    explain,
    glossary,
    normalize_lang,
    seat_name,
    t,
    term,
)
from skipbo_widgets.i18n.messages import UNBROKEN_SKIPBO
from skipbo_widgets.skipbo.engine import (
    WILD,
    Game,
    GameError,
    IllegalMove,
    Match,
    NotationError,
    Reason,
    Rules,
    RulesError,
    SaveError,
)
from skipbo_widgets.skipbo.engine.cards import parse_card

# One representative set of parameters per reason, as the engine raises them.
# A new Reason without an entry here fails test_every_reason_has_sample_params.
SAMPLES: dict[Reason, dict[str, Any]] = {
    Reason.NOT_YOUR_TURN: {"seat": 0, "current": 1},
    Reason.GAME_OVER: {},
    Reason.CARD_NOT_IN_HAND: {"card": 7},
    Reason.STOCK_EMPTY: {"seat": 2},
    Reason.DISCARD_PILE_EMPTY: {"seat": 0, "pile": 3},
    Reason.WRONG_VALUE: {"card": 8, "needs": 5, "pile": 1},
    Reason.BUILDING_PILE_LIMIT: {"pile": 4, "max": 4},
    Reason.DISCARD_PILE_LIMIT: {"pile": 6, "max": 4},
    Reason.DISCARD_FROM_STOCK: {},
    Reason.DISCARD_BETWEEN_PILES: {},
    Reason.PARTNER_HAND: {},
    Reason.NO_PARTNER: {},
    Reason.HAND_NOT_EMPTY: {"cards": 2},
    Reason.NOTHING_TO_UNDO: {},
    Reason.BAD_NOTATION: {"text": "h7-x9"},
    Reason.BAD_CARD: {"text": "13"},
    Reason.BAD_PLAYER_COUNT: {"players": 7, "min": 2, "max": 6},
    Reason.BAD_STOCK_SIZE: {"stock_size": 40, "min": 5, "max": 30},
    Reason.DECK_TOO_SMALL: {"cards_needed": 210, "deck": 162},
    Reason.TEAMS_NEED_EVEN_PLAYERS: {"players": 5},
    Reason.BAD_SEATING: {"seating": [0, 0, 0, 1]},
    Reason.BAD_FACES: {"faces": "tarot"},
    Reason.BAD_SEAT: {"seat": 9, "players": 4},
    Reason.BAD_TARGET_SCORE: {"target": 0},
    Reason.BAD_SEED: {"max": 128},
    Reason.MATCH_OVER: {},
    Reason.GAME_NOT_OVER: {},
    Reason.SAVE_NOT_JSON: {"problem": "syntax"},
    Reason.SAVE_BAD_TEXT: {"problem": "surrogate"},
    Reason.SAVE_TOO_LARGE: {},
    Reason.SAVE_BAD_FORMAT: {"format": "chess/pgn"},
    Reason.SAVE_BAD_VERSION: {"version": 2},
    Reason.SAVE_BAD_FIELD: {"field": "curent", "problem": "unknown"},
    Reason.SAVE_CARDS_MISMATCH: {"card": WILD, "expected": 18, "found": 17},
    Reason.SAVE_BAD_BUILDING_PILE: {"pile": 0, "position": 2, "card": 5},
    Reason.SAVE_BAD_COMPLETED_PILE: {"pile": 1, "position": 0, "card": 5},
    Reason.SAVE_BAD_SIZE: {"field": "completed", "size": 5},
    Reason.SAVE_INCONSISTENT: {"what": "outcome"},
}


def plain(text: str) -> str:
    """The text with SKIP-BO's non-breaking hyphen as a plain one, to compare with."""
    assert "SKIP-BO" not in text  # the lookup always makes the name unbreakable
    return text.replace(UNBROKEN_SKIPBO, "SKIP-BO")


def _errors() -> list[GameError]:
    errors = [IllegalMove(reason, **params) for reason, params in SAMPLES.items()]
    errors.append(IllegalMove(Reason.WRONG_VALUE, card=7, needs=1, pile=2))  # an empty pile
    return errors


def test_every_reason_has_sample_params() -> None:
    assert set(SAMPLES) == set(Reason)


@pytest.mark.parametrize("faces", ["skipbo", "playing"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_explain_renders_every_reason_completely(lang: str, faces: Any) -> None:
    for error in _errors():
        text = explain(error, lang, faces=faces)
        assert "{" not in text and "}" not in text, (error, text)
        assert not text.startswith("error."), (error, text)
        if lang != "en":
            assert text != explain(error, "en", faces=faces), error


@pytest.mark.parametrize("lang", LANGUAGES)
def test_explain_works_on_real_engine_errors(lang: str) -> None:
    caught: list[GameError] = []
    for attempt in (
        lambda: Rules(players=7),
        lambda: Rules(players=6, stock_size=30),
        lambda: Rules(players=3, teams=True),
        lambda: parse_card("Z"),
        lambda: Game.new(Rules(players=2), seed=1).push_text("s-b9"),
        lambda: Game.new(Rules(players=2), seed=1).pop(),
        lambda: Match(Rules(players=2), seed=1, target=0),
    ):
        with pytest.raises(GameError) as info:
            attempt()
        caught.append(info.value)
    assert {type(e) for e in caught} >= {RulesError, NotationError}
    for error in caught:
        text = explain(error, lang)
        assert "{" not in text and text


def test_a_save_error_is_explained_like_any_other() -> None:
    error = SaveError(Reason.SAVE_BAD_BUILDING_PILE, pile=1, position=2, card=7)
    assert explain(error, "de") == (
        "In diesem gespeicherten Spiel ist Ablegestapel 2 durcheinander: "
        "Die 3. Karte von unten ist eine 7.")


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "Building pile 2 needs a 5 next. Your card is an 8, so it doesn't fit there."),
    ("de", "Auf Ablegestapel 2 gehört als Nächstes eine 5. "
           "Deine Karte ist eine 8 und passt dort nicht hin."),
    ("fr", "Sur la série centrale 2, il faut maintenant un 5. "
           "Ta carte est un 8\u00a0: elle ne peut pas aller là."),
    ("nl", "Op bouwstapel 2 hoort nu een 5. Jouw kaart is een 8, dus die past daar niet."),
])
def test_wrong_value_reads_naturally(lang: str, expected: str) -> None:
    assert explain(IllegalMove(Reason.WRONG_VALUE, card=8, needs=5, pile=1), lang) == expected


@pytest.mark.parametrize(("lang", "fragment"), [
    ("en", "starts with a 1 or a SKIP-BO card"),
    ("de", "beginnt immer mit einer 1 oder einer SKIP-BO-Karte"),
    ("fr", "commence toujours par un 1 ou par une carte SKIP-BO"),
    ("nl", "begint altijd met een 1 of een SKIP-BO-kaart"),
])
def test_an_empty_building_pile_teaches_how_a_pile_starts(lang: str, fragment: str) -> None:
    error = IllegalMove(Reason.WRONG_VALUE, card=4, needs=1, pile=0)
    assert error_key(error) == "error.wrong_value.start"
    assert fragment in plain(explain(error, lang))


@pytest.mark.parametrize(("lang", "faces", "expected"), [
    ("en", "skipbo", "You have no SKIP-BO card in your hand."),
    ("en", "playing", "You have no king in your hand."),
    ("de", "skipbo", "Du hast keine SKIP-BO-Karte auf der Hand."),
    ("de", "playing", "Du hast keinen König auf der Hand."),
    ("fr", "skipbo", "Tu n\u2019as pas de carte SKIP-BO en main."),
    ("fr", "playing", "Tu n\u2019as pas de roi en main."),
    ("nl", "skipbo", "Je hebt geen SKIP-BO-kaart in je hand."),
    ("nl", "playing", "Je hebt geen heer in je hand."),
])
def test_card_not_in_hand_names_the_card(lang: str, faces: Any, expected: str) -> None:
    text = explain(IllegalMove(Reason.CARD_NOT_IN_HAND, card=WILD), lang, faces=faces)
    assert plain(text) == expected


@pytest.mark.parametrize(("card", "lang", "form", "faces", "expected"), [
    (8, "en", "a", "skipbo", "an 8"),
    (11, "en", "a", "skipbo", "an 11"),
    (7, "en", "a", "skipbo", "a 7"),
    (1, "en", "a", "playing", "an ace"),
    (0, "en", "the", "skipbo", "the SKIP-BO card"),
    (7, "de", "ein", "skipbo", "eine 7"),
    (1, "de", "ein", "playing", "ein Ass"),
    (11, "de", "ein", "playing", "ein Bube"),
    (11, "de", "einen", "playing", "einen Buben"),
    (11, "de", "dem", "playing", "dem Buben"),
    (12, "de", "der", "playing", "die Dame"),
    (0, "de", "keinen", "playing", "keinen König"),
    (0, "de", "Ein", "skipbo", "Eine SKIP-BO-Karte"),
    (1, "fr", "le", "playing", "l\u2019as"),
    (1, "fr", "de", "playing", "d\u2019as"),
    (8, "fr", "le", "skipbo", "le 8"),
    (12, "fr", "un", "playing", "une dame"),
    (0, "fr", "le", "skipbo", "la carte SKIP-BO"),
    (0, "nl", "een", "skipbo", "een SKIP-BO-kaart"),
    (1, "nl", "de", "playing", "de aas"),
    (5, "nl", "face", "playing", "5"),
    (0, "de", "face", "playing", "K"),
    (0, "fr", "face", "skipbo", "SKIP-BO"),
])
def test_card_names_take_the_right_article(card: int, lang: str, form: str, faces: str,
                                           expected: str) -> None:
    assert card_name(card, lang, faces=faces, form=form) == expected


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "Play the card from discard pile 2 onto building pile 1."),
    ("de", "Leg die Karte von Hilfsstapel 2 auf Ablegestapel 1."),
    ("fr", "Pose la carte de la pile de défausse 2 sur la série centrale 1."),
    ("nl", "Leg de kaart van weggooistapel 2 op bouwstapel 1."),
])
def test_an_unseen_card_is_just_the_card(lang: str, expected: str) -> None:
    assert t("plan.d", lang, card=None, pile=0, from_pile=2) == expected


def test_a_value_that_is_no_card_is_shown_as_it_is() -> None:
    assert card_name(99, "de", form="ein") == "eine 99"
    assert card_name("x", "en", form="a") == "a x"  # type: ignore[arg-type]


@pytest.mark.parametrize(("code", "expected"), [
    ("de", "de"), ("fr", "fr"), ("nl", "nl"), ("en", "en"),
    ("fr-BE", "fr"), ("fr_CA", "fr"), ("de-AT", "de"), ("de_CH.UTF-8", "de"),
    ("nl-BE", "nl"), ("NL", "nl"), (" en-GB ", "en"), ("DE-de", "de"),
    ("pt-BR", "en"), ("xx", "en"), ("", "en"), (None, "en"), ("C", "en"),
    ("deu", "en"), ("french", "en"),
])
def test_normalize_lang(code: str | None, expected: str) -> None:
    assert normalize_lang(code) == expected


def test_every_language_has_a_name_in_itself() -> None:
    assert set(LANGUAGE_NAMES) == set(LANGUAGES)


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "Player 2's turn"), ("de", "Spieler 2 ist dran"),
    ("fr", "À Joueur 2 de jouer"), ("nl", "Speler 2 is aan de beurt"),
])
def test_seats_are_counted_from_one(lang: str, expected: str) -> None:
    assert t("ui.player_turn", lang, player=1) == expected


def test_names_replace_seat_numbers() -> None:
    assert t("ui.player_turn", "nl", names=["Oma", "Lina"], player=0) == "Oma is aan de beurt"
    assert seat_name(3, "en", ["Oma"]) == "Player 4"


def test_several_winners_are_joined() -> None:
    assert seat_name((0, 2, 4), "de") == "Spieler 1, Spieler 3 und Spieler 5"
    assert t("ui.game_won_team", "en", winner=(1, 3), points=60) == (
        "Game over: Player 2 and Player 4 win with 60 points!")


@pytest.mark.parametrize("names", [["Du", "Mia", "Leo", "Emma"], ["Du", "Mia", "Max", "Emma"],
                                   None])
def test_german_names_a_partners_pile_the_same_natural_way_for_every_name(
        names: list[str] | None) -> None:
    partner = names[2] if names else "Spieler 3"
    args: dict[str, Any] = dict(names=names, card=7, pile=1, from_pile=3, player=1, partner=2)
    assert t("plan.ps", "de", **args) == (
        f"Leg die 7 bei {partner} vom Spielerstapel auf Ablegestapel 2.")
    assert t("plan.pd", "de", **args) == (
        f"Leg die 7 bei {partner} von Hilfsstapel 3 auf Ablegestapel 2.")
    assert t("log.you.play_partner_stock", "de", **args) == (
        f"Du legst eine 7 bei {partner} vom Spielerstapel auf Ablegestapel 2.")
    assert t("explain.partner_stock", "de", names=names, card=7, seat=2) == (
        f"Du darfst auch die 7 bei {partner} vom Spielerstapel spielen, denn ihr seid ein Team: "
        "Das bringt euch dem Sieg näher.")


def test_no_german_message_stacks_von_on_von_or_puts_a_player_in_brackets() -> None:
    """Not "vom Spielerstapel von Leo" nor "von Leo (Hilfsstapel 2)": both read clumsily."""
    for key in ("plan.ps", "plan.pd", "log.play_partner_stock", "log.you.play_partner_stock",
                "log.play_partner_discard", "log.you.play_partner_discard",
                "explain.partner_stock"):
        text = t(key, "de")  # placeholders stay as they are: "{partner}"
        assert "stapel von {" not in text and "} (" not in text, (key, text)


def test_piles_are_counted_from_one() -> None:
    assert [t("pile.building", lang, pile=0) for lang in LANGUAGES] == [
        "Ablegestapel 1", "Série centrale 1", "Bouwstapel 1", "Building pile 1"]


def test_unknown_key_and_missing_parameter_never_crash() -> None:
    assert t("no.such.key", "de") == "no.such.key"
    assert t("error.wrong_value", "en", pile=0) == (
        "Building pile 1 needs {needs} next. Your card is {card}, so it doesn't fit there.")


def test_bad_faces_keeps_the_bad_value_in_the_message() -> None:
    text = explain(RulesError(Reason.BAD_FACES, faces="tarot"), "fr", faces="playing")
    assert "«\u00a0tarot\u00a0»" in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_glossary(lang: str) -> None:
    words = glossary(lang)
    assert all(words.values())
    assert words["draw_pile"] == term("draw_pile", lang)
    with pytest.raises(KeyError):
        term("no_such_term", lang)


def test_a_save_file_with_a_bad_rule_also_says_what_is_wrong_with_the_rule() -> None:
    error = SaveError(Reason.SAVE_BAD_FIELD, field="rules", cause="bad_player_count",
                      players=9, min=2, max=6)
    assert explain(error, "nl") == (
        "Dit opgeslagen spel is beschadigd: het onderdeel \u2018rules\u2019 klopt niet. "
        "Skip-Bo speel je met 2 tot en met 6 spelers, niet met 9.")
    odd = SaveError(Reason.SAVE_BAD_FIELD, field="rules", cause="no_such_reason")
    assert explain(odd, "en") == "This saved game is damaged: the entry “rules” isn't right."


# A value for every parameter name any message uses.
EVERY_PARAM: dict[str, Any] = {
    "a": "Mia", "b": "Leo", "before": 3, "after": 1, "move": "Play the 5.", "card": 7,
    "cards": 3, "cards_needed": 210, "count": 5, "doubling": "never", "drawn": -2,
    "current": 1, "deck": 162, "expected": 12, "faces": "skipbo", "field": "turn",
    "found": 11, "from_pile": 2, "max": 4, "min": 2, "n": 2, "needs": 5, "number": 3,
    "partner": "Mia",
    "pile": 0, "place": "b2", "player": 1, "players": 4, "points": 60, "position": 2, "seat": 0,
    "reason": "Oops.",
    "seating": [0, 1], "size": 30, "stock_size": 40, "target": 500, "text": "x", "total": 14,
    "turn": 3, "value": 5, "wild": WILD, "winner": (0, 2),
    # Skyjo hints and reviews
    "old": 11, "gain": 11, "mean": 4.9, "column": "c", "chance": 12, "mine": 23, "theirs": 14,
    "score": 5, "raw": 12, "best": "draw", "going_on": 40,
    # Skyjo in the app: a row's name, the scoreboard's marks
    "row": "top", "ender": "*", "doubled": "\u00d72",
    # the screens' titles and refusals: a game's name
    "game": "Skyjo", "button": "Save game",
    # the card size
    "percent": 125,
    # rooms: a room's code, a first name, who was quicker
    "code": "K7PXM", "name": "Mia", "by": "Leo", "level": "medium",
    # a teacher's class: where a pupil is
    "minutes": 3, "time": "10:42", "lesson": 2, "step": 1, "room": "K7PXM", "others": "Mia, Leo",
    # the static site's progress page: megabytes received (of "total")
    "done": "3.2",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_renders_with_its_parameters(lang: str) -> None:
    import string

    from skipbo_widgets.i18n.build import read_po

    for message in read_po(lang):
        if not message.id:
            continue
        key = message.id[0] if message.pluralizable else message.id
        forms = message.string if message.pluralizable else (message.string,)
        names = {f for form in forms for _, f, _, _ in string.Formatter().parse(form) if f}
        assert names <= set(EVERY_PARAM), (key, names - set(EVERY_PARAM))
        for faces, count in itertools.product(("skipbo", "playing"), (1, 2)):
            text = t(key, lang, **{**EVERY_PARAM, "faces": faces, "count": count, "cards": count})
            assert "{" not in text and "}" not in text, (key, text)


def test_every_hint_code_has_a_message() -> None:
    from skipbo_widgets.skipbo.bots import Explain

    assert [c.value for c in Explain if t(f"explain.{c.value}", "nl") == f"explain.{c.value}"] == []


@pytest.mark.parametrize(("count", "expected"), [
    (1, "Je had nog één kaart van je stok kunnen spelen."),
    (2, "Je had nog 2 kaarten van je stok kunnen spelen."),
])
def test_a_count_of_one_picks_the_singular_message(count: int, expected: str) -> None:
    assert t("explain.missed_stock", "nl", count=count) == expected


@pytest.mark.parametrize(("lang", "count", "expected"), [
    ("fr", 1, "Tu pioches une carte."),
    ("fr", 0, "Tu pioches une carte."),  # French counts 0 as singular: nplurals=2; (n > 1)
    ("fr", 3, "Tu pioches 3 cartes."),
    ("de", 1, "Du ziehst eine Karte."),
    ("de", 0, "Du ziehst 0 Karten."),
])
def test_the_count_picks_the_languages_plural_form(lang: str, count: int, expected: str) -> None:
    assert t("log.you.draw", lang, count=count) == expected


def test_cards_counts_like_count() -> None:
    assert t("explain.refill", "en", cards=1) == (
        "You play your whole hand, so you get a new card right away.")
    assert t("explain.refill", "en", cards=4) == (
        "You play your whole hand, so you get 4 new cards right away.")


def test_a_plural_message_without_a_count_gives_its_singular() -> None:
    assert t("log.you.draw", "nl") == t("log.you.draw", "nl", count=1)


def test_a_count_of_one_without_a_singular_message_uses_the_base_message() -> None:
    assert t("log.recycled", "en", count=1).startswith("The draw pile is empty")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_playing_card_letters_are_the_first_letters_of_their_names(lang: str) -> None:
    """A card, its caption and the lesson text agree: Bube is B, vrouw is V, roi is R."""
    from skipbo_widgets.i18n.grammar import FACE_LETTERS, card_phrase

    for card, letter in FACE_LETTERS[lang].items():
        name = str(card_phrase(card, lang, "playing"))
        assert name[:1].upper() == letter, (card, name, letter)
        assert format(card_phrase(card, lang, "playing"), "face") == letter
        lesson = "tut.variants.king" if card == 0 else "tut.variants.queen"
        assert name.lower() in t(lesson, lang).lower(), (name, lesson)
