"""The Skyjo rule sheet to print, as data: one section per part of RULES.md §2, each a
heading and paragraphs named by message keys (``sheet.skyjo.*``, written for the sheet;
the Skip-Bo sheet's "Setup" and "A turn" headings are shared), and the rule ids it
covers. :func:`skipbo_widgets.tutorials.sheet.sheet_html` writes it in a language.

>>> [s.id for s in SECTIONS][:3]
['goal', 'setup', 'turn']
>>> from skipbo_widgets.skyjo.engine import rule_ids
>>> sorted({rule for s in SECTIONS for rule in s.rules}) == sorted(rule_ids.ALL)
True
"""

from __future__ import annotations

from ..core.sheet import Section

#: The sheet's title (the page's and the tab's).
TITLE = "sheet.skyjo.title"

SECTIONS: tuple[Section, ...] = (
    Section("goal", "sheet.skyjo.goal.title", ("sheet.skyjo.goal.text", "sheet.skyjo.goal.cards"),
            ("SJ-PLAYERS", "SJ-DECK")),
    Section("setup", "sheet.setup.title",
            ("sheet.skyjo.setup.deal", "sheet.skyjo.setup.piles", "sheet.skyjo.setup.first"),
            ("SJ-DEAL", "SJ-DISCARD-START", "SJ-FIRST")),
    Section("turn", "sheet.turn.title",
            ("sheet.skyjo.turn.choice", "sheet.skyjo.turn.take", "sheet.skyjo.turn.draw"),
            ("SJ-TAKE-DISCARD", "SJ-TAKE-DRAW")),
    Section("column", "sheet.skyjo.column.title", ("sheet.skyjo.column.text",), ("SJ-COLUMN",)),
    Section("draw-pile", "sheet.skyjo.reshuffle.title", ("sheet.skyjo.reshuffle.text",),
            ("SJ-RESHUFFLE",)),
    Section("round-end", "sheet.skyjo.end.title",
            ("sheet.skyjo.end.last", "sheet.skyjo.end.score"),
            ("SJ-LAST-TURNS", "SJ-ROUND-SCORE")),
    Section("doubling", "sheet.skyjo.double.title",
            ("sheet.skyjo.double.text", "sheet.skyjo.double.variant"), ("SJ-DOUBLE",)),
    Section("game-end", "sheet.skyjo.game.title", ("sheet.skyjo.game.text",), ("SJ-GAME-END",)),
)
