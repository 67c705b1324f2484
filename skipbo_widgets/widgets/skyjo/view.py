"""What the Skyjo table draws: a JSON-friendly dict built from one seat's observation.

As for Skip-Bo (:mod:`..skipbo.view`), the page gets only what the seat may see, the
names and labels in the learner's language, the faces and printed colours of
the cards, every clickable thing's name, and for every source the targets that
are legal now. Face-down cards are ``null``; the drawn card is in the view only
for the seat that drew it. Grids are sent ROW by row (index ``row * 4 +
column``, so that test ids count along a row) while the engine numbers places
column by column: :func:`grid_places` maps one to the other.
``docs/table-view.md`` (Skyjo section) describes the shape; :mod:`.view_schema`
checks it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TypedDict

from ...skyjo.engine import Move, Observation, place_text
from ...skyjo.engine.cards import VALUES, card_text
from ...skyjo.engine.moves import Kind
from ...skyjo.engine.rules import COLUMNS, ROWS
from ..table.table_game import Translate
from .places import said_place

#: The page's names for what a move starts from: each is the move's kind, so that
#: a source and a place name one move (``take`` + ``b2``: ``take b2``).
SOURCES: dict[str, Kind] = {"discard": "take", "drawn": "swap", "drop": "drop", "reveal": "reveal"}
#: The move a click on the draw pile sends, whenever it is clicked (a refusal says why).
DRAW_MOVE = "draw"

#: Label name in the view -> message key.
LABELS = {
    "draw_pile": "skyjo.table.draw_pile", "discard_pile": "skyjo.table.discard_pile",
    "drawn": "skyjo.table.drawn_caption", "held": "skyjo.table.held", "keys": "skyjo.table.keys",
}


class CardFace(TypedDict):
    """A value as printed: its text and its colour band."""

    text: str
    band: str


class CardView(TypedDict):
    """One place of a grid: its card (``None`` face down or cleared) and names."""

    card: int | None
    state: str
    place: str
    target: str | None
    label: str


class SeatView(TypedDict):
    """One seat's grid, row by row, with its name and scores."""

    seat: int
    name: str
    is_me: bool
    is_current: bool
    is_ender: bool
    visible_score: int
    score_label: str
    round_score: int | None
    round_label: str
    grid_label: str
    cards: list[CardView]


class ResultView(TypedDict):
    """The round's end: every score, who ended it, whether that score was doubled."""

    scores: list[int]
    ender: int
    doubled: bool
    label: str
    doubled_label: str


class SkyjoView(TypedDict):
    """The Skyjo table's ``view`` (docs/table-view.md, Skyjo); :mod:`.view_schema`
    checks it again as it reaches the page."""

    lang: str
    me: int
    current: int
    phase: str
    phase_label: str
    card_faces: dict[str, CardFace]
    players: list[SeatView]
    draw_count: int
    draw_label: str
    discard_top: int | None
    discard_label: str
    holder: int | None
    drawn: int | None
    drawn_label: str
    held_label: str
    interactive: bool
    sources: dict[str, str]
    legal: dict[str, list[str]]
    draw_move: str
    can_draw: bool
    result: ResultView | None
    labels: dict[str, str]
    status: str
    status_kind: str
    highlight: list[str]


def grid_places() -> tuple[int, ...]:
    """The engine's place (column-major) of each card the page shows (row-major).

    >>> [place_text(p) for p in grid_places()[:5]]
    ['a1', 'b1', 'c1', 'd1', 'a2']
    """
    return tuple(column * ROWS + row for row in range(ROWS) for column in range(COLUMNS))


PAGE_ORDER = grid_places()


def band(card: int) -> str:
    """The colour Skyjo prints a card in: -2/-1 dark blue, 0 light blue, 1-4 green,
    5-8 yellow, 9-12 red."""
    if card < 0:
        return "dark-blue"
    if card == 0:
        return "light-blue"
    return "green" if card <= 4 else "yellow" if card <= 8 else "red"


CARD_FACES: dict[str, CardFace] = {card_text(c): {"text": card_text(c), "band": band(c)}
                                   for c in VALUES}


def legal_targets(obs: Observation) -> tuple[dict[str, list[str]], bool]:
    """For each source name, its legal places (in notation); and whether ``draw`` is legal."""
    legal: dict[str, list[str]] = {}
    can_draw = False
    for move in obs.legal_moves:
        if move.kind == "draw":
            can_draw = True
        else:
            legal.setdefault(move.kind, []).append(place_text(move.place))
    return legal, can_draw


#: Every move the page can name, by the request the table makes of its two names
#: (``take-b2``: the discard pile's source, then a place).
MOVES_BY_NAME = {f"{kind}-{place_text(p)}": Move(kind, p)
                 for kind in SOURCES.values() for p in range(ROWS * COLUMNS)}


def skyjo_view(
    obs: Observation,
    *,
    names: Sequence[str],
    tr: Translate,
    lang: str,
    interactive: bool,
    status: str = "",
    status_kind: str = "info",
    highlight: Sequence[str] = (),
) -> SkyjoView:
    """The ``view`` traitlet of :class:`~.table.SkyjoTable`."""
    over = obs.phase == "over"
    legal, can_draw = legal_targets(obs) if interactive else ({}, False)
    holder = obs.current if obs.holding else None
    top = obs.discard[-1] if obs.discard else None
    return {
        "lang": lang,
        "me": obs.seat,
        "current": obs.current,
        "phase": "over" if over else "last" if obs.ender is not None else obs.phase,
        "phase_label": phase_label(obs, tr=tr, names=names),
        "card_faces": CARD_FACES,
        "players": [seat_view(obs, seat, tr=tr, names=names) for seat in range(len(obs.seats))],
        "draw_count": obs.draw_count,
        "draw_label": tr("skyjo.table.draw_count", count=obs.draw_count),
        "discard_top": top,
        "discard_label": tr("skyjo.table.discard_top", value=top) if top is not None
        else tr("skyjo.table.discard_pile"),
        "holder": holder,
        "drawn": obs.drawn,
        "drawn_label": drawn_label(obs, holder, tr=tr, names=names),
        "held_label": tr("skyjo.table.held_card", value=top) if "take" in legal else "",
        "interactive": interactive,
        "sources": dict(SOURCES),
        "legal": legal,
        "draw_move": DRAW_MOVE,
        "can_draw": can_draw,
        "result": result_view(obs, tr=tr, names=names),
        "labels": {name: tr(key) for name, key in LABELS.items()},
        "status": status,
        "status_kind": status_kind,
        "highlight": shown_highlight(obs, highlight),
    }


