"""Every screen is titled by its game (issue 21, part 5): the demo's and the hot seat's
setup and the demo itself say Skyjo when Skyjo is chosen, in every language."""

from __future__ import annotations

import html

import pytest

from skipbo_widgets.i18n import LANGUAGES
from skipbo_widgets.widgets.shell.app import App

NAMES = {"skipbo": "Skip-Bo", "skyjo": "Skyjo"}


def title_of(app: App) -> str:
    return html.unescape(app.title.value)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", list(NAMES))
def test_the_demo_and_hot_seat_screens_are_titled_by_their_game(game: str, lang: str) -> None:
    other = next(name for g, name in NAMES.items() if g != game)
    app = App(lang, animate=False)
    app.choose_game(game)
    for show in (app.show_demo_setup, app.show_hot_seat,
                 lambda: app.start_demo(app.demo_form.settings())):  # type: ignore[union-attr]
        show()
        for again in (lang, "de" if lang != "de" else "fr", lang):  # also in a new language
            app.lang_picker.value = again
            title = title_of(app)
            assert NAMES[game] in title and other not in title, (app.screen, title)
            assert NAMES[game] in app.shell.title, app.screen
