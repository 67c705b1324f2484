"""The class link has a Copy button (issue 21, part 5): a click asks the page to copy the
link shown, and the form says whether it was copied, in the learner's language."""

from __future__ import annotations

import html
from typing import Any

import pytest

from skipbo_widgets.i18n import t
from skipbo_widgets.widgets.shell.app import App


def setup_with_number(lang: str, monkeypatch: pytest.MonkeyPatch) -> tuple[App, list[Any]]:
    app = App(lang, animate=False)
    app.shell.set_state({"address": "http://10.0.0.5:8866/"})
    sent: list[Any] = []
    monkeypatch.setattr(app.shell, "send", lambda content, buffers=None: sent.append(content))
    app.show_setup()
    form = app.setup_form
    assert form is not None
    form.seed.value = "42"
    return app, sent


def test_the_copy_button_shows_with_the_link_only(monkeypatch: pytest.MonkeyPatch) -> None:
    app, _sent = setup_with_number("en", monkeypatch)
    form = app.setup_form
    assert form is not None
    assert form.copy_button.layout.display == "" and form.link.value
    form.seed.value = ""
    assert form.copy_button.layout.display == "none"


@pytest.mark.parametrize("ok", [True, False])
def test_a_click_asks_the_page_to_copy_and_says_what_happened(
        ok: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    app, sent = setup_with_number("de", monkeypatch)
    form = app.setup_form
    assert form is not None
    assert form.copy_button.description == t("setup.copy_link", "de")
    form.copy_button.click()
    assert {"type": "copy", "testid": "deal-link"} in sent
    app.shell._receive(app.shell, {"type": "copied", "testid": "deal-link", "ok": ok}, [])
    said = html.unescape(form.copy_note.value)
    assert t("setup.link_copied" if ok else "setup.link_not_copied", "de") in said
    form.seed.value = "43"  # another link: the old answer goes
    assert form.copy_note.value == ""


def test_a_message_from_the_page_that_is_not_an_answer_is_ignored(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app, _sent = setup_with_number("en", monkeypatch)
    form = app.setup_form
    assert form is not None
    for junk in ({"type": "copied", "ok": "yes"}, {"type": "other"}, ["copied"], None):
        app.shell._receive(app.shell, junk, [])
    assert form.copy_note.value == ""
