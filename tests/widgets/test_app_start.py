"""The home screen's start makes only what it shows (issue 26: the static site's first
screen, where Pyodide builds it some times slower than CPython and the page draws every
widget made): the other screens' widgets are made, and their modules imported, when
those screens are first shown."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest
from ipywidgets.widgets.widget import _instances

from skipbo_widgets.widgets.page import page
from skipbo_widgets.widgets.page.page import PageWidget
from skipbo_widgets.widgets.page.store import BrowserStore
from skipbo_widgets.widgets.page.testids import ShellSupport
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
        "print(*sorted(m.rsplit('.', 1)[1] for m in sys.modules\n"
        "             if m.rsplit('.', 1)[0] == 'skipbo_widgets.widgets.shell'))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True)
    imported = set(done.stdout.split())
    assert "home" in imported  # the script saw the shell's modules at all
    assert imported.isdisjoint(OTHER_SCREENS)
    for name in OTHER_SCREENS:  # each is a module of the shell, imported when needed
        __import__(f"skipbo_widgets.widgets.shell.{name}")



PAGE = Path(page.__file__).parent


@pytest.mark.parametrize(("kind", "files"), [(BrowserStore, {"_esm": "store.js"}),
                                             (ShellSupport, {"_esm": "testids.js",
                                                             "_css": "app.css"})])
def test_page_widgets_of_one_kind_share_one_class(kind: type[PageWidget],
                                                  files: dict[str, str]) -> None:
    """anywidget adds its script, stylesheet and id to each instance, a new class per
    widget; here the instances of a kind share one, and the page gets them as before."""
    first, second = kind(), kind()
    assert type(first) is type(second) and isinstance(first, kind)
    for widget in (first, second):
        state = widget.get_state()
        assert state["_anywidget_id"] == f"{kind.__module__}.{kind.__name__}"
        for key, name in files.items():
            assert state[key] == (PAGE / name).read_text()
        assert {*files, "_anywidget_id"} <= set(widget.keys)  # sent with the widget
