"""Every claim of a Skyjo hint, checked against the dealer's whole round."""

from __future__ import annotations

import math
import re
from collections import Counter

import pytest
from positions import decision_points

from skipbo_widgets.i18n import LANGUAGES, t
from skipbo_widgets.skyjo.bots import Explain, choices, hint, later, review_move
from skipbo_widgets.skyjo.bots.explain import message_key
from skipbo_widgets.skyjo.engine import Move, Round
from skipbo_widgets.skyjo.engine.events import ColumnCleared
from skipbo_widgets.skyjo.engine.moves import column_places, place_text
from skipbo_widgets.widgets.skyjo.coach import SkyjoCoach, move_words, reason_text

NAMES = ["Tom", "Mia", "Ali", "Lea"]


def _unseen(r: Round) -> list[int]:
    """What nobody has seen: the draw pile and every face-down grid card."""
    hidden = [c for g, up in zip(r.grids, r.face_up, strict=True)
              for c, u in zip(g, up, strict=True) if c is not None and not u]
    return hidden + r.draw_pile


def _end_scores(r: Round, seat: int) -> list[int]:
    """Every score the seat's one face-down card could end the round with (columns of
    three equal cards counted as gone)."""
    grid, up = r.grids[seat], r.face_up[seat]
    place = next(q for q in range(12) if grid[q] is not None and not up[q])
    scores = []
    for card in range(-2, 13):
        cells = [card if q == place else grid[q] for q in range(12)]
        columns = [cells[c * 3:c * 3 + 3] for c in range(4)]
        scores.append(sum(sum(c) for c in columns  # type: ignore[arg-type]
                          if None not in c and not c[0] == c[1] == c[2]))
    return scores


def _check(r: Round, code: Explain, p: dict[str, object]) -> None:
    seat, unseen = r.current, _unseen(r)
    exact = sum(unseen) / len(unseen)
    mean = math.floor(exact + 0.5)  # as the learner reads it: whole points, halves up
    if "mean" in p:
        assert p["mean"] == mean and isinstance(p["mean"], int)
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
        assert not r.face_up[seat][place] and p["value"] == card < mean and card < exact
    elif code is Explain.DRAW_INSTEAD:
        assert r.discard[-1] == p["value"] and r.discard[-1] > mean and r.discard[-1] > exact
    elif code is Explain.DRAW_BETTER:
        assert r.discard[-1] == p["value"] and r.discard[-1] <= mean
    elif code is Explain.DROP_HIGH:
        shown = [c for c, u in zip(r.grids[seat], r.face_up[seat], strict=True) if u]
        assert card > mean and card > exact
        assert all(c is not None and c <= card for c in shown)
    elif code is Explain.SETUP_ANY:
        assert r.phase == "setup" and h.move.kind == "reveal"
    elif code is Explain.SETUP_COLUMN:
        places = column_places("abcd".index(str(p["column"])))
        assert place in places and sum(after.face_up[seat][q] for q in places) == 2
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
        # "counts double" is a loss only above 0: every score ending could give is
        assert all(r.rules.doubled(s) > s > 0 for s in _end_scores(r, seat))
    elif code is Explain.HOLD_BACK_RISK:
        assert r.hidden[seat] == 1 and after.ender is None and 0 <= p["chance"] < 50  # type: ignore[operator]
        assert all(r.rules.doubled(s) > s > 0 for s in _end_scores(r, seat))
    elif code is Explain.END_ROUND:
        assert after.ender == seat and r.ender is None
        final = after.copy()
        assert final.visible_sum(seat) == p["score"]
    elif code is Explain.DROP_REVEAL:  # by the strong bot's values: every place for the card
        table = choices(r.observe(seat))
        keeps = [c.value for c in table.choices if c.move.kind == "swap"]
        assert h.move.kind == "drop" and all(table.of(h.move).value <= v for v in keeps)
    elif code is Explain.FEWEST:  # by the strong bot's own values: said of its best move
        table = choices(r.observe(seat))
        assert all(table.of(h.move).value <= c.value for c in table.choices)
    elif code is Explain.LAST_TURN:
        assert r.ender == p["seat"] != seat
    elif code is Explain.SPARE_NEXT:
        _check_spared(r, h.move, p)
    elif code is Explain.KEEP_HIDDEN:
        _check_kept_face_down(r, h.move, p, unseen)


