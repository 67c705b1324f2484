"""Imports point one way: widgets -> tutorials/bots -> a game's engine -> core.

The core never imports a game or anything above it; a game never imports the
widgets, the lesson runner, the benchmark or the rooms; no game imports another; the
rooms import no widget, lesson or benchmark.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "skipbo_widgets"
GAMES = ("skipbo", "skyjo")
ABOVE_GAMES = ("widgets", "tutorials", "bench", "rooms")


def imported_names(path: Path) -> list[str]:
    """Every name ``path`` imports, dotted in full (relative imports resolved)."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    dotted: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            dotted += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(parts[: len(parts) - node.level]) if node.level else ""
            module = ".".join(filter(None, [base, node.module or ""]))
            dotted += [f"{module}.{alias.name}" for alias in node.names]
    return dotted


def imported(path: Path) -> set[str]:
    """The ``skipbo_widgets`` subpackages that ``path`` imports (relative imports resolved)."""
    return {name.split(".")[1] for name in imported_names(path)
            if name.startswith("skipbo_widgets.") and name.count(".") >= 1}


def modules(subpackage: str) -> list[Path]:
    return sorted((PACKAGE / subpackage).rglob("*.py"))


def test_the_reader_resolves_relative_imports() -> None:
    engine = PACKAGE / "skipbo" / "engine" / "save.py"
    assert {"core", "skipbo"} <= imported(engine)


@pytest.mark.parametrize("path", modules("core"), ids=lambda p: p.name)
def test_the_core_imports_only_itself(path: Path) -> None:
    assert imported(path) <= {"core"}


@pytest.mark.parametrize("game", GAMES)
def test_a_game_never_imports_widgets_tutorials_bench_or_another_game(game: str) -> None:
    forbidden = {*ABOVE_GAMES, *(g for g in GAMES if g != game)}
    for path in modules(game):
        assert not imported(path) & forbidden, path


@pytest.mark.parametrize("game", GAMES)
def test_a_game_engine_imports_only_core_and_itself(game: str) -> None:
    for path in modules(f"{game}/engine"):
        assert imported(path) <= {"core", game}, path


@pytest.mark.parametrize("game", GAMES)
def test_an_observation_never_imports_its_game(game: str) -> None:
    """A seat's view is plain data the game builds: the game imports it, never the reverse."""
    engine = f"skipbo_widgets.{game}.engine"
    names = imported_names(PACKAGE / game / "engine" / "observation.py")
    assert names and not [n for n in names if n.startswith(f"{engine}.game.")]


def test_the_games_registry_imports_only_the_games_and_core() -> None:
    assert imported(PACKAGE / "games.py") <= {"core", *GAMES}


def test_the_rooms_know_no_widget_lesson_or_benchmark() -> None:
    """The rooms sit on the engines, their bots and the core: a kernel serves them to
    the widgets, never the reverse."""
    assert modules("rooms")
    for path in modules("rooms"):
        assert imported(path) <= {"core", "rooms", "games", *GAMES}, path


def widget_modules_imported(path: Path) -> set[str]:
    """The modules of ``skipbo_widgets.widgets`` that ``path`` imports, wherever the
    import stands (under ``TYPE_CHECKING`` or in a function too)."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = ".".join(parts[: len(parts) - node.level]) if node.level else ""
            module = ".".join(filter(None, [base, node.module or ""]))
            found |= {module, *(f"{module}.{alias.name}" for alias in node.names)}
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    return {name for name in found if name.startswith("skipbo_widgets.widgets.")}


@pytest.mark.parametrize("game", GAMES)
def test_a_games_widgets_never_import_the_table_controller(game: str) -> None:
    """A game's table adapter answers with reply values the controller applies: the
    controller imports the adapters' protocol, never the other way round."""
    for path in modules(f"widgets/{game}"):
        assert "skipbo_widgets.widgets.table.controller" not in widget_modules_imported(path), \
            path


def test_the_table_protocols_import_no_other_widget_module() -> None:
    assert widget_modules_imported(PACKAGE / "widgets" / "table" / "table_game.py") == set()
