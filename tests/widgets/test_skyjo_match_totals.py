"""Issue 27, in the app: in a Skyjo game to 100 the computer players, the learner's hints
and turn reviews, the hot seat and the demo weigh each seat's total before the round (the
bots module's ``totals``); a single round has none and plays as a round alone."""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any

import pytest
from app_screens import click

from skipbo_widgets.i18n import t
from skipbo_widgets.skyjo.bots import MISTAKE, StrongBot, choices, hint, make_bot
from skipbo_widgets.skyjo.bots.explain import Explain
from skipbo_widgets.skyjo.engine import Match, Move, Observation, Rules
from skipbo_widgets.widgets.shell.app import App
from skipbo_widgets.widgets.shell.game_screen import GameScreen
from skipbo_widgets.widgets.shell.hot_seat import HotSeatScreen
from skipbo_widgets.widgets.skyjo.demo_game import SKYJO_DEMO, SkyjoDemo
from skipbo_widgets.widgets.skyjo.settings import SkyjoSettings

#: A deal whose sixth round, between two strong players, reaches a turn of seat 0 where
#: ending the round ends the game, seat 1 already near 100.
END_GAME_SEED = "3"
#: A deal where, in one of its three rounds, the strong bot of seat 1 plays another move with
#: the totals than without them.
FOR_THE_GAME_SEED = "4"


def start(lang: str, settings: SkyjoSettings, match: Match | None = None) -> tuple[App, Any]:
    app = App(lang, animate=False)
    app.start(settings, match)
    assert app.game_screen is not None
    return app, app.game_screen


def sheet(match: Match) -> tuple[int, ...]:
    """The totals before the round on the table, from the engine's score sheet."""
    assert not match.scored
    return tuple(match.scores)


def end_game_params(obs: Observation, totals: tuple[int, ...]) -> dict[str, Any]:
    """The ``end_game`` reason's numbers worked out here: the other seat with the highest
    total, that total, and the chance to win the game by ending the round now."""
    seat = max((s for s in range(len(totals)) if s != obs.seat), key=lambda s: totals[s])
    best = choices(obs, totals).best
    assert best.ends and best.win is not None
    return {"seat": seat, "count": totals[seat], "chance": round(100 * best.win)}


def says(screen: GameScreen, key: str, params: dict[str, Any]) -> bool:
    text = t(key, screen.lang, names=screen.controller.names, **params)
    return html.escape(text) in screen.hint_box.value


def ends_the_game(obs: Observation, totals: tuple[int, ...] | None) -> bool:
    return any(code is Explain.END_GAME for code, _ in hint(obs, totals).reasons)


def match_at_end_game() -> Match:
    """The engine alone: two strong players (with the totals) until seat 0 is to move
    where the hint says to end the round and the game."""
    match, bot = Match(Rules(players=2), seed=END_GAME_SEED), StrongBot()
    while not match.is_over:
        game = match.game
        while game.outcome is None:
            obs = game.observe(game.current)
            if game.current == 0 and ends_the_game(obs, sheet(match)):
                return match
            game.push(bot.choose_move(obs, sheet(match)), by=game.current)
        match.next_game()
    pytest.fail("no turn of seat 0 that ends the game")


def learner_plays(screen: GameScreen, move: Move) -> None:
    name = "draw" if move.kind == "draw" else str(move).replace(" ", "-")
    assert screen.controller.request({"type": "move", "move": name}), name


@dataclass
class Watched:
    """The app's bot of a seat, its every decision kept with what it saw."""

    bot: Any
    seen: list[tuple[Observation, tuple[int, ...], Move]] = field(default_factory=list)
    match: Any = None

    def choose_move(self, obs: Observation) -> Move:
        move: Move = self.bot.choose_move(obs)
        self.seen.append((obs, sheet(self.match), move))
        return move


def play_match(app: App, screen: Any, *, stop: Any = None,
               watched: list[Watched] | None = None) -> tuple[Observation, tuple[int, ...]] | None:
    """The learner (a strong player with the totals) against the app's bots, through the
    screen, to the end of the match or to the learner's first turn where ``stop`` holds."""
    match = screen.match
    learner = StrongBot()
    for _ in range(5000):
        c = screen.controller
        if match.is_over:
            return None
        if c.game.is_over:  # scored: the bots and hints still read the totals before it
            last = match.results[-1].scores
            assert screen.play.totals() == tuple(a - b for a, b in zip(match.scores, last,
                                                                        strict=True))
            click(app, "next-game")
            continue
        if watched is not None and not isinstance(c.bots[1], Watched):
            watched.append(Watched(c.bots[1], match=match))  # the bot of a new round
            c.bots[1] = watched[-1]
        assert c.my_turn
        obs, totals = c.observation(), sheet(match)
        if stop is not None and stop(obs, totals):
            return obs, totals
        learner_plays(screen, learner.choose_move(obs, totals))
    pytest.fail("the match never ended")


# -- the learner's hint and review ------------------------------------------------------


