"""The rule ids of RULES.md section 1 (Skip-Bo), split by who enforces them.

``ENFORCED`` rules are played by the engine and need a test marked with
``@pytest.mark.rule(...)``; ``TAUGHT`` rules only appear in the tutorials
(table talk, mistakes at a real table, strategy tips).
"""

ENFORCED = (
    "SB-DECK",
    "SB-WILD",
    "SB-PLAYERS",
    "SB-STOCK-SIZE",
    "SB-DEALER",
    "SB-DEAL",
    "SB-FIRST",
    "SB-REFILL",
    "SB-PLAY",
    "SB-COMPLETE",
    "SB-EMPTY-HAND",
    "SB-DISCARD",
    "SB-NEXT",
    "SB-WIN",
    "SB-RECYCLE",
    "SB-BLOCKED",
    "SB-TEAM-SEATS",
    "SB-TEAM-PLAY",
    "SB-TEAM-WIN",
    "SB-SCORE",
    "SB-MATCH",
    "SB-PLAYING-CARDS",
)

TAUGHT = (
    "SB-TEAM-TALK",
    "SB-MISTAKE-DRAW",
    "SB-MISTAKE-TURN",
    "SB-TIP-STOCK",
    "SB-TIP-BLOCK",
    "SB-TIP-SUPPORT",
)

ALL = ENFORCED + TAUGHT
