"""Skyjo as the app sees it: its one :class:`~..registry.GameUI`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...games import SKYJO
from ...skyjo import sheet
from ..registry import GameUI
from .demo_game import SKYJO_DEMO
from .log import describe
from .play import SKYJO_PLAY
from .settings import SkyjoSettings
from .setup_fields import SkyjoFields
from .table_game import SKYJO_TABLE


def _quiz_view(view: dict[str, Any]) -> dict[str, Any]:
    """A quiz asks about the table: the frame of the player to move, or a score beside or
    under a grid, would give the answer away."""
    players = [{**p, "is_current": False, "round_label": "", "score_label": ""}
               for p in view["players"]]
    return {**view, "players": players}


def _quiz_extras(tr: Callable[..., str]) -> dict[str, Any]:
    """The line on top would say whose turn it is or ask for two cards: a quiz's table
    asks for no move."""
    return {"phase_label": tr("tutorial.quiz_table")}


UI = GameUI(
    kind=SKYJO, settings=SkyjoSettings, table=SKYJO_TABLE, play=SKYJO_PLAY, demo=SKYJO_DEMO,
    # One gentle computer player, hints on, one round, whole turns taken back.
    practice=SkyjoSettings(players=2, levels=SKYJO.bot_levels[:1], match=False, practice=True,
                           hints=True),
    setup_fields=SkyjoFields,
    # Skyjo hides less at a hot seat: its face-up cards are everyone's.
    title_key="app.title.skyjo", intro_key="home.intro.skyjo",
    hot_seat_detail_key="home.hot_seat_detail.skyjo",
    sheet=(sheet.SECTIONS, sheet.TITLE),
    describe_others=describe, quiz_view=_quiz_view, quiz_extras=_quiz_extras,
)
