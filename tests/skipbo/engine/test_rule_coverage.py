"""Every rule an engine enforces (Skip-Bo ``SB-…``, Skyjo ``SJ-…``) has a test that names it.

Tests name rules with ``@pytest.mark.rule("SB-…")`` (directly, in
``pytestmark`` or in ``pytest.param(..., marks=...)``). This module reads the
markers from the source of every test module, so it works on its own too
(``pytest tests/skipbo/engine/test_rule_coverage.py``).
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

import pytest

from skipbo_widgets.skipbo.engine import rule_ids as skipbo_ids
from skipbo_widgets.skyjo.engine import rule_ids as skyjo_ids

ENFORCED = skipbo_ids.ENFORCED + skyjo_ids.ENFORCED
TAUGHT = skipbo_ids.TAUGHT + skyjo_ids.TAUGHT
ALL = skipbo_ids.ALL + skyjo_ids.ALL

TESTS = Path(__file__).resolve().parents[2]
RULES_MD = TESTS.parent / ".." / "shared" / "RULES.md"
RULE_ID = re.compile(r"`((?:SB|SJ)-[A-Z-]+)`")


def rule_markers(source: str) -> list[str]:
    """The string arguments of every ``pytest.mark.rule(...)`` call in ``source``."""
    ids = []
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "rule"
            and isinstance(node.func.value, ast.Attribute)
            and node.func.value.attr == "mark"
        ):
            for arg in node.args:
                assert isinstance(arg, ast.Constant) and isinstance(arg.value, str), (
                    "rule markers name their ids as string literals"
                )
                ids.append(arg.value)
    return ids


def marked_rules() -> dict[str, list[str]]:
    """Rule id -> the test modules that mark a test with it."""
    found: dict[str, list[str]] = defaultdict(list)
    for path in sorted(TESTS.rglob("test_*.py")):
        for rule_id in rule_markers(path.read_text(encoding="utf-8")):
            found[rule_id].append(path.name)
    return found


def test_the_marker_reader_finds_every_form() -> None:
    source = '''
import pytest
pytestmark = pytest.mark.rule("SB-A")
@pytest.mark.rule("SB-B", "SB-C")
def test_x(): ...
CASES = [pytest.param(1, marks=pytest.mark.rule("SB-D")),
         pytest.param(2, marks=[pytest.mark.slow, pytest.mark.rule("SB-E")])]
'''
    assert rule_markers(source) == ["SB-A", "SB-B", "SB-C", "SB-D", "SB-E"]


def test_the_lists_are_disjoint() -> None:
    assert not set(ENFORCED) & set(TAUGHT)
    assert len(ALL) == len(set(ALL))


def test_every_enforced_rule_has_a_test() -> None:
    found = marked_rules()
    missing = [rule_id for rule_id in ENFORCED if rule_id not in found]
    assert missing == []


def test_markers_name_known_rules() -> None:
    found = marked_rules()
    assert sorted(set(found) - set(ALL)) == []


@pytest.mark.skipif(not RULES_MD.exists(), reason="the shared rule book is not next to the repo")
def test_the_lists_match_the_rule_book() -> None:
    text = RULES_MD.read_text(encoding="utf-8")
    skipbo, skyjo = text.split("\n## 2. Skyjo")
    assert sorted(set(RULE_ID.findall(skipbo))) == sorted(skipbo_ids.ALL)
    assert sorted(set(RULE_ID.findall(skyjo))) == sorted(skyjo_ids.ALL)
