"""Hidden information is exact: a seat sees face-up cards, its own drawn card, nothing else."""

from __future__ import annotations

from collections import Counter

import pytest
from skyjo_scenario import SET_UP, play, position

from skipbo_widgets.core.protocol import Playable
from skipbo_widgets.skyjo.engine import (
    DECK_COUNTS,
    Round,
    Rules,
    RulesError,
    from_position,
    visible_event,
)


def _table() -> Round:
    return position(("1 (2) (3) (4)", "(5) 6 (7) (8)", "(9) (10) (11) (12)"), SET_UP,
                    discard=[3, 7], draw_top=[-2])


def test_skyjo_has_the_shape_of_a_game() -> None:
    assert isinstance(Round.new(seed=1), Playable)


@pytest.mark.rule("SJ-TAKE-DISCARD")
def test_face_down_cards_are_unknown_to_everyone_their_owner_included() -> None:
    r = _table()
    for seat in (0, 1):
        view = r.observe(seat)
        assert view.seats[0].cards == (1, None, None, None, 6, None) + (None,) * 6
        assert view.seats[1].cards == (None,) * 6 + (3, 7) + (None,) * 4
        assert view.seats[0].hidden == (1, 2, 3, 5, 6, 7, 8, 9, 10, 11)
    assert "grids" not in r.observe(0).to_dict()


@pytest.mark.rule("SJ-TAKE-DRAW")
def test_the_drawn_card_is_seen_only_by_its_drawer_until_it_is_placed() -> None:
    r = _table()
    events = play(r, "draw")
    mine, theirs = r.observe(0), r.observe(1)
    assert mine.drawn == -2 and theirs.drawn is None
    assert mine.holding and theirs.holding
    assert visible_event(events[0], 0)["card"] == -2
    assert visible_event(events[0], 1) == {"type": "Drew", "seat": 0, "card": None}
    assert theirs.legal_moves == () and len(mine.legal_moves) == 12 + 10
    placed = play(r, "swap b1")
    assert visible_event(placed[0], 1)["card"] == -2 and r.observe(1).seats[0].cards[3] == -2


def test_the_draw_pile_order_is_never_shown() -> None:
    grids = [[(c, i < 2) for i, c in enumerate((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12))]] * 2
    rest = Counter(DECK_COUNTS)
    for g in grids:
        rest.subtract(c for c, _ in g)
    rest[0] -= 1
    pile = sorted(rest.elements())
    a, b = (from_position(Rules(), grids=grids, discard=[0], draw_pile=p, phase="play")
            for p in (pile, pile[::-1]))
    assert a.position_key() != b.position_key()
    assert a.observe(0) == b.observe(0) and a.observe(1) == b.observe(1)


def test_a_bot_can_count_every_card_it_has_seen() -> None:
    r = _table()
    play(r, "draw")
    unseen = r.observe(0).unseen()
    assert sum(unseen.values()) == 150 - 2 - 4 - 1  # discard pile, face-up cards, drawn card
    assert unseen[-2] == 4 and unseen[7] == 8 and unseen[6] == 9
    assert sum(r.observe(1).unseen().values()) == 150 - 2 - 4  # seat 1 has not seen the -2


def test_only_a_seat_of_the_table_can_observe() -> None:
    with pytest.raises(RulesError):
        Round.new(seed=1).observe(2)


def test_a_copy_is_the_same_position_and_independent() -> None:
    r = _table()
    play(r, "draw")
    twin = r.copy()
    assert twin.position_key() == r.position_key() and twin.move_stack == []
    play(twin, "swap a1")
    assert r.drawn == -2 and r.grids[0][0] == 1 and r.discard == [3, 7]
    assert twin.grids[0][0] == -2 and twin.rng.getstate() == r.rng.getstate()
