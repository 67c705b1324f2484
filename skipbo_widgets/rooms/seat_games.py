"""A seat's side of a room: its observation as the engine's own object again, and a
stand-in game built from nothing else.

:meth:`~.authority.Rooms.observe` sends a seat's view as JSON (``Observation.to_dict``).
The page's kernel turns it back into the game's :class:`Observation` (the table's view,
the hints and the turn reviews are built from that), and into a *stand-in*: a game that
agrees with everything the seat sees, every card it cannot see made up
(:func:`~skipbo_widgets.skipbo.bots.determinize.determinize` for Skip-Bo; face-down
cards from the unseen ones for Skyjo). The stand-in only checks the seat's own clicks,
so that a refusal gives the engine's reason at once; it is never shown, never moved
for real, and it holds no card of another seat's (the kernel never had one).

>>> from skipbo_widgets.skyjo.engine import Round
>>> real = Round.new(seed=4)
>>> seat = SEAT_GAMES["skyjo"]
>>> obs = seat.observation(real.observe(0).to_dict())
>>> obs == real.observe(0), seat.stand_in(obs).observe(0) == obs
(True, True)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from enum import Enum
from typing import Any, Protocol

from ..core.errors import GameError
from ..skipbo import engine as skipbo
from ..skipbo.bots.determinize import determinize
from ..skyjo import engine as skyjo


class SeatGame(Protocol):
    """What a page's kernel needs of a game to play a room's seat."""

    id: str
    #: The engine's reason codes (an illegal move's ``cause`` names one).
    reasons: type[Enum]

    def observation(self, data: Mapping[str, Any]) -> Any:
        """The engine's observation from its ``to_dict`` form."""
        ...

    def stand_in(self, obs: Any) -> Any | None:
        """A game that agrees with ``obs`` (the unseen cards made up), to check the seat's
        moves with; ``None`` if the deal is over (nothing to check)."""
        ...


class SkipBoSeat:
    id = "skipbo"
    reasons: type[Enum] = skipbo.Reason

    def observation(self, data: Mapping[str, Any]) -> skipbo.Observation:
        outcome = data["outcome"]
        return skipbo.Observation(
            seat=data["seat"], rules=skipbo.Rules.from_dict(dict(data["rules"])),
            current=data["current"], turn=data["turn"], dealer=data["dealer"],
            hand=tuple(data["hand"]),
            seats=tuple(skipbo.SeatView(
                seat=v["seat"], team=v["team"], stock_top=v["stock_top"],
                stock_count=v["stock_count"], hand_count=v["hand_count"],
                discards=tuple(tuple(p) for p in v["discards"])) for v in data["seats"]),
            building=tuple(tuple(p) for p in data["building"]),
            draw_count=data["draw_count"], completed_count=data["completed_count"],
            outcome=None if outcome is None else skipbo.Outcome(tuple(outcome["winners"]),
                                                                outcome["points"]),
            legal_moves=tuple(skipbo.Move.parse(m) for m in data["legal_moves"]))

    def stand_in(self, obs: skipbo.Observation) -> skipbo.Game | None:
        if obs.outcome is not None:
            return None
        return determinize(obs, random.Random(0))


class SkyjoSeat:
    id = "skyjo"
    reasons: type[Enum] = skyjo.Reason

    def observation(self, data: Mapping[str, Any]) -> skyjo.Observation:
        scores = data["scores"]
        rules = dict(data["rules"])
        return skyjo.Observation(
            seat=data["seat"], rules=skyjo.Rules(**rules), phase=data["phase"],
            current=data["current"], turn=data["turn"], ender=data["ender"],
            seats=tuple(skyjo.SeatView(v["seat"], tuple(v["cards"]), tuple(v["cleared"]))
                        for v in data["seats"]),
            discard=tuple(data["discard"]), draw_count=data["draw_count"],
            holding=data["holding"], drawn=data["drawn"],
            scores=None if scores is None else tuple(scores),
            legal_moves=tuple(skyjo.Move.parse(m) for m in data["legal_moves"]))

    def stand_in(self, obs: skyjo.Observation) -> skyjo.Round | None:
        if obs.phase == "over":
            return None
        unseen = sorted(Counter(obs.unseen()).elements())
        random.Random(0).shuffle(unseen)
        grids = [[None if place in view.cleared
                  else (card, True) if card is not None else (unseen.pop(), False)
                  for place, card in enumerate(view.cards)] for view in obs.seats]
        drawn = obs.drawn if obs.drawn is not None else unseen.pop() if obs.holding else None
        # A later round starts at the seat that ended the round before, which the view
        # does not name: the first seat that fits the cards turned and the turn.
        for starter in (None, *range(obs.rules.players)):
            try:
                return skyjo.from_position(
                    obs.rules, grids=grids, discard=obs.discard, draw_pile=None,
                    phase=obs.phase, current=obs.current, turn=obs.turn,
                    starter=starter, drawn=drawn,
                    ender=obs.ender)
            except GameError:
                continue
        return None


SEAT_GAMES: dict[str, SeatGame] = {s.id: s for s in (SkipBoSeat(), SkyjoSeat())}
