"""Skyjo matches for the benchmark: every seat for each bot, shared wins counted fairly."""

from __future__ import annotations

from skipbo_widgets.core.stats import wilson
from skipbo_widgets.skyjo.bots import make_bot, play_match
from skipbo_widgets.skyjo.bots.tournament import lineups, match
from skipbo_widgets.skyjo.engine import Rules


def test_a_sits_in_every_seat_once() -> None:
    assert lineups("s", "m", 2) == [["s", "m"], ["m", "s"]]
    assert [row.index("s") for row in lineups("s", "m", 4)] == [0, 1, 2, 3]
    assert all(row.count("s") == 1 for row in lineups("s", "m", 4))


def test_swapping_a_and_b_plays_the_same_games() -> None:
    # With 2 players both orders play each deal with both seatings: the same games,
    # so the win rates add up to 1 (shared wins included) and the means trade places.
    ab = match("medium", "beginner", players=2, deals=2)
    ba = match("beginner", "medium", players=2, deals=2)
    assert ab["games"] == ba["games"] == 4
    assert ab["a_win_rate"] + ba["a_win_rate"] == 1.0
    assert (ab["a_mean_round"], ab["b_mean_round"]) == (ba["b_mean_round"], ba["a_mean_round"])


def test_the_match_counts_the_engines_games() -> None:
    result = match("strong", "beginner", players=2, deals=1, seed=3)
    games = [play_match([make_bot(n) for n in names], Rules(players=2), seed="3/2/0")
             for names in lineups("strong", "beginner", 2)]
    wins = sum(sum(1 for s in g.leaders if names[s] == "strong") / len(g.leaders)
               for g, names in zip(games, lineups("strong", "beginner", 2), strict=True))
    assert result["a_win_rate"] == round(wins / 2, 4) and result["ci95"] == wilson(wins, 2)
    strong = [o.scores[names.index("strong")]
              for g, names in zip(games, lineups("strong", "beginner", 2), strict=True)
              for o in g.results]
    assert result["a_mean_round"] == round(sum(strong) / len(strong), 2)
