"""Race: a minimal third card game that lives only under tests/ (issue 22's proof).

The engine on the core protocol: a deck of 1-9 twice, three cards each, a turn is
``play N`` (a hand card onto the pile) or ``draw`` (while the deck lasts, the turn
passes); whoever empties their hand first wins. Then everything the app asks of a
game, none of it in a shared file: a settings class, a table adapter with a
minimal table, the game screen's and the demo's adapters, and one ``GameUI``
registered by the test (:func:`register_race`).
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar

import traitlets

from skipbo_widgets.core.errors import IllegalMove, NotationError, RulesError, SaveError
from skipbo_widgets.core.match import Match
from skipbo_widgets.core.protocol import GameBase, UndoRecord, undo_calls
from skipbo_widgets.games import GameKind
from skipbo_widgets.widgets.page.page import PageWidget
from skipbo_widgets.widgets.registry import GameUI, register, unregister
from skipbo_widgets.widgets.shell.settings import Settings, deal_number
from skipbo_widgets.widgets.table.log import LogLine
from skipbo_widgets.widgets.table.table import parse_request
from skipbo_widgets.widgets.table.table_game import Say

GAME_ID = "race"
FORMAT = "race/game"


class Reason(str, Enum):
    NOTHING_TO_UNDO = "nothing_to_undo"
    NOT_YOUR_TURN = "not_your_turn"
    NOT_IN_HAND = "not_in_hand"
    DECK_EMPTY = "deck_empty"
    GAME_OVER = "game_over"
    BAD_NOTATION = "bad_notation"
    BAD_PLAYERS = "bad_players"
    BAD_SEED = "bad_seed"
    SAVE_BAD_FIELD = "save_bad_field"
    SAVE_INCONSISTENT = "save_inconsistent"
    BAD_TARGET_SCORE = "bad_target_score"
    MATCH_OVER = "match_over"
    GAME_NOT_OVER = "game_not_over"


# -- the engine ---------------------------------------------------------------

@dataclass(frozen=True)
class Move:
    card: int | None  # None: draw

    @classmethod
    def parse(cls, text: str) -> Move:
        if text == "draw":
            return cls(None)
        kind, _, value = text.partition(" ")
        if kind != "play" or not value.isdigit() or not 1 <= int(value) <= 9:
            raise NotationError(Reason.BAD_NOTATION, text=text)
        return cls(int(value))

    def __str__(self) -> str:
        return "draw" if self.card is None else f"play {self.card}"


@dataclass(frozen=True)
class Rules:
    players: int = 2

    def __post_init__(self) -> None:
        if self.players not in range(2, 5):
            raise RulesError(Reason.BAD_PLAYERS, players=self.players)


@dataclass(frozen=True)
class Outcome:
    winner: int


@dataclass(frozen=True)
class Observation:
    seat: int
    current: int
    hand: tuple[int, ...]
    counts: tuple[int, ...]
    deck: int
    top: int | None
    outcome: Outcome | None


@dataclass
class Race(GameBase[Move]):
    rules: Rules
    seed: int | str
    deck: list[int]
    hands: list[list[int]]
    pile: list[int] = field(default_factory=list)
    current: int = 0
    turn: int = 1
    outcome: Outcome | None = None
    events: list[Any] = field(default_factory=list)
    _undo: list[UndoRecord[Move]] = field(default_factory=list)

    @classmethod
    def new(cls, rules: Rules | None = None, *, seed: int | str | None = None) -> Race:
        rules = rules or Rules()
        seed = random.Random().randrange(10**9) if seed is None else seed
        deck = [v for v in range(1, 10) for _ in range(2)]
        random.Random(str(seed)).shuffle(deck)
        hands = [[deck.pop() for _ in range(3)] for _ in range(rules.players)]
        return cls(rules, seed, deck, hands)

    def legal_moves(self) -> list[Move]:
        if self.outcome is not None:
            return []
        moves = [Move(v) for v in sorted(set(self.hands[self.current]))]
        return moves + ([Move(None)] if self.deck else [])

    def verify_move(self, move: Any, by: int | None = None) -> None:
        if self.outcome is not None:
            raise IllegalMove(Reason.GAME_OVER)
        if by is not None and by != self.current:
            raise IllegalMove(Reason.NOT_YOUR_TURN)
        if move.card is None and not self.deck:
            raise IllegalMove(Reason.DECK_EMPTY)
        if move.card is not None and move.card not in self.hands[self.current]:
            raise IllegalMove(Reason.NOT_IN_HAND, card=move.card)

    def push(self, move: Any, by: int | None = None) -> list[Any]:
        self.verify_move(move, by)
        start, seat, hand = len(self.events), self.current, self.hands[self.current]
        ops: list[tuple[Any, ...]] = [(setattr, self, "current", seat),
                                      (setattr, self, "turn", self.turn)]
        if move.card is None:
            hand.append(self.deck.pop())
            ops += [(self.deck.append, hand[-1]), (hand.pop,)]
            self.events.append(("drew", seat))
        else:
            place = hand.index(move.card)
            del hand[place]
            self.pile.append(move.card)
            ops += [(hand.insert, place, move.card), (self.pile.pop,)]
            self.events.append(("played", seat, move.card))
        if not hand:
            self.outcome = Outcome(seat)
            ops.append((setattr, self, "outcome", None))
        else:
            self.current, self.turn = (seat + 1) % self.rules.players, self.turn + 1
        self._undo.append(UndoRecord(move, start, ops))
        return self.events[start:]

    def pop(self) -> Move:
        record = self._last_record()
        undo_calls(record.ops)
        del self.events[record.start:]
        return record.move

    def copy(self) -> Race:
        return Race(self.rules, self.seed, list(self.deck), [list(h) for h in self.hands],
                    list(self.pile), self.current, self.turn, self.outcome, list(self.events),
                    list(self._undo))

    def state_key(self) -> tuple[Any, ...]:
        return (tuple(self.deck), tuple(map(tuple, self.hands)), tuple(self.pile),
                self.current, self.outcome)

    def position_key(self) -> tuple[Any, ...]:
        return self.state_key()

    def observe(self, seat: int) -> Observation:
        return Observation(seat, self.current, tuple(self.hands[seat]),
                           tuple(len(h) for h in self.hands), len(self.deck),
                           self.pile[-1] if self.pile else None, self.outcome)


Race.move_type, Race.reasons = Move, Reason


class RaceMatch(Match[Race, Outcome]):
    """One game (the app's single game), scored 1 for the winner."""

    reasons = Reason

    def __init__(self, rules: Rules, *, seed: int | str | None = None) -> None:
        self.rules = rules
        super().__init__(1, rules.players)
        self.game = Race.new(rules, seed=seed)
        self.seed = self.game.seed

    def round_points(self, outcome: Outcome) -> list[int]:
        return [int(seat == outcome.winner) for seat in range(self.rules.players)]

    def new_round(self) -> Race:
        return Race.new(self.rules, seed=f"{self.seed}/{len(self.results)}")


def dumps_game(game: Race) -> dict[str, Any]:
    return {"format": FORMAT, "version": 1, "players": game.rules.players, "seed": game.seed,
            "moves": [str(m) for m in game.move_stack]}


def game_from_dict(d: Any) -> Race:
    try:
        game = Race.new(Rules(players=d["players"]), seed=d["seed"])
        for text in d["moves"]:
            game.push_text(text)
    except (KeyError, TypeError, RulesError, IllegalMove, NotationError):
        raise SaveError(Reason.SAVE_BAD_FIELD, field="game") from None
    return game


# -- the app's adapters --------------------------------------------------------

class RaceBot:
    def choose_move(self, obs: Observation) -> Move:
        return Move(min(obs.hand))


KIND = GameKind(id=GAME_ID, name="Race", min_players=2, max_players=4,
                bot_levels=("beginner", "medium"), rules=Rules, new_game=Race.new,
                save_formats=(FORMAT,))


@dataclass(frozen=True)
class RaceSettings(Settings):
    players: int = 2
    levels: tuple[str, ...] = ("medium",)
    match: bool = False
    seed: str = ""
    practice: bool = False
    hints: bool = True
    people: tuple[str, ...] = ()
    kind: ClassVar[GameKind] = KIND
    switches: ClassVar[tuple[str, ...]] = ("match", "practice", "hints")
    reasons: ClassVar[Any] = Reason

    def rules(self) -> Rules:
        return Rules(players=self.players)

    def new_match(self) -> RaceMatch:
        return RaceMatch(self.rules(), seed=self.match_seed())

    def query_params(self) -> dict[str, str]:
        return {}

    @classmethod
    def from_query(cls, one: Callable[[str, str], str],
                   number: Callable[[str, str], int | str], deal: str) -> RaceSettings:
        rules = Rules(players=number("players", "2"))  # type: ignore[arg-type]
        return cls(players=rules.players, levels=("medium",) * (rules.players - 1), seed=deal)

    @staticmethod
    def dump_match(match: Any) -> dict[str, Any]:
        return dumps_game(match.game)

    def load_match(self, d: Any) -> RaceMatch:
        game = game_from_dict(d)
        match = RaceMatch(game.rules, seed=game.seed)
        match.game = game
        return match

    @classmethod
    def open_file(cls, d: dict[str, Any], kind: str) -> tuple[RaceSettings, RaceMatch]:
        game = game_from_dict(d)
        match = RaceMatch(game.rules, seed=game.seed)
        match.game = game
        return cls(players=game.rules.players, levels=("medium",) * (game.rules.players - 1),
                   seed=deal_number(game.seed)), match

    @staticmethod
    def deals(game: Any) -> list[Callable[[], Any]]:
        return [lambda: Race.new(game.rules, seed=game.seed)]


class RaceTable(PageWidget):
    """The minimal table: the view as text, nothing to click (a test sends requests)."""

    _esm = "export default { render({ model, el }) { el.textContent = '' } }"
    view = traitlets.Dict().tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._handlers: list[Callable[[dict[str, str]], object]] = []
        self.on_msg(lambda _w, content, _b: [h(parse_request(content)) for h in self._handlers])

    def on_request(self, handler: Callable[[dict[str, str]], object]) -> None:
        self._handlers.append(handler)


class RaceTableGame:
    id = GAME_ID
    private: ClassVar[dict[str, Any]] = {"hand": []}

    def plays(self, game: Any) -> bool:
        return isinstance(game, Race)

    def new_table(self) -> RaceTable:
        return RaceTable()

    def observe(self, game: Race, seat: int) -> Observation:
        return game.observe(seat)

    def parse(self, text: str) -> Move:
        return Move.parse(text)

    def view(self, obs: Observation, *, names: Sequence[str], tr: Callable[..., str],
             lang: str, interactive: bool, status: str, status_kind: str,
             highlight: Sequence[str]) -> dict[str, Any]:
        return {"lang": lang, "me": obs.seat, "current": obs.current, "hand": list(obs.hand),
                "counts": list(obs.counts), "deck": obs.deck, "top": obs.top,
                "names": list(names), "interactive": interactive, "status": status,
                "status_kind": status_kind, "highlight": list(highlight)}

    def explain(self, err: Any, move: Any, obs: Any, *, lang: str, names: Sequence[str]) -> str:
        return str(err)

    def answer(self, obs: Any, request: Any, *, interactive: bool, keeps_message: bool) -> Say:
        return Say("status.cannot_undo")

    def revealed(self, events: list[Any]) -> bool:
        return any(event[0] == "drew" for event in events)

    def turn_started(self, game: Race) -> bool:
        return True  # a turn is one move

    def lit(self, move: Any) -> tuple[str, ...]:
        return () if move is None else (str(move),)

    def bounce(self, move: Any, before: Any) -> None:
        return None


class RaceLog:
    def __init__(self) -> None:
        self.lines: list[LogLine] = []

    def add(self, events: Sequence[Any]) -> None:
        self.lines += [LogLine(str(e), e[1], len(self.lines)) for e in events]

    def rebuild(self, events: Sequence[Any]) -> None:
        self.lines = []
        self.add(events)


class RaceCoach:
    def hint_html(self, obs: Observation, position: object, *, lang: str,
                  names: Sequence[str]) -> tuple[str, Any]:
        move = RaceBot().choose_move(obs)
        return f"<p>{html.escape(str(move))}</p>", move

    def shown_html(self, obs: Any, *, lang: str, names: Sequence[str]) -> str:
        return ""


class RacePlay:
    id = GAME_ID

    def bots(self, levels: Sequence[str], seed: object) -> dict[int, RaceBot]:
        return {seat: RaceBot() for seat, _ in enumerate(levels, start=1)}

    def new_log(self, game: Race, *, lang: str, names: Sequence[str]) -> RaceLog:
        log = RaceLog()
        log.rebuild(game.events)
        return log

    def new_coach(self) -> RaceCoach:
        return RaceCoach()

    def review_html(self, steps: Sequence[Any], *, lang: str, names: Sequence[str]) -> str:
        return ""

    def score_html(self, match: Any, *, whole: bool, tr: Callable[..., str]) -> str:
        return ""

    def end_text(self, game: Race, *, tr: Callable[..., str], me: int = 0) -> str:
        if game.outcome is None:
            return ""
        return tr("ui.game_won", winner=[game.outcome.winner], points=0)

    def winners(self, match: Any) -> list[int]:
        return list(match.leaders)

    def match_won(self, match: Any, winners: list[int], *, tr: Callable[..., str],
                  me: int = 0) -> str:
        return tr("end.match_won", winner=winners)


class RaceDemo:
    id = GAME_ID
    levels = KIND.bot_levels

    def make_bot(self, level: str, seed: str) -> RaceBot:
        return RaceBot()

    def narrate(self, obs: Observation, move: Move, level: str) -> Move:
        return move

    def narration_html(self, obs: Any, told: Any, events: Sequence[Any], *, lang: str,
                       names: Sequence[str]) -> str:
        return f"<p>{html.escape(str(told))}</p>"

    def guess_html(self, steps: Sequence[Any], *, lang: str, names: Sequence[str],
                   taken_back: bool = False) -> str:
        return f"<p>{html.escape(str(steps[-1][1]))}</p>"

    def rest_of_guess(self, move: Any) -> None:
        return None

    def retell(self, view: dict[str, Any], obs: Any, *, tr: Callable[..., str],
               names: Sequence[str]) -> dict[str, Any]:
        return view


class RaceFields:
    """Race has no fields of its own."""

    mode_keys = ("setup.mode.single", "setup.mode.match")
    def __init__(self, form: Any, initial: Any) -> None:
        self.left: list[Any] = []
        self.right: list[Any] = []
        self.linked: list[Any] = []
        self.shaping: list[Any] = []

    def update(self, n: int) -> None:
        pass

    def values(self) -> dict[str, Any]:
        return {}


UI = GameUI(kind=KIND, settings=RaceSettings, table=RaceTableGame(), play=RacePlay(),
            demo=RaceDemo(), practice=RaceSettings(practice=True),
            setup_fields=RaceFields, title_key="app.title.race", intro_key="home.intro.race",
            hot_seat_detail_key="home.hot_seat_detail.race")


def register_race() -> None:
    register(UI)


def unregister_race() -> None:
    unregister(GAME_ID)
