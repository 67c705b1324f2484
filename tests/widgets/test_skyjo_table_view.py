"""The Skyjo table's view: one documented shape on every view of whole rounds, cards
row by row, and nothing in it that the learner's seat may not see."""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skipbo_widgets.i18n import LANGUAGES, t
from skipbo_widgets.skyjo.bots import make_bot
from skipbo_widgets.skyjo.engine import Round, Rules, from_position, place_text
from skipbo_widgets.widgets.skyjo import table as skyjo_table
from skipbo_widgets.widgets.skyjo.table import SkyjoTable
from skipbo_widgets.widgets.skyjo.view import PAGE_ORDER, band, skyjo_view
from skipbo_widgets.widgets.skyjo.view_schema import check_skyjo_view
from skipbo_widgets.widgets.table.table import parse_request
from skipbo_widgets.widgets.table.view_schema import ViewError

#: An opponent's grid, face down, for positions built by hand.
#: The other seat, as play finds it: two cards turned in the set-up (a1 and b1), no more.
THEM = [(11, True), (11, False), (11, False), (11, True), (11, False), (11, False)] + \
    [(12, False)] * 6
NAMES = ["You", "Mia", "Leo", "Emma", "Noah", "Lina", "Tom", "Zoe"]


def view_of(game: Round, seat: int = 0, lang: str = "en", **kw: Any) -> dict[str, Any]:
    return skyjo_view(game.observe(seat), names=NAMES[:game.rules.players],
                      tr=lambda key, **p: t(key, lang, **p), lang=lang,
                      interactive=kw.pop("interactive", game.current == seat and not game.is_over),
                      **kw)


def whole_round(players: int, seed: int, doubling: str = "always") -> Iterator[Round]:
    """Every position of a round played by bots, the set-up and the end included."""
    game = Round.new(Rules(players=players, doubling=doubling), seed=seed)  # type: ignore[arg-type]
    bots = [make_bot(("beginner", "medium", "strong")[s % 3]) for s in range(players)]
    yield game
    while not game.is_over:
        game.push(bots[game.current].choose_move(game.observe(game.current)))
        yield game


def assert_shows_only_what_seat_0_sees(game: Round, view: dict[str, Any]) -> None:
    """Face-up cards by value, face-down ones as null, the drawn card only to its seat;
    no list of the draw pile, no face-down value anywhere."""
    for seat, player in enumerate(view["players"]):
        for i, card in enumerate(player["cards"]):
            place = PAGE_ORDER[i]
            value = game.grids[seat][place]
            up = game.face_up[seat][place]
            assert card["card"] == (value if up else None)
            assert card["place"] == place_text(place)
    assert view["drawn"] == (game.drawn if game.current == 0 else None)
    assert view["discard_top"] == game.discard[-1]
    # Nothing else in the view holds a card: the schema allows no other key.
    assert view["draw_count"] == len(game.draw_pile)


