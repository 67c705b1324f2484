"""The Skyjo section of docs/notation.md and the README's five lines do what they say."""

from __future__ import annotations

import contextlib
import doctest
import io
import json
import re
from pathlib import Path

import pytest

from skipbo_widgets.skyjo.engine import DECK_COUNTS, Round, Rules
from skipbo_widgets.skyjo.engine.save import round_from_dict, round_to_dict

ROOT = Path(__file__).resolve().parents[3]
NOTATION = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
SKYJO_DOCS = NOTATION[NOTATION.index("\n## Skyjo"):]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def blocks(text: str, lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", text, flags=re.S)


def test_the_pycon_example_runs_as_shown() -> None:
    (example,) = blocks(SKYJO_DOCS, "pycon")
    test = doctest.DocTestParser().get_doctest(example, {}, "notation.md", None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    out = io.StringIO()
    runner.run(test, out=out.write)
    assert runner.failures == 0, out.getvalue()


def test_the_json_example_is_what_the_engine_writes_and_loads() -> None:
    (example,) = blocks(SKYJO_DOCS, "json")
    d = json.loads(example)
    r = Round.new(Rules(players=2), seed="docs")
    for text in ["reveal a1", "reveal b2", "reveal c3", "reveal d1"]:
        r.push_text(text)
    written = {k: v for k, v in round_to_dict(r).items() if k not in ("rng", "draw_pile")}
    assert d == written
    assert round_from_dict(d).all_cards() == DECK_COUNTS


@pytest.mark.parametrize("game", ["skipbo", "skyjo"])
def test_the_readme_five_lines_print_what_their_comments_say(game: str) -> None:
    (code,) = [b for b in blocks(README, "python") if f"skipbo_widgets.{game}.engine" in b]
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, "README.md", "exec"), {})
    claim = next(line for line in code.splitlines() if line.startswith("print("))
    expected = claim.split("# ", 1)[1].strip()
    pattern = ".*".join(map(re.escape, expected.split("...")))
    assert re.fullmatch(pattern, printed.getvalue().strip()), printed.getvalue()
