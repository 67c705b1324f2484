"""Every game's table view (``GameUI.table.view``), built from seeded positions for every
seat in every language, is plain JSON with the keys the hot seat hides, and passes the
game's own view check (``widgets/<game>/view_schema.py``, see :mod:`.described`)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from skipbo_widgets.i18n import LANGUAGES

from .described import Described, once_per_game, seeded_positions


@once_per_game
def _views(game: Described) -> list[dict[str, Any]]:
    table, views = game.ui.table, []
    for i, (players, _, g) in enumerate(seeded_positions(game, range(2), every=9)):
        lang = LANGUAGES[i % len(LANGUAGES)]
        names = ["Ann", *game.ui.kind.bot_names][:players]
        legal = g.legal_moves()
        for seat in range(players):
            mine = seat == g.current and not g.is_over
            views.append(table.view(
                table.observe(g, seat), names=names, tr=game.tr(lang), lang=lang,
                interactive=mine, status="", status_kind="info",
                highlight=table.lit(legal[0]) if mine and legal else ()))
    return views


def test_a_view_is_plain_json_with_the_keys_a_hot_seat_hides(game: Described) -> None:
    views = _views(game)
    assert len(views) > 50
    for view in views:
        assert json.loads(json.dumps(view)) == view  # lists, not tuples; str keys
        assert set(game.ui.table.private) <= set(view)


def test_every_view_passes_the_game_s_view_check(game: Described) -> None:
    check = game.view_check
    if check is None:
        if game.built_in:
            pytest.fail(f"{game.id}: no check_…view in a view_schema module beside its table")
        pytest.skip(f"{game.id} has no view check")
    for view in _views(game):
        check(view)