@pytest.mark.parametrize(("players", "lang", "doubling"), [
    (2, "en", "always"), (3, "de", "positive"), (4, "fr", "always"), (5, "nl", "always"),
    (6, "en", "positive"), (7, "de", "always"), (8, "fr", "always"), (8, "nl", "positive"),
])
def test_every_view_of_a_whole_round_has_the_documented_shape(players: int, lang: str,
                                                             doubling: str) -> None:
    phases = set()
    for game in whole_round(players, seed=players * 7, doubling=doubling):
        view = view_of(game, lang=lang)
        check_skyjo_view(view)
        assert_shows_only_what_seat_0_sees(game, view)
        phases.add(view["phase"])
        if game.current == 0 and not game.is_over:
            legal = {str(m) for m in game.legal_moves()}
            shown = {f"{kind} {place}" for kind, places in view["legal"].items()
                     for place in places}
            shown |= {view["draw_move"]} if view["can_draw"] else set()
            assert shown == legal  # only legal targets light up, and every one of them
    assert phases == {"setup", "play", "last", "over"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_end_shows_every_card_every_score_the_ender_and_the_doubling(lang: str) -> None:
    *_, game = whole_round(4, seed=5)
    view = view_of(game, lang=lang)
    outcome = game.outcome
    assert outcome is not None
    result = view["result"]
    assert (result["scores"], result["ender"], result["doubled"]) == \
        (list(outcome.scores), outcome.ender, outcome.doubled)
    assert view["players"][outcome.ender]["is_ender"]
    assert all(c["state"] in ("up", "cleared") for p in view["players"] for c in p["cards"])
    assert "{" not in result["label"] + result["doubled_label"]


def test_the_ender_s_score_is_said_doubled_only_when_it_was() -> None:
    found = {}
    for seed in range(40):
        *_, game = whole_round(2, seed=seed)
        outcome = game.outcome
        assert outcome is not None
        view = view_of(game)
        assert view["result"]["doubled"] == outcome.doubled
        found[outcome.doubled] = view["result"]["doubled_label"]
        ender = view["players"][outcome.ender]
        if outcome.doubled:  # the sum and its double, not a score to double again
            shown = ender["round_score"] // 2
            assert f"{shown} \u00d7 2 = {ender['round_score']} points" in ender["round_label"]
        else:
            assert "\u00d7" not in ender["round_label"]
        if len(found) == 2:
            break
    assert found[True] != found[False] and "double" in found[True]


def test_cards_are_sent_row_by_row_though_the_engine_counts_column_by_column() -> None:
    # Every card face up and different along a row: a1=-2 b1=-1 c1=0 d1=1, a2=2 ...
    values = {row * 4 + col: row * 4 + col - 2 for row in range(3) for col in range(4)}
    grid = [(values[(p % 3) * 4 + p // 3], p in (0, 3)) for p in range(12)]
    game = from_position(Rules(players=2), grids=[grid, THEM], discard=[12],
                         draw_pile=None, phase="play", current=0)
    cards = view_of(game)["players"][0]["cards"]
    assert [c["place"] for c in cards[:5]] == ["a1", "b1", "c1", "d1", "a2"]
    assert [c["card"] for c in cards[:4]] == [-2, -1, None, None]
    game = from_position(Rules(players=2), grids=[[(v, True) for v, _ in grid],
                                                  THEM],
                         discard=[12], draw_pile=None, phase="play", current=1,
                         ender=0)  # seat 0 shows every card: it ended the round
    assert [c["card"] for c in view_of(game)["players"][0]["cards"]] == list(range(-2, 10))


def test_a_cleared_column_is_empty_and_no_target() -> None:
    grid = [None, None, None] + [(4, True)] + [(7, False)] * 8
    game = from_position(Rules(players=2), grids=[grid, THEM], discard=[12, 3, 3, 3],
                         draw_pile=None, phase="play", current=0)
    view = view_of(game)
    check_skyjo_view(view)
    column_a = [view["players"][0]["cards"][row * 4] for row in range(3)]
    assert [(c["state"], c["target"], c["card"]) for c in column_a] == [("cleared", None, None)] * 3
    assert all("a" not in place for places in view["legal"].values() for place in places)


def test_the_printed_colours() -> None:
    assert [band(c) for c in (-2, -1, 0, 1, 4, 5, 8, 9, 12)] == [
        "dark-blue", "dark-blue", "light-blue", "green", "green", "yellow", "yellow", "red", "red"]


def test_an_opponent_s_drawn_card_is_never_in_the_view() -> None:
    game = Round.new(Rules(players=3), seed=4)
    bot = make_bot("medium")
    while game.phase == "setup" or game.current == 0 or game.drawn is not None:
        game.push(bot.choose_move(game.observe(game.current)))
    game.push_text("draw")
    drawer, learner = view_of(game, game.current), view_of(game, 0)
    check_skyjo_view(learner)
    assert drawer["drawn"] == game.drawn and drawer["holder"] == game.current
    assert learner["drawn"] is None and learner["holder"] == game.current
    assert learner["drawn_label"] == f"{NAMES[game.current]} has drawn a card"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_discard_pile_s_card_has_its_held_label_while_it_can_be_taken(lang: str) -> None:
    grid = [(4, True), (9, True)] + [(7, False)] * 10
    game = from_position(Rules(players=2), grids=[grid, THEM], discard=[12, -2],
                         draw_pile=None, phase="play", current=0)
    view = view_of(game, lang=lang)
    check_skyjo_view(view)
    assert view["held_label"] == t("skyjo.table.held_card", lang, value=-2)
    assert view["labels"]["held"] == t("skyjo.table.held", lang)
    assert view_of(game, lang=lang, interactive=False)["held_label"] == ""
    game.push_text("draw")  # the drawn card in hand: the discard pile's can't be taken
    assert view_of(game, lang=lang)["held_label"] == ""


SPOILS = [
    lambda v: v.pop("phase"),
    lambda v: v["players"][1]["cards"][0].update(card=7, state="down"),  # a face-down value
    lambda v: v["players"][1]["cards"][0].update(target="a1"),           # an opponent's target
    lambda v: v.update(drawn=5, holder=1),                               # another seat's card
    lambda v: v["legal"].update(swap=["a1"]),                            # swap with nothing drawn
    lambda v: v["legal"].update(take=["e9"]),                            # a place nobody shows
    lambda v: v.update(interactive=False),                               # lit while it only shows
    lambda v: v.update(draw_move="take"),
    lambda v: v["card_faces"]["5"].update(band="purple"),
    lambda v: v["players"][0].update(visible_score=99),
    lambda v: v.update(result={"scores": []}),
    lambda v: v.update(held_label=""),                                   # take, unsaid
    lambda v: v.update(highlight=["swap"]),                              # no drawn card
    lambda v: v.update(highlight=["skyjo-drawn"]),                       # an empty place
]


@pytest.mark.parametrize("spoil", SPOILS)
def test_the_validator_rejects_a_view_that_is_not_as_documented(spoil: Any) -> None:
    game = Round.new(Rules(players=2), seed=3)
    for text in ("reveal a1", "reveal b1", "reveal a1", "reveal b1"):
        game.push_text(text)
    while game.current != 0:
        game.push(make_bot("medium").choose_move(game.observe(game.current)))
    view = view_of(game)
    check_skyjo_view(view)
    spoiled = copy.deepcopy(view)
    spoil(spoiled)
    with pytest.raises(ViewError):
        check_skyjo_view(spoiled)


@pytest.mark.parametrize("content", [
    None, "take a1", [], {"type": "move"}, {"type": "move", "source": "take"},
    {"type": "move", "source": "take", "target": "a1", "extra": 1},
    {"type": "move", "source": "take\u0000", "target": "a1"},
    {"type": "look", "pile": "grid-1-" + "9" * 20}, {"type": "poke"},
])
def test_the_skyjo_table_refuses_malformed_messages_as_the_skipbo_table_does(content: Any) -> None:
    table, got = SkyjoTable(), []
    table.on_request(got.append)
    table._receive(table, content, [])
    assert got == [{"type": "malformed"}] == [parse_request(content)]


def test_nothing_in_the_page_builds_a_move_or_decides_a_colour() -> None:
    """The page sends the names the view gave it; Python makes them a move and says
    which cards are which colour and which places are legal."""
    script = (Path(skyjo_table.__file__).parent / "table.js").read_text(encoding="utf-8")
    code = "\n".join(line.split("//")[0] for line in script.splitlines())
    for pattern in (r'"(take|swap|drop|reveal)"', r"`[a-z]+ \$\{", r"\$\{[^}]*\} \$\{",
                    r"\"(dark-blue|light-blue|green|yellow|red)\"", r"[<>]=? ?-?\d+\) return",
                    r'"[a-d][1-3]"'):
        assert not re.search(pattern, code), pattern
