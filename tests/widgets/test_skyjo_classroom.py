"""Skyjo's demo mode and hot seat without a browser: a narrated round of bots, step back,
the class's guess; people taking turns where no drawn card, hint or review is shown to
the wrong person."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest

from skipbo_widgets.i18n import t
from skipbo_widgets.skyjo.bots import hint, review_turn
from skipbo_widgets.skyjo.bots.explain import Explain
from skipbo_widgets.skyjo.bots.narrate import grade_guess, narrate
from skipbo_widgets.skyjo.bots.review import review_move
from skipbo_widgets.skyjo.engine import Round
from skipbo_widgets.skyjo.engine.moves import DRAW
from skipbo_widgets.widgets.shell.app import App
from skipbo_widgets.widgets.shell.demo import DemoScreen, DemoSettings
from skipbo_widgets.widgets.shell.hot_seat import HotSeatScreen
from skipbo_widgets.widgets.shell.settings import dumps_session, loads_session
from skipbo_widgets.widgets.skyjo.coach import move_words, reason_text
from skipbo_widgets.widgets.skyjo.settings import SkyjoSettings
from skipbo_widgets.widgets.skyjo.view_schema import check_skyjo_view

LEVELS = ("beginner", "medium", "strong")
SHORT = DemoSettings(game="skyjo", players=3, levels=LEVELS, seed="7")
PEOPLE = ("Anna", "Ben", "Emma")
THREE_AND_A_BOT = SkyjoSettings(players=4, levels=("medium",), people=PEOPLE, seed="5",
                                match=False)


def text(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", markup)).strip()


def demo(lang: str = "en", settings: DemoSettings = SHORT) -> DemoScreen:
    app = App(lang, animate=False)
    app.choose_game("skyjo")
    app.start_demo(settings)
    assert app.demo_screen is not None and app.screen == "demo"
    return app.demo_screen


# -- demo mode --------------------------------------------------------------------


def test_the_demo_form_offers_skyjos_players_and_levels() -> None:
    app = App("fr", animate=False)
    app.choose_game("skyjo")
    app.show_demo_setup()
    form = app.demo_form
    assert form is not None
    assert form.players.options == tuple(str(n) for n in range(2, 9))
    assert [v for _label, v in form.levels[0].options] == list(LEVELS)
    form.players.value = "8"
    assert len(form.levels_box.children) == 8
    form.levels[7].value = "strong"
    form.submit()
    screen = app.demo_screen
    assert screen is not None and isinstance(screen.game, Round)
    assert screen.game.rules.players == 8 and len(set(screen.names)) == 8
    assert screen.settings.levels[7] == "strong"
    app.choose_game("skipbo")  # the other game's form: its own range again
    app.show_demo_setup()
    assert app.demo_form is not None and app.demo_form.players.options[-1] == "6"


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_a_narrated_skyjo_round_is_played_to_its_end_each_move_with_its_reason(
        lang: str) -> None:
    screen = demo(lang)
    names = screen.names
    game = screen.game
    moves = 0
    while screen.step():
        moves += 1
        step = screen.steps[-1]
        view = screen.controller.view
        check_skyjo_view(view)
        if not game.is_over:  # the table shows the seat to move, its drawn card too
            assert view["me"] == game.current and view["drawn"] == game.drawn
        told = narrate(step.obs, step.move, SHORT.levels[step.seat])
        said = text(screen.narration.value)
        frames = ["demo.why_hint"] if told.follows_hint else [
            f"demo.skyjo.own_way.{told.level}", "demo.skyjo.review", "demo.skyjo.hint_move"]
        for frame in frames:
            assert t(frame, lang, player=step.seat, names=names) in said
        for reason in (*told.reasons, *told.hint_reasons):
            assert reason_text(step.obs, reason, lang=lang, names=names) in said
        assert screen.log.lines[-1].text in said
    assert game.is_over and moves == len(screen.steps) > 30
    assert any(not narrate(s.obs, s.move, LEVELS[s.seat]).follows_hint
               for s in screen.steps)  # a weaker bot's own move was told too
    assert screen.turn_info.value.count('data-testid="game-over"') == 1
    outcome = game.outcome
    assert outcome is not None
    assert t("end.skyjo.round", lang, winner=list(outcome.lowest),
             points=min(outcome.scores), names=names) in text(screen.turn_info.value)
    assert screen.step_button.disabled and screen.end_button.disabled


def test_step_back_restores_the_exact_skyjo_position() -> None:
    screen = demo()
    keys = [screen.game.state_key()]
    views = [screen.controller.view]
    for _ in range(30):
        assert screen.step()
        keys.append(screen.game.state_key())
        views.append(screen.controller.view)
    log = [line.text for line in screen.log.lines]
    for i in range(30, 0, -1):
        assert screen.back()
        assert screen.game.state_key() == keys[i - 1]
        assert screen.controller.view == views[i - 1]
    assert not screen.back() and screen.back_button.disabled
    for _ in range(30):
        screen.step()
    assert [line.text for line in screen.log.lines] == log
    assert screen.game.state_key() == keys[30]


def test_jump_to_the_end_finishes_the_round() -> None:
    screen = demo("fr")
    screen.step()
    assert screen.end() > 0
    assert screen.game.is_over and 'data-testid="game-over"' in screen.turn_info.value


def _to_guess(screen: DemoScreen, seat: int) -> None:
    screen.set_guess_seat(seat)
    for _ in range(400):
        if not screen.step():
            break
    assert screen.controller.awaiting and screen.game.current == seat


def test_the_skyjo_demo_pauses_for_the_class_and_grades_its_guess() -> None:
    screen = demo("de")
    for _ in range(8):  # past the set-up: a whole turn to guess
        screen.step()
    _to_guess(screen, 1)
    c = screen.controller
    view = c.view
    assert view["interactive"] and view["me"] == 1 and view["can_draw"]
    best = hint(screen.game.observe(1)).move
    steps = len(screen.steps)
    assert c.request({"type": "move", "move": str(best)}) is False
    assert len(screen.steps) == steps + 1 and screen.steps[-1].seat == 1
    assert 'data-grade="good"' in screen.guess_box.value
    assert t("review.good", "de") in text(screen.guess_box.value)
    assert not c.awaiting and not c.view["interactive"]


def test_a_poor_skyjo_guess_gets_the_reviews_reasons() -> None:
    screen = demo("en")
    for _ in range(8):
        screen.step()
    _to_guess(screen, 0)
    obs = screen.game.observe(0)
    poor = [m for m in obs.legal_moves if grade_guess(obs, m).grade != "good"]
    assert poor
    screen.controller.request({"type": "move", "move": str(poor[0])})
    review = grade_guess(obs, poor[0])
    said = text(screen.guess_box.value)
    assert f'data-grade="{review.grade}"' in screen.guess_box.value
    assert t(f"review.{review.grade}", "en") in said
    assert t("demo.guess_was", "en", move=move_words(poor[0], obs, "en")) in said
    for reason in review.reasons:
        assert reason_text(obs, reason, lang="en", names=screen.names) in said


# -- hot seat ---------------------------------------------------------------------


def hot_seat(settings: SkyjoSettings = THREE_AND_A_BOT, lang: str = "en") -> tuple[App, Any]:
    app = App(lang, animate=False)
    app.start(settings)
    screen = app.game_screen
    assert isinstance(screen, HotSeatScreen)
    return app, screen


def play_turn(c: Any) -> None:
    """The person at the screen plays their turn as the hints say."""
    who = c.seat
    while c.game.current == who and not c.game.is_over:
        assert c.request({"type": "move", "move": str(hint(c.observation()).move)})


def test_the_hot_seat_form_offers_skyjos_players_and_levels() -> None:
    app = App("nl", animate=False)
    app.choose_game("skyjo")
    app.show_hot_seat()
    form = app.hot_seat_form
    assert form is not None
    assert form.count.options == tuple(str(n) for n in range(2, 9))
    form.count.value = "7"
    assert form.bot_count.options == ("0", "1")
    form.bot_count.value = "1"
    assert [v for _label, v in form.levels[0].options] == list(LEVELS)
    form.names[0].value = "Anna"
    form.submit()
    screen = app.game_screen
    assert isinstance(screen, HotSeatScreen) and isinstance(screen.settings, SkyjoSettings)
    assert screen.settings.players == 8 and screen.settings.people[0] == "Anna"
    assert isinstance(screen.controller.game, Round) and 7 in screen.controller.bots


def test_a_skyjo_hot_seat_never_shows_a_drawn_card_hint_or_review_to_the_wrong_person() -> None:
    _app, screen = hot_seat()
    c = screen.controller
    game = c.game
    seen: list[tuple[bool, int, int | None]] = []

    def check(_change: Any = None) -> None:
        """At every change of the table's view."""
        view = c.view
        check_skyjo_view(view)
        if c.screened:
            assert view["drawn"] is None and view["drawn_label"] == ""
            assert not view["interactive"] and view["highlight"] == []
            assert screen.hint_box.value == "" and screen.review_box.value == ""
        else:
            assert view["me"] == c.seat and c.seat in range(len(PEOPLE))
            assert view["drawn"] == (game.drawn if game.current == c.seat else None)
            assert all(obs.seat == c.seat for obs, _move in screen._reviewed)
        seen.append((c.screened, c.seat, view["drawn"]))

    c.table.observe(check, names="view")
    check()
    for _ in range(3000):
        if game.is_over:
            break
        if c.screened:
            assert not c.interactive and screen.hint_button.disabled
            assert c.request({"type": "move", "move": "draw"}) is False
            screen.ready()
            check()
            assert screen.table_box.children == (c.table,)
            continue
        assert c.my_turn and game.current == c.seat
        screen.show_hint()
        assert screen.hint_box.value
        play_turn(c)
        if not game.is_over:
            assert c.screened and screen.table_box.children == (screen.pass_box,)
            assert text(screen.pass_text.value).startswith(
                t("hot.pass", "en", player=c.seat, names=c.names))
    assert game.is_over
    assert {seat for screened, seat, _drawn in seen if not screened} == {0, 1, 2}
    assert any(drawn is not None for screened, _seat, drawn in seen if not screened)
    assert not any(line.text.startswith("You ") for line in screen.log.lines)
    outcome = game.outcome
    assert outcome is not None
    ended = " ".join(text(box.value) for box in screen.end_box.children
                     if isinstance(getattr(box, "value", None), str))
    assert ended == t("end.skyjo.round", "en", winner=list(outcome.lowest),
                      points=min(outcome.scores), names=c.names)


