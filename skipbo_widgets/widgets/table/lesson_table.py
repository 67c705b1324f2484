"""The table controller of a lesson step: the learner's tries are judged, not pushed.

The same requests, refusals, highlighting and view as in a game
(:class:`~.controller.TableController`); only a move differs: the step's
:class:`~skipbo_widgets.tutorials.StepRun` judges it and takes a wrong one back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...tutorials import Feedback, StepRun
from ...tutorials.goals import LEARNER
from ..registry import game_ui
from .controller import Message, TableController, default_names
from .table_game import TableWidget

#: Told of every judged try, with what the learner saw before it.
FeedbackListener = Callable[[Feedback, Any], None]


class LessonController(TableController):
    """One step's table: ``run`` judges each try; ``on_feedback`` hears the verdict."""

    def __init__(self, run: StepRun, *, lang: str, table: TableWidget | None = None) -> None:
        self.run = run
        self.message: Message | None = None
        self.shown: Any | None = None
        #: The card of a wrong try flying back to where it came from (drawn once per id).
        self.bounce: dict[str, Any] | None = None
        self._bounces = 0
        #: Changes with every new table (step, start again): the page then drops a
        #: card it had picked up.
        self.scene = 0
        self.on_feedback: FeedbackListener | None = None
        self.on_idle: Callable[[], None] | None = None
        self.on_refresh: Callable[[], None] | None = None
        super().__init__(run.game, seat=LEARNER, lang=lang, table=table,
                         names=default_names(run.game.rules.players, LEARNER, lang))

    def load(self, run: StepRun) -> None:
        """Show a step's table (a new step, or the same one started again)."""
        self.run, self.game = run, run.game
        self.message, self.shown, self.bounce = None, None, None
        self.scene += 1
        self.set_lang(self.lang)

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.names = default_names(self.game.rules.players, LEARNER, lang)

    # -- what differs from a game ---------------------------------------------

    @property
    def interactive(self) -> bool:
        return self.run.active

    def request(self, request: dict[str, str]) -> bool:
        """A card picked up is the first half of a move: refused at once when no move it
        can become does the task (the page then drops it: a new scene)."""
        source = request.get("source")
        if request.get("type") == "select" and isinstance(source, str) and source \
                and self.run.active:
            moves = [m for m in self.game.legal_moves() if self.kind.lit(m)[:1] == (source,)]
            if moves:
                before = self.observation()
                feedback = self.run.try_start(moves)
                if feedback.kind == "wrong":
                    self._judged(feedback, before)
                    return False
        return super().request(request)

    def move(self, text: str) -> bool:
        """Let the step judge the try; the listener says what it means."""
        before = self.observation()
        feedback = self.run.try_move(text)
        if feedback.kind == "idle":
            self.idle()
            return False
        self._judged(feedback, before)
        return feedback.kind in ("progress", "done")

    def _judged(self, feedback: Feedback, before: Any) -> None:
        self.shown = feedback.show
        self.bounce = None
        if feedback.kind == "wrong":
            self.bounce = self._bounce_back(feedback.move, before)
            # The table is as before the try: a new scene, so that the page lets go of
            # whatever it still holds of it (a drawn card it showed on the discard pile).
            self.scene += 1
        if self.on_feedback is not None:
            self.on_feedback(feedback, before)

    def keeps_message(self) -> bool:
        return self.run.has_task and self.run.done  # a solved task keeps its praise

    def idle(self) -> None:
        if self.on_idle is not None:
            self.on_idle()

    def picked_up(self, key: str = "", **params: Any) -> None:
        """A card picked up in a lesson keeps the step's answer in sight (the table says
        what is held)."""

    def tell(self, text: Callable[[], str], kind: str) -> None:
        self.message = (text, kind)
        self.refresh()

    def status(self) -> tuple[str, str]:
        """The message, else the open task (on a narrow screen the lesson's text sits
        above the table, out of sight while the learner taps the cards: app.css shows
        this line only there)."""
        text, kind = self.said()
        if self.run.has_task and not self.run.done and not text:
            step = self.run.step
            label = "tutorial.question" if step.quiz is not None else "tutorial.your_task"
            return f'{self.tr(label)} {self.tr(step.key + ".task")}', "todo"
        return text, kind

    def said(self) -> tuple[str, str]:
        """The message in the current language, and its kind (``""`` for none)."""
        return (self.message[0](), self.message[1]) if self.message else ("", "info")

    def lit(self) -> tuple[str, ...]:
        """The shown move (after a second miss), else what the step lights up, until its
        task is done (review: the glow stayed on the emptied drawn card's place and on a
        column gone from the grid)."""
        if self.shown is not None:
            return self.kind.lit(self.shown)
        if self.run.step.task is not None and self.run.done:
            return ()
        return self.run.step.highlight

    def build_view(self) -> dict[str, Any]:
        """The game's view as the step shows it, sent to the page once per change."""
        view = super().build_view()
        if self.run.step.decide and view.get("building") and view.get("legal"):
            # The learner decides alone: a picked-up card lights every building pile,
            # not just the one it fits (that would give the answer away); the engine
            # still refuses, with its reason, a pile the card does not fit.
            piles = {pile["target"] for pile in view["building"]}
            legal = {source: sorted(set(targets) | piles)
                     for source, targets in view["legal"].items()}
            view = {**view, "legal": legal}
        quiz_view = game_ui(self.kind.id).quiz_view
        if self.run.step.quiz is not None and quiz_view is not None:
            view = quiz_view(view)
        return view

    def refresh(self) -> None:
        super().refresh()
        if self.on_refresh is not None:
            self.on_refresh()

    def view_extras(self) -> dict[str, Any]:
        extras: dict[str, Any] = {"scene": self.scene, "bounce": self.bounce}
        quiz_extras = game_ui(self.kind.id).quiz_extras
        if self.run.step.quiz is not None and quiz_extras is not None:
            extras.update(quiz_extras(self.tr))
        return extras

    def _bounce_back(self, move: Any | None, before: Any) -> dict[str, Any] | None:
        """Where the card of a wrong try was put and where it goes back to, as table test ids."""
        bounce = self.kind.bounce(move, before)
        if bounce is None:
            return None
        self._bounces += 1
        return {"id": self._bounces, **bounce}
