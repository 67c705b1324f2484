"""Save files of Skyjo: versioned JSON for a round or a match in progress.

A grid is written as its three rows, columns a to d from left to right: a
face-up card is its value, a face-down card its value in brackets, a cleared
place ``x``. Piles are cards bottom first. Only ``format``, ``version``,
``phase``, ``discard`` and ``seats`` are required; ``"draw_pile": "rest"`` (the
default) deals every card not named elsewhere into the draw pile, shuffled
from ``seed``. Every file goes through the shared parser and envelope
(:mod:`skipbo_widgets.core.savefile`); anything that is not a valid round raises
:class:`SaveError` with a reason code.

>>> from skipbo_widgets.skyjo.engine import Round
>>> r = Round.new(seed=3)
>>> loads_round(dumps_round(r)).position_key() == r.position_key()
True
>>> grid_rows([(5, True), (-2, False), None] * 4)
['5 5 5 5', '(-2) (-2) (-2) (-2)', 'x x x x']
>>> parse_grid(['1 2 3 4', '(5) (6) (7) (8)', 'x x x x'])[:4]
[(1, True), (5, False), None, (2, True)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core import savefile
from ...core.errors import GameError, SaveReason
from ...core.jsonfile import check_header, parse_json
from ...core.rng import parse_rng, rng_text
from ...core.savefile import (
    MAX_MATCH_SEED_LENGTH,
    as_save_error,
    bad_field,
    check_keys,
    field,
    is_int,
    is_seed,
)
from .cards import Card, parse_card
from .errors import NotationError, Reason, RulesError, SaveError
from .game import Outcome, Round, score_round
from .match import Match
from .position import Slot, from_position
from .rules import (
    COLUMNS,
    DOUBLINGS,
    GRID,
    HIGHEST_SCORE,
    LOWEST_SCORE,
    MATCH_TARGET,
    ROWS,
    Rules,
)

ROUND_FORMAT = "skipbo-widgets/skyjo-round"
MATCH_FORMAT = "skipbo-widgets/skyjo-match"
VERSION = 1
REST = "rest"
_BODY_KEYS = ("seed", "rng", "phase", "current", "turn", "starter", "first", "ender", "drawn",
              "draw_pile", "discard", "seats")
_MATCH_KEYS = ("rules", "target", "seed", "scores", "results", "scored", "round")


# -- writing -------------------------------------------------------------------


def grid_rows(slots: Sequence[Slot]) -> list[str]:
    """A grid (places a1 a2 a3 b1 …) as three rows of text."""
    def token(slot: Slot) -> str:
        return "x" if slot is None else str(slot[0]) if slot[1] else f"({slot[0]})"
    return [" ".join(token(slots[c * ROWS + row]) for c in range(COLUMNS)) for row in range(ROWS)]


def round_to_dict(r: Round) -> dict[str, Any]:
    """A round as a JSON-friendly dict (the inverse of :func:`round_from_dict`)."""
    return {"format": ROUND_FORMAT, "version": VERSION, "rules": r.rules.to_dict(),
            **_body(r)}


def dumps_round(r: Round) -> str:
    """A round as the text of a save file."""
    return savefile.dumps(round_to_dict(r))


def match_to_dict(m: Match) -> dict[str, Any]:
    return {
        "format": MATCH_FORMAT, "version": VERSION, "rules": m.rules.to_dict(),
        "target": m.target, "seed": m.seed, "scores": list(m.scores),
        "results": [{"scores": list(o.scores), "ender": o.ender, "doubled": o.doubled}
                    for o in m.results],
        "scored": m.scored, "round": _body(m.game),
    }


def dumps_match(m: Match) -> str:
    """A match as the text of a save file."""
    return savefile.dumps(match_to_dict(m))


def _body(r: Round) -> dict[str, Any]:
    return {
        "seed": r.seed, "rng": rng_text(r.rng), "phase": r.phase, "current": r.current,
        "turn": r.turn, "starter": r.starter, "first": r.first, "ender": r.ender,
        "drawn": r.drawn, "draw_pile": _cards_text(r.draw_pile),
        "discard": _cards_text(r.discard),
        "seats": [{"grid": grid_rows([None if c is None else (c, up)
                                      for c, up in zip(grid, ups, strict=True)])}
                  for grid, ups in zip(r.grids, r.face_up, strict=True)],
    }


def _cards_text(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards))


# -- reading -------------------------------------------------------------------


def loads_round(data: str | bytes | bytearray) -> Round:
    """The round in a save file; raises :class:`SaveError` for anything else."""
    return round_from_dict(parse_json(data))


def loads_match(data: str | bytes | bytearray) -> Match:
    """The match in a save file; raises :class:`SaveError` for anything else."""
    return match_from_dict(parse_json(data))


def round_from_dict(d: Any) -> Round:
    _check_envelope(d, ROUND_FORMAT)
    check_keys(d, {"format", "version", "rules", *_BODY_KEYS}, {"phase", "discard", "seats"}, "")
    return _round(d, _rules(d.get("rules", {})), "", 0)


def match_from_dict(d: Any, *, one_round: bool = False) -> Match:
    """Inverse of :func:`match_to_dict`. ``one_round``: the match holds a single round
    opened from a round file (a session of one round), whose starter is the round's own."""
    _check_envelope(d, MATCH_FORMAT)
    check_keys(d, {"format", "version", *_MATCH_KEYS}, {"round"}, "")
    rules = _rules(d.get("rules", {}))
    target = field(d, "target", is_int, MATCH_TARGET, "target")
    seed = field(d, "seed", _is_seed_type, 0, "seed")
    if not is_seed(seed, MAX_MATCH_SEED_LENGTH):
        raise bad_field("seed", "value")
    scored = field(d, "scored", bool, False, "scored")
    results = [_outcome(o, rules, f"results[{i}]")
               for i, o in enumerate(field(d, "results", list, [], "results"))]
    body = field(d, "round", dict, None, "round")
    check_keys(body, set(_BODY_KEYS), {"phase", "discard", "seats"}, "round.")
    done = len(results) - 1 if scored else len(results)  # the finished rounds before this one
    # SJ-FIRST: a later round is started by the seat that ended the one before it,
    # and is dealt from the match's seed as Match.new_round deals it. (A first round
    # may have a seed of its own: the app opens a round file as a match of one round.)
    starter = results[done - 1].ender if done > 0 else None
    if done > 0 or not one_round:
        if body.get("starter", starter) != starter or isinstance(body.get("starter"), bool):
            raise SaveError(Reason.SAVE_INCONSISTENT, what="round.starter")
        body = {**body, "starter": starter}
    round_seed = seed if done <= 0 else f"{seed}/{done}"
    if done > 0 and body.get("seed", round_seed) != round_seed:
        raise SaveError(Reason.SAVE_INCONSISTENT, what="round.seed")
    r = _round(body, rules, "round.", round_seed)
    try:
        m = Match(rules, seed=seed, target=target)
    except RulesError as err:
        raise as_save_error(err, "target") from None
    m.restore(results, r, scored)
    written = field(d, "scores", list, m.scores, "scores")
    if not all(map(is_int, written)):
        raise bad_field("scores", "type")
    if written != m.scores:
        raise SaveError(Reason.SAVE_INCONSISTENT, what="scores")
    return m