def test_a_drawn_card_left_in_hand_stays_behind_the_pass_screen() -> None:
    app, screen = hot_seat()
    c = screen.controller
    while c.screened or c.game.phase == "setup":
        if c.screened:
            screen.ready()
        else:
            play_turn(c)
    assert c.request({"type": "move", "move": "draw"}) and c.game.drawn is not None
    again = App("en", animate=False)  # the session is opened elsewhere mid-turn
    again.store._receive(again.store, {"type": "stored", "value": app.store.value}, [])
    again._resume()
    back = again.game_screen
    assert isinstance(back, HotSeatScreen) and back.controller.screened
    view = back.controller.view
    assert view["drawn"] is None and view["drawn_label"] == ""
    assert str(c.game.drawn) not in text(back.turn_info.value)
    back.ready()
    assert back.controller.view["drawn"] == c.game.drawn


def test_whoever_is_at_the_skyjo_screen_gets_their_own_review() -> None:
    _app, screen = hot_seat()
    c = screen.controller
    while c.game.phase == "setup":  # the set-up's free reveals get no review
        screen.ready()
        play_turn(c)
        assert screen.review_box.value == ""
    screen.ready()
    first = c.seat
    play_turn(c)
    assert c.screened and screen.review_box.value == ""
    while c.seat != first:
        screen.ready()
        play_turn(c)
    screen.ready()
    assert 'data-testid="review"' in screen.review_box.value


