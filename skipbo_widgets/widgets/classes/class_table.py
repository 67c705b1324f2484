"""The class view's table: one row per pupil — where they are, each rule of the games
shown (○ taught, ● mastered) under its short name in the teacher's language, hints,
wrong tries, lessons finished, games played and won. A pupil's row opens their details
below it (a click or tap on the row; Tab to the name and Enter).

:class:`ClassTable` is the widget (the page sends ``{"type": "pick", "pupil": id}``,
checked by the screen); :func:`table_html` draws it.
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import traitlets

from ...classes import RULES_BY_GAME
from ...games import GAMES
from ...tutorials.lesson import all_lessons
from ..page.page import PageWidget

HERE = Path(__file__).parent
Tr = Callable[..., str]
#: What the teacher can show of the rules: one game's columns, or both games'.
RULE_VIEWS = (*RULES_BY_GAME, "both")


class ClassTable(PageWidget):
    _esm = HERE / "class_table.js"
    _css = HERE / "class_table.css"

    value = traitlets.Unicode("").tag(sync=True)
    #: The teacher's language: the page says clock times in it.
    lang = traitlets.Unicode("en").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_pick: list[Callable[[str], None]] = []
        self.on_msg(self._receive)

    def on_pick(self, handler: Callable[[str], None]) -> None:
        """Call ``handler(pupil_id)`` when the teacher picks a row (the id is unchecked)."""
        self._on_pick.append(handler)

    def _receive(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not (isinstance(content, dict) and content.get("type") == "pick"):
            return  # the page's script sends nothing else
        pupil = content.get("pupil")
        if isinstance(pupil, str) and len(pupil) <= 40:
            for handler in self._on_pick:
                handler(pupil)


def mastered_count(row: dict[str, Any]) -> int:
    return sum(1 for v in row["rules"].values() if v == "mastered")


def clock(at: float) -> str:
    """``10:42``: the kernel's own clock (the page says it again in the teacher's)."""
    return time.strftime("%H:%M", time.localtime(at))


def where_text(row: dict[str, Any], tr: Tr) -> str:
    """Where a pupil is, in words (away: since when, on the kernel's clock)."""
    if row["away"]:
        return tr("class.where.away", time=clock(float(row["seen"])))
    where = row["where"]
    game = GAMES[where["game"]].name if "game" in where else ""
    if where["screen"] == "lesson":
        return tr("class.where.lesson", game=game, lesson=where["lesson"], step=where["step"])
    if where["screen"] == "game":
        return tr("class.where.game", game=game)
    if where["screen"] == "room":
        others = ", ".join(where["with"])
        key = ("class.where.room" if not where.get("computer")
               else "class.where.room_computer" if others else "class.where.room_only_computer")
        return tr(key, game=game, room=where["room"], others=others or "—")
    return tr(f"class.where.{where['screen']}")


def where_html(row: dict[str, Any], tr: Tr) -> str:
    """:func:`where_text` as HTML; away since a ``<time>`` the page says in its own zone."""
    if not row["away"]:
        return html.escape(where_text(row, tr))
    seen = float(row["seen"])
    stamp = (f'<time data-clock="{seen:.0f}" '
             f'datetime="{time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seen))}">'
             f"{clock(seen)}</time>")
    return html.escape(tr("class.where.away", time="\0")).replace("\0", stamp)


def shown_games(rules: str) -> list[str]:
    """The games whose rule columns are shown (``rules``: a game, or ``both``)."""
    return list(RULES_BY_GAME) if rules not in RULES_BY_GAME else [rules]


def _upright(text: str, title: str = "", rule: str = "", first: bool = False) -> str:
    extra = f' title="{html.escape(title)}"' if title else ""
    extra += f' data-rule="{rule}"' if rule else ""
    css = "sb-class-upright" + (" sb-class-rule" if rule else "")
    css += " sb-class-first" if first else ""
    return f'<th class="{css}"{extra}>{html.escape(text)}</th>'


def table_html(rows: Sequence[dict[str, Any]], tr: Tr, *, rules: str, details: str) -> str:
    """The table of ``rows`` with the rule columns of ``rules`` (a game, or ``both``), the
    row of ``details`` (a pupil's id) opened."""
    games = shown_games(rules)
    head1 = [f'<th rowspan="2">{html.escape(tr("class.col.name"))}</th>',
             f'<th rowspan="2">{html.escape(tr("class.col.where"))}</th>']
    head1 += [f'<th class="sb-class-game" colspan="{len(RULES_BY_GAME[g])}">'
              f"{html.escape(GAMES[g].name)}</th>" for g in games]
    head1 += [_upright(tr(f"class.col.{c}")).replace("<th ", '<th rowspan="2" ', 1)
              for c in ("hints", "wrong", "lessons", "games")]
    head2 = [_upright(tr(f"class.rule.{r}"), f"{r}: {tr(f'class.rule.{r}')}", r, i == 0)
             for g in games for i, r in enumerate(RULES_BY_GAME[g])]
    width = 6 + sum(len(RULES_BY_GAME[g]) for g in games)
    body = []
    for row in rows:
        pupil = html.escape(row["id"])
        opened = row["id"] == details
        cells = [f'<td><button class="sb-class-pupil" aria-expanded="{str(opened).lower()}">'
                 f'{html.escape(row["name"])}</button></td>',
                 f'<td class="sb-class-where">{where_html(row, tr)}</td>']
        for game in games:
            for i, rule in enumerate(RULES_BY_GAME[game]):
                state = row["rules"].get(rule, "")
                mark = {"mastered": "●", "taught": "○"}.get(state, "")
                css = "sb-class-mark sb-class-first" if i == 0 else "sb-class-mark"
                cells.append(f'<td class="{css}" data-state="{state}">{mark}</td>')
        played = " · ".join(f"{row['played'].get(g, 0)} ({row['won'].get(g, 0)})"
                            for g in games)
        cells += [f'<td class="sb-class-count">{n}</td>'
                  for n in (row["hints"], row["wrong"], len(row["lessons"]))]
        cells.append(f'<td class="sb-class-count">{html.escape(played)}</td>')
        css = ' class="sb-class-open"' if opened else ""
        body.append(f'<tr data-pupil="{pupil}"{css}>{"".join(cells)}</tr>')
        if opened:
            body.append(f'<tr class="sb-class-details-row"><td colspan="{width}">'
                        f"{details_html(row, tr)}</td></tr>")
    return ('<table class="sb-class-table">'
            f'<thead><tr>{"".join(head1)}</tr><tr>{"".join(head2)}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table>')


def details_html(row: dict[str, Any], tr: Tr) -> str:
    """One pupil's rules in words, per game: mastered, then taught only."""
    parts = [f"<h4>{html.escape(row['name'])}</h4>"]
    for game, rules in RULES_BY_GAME.items():
        said = []
        for state in ("mastered", "taught"):
            names = [tr(f"class.rule.{r}") for r in rules if row["rules"].get(r) == state]
            if names:
                said.append(f"{html.escape(tr(f'class.state.{state}'))}: "
                            f"{html.escape(', '.join(names))}")
        if said:
            parts.append(f"<p><b>{html.escape(GAMES[game].name)}</b> — {' · '.join(said)}</p>")
    lessons = ", ".join(lesson_title(done, tr) for done in row["lessons"]) or "—"
    parts.append(f"<p>{html.escape(tr('class.col.lessons'))}: {html.escape(lessons)}</p>")
    return f'<div class="sb-class-details" data-testid="class-details">{"".join(parts)}</div>'


def lesson_title(done: str, tr: Tr) -> str:
    """A lesson finished (``skipbo/wild``) by its title in the teacher's language."""
    game, _, lesson = done.partition("/")
    found = next((item for item in all_lessons() if item.game == game and item.id == lesson),
                 None)
    return tr(found.title_key) if found is not None else done
