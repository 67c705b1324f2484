"""The playing-card variant: three 54-card decks; only the faces differ."""

from __future__ import annotations

from collections import Counter

import pytest
from scenario import check_scenario, moves_text, position

from skipbo_widgets.skipbo.engine import WILD, Game, Reason, Rules, RulesError, face_text
from skipbo_widgets.skipbo.engine.cards import full_deck

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["clubs", "diamonds", "hearts", "spades"]


def engine_card(face: str) -> int:
    """The engine card of a playing-card face, found through ``face_text`` alone."""
    faces = {face_text(card, "playing"): card for card in range(13)}
    return WILD if face == "Joker" else faces[face]


@pytest.mark.rule("SB-PLAYING-CARDS")
@pytest.mark.parametrize(
    ("card", "face"),
    [(1, "A"), (2, "2"), (9, "9"), (10, "10"), (11, "J"), (12, "Q"), (WILD, "K")],
)
def test_playing_card_faces(card: int, face: str) -> None:
    assert face_text(card, "playing") == face


@pytest.mark.rule("SB-PLAYING-CARDS", "SB-DECK")
def test_three_decks_of_54_give_exactly_the_skipbo_deck() -> None:
    one_deck = [rank for rank in RANKS for _ in SUITS] + ["Joker", "Joker"]
    assert len(one_deck) == 54
    three_decks = [engine_card(face) for face in one_deck * 3]
    assert Counter(three_decks) == Counter(full_deck())


@pytest.mark.rule("SB-PLAYING-CARDS")
def test_the_ace_is_1_and_starts_a_pile() -> None:
    start = dict(faces="playing", stocks=["9 1", "8"], hands=["12 1 W", ""])
    assert engine_card("A") == 1
    check_scenario(start, "s-b1 h1-b2 hW-b3", dict(building=["1", "1", "W", ""]))


@pytest.mark.rule("SB-PLAYING-CARDS")
def test_the_ace_is_never_above_the_queen() -> None:
    game = position(faces="playing", stocks=["9", "8"], hands=["1 12", ""],
                    building=["1 2 3 4 5 6 7 8 9 10 11"])
    assert [m for m in moves_text(game) if "-b" in m] == ["h1-b2", "h1-b3", "h1-b4", "h12-b1"]


@pytest.mark.rule("SB-PLAYING-CARDS")
@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 2), (6, 3)])
def test_the_rules_are_the_same_with_either_faces(players: int, seed: int) -> None:
    games = [Game.new(Rules(players=players, faces=faces), seed=seed)
             for faces in ("skipbo", "playing")]
    assert games[0].all_cards() == games[1].all_cards()
    for _ in range(60):
        moves = [game.legal_moves() for game in games]
        assert moves[0] == moves[1]
        if not moves[0]:
            break
        for game in games:
            game.push(moves[0][len(moves[0]) // 2])
    assert games[0].events == games[1].events


@pytest.mark.rule("SB-PLAYING-CARDS")
@pytest.mark.parametrize("faces", ["cards", "", "PLAYING", None], ids=repr)
def test_unknown_faces_are_rejected(faces: object) -> None:
    with pytest.raises(RulesError) as err:
        Rules(faces=faces)  # type: ignore[arg-type]
    assert err.value.reason is Reason.BAD_FACES