def test_a_skyjo_hot_seat_is_kept_and_comes_back_behind_the_pass_screen() -> None:
    app, screen = hot_seat(SkyjoSettings(players=3, levels=("beginner",),
                                         people=("Anna", "Ben"), seed="2"))
    c = screen.controller
    for _ in range(4):
        screen.ready()
        play_turn(c)
    kept = app.store.value
    saved = json.loads(kept)
    assert saved["game"] == "skyjo" and saved["settings"]["people"] == ["Anna", "Ben"]
    settings, match = loads_session(kept)
    assert settings == screen.settings and match.game.state_key() == c.game.state_key()
    again = App("en", animate=False)
    again.store._receive(again.store, {"type": "stored", "value": kept}, [])
    again._resume()
    back = again.game_screen
    assert isinstance(back, HotSeatScreen) and back.controller.screened
    assert back.controller.seat == c.seat and back.controller.names[:2] == ["Anna", "Ben"]


def test_a_skyjo_session_saved_before_hot_seat_still_opens() -> None:
    settings = SkyjoSettings(players=3, levels=("medium", "strong"), seed="4")
    saved = json.loads(dumps_session(settings, settings.new_match()))
    assert "people" not in saved["settings"]
    back, _match = loads_session(json.dumps(saved))
    assert back == settings and back.people == ()


