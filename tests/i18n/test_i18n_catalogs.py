"""The catalogs: complete, consistent, really translated, and compiled."""

from __future__ import annotations

import gettext
import string
from collections.abc import Mapping
from typing import Any

import pytest
from babel.messages import mofile as babel_mofile
from babel.messages.plurals import get_plural

from skipbo_widgets.i18n import LANGUAGES, TERMS, build
from skipbo_widgets.i18n.build import is_up_to_date, po_path, read_po
from skipbo_widgets.i18n.grammar import CARD_PARAMS, CARD_SPECS
from skipbo_widgets.i18n.messages import translations
from skipbo_widgets.skipbo.engine import Reason
from skipbo_widgets.skyjo.engine import Reason as SkyjoReason

OTHERS = [lang for lang in LANGUAGES if lang != "en"]

# The same word in English and this language, on purpose (checked case-blind).
SAME_AS_ENGLISH = {
    ("de", "term.hand"),  # die Hand
    ("nl", "term.hand"),  # de hand
    ("de", "term.team"),
    ("nl", "term.team"),
    ("de", "term.partner"),  # der Partner
    ("de", "table.partner"),
    ("de", "demo.pause"),  # die Pause
    ("fr", "demo.pause"),  # la pause
    ("fr", "score.skyjo.total"),  # le total
    ("fr", "room.seat.points"),  # 2 points
    # Quiz answers that are a name (Mia) in every language.
    *((lang, f"tut.real.{step}.a.mia") for lang in ("de", "fr", "nl")
      for step in ("dealer", "first")),
    *((lang, f"skyjo.lesson.{key}") for lang in ("de", "fr", "nl")
      for key in ("game.hundred.a.mia", "game.hundred.a.leo", "game.next.a.leo",
                  "start.first.a.mia", "start.first.a.leo")),
}

# Error keys that are not engine reasons: the app's own, and the empty-pile variant.
#: Error keys that are variants of a reason's message: a pile still empty, a partner's card.
EXTRA_ERRORS = {"wrong_value.start", "bad_request", "wrong_value.partner",
                "wrong_value.start.partner"}


def _key(message: Any) -> str:
    return str(message.id[0] if message.pluralizable else message.id)


def _messages(lang: str) -> dict[str, str]:
    """Key -> text; for a plural entry its last form, the one that names every placeholder."""
    return {_key(m): m.string[-1] if m.pluralizable else m.string
            for m in read_po(lang) if m.id}


def _plurals(lang: str) -> dict[str, tuple[str, ...]]:
    """Key -> the forms of each plural entry (msgstr[0], msgstr[1], ...)."""
    return {_key(m): tuple(m.string) for m in read_po(lang) if m.id and m.pluralizable}


CATALOGS: Mapping[str, dict[str, str]] = {lang: _messages(lang) for lang in LANGUAGES}
PLURALS: Mapping[str, dict[str, tuple[str, ...]]] = {lang: _plurals(lang) for lang in LANGUAGES}
KEYS = sorted(CATALOGS["en"])


def _fields(text: str) -> dict[str, set[str]]:
    """Placeholder name -> the format specs it is used with."""
    found: dict[str, set[str]] = {}
    for _, name, spec, conversion in string.Formatter().parse(text):
        if name is None:
            continue
        assert name.isidentifier(), f"placeholder {name!r} must be a plain name"
        assert conversion is None, f"no !r/!s conversions: {text!r}"
        found.setdefault(name, set()).add(spec or "")
    return found


def _has_words(text: str) -> bool:
    """False for a message that is only placeholders, such as "{player}"."""
    return any(literal.strip() for literal, *_ in string.Formatter().parse(text))


def test_the_app_keys_exist() -> None:
    needed = {"ui.player", "ui.and", "ui.your_turn", "ui.player_turn", "ui.game_won",
              "ui.game_won_team", "ui.game_drawn", "ui.draw", "pile.stock", "pile.draw",
              "pile.building", "pile.discard", "pile.hand", "pile.completed"}
    assert needed <= set(KEYS)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_exists_in_every_language_and_is_not_empty(lang: str) -> None:
    assert sorted(CATALOGS[lang]) == KEYS
    assert [k for k, v in CATALOGS[lang].items() if not v.strip()] == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_message_is_fuzzy(lang: str) -> None:
    assert [m.id for m in read_po(lang) if m.id and m.fuzzy] == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_plural_forms_header_is_the_languages_rule(lang: str) -> None:
    catalog = read_po(lang)
    assert (catalog.num_plurals, catalog.plural_expr) == tuple(get_plural(lang))


