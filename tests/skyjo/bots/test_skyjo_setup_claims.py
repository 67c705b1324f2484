"""Issue 21: at the set-up every face-down card is unknown alike, so no review, grade,
hint or narration may claim that one card is better to turn than another.

Every set-up position of seeded rounds with 2 to 8 players, reached by the bots' own
reveals and by reveals picked at random, checked for every card that may be turned.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from skipbo_widgets.i18n import LANGUAGES
from skipbo_widgets.skyjo.bots import Explain, choices, hint, make_bot, review_move
from skipbo_widgets.skyjo.bots.narrate import grade_guess, narrate
from skipbo_widgets.skyjo.engine import Observation, Round, Rules
from skipbo_widgets.widgets.skyjo.coach import SkyjoCoach, review_html
from skipbo_widgets.widgets.skyjo.demo_game import SKYJO_DEMO

PLAYERS = range(2, 9)
LEVELS = ("strong", "medium", "beginner")


def setup_positions(players: int, seed: int) -> Iterator[Observation]:
    """The observation before every reveal of a round's set-up: the bots reveal as they
    do in one round, at random in another."""
    for randomly in (False, True):
        pick = random.Random(f"setup/{players}/{seed}")
        r = Round.new(Rules(players=players), seed=f"setup/{players}/{seed}/{randomly}")
        bots = [make_bot(LEVELS[s % 3]) for s in range(players)]
        while r.phase == "setup":
            obs = r.observe(r.current)
            yield obs
            move = pick.choice(obs.legal_moves) if randomly else bots[r.current].choose_move(obs)
            r.push(move, by=r.current)


@pytest.mark.parametrize("players", PLAYERS)
def test_every_reveal_of_the_setup_is_valued_graded_and_told_alike(players: int) -> None:
    checked = 0
    for seed in range(3):
        for obs in setup_positions(players, seed):
            table = choices(obs)
            assert len({round(c.value, 9) for c in table.choices}) == 1  # the ranking shown
            found = hint(obs)
            assert found.ladder(2)[0][0] is Explain.PICK  # an example, not "the best"
            assert Explain.SETUP_ANY in {code for code, _ in found.ladder(3)}
            for move in obs.legal_moves:
                for review in (review_move(obs, move), grade_guess(obs, move)):
                    assert review.grade == "good" and review.loss == 0
                    assert review.reasons == ((Explain.GOOD, {}),)
                told = narrate(obs, move, "beginner")
                assert told.follows_hint and told.reasons[0] == (
                    Explain.PICK, {"move": str(move), "place": str(move)[-2:]})
                assert Explain.LOST not in {code for code, _ in told.reasons}
                checked += 1
    assert checked > 12 * players  # every seat's two reveals, three seeds, two ways


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_setups_hint_review_and_guess_say_no_difference_in_words(lang: str) -> None:
    names = [f"P{i}" for i in range(8)]
    for obs in setup_positions(4, 0):
        coach = SkyjoCoach()
        steps = [coach.hint_html(obs, obs, lang=lang, names=names)[0] for _ in range(3)]
        for move in obs.legal_moves:
            # a free reveal is not praised as a choice: no review at all
            assert review_html([(obs, move)], lang=lang, names=names) == ""
            guess = SKYJO_DEMO.guess_html([(obs, move)], lang=lang, names=names)
            assert 'data-grade="good"' in guess and "<li>" not in guess, guess  # no points
        assert len(set(steps)) == 3, steps
