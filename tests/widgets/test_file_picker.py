"""Opening a file: every size gets an answer, and only well-formed messages are read."""

from __future__ import annotations

import html

import pytest
from app_screens import widgets_in

from skipbo_widgets.i18n import explain, t
from skipbo_widgets.skipbo.engine import Reason, SaveError
from skipbo_widgets.skipbo.engine.save import MAX_SAVE_SIZE
from skipbo_widgets.widgets.page.file_picker import FilePicker
from skipbo_widgets.widgets.page.testids import HERE as PAGE
from skipbo_widgets.widgets.shell.app import App
from skipbo_widgets.widgets.shell.settings import dumps_session
from skipbo_widgets.widgets.skipbo.settings import GameSettings


def picker(app: App) -> FilePicker:
    return next(x for x in widgets_in(app.widget) if isinstance(x, FilePicker))


def page_sends(app: App, content: object, buffers: list[bytes] | None = None) -> None:
    found = picker(app)
    found._receive(found, content, buffers or [])


@pytest.mark.parametrize("size", [MAX_SAVE_SIZE + 1, 12 * 1024 * 1024, 2**40])
@pytest.mark.parametrize("lang", ["de", "fr", "nl", "en"])
def test_a_file_too_big_to_send_is_answered_by_its_size(size: int, lang: str) -> None:
    app = App(lang, animate=False)
    page_sends(app, {"type": "too-big", "name": "big.json", "size": size})
    refusal = SaveError(Reason.SAVE_TOO_LARGE, size=size, max=MAX_SAVE_SIZE)
    expected = t("home.load_failed", lang, reason=explain(refusal, lang))
    assert html.unescape(app.notice.value).endswith(f"{expected}</div>")
    assert app.screen == "home"


def test_the_page_checks_the_size_before_it_sends_anything() -> None:
    script = (PAGE / "file_picker.js").read_text()
    assert 'file.size > model.get("max_size")' in script
    assert script.index('"too-big"') < script.index("arrayBuffer")


def test_a_file_that_was_sent_is_opened() -> None:
    other = App("en", animate=False)
    settings = GameSettings(seed="8")
    text = dumps_session(settings, settings.new_match()).encode()
    page_sends(other, {"type": "file", "name": "game.json", "size": len(text)}, [text])
    assert other.screen == "game"


@pytest.mark.parametrize(("content", "buffers"), [
    ({"type": "file", "name": "a.json", "size": 3}, []),
    ({"type": "file", "name": "a.json", "size": 3}, [b"abcd"]),
    ({"type": "file", "name": "a.json", "size": MAX_SAVE_SIZE + 1}, [b"x" * (MAX_SAVE_SIZE + 1)]),
    ({"type": "too-big", "name": "a.json", "size": 10}, []),
    ({"type": "too-big", "name": "a.json", "size": True}, []),
    ({"type": "too-big", "name": 3, "size": 10**9}, []),
    ({"type": "file", "name": "a.json", "size": 3, "more": 1}, [b"abc"]),
    (None, []), ("file", []),
])
def test_a_malformed_message_opens_nothing(content: object, buffers: list[bytes]) -> None:
    app = App("en", animate=False)
    page_sends(app, content, buffers)
    assert app.screen == "home" and app.notice.value == ""