def shown_highlight(obs: Observation, highlight: Sequence[str]) -> list[str]:
    """What a glow (a hint, a lesson) may light: never the drawn card's empty place nor a
    cleared place (review: a glow stayed on both after the move), nor the draw pile while
    a drawn card waits to be placed (a walk: it seemed to want a second click).

    >>> from skipbo_widgets.skyjo.engine import Round
    >>> shown_highlight(Round.new(seed=1).observe(0), ["swap", "b2", "skyjo-drawn"])
    ['b2']
    """
    gone = {"swap", "drop"} if obs.drawn is None else set()
    if not obs.holding:
        gone.add("skyjo-drawn")
    else:
        gone |= {"draw", "skyjo-draw"}
    for seat in obs.seats:
        for place in seat.cleared:
            gone.add(f"grid-{seat.seat}-{PAGE_ORDER.index(place)}")
            if seat.seat == obs.seat:
                gone.add(place_text(place))
    return [name for name in highlight if name not in gone]


def seat_view(obs: Observation, seat: int, *, tr: Translate,
              names: Sequence[str]) -> SeatView:
    """One seat's grid, row by row, with its name, visible score and (at the end) result."""
    view = obs.seats[seat]
    mine = seat == obs.seat
    cleared = set(view.cleared)
    cards: list[CardView] = []
    for place in PAGE_ORDER:
        card = view.cards[place]
        state = "cleared" if place in cleared else "down" if card is None else "up"
        where = place_text(place)
        cards.append({
            "card": card,
            "state": state,
            "place": where,
            "target": where if mine and state != "cleared" else None,
            # The place as the hints name it ("in the middle row, column 1"), not "a2".
            "label": tr(f"skyjo.table.card_{state}", place=said_place(where, tr), value=card),
        })
    outcome = obs.scores
    return {
        "seat": seat,
        "name": names[seat],
        "is_me": mine,
        "is_current": seat == obs.current and obs.phase != "over",
        "is_ender": seat == obs.ender,
        "visible_score": view.visible_sum,
        "score_label": tr("skyjo.table.visible_score", score=view.visible_sum),
        "round_score": None if outcome is None else outcome[seat],
        "round_label": "" if outcome is None else round_label(
            outcome[seat], view.visible_sum, tr=tr),
        "grid_label": tr("skyjo.table.my_grid") if mine
        else tr("skyjo.table.grid", player=seat, names=names),
        "cards": cards,
    }


def phase_label(obs: Observation, *, tr: Translate, names: Sequence[str]) -> str:
    """What is happening, in a line: turning two cards, a turn, the last turns, the end."""
    mine = obs.current == obs.seat
    if obs.phase == "over":
        return tr("skyjo.table.phase.over")
    if obs.phase == "setup":
        return said(obs, "skyjo.table.phase.setup", obs.current, tr=tr, names=names)
    turn = tr("ui.your_turn") if mine else tr("ui.player_turn", player=obs.current, names=names)
    if obs.ender is None:
        return turn
    return said(obs, "skyjo.table.phase.last", obs.ender, tr=tr, names=names, turn=turn)


def said(obs: Observation, key: str, seat: int, *, tr: Translate, names: Sequence[str],
         **params: object) -> str:
    """``key`` about ``seat``, or its ``.you`` form about the learner ("Du hast", not "Du hat")."""
    if seat == obs.seat:
        return tr(f"{key}.you", **params)
    return tr(key, player=seat, names=names, **params)


def drawn_label(obs: Observation, holder: int | None, *, tr: Translate,
                names: Sequence[str]) -> str:
    if obs.drawn is not None:
        return tr("skyjo.table.drawn", value=obs.drawn)
    if holder is not None:
        return tr("skyjo.table.drawn_other", player=holder, names=names)
    return ""


def result_view(obs: Observation, *, tr: Translate,
                names: Sequence[str]) -> ResultView | None:
    """At the round's end: every score, who ended it, whether that score was doubled."""
    if obs.scores is None or obs.ender is None:
        return None
    scores = list(obs.scores)
    ender = obs.ender
    # Every card is face up at the end: the ender's grid adds up to the score before SJ-DOUBLE.
    doubled = scores[ender] != obs.seats[ender].visible_sum
    key = "skyjo.table.doubled" if doubled else "skyjo.table.not_doubled"
    tell = partial(said, obs, seat=ender, tr=tr, names=names)
    return {
        "scores": scores,
        "ender": ender,
        "doubled": doubled,
        "label": tell("skyjo.table.ended"),
        "doubled_label": tell(key),
    }


def round_label(score: int, shown: int, *, tr: Translate) -> str:
    """A seat's points for the round; a doubled score says its sum too ("12 x 2 = 24")."""
    if score != shown:
        return tr("skyjo.table.round_score.doubled", raw=shown, score=score)
    return tr("skyjo.table.round_score", score=score)
