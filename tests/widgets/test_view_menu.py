"""The header's settings menu (shell/view_menu.py): on a phone the projector view, the card
size and the language fold behind one button named in the learner's language."""

from __future__ import annotations

import pytest

from skipbo_widgets.i18n import LANGUAGES, t
from skipbo_widgets.widgets.shell.app import App
from skipbo_widgets.widgets.shell.view_menu import OPEN


def test_the_menu_holds_the_settings_and_opens_and_closes() -> None:
    app = App("de", animate=False)
    menu = app.view_menu
    assert list(menu.panel.children) == [app.projector, app.card_size.buttons, app.lang_picker]
    assert OPEN not in menu.panel._dom_classes and not menu.open
    menu.button.value = True
    assert OPEN in menu.panel._dom_classes and menu.open
    menu.button.value = False
    assert OPEN not in menu.panel._dom_classes


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_button_says_settings_in_the_learners_language(lang: str) -> None:
    app = App("en" if lang != "en" else "de", animate=False)
    app.set_lang(lang)
    assert app.view_menu.button.description == t("view.menu", lang)
    assert app.view_menu.button.tooltip == t("view.menu_detail", lang)
