"""Setup: the deck, players, stock sizes, choosing the dealer, the deal, who starts."""

from __future__ import annotations

from collections import Counter

import pytest
from scenario import kinds

from skipbo_widgets.skipbo.engine import WILD, Game, Reason, Rules, RulesError, observe
from skipbo_widgets.skipbo.engine.cards import DECK_SIZE, full_deck
from skipbo_widgets.skipbo.engine.events import DealerChosen, DealerDraw, Dealt, Drew, StockTurned

# -- SB-DECK ------------------------------------------------------------------


@pytest.mark.rule("SB-DECK")
def test_deck_has_twelve_of_each_number_and_eighteen_wild_cards() -> None:
    deck = full_deck()
    assert len(deck) == DECK_SIZE == 162
    assert Counter(deck) == {WILD: 18, **{v: 12 for v in range(1, 13)}}


@pytest.mark.rule("SB-DECK", "SB-DEAL")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_new_game_holds_the_whole_deck(players: int) -> None:
    game = Game.new(Rules(players=players), seed=players)
    assert game.card_count() == 162
    assert Counter(game.all_cards()) == Counter(full_deck())


# -- SB-PLAYERS ---------------------------------------------------------------


@pytest.mark.rule("SB-PLAYERS")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_two_to_six_players_can_play(players: int) -> None:
    game = Game.new(Rules(players=players), seed=0)
    assert len(game.stocks) == len(game.hands) == len(game.discards) == players


@pytest.mark.rule("SB-PLAYERS")
@pytest.mark.parametrize("players", [1, 7, 0, -2, True, 2.0, "3"], ids=repr)
def test_other_player_counts_are_rejected(players: object) -> None:
    with pytest.raises(RulesError) as err:
        Rules(players=players)  # type: ignore[arg-type]
    assert err.value.reason is Reason.BAD_PLAYER_COUNT
    assert dict(err.value.params) == {"players": players, "min": 2, "max": 6}


# -- SB-STOCK-SIZE ------------------------------------------------------------


@pytest.mark.rule("SB-STOCK-SIZE")
@pytest.mark.parametrize(
    ("players", "stock_size", "expected"),
    [
        pytest.param(2, 0, 30, id="2 players: 30"),
        pytest.param(3, 0, 30, id="3 players: 30"),
        pytest.param(4, 0, 30, id="4 players: 30"),
        pytest.param(5, 0, 20, id="5 players: 20"),
        pytest.param(6, 0, 20, id="6 players: 20"),
        pytest.param(2, 10, 10, id="short game: 10"),
        pytest.param(6, 10, 10, id="short game with 6: 10"),
        pytest.param(2, 5, 5, id="custom minimum 5"),
        pytest.param(4, 30, 30, id="custom maximum 30"),
        pytest.param(3, 17, 17, id="custom 17"),
    ],
)
def test_stock_size(players: int, stock_size: int, expected: int) -> None:
    rules = Rules(players=players, stock_size=stock_size)
    assert rules.stock_size == expected
    game = Game.new(rules, seed=1)
    assert [len(stock) for stock in game.stocks] == [expected] * players


@pytest.mark.rule("SB-STOCK-SIZE")
@pytest.mark.parametrize("stock_size", [4, 31, 1, -5, 100, 2.5, "10", False, None, "", 0.0],
                         ids=repr)
def test_stock_size_outside_5_to_30_is_rejected(stock_size: object) -> None:
    with pytest.raises(RulesError) as err:
        Rules(players=2, stock_size=stock_size)  # type: ignore[arg-type]
    assert err.value.reason is Reason.BAD_STOCK_SIZE
    assert dict(err.value.params) == {"stock_size": stock_size, "min": 5, "max": 30}


@pytest.mark.rule("SB-STOCK-SIZE")
@pytest.mark.parametrize(
    ("players", "stock_size", "fits"),
    [
        pytest.param(6, 22, True, id="6x(22+5)=162 fits"),
        pytest.param(6, 23, False, id="6x(23+5)=168 too many"),
        pytest.param(5, 27, True, id="5x(27+5)=160 fits"),
        pytest.param(5, 28, False, id="5x(28+5)=165 too many"),
        pytest.param(4, 30, True, id="4x(30+5)=140 fits"),
        pytest.param(6, 30, False, id="6x(30+5)=210 too many"),
    ],
)
def test_stocks_and_hands_must_fit_into_the_deck(players: int, stock_size: int,
                                                 fits: bool) -> None:
    if fits:
        game = Game.new(Rules(players=players, stock_size=stock_size), seed=3)
        assert game.card_count() == 162
        assert len(game.draw_pile) == 162 - players * stock_size - 5
        return
    with pytest.raises(RulesError) as err:
        Rules(players=players, stock_size=stock_size)
    assert err.value.reason is Reason.DECK_TOO_SMALL
    assert dict(err.value.params) == {"cards_needed": players * (stock_size + 5), "deck": 162}


@pytest.mark.rule("SB-STOCK-SIZE", "SB-REFILL")
def test_the_tightest_deal_still_lets_every_player_draw_a_full_hand() -> None:
    game = Game.new(Rules(players=6, stock_size=22), seed=5)
    for _ in range(6):
        assert game.hand_size(game.current) == 5
        game.push(next(m for m in game.legal_moves() if m.is_discard))
    assert game.draw_pile == []


