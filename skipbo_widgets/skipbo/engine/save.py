"""Save files: versioned JSON for a game or a match in progress.

Cards are written in the project's notation (``"1 2 W"``), every pile from the
bottom card to the top card; ``docs/notation.md`` describes every field. A
file may be written by hand: only ``format``, ``version`` and ``seats`` are
required, and ``"draw_pile": "rest"`` (the default) deals every card not named
elsewhere into the draw pile, shuffled from ``seed``. The position itself is
validated by :func:`~skipbo_widgets.skipbo.engine.position.from_position`.

Loading any input either gives a valid game (or match) or raises
:class:`SaveError` with a ``SAVE_…`` reason code; it never uses pickle or eval.
The random generator's state is saved too, so a loaded game goes on exactly
as the original would have (the same recycle shuffles).

>>> from skipbo_widgets.skipbo.engine import Game, Rules
>>> game = Game.new(Rules(players=2, stock_size=5), seed=3)
>>> loaded = loads_game(dumps_game(game))
>>> loaded.position_key() == game.position_key()   # a loaded game has no events or undo
True
>>> loads_game('{"format": "skipbo-widgets/game", "version": 9}')
Traceback (most recent call last):
...
skipbo_widgets.core.errors.SaveError: save_bad_version(supported=[1], version=9)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from ...core.jsonfile import MAX_BYTES, MAX_DEPTH, check_header, parse_json
from ...core.rng import parse_rng, rng_text
from ...core.savefile import as_save_error as _as_save_error
from ...core.savefile import bad_field as _bad_field
from ...core.savefile import check_keys as _check_keys
from ...core.savefile import dumps as _dumps
from ...core.savefile import field as _field
from .cards import Card, cards_text, parse_cards
from .errors import NotationError, Reason, RulesError, SaveError
from .game import Game
from .match import MATCH_TARGET, Match
from .outcome import Outcome, game_points
from .position import from_position
from .rules import Rules, is_int

GAME_FORMAT = "skipbo-widgets/game"
MATCH_FORMAT = "skipbo-widgets/match"
VERSION = 1
#: The largest file read, in UTF-8 bytes: the core's limit for every file (as is
#: ``MAX_DEPTH``; a valid game file nests at most 5 deep).
MAX_SAVE_SIZE = MAX_BYTES
REST = "rest"

_HEADER = ("format", "version")
_RULES_KEYS: dict[str, type | Callable[[Any], bool]] = {
    "players": is_int, "stock_size": is_int, "teams": bool, "faces": str, "seating": list,
}
_BODY_KEYS = ("seed", "current", "dealer", "turn", "moved", "idle_turns", "drawn",
              "draw_pile", "completed", "building", "seats", "rng")
_SEAT_KEYS = ("stock", "hand", "discards")
_MATCH_KEYS = ("rules", "target", "seed", "scores", "results", "scored", "game")


# -- writing -------------------------------------------------------------------


def game_to_dict(game: Game) -> dict[str, Any]:
    """A game as a JSON-friendly dict (the inverse of :func:`game_from_dict`)."""
    d: dict[str, Any] = {"format": GAME_FORMAT, "version": VERSION,
                         "rules": game.rules.to_dict()}
    d.update(_body_to_dict(game))
    return d


def dumps_game(game: Game) -> str:
    """A game as the text of a save file."""
    return _dumps(game_to_dict(game))


def match_to_dict(match: Match) -> dict[str, Any]:
    """A match as a JSON-friendly dict; its current game is nested under ``"game"``."""
    return {
        "format": MATCH_FORMAT,
        "version": VERSION,
        "rules": match.rules.to_dict(),
        "target": match.target,
        "seed": match.seed,
        "scores": list(match.scores),
        "results": [{"winners": list(o.winners), "points": o.points} for o in match.results],
        "scored": match.scored,
        "game": _body_to_dict(match.game),
    }


def dumps_match(match: Match) -> str:
    """A match as the text of a save file."""
    return _dumps(match_to_dict(match))


def _body_to_dict(game: Game) -> dict[str, Any]:
    return {
        "seed": game.seed,
        "current": game.current,
        "dealer": game.dealer,
        "turn": game.turn,
        "moved": game.moved,
        "idle_turns": game.idle_turns,
        "drawn": game.outcome is not None and game.outcome.is_draw,
        "draw_pile": cards_text(game.draw_pile),
        "completed": cards_text(game.completed),
        "building": [cards_text(p) for p in game.building],
        "seats": [
            {
                "stock": cards_text(game.stocks[s]),
                "hand": cards_text(game.hand_cards(s)),
                "discards": [cards_text(p) for p in game.discards[s]],
            }
            for s in range(game.rules.players)
        ],
        "rng": rng_text(game.rng),
    }


# -- reading -------------------------------------------------------------------


def loads_game(data: str | bytes | bytearray) -> Game:
    """The game in a save file; raises :class:`SaveError` for anything else."""
    return game_from_dict(_parse(data))


def loads_match(data: str | bytes | bytearray) -> Match:
    """The match in a save file; raises :class:`SaveError` for anything else."""
    return match_from_dict(_parse(data))


def game_from_dict(d: Any) -> Game:
    """Inverse of :func:`game_to_dict`; optional fields may be left out."""
    check_header(d, [GAME_FORMAT], VERSION)
    _check_keys(d, {*_HEADER, "rules", *_BODY_KEYS}, {*_HEADER, "seats"}, "")
    rules = _rules(d.get("rules", {}))
    return _body_from_dict(d, rules, "", 0)


def match_from_dict(d: Any) -> Match:
    """Inverse of :func:`match_to_dict`; optional fields may be left out."""
    check_header(d, [MATCH_FORMAT], VERSION)
    _check_keys(d, {*_HEADER, *_MATCH_KEYS}, {*_HEADER, "game"}, "")
    rules = _rules(d.get("rules", {}))
    target = _field(d, "target", is_int, MATCH_TARGET, "target")
    seed = _field(d, "seed", _is_seed, 0, "seed")
    scored = _field(d, "scored", bool, False, "scored")
    results = [_outcome(r, rules, f"results[{i}]")
               for i, r in enumerate(_field(d, "results", list, [], "results"))]
    body = _field(d, "game", dict, None, "game")
    _check_keys(body, set(_BODY_KEYS), {"seats"}, "game.")
    index = len(results) - 1 if scored else len(results)
    game = _body_from_dict(body, rules, "game.", seed if index <= 0 else f"{seed}/{index}")
    try:
        match = Match(rules, seed=seed, target=target)
    except RulesError as err:
        raise _as_save_error(err, "seed" if err.reason is Reason.BAD_SEED else "target") from None
    scores = [0] * len(match.sides)
    for i, outcome in enumerate(results):
        if outcome.winners:
            scores[match.side_of(outcome.winners[0])] += outcome.points
        if i < index and max(scores) >= target:
            raise SaveError(Reason.SAVE_INCONSISTENT, what="results")
    written = _field(d, "scores", list, scores, "scores")
    if not all(map(is_int, written)):
        raise _bad_field("scores", "type")
    if written != scores:
        raise SaveError(Reason.SAVE_INCONSISTENT, what="scores")
    if scored and not (results and results[-1] == game.outcome):
        raise SaveError(Reason.SAVE_INCONSISTENT, what="scored")
    match.game, match.scores, match.results, match.scored = game, scores, results, scored
    return match


def _parse(data: Any) -> Any:
    return parse_json(data, max_bytes=MAX_SAVE_SIZE, max_depth=MAX_DEPTH)




def _is_seed(value: Any) -> bool:
    return is_int(value) or isinstance(value, str)


def _rules(d: Any) -> Rules:
    if not isinstance(d, dict):
        raise _bad_field("rules", "type")
    _check_keys(d, set(_RULES_KEYS), set(), "rules.")
    for key, kind in _RULES_KEYS.items():
        _field(d, key, kind, None, f"rules.{key}")
    if not all(map(is_int, d.get("seating", []))):
        raise _bad_field("rules.seating", "type")
    try:
        return Rules.from_dict(d)
    except RulesError as err:
        raise _as_save_error(err, "rules") from None


def _cards(d: Mapping[str, Any], key: str, path: str) -> list[Card]:
    return _parsed_cards(_field(d, key, str, "", path), path)


def _parsed_cards(text: Any, path: str) -> list[Card]:
    if not isinstance(text, str):
        raise _bad_field(path, "type")
    try:
        return parse_cards(text)
    except NotationError as err:
        raise _as_save_error(err, path) from None


def _piles(d: Mapping[str, Any], key: str, path: str) -> list[list[Card]]:
    texts = _field(d, key, list, [], path)
    return [_parsed_cards(text, f"{path}[{i}]") for i, text in enumerate(texts)]


def _body_from_dict(d: dict[str, Any], rules: Rules, path: str, default_seed: int | str
                    ) -> Game:
    seats = _field(d, "seats", list, [], path + "seats")
    stocks: list[list[Card]] = []
    hands: list[list[Card]] = []
    discards: list[list[list[Card]]] = []
    for i, seat in enumerate(seats):
        where = f"{path}seats[{i}]"
        if not isinstance(seat, dict):
            raise _bad_field(where, "type")
        _check_keys(seat, set(_SEAT_KEYS), {"stock"}, where + ".")
        stocks.append(_cards(seat, "stock", where + ".stock"))
        hands.append(_cards(seat, "hand", where + ".hand"))
        discards.append(_piles(seat, "discards", where + ".discards"))
    rest = d.get("draw_pile", REST) == REST
    rng = _field(d, "rng", str, None, path + "rng")
    position = {
        "building": _piles(d, "building", path + "building"),
        "completed": _cards(d, "completed", path + "completed"),
        "draw_pile": None if rest else _cards(d, "draw_pile", path + "draw_pile"),
        "current": _field(d, "current", is_int, 0, path + "current"),
        "dealer": _field(d, "dealer", is_int, None, path + "dealer"),
        "turn": _field(d, "turn", is_int, 1, path + "turn"),
        "moved": _field(d, "moved", bool, False, path + "moved"),
        "idle_turns": _field(d, "idle_turns", is_int, 0, path + "idle_turns"),
        "drawn": _field(d, "drawn", bool, False, path + "drawn"),
        "seed": _field(d, "seed", _is_seed, default_seed, path + "seed"),
    }
    try:
        state = None if rng is None else parse_rng(rng)
        return from_position(rules, stocks=stocks, hands=hands, discards=discards,
                             rng_state=state, **position)
    except SaveError as err:
        raise _renamed(err, path) from None


_POSITION_FIELD = re.compile(r"(stocks|hands|discards)(\[\d+\])?")
_SEAT_FIELD = {"stocks": "stock", "hands": "hand", "discards": "discards"}


def _renamed(err: SaveError, path: str) -> SaveError:
    """``from_position`` names its arguments; a save file's reader wants the file's names."""
    field = err.params.get("field")
    if not isinstance(field, str):
        return err
    found = _POSITION_FIELD.fullmatch(field)
    if found:
        seat = found.group(2)
        field = f"seats{seat}.{_SEAT_FIELD[found.group(1)]}" if seat else "seats"
    return SaveError(err.reason, **{**err.params, "field": path + field})


def _outcome(d: Any, rules: Rules, path: str) -> Outcome:
    if not isinstance(d, dict):
        raise _bad_field(path, "type")
    _check_keys(d, {"winners", "points"}, {"winners", "points"}, path + ".")
    winners = _field(d, "winners", list, [], path + ".winners")
    points = _field(d, "points", is_int, 0, path + ".points")
    if not all(map(is_int, winners)):
        raise _bad_field(path + ".winners", "type")
    outcome = Outcome(tuple(winners), points)
    if not winners:
        valid = points == 0
    else:
        others = rules.players - len(winners)
        valid = outcome.winners in rules.sides() and points in {
            game_points(k) for k in range(others * rules.stock_size + 1)}
    if not valid:
        raise SaveError(Reason.SAVE_INCONSISTENT, what=path)
    return outcome