def _check_spared(r: Round, best: Move, p: dict[str, object]) -> None:
    """The move best for the seat's own grid would leave ``value`` on the discard pile;
    the next seat shows ``old`` as its highest face-up card, above ``value``."""
    seat, n = r.current, r.rules.players
    assert p["seat"] == (seat + 1) % n and r.ender != p["seat"]
    table = choices(r.observe(seat))
    mine = min(table.choices, key=lambda c: c.value - c.given)
    assert mine.move != best and mine.move.kind in ("take", "swap", "drop")
    left = r.drawn if mine.move.kind == "drop" else r.grids[seat][mine.move.place]
    assert mine.move.kind == "drop" or r.face_up[seat][mine.move.place]
    theirs = [c for c, u in zip(r.grids[p["seat"]], r.face_up[p["seat"]], strict=True)  # type: ignore[index]
              if u and c is not None]
    assert left == p["value"] and max(theirs) == p["old"] > p["value"]  # type: ignore[operator]


def _turns_left(r: Round) -> float:
    """The seat's further turns at every seat's pace so far (:mod:`.later`'s rule), from the
    engine's face-down cards and turns played."""
    played = r.turn / r.rules.players
    need = []
    for seat in range(r.rules.players):
        hidden = r.hidden[seat]
        turned = later.START_HIDDEN - hidden + later.PRIOR_RATE * later.PRIOR_TURNS
        need.append(hidden * (played + later.PRIOR_TURNS) / turned)
    return max(0.0, min(need) - 1)


def _saving(x: int, unseen: list[int], turns: float) -> float:
    """What a drawn card at least ``later.MARGIN`` lower saves on ``x`` in ``turns``."""
    lower = [c for c in unseen if c <= x - later.MARGIN]
    if not lower:
        return 0.0
    chance = len(lower) / len(unseen)
    return (1 - (1 - chance) ** (later.SHARE * turns)) * (x - sum(lower) / len(lower))


def _check_kept_face_down(r: Round, best: Move, p: dict[str, object], unseen: list[int]) -> None:
    """The best move drops the drawn ``value``; without the turns left, putting it at the
    face-down ``place`` would be best; the seat has about ``count`` more turns, and they
    save more on a face-down card there than on ``value``."""
    seat = r.current
    place = next(q for q in range(12) if place_text(q) == p["place"])
    assert best.kind == "drop" and r.drawn == p["value"] and not r.face_up[seat][place]
    assert r.rules.players == 2  # counted with two players only (later.counts_turns_left)
    turns = _turns_left(r)
    assert p["count"] == math.floor(turns + 0.5) >= 1
    table = choices(r.observe(seat))
    alone = min(table.choices, key=lambda c: c.value - c.later)
    assert alone.move.kind == "swap" and alone.move.place == place
    hidden = sum(_saving(c, unseen, turns) for c in unseen) / len(unseen)
    assert _saving(r.drawn, unseen, turns) < hidden


def test_every_claim_of_every_hint_holds_in_the_dealers_round() -> None:
    seen: Counter[Explain] = Counter()
    for r in decision_points():
        for code, params in hint(r.observe(r.current)).ladder(3):
            _check(r, code, params)
            seen[code] += 1
    # The positions reach every kind of claim, so each check above has run.
    assert set(seen) >= {Explain.TAKE_LOWER, Explain.TAKE_HIDDEN, Explain.SWAP_LOWER,
                         Explain.SWAP_HIDDEN, Explain.DRAW_INSTEAD, Explain.DROP_HIGH,
                         Explain.COLUMN_CHANCE, Explain.END_ROUND, Explain.LAST_TURN,
                         Explain.SETUP_ANY, Explain.SETUP_COLUMN, Explain.SPARE_NEXT,
                         Explain.KEEP_HIDDEN}, seen


