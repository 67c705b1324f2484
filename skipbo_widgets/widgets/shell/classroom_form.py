"""What the demo's and the hot seat's setup forms share: a heading and a few words, the
deal number, a level picker, and a start that says in the learner's language why the
choice cannot be played."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w

from ...core.errors import GameError
from ...i18n import explain, t
from ..page.testids import testid
from .settings import MAX_SEED


class ClassroomForm:
    """A form whose :meth:`settings` may refuse; ``on_start(settings)`` when it does not."""

    def __init__(self, lang: str, on_start: Callable[[Any], None]) -> None:
        self.lang = lang
        self._on_start = on_start
        self.error = w.HTML()

    def tr(self, key: str, **params: object) -> str:
        return t(key, self.lang, **params)

    def settings(self) -> Any:
        raise NotImplementedError

    def seed_box(self, seed: str) -> w.Text:
        """The deal number (the same number deals the same cards: said under it by
        :meth:`frame`, where a placeholder would be cut short)."""
        box = testid(w.Text(value=seed, description=self.tr("setup.seed"),
                            style={"description_width": "initial"},
                            layout=w.Layout(width="30em")), "seed")
        box.add_class("sb-seed")
        return box

    def level_box(self, levels: Sequence[str], level: str, **kwargs: Any) -> w.Dropdown:
        """A bot's level, named as in the new-game form."""
        return w.Dropdown(options=[(self.tr(f"setup.level.{lv}"), lv) for lv in levels],
                          value=level if level in levels else "medium", **kwargs)

    def frame(self, title: str, intro: str, rows: Sequence[w.Widget], *, start: str,
              start_id: str, on_back: Callable[[], None]) -> w.VBox:
        """The form's widget: heading, intro, ``rows``, the error line, back and start."""
        go = testid(w.Button(description=self.tr(start), button_style="success", icon="play"),
                    start_id)
        back = testid(w.Button(description=self.tr("ui.back"), icon="arrow-left"), "back")
        go.on_click(lambda _b: self.submit())
        back.on_click(lambda _b: on_back())
        head = (f"<h2>{html.escape(self.tr(title))}</h2>"
                f"<p class='sb-intro'>{html.escape(self.tr(intro))}</p>")
        shown: list[w.Widget] = []
        for row in rows:
            shown.append(row)
            if "sb-seed" in getattr(row, "_dom_classes", ()):
                shown.append(seed_note(self.lang))
        widget = w.VBox([w.HTML(head), *shown, self.error, w.HBox([back, go])],
                        layout=w.Layout(padding="8px"))
        widget.add_class("sb-setup")
        return widget

    def submit(self) -> None:
        try:
            settings = self.settings()
        except GameError as err:
            self.error.value = (f'<div class="sb-form-error" data-testid="form-error">'
                                f"{html.escape(self.why(err))}</div>")
            return
        self.error.value = ""
        self._on_start(settings)

    def why(self, err: GameError) -> str:
        """Why the settings cannot be played, in the learner's language."""
        return explain(err, self.lang)

    @staticmethod
    def seed_of(box: w.Text) -> str:
        return str(box.value).strip()[:MAX_SEED]


def seed_note(lang: str) -> w.HTML:
    """What the game number is for, under its field (whole on a phone)."""
    text = html.escape(t("setup.seed_placeholder", lang))
    return w.HTML(f'<div class="sb-form-note sb-seed-note">{text}</div>')
