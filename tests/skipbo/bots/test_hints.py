"""Every claim a hint makes is checked against the engine, on positions of real games."""

from __future__ import annotations

import ast
import inspect
import re
from collections.abc import Iterator
from typing import Any

import pytest
from bot_positions import TABLES

from skipbo_widgets.i18n import LANGUAGES
from skipbo_widgets.i18n.messages import translations
from skipbo_widgets.skipbo.bots import Explain, Hint, hint, make_bot
from skipbo_widgets.skipbo.bots import explain as explain_module
from skipbo_widgets.skipbo.engine import WILD, Game, Move, Observation, Rules, observe
from skipbo_widgets.skipbo.engine.events import Discarded, Drew, Played
from skipbo_widgets.skipbo.engine.rules import HAND_SIZE

TOP = 12


def _needs(game: Game) -> list[int]:
    return [len(p) + 1 for p in game.building]


def _gap(card: int, needs: list[int]) -> int:
    return 0 if card == WILD else min((card - n) % TOP for n in needs)


class Replay:
    """The plan played on a copy of the real game, with what each move did."""

    def __init__(self, game: Game, obs: Observation, plan: tuple[Move, ...]) -> None:
        self.start = game.copy()
        self.obs = obs
        self.seat = obs.seat
        self.plan = plan
        self.events: list[list[Any]] = []
        self.final = plan[-1] if plan[-1].is_discard or plan[-1].is_end else None
        self.game = game
        self.before_final: Game | None = None
        for move in plan:
            if move is self.final:
                self.before_final = game.copy()
            self.events.append(game.push(move, by=self.seat))
        # the end state of the plays (a discard does not change the building piles)
        self.end = self.before_final or game
        self.played = [e for evs in self.events for e in evs if isinstance(e, Played)]

    def stock_count(self) -> int:
        return len(self.start.stocks[self.seat]) - len(self.end.stocks[self.seat])

    def stock_index(self) -> int | None:
        for i, m in enumerate(self.plan):
            if m.is_play and m.source == "s" and not m.partner:
                return i
        return None


def _other_plans_leave_it(start: Game, seat: int, needs: int, stock: int,
                          limit: int = 4000) -> bool | None:
    """Whether some way to play this turn with ``stock`` own stock cards leaves no building
    pile needing ``needs``; ``None`` when there are too many ways to try them all.

    Plays stop where the search's plans stop: at a move that empties the hand (new cards
    are drawn, which the player cannot know in advance).
    """
    found = False
    seen = 0
    todo = [start.copy()]
    while todo:
        game = todo.pop()
        seen += 1
        if seen > limit:
            return None
        played = len(start.stocks[seat]) - len(game.stocks[seat])
        if played == stock and needs not in _needs(game):
            found = True
        if not any(game.hands[seat]) or game.outcome is not None:
            continue
        for move in game.legal_moves():
            if move.is_play and not move.partner:
                nxt = game.copy()
                nxt.push(move, by=seat)
                if nxt.current == seat and any(nxt.hands[seat]) == any(game.hands[seat]) \
                        and not any(isinstance(e, Drew) for e in nxt.events[len(game.events):]):
                    todo.append(nxt)
                elif nxt.current == seat:
                    n_played = len(start.stocks[seat]) - len(nxt.stocks[seat])
                    found = found or (n_played == stock and needs not in _needs(nxt))
    return found


