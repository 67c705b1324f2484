"""Demo mode without a browser: a narrated game of bots, step back, the class's guess."""

from __future__ import annotations

import asyncio
import html
import re

import pytest

from skipbo_widgets.i18n import t
from skipbo_widgets.skipbo.bots import hint
from skipbo_widgets.skipbo.bots.narrate import narrate
from skipbo_widgets.skipbo.engine import observe
from skipbo_widgets.widgets.shell import game_screen
from skipbo_widgets.widgets.shell.app import App
from skipbo_widgets.widgets.shell.demo import DemoScreen, DemoSettings
from skipbo_widgets.widgets.skipbo.coach import reason_html
from skipbo_widgets.widgets.skipbo.view_schema import check_view

SHORT = DemoSettings(players=3, levels=("beginner", "medium", "strong"), seed="7", stock_size=5)


def demo(lang: str = "en", settings: DemoSettings = SHORT) -> DemoScreen:
    app = App(lang, animate=False)
    app.start_demo(settings)
    assert app.demo_screen is not None and app.screen == "demo"
    return app.demo_screen


def text(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", markup)).strip()


def test_the_home_screen_opens_the_demo_setup_and_the_demo() -> None:
    app = App("de", animate=False)
    app.show_demo_setup()
    assert app.demo_form is not None
    app.demo_form.players.value = "4"
    assert len(app.demo_form.levels_box.children) == 4
    app.demo_form.levels[3].value = "strong"
    app.demo_form.seed.value = "12"
    app.demo_form.submit()
    screen = app.demo_screen
    assert screen is not None and screen.settings.levels[3] == "strong"
    assert screen.game.rules.players == 4
    assert t("demo.start_note", "de") in text(screen.narration.value)


def test_a_bad_deal_number_is_refused_in_the_learners_language() -> None:
    app = App("fr", animate=False)
    app.show_demo_setup()
    assert app.demo_form is not None
    app.demo_form.seed.value = "\ud800"
    app.demo_form.submit()
    assert app.screen == "demo-setup" and "sb-form-error" in app.demo_form.error.value


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_a_narrated_demo_is_played_to_its_end_each_move_with_its_reason(lang: str) -> None:
    screen = demo(lang)
    names = screen.names
    moves = 0
    while screen.step():
        moves += 1
        step = screen.steps[-1]
        view = screen.controller.view
        check_view(view)
        # the table shows the seat to move, its hand open
        if not screen.game.is_over:
            assert view["me"] == screen.game.current
            assert sorted(view["hand"]) == sorted(screen.game.hand_cards(screen.game.current))
        told = narrate(step.obs, step.move, SHORT.levels[step.seat])
        said = text(screen.narration.value)
        frame = ("demo.why_hint" if told.follows_hint else f"demo.own_way.{told.level}")
        assert t(frame, lang, player=step.seat, names=names) in said
        if not told.follows_hint and told.reasons:
            assert t("demo.own_way_reasons", lang, player=step.seat, names=names) in said
        for reason in told.reasons:
            assert text(reason_html(step.obs, reason, lang=lang, names=names)) in said
        assert screen.log.lines[-1].text.split(".")[0] in said or screen.game.is_over
    assert screen.game.is_over and moves == len(screen.steps) > 10
    assert screen.turn_info.value.count('data-testid="game-over"') == 1
    assert screen.step_button.disabled and screen.end_button.disabled


def test_the_narration_follows_a_language_switch() -> None:
    screen = demo("en")
    for _ in range(4):
        screen.step()
    step = screen.steps[-1]
    told = narrate(step.obs, step.move, SHORT.levels[step.seat])
    screen.set_lang("nl")
    said = text(screen.narration.value)
    for reason in told.reasons:
        assert text(reason_html(step.obs, reason, lang="nl", names=screen.names)) in said
    assert screen.step_button.description == t("demo.step", "nl")
    assert screen.controller.view["lang"] == "nl"


def test_the_app_passes_its_language_switch_to_the_demo() -> None:
    app = App("en", animate=False)
    app.start_demo(SHORT)
    assert app.demo_screen is not None
    app.lang_picker.value = "de"
    assert app.screen == "demo" and app.demo_screen.lang == "de"
    assert html.escape(t("demo.title.game", "de", game="Skip-Bo")) in app.title.value
    assert app.demo_screen.back_button.description == t("demo.back", "de")


def test_step_back_restores_the_exact_position() -> None:
    screen = demo()
    keys = [screen.game.state_key()]
    views = [screen.controller.view]
    for _ in range(25):
        assert screen.step()
        keys.append(screen.game.state_key())
        views.append(screen.controller.view)
    log = [line.text for line in screen.log.lines]
    for i in range(25, 0, -1):
        assert screen.back()
        assert screen.game.state_key() == keys[i - 1]
        assert screen.controller.view["hand"] == views[i - 1]["hand"]
        assert screen.controller.view["me"] == views[i - 1]["me"]
    assert not screen.back() and screen.back_button.disabled
    for _ in range(5):
        screen.step()
    assert [line.text for line in screen.log.lines] == log[:len(screen.log.lines)]


def test_jump_to_the_end_and_play_without_a_kernel_finish_the_game() -> None:
    screen = demo()
    screen.step()
    screen.end()
    assert screen.game.is_over and not screen.play_button.value
    other = demo()
    other.play()
    assert other.game.is_over and not other.play_button.value


def _to_guess(screen: DemoScreen, seat: int) -> None:
    screen.set_guess_seat(seat)
    for _ in range(200):
        if not screen.step():
            break
    assert screen.controller.awaiting and screen.game.current == seat


def test_a_step_while_the_demo_waits_for_a_guess_goes_on_without_one() -> None:
    screen = demo()
    _to_guess(screen, 1)
    steps = len(screen.steps)
    assert screen.step() and len(screen.steps) == steps + 1
    assert screen.steps[-1].seat == 1 and screen.guess is None
    assert not screen.controller.awaiting


def test_the_demo_pauses_for_the_class_and_grades_its_guess() -> None:
    screen = demo("de")
    _to_guess(screen, 1)
    c = screen.controller
    view = c.view
    assert view["interactive"] and view["me"] == 1 and view["legal"]
    assert t("demo.guess_now", "de", player=1, names=screen.names) in text(screen.turn_info.value)
    before = screen.game.state_key()
    steps = len(screen.steps)
    best = hint(observe(screen.game, 1)).plan[0]
    assert c.request({"type": "move", "move": str(best)}) is False
    # the bot's own move was played, with its narration, beside the graded guess
    assert len(screen.steps) == steps + 1 and screen.game.state_key() != before
    assert screen.steps[-1].seat == 1
    assert 'data-grade="good"' in screen.guess_box.value
    assert t("review.good", "de") in text(screen.guess_box.value)
    assert 'data-testid="demo-narration"' in screen.narration.value
    assert not c.awaiting and not c.view["interactive"]
    screen.step()
    assert screen.guess_box.value == ""


def test_a_poor_guess_gets_the_reviews_reasons() -> None:
    for seed in range(40):  # a turn where the stock card can be played but a discard is guessed
        screen = demo("en", DemoSettings(players=2, levels=("medium", "medium"), seed=str(seed),
                                         stock_size=5))
        seat = screen.game.current
        obs = observe(screen.game, seat)
        stock = [m for m in obs.legal_moves if m.is_play and m.source == "s"]
        discards = [m for m in obs.legal_moves if m.is_discard]
        if stock and discards:
            break
    else:
        pytest.fail("no deal with a playable stock card")
    _to_guess(screen, seat)
    screen.controller.request({"type": "move", "move": str(discards[0])})
    assert 'data-grade="mistake"' in screen.guess_box.value
    said = text(screen.guess_box.value)
    assert t("review.mistake", "en") in said and t("explain.better_plan", "en") in said


def test_a_wrong_guess_is_refused_and_changes_nothing() -> None:
    screen = demo("fr")
    _to_guess(screen, 2)
    before = (screen.game.state_key(), len(screen.steps))
    assert screen.controller.request({"type": "move", "move": "h5-b9"}) is False
    assert screen.controller.view["status_kind"] == "error"
    assert screen.controller.request({"type": "move", "move": "d4-b1"}) is False
    assert (screen.game.state_key(), len(screen.steps)) == before
    assert screen.controller.awaiting and screen.guess is None


def test_the_table_takes_no_move_outside_a_guess() -> None:
    screen = demo()
    obs = observe(screen.game, screen.game.current)
    before = screen.game.state_key()
    assert not screen.controller.view["interactive"]
    screen.controller.request({"type": "move", "move": str(obs.legal_moves[0])})
    assert screen.game.state_key() == before and not screen.steps


def test_play_goes_on_at_its_pace_in_a_kernel_and_pauses(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a kernel the demo plays on the event loop (as Voilà runs it) until paused."""
    monkeypatch.setitem(game_screen.SPEEDS, "normal", 0.01)

    async def scenario() -> tuple[int, int, int]:
        app = App("en")  # animate=None: paced on the running loop
        app.start_demo(SHORT)
        screen = app.demo_screen
        assert screen is not None
        screen.play()
        assert screen.play_button.description == t("demo.pause", "en")
        while len(screen.steps) < 5:
            await asyncio.sleep(0.01)
        screen.pause()
        paused = len(screen.steps)
        await asyncio.sleep(0.1)
        after = len(screen.steps)
        screen.set_guess_seat(1)
        screen.play()
        while screen.play_button.value:
            await asyncio.sleep(0.01)
        return paused, after, screen.game.current if screen.controller.awaiting else -1

    paused, after, waiting = asyncio.run(scenario())
    assert paused == after >= 5  # nothing moves once paused
    assert waiting == 1  # play stops where the class is to guess
