"""Check that an installed copy of the package has everything a visitor uses.

``python -m skipbo_widgets.selfcheck`` loads every lesson, looks up every
lesson text in every language (an unknown key would come back as itself),
finds each table's script and styles, and builds the app's home screen, the
lessons and a game headlessly. It prints one line per check and exits with
status 1 at the first failure. Binder's ``postBuild`` runs it after installing
the package, and ``tests/packaging`` runs it inside a virtual environment that
installed the built wheel, so a file left out of the wheel fails the tests.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

import skipbo_widgets

Check = Callable[[], str]


def _lessons() -> str:
    from .i18n import LANGUAGES, t
    from .tutorials import LESSON_GAMES, load_lessons

    lessons = tuple(lesson for game in LESSON_GAMES for lesson in load_lessons(game))
    keys = [lesson.title_key for lesson in lessons]
    keys += [key for lesson in lessons for step in lesson.steps for key in step.text_keys()]
    for lang in LANGUAGES:
        missing = [key for key in keys if t(key, lang) == key]
        if missing:
            raise RuntimeError(f"{len(missing)} lesson texts missing in {lang}: {missing[:3]}")
    for lesson in lessons:
        for step in lesson.steps:
            step.new_game()
    steps = sum(len(lesson.steps) for lesson in lessons)
    return f"{len(lessons)} lessons, {steps} steps, {len(keys)} texts in {len(LANGUAGES)} languages"


def _static() -> str:
    """Each table's script, whole (the shared helpers it imports put in), its styles, and
    the app's styles."""
    from .widgets.page.testids import HERE as PAGE
    from .widgets.skipbo.table import SkipBoTable
    from .widgets.skyjo.table import SkyjoTable

    if not (PAGE / "app.css").is_file():
        raise RuntimeError(f"app.css missing from {PAGE}")
    sizes = []
    for table in (SkipBoTable, SkyjoTable):
        # A script or a style sheet left out fails its table's import already.
        script, styles = str(table._esm), str(table._css)
        if "export default" not in script or re.search(r"^import ", script, re.MULTILINE):
            raise RuntimeError(f"{table.__name__}'s script is not one whole module")
        if not styles.strip():
            raise RuntimeError(f"{table.__name__}'s styles are empty")
        sizes.append(f"{table.__name__} (script {len(script)}, styles {len(styles)} characters)")
    return ", ".join([*sizes, "app.css"])


def _app() -> str:
    from .i18n import LANGUAGES
    from .widgets.shell.app import App
    from .widgets.skipbo.settings import GameSettings

    for lang in LANGUAGES:
        app = App(lang, animate=False)
        app.show_learn()
        app.start(GameSettings(players=3, levels=("medium", "strong"), seed="7"))
        screen = app.game_screen
        if screen is None or len(screen.controller.view.get("players", ())) != 3:
            raise RuntimeError(f"no table drawn in {lang}")
    return "home screen, lessons and a 3-player table in " + ", ".join(LANGUAGES)


CHECKS: dict[str, Check] = {"lessons": _lessons, "static files": _static, "app": _app}


def main() -> int:
    print(f"skipbo_widgets {skipbo_widgets.__version__} from "
          f"{Path(skipbo_widgets.__file__).parent}")
    for name, check in CHECKS.items():
        try:
            print(f"ok   {name}: {check()}")
        except Exception as err:  # every failure is reported, whatever its kind
            print(f"FAIL {name}: {type(err).__name__}: {err}")
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
