"""What the app says to a screen reader (issue 25), without a browser: every line of the
move log once, in order, as it is made (the bots' moves in the log's own sentences), the
hint and the turn's review as shown, the game's end, "your turn" once a Skip-Bo turn, each
step of a demo; and the focus sent to each new screen's heading."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from test_move_log import learner_plays_skipbo, learner_plays_skyjo, screen_of

from skipbo_widgets.i18n import t
from skipbo_widgets.widgets.page.testids import plain_text
from skipbo_widgets.widgets.shell.app import App
from skipbo_widgets.widgets.shell.demo import DemoSettings
from skipbo_widgets.widgets.skipbo.settings import GameSettings
from skipbo_widgets.widgets.skyjo.settings import SkyjoSettings


def listening(lang: str) -> tuple[App, list[str]]:
    app = App(lang, animate=False)
    said: list[str] = []
    app.shell.say = said.append  # type: ignore[method-assign]
    return app, said


def test_a_skyjo_round_is_said_line_by_line_with_hint_review_and_end() -> None:
    app, said = listening("fr")
    app.start(SkyjoSettings(players=3, levels=("medium", "medium"), seed="3"))
    screen = screen_of(app)
    known = len(screen.log.lines)
    reviews = 0
    while not screen.controller.game.is_over:
        screen.show_hint()
        assert said[-1] == plain_text(screen.hint_box.value) != ""
        learner_plays_skyjo(screen)
        if screen.review_box.value:
            reviews += 1
            assert plain_text(screen.review_box.value) in said
    lines = [line.text for line in screen.log.lines[known:]]
    assert [text for text in said if text in lines] == lines
    assert reviews and len(lines) > reviews
    assert said[-1] == plain_text(screen.play.end_text(screen.controller.game, tr=screen.tr))


def test_each_skipbo_turn_of_the_learner_is_said_once() -> None:
    app, said = listening("nl")
    app.start(GameSettings(players=2, seed="4"))
    screen = screen_of(app)
    your_turn = t("ui.your_turn", "nl")
    for _ in range(12):  # moves of the learner over several turns
        if screen.controller.game.is_over:
            break
        learner_plays_skipbo(screen)
    assert 1 < said.count(your_turn) <= screen.controller.game.turn
    # Never twice in a row: the others' moves (or the learner's) come between.
    assert all(a != b for a, b in pairwise(said) if a == your_turn)


def test_every_screen_shown_sends_the_focus_to_its_heading(monkeypatch: Any) -> None:
    app = App("de", animate=False)
    sent: list[dict[str, str]] = []
    monkeypatch.setattr(app.shell, "send", sent.append)
    app.show_learn()
    app.show_home()
    assert sent.count({"type": "heading"}) == 2


def test_each_step_of_a_demo_is_said_once() -> None:
    app, said = listening("de")
    app.demo.start(DemoSettings(players=3, levels=("medium",) * 3, seed="5"))
    screen = app.demo.screen
    assert screen is not None
    for _ in range(4):
        before = len(said)
        screen.step()
        assert said[before:] == [plain_text(f"{screen.narration.value} {screen.guess_box.value}")]
