"""The rule ids of RULES.md section 2 (Skyjo); the engine plays every one of them.

Each needs a test marked with ``@pytest.mark.rule(...)`` (see
``tests/skipbo/engine/test_rule_coverage.py``, which checks both games).
"""

ENFORCED = (
    "SJ-DECK",
    "SJ-PLAYERS",
    "SJ-DEAL",
    "SJ-DISCARD-START",
    "SJ-FIRST",
    "SJ-TAKE-DISCARD",
    "SJ-TAKE-DRAW",
    "SJ-COLUMN",
    "SJ-RESHUFFLE",
    "SJ-LAST-TURNS",
    "SJ-ROUND-SCORE",
    "SJ-DOUBLE",
    "SJ-GAME-END",
)

TAUGHT: tuple[str, ...] = ()

ALL = ENFORCED + TAUGHT
