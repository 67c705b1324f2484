"""Reason codes for hints and turn reviews: a code plus parameters, never a sentence.

The i18n layer renders each ``(code, params)`` pair in the learner's language.
Card values are ints as in the engine (``0`` is a SKIP-BO card); seats are
absolute seat numbers (0-based); piles are 0-based (``pile + 1`` on screen).
Each member's docstring lists its parameters and the claim it makes about the
position, which a test checks against the engine.

>>> Explain.PLAY_STOCK.value
'play_stock'
"""

from __future__ import annotations

from enum import Enum
from typing import Any

Reason = tuple["Explain", dict[str, Any]]


class Explain(str, Enum):
    """Every reason a hint, a ladder step or a turn review can give."""

    # -- why the plan is best --------------------------------------------
    PLAY_STOCK = "play_stock"
    """``card``, ``pile``: the plan plays the own stock-pile top ``card`` onto building
    pile ``pile``."""
    STOCK_WINS = "stock_wins"
    """(no params): the plan plays the last card of the own stock pile and wins."""
    BRIDGE_TO_STOCK = "bridge_to_stock"
    """``cards``, ``card``: the plan plays ``cards`` cards from hand and discard piles before
    it plays the stock card ``card``; they build the pile up to it."""
    PARTNER_STOCK = "partner_stock"
    """``seat``, ``card``: (teams) the plan plays the partner's stock-pile top ``card``."""
    REFILL = "refill"
    """``cards``: the plan's last move leaves the hand empty, so ``cards`` new cards are
    drawn at once (more than zero, at most 5): it plays the last hand card, or completes
    a building pile while the hand is empty after a blocked draw."""
    PLAY_DISCARDS = "play_discards"
    """``count``: the plan plays ``count`` cards from the own discard piles, freeing them."""
    KEEP_WILD = "keep_wild"
    """``count``: the plan ends with ``count`` SKIP-BO cards still in hand (more than zero):
    it does not spend them."""
    SPEND_WILD = "spend_wild"
    """``count``: the plan plays ``count`` SKIP-BO cards (from hand or discard piles)."""
    CLOSE_GAP = "close_gap"
    """``before``, ``after``, ``card``: the smallest number of cards a building pile still
    needs before the own stock card ``card`` fits drops from ``before`` to ``after``."""
    BLOCK_NEXT = "block_next"
    """``seat``, ``needs``: the next player ``seat`` shows stock card ``needs``; the plan leaves
    no building pile needing ``needs``, although another plan reaching the same number of
    stock cards would have."""
    HELP_PARTNER = "help_partner"
    """``seat``, ``needs``: (teams) the partner's stock card is ``needs`` and after the plan a
    building pile needs exactly ``needs``."""
    DISCARD_RUN = "discard_run"
    """``card``, ``pile``: the final discard puts ``card`` onto discard pile ``pile`` whose top
    is ``card + 1`` (a descending run you can play off later)."""
    DISCARD_STACK = "discard_stack"
    """``card``, ``pile``: the final discard puts ``card`` onto discard pile ``pile`` whose top
    is also ``card``."""
    DISCARD_EMPTY = "discard_empty"
    """``card``, ``pile``: the final discard puts ``card`` onto the empty discard pile ``pile``."""
    DISCARD_FAR = "discard_far"
    """``card``: no building pile needs the discarded card after the plan's plays, and it is
    not the number of the own stock card."""
    NO_PLAY = "no_play"
    """(no params): no card can go onto a building pile; the plan only discards."""
    NO_PLAY_END = "no_play_end"
    """(no params): no card can go onto a building pile and the hand is empty with nothing
    to draw: the plan only ends the turn, without a discard."""
    GIFT_NEXT = "gift_next"
    """``seat``, ``needs``: the next player ``seat`` (an opponent) shows stock card ``needs``,
    after the plan a building pile needs exactly ``needs``, and so does it after every plan
    that plays as many own stock cards."""
    GIFT_NEXT_CHOSEN = "gift_next_chosen"
    """``seat``, ``needs``: as ``gift_next``, but some plan playing as many own stock cards
    would leave no such pile; the search scores every such plan lower than this one."""

    # -- hint ladder, level 1 (a nudge) -----------------------------------
    LOOK_STOCK = "look_stock"
    """``card``: look at your stock card ``card``: it can be played this turn (directly or
    after a few cards)."""
    LOOK_HAND = "look_hand"
    """(no params): look at your hand: you can play cards from it."""
    LOOK_DISCARDS = "look_discards"
    """(no params): look at your discard piles: the plan plays from them."""
    LOOK_PARTNER = "look_partner"
    """``seat``: (teams) look at your partner's piles: the plan plays from them."""
    LOOK_DISCARD_CHOICE = "look_discard_choice"
    """(no params): nothing to play that helps; think about which card to discard and where."""
    LOOK_END = "look_end"
    """(no params): nothing can be played and the hand is empty with nothing to draw: the
    plan only ends the turn."""

    # -- hint ladder, level 2 (the card and the pile) ---------------------
    MOVE_CARD = "move_card"
    """``move``, ``card``, ``source``, ``target``, ``pile``: the first move of the plan in
    notation (``move``), the card it moves (0 = SKIP-BO), where it comes from (``"s"``,
    ``"h"``, ``"d"``, ``"ps"``, ``"pd"``) and where it goes (``"b"`` building pile,
    ``"d"`` discard pile; ``pile`` 0-based), or ``"end"`` to end the turn."""
    # -- hint ladder, level 3 (the whole plan) ----------------------------
    PLAN = "plan"
    """``moves``: the whole plan up to the next unknown card, in notation, in order."""

    # -- turn review ---------------------------------------------------------
    GOOD_TURN = "good_turn"
    """(no params): the turn reached the best end state (or one worth as much)."""
    MISSED_WIN = "missed_win"
    """(no params): the last stock card could have been played to win."""
    MISSED_STOCK = "missed_stock"
    """``count``: up to the first unknown card, ``count`` more stock cards could have been
    played."""
    MISSED_REFILL = "missed_refill"
    """(no params): the whole hand could have been played for 5 new cards, but was not."""
    WASTED_WILD = "wasted_wild"
    """``count``: ``count`` more SKIP-BO cards were spent than the best plan spends."""
    GAVE_NEXT = "gave_next"
    """``seat``, ``needs``: after the turn the next player ``seat`` can bring a building pile
    to their stock card ``needs`` with the cards of their own discard piles alone (each
    top, then the card under it, in any order, a SKIP-BO card standing for any value and
    a completed pile starting again at 1), or a pile already needs it; after the best
    plan they could not."""
    POOR_DISCARD = "poor_discard"
    """``card``, ``pile``: the final discard (``card`` onto pile ``pile``) is worse than
    another discard the player could have made after the same plays (it scores more than
    one point less; one stock card is worth 100)."""
    BETTER_PLAN = "better_plan"
    """``moves``: the best plan, in notation (shown with the other reasons)."""