def test_near_the_end_of_a_game_the_hint_says_to_end_the_round_and_the_game() -> None:
    app, screen = start("en", SkyjoSettings(players=2, levels=("strong",), seed=END_GAME_SEED))
    found = play_match(app, screen, stop=ends_the_game)
    assert found is not None, "no turn of the learner where ending the round ends the game"
    obs, totals = found
    params = end_game_params(obs, totals)
    assert params["seat"] == 1 and params["count"] >= 80 and len(screen.match.results) >= 2
    for _level in range(3):
        click(app, "hint")
    assert 'data-level="3"' in screen.hint_box.value
    assert says(screen, "explain.skyjo.end_game", params), screen.hint_box.value
    app.lang_picker.value = "de"  # the same hint, said again in German
    assert says(screen, "explain.skyjo.end_game", params), screen.hint_box.value
    app.lang_picker.value = "fr"
    assert says(screen, "explain.skyjo.end_game", params), screen.hint_box.value


def test_the_turn_review_weighs_the_totals() -> None:
    match = match_at_end_game()
    obs, totals = match.game.observe(0), sheet(match)
    table = choices(obs, totals)
    worst = table.choices[-1]  # the round goes on, with a high card kept
    assert not worst.ends and worst.value - table.best.value >= MISTAKE
    _app, screen = start("en", SkyjoSettings(players=2, levels=("strong",),
                                            seed=END_GAME_SEED), match)
    learner_plays(screen, worst.move)
    review = screen.review_box.value
    assert 'data-grade="mistake"' in review, review
    said = t("explain.skyjo.end_game", "en", names=screen.controller.names,
             **end_game_params(obs, totals))
    assert html.escape(said) in review


# -- the computer players ---------------------------------------------------------------


def test_the_app_s_bots_play_for_the_game_with_the_totals_before_the_round() -> None:
    app, screen = start("en", SkyjoSettings(players=2, levels=("strong",),
                                            seed=FOR_THE_GAME_SEED))
    watched: list[Watched] = []
    assert play_match(app, screen, watched=watched) is None
    assert len(watched) == len(screen.match.results) >= 2
    decisions = [d for w in watched for d in w.seen]
    strong = StrongBot()
    for obs, totals, move in decisions:
        assert move == strong.choose_move(obs, totals), (obs.turn, totals)
    # Some of them only because of the totals: the test sees the difference.
    assert any(strong.choose_move(obs) != move for obs, _totals, move in decisions)


# -- a single round ---------------------------------------------------------------------


def test_a_single_round_passes_no_totals_and_plays_as_before() -> None:
    app, screen = start("en", SkyjoSettings(players=3, levels=("strong", "medium"),
                                            seed="4", match=False))
    c = screen.controller
    assert screen.play.totals() is None and screen.coach.totals() is None
    assert all(bot.totals() is None for bot in c.bots.values())
    watched = {seat: Watched(bot, match=screen.match) for seat, bot in c.bots.items()}
    c.bots.update(watched)
    learner = StrongBot()
    hints = 0
    while not c.game.is_over:
        obs = c.observation()
        click(app, "hint")
        hints += 1
        assert html.escape(t("hint.level.1", "en")) in screen.hint_box.value
        learner_plays(screen, learner.choose_move(obs))
    assert hints > 5
    for seat, w in watched.items():
        bot = make_bot(screen.settings.levels[seat - 1])
        assert w.seen and all(bot.choose_move(obs) == move for obs, _t, move in w.seen)


# -- the hot seat and the demo ------------------------------------------------------------


def test_the_hot_seat_s_hint_and_bots_weigh_the_totals() -> None:
    match = match_at_end_game()
    obs, totals = match.game.observe(0), sheet(match)
    people = SkyjoSettings(players=2, levels=(), people=("Ann", "Bo"), seed=END_GAME_SEED)
    app, screen = start("nl", people, match)
    assert isinstance(screen, HotSeatScreen)
    click(app, "pass-ready")
    for _level in range(3):
        click(app, "hint")
    assert screen.controller.names[1] == "Bo"
    assert says(screen, "explain.skyjo.end_game", end_game_params(obs, totals)), \
        screen.hint_box.value
    with_bot = SkyjoSettings(players=3, levels=("strong",), people=("Ann", "Bo"), seed="2")
    fresh = Match(with_bot.rules(), seed="2")
    fresh.scores[:] = [50, 60, 70]  # as after some rounds: the sheet the bot reads
    _app, bots_screen = start("en", with_bot, fresh)
    assert [bot.totals() for bot in bots_screen.controller.bots.values()] == [(50, 60, 70)]
    assert list(bots_screen.controller.bots) == [2]


def test_the_demo_s_bots_and_narration_weigh_the_same_totals() -> None:
    assert SKYJO_DEMO.totals is None  # the demo plays a single round
    match = match_at_end_game()
    obs, totals = match.game.observe(0), sheet(match)
    in_match = SkyjoDemo(totals=totals)
    move = in_match.make_bot("strong", seed="x").choose_move(obs)
    told = in_match.narrate(obs, move, "strong")
    assert told.follows_hint
    assert any(code is Explain.END_GAME for code, _ in told.reasons)
    alone = SKYJO_DEMO.narrate(obs, SKYJO_DEMO.make_bot("strong", seed="x").choose_move(obs),
                               "strong")
    assert not any(code is Explain.END_GAME for code, _ in alone.reasons)