def check_claim(r: Replay, code: Explain, p: dict[str, Any]) -> None:
    start, seat = r.start, r.seat
    plays = [m for m in r.plan if m.is_play]
    if code is Explain.NO_PLAY:
        assert not any(m.is_play for m in start.legal_moves())
        assert r.final is not None and r.final.is_discard  # it says "discard": one is made
    elif code is Explain.NO_PLAY_END:
        assert not any(m.is_play for m in start.legal_moves())
        assert r.plan == (Move("end"),) and not any(start.hands[seat])
    elif code in (Explain.GIFT_NEXT, Explain.GIFT_NEXT_CHOSEN):
        assert r.final is not None
        assert p["seat"] == (seat + 1) % start.rules.players
        assert start.rules.team(p["seat"]) != start.rules.team(seat)
        assert r.end.stocks[p["seat"]][-1] == p["needs"] != WILD
        assert p["needs"] in _needs(r.end)
        others = _other_plans_leave_it(start, seat, p["needs"], r.stock_count())
        if others is not None:  # small enough to try every other plan
            assert others == (code is Explain.GIFT_NEXT_CHOSEN)
    elif code is Explain.PLAY_STOCK:
        i = r.stock_index()
        assert i is not None and r.plan[i].pile == p["pile"]
        assert start.stocks[seat][-1] == p["card"]
        played = [e for e in r.events[i] if isinstance(e, Played)]
        assert played[0].source == "s" and played[0].card == p["card"]
    elif code is Explain.STOCK_WINS:
        assert r.game.outcome is not None and seat in r.game.outcome.winners
        assert not r.game.stocks[seat]
    elif code is Explain.BRIDGE_TO_STOCK:
        i = r.stock_index()
        assert i is not None and p["card"] == start.stocks[seat][-1] != WILD
        pile = r.plan[i].pile
        assert sum(1 for m in r.plan[:i] if m.is_play and m.pile == pile) == p["cards"] > 0
    elif code is Explain.PARTNER_STOCK:
        assert p["seat"] == start.partner(seat)
        assert start.stocks[p["seat"]][-1] == p["card"]
        assert any(m.source == "s" and m.partner for m in plays)
    elif code is Explain.REFILL:
        drew = [e for e in r.events[-1] if isinstance(e, Drew)]
        assert drew and drew[0].empty_hand and drew[0].seat == seat
        assert len(drew[0].cards) == p["cards"] and 0 < p["cards"] <= HAND_SIZE
    elif code is Explain.PLAY_DISCARDS:
        own = [e for e in r.played if e.source == "d" and e.owner == seat]
        assert len(own) == p["count"] > 0
    elif code is Explain.SPEND_WILD:
        assert sum(1 for e in r.played if e.card == WILD and e.source != "s") == p["count"] > 0
    elif code is Explain.KEEP_WILD:
        assert r.final is not None and r.before_final is not None
        kept = r.before_final.hands[seat][WILD] - (r.final.is_discard and r.final.index == WILD)
        assert kept == p["count"] > 0
    elif code is Explain.CLOSE_GAP:
        top = start.stocks[seat][-1]
        assert p["card"] == top and r.stock_index() is None
        assert _gap(top, _needs(start)) == p["before"]
        assert _gap(top, _needs(r.end)) == p["after"] < p["before"]
    elif code is Explain.BLOCK_NEXT:
        assert r.final is not None
        assert p["seat"] == (seat + 1) % start.rules.players
        assert start.rules.team(p["seat"]) != start.rules.team(seat)
        assert r.end.stocks[p["seat"]][-1] == p["needs"] != WILD
        assert p["needs"] not in _needs(r.end)
    elif code is Explain.HELP_PARTNER:
        assert r.final is not None and p["seat"] == start.partner(seat)
        assert r.end.stocks[p["seat"]][-1] == p["needs"] in _needs(r.end)
    elif code in (Explain.DISCARD_RUN, Explain.DISCARD_STACK, Explain.DISCARD_EMPTY):
        assert r.final is not None and r.final.is_discard and r.before_final is not None
        assert (r.final.index, r.final.pile) == (p["card"], p["pile"])
        under = r.before_final.discards[seat][p["pile"]]
        disc = [e for e in r.events[-1] if isinstance(e, Discarded)]
        assert disc[0].card == p["card"]
        if code is Explain.DISCARD_EMPTY:
            assert not under
        elif code is Explain.DISCARD_RUN:
            assert under and under[-1] == p["card"] + 1 and p["card"] != WILD
        else:
            assert under and under[-1] == p["card"] != WILD
    elif code is Explain.DISCARD_FAR:
        assert r.final is not None and r.final.is_discard and r.final.index == p["card"]
        assert p["card"] != WILD and p["card"] not in _needs(r.end)
        stock = r.end.stocks[seat]
        assert not stock or stock[-1] != p["card"]
    elif code is Explain.PLAN:
        assert p["moves"] == [str(m) for m in r.plan]
    else:
        raise AssertionError(f"no check for {code}")


def check_ladder(r: Replay, h: Hint) -> None:
    code, p = h.ladder(1)[0]
    plays = [m for m in r.plan if m.is_play]
    if code is Explain.LOOK_STOCK:
        assert r.stock_index() is not None and p["card"] == r.start.stocks[r.seat][-1]
    elif code is Explain.LOOK_PARTNER:
        assert any(m.partner for m in plays) and p["seat"] == r.start.partner(r.seat)
    elif code is Explain.LOOK_DISCARDS:
        assert plays[0].source == "d"
    elif code is Explain.LOOK_HAND:
        assert any(m.source == "h" for m in plays)
    elif code is Explain.LOOK_END:
        assert not plays and r.plan == (Move("end"),)
    else:
        assert code is Explain.LOOK_DISCARD_CHOICE and not plays and r.final is not None
        assert r.final.is_discard
    code, p = h.ladder(2)[0]
    first = r.plan[0]
    assert code is Explain.MOVE_CARD and p["move"] == str(first)
    if first.is_play:
        e = next(e for e in r.events[0] if isinstance(e, Played))
        assert (e.card, e.pile, p["target"]) == (p["card"], p["pile"], "b")
    elif first.is_discard:
        e2 = next(e for e in r.events[0] if isinstance(e, Discarded))
        assert (e2.card, e2.pile, p["target"]) == (p["card"], p["pile"], "d")


