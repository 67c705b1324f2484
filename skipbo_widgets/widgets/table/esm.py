"""A table's script as anywidget gets it: one module's text, with what the tables share.

anywidget hands the page the text of one module, loaded where a relative import names
nothing. So a script may import from a file beside it (``import { flyCard } from
"./fly.js";``, one line, as the tables do) and that line is replaced here by the
file itself, its ``export`` words dropped. No other build step.
"""

from __future__ import annotations

import re
from pathlib import Path

_IMPORT = re.compile(r'^import \{[\w\s,]+\} from "(\.\.?/[\w./-]+\.js)";$', re.MULTILINE)
_EXPORT = re.compile(r"^export ", re.MULTILINE)


def bundle(script: Path) -> str:
    """The text of ``script`` with each relative import line replaced by its file."""
    def inline(match: re.Match[str]) -> str:
        shared = (script.parent / match[1]).read_text(encoding="utf-8")
        return _EXPORT.sub("", shared).rstrip("\n")

    return _IMPORT.sub(inline, script.read_text(encoding="utf-8"))
