"""The games the suite runs over: every game of the registry, and the test-only third game
(``tests/widgets/race_game.py``), registered for each test that runs over it.

A test asks for ``game`` (a :class:`~.described.Described`) and is run once per game.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator

import pytest

from skipbo_widgets.widgets.registry import game_uis

from .described import TESTS, Described, described

#: Games that live only under tests/, by id: the module that registers them
#: (``register_<id>()``/``unregister_<id>()``) and its folder.
TEST_ONLY = {"race": ("race_game", TESTS / "widgets")}


def _test_only(game_id: str) -> object:
    module, folder = TEST_ONLY[game_id]
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))  # as its own tests import it: one module, one class
    return importlib.import_module(module)


def game_ids() -> list[str]:
    return [*game_uis(), *(g for g in TEST_ONLY if g not in game_uis())]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "game" in metafunc.fixturenames:
        metafunc.parametrize("game", game_ids(), indirect=True)


@pytest.fixture
def game(request: pytest.FixtureRequest) -> Iterator[Described]:
    game_id = request.param
    if game_id in TEST_ONLY and game_id not in game_uis():
        module = _test_only(game_id)
        getattr(module, f"register_{game_id}")()
        try:
            yield described(game_id)
        finally:
            getattr(module, f"unregister_{game_id}")()
    else:
        yield described(game_id)
