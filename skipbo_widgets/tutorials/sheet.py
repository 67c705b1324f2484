"""A game's rule sheet as one HTML page to print (A4, black on white), in a language.

The game lists its sections (:class:`~skipbo_widgets.core.sheet.Section`); the texts
come from the same catalogs as the lessons, so the sheet and the lessons never tell two
stories.

>>> from skipbo_widgets.skipbo.sheet import SECTIONS
>>> page = sheet_html(SECTIONS, "de")
>>> page.startswith("<!DOCTYPE html>") and '<html lang="de">' in page
True
>>> from skipbo_widgets.skyjo import sheet
>>> "<title>Skyjo: the rules</title>" in sheet_html(sheet.SECTIONS, "en", title=sheet.TITLE)
True
"""

from __future__ import annotations

import html
from functools import cache
from pathlib import Path

from ..core.sheet import Section
from ..i18n import t

#: The sheet's styles: a readable page on screen, A4 on paper (``@media print``).
STYLE = Path(__file__).with_name("sheet.css")


@cache
def _style() -> str:
    return STYLE.read_text(encoding="utf-8")


def sheet_html(sections: tuple[Section, ...], lang: str, *, title: str = "sheet.title") -> str:
    """The whole page, ready to open in a browser tab and print; each section says the
    rule ids it covers (``data-rules``)."""
    def tr(key: str) -> str:
        return html.escape(t(key, lang))

    parts = [f'<section data-rule="{html.escape(s.id)}" '
             f'data-rules="{html.escape(" ".join(s.rules))}"><h2>{tr(s.heading)}</h2>'
             + "".join(f"<p>{tr(key)}</p>" for key in s.paragraphs) + "</section>"
             for s in sections]
    return (f'<!DOCTYPE html>\n<html lang="{html.escape(lang)}"><head><meta charset="utf-8">'
            f"<title>{tr(title)}</title><style>{_style()}</style>"
            f"</head><body><main><h1>{tr(title)}</h1>"
            f'<p class="screen-only">{tr("sheet.print_hint")}</p>'
            f'<div class="sections">{"".join(parts)}</div></main></body></html>')