def test_the_ladder_nudges_then_lights_the_place_then_explains() -> None:
    for r in decision_points(rounds=1, players=(2,)):
        h = hint(r.observe(r.current))
        (action, params), = h.ladder(2)
        setup = r.phase == "setup"
        assert action is (Explain.PICK if setup else Explain.ACTION)
        assert params["move"] == str(h.move)
        assert params["place"] == (None if h.move.kind == "draw" else str(h.move)[-2:])
        assert h.ladder(1)[0][0].value.startswith("look_")
        why = h.ladder(3)
        assert why and not {Explain.ACTION, Explain.PICK} & {code for code, _ in why}
        assert r.can_move(h.move)
    with pytest.raises(ValueError):
        h.ladder(4)


_SENTENCE = re.compile(r"[^.!?:]+[.!?:]")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_step_of_the_ladder_says_again_what_the_step_before_said(lang: str) -> None:
    """A nudge, the move, then why: a later step repeats no sentence of the one before,
    and the why never says the move again (in the opening too)."""
    for r in decision_points(rounds=2, players=(2, 4)):
        obs = r.observe(r.current)
        h = hint(obs)
        steps = [[reason_text(obs, reason, lang=lang, names=NAMES) for reason in h.ladder(level)]
                 for level in (1, 2, 3)]
        said = [{s.strip().lower() for text in step for s in _SENTENCE.findall(text)}
                for step in steps]
        assert not said[0] & said[1] and not said[1] & said[2], steps
        move = move_words(h.move, obs, lang).lower()
        assert all(move not in text.lower() for text in steps[2]), steps


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_reads_in_every_language(lang: str) -> None:
    params = {"value": 9, "old": 11, "place": "b2", "gain": 2, "mean": 5, "column": "c",
              "chance": 12, "mine": 23, "seat": 1, "theirs": 14, "score": 5, "move": "take b2",
              "points": 3, "best": "draw", "count": 92, "going_on": 40}
    for code in Explain:
        key = message_key(code)
        text = t(key, lang, names=["Tom", "Mia"], **params)
        assert text != key and "{" not in text, (code, text)
        if lang != "en":
            assert text != t(key, "en", names=["Tom", "Mia"], **params), code


_DECIMAL = re.compile(r"\d[.,]\d")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_figure_a_hint_or_review_says_is_a_whole_number(lang: str) -> None:
    """Children read whole numbers: no "about 11.0 points", no "worth 5.2"."""
    seen = 0
    for r in decision_points(rounds=2, players=(2, 4)):
        obs = r.observe(r.current)
        h = hint(obs)
        reasons = [*h.ladder(1), *h.ladder(2), *h.ladder(3)]
        for move in obs.legal_moves:
            reasons += review_move(obs, move).reasons
        for code, params in reasons:
            assert all(isinstance(v, int) for v in params.values()
                       if isinstance(v, (int, float))), (code, params)
            text = reason_text(obs, (code, params), lang=lang, names=NAMES)
            assert not _DECIMAL.search(text), text
            seen += 1
    assert seen > 1000


def test_each_steps_title_fits_its_advice() -> None:
    """Not "Which card?" above "draw a card": step 2's title follows the kind of move,
    step 3's asks why; the titles of different kinds of advice differ."""
    titles: dict[str, str] = {}
    for r in decision_points(rounds=1, players=(2,)):
        obs = r.observe(r.current)
        coach = SkyjoCoach()
        boxes = [coach.hint_html(obs, r.turn, lang="en", names=NAMES)[0] for _ in range(3)]
        kind = hint(obs).move.kind
        titles[kind] = re.findall(r"<b>(.*?)</b>", boxes[1])[0]
        assert f"<b>{t('hint.level.1', 'en')}</b>" in boxes[0]
        assert f"<b>{t('hint.skyjo.level.3', 'en')}</b>" in boxes[2]
    assert set(titles) >= {"reveal", "draw", "take", "swap", "drop"}
    assert titles["draw"] != t("hint.level.2", "en") and "pile" in titles["draw"]
    assert len({titles[k] for k in ("draw", "take", "swap", "reveal")}) == 4