def _is_seed_type(value: Any) -> bool:
    return is_int(value) or isinstance(value, str)


def _check_envelope(d: Any, expected: str) -> None:
    try:
        check_header(d, [expected], VERSION)
    except SaveError as err:
        raise _as_skyjo(err) from None


def _as_skyjo(err: SaveError) -> SaveError:
    """The core names a wrong format for any game; say it is not a Skyjo file."""
    if err.reason == SaveReason.BAD_FORMAT:
        return SaveError(Reason.SAVE_BAD_FORMAT, **err.params)
    return err


def _rules(d: Any) -> Rules:
    if not isinstance(d, dict):
        raise bad_field("rules", "type")
    check_keys(d, {"players", "doubling"}, set(), "rules.")
    players = field(d, "players", is_int, 2, "rules.players")
    doubling = field(d, "doubling", lambda v: v in DOUBLINGS, "always", "rules.doubling")
    try:
        return Rules(players, doubling)
    except RulesError as err:
        raise as_save_error(err, "rules") from None


def _card(text: Any, path: str) -> Card:
    if not isinstance(text, str):
        raise bad_field(path, "type")
    try:
        return parse_card(text)
    except NotationError as err:
        raise as_save_error(err, path) from None


def _cards(d: Mapping[str, Any], key: str, path: str) -> list[Card]:
    text = field(d, key, str, "", path)
    return [_card(t, path) for t in text.split()]


