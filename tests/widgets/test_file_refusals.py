"""A file the app cannot open is refused plainly, naming the game on the screen (issue 21,
part 5): a non-game file on the Skyjo screen is not "a saved Skip-Bo game", a picture is
"not a saved game" (not "damaged characters"), and the notice does not follow the learner
into the next form."""

from __future__ import annotations

import html
import json
import re
import struct
import zlib

import pytest

from skipbo_widgets.i18n import LANGUAGES, t
from skipbo_widgets.widgets.shell.app import App


def png() -> bytes:
    """A real PNG picture of one pixel."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data)))
    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"\x00\xff\x00\x00")) + chunk(b"IEND", b""))


NOT_GAMES = {
    "picture": png(),
    "other json": json.dumps({"name": "my shopping list", "items": ["milk"]}).encode(),
    "plain text": "Einkaufszettel: Brötchen, Käse".encode(),
    "another app's save": json.dumps({"format": "chess/game", "version": 1}).encode(),
}


def notice(app: App) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", app.notice.value))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game, name", [("skipbo", "Skip-Bo"), ("skyjo", "Skyjo")])
@pytest.mark.parametrize("kind", list(NOT_GAMES))
def test_a_file_that_is_no_game_is_refused_naming_the_game_shown(
        kind: str, game: str, name: str, lang: str) -> None:
    app = App(lang, animate=False)
    app.choose_game(game)
    app._picked("file", NOT_GAMES[kind])
    said = notice(app)
    button = t("game.save_file", lang)
    assert said == t("home.load_not_game", lang, game=name, button=button)
    other = "Skyjo" if name == "Skip-Bo" else "Skip-Bo"
    assert other not in said
    assert t("error.save_bad_text", lang) not in said  # no "damaged characters"
    assert app.screen == "home"


@pytest.mark.parametrize("form", ["play", "demo", "hot-seat", "learn"])
def test_the_notice_does_not_follow_into_the_next_screen(form: str) -> None:
    app = App("fr", animate=False)
    app.choose_game("skyjo")
    app._picked("photo.png", NOT_GAMES["picture"])
    assert notice(app)
    {"play": app.show_setup, "demo": app.show_demo_setup, "hot-seat": app.show_hot_seat,
     "learn": app.learn}[form]()
    assert app.notice.value == ""
