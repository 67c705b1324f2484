"""A game as the suite sees it: reached only through the package's own lists.

The engine, its rules, deals, settings and save files come from the game's
``GameUI`` (:mod:`skipbo_widgets.widgets.registry`) and ``GameKind``
(:mod:`skipbo_widgets.games`); its lessons from ``LESSON_GAMES``. What no list
describes yet is found by where the game keeps it, never by its name:

- its golden files: ``tests/<id>/golden/*.txt``;
- its table view's check: a ``check_…view`` function of the ``view_schema`` module
  beside the game's table adapter (``widgets/<id>/view_schema.py``);
- its rule ids: the ``rule_ids`` module beside its engine's state class (``ALL``).

A game without one of these has that test skipped (a built-in game without a view check
fails instead: every built-in table is checked).
"""

from __future__ import annotations

import copy
import importlib
import inspect
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, TypeVar

from skipbo_widgets.i18n import t
from skipbo_widgets.tutorials.lesson import LESSON_GAMES, Lesson, load_lessons
from skipbo_widgets.widgets.registry import BUILT_IN, GameUI, game_ui

TESTS = Path(__file__).resolve().parents[1]


def _sibling(obj: object, name: str) -> Any | None:
    """The module ``name`` in the package of ``obj``'s class's module, or ``None``."""
    module = type(obj).__module__
    package = module.rpartition(".")[0]
    if not package:
        return None
    try:
        return importlib.import_module(f"{package}.{name}")
    except ModuleNotFoundError:
        return None


@dataclass(frozen=True)
class Described:
    """One game of the registry, with what the suite needs of it."""

    ui: GameUI

    @property
    def id(self) -> str:
        return self.ui.id

    @property
    def built_in(self) -> bool:
        return self.id in BUILT_IN

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The fewest, three (or the most, if fewer) and the most players."""
        players = self.ui.kind.players
        return tuple(sorted({players[0], min(3, players[-1]), players[-1]}))

    def new_game(self, players: int, seed: int | str) -> Any:
        kind = self.ui.kind
        return kind.new_game(kind.rules(players=players), seed=seed)

    def settings(self, players: int, seed: str, **fields: Any) -> Any:
        levels = (self.ui.kind.bot_levels[0],) * (players - 1)
        return self.ui.settings(players=players, levels=levels, seed=seed, **fields)

    # -- what the lists do not describe (see the module's docstring) ----------------

    @cached_property
    def view_check(self) -> Callable[[Any], None] | None:
        schema = _sibling(self.ui.table, "view_schema")
        checks = [f for name, f in inspect.getmembers(schema, inspect.isfunction)
                  if name.startswith("check") and name.endswith("view")
                  and f.__module__ == getattr(schema, "__name__", None)]
        return checks[0] if len(checks) == 1 else None

    @cached_property
    def rule_ids(self) -> tuple[str, ...] | None:
        ids = _sibling(self.new_game(self.ui.kind.min_players, 1), "rule_ids")
        return None if ids is None else tuple(ids.ALL)

    @property
    def golden_files(self) -> list[Path]:
        return sorted((TESTS / self.id / "golden").glob("*.txt"))

    @property
    def lessons(self) -> tuple[Lesson, ...]:
        return load_lessons(self.id) if self.id in LESSON_GAMES else ()

    def tr(self, lang: str) -> Callable[..., str]:
        return lambda key, **params: t(key, lang, **params)


def described(game_id: str) -> Described:
    return Described(game_ui(game_id))


def playout(game: Any, seed: int | str, *, max_moves: int = 400) -> Iterator[Any]:
    """``game`` before each move of a seeded random play-out, and once more at its end
    (the same game object, moved on after each ``yield``)."""
    rng = random.Random(seed)
    for _ in range(max_moves):
        yield game
        if game.is_over:
            return
        game.push(rng.choice(game.legal_moves()))
    yield game


def seeded_positions(game: Described, seeds: range, *, every: int = 1,
                     max_moves: int = 400) -> Iterator[tuple[int, int, Any]]:
    """``(players, seed, game)`` at every ``every``-th position of seeded play-outs, for
    each player count of :attr:`Described.player_counts` (the one game of a play-out,
    moved on after each ``yield``: copy what is kept)."""
    for players in game.player_counts:
        for seed in seeds:
            for i, g in enumerate(playout(game.new_game(players, seed), seed,
                                          max_moves=max_moves)):
                if i % every == 0 or g.is_over:
                    yield players, seed, g


def many_positions(game: Described, count: int, *, every: int = 1) -> Iterator[Any]:
    """At least ``count`` positions of seeded play-outs (as many seeds as that takes,
    each over every player count), whole play-outs each."""
    seen = 0
    for seed in range(10_000):
        for _, _, g in seeded_positions(game, range(seed, seed + 1), every=every):
            seen += 1
            yield g
        if seen >= count:
            return


_T = TypeVar("_T")


def once_per_game(build: Callable[[Described], _T]) -> Callable[[Described], _T]:
    """``build`` run once for each game (by its id), for tests that share what it builds."""
    built: dict[str, _T] = {}

    def cached(game: Described) -> _T:
        if game.id not in built:
            built[game.id] = build(game)
        return built[game.id]
    return cached


def deep_copy(game: Any) -> Any:
    """A copy sharing nothing (``copy()`` is for search and may drop the history)."""
    return copy.deepcopy(game)