def hinted_positions(rules: Rules, levels: tuple[str, ...], seed: str
                     ) -> Iterator[tuple[Game, Observation, Hint]]:
    """Every decision point of a real game, with the hint for it (the strong seats
    follow the hint, which is their own plan)."""
    game = Game.new(rules, seed=seed, dealer=0)
    bots = [make_bot(level, seed=f"{seed}/{s}") for s, level in enumerate(levels)]
    while game.outcome is None:
        seat = game.current
        obs = observe(game, seat)
        h = hint(obs)
        yield game.copy(), obs, h
        plan = list(h.plan) if levels[seat] == "strong" else bots[seat].choose_turn(obs)
        for move in plan:
            game.push(move, by=seat)
            if game.outcome is not None or game.current != seat:
                break


@pytest.mark.slow
def test_hint_claims_are_true_on_thousands_of_positions() -> None:
    positions = 0
    seen: set[Explain] = set()
    for k in range(4):
        for rules, levels in TABLES:
            if positions >= 2000:
                break
            for game, obs, h in hinted_positions(rules, levels, seed=f"claims/{k}"):
                r = Replay(game, obs, h.plan)
                check_ladder(r, h)
                for code, params in h.ladder(3):
                    check_claim(r, code, params)
                    seen.add(code)
                positions += 1
    assert positions >= 2000
    # the claims above were really exercised, not skipped
    must = {Explain.PLAY_STOCK, Explain.BRIDGE_TO_STOCK, Explain.REFILL, Explain.SPEND_WILD,
            Explain.KEEP_WILD, Explain.BLOCK_NEXT, Explain.DISCARD_RUN, Explain.DISCARD_STACK,
            Explain.DISCARD_EMPTY, Explain.DISCARD_FAR, Explain.NO_PLAY, Explain.PLAN,
            Explain.PLAY_DISCARDS, Explain.CLOSE_GAP, Explain.PARTNER_STOCK,
            Explain.GIFT_NEXT, Explain.GIFT_NEXT_CHOSEN}
    assert must <= seen, must - seen


def test_every_reason_code_documents_its_params() -> None:
    tree = ast.parse(inspect.getsource(explain_module))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Explain")
    body = cls.body
    documented = set()
    for i, node in enumerate(body):
        if isinstance(node, ast.Assign) and i + 1 < len(body):
            nxt = body[i + 1]
            if isinstance(nxt, ast.Expr) and isinstance(nxt.value, ast.Constant):
                documented.add(node.targets[0].id)  # type: ignore[attr-defined]
    assert documented == {m.name for m in Explain}
    assert len({m.value for m in Explain}) == len(Explain)


def test_a_blocked_turn_with_an_empty_hand_is_explained_as_ending_the_turn() -> None:
    """Nothing to draw, nothing to shuffle, an empty hand: the hint never speaks of a discard."""
    from skipbo_widgets.tutorials import load_lessons

    step = next(s for lesson in load_lessons() for s in lesson.steps
                if s.key == "tut.drawpile.emptyturn")
    game = step.new_game()
    game.push(Move.parse("h5-b1"), by=0)
    obs = observe(game, 0)
    h = hint(obs)
    assert h.plan == (Move("end"),) and not any(game.hands[0])
    assert h.ladder(1)[0][0] is Explain.LOOK_END
    codes = [code for code, _ in h.ladder(3)]
    assert Explain.NO_PLAY_END in codes and Explain.NO_PLAY not in codes
    r = Replay(game, obs, h.plan)
    check_ladder(r, h)
    for code, params in h.ladder(3):
        check_claim(r, code, params)


# Reasons that name a move: each must go on to say why it is good (after a colon).
NAMES_A_MOVE = (Explain.PLAY_STOCK, Explain.PARTNER_STOCK, Explain.KEEP_WILD,
                Explain.DISCARD_EMPTY, Explain.DISCARD_FAR)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_level_3_reasons_say_why_not_only_what(lang: str) -> None:
    catalog = translations(lang)
    for code in NAMES_A_MOVE:
        text = catalog.gettext(f"explain.{code.value}")
        assert re.search(r":\s*\w+(\W+\w+){3,}", text), (code, text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_discard_far_claims_only_what_the_code_checks(lang: str) -> None:
    """The code checks "no pile needs it, not the stock card's number", never "needed least"."""
    text = translations(lang).gettext("explain.discard_far").lower()
    assert not any(word in text for word in ("least", "wenigsten", "le moins", "het minst"))
