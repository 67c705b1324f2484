"""The home screen's link to the rule sheet carries the sheet in the learner's language."""

from __future__ import annotations

from skipbo_widgets.i18n import t
from skipbo_widgets.widgets.page.sheet_link import SheetLink
from skipbo_widgets.widgets.shell.app import App


def home_sheet(app: App) -> SheetLink:
    found = [w for w in _walk(app.body) if isinstance(w, SheetLink)]
    assert len(found) == 1
    return found[0]


def _walk(widget: object) -> list[object]:
    children = getattr(widget, "children", ())
    return [widget, *(x for child in children for x in _walk(child))]


def test_the_home_screen_links_the_sheet_in_the_learners_language() -> None:
    app = App("nl", animate=False)
    sheet = home_sheet(app)
    assert sheet.label == t("home.rules_sheet", "nl")
    assert '<html lang="nl">' in sheet.html and t("sheet.title", "nl") in sheet.html
    app.set_lang("fr")
    sheet = home_sheet(app)
    assert sheet.label == t("home.rules_sheet", "fr") and '<html lang="fr">' in sheet.html


def test_the_home_screen_offers_the_chosen_games_sheet() -> None:
    app = App("de", animate=False)
    app.choose_game("skyjo")
    sheet = home_sheet(app)
    assert sheet.label == t("home.rules_sheet", "de")
    assert f"<title>{t('sheet.skyjo.title', 'de')}</title>" in sheet.html
    assert 'data-rules="SJ-COLUMN"' in sheet.html and "SB-" not in sheet.html
    app.set_lang("en")
    sheet = home_sheet(app)
    assert '<html lang="en">' in sheet.html and t("sheet.skyjo.title", "en") in sheet.html
    app.choose_game("skipbo")
    sheet = home_sheet(app)
    assert f"<title>{t('sheet.title', 'en')}</title>" in sheet.html and "SJ-" not in sheet.html
