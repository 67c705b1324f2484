"""Seeded random play-outs over every configuration (STYLE.md, tests layer 2).

Every configuration of ``CONFIGS`` plays its number of games, with seeds
0, 1, 2, …; the seed also picks the card faces, the dealer (fixed, or chosen by
drawing cards) and the policy.
Together they are ``PLANNED_GAMES`` (at least 10,000) games, all run by
``make test``. Checked in every game:

* after every move all 162 cards are accounted for (``card_count``), and
  ``all_cards() == DECK_COUNTS`` on sampled states and at the end;
* on sampled states: every legal move passes ``verify_move``/``can_move``,
  applies, keeps the 162 cards, and ``pop`` restores ``state_key()`` exactly;
  on some of them, every other move in the notation is refused;
* every move of ``DEEP_EVERY``-th game is pushed, popped and compared;
* every game ends within ``MAX_MOVES`` moves (won or drawn, ``SB-BLOCKED``);
* every ``REPLAY_EVERY``-th game is replayed from rules, seed, dealer and
  moves into an identical event list, then popped back to its first position.

The totals are printed when the module's tests are done.
Run only these with ``pytest tests/skipbo/engine/test_playouts.py``; skip them with
``-m "not slow"``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from skipbo_widgets.skipbo.engine import END_MOVE, Game, IllegalMove, Move, Reason, Rules
from skipbo_widgets.skipbo.engine.cards import DECK_COUNTS, DECK_SIZE, FACES, TOP_VALUE
from skipbo_widgets.skipbo.engine.events import GameDrawn, GameWon, Played, Recycled
from skipbo_widgets.skipbo.engine.game import game_points

MIN_GAMES = 10_000
MAX_MOVES = 5_000       # the longest game seen in 10,000 is under 2,000 moves
SAMPLE_RATE = 1 / 300   # states per move that get the every-legal-move check
UNIVERSE_SHARE = 1 / 5  # of those, the share that also tries every other move
DEEP_EVERY = 97         # every move of these games is pushed, popped and compared
REPLAY_EVERY = 11       # these games are replayed and popped back to the start
# (97 and 11 are prime to the 2 faces, 2 kinds of dealer and 5 policies that
# the seed picks, so the deep and replayed games cover every combination.)


@dataclass(frozen=True)
class Config:
    players: int
    stock_size: int
    games: int
    teams: bool = False
    seating: tuple[int, ...] = ()

    def rules(self, seed: int) -> Rules:
        return Rules(players=self.players, stock_size=self.stock_size, teams=self.teams,
                     faces=FACES[seed // 2 % len(FACES)], seating=self.seating)

    @property
    def id(self) -> str:
        teams = f"-teams{''.join(map(str, self.seating)) or '-default'}" if self.teams else ""
        return f"{self.players}p-stock{self.stock_size}{teams}"


# Every player count with every stock size class that fits (5, 10, 20, 30),
# custom sizes (7, 22), and teams of 4 and 6 with default and custom seating.
# Short games get more seeds (a long game costs as much as ten short ones);
# the long ones still play some 20,000 moves per configuration.
CONFIGS = [
    Config(2, 5, 2120), Config(2, 7, 1000), Config(2, 10, 500), Config(2, 20, 60),
    Config(2, 30, 60),
    Config(3, 5, 1600), Config(3, 10, 300), Config(3, 20, 60), Config(3, 30, 50),
    Config(4, 5, 800), Config(4, 10, 200), Config(4, 20, 50), Config(4, 30, 50),
    Config(5, 5, 500), Config(5, 10, 150), Config(5, 20, 50), Config(5, 22, 50),
    Config(6, 5, 500), Config(6, 7, 250), Config(6, 10, 120), Config(6, 20, 50),
    Config(6, 22, 50),
    Config(4, 5, 400, teams=True), Config(4, 10, 150, teams=True),
    Config(4, 30, 50, teams=True),
    Config(4, 7, 200, teams=True, seating=(0, 0, 1, 1)),
    Config(4, 20, 50, teams=True, seating=(1, 0, 0, 1)),
    Config(6, 5, 250, teams=True), Config(6, 10, 100, teams=True),
    Config(6, 20, 40, teams=True),
    Config(6, 7, 150, teams=True, seating=(0, 0, 1, 1, 2, 2)),
    Config(6, 22, 40, teams=True, seating=(2, 1, 1, 0, 2, 0)),
]
PLANNED_GAMES = sum(c.games for c in CONFIGS)


# -- policies: seeded, over legal_moves, and biased so that games end ------------

Policy = Callable[[list[Move], random.Random], Move]


def play_first(moves: list[Move], rng: random.Random) -> Move:
    """The first legal move: stock plays come first, then discard piles, then the hand."""
    return moves[0]


def eager(share: float) -> Policy:
    """A random play with probability ``share`` (if any), else any random legal move."""

    def policy(moves: list[Move], rng: random.Random) -> Move:
        plays = sum(1 for m in moves if m.target == "b")  # plays come first
        if plays and rng.random() < share:
            return moves[rng.randrange(plays)]
        return rng.choice(moves)

    return policy


def uniform(moves: list[Move], rng: random.Random) -> Move:
    """Uniformly random: long games, many of them blocked (``SB-BLOCKED``)."""
    return rng.choice(moves)


# Weighted towards the short games: play-first twice in five.
POLICIES: list[Policy] = [play_first, eager(0.9), play_first, eager(0.7), uniform]


def universe() -> list[Move]:
    """Every move the notation can name that touches a real pile, and one past each limit."""
    out = [END_MOVE]
    for partner in (False, True):
        sources = [("s", 0)] + [("d", i) for i in range(5)] + [("h", c) for c in range(13)]
        for source, index in sources:
            for target, pile in [("b", p) for p in range(5)] + [("d", p) for p in range(5)]:
                out.append(Move(source, partner, index, target, pile))  # type: ignore[arg-type]
    return out


UNIVERSE = universe()


# -- the checks -------------------------------------------------------------------


@dataclass
class Tally:
    configs: set[str] = field(default_factory=set)
    games: int = 0
    moves: int = 0
    won: int = 0
    drawn: int = 0
    longest: int = 0
    sampled_states: int = 0
    tried_moves: int = 0
    replays: int = 0
    seen: Counter[str] = field(default_factory=Counter)


TALLY = Tally()


def check_every_legal_move(game: Game, legal: list[Move], with_universe: bool) -> None:
    key = game.state_key()
    assert game.all_cards() == DECK_COUNTS
    assert len(set(legal)) == len(legal)
    for move in legal:
        game.verify_move(move)
        game.verify_move(move, by=game.current)
        assert game.can_move(move)
        n = len(game.events)
        events = game.push(move)
        assert events and events == game.events[n:]
        assert game.card_count() == DECK_SIZE
        assert game.pop() is move
        assert game.state_key() == key, move
    TALLY.tried_moves += len(legal)
    if with_universe:
        legal_set = set(legal)
        for move in UNIVERSE:
            if move not in legal_set:
                assert not game.can_move(move), move
                with pytest.raises(IllegalMove):
                    game.push(move)
        other = (game.current + 1) % game.rules.players
        assert not game.can_move(legal[0], by=other)
        TALLY.tried_moves += len(UNIVERSE)
        assert game.state_key() == key


def check_outcome(game: Game) -> None:
    outcome = game.outcome
    assert outcome is not None
    assert game.legal_moves() == []
    with pytest.raises(IllegalMove) as err:
        game.push(END_MOVE)
    assert err.value.reason is Reason.GAME_OVER
    last = game.events[-1]
    if outcome.is_draw:
        assert isinstance(last, GameDrawn) and outcome.points == 0
        assert game.idle_turns == game.rules.players
        return
    assert isinstance(last, GameWon) and last.winners == outcome.winners
    side = outcome.winners
    assert game.current in side
    assert side in game.rules.sides()
    assert not any(game.stocks[s] for s in side)
    left = sum(len(p) for s, p in enumerate(game.stocks) if s not in side)
    assert outcome.points == game_points(left)
    last_play = next(e for e in reversed(game.events) if isinstance(e, Played))
    assert last_play.source == "s" and last_play.owner in side and last_play.seat == game.current


def play_one(config: Config, seed: int) -> dict[str, Any]:
    rules = config.rules(seed)
    dealer = None if seed % 2 else seed % rules.players
    policy = POLICIES[seed % len(POLICIES)]
    rng = random.Random(f"policy/{config.id}/{seed}")
    sampler = random.Random(f"sample/{config.id}/{seed}")
    deep = seed % DEEP_EVERY == 0
    game = Game.new(rules, seed=seed, dealer=dealer)
    start_key = game.state_key()
    assert game.card_count() == DECK_SIZE and game.all_cards() == DECK_COUNTS
    moves: list[Move] = []
    while game.outcome is None:
        assert len(moves) < MAX_MOVES, f"{config.id} seed {seed}: no end after {MAX_MOVES} moves"
        legal = game.legal_moves()
        if sampler.random() < SAMPLE_RATE:
            check_every_legal_move(game, legal, sampler.random() < UNIVERSE_SHARE)
            TALLY.sampled_states += 1
        move = policy(legal, rng)
        if deep:
            key = game.state_key()
            game.push(move)
            assert game.pop() is move and game.state_key() == key
        game.push(move)
        moves.append(move)
        assert game.card_count() == DECK_SIZE
    assert game.all_cards() == DECK_COUNTS
    assert game.move_stack == moves
    check_outcome(game)

    if seed % REPLAY_EVERY == 0:
        replay = Game.new(rules, seed=seed, dealer=dealer)
        for move in moves:
            replay.push(move)
        assert replay.events == game.events
        assert replay.state_key() == game.state_key()
        while replay.move_stack:
            replay.pop()
        assert replay.state_key() == start_key
        TALLY.replays += 1

    TALLY.games += 1
    TALLY.moves += len(moves)
    TALLY.longest = max(TALLY.longest, len(moves))
    assert game.outcome is not None
    if game.outcome.is_draw:
        TALLY.drawn += 1
    else:
        TALLY.won += 1
    return {"moves": len(moves), "drawn": game.outcome.is_draw, "events": game.events}


def seen_in(events: list[Any]) -> set[str]:
    """Which rare situations a game reached, for the coverage check at the end."""
    seen = set()
    for e in events:
        if isinstance(e, Recycled):
            seen.add("recycled")
        elif isinstance(e, Played):
            if e.owner != e.seat:
                seen.add("partner_play")
            if e.card == 0 and e.value == TOP_VALUE:
                seen.add("wild_as_12")
        elif isinstance(e, GameWon) and len(e.winners) == 2:
            seen.add("team_won")
        elif isinstance(e, GameDrawn):
            seen.add("drawn")
    return seen


@pytest.fixture(scope="module", autouse=True)
def report(request: pytest.FixtureRequest) -> Any:
    yield
    t = TALLY
    if not t.games:
        return
    line = (
        f"play-outs: {t.games} games in {len(t.configs)} configurations "
        f"({t.won} won, {t.drawn} drawn; {t.moves} moves, longest {t.longest}); "
        f"{t.sampled_states} states with every legal move tried ({t.tried_moves} pushes "
        f"or refusals), {t.replays} replays"
    )
    plugins = request.config.pluginmanager
    reporter, capture = plugins.get_plugin("terminalreporter"), plugins.get_plugin("capturemanager")
    if reporter is None or capture is None:  # pragma: no cover
        print(line)
        return
    with capture.global_and_fixture_disabled():
        reporter.write_line("")
        reporter.write_line(line)


def test_plan_has_at_least_10000_games() -> None:
    assert PLANNED_GAMES >= MIN_GAMES
    assert len({c.id for c in CONFIGS}) == len(CONFIGS)
    for players in range(2, 7):
        fitting = [s for s in (5, 10, 20, 30) if players * (s + 5) <= DECK_SIZE]
        planned = {c.stock_size for c in CONFIGS if c.players == players and not c.teams}
        assert set(fitting) <= planned, players


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.id)
def test_playouts(config: Config) -> None:
    lengths = []
    for seed in range(config.games):
        result = play_one(config, seed)
        lengths.append(result["moves"])
        TALLY.seen.update(seen_in(result["events"]))
    TALLY.configs.add(config.id)
    assert min(lengths) > 0


@pytest.mark.slow
def test_playouts_reached_the_rare_rules() -> None:
    """A play-out that never recycles or blocks would test far less than it claims."""
    if len(TALLY.configs) < len(CONFIGS):
        pytest.skip("only part of the play-outs ran")
    assert TALLY.games == PLANNED_GAMES
    for what in ("recycled", "partner_play", "wild_as_12", "team_won", "drawn"):
        assert TALLY.seen[what] > 0, what
