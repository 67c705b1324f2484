"""Skyjo's places are said as the table shows them (row and column), by Skyjo's own
words (widgets/skyjo/places.py), never in notation."""

from __future__ import annotations

import pytest

from skipbo_widgets.i18n import LANGUAGES, explain, t
from skipbo_widgets.skyjo.engine import IllegalMove, Reason
from skipbo_widgets.widgets.skyjo.places import PLACES, explain_refusal, place_words
from skipbo_widgets.widgets.skyjo.table_game import SKYJO_TABLE


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("reason", [Reason.FACE_UP, Reason.PLACE_EMPTY])
def test_a_refused_place_is_said_as_the_table_shows_it_not_in_notation(
        lang: str, reason: Reason) -> None:
    text = explain_refusal(IllegalMove(reason, place="b1"), lang)  # b1: top row, second column
    assert "b1" not in text
    assert t("skyjo.row.0", lang) in text and "2" in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_place_has_words_of_its_row_and_column(lang: str) -> None:
    words = {place_words(place, lang) for place in PLACES}
    assert len(words) == len(PLACES) == 12
    assert all(t(f"skyjo.row.{row}", lang) in place_words(f"d{row + 1}", lang)
               for row in range(3))


def test_the_shared_explain_leaves_a_place_as_the_engine_gave_it() -> None:
    """The shared wording knows no game's places: Skyjo's adapter says them."""
    err = IllegalMove(Reason.FACE_UP, place="b1")
    assert "b1" in explain(err, "en")
    assert SKYJO_TABLE.explain(err, None, None, lang="en", names=[]) \
        == explain_refusal(err, "en")
