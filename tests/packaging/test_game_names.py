"""Issue 22: no shared module names a game.

A game's own code lives in its folders (``skipbo_widgets/<game>/``, ``widgets/<game>/``)
and its lesson adapter (``tutorials/<game>_lessons.py``). Everything else in
``widgets/`` and ``tutorials/`` is shared: it asks a game's description
(``widgets/registry.py``'s ``GameUI``, the lessons' ``LessonGame``) and names no game.
The two lists are the exceptions: ``widgets/registry.py`` (every game of the app) and
``tutorials/lesson.py`` (every game's lessons: the lessons sit below the widgets and
cannot read the app's list).

A module names a game when it imports a game's package (``..skipbo.engine``,
``.skyjo.log``), when a string in its code (docstrings aside) has a game's id as a word
(``"skyjo"``, ``"skyjo.lesson"``; the package's own name ``skipbo_widgets`` and
``skipbo-widgets/`` are no game), or when a name it uses has one (``SKIPBO_DEMO``).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "skipbo_widgets"
GAMES = ("skipbo", "skyjo")
SHARED = ("widgets", "tutorials")
#: The one list of each layer.
LISTS = {"widgets/registry.py", "tutorials/lesson.py"}
_GAME_WORD = re.compile(r"(?<![A-Za-z0-9])(" + "|".join(GAMES) + r")(?![A-Za-z0-9])", re.I)
_OWN_NAME = re.compile(r"skipbo[_-]widgets")


def own_module(rel: Path) -> bool:
    """A game's own module inside a shared folder."""
    parts = rel.parts
    return parts[1] in GAMES or any(rel.name == f"{game}_lessons.py" for game in GAMES)


def shared_modules() -> list[Path]:
    found = []
    for folder in SHARED:
        for path in sorted((PACKAGE / folder).rglob("*.py")):
            rel = path.relative_to(PACKAGE)
            if not own_module(rel) and rel.as_posix() not in LISTS:
                found.append(path)
    return found


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def game_names(source: str, parts: tuple[str, ...]) -> Iterator[str]:
    """Where the module (its dotted path ``parts``) names a game, one line each."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = parts[: len(parts) - node.level] if node.level else ()
            module = (*base, *(node.module or "").split("."))
            if set(module) & set(GAMES):
                yield f"{node.lineno}: from {'.'.join(module)} import"
            for alias in node.names:
                if alias.name in GAMES:
                    yield f"{node.lineno}: import {alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if set(alias.name.split(".")) & set(GAMES):
                    yield f"{node.lineno}: import {alias.name}"
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in docs and _GAME_WORD.search(_OWN_NAME.sub("", node.value)):
            yield f"{node.lineno}: {node.value!r}"
        elif isinstance(node, ast.Name | ast.Attribute | ast.arg | ast.FunctionDef):
            name = {ast.Name: "id", ast.Attribute: "attr", ast.arg: "arg"}.get(type(node), "name")
            if _GAME_WORD.search(getattr(node, name).replace("_", " ")):
                yield f"{node.lineno}: {getattr(node, name)}"


def test_the_rule_sees_every_way_of_naming_a_game() -> None:
    parts = ("skipbo_widgets", "widgets", "x")
    named = list(game_names(
        'from ..skyjo.engine import Round\nfrom . import skipbo\nimport skipbo_widgets.skyjo\n'
        'x = "skyjo"\ny = SKIPBO_DEMO\nz = ui.skyjo_table\n', parts))
    assert sorted(line.split(":")[0] for line in named) == ["1", "2", "3", "4", "5", "6"], named
    clean = '"""A skyjo docstring."""\nfrom ..core import errors\nkey = "skipbo-widgets/view"\n'
    assert list(game_names(clean, parts)) == []


@pytest.mark.parametrize("path", shared_modules(),
                         ids=lambda p: p.relative_to(PACKAGE).as_posix())
def test_no_shared_module_names_a_game(path: Path) -> None:
    rel = path.relative_to(PACKAGE)
    named = list(game_names(path.read_text(encoding="utf-8"),
                            ("skipbo_widgets", *rel.with_suffix("").parts)))
    assert not named, f"{rel} names a game: {named}"


def test_the_lists_exist() -> None:
    assert all((PACKAGE / rel).is_file() for rel in LISTS)