# -- the demo tells of its seats (issue 21, part 5) ---------------------------------


def expected_phase(game: Round, lang: str, names: list[str]) -> str:
    """The line on top as it tells of a seat by name, never as "you"."""
    obs = game.observe(0)
    if obs.phase == "over":
        return t("skyjo.table.phase.over", lang)
    if obs.phase == "setup":
        return t("skyjo.table.phase.setup", lang, player=obs.current, names=names)
    turn = t("ui.player_turn", lang, player=obs.current, names=names)
    if obs.ender is None:
        return turn
    return t("skyjo.table.phase.last", lang, player=obs.ender, names=names, turn=turn)


@pytest.mark.parametrize("lang", ["de", "fr", "nl", "en"])
def test_the_demo_table_tells_of_the_seat_to_move_by_name(lang: str) -> None:
    screen = demo(lang)
    game, names = screen.game, screen.names
    you = {t("ui.your_turn", lang), t("skyjo.table.my_grid", lang),
           t("skyjo.table.ended.you", lang), t("skyjo.table.doubled.you", lang),
           t("skyjo.table.not_doubled.you", lang),
           t("skyjo.table.phase.setup.you", lang)}
    drawn_seen = 0
    while True:
        view = screen.controller.view
        check_skyjo_view(view)
        assert view["phase_label"] == expected_phase(game, lang, names)
        for seat in view["players"]:
            assert seat["grid_label"] == t("skyjo.table.grid", lang, player=seat["seat"],
                                           names=names)
        if game.drawn is not None:
            drawn_seen += 1
            assert view["drawn_label"] == t("demo.skyjo.drawn", lang, player=game.current,
                                            value=game.drawn, names=names)
        said = json.dumps(view, ensure_ascii=False)
        assert not [phrase for phrase in you if phrase in said]
        if not screen.step():
            break
    assert drawn_seen and view["result"] is not None
    assert view["result"]["label"] == t("skyjo.table.ended", lang, player=game.ender,
                                        names=names)


def test_the_start_note_does_not_stay_beside_the_guess_prompt() -> None:
    screen = demo("de")
    screen.set_guess_seat(screen.game.current)
    assert not screen.step() and screen.controller.awaiting and not screen.steps
    assert t("demo.guess_now", "de", player=screen.game.current, names=screen.names) \
        in text(screen.turn_info.value)
    assert t("demo.start_note", "de") not in text(screen.narration.value)


# -- a guess is a whole turn: the draw, then where the card goes ---------------------


def _guess_where_the_bot(screen: DemoScreen, seat: int, *, draws: bool) -> Any:
    """Step on to a turn of ``seat`` (past the set-up) where its bot draws (or takes the
    discard pile's card), the demo waiting for the class; what the seat sees there."""
    for _ in range(60):
        _to_guess(screen, seat)
        obs = screen.game.observe(seat)
        planned = screen.bots[seat].choose_move(obs)
        if obs.phase == "play" and (planned.kind == "draw") == draws:
            return obs
        screen.step()  # on without a guess
    pytest.skip("no such turn in this deal")


def _worst(obs: Any) -> Any:
    return max(obs.legal_moves, key=lambda m: review_move(obs, m).loss)