def test_the_same_messages_are_plural_in_every_language() -> None:
    assert {"log.draw", "explain.missed_stock"} <= set(PLURALS["en"])
    assert all(set(PLURALS[lang]) == set(PLURALS["en"]) for lang in LANGUAGES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_plural_message_has_a_text_for_each_plural_form(lang: str) -> None:
    forms = get_plural(lang).num_plurals
    for key, texts in PLURALS[lang].items():
        assert len(texts) == forms and all(text.strip() for text in texts), key
        # A singular may say "a card" instead of "{count} cards", nothing else.
        every = set(_fields(texts[-1]))
        assert all(set(_fields(text)) <= every for text in texts), key


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_hand_made_plural_keys_are_left(lang: str) -> None:
    assert [k for k in CATALOGS[lang] if k.endswith((".one", ".many"))] == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_compiled_catalog_picks_each_counts_plural_form(lang: str) -> None:
    rule = gettext.c2py(get_plural(lang).plural_expr)
    compiled = translations(lang)
    for key, texts in PLURALS[lang].items():
        for n in (0, 1, 2, 5):
            assert compiled.ngettext(key, key, n) == texts[rule(n)], (key, n)


@pytest.mark.parametrize("key", KEYS)
def test_same_placeholders_in_every_language(key: str) -> None:
    names = {lang: set(_fields(CATALOGS[lang][key])) for lang in LANGUAGES}
    assert all(found == names["en"] for found in names.values()), names


@pytest.mark.parametrize("lang", LANGUAGES)
def test_format_specs_are_known_for_the_language(lang: str) -> None:
    for key, text in CATALOGS[lang].items():
        for name, specs in _fields(text).items():
            allowed = CARD_SPECS[lang] if name in CARD_PARAMS else {""}
            lowered = {s[:1].lower() + s[1:] for s in specs}
            assert lowered <= allowed, (key, name, specs)


@pytest.mark.parametrize("lang", OTHERS)
def test_no_message_is_left_in_english(lang: str) -> None:
    same = {key for key in KEYS
            if CATALOGS[lang][key].casefold() == CATALOGS["en"][key].casefold()
            and _has_words(CATALOGS["en"][key]) and not CATALOGS["en"][key].isdigit()}
    assert same == {key for (code, key) in SAME_AS_ENGLISH if code == lang}


def test_every_reason_has_an_error_message() -> None:
    missing = [r.value for r in Reason if f"error.{r.value}" not in CATALOGS["en"]]
    assert missing == []


def test_every_error_message_belongs_to_a_reason() -> None:
    from skipbo_widgets.widgets.shell.settings import LinkReason  # a class link's own refusals

    codes = {r.value for r in (*Reason, *SkyjoReason, *LinkReason)} | EXTRA_ERRORS
    stale = [k for k in KEYS if k.startswith("error.") and k[len("error."):] not in codes]
    assert stale == []


def test_every_glossary_term_has_a_key_and_every_term_key_is_in_the_glossary() -> None:
    assert {f"term.{name}" for name in TERMS} == {k for k in KEYS if k.startswith("term.")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_compiled_catalogs_are_up_to_date(lang: str) -> None:
    """Run `make catalogs` when this fails."""
    with po_path(lang).with_suffix(".mo").open("rb") as f:
        compiled = {_key(m): m.string[-1] if m.pluralizable else m.string
                    for m in babel_mofile.read_mo(f) if m.id}
    assert compiled == CATALOGS[lang]
    assert is_up_to_date(lang)


def test_the_staleness_check_notices_a_changed_message(tmp_path: Any, monkeypatch: Any) -> None:
    for lang in LANGUAGES:
        folder = tmp_path / lang / "LC_MESSAGES"
        folder.mkdir(parents=True)
        for suffix in (".po", ".mo"):
            source = po_path(lang).with_suffix(suffix)
            (folder / source.name).write_bytes(source.read_bytes())
    monkeypatch.setattr(build, "LOCALE_DIR", tmp_path)
    assert build.main(["--check"]) == 0
    po = tmp_path / "nl" / "LC_MESSAGES" / "skipbo.po"
    po.write_text(po.read_text("utf-8").replace("Gelijkspel", "Remise"), "utf-8")
    assert build.main(["--check"]) == 1
    assert build.main([]) == 0
    assert build.main(["--check"]) == 0


def test_german_uses_the_official_pile_names_and_never_the_trap_word() -> None:
    de = CATALOGS["de"]
    assert de["term.building_pile"] == "Ablegestapel"
    assert de["term.discard_pile"] == "Hilfsstapel"
    assert de["term.stock_pile"] == "Spielerstapel"
    assert de["term.draw_pile"] == "Kartenstock"
    # "Ablagestapel" means a *discard* pile on another sheet: one lesson step says so.
    # In Skyjo it is the sheet's own word for the discard pile.
    skipbo = {k: v for k, v in de.items() if "skyjo" not in k}
    assert [k for k, v in skipbo.items() if "ablagestapel" in v.lower()] == ["tut.discard.rules"]
    assert "Ablegestapel" in de["tut.discard.rules"] and "Hilfsstapel" in de["tut.discard.rules"]
    # Official terms are shown in normal capitalisation, not as on the sheet.
    assert [k for k, v in de.items() if "STAPEL" in v or "KARTENSTOCK" in v] == []


def test_french_and_dutch_use_the_chosen_terms() -> None:
    fr, nl = CATALOGS["fr"], CATALOGS["nl"]
    assert (fr["term.stock_pile"], fr["term.draw_pile"], fr["term.building_piles"],
            fr["term.discard_piles"]) == ("stock", "pioche", "séries centrales",
                                          "piles de défausse")
    assert (nl["term.stock_pile"], nl["term.draw_pile"], nl["term.building_piles"],
            nl["term.discard_piles"]) == ("stok", "trekstapel", "bouwstapels", "weggooistapels")


def test_french_punctuation_has_non_breaking_spaces() -> None:
    for key, text in CATALOGS["fr"].items():
        for mark in ":;!?»":
            assert f" {mark}" not in text, (key, mark)
        assert "« " not in text, key


@pytest.mark.parametrize("lang", LANGUAGES)
def test_po_files_are_utf8_without_byte_order_mark(lang: str) -> None:
    data = po_path(lang).read_bytes()
    assert not data.startswith(b"\xef\xbb\xbf")
    data.decode("utf-8")
