"""The Skip-Bo rule sheet to print, as data: one section per part of RULES.md §1, each
a heading and paragraphs named by message keys (the lessons' own texts where they say
the rule in general, ``sheet.*`` where a sheet needs its words), and the rule ids it
covers. :func:`skipbo_widgets.tutorials.sheet.sheet_html` writes it in a language.

>>> [s.id for s in SECTIONS][:3]
['goal', 'setup', 'turn']
"""

from __future__ import annotations

from ..core.sheet import Section

SECTIONS: tuple[Section, ...] = (
    Section("goal", "tut.goal.title", ("tut.goal.stock", "sheet.goal.cards"),
            ("SB-DECK", "SB-PLAYERS")),
    Section("setup", "sheet.setup.title",
            ("sheet.setup.dealer", "sheet.setup.deal", "sheet.setup.first"),
            ("SB-DEALER", "SB-STOCK-SIZE", "SB-DEAL", "SB-FIRST", "SB-NEXT")),
    Section("turn", "sheet.turn.title", ("sheet.turn.refill", "sheet.turn.play"),
            ("SB-REFILL", "SB-PLAY")),
    Section("building", "sheet.build.title",
            ("sheet.build.piles", "tut.wild.wild", "tut.wild.start"), ("SB-PLAY", "SB-WILD")),
    Section("discarding", "tut.discard.title", ("tut.discard.discard", "sheet.discard.rules"),
            ("SB-DISCARD",)),
    Section("completed", "tut.complete.title", ("sheet.complete.text",), ("SB-COMPLETE",)),
    Section("empty-hand", "tut.emptyhand.title", ("tut.emptyhand.empty", "sheet.emptyhand.goon"),
            ("SB-EMPTY-HAND",)),
    Section("winning", "tut.win.title", ("sheet.win.text",), ("SB-WIN",)),
    Section("draw-pile", "tut.drawpile.title",
            ("sheet.drawpile.recycle", "tut.drawpile.emptyturn", "sheet.drawpile.blocked"),
            ("SB-RECYCLE", "SB-BLOCKED")),
    Section("teams", "tut.teams.title",
            ("sheet.teams.seats", "sheet.teams.play", "sheet.teams.talk", "sheet.teams.win"),
            ("SB-TEAM-SEATS", "SB-TEAM-PLAY", "SB-TEAM-TALK", "SB-TEAM-WIN")),
    Section("scoring", "tut.score.title", ("sheet.score.points", "sheet.score.match"),
            ("SB-SCORE", "SB-MATCH")),
    Section("playing-cards", "tut.variants.title",
            ("sheet.variants.short", "tut.variants.queen", "tut.variants.king",
             "sheet.variants.suits"),
            ("SB-STOCK-SIZE", "SB-PLAYING-CARDS")),
)