@pytest.mark.parametrize("draws", [True, False])
def test_a_guessed_draw_shows_the_card_and_asks_where_it_goes(draws: bool) -> None:
    screen = demo("de")
    c, game, names = screen.controller, screen.game, screen.names
    obs = _guess_where_the_bot(screen, 1, draws=draws)
    planned = screen.bots[1].choose_move(obs)
    steps = len(screen.steps)
    assert c.request({"type": "move", "move": "draw"}) is False
    # the card is on the table, the class asked where it goes, nothing graded yet
    assert c.awaiting and game.current == 1 and game.drawn is not None
    view = c.view
    assert view["interactive"] and view["drawn"] == game.drawn and view["legal"]
    prompt = t("demo.skyjo.guess_place", "de", player=1, names=names)
    assert prompt in text(screen.turn_info.value) and view["status"] == prompt
    assert screen.guess_box.value == "" and screen.narration.value == ""
    assert len(screen.steps) == steps  # the class's draw, whether or not the bot draws too
    drawn_obs = game.observe(1)
    place = _worst(drawn_obs)
    assert c.request({"type": "move", "move": str(place)}) is False
    # then the bot's move, and the guess graded as a whole turn
    assert not c.awaiting and screen.steps[-1].seat == 1
    if draws:
        assert [s.move.kind for s in screen.steps[-2:]] == ["draw", "swap" if
                                                             screen.steps[-1].move.kind == "swap"
                                                             else "drop"]
    else:  # the class's draw taken back: the bot took from exactly where it stood
        assert len(screen.steps) == steps + 1 and screen.steps[-1].move == planned
        assert screen.steps[-1].obs == obs
    review = review_turn([(obs, DRAW), (drawn_obs, place)])
    seen = obs if review.move == DRAW else drawn_obs
    box = screen.guess_box.value
    said = text(box)
    assert f'data-grade="{review.grade}"' in box and t(f"review.{review.grade}", "de") in said
    assert t("demo.guess_was", "de", move=move_words(place, drawn_obs, "de")) in said
    for reason in review.reasons:
        if reason[0] is not Explain.GOOD:
            assert reason_text(seen, reason, lang="de", names=names) in said
    taken_back = t("demo.skyjo.draw_taken_back", "de", player=1, value=drawn_obs.drawn,
                   names=names)
    assert (taken_back in said) is not draws
    assert screen.narration.value  # the bot's move told beside it


@pytest.mark.parametrize("lang", ["de", "fr"])
@pytest.mark.parametrize("draws", [True, False])
def test_nothing_of_the_bots_move_shows_before_the_whole_guess_is_in(draws: bool,
                                                                     lang: str) -> None:
    # review: "Mia zieht eine Karte." stood in the move log while the class still had to
    # say where the drawn card goes, giving the bot's choice (draw, not take) away
    screen = demo(lang)
    c = screen.controller
    _guess_where_the_bot(screen, 1, draws=draws)
    log, log_box, turn = list(screen.log.lines), screen.log_box.value, screen.turn_info.value
    assert c.request({"type": "move", "move": "draw"}) is False
    assert c.awaiting and screen.game.drawn is not None
    assert screen.log.lines == log and screen.log_box.value == log_box
    assert screen.narration.value == "" and screen.guess_box.value == ""
    assert screen.turn_info.value != turn  # now asking where the card goes
    drew = t("log.skyjo.draw", lang, player=1, names=screen.names)
    assert drew not in text(screen.log_box.value)
    view = c.view  # the table: the class's own draw, held by the seat, no word of the bot
    assert view["drawn"] == screen.game.drawn and view["status_kind"] == "hint"
    place = _worst(screen.game.observe(1))
    c.request({"type": "move", "move": str(place)})
    assert not c.awaiting and len(screen.log.lines) > len(log)
    assert (drew in text(screen.log_box.value)) is draws


@pytest.mark.parametrize("draws", [True, False])
def test_step_back_from_a_half_guess_asks_again_from_the_same_position(draws: bool) -> None:
    screen = demo("en")
    c, game = screen.controller, screen.game
    _guess_where_the_bot(screen, 2, draws=draws)
    key, view, steps = game.state_key(), c.view, len(screen.steps)
    c.request({"type": "move", "move": "draw"})
    assert game.drawn is not None
    assert screen.back()
    assert game.state_key() == key and c.view == view and len(screen.steps) == steps
    assert c.awaiting and t("demo.guess_now", "en", player=2, names=screen.names) \
        in text(screen.turn_info.value)


@pytest.mark.parametrize("draws", [True, False])
def test_a_step_during_a_half_guess_goes_on_with_the_bots_own_move(draws: bool) -> None:
    screen = demo("nl")
    c = screen.controller
    obs = _guess_where_the_bot(screen, 0, draws=draws)
    planned = screen.bots[0].choose_move(obs)
    steps = len(screen.steps)
    c.request({"type": "move", "move": "draw"})
    assert screen.step()
    assert not c.awaiting and screen.guess is None and screen.guess_box.value == ""
    assert screen.steps[steps].move == planned and screen.steps[steps].obs == obs
    assert screen.steps[-1].seat == 0 and screen.game.drawn is None
