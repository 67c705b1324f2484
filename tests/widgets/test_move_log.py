"""The whole game in the move log (issue 21, part 5): every line of every round, none cut
off, grouped under a heading per round (Skyjo) or game (a Skip-Bo match), newest first."""

from __future__ import annotations

import html
import re

import pytest

from skipbo_widgets.i18n import t
from skipbo_widgets.skipbo.bots import make_bot as skipbo_bot
from skipbo_widgets.skipbo.engine import observe
from skipbo_widgets.skyjo.bots import make_bot as skyjo_bot
from skipbo_widgets.widgets.shell.app import App
from skipbo_widgets.widgets.shell.game_screen import GameScreen
from skipbo_widgets.widgets.shell.settings import loads_session
from skipbo_widgets.widgets.skipbo.settings import GameSettings
from skipbo_widgets.widgets.skyjo.settings import SkyjoSettings


def screen_of(app: App) -> GameScreen:
    assert app.game_screen is not None
    return app.game_screen


def learner_plays_skyjo(screen: GameScreen) -> None:
    bot = skyjo_bot("strong")
    c = screen.controller
    move = bot.choose_move(c.observation())
    name = "draw" if move.kind == "draw" else str(move).replace(" ", "-")
    assert c.request({"type": "move", "move": name})


def learner_plays_skipbo(screen: GameScreen) -> None:
    c = screen.controller
    move = skipbo_bot("medium").choose_move(observe(c.game, 0))
    c.move(str(move))


def log_items(screen: GameScreen) -> list[tuple[str, str]]:
    """The log as shown: ("heading", text) and ("line", text), top to bottom."""
    found = re.findall(r'<(li|div) class="(sb-log-heading|sb-log-line[^"]*)"[^>]*>(.*?)</\1>',
                       screen.log_box.value)
    return [("heading" if cls == "sb-log-heading" else "line", html.unescape(text))
            for _tag, cls, text in found]


def test_a_skyjo_game_of_several_rounds_keeps_every_round_under_its_heading() -> None:
    app = App("de", animate=False)
    app.start(SkyjoSettings(players=2, seed="3", match=True))
    screen = screen_of(app)
    per_round: list[list[str]] = []
    while len(per_round) < 3 and not screen.match.is_over:
        while not screen.controller.game.is_over:
            learner_plays_skyjo(screen)
        per_round.append([line.text for line in screen.log.lines])
        screen.next_game()
    items = log_items(screen)
    headings = [text for kind, text in items if kind == "heading"]
    rounds = len(per_round) + 1
    assert headings == [t("log.heading.skyjo", "de", number=n)
                        for n in range(rounds, 0, -1)]  # the newest round on top
    # every line of every finished round, none cut off, under its own heading
    for number, lines in enumerate(per_round, start=1):
        start = items.index(("heading", t("log.heading.skyjo", "de", number=number)))
        end = next((i for i in range(start + 1, len(items)) if items[i][0] == "heading"),
                   len(items))
        assert [text for _kind, text in items[start + 1:end]] == list(reversed(lines))
    assert sum(len(lines) for lines in per_round) > 40  # more than the old cut-off
    assert 'class="sb-log-scroll"' in screen.log_box.value


def test_the_log_follows_a_new_language_in_every_round() -> None:
    app = App("en", animate=False)
    app.start(SkyjoSettings(players=2, seed="3", match=True))
    screen = screen_of(app)
    while not screen.controller.game.is_over:
        learner_plays_skyjo(screen)
    screen.next_game()
    english = [text for kind, text in log_items(screen) if kind == "line"]
    app.lang_picker.value = "fr"
    items = log_items(screen)
    headings = [text for kind, text in items if kind == "heading"]
    assert headings == [t("log.heading.skyjo", "fr", number=n) for n in (2, 1)]
    french = [text for kind, text in items if kind == "line"]
    assert len(french) == len(english) > 10 and not set(english) & set(french)


def test_a_long_skipbo_game_is_not_cut_to_its_last_lines() -> None:
    app = App("en", animate=False)
    app.start(GameSettings(players=2, seed="8", stock_size=10))
    screen = screen_of(app)
    while not screen.controller.game.is_over:
        learner_plays_skipbo(screen)
    lines = [line.text for line in screen.log.lines]
    shown = [text for kind, text in log_items(screen) if kind == "line"]
    assert len(lines) > 40 and shown == list(reversed(lines))


def test_rounds_played_before_a_reload_keep_their_heading() -> None:
    """After a reload the earlier rounds' moves are not in the kept game: each keeps its
    heading and says so; the current round's moves are there."""
    app = App("nl", animate=False)
    app.start(SkyjoSettings(players=2, seed="3", match=True))
    screen = screen_of(app)
    while not screen.controller.game.is_over:
        learner_plays_skyjo(screen)
    screen.next_game()
    learner_plays_skyjo(screen)
    kept = app.store.value
    again = App("nl", animate=False)
    again.start(*loads_session(kept))
    items = log_items(screen_of(again))
    headings = [text for kind, text in items if kind == "heading"]
    assert headings == [t("log.heading.skyjo", "nl", number=n) for n in (2, 1)]
    assert items[-1] == ("line", t("log.not_kept.skyjo", "nl"))


@pytest.mark.parametrize("match", [False, True])
def test_a_single_game_has_no_heading_a_match_has(match: bool) -> None:
    app = App("en", animate=False)
    app.start(GameSettings(players=2, seed="8", match=match))
    headings = [text for kind, text in log_items(screen_of(app)) if kind == "heading"]
    assert headings == ([t("log.heading.skipbo", "en", number=1)] if match else [])
