"""Skip-Bo as the app sees it: its one :class:`~..registry.GameUI`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...games import SKIPBO
from ...skipbo import sheet
from ..registry import GameUI
from .coach import plan_sentences
from .demo_game import SKIPBO_DEMO
from .play import SKIPBO_PLAY
from .settings import GameSettings
from .setup_fields import SkipBoFields
from .table_game import SKIPBO_TABLE


def _say_move(before: Any, move: Any, *, lang: str, names: Sequence[str]) -> str:
    """A lesson's shown move as the hint's plan says it, with the card it takes."""
    return plan_sentences(before, [move], lang=lang, names=names)[0]


UI = GameUI(
    kind=SKIPBO, settings=GameSettings, table=SKIPBO_TABLE, play=SKIPBO_PLAY, demo=SKIPBO_DEMO,
    # One gentle computer player, hints on, whole turns taken back.
    practice=GameSettings(players=2, levels=SKIPBO.bot_levels[:1], practice=True, hints=True),
    setup_fields=SkipBoFields,
    title_key="app.title", intro_key="home.intro", hot_seat_detail_key="home.hot_seat_detail",
    sheet=(sheet.SECTIONS, "sheet.title"), say_move=_say_move,
)
