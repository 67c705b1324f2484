"""Skyjo as the app sees it: its one :class:`~..registry.GameUI`."""

from __future__ import annotations

from ...games import SKYJO
from ...skyjo import sheet
from ..registry import GameUI
from .demo_game import SKYJO_DEMO
from .play import SKYJO_PLAY
from .settings import SkyjoSettings
from .setup_fields import SkyjoFields
from .table_game import SKYJO_TABLE

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
)
