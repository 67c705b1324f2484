"""Every refusal of a room has its words in every language (issue 23)."""

from __future__ import annotations

from pathlib import Path

import pytest

from skipbo_widgets.i18n import LANGUAGES
from skipbo_widgets.i18n.build import read_po
from skipbo_widgets.rooms import ADAPTERS, open_store
from skipbo_widgets.rooms.authority import RoomError, RoomReason, Rooms
from skipbo_widgets.rooms.records import check_name
from skipbo_widgets.rooms.seat_games import SEAT_GAMES
from skipbo_widgets.widgets.rooms.messages import (
    NAME_PROBLEMS,
    PREFIX,
    error_text,
    refusal_key,
    refusal_text,
)


def _keys(lang: str) -> set[str]:
    return {str(m.id[0] if m.pluralizable else m.id) for m in read_po(lang) if m.id}


def every_key() -> list[str]:
    keys = []
    for reason in RoomReason:
        if reason is RoomReason.BAD_NAME:
            keys += [refusal_key(reason.value, {"problem": p}) for p in NAME_PROBLEMS]
        elif reason is RoomReason.STALE_VERSION:
            keys += [refusal_key(reason.value, {}), refusal_key(reason.value, {"by": "Mia"})]
        else:
            keys.append(refusal_key(reason.value, {}))
    return keys


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_code_has_its_key_in_every_language(lang: str) -> None:
    missing = [key for key in every_key() if key not in _keys(lang)]
    assert not missing


def test_the_keys_are_the_reason_codes() -> None:
    assert refusal_key("room_full", {}) == PREFIX + "room_full"
    assert len(set(every_key())) == len(RoomReason) - 1 + len(NAME_PROBLEMS) + 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_bad_name_says_what_is_wrong_with_it(lang: str) -> None:
    said = set()
    for name in ("", "x" * 21, "Mi\u200ba", 5):
        with pytest.raises(RoomError) as caught:
            check_name(name)
        said.add(error_text(caught.value, lang))
    assert len(said) == 4
    assert "20" in error_text(RoomError(RoomReason.BAD_NAME, problem="too_long", max=20), lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_who_was_quicker_and_whose_turn_it_is_are_named(lang: str) -> None:
    assert "Mia" in refusal_text("stale_version", {"by": "Mia", "seat": 1}, lang)
    assert "Mia" not in refusal_text("stale_version", {"by": None}, lang)
    assert "Leo" in refusal_text("not_your_turn", {"current": 1, "name": "Leo"}, lang)
    assert "Leo" in refusal_text("not_your_turn", {"current": 1}, lang, names=["Ann", "Leo"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_room_full_counts_its_seats(lang: str) -> None:
    assert "6" in refusal_text("room_full", {"players": 6}, lang)


@pytest.mark.parametrize("game", ["skipbo", "skyjo"])
def test_an_illegal_move_is_said_as_the_engine_says_it(game: str, tmp_path: Path) -> None:
    rooms = Rooms(open_store(f"sqlite:///{tmp_path / 'r.sqlite3'}"))
    anna = rooms.create(game, 2, owner_name="Anna", bots={1: rooms_level(game)})
    version = rooms.start(anna.code, anna.token, seed=3)
    obs = rooms.observe(anna.code, anna.token)
    bad = "h9-b1" if game == "skipbo" else "swap a1"
    moved = rooms.move(anna.code, anna.token, bad, version)
    assert moved.reason == "illegal_move" and obs["current"] == 0
    reasons = SEAT_GAMES[game].reasons
    texts = {refusal_text(moved.reason, moved.params, lang, reasons=reasons) for lang in LANGUAGES}
    generic = {refusal_text("illegal_move", {}, lang) for lang in LANGUAGES}
    assert len(texts) == 4 and not texts & generic


def rooms_level(game: str) -> str:
    return ADAPTERS[game].levels[0]
