"""Every Skyjo refusal is explained in de/fr/nl/en, with the sheets' words."""

from __future__ import annotations

from typing import Any

import pytest
from test_i18n_messages import SAMPLES as SKIPBO_SAMPLES

from skipbo_widgets.i18n import LANGUAGES, explain, t
from skipbo_widgets.skyjo.engine import GameError, IllegalMove, Reason, Round, Rules, loads_round

# One set of parameters per reason, as the engine raises them: the codes Skyjo
# shares with Skip-Bo take Skip-Bo's samples. A new Reason without a sample
# fails test_every_reason_has_sample_params.
OWN: dict[Reason, dict[str, Any]] = {
    Reason.ROUND_OVER: {},
    Reason.SETUP_REVEAL: {"count": 2},
    Reason.SETUP_OVER: {},
    Reason.FACE_UP: {"place": "b2"},
    Reason.PLACE_EMPTY: {"place": "a1"},
    Reason.HOLDING_CARD: {"drawn": -2},
    Reason.NOTHING_DRAWN: {},
    Reason.BAD_NOTATION: {"text": "take e9"},
    Reason.BAD_CARD: {"text": "13"},
    Reason.BAD_PLAYER_COUNT: {"players": 9, "min": 2, "max": 8},
    Reason.BAD_DOUBLING: {"doubling": "never"},
    Reason.SAVE_BAD_FORMAT: {"format": "skipbo-widgets/game"},
    Reason.SAVE_CARDS_MISMATCH: {"value": -2, "expected": 5, "found": 6},
}
_SHARED = {reason.value: params for reason, params in SKIPBO_SAMPLES.items()}
SAMPLES = {r: _SHARED[r.value] for r in Reason if r.value in _SHARED} | OWN

# The words players of each language use for Skyjo's piles (RULES.md, seed 003).
WORDS = {
    Reason.SETUP_OVER: {"de": ["Ablagestapel", "Nachziehstapel"], "fr": ["défausse", "pioche"],
                        "nl": ["aflegstapel", "trekstapel"], "en": ["discard pile", "draw pile"]},
    Reason.HOLDING_CARD: {"de": ["Auslage", "Ablagestapel"], "fr": ["défausse"],
                          "nl": ["aflegstapel"], "en": ["grid", "discard pile"]},
}


def test_every_reason_has_sample_params() -> None:
    assert set(SAMPLES) == set(Reason)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_is_explained_completely(lang: str) -> None:
    for reason, params in SAMPLES.items():
        text = explain(IllegalMove(reason, **params), lang)
        assert "{" not in text and not text.startswith("error."), (reason, text)
        assert "SKIP" not in text.upper() or reason == Reason.SAVE_BAD_FORMAT, (reason, text)
        if lang != "en":
            assert text != explain(IllegalMove(reason, **params), "en"), reason


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_piles_have_their_skyjo_names(lang: str) -> None:
    for reason, words in WORDS.items():
        text = explain(IllegalMove(reason, **SAMPLES[reason]), lang)
        assert all(word in text for word in words[lang]), text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_real_refusals_are_explained(lang: str) -> None:
    caught: list[GameError] = []
    r = Round.new(Rules(players=2), seed=1)
    for attempt in (lambda: r.push_text("draw"), lambda: r.push_text("fly a1"),
                    lambda: Rules(players=9), lambda: loads_round('{"format": "x"}'),
                    lambda: loads_round('{"format": "skipbo-widgets/skyjo-round", "version": 1,'
                                        ' "phase": "play", "discard": "13", "seats": []}')):
        with pytest.raises(GameError) as info:
            attempt()
        caught.append(info.value)
    texts = [explain(error, lang) for error in caught]
    assert all(text and "{" not in text for text in texts)
    assert "Skyjo" in texts[3] and "Skyjo" in texts[4]  # the bad card is named as Skyjo's


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_draw_pile_says_one_card_in_the_singular(lang: str) -> None:
    one, two = (t("skyjo.table.draw_count", lang, count=n) for n in (1, 2))
    assert "1" in one and "2" in two and one.replace("1", "2") != two
