"""Skip-Bo's hints and turn reviews in the learner's language.

The bots produce reason codes with parameters (:class:`~skipbo_widgets.skipbo.bots.Explain`);
this module turns them into sentences with the message keys ``explain.<code>``
and describes the moves of a plan with ``plan.<source>`` keys.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from ...i18n import t
from ...skipbo.bots import Explain, Hint, Reason, Review, hint, review_turn
from ...skipbo.engine import END_MOVE, Move, Observation
from ...skipbo.engine.cards import Card
from ..table.coach import Ladder, hint_box, review_box


def plan_sentences(obs: Observation, moves: Sequence[Move], *, lang: str,
                   names: Sequence[str]) -> list[str]:
    """One sentence per move, with the card each move takes at that point of the plan."""
    faces = obs.rules.faces
    piles = {(seat, i): list(p) for seat, v in enumerate(obs.seats)
             for i, p in enumerate(v.discards)}
    sentences = []
    for move in moves:
        if move == END_MOVE or move.is_end:
            sentences.append(t("plan.end", lang))
            continue
        owner = obs.partner if move.partner and obs.partner is not None else obs.seat
        card: Card | None
        if move.source == "s":
            card = obs.seats[owner].stock_top
        elif move.source == "d":
            pile = piles[(owner, move.index)]
            card = pile.pop() if pile else None
        else:
            card = move.index
        if move.is_discard:
            key = "plan.discard"
        else:
            key = "plan." + ("p" if move.partner else "") + move.source
        sentences.append(t(key, lang, names=names, faces=faces, card=card, pile=move.pile,
                           from_pile=move.index + 1, partner=names[owner]))
    return sentences


def reason_html(obs: Observation, reason: Reason, *, lang: str, names: Sequence[str]) -> str:
    """One reason as HTML: a sentence, or a heading and a numbered plan."""
    code, params = reason
    if code in (Explain.PLAN, Explain.BETTER_PLAN):
        moves = [Move.parse(text) for text in params.get("moves", [])]
        items = "".join(f"<li>{html.escape(s)}</li>"
                        for s in plan_sentences(obs, moves, lang=lang, names=names))
        return f"{html.escape(t(f'explain.{code.value}', lang))}<ol>{items}</ol>"
    if code is Explain.MOVE_CARD:
        move = Move.parse(params["move"]) if params.get("move") else END_MOVE
        sentence = plan_sentences(obs, [move], lang=lang, names=names)[0]
        return html.escape(t("explain.move_card", lang, move=sentence))
    text = t(f"explain.{code.value}", lang, names=names, faces=obs.rules.faces, **params)
    return html.escape(text)


class Coach(Ladder[Hint]):
    """The hint ladder for the current position, and the review of each finished turn."""

    def next_hint(self, obs: Observation, position: object) -> tuple[Hint, int]:
        """The hint for ``obs`` and the next ladder level (1, 2, 3, then 3 again).

        ``position`` identifies the position: a new one starts the ladder again.
        """
        return self.climb(position, lambda: hint(obs))

    def hint_html(self, obs: Observation, position: object, *, lang: str,
                  names: Sequence[str]) -> tuple[str, Move | None]:
        """The next hint as HTML, and the move to highlight on the table (from level 2)."""
        found, level = self.next_hint(obs, position)
        return self._html(obs, found, level, lang=lang, names=names), \
            found.plan[0] if level >= 2 and found.plan else None

    @staticmethod
    def _html(obs: Observation, found: Hint, level: int, *, lang: str,
              names: Sequence[str]) -> str:
        return hint_box(level, [reason_html(obs, r, lang=lang, names=names)
                                for r in found.ladder(level)], lang=lang)

    @staticmethod
    def review(steps: Sequence[tuple[Observation, Move]]) -> Review:
        return review_turn(steps)

    @staticmethod
    def review_html(steps: Sequence[tuple[Observation, Move]], *, lang: str,
                    names: Sequence[str]) -> str:
        """The review of a finished turn as HTML (a grade and its reasons)."""
        result = review_turn(steps)
        obs = steps[result.start][0]
        return review_box(result.grade, [reason_html(obs, r, lang=lang, names=names)
                                         for r in result.reasons], lang=lang)