def parse_grid(rows: Any, path: str = "grid") -> list[Slot]:
    """Inverse of :func:`grid_rows`; raises :class:`SaveError` naming ``path``."""
    if not (isinstance(rows, list) and len(rows) == ROWS
            and all(isinstance(row, str) for row in rows)):
        raise bad_field(path, "size")
    tokens = [row.split() for row in rows]
    if any(len(row) != COLUMNS for row in tokens):
        raise bad_field(path, "size")
    slots: list[Slot] = []
    for place in range(GRID):
        column, row = divmod(place, ROWS)
        token = tokens[row][column]
        if token == "x":
            slots.append(None)
        elif token.startswith("(") and token.endswith(")"):
            slots.append((_card(token[1:-1], path), False))
        else:
            slots.append((_card(token, path), True))
    return slots


def _grid(seat: Any, path: str) -> list[Slot]:
    if not isinstance(seat, dict):
        raise bad_field(path, "type")
    check_keys(seat, {"grid"}, {"grid"}, path + ".")
    return parse_grid(field(seat, "grid", list, [], path + ".grid"), path + ".grid")


def _optional_int(value: Any) -> bool:
    return value is None or is_int(value)


def _round(d: dict[str, Any], rules: Rules, path: str, default_seed: int | str) -> Round:
    seats = field(d, "seats", list, [], path + "seats")
    grids = [_grid(seat, f"{path}seats[{i}]") for i, seat in enumerate(seats)]
    drawn = field(d, "drawn", _optional_int, None, path + "drawn")
    if drawn is not None:
        drawn = _card(str(drawn), path + "drawn")  # in range, or refused as a card
    rest = d.get("draw_pile", REST) == REST
    rng = field(d, "rng", str, None, path + "rng")
    position: dict[str, Any] = {
        "phase": field(d, "phase", str, "", path + "phase"),
        "current": field(d, "current", is_int, 0, path + "current"),
        "turn": field(d, "turn", is_int, None, path + "turn"),
        "starter": field(d, "starter", _optional_int, None, path + "starter"),
        "first": field(d, "first", _optional_int, None, path + "first"),
        "ender": field(d, "ender", _optional_int, None, path + "ender"),
        "seed": field(d, "seed", _is_seed_type, default_seed, path + "seed"),
    }
    try:
        return from_position(
            rules, grids=grids, drawn=drawn, discard=_cards(d, "discard", path + "discard"),
            draw_pile=None if rest else _cards(d, "draw_pile", path + "draw_pile"),
            rng_state=None if rng is None else parse_rng(rng, path + "rng"), **position)
    except SaveError as err:
        raise _renamed(err, path) from None


def _renamed(err: GameError, path: str) -> SaveError:
    """Fields named by :func:`from_position` are relative to the round's body."""
    params = dict(err.params)
    for key in ("field", "what"):
        if isinstance(params.get(key), str) and not params[key].startswith(path):
            params[key] = path + params[key]
    return SaveError(err.reason, **params)


def _outcome(d: Any, rules: Rules, path: str) -> Outcome:
    """A round's result: every score one a grid can make (``SJ-ROUND-SCORE``: -17 … 140),
    the ender's doubled as ``SJ-DOUBLE`` and the rules' doubling say, and nothing else."""
    if not isinstance(d, dict):
        raise bad_field(path, "type")
    check_keys(d, {"scores", "ender", "doubled"}, {"scores", "ender", "doubled"}, path + ".")
    scores = field(d, "scores", list, [], path + ".scores")
    ender = field(d, "ender", is_int, 0, path + ".ender")
    doubled = field(d, "doubled", bool, False, path + ".doubled")
    if len(scores) != rules.players or not all(map(is_int, scores)) or not (
            0 <= ender < rules.players):
        raise SaveError(Reason.SAVE_INCONSISTENT, what=path)
    raw: list[Card | None] = list(scores)
    if doubled:
        raw[ender] = scores[ender] // 2 if scores[ender] % 2 == 0 else None
    if not all(s is not None and LOWEST_SCORE <= s <= HIGHEST_SCORE for s in raw):
        raise SaveError(Reason.SAVE_INCONSISTENT, what=path)
    outcome = Outcome(tuple(scores), ender, doubled)
    if score_round([[s] for s in raw], ender, rules) != outcome:  # SJ-DOUBLE, backwards
        raise SaveError(Reason.SAVE_INCONSISTENT, what=path)
    return outcome
