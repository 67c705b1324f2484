"""The home screen's start makes only what it shows (issue 26: the static site's first
screen, where Pyodide builds it some times slower than CPython and the page draws every
widget made): the other screens' widgets are made, and their modules imported, when
those screens are first shown."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import ipywidgets as w
import pytest
from ipywidgets.widgets.widget import _instances

from skipbo_widgets.widgets.shell.app import App


def _reachable(value: Any, seen: set[str]) -> None:
    """Every widget ``value`` shows, its layouts and styles included."""
    if isinstance(value, w.Widget):
        if value.model_id not in seen:
            seen.add(value.model_id)
            for name in value.keys:
                _reachable(getattr(value, name), seen)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _reachable(item, seen)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_home_screen_makes_no_widget_it_does_not_show(lang: str) -> None:
    before = set(_instances)
    app = App(lang, animate=False)
    made = set(_instances) - before
    shown: set[str] = set()
    _reachable(app.widget, shown)
    assert app.screen == "home"
    assert made, "the home screen makes its widgets"
    assert {type(_instances[m]).__name__ for m in made - shown} == set()


def test_other_screens_widgets_come_when_first_shown() -> None:
    app = App("en", animate=False)
    before = set(_instances)
    app.show_setup()
    assert set(_instances) - before, "the setup screen makes its widgets when shown"
    assert app.class_view.table is app.class_view.table  # made once, then kept


#: Modules only other screens use (the lessons, the new-game, hot-seat and demo forms).
OTHER_SCREENS = ("tutorial", "setup_form", "hot_seat", "demo")


def test_the_home_screen_imports_no_other_screens_module() -> None:
    script = (
        "import sys\n"
        "from skipbo_widgets.widgets.shell.app import App\n"
        "App('en', animate=False)\n"
        f"print(*sorted(m.rsplit('.', 1)[1] for m in sys.modules\n"
        f"             if m.rsplit('.', 1)[0] == 'skipbo_widgets.widgets.shell'))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True)
    imported = set(done.stdout.split())
    assert "home" in imported  # the script saw the shell's modules at all
    assert imported.isdisjoint(OTHER_SCREENS)
    for name in OTHER_SCREENS:  # each is a module of the shell, imported when needed
        __import__(f"skipbo_widgets.widgets.shell.{name}")