# -- SB-DEALER ----------------------------------------------------------------


def check_dealer_draws(game: Game) -> set[str]:
    """Replay the dealer draws by the rule; return what happened ("wild", "tie", "subset")."""
    draws = [e for e in game.events if isinstance(e, (DealerDraw, DealerChosen))]
    players = game.rules.players
    contenders = list(range(players))
    seen = set()
    i = 0
    while True:
        drawn = {}
        for seat in contenders:
            while True:
                event = draws[i]
                i += 1
                assert event == DealerDraw(seat, event.card), "draws go round in seat order"
                if event.card != WILD:
                    break
                seen.add("wild")
            drawn[seat] = event.card
        best = max(drawn.values())
        contenders = [s for s in contenders if drawn[s] == best]
        if len(contenders) == 1:
            assert draws[i:] == [DealerChosen(contenders[0])]
            assert game.dealer == contenders[0]
            return seen
        seen.add("tie" if len(contenders) == players else "subset")


def dealer_draws_seen(players: int, seeds: int = 100) -> set[str]:
    seen: set[str] = set()
    for seed in range(seeds):
        seen |= check_dealer_draws(Game.new(Rules(players=players), seed=seed))
    return seen


@pytest.mark.rule("SB-DEALER")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_highest_card_deals_and_a_wild_card_is_drawn_again(players: int) -> None:
    assert "wild" in dealer_draws_seen(players)


@pytest.mark.rule("SB-DEALER")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_decision_tied_players_draw_again_among_themselves(players: int) -> None:
    # With two players every tie is a tie of all; with more, the tied few redraw alone.
    assert ("tie" if players == 2 else "subset") in dealer_draws_seen(players)


@pytest.mark.rule("SB-DEALER")
def test_a_given_dealer_skips_the_draw() -> None:
    game = Game.new(Rules(players=3), seed=1, dealer=2)
    assert game.dealer == 2
    assert not any(isinstance(e, (DealerDraw, DealerChosen)) for e in game.events)


@pytest.mark.rule("SB-DEALER")
@pytest.mark.parametrize("dealer", [-1, 3, "0", 1.5, True], ids=repr)
def test_a_dealer_outside_the_table_is_rejected(dealer: object) -> None:
    with pytest.raises(RulesError) as err:
        Game.new(Rules(players=3), seed=1, dealer=dealer)  # type: ignore[arg-type]
    assert err.value.reason is Reason.BAD_SEAT


# -- SB-DEAL, SB-FIRST --------------------------------------------------------


@pytest.mark.rule("SB-DEAL", "SB-FIRST", "SB-REFILL")
@pytest.mark.parametrize(("players", "dealer"), [(2, 0), (2, 1), (3, 2), (6, 3), (6, 5)])
def test_the_deal(players: int, dealer: int) -> None:
    game = Game.new(Rules(players=players, stock_size=10), seed=9, dealer=dealer)
    first = (dealer + 1) % players
    assert game.current == first
    assert game.events == [
        Dealt(10, first),
        *(StockTurned(s, game.stocks[s][-1], 10) for s in range(players)),
        *game.events[players + 1:],
    ]
    assert kinds(game.events[players + 1:]) == ["TurnStarted", "Drew"]
    assert game.events[-1] == Drew(first, tuple(game.events[-1].cards), False)
    assert [game.hand_size(s) for s in range(players)] == [
        5 if s == first else 0 for s in range(players)
    ]
    assert game.building == [[], [], [], []]
    assert game.completed == []
    assert all(pile == [] for piles in game.discards for pile in piles)
    assert len(game.draw_pile) == 162 - 10 * players - 5


@pytest.mark.rule("SB-DEAL")
def test_only_the_top_of_a_stock_pile_is_visible() -> None:
    game = Game.new(Rules(players=3), seed=4, dealer=0)
    for seat in range(3):
        view = observe(game, seat)
        for other in view.seats:
            assert other.stock_top == game.stocks[other.seat][-1]
            assert other.stock_count == 30
        text = repr(view.to_dict())
        # Change every card under every stock top: the view must not change.
        for stock in game.stocks:
            stock[:-1] = [(c + 1) % 13 for c in stock[:-1]]
        assert repr(observe(game, seat).to_dict()) == text
        for stock in game.stocks:
            stock[:-1] = [(c - 1) % 13 for c in stock[:-1]]


@pytest.mark.rule("SB-FIRST", "SB-NEXT")
@pytest.mark.parametrize(("players", "dealer"), [(2, 1), (3, 0), (4, 2), (5, 4), (6, 1)])
def test_play_goes_round_in_seat_order_from_the_dealers_left(players: int, dealer: int) -> None:
    game = Game.new(Rules(players=players, stock_size=5), seed=2, dealer=dealer)
    seen = []
    for _ in range(2 * players):
        seen.append(game.current)
        game.push(next(m for m in game.legal_moves() if m.is_discard))
    expected = [(dealer + 1 + k) % players for k in range(2 * players)]
    assert seen == expected
