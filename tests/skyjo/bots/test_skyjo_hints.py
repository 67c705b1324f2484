"""Every claim of a Skyjo hint, checked against the dealer's whole round."""

from __future__ import annotations

from collections import Counter

import pytest
from positions import decision_points

from skipbo_widgets.i18n import LANGUAGES, t
from skipbo_widgets.skyjo.bots import Explain, hint
from skipbo_widgets.skyjo.bots.explain import message_key
from skipbo_widgets.skyjo.engine import Round
from skipbo_widgets.skyjo.engine.events import ColumnCleared
from skipbo_widgets.skyjo.engine.moves import column_places


def _unseen(r: Round) -> list[int]:
    """What nobody has seen: the draw pile and every face-down grid card."""
    hidden = [c for g, up in zip(r.grids, r.face_up, strict=True)
              for c, u in zip(g, up, strict=True) if c is not None and not u]
    return hidden + r.draw_pile


def _check(r: Round, code: Explain, p: dict[str, object]) -> None:
    seat, unseen = r.current, _unseen(r)
    mean = round(sum(unseen) / len(unseen), 1)  # as the learner reads it
    if "mean" in p:
        assert p["mean"] == mean
    h = hint(r.observe(seat))
    after = r.copy()
    events = after.push(h.move)
    place = h.move.place
    card = r.drawn if r.drawn is not None else r.discard[-1]
    if code in (Explain.TAKE_LOWER, Explain.SWAP_LOWER):
        assert r.face_up[seat][place] and p["old"] == r.grids[seat][place] and p["value"] == card
        # over the cards face up before the move (a last turn turns the others too)
        shown = [q for q in range(12) if r.face_up[seat][q]]
        drop = sum(r.grids[seat][q] or 0 for q in shown) - sum(after.grids[seat][q] or 0
                                                               for q in shown)
        cleared = any(isinstance(e, ColumnCleared) for e in events)
        assert p["gain"] == r.grids[seat][place] - card > 0  # type: ignore[operator]
        assert drop == p["gain"] or (cleared and drop > p["gain"])  # type: ignore[operator]
    elif code in (Explain.TAKE_HIDDEN, Explain.SWAP_HIDDEN):
        assert not r.face_up[seat][place] and p["value"] == card and card < mean
    elif code is Explain.DRAW_INSTEAD:
        assert r.discard[-1] == p["value"] and r.discard[-1] > mean
    elif code is Explain.DRAW_BETTER:
        assert r.discard[-1] == p["value"] and r.discard[-1] <= mean
    elif code is Explain.DROP_HIGH:
        shown = [c for c, u in zip(r.grids[seat], r.face_up[seat], strict=True) if u]
        assert card > mean and all(c is not None and c <= card for c in shown)
    elif code is Explain.COLUMN_CLEAR:
        assert any(isinstance(e, ColumnCleared) and e.card == p["value"]
                   and "abcd"[e.column] == p["column"] for e in events)
    elif code is Explain.COLUMN_CHANCE:
        places = column_places("abcd".index(str(p["column"])))
        shown = [after.grids[seat][q] for q in places if after.face_up[seat][q]]
        assert shown == [p["value"]] * 2 and after.hidden[seat] >= 1
        assert p["chance"] == round(100 * Counter(unseen)[card] / len(unseen))
    elif code is Explain.HOLD_BACK_ABOVE:
        others = [r.visible_sum(s) for s in range(r.rules.players) if s != seat]
        assert p["mine"] == r.visible_sum(seat) > p["theirs"] == min(others)
        assert r.visible_sum(p["seat"]) == p["theirs"]  # type: ignore[arg-type]
        assert r.hidden[seat] == 1 and after.ender is None and r.ender is None
        assert r.rules.doubled(r.visible_sum(seat)) > r.visible_sum(seat)
    elif code is Explain.HOLD_BACK_RISK:
        assert r.hidden[seat] == 1 and after.ender is None and 0 <= p["chance"] < 50  # type: ignore[operator]
    elif code is Explain.END_ROUND:
        assert after.ender == seat and r.ender is None
        final = after.copy()
        assert final.visible_sum(seat) == p["score"]
    elif code is Explain.LAST_TURN:
        assert r.ender == p["seat"] != seat


def test_every_claim_of_every_hint_holds_in_the_dealers_round() -> None:
    seen: Counter[Explain] = Counter()
    for r in decision_points():
        for code, params in hint(r.observe(r.current)).ladder(3)[1:]:
            _check(r, code, params)
            seen[code] += 1
    # The positions reach every kind of claim, so each check above has run.
    assert set(seen) >= {Explain.TAKE_LOWER, Explain.TAKE_HIDDEN, Explain.SWAP_LOWER,
                         Explain.SWAP_HIDDEN, Explain.DRAW_INSTEAD, Explain.DROP_HIGH,
                         Explain.COLUMN_CHANCE, Explain.END_ROUND, Explain.LAST_TURN}, seen


def test_the_ladder_nudges_then_lights_the_place_then_explains() -> None:
    for r in decision_points(rounds=1, players=(2,)):
        h = hint(r.observe(r.current))
        (action, params), = h.ladder(2)
        assert action is Explain.ACTION and params["move"] == str(h.move)
        assert params["place"] == (None if h.move.kind == "draw" else str(h.move)[-2:])
        assert h.ladder(1)[0][0].value.startswith("look_")
        assert h.ladder(3)[0] == h.ladder(2)[0]
        assert r.can_move(h.move)
    with pytest.raises(ValueError):
        h.ladder(4)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_reads_in_every_language(lang: str) -> None:
    params = {"value": 9, "old": 11, "place": "b2", "gain": 2, "mean": 4.9, "column": "c",
              "chance": 12, "mine": 23, "seat": 1, "theirs": 14, "score": 5, "move": "take b2",
              "points": 2.5, "best": "draw"}
    for code in Explain:
        key = message_key(code)
        text = t(key, lang, names=["Tom", "Mia"], **params)
        assert text != key and "{" not in text, (code, text)
        if lang != "en":
            assert text != t(key, "en", names=["Tom", "Mia"], **params), code
    assert "4,9" in t("explain.skyjo.draw_instead", lang, value=9, mean=4.9) or lang == "en"
