"""The lesson stepper: a step's text and task above a live card table, back and next.

Every step shows its own position (see :mod:`skipbo_widgets.tutorials`) on its
game's table: the list of lessons holds every game's, each under its game's
name, and back and next stay within one game's lessons. In a step with a task
the learner moves cards as in a game; each try is judged by
:class:`~skipbo_widgets.tutorials.StepRun` and answered in the learner's
language; from the second failed try on, the table lights up the move to make.
After a game's last lesson, "try it yourself" starts a practice game of it with hints.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from ...games import game_kind
from ...i18n import t
from ...tutorials import Feedback, Lesson, Step, StepRun
from ...tutorials.goals import LEARNER
from ...tutorials.lesson import all_lessons, course
from ...tutorials.progress import Progress
from ..page.testids import testid
from ..registry import game_ui
from ..table.controller import Message
from ..table.lesson_table import LessonController


class TutorialScreen:
    """All lessons, one step at a time; ``widget`` is what to display."""

    def __init__(self, lang: str, *, on_practice: Callable[[], None],
                 on_menu: Callable[[], None],
                 on_progress: Callable[[Progress], None] | None = None,
                 start: Progress | None = None,
                 lessons: tuple[Lesson, ...] | None = None) -> None:
        self.lang = lang
        self.lessons = lessons or all_lessons()
        self._on_progress = on_progress
        #: Hears every judged try (a teacher's class counts steps done, hints, wrong tries).
        self.on_try: Callable[[Step, Feedback, StepRun], None] | None = None
        self.lesson = 0
        self.step_index = 0
        self.run = StepRun(self.lessons[0].steps[0])
        self.finished = False
        self._skip_asked = False
        #: The moves that solved each task this session: a step visited again shows it solved.
        self._solved: dict[str, tuple[str, ...]] = {}
        self._relabelling = False
        #: The game whose lessons the list shows first.
        self._picker_game = ""

        #: One table per game, made when a lesson of that game is first shown.
        self._controllers: dict[str, LessonController] = {}
        self.table_box = w.Box([], layout=w.Layout(flex="1 1 640px", min_width="0"))
        self.feedback_box = w.HTML()
        #: The step whose text was shown last (lesson, step): a new one is scrolled to.
        self._shown_step: tuple[int, int] | None = None
        self.controller = self._controller_for(self.run)
        self.lesson_picker = testid(w.Dropdown(layout=w.Layout(width="auto")), "lesson-picker")
        self.lesson_picker.observe(self._picked, names="value")
        self.progress_text = testid(w.HTML(), "tutorial-progress")
        self.progress_bar = w.IntProgress(min=0, layout=w.Layout(width="100%"))
        self.text_box = testid(w.HTML(), "tutorial-text")
        self.quiz_box = testid(w.HBox(layout=w.Layout(flex_flow="row wrap")), "tutorial-quiz")
        self.quiz_box.add_class("sb-quiz")
        self.back_button = testid(w.Button(icon="arrow-left"), "tutorial-back")
        self.next_button = testid(w.Button(icon="arrow-right"), "tutorial-next")
        self.again_button = testid(w.Button(icon="undo"), "tutorial-again")
        self.menu_button = testid(w.Button(icon="home"), "menu")
        self.practice_button = testid(w.Button(icon="play", button_style="success"), "practice")
        self.restart_button = testid(w.Button(icon="refresh"), "tutorial-restart")
        self.back_button.on_click(lambda _b: self.back())
        self.next_button.on_click(lambda _b: self.next())
        self.again_button.on_click(lambda _b: self.again())
        self.menu_button.on_click(lambda _b: on_menu())
        self.practice_button.on_click(lambda _b: on_practice())
        self.restart_button.on_click(lambda _b: self.go(self._course().start, 0))
        for button in (self.next_button, self.practice_button):
            button.add_class("sb-big-button")

        top = w.HBox([self.lesson_picker, self.progress_text, self.menu_button],
                     layout=w.Layout(align_items="center", flex_flow="row wrap"))
        top.add_class("sb-tutorial-top")
        nav = w.HBox([self.back_button, self.again_button, self.next_button],
                     layout=w.Layout(align_items="center", flex_flow="row wrap"))
        nav.add_class("sb-tutorial-nav")
        side = w.VBox([self.text_box, self.quiz_box, nav, self.feedback_box],
                      layout=w.Layout(flex="0 1 380px", min_width="280px"))
        side.add_class("sb-tutorial-side")
        self.step_view = w.HBox([self.table_box, side],
                                layout=w.Layout(flex_flow="row wrap", width="100%"))
        self.step_view.add_class("sb-tutorial-step")
        self.end_message = w.HTML()
        self.end_view = w.VBox([self.end_message, w.HBox(
            [self.practice_button, self.restart_button, self.back_button],
            layout=w.Layout(flex_flow="row wrap", align_items="center"))])
        self.body = w.VBox([self.step_view])
        self.widget = w.VBox([top, self.progress_bar, self.body], layout=w.Layout(width="100%"))
        self.widget.add_class("sb-tutorial")
        self._new_quiz()
        self.set_lang(lang)
        if start is not None:
            self.go(start.lesson, start.step, start.moves)
            if start.finished:
                self.finish()

    def tr(self, key: str, **params: Any) -> str:
        return t(key, self.lang, **params)

    @property
    def step(self) -> Step:
        return self.lessons[self.lesson].steps[self.step_index]

    @property
    def table(self) -> Any:
        """The card table of the step shown (each game has its own)."""
        return self.controller.table

    def _course(self) -> range:
        """The indices of the lessons of the game of the lesson shown."""
        return course(self.lessons, self.lesson)

    def _controller_for(self, run: StepRun) -> LessonController:
        """The table of ``run``'s game, showing ``run`` (made the first time)."""
        controller = self._controllers.get(run.step.game)
        if controller is None:
            controller = LessonController(run, lang=self.lang)
            controller.on_feedback = self._judged
            controller.on_idle = self._idle
            controller.on_refresh = self._show_feedback
            self._controllers[run.step.game] = controller
        else:
            controller.lang = self.lang
            controller.load(run)
        self.table_box.children = [controller.table]
        return controller

    # -- moving through the lessons ------------------------------------------

    def go(self, lesson: int, step: int, moves: tuple[str, ...] = ()) -> None:
        """Show step ``step`` of lesson ``lesson`` (0-based), replaying ``moves`` of its task."""
        lesson = min(max(lesson, 0), len(self.lessons) - 1)
        step = min(max(step, 0), len(self.lessons[lesson].steps) - 1)
        self.lesson, self.step_index, self.finished = lesson, step, False
        self._skip_asked = False
        self.run = StepRun(self.step)
        moves = moves or self._solved.get(self.step.key, ())
        if moves and self.run.has_task:
            self.run.replay(list(moves))
        self.controller = self._controller_for(self.run)
        self._new_quiz()
        if self.run.done:
            self._mark_solved()
        self._save()
        self.render()

    def next(self) -> None:
        """The next step; on a task not yet done, the first press only says so."""
        if self.run.has_task and not self.run.done and not self._skip_asked:
            self._skip_asked = True
            self.say("tutorial.skip_task")
            return
        steps = self.lessons[self.lesson].steps
        if self.step_index + 1 < len(steps):
            self.go(self.lesson, self.step_index + 1)
        elif self.lesson + 1 in self._course():
            self.go(self.lesson + 1, 0)
        else:
            self.finish()

    def back(self) -> None:
        if self.finished:
            self.go(self.lesson, self.step_index)
        elif self.step_index > 0:
            self.go(self.lesson, self.step_index - 1)
        elif self.lesson - 1 in self._course():
            self.go(self.lesson - 1, len(self.lessons[self.lesson - 1].steps) - 1)

    def again(self) -> None:
        """Start the step's task again from its position."""
        self._solved.pop(self.step.key, None)
        self._skip_asked = False
        self.run.reset()
        self.controller.load(self.run)
        self._save()
        self.render()

    def finish(self) -> None:
        self.finished = True
        self._save()
        self.render()

    def _picked(self, change: dict[str, Any]) -> None:
        value = change["new"]
        if isinstance(value, int) and not self._relabelling and (
                value != self.lesson or self.finished):
            self.go(value, 0)

    # -- the learner's moves ---------------------------------------------------

    def _idle(self) -> None:
        """A click where nothing can move: a solved task keeps its praise."""
        if self.step.quiz is not None and not self.run.done:
            self.say("tutorial.use_answers")
        elif not (self.run.has_task and self.run.done):
            self.say("tutorial.no_task")

    def _judged(self, feedback: Feedback, before: Any) -> None:
        """The step judged a try (see :meth:`LessonController.move`): say what it means."""
        if feedback.kind == "done":
            self._mark_solved()
            if feedback.others:  # the round played out: Mia's last moves, then the praise
                said = self.controller.message
                if said is not None:
                    text, kind = said
                    self.controller.message = (
                        lambda: f"{self._others_said(feedback)} {text()}", kind)
        elif feedback.kind == "progress":
            self.controller.message = (
                lambda: " ".join(filter(None, (self.tr("tutorial.keep_going"),
                                               self._others_said(feedback)))), "info")
        else:
            self.controller.message = (lambda: self._why(feedback, before), "error")
        self._heard(feedback)
        self._save()
        self.render()

    def _heard(self, feedback: Feedback) -> None:
        if self.on_try is not None:
            self.on_try(self.step, feedback, self.run)

    def _others_said(self, feedback: Feedback) -> str:
        """What the others did after the learner's try (a step played out), in words."""
        describe = game_ui(self.step.game).describe_others
        if not feedback.others or describe is None:
            return ""
        lines = (describe(event, me=LEARNER, lang=self.lang, names=self._names())
                 for events in feedback.others for event in events)
        return " ".join(line[0] for line in lines if line is not None)

    def answer(self, choice: str) -> Feedback:
        """The learner picked a quiz answer: why it is right, or why not."""
        feedback = self.run.answer(choice)
        quiz = self.step.quiz
        if feedback.kind == "done":
            self._mark_solved()
        elif feedback.kind == "wrong" and quiz is not None:
            why = quiz.why_key(self.step.key, choice)
            self.controller.message = (
                lambda: f"{self.tr(why)} {self.tr('tutorial.try_again')}", "error")
        else:
            return feedback
        self._heard(feedback)
        self._save()
        self.render()
        return feedback

    def _mark_solved(self) -> None:
        """The step is done: kept as solved, and praised."""
        self._solved[self.step.key] = self.run.record
        self.controller.message = self._done_message()

    def _done_message(self) -> Message:
        quiz = self.step.quiz
        key = (quiz.why_key(self.step.key, quiz.right) if quiz is not None
               else self.step.key + ".done")
        return (lambda: self.tr(key), "success")

    def _new_quiz(self) -> None:
        """One button per answer of the step's quiz (none in other steps)."""
        quiz = self.step.quiz
        buttons = []
        for choice in quiz.answers if quiz is not None else ():
            button = testid(w.Button(layout=w.Layout(width="auto")), f"quiz-answer-{choice}")
            button.on_click(lambda _b, choice=choice: self.answer(choice))
            buttons.append(button)
        self.quiz_box.children = buttons
        self.quiz_box.layout.display = "" if buttons else "none"

    def _why(self, feedback: Feedback, before: Any) -> str:
        if feedback.error is not None:
            why = self.controller.kind.explain(feedback.error, feedback.move, before,
                                               lang=self.lang, names=self._names())
        else:
            task = self.step.task
            own = task is not None and task.wrong
            kind = self.step.kind
            if feedback.move is not None:
                key = kind.wrong_key(feedback.move)
            elif own and any(kind.wrong_key(m) is None for m in feedback.tried):
                key = None  # a card that could be played, wrongly: the step says why
            elif len({kind.wrong_key(m) for m in feedback.tried} - {None}) == 1 and all(
                    kind.wrong_key(m) for m in feedback.tried):
                key = kind.wrong_key(feedback.tried[0])  # every move of it ends the turn
            else:
                key = kind.refused_pick_key
            why = self.tr(key or (self.step.key + ".wrong" if own else "tutorial.wrong_play"))
        if feedback.kind == "wrong":  # the card jumped back: say so, or it looks like a glitch
            why = f"{self.tr('tutorial.put_back')} {why}"
        if feedback.show is None:
            return f"{why} {self.tr('tutorial.try_again')}"
        return f"{why} {self.tr('tutorial.show_move', move=self._say_move(before, feedback.show))}"

    def _say_move(self, before: Any, move: Any) -> str:
        """The move to make, as a sentence."""
        key = self.step.kind.show_key(move)
        if key is not None:
            return self.tr(key)
        say_move = game_ui(self.step.game).say_move
        if say_move is None:
            return str(move)
        return say_move(before, move, lang=self.lang, names=self._names())

    def say(self, key: str, kind: str = "info") -> None:
        """Show the message ``key`` (in whatever language is chosen when it shows)."""
        self.controller.tell(lambda: self.tr(key), kind)

    def _save(self) -> None:
        if self._on_progress is not None:
            self._on_progress(Progress(self.lesson, self.step_index, self.run.record,
                                       self.finished))

    # -- drawing ---------------------------------------------------------------

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        for controller in self._controllers.values():
            controller.set_lang(lang)
        self.back_button.description = self.tr("ui.back")
        self.again_button.description = self.tr("tutorial.again")
        self.menu_button.description = self.tr("game.menu")
        self.practice_button.description = self.tr("tutorial.practice")
        self.restart_button.description = self.tr("tutorial.restart")
        self._set_picker(self._picker_options())
        self.lesson_picker.description = self.tr("tutorial.lessons")
        self.render()

    def _picker_options(self) -> list[tuple[str, int]]:
        """Every lesson, those of the game shown first (each game's in its own order)."""
        game = self.lessons[self.lesson].game
        self._picker_game = game
        order = sorted(range(len(self.lessons)), key=lambda i: self.lessons[i].game != game)
        return [(self._lesson_label(i), i) for i in order]

    def _set_picker(self, options: list[tuple[str, int]] | None = None) -> None:
        """Show the current lesson in the list (new labels too) without jumping anywhere."""
        if options is None and self._picker_game != self.lessons[self.lesson].game:
            options = self._picker_options()
        self._relabelling = True
        try:
            if options is not None:
                self.lesson_picker.options = options  # relabelling resets the value
            self.lesson_picker.value = self.lesson
        finally:
            self._relabelling = False

    def _lesson_label(self, index: int) -> str:
        """``Skyjo \N{EN DASH} 3. Taking from the discard pile``: numbered within its game."""
        lesson = self.lessons[index]
        number = index - course(self.lessons, index).start + 1
        name = game_kind(lesson.game).name
        return f"{name} \N{EN DASH} {number}. {self.tr(lesson.title_key)}"

    def _names(self) -> list[str]:
        return self.controller.names

    def render(self) -> None:
        lessons, lesson = self.lessons, self.lessons[self.lesson]
        own = self._course()
        total = sum(len(lessons[i].steps) for i in own)
        done = sum(len(lessons[i].steps) for i in own if i < self.lesson) + self.step_index + 1
        self.progress_bar.max, self.progress_bar.value = total, total if self.finished else done
        self._set_picker()
        progress = self.tr("tutorial.finished_title") if self.finished else self.tr(
            "tutorial.step", number=self.step_index + 1, total=len(lesson.steps))
        self.progress_text.value = (f'<span class="sb-tutorial-progress">'
                                    f"{html.escape(progress)}</span>")
        if self.finished:
            self._render_end()
            return
        self.body.children = [self.step_view]
        # A new step's text is brought into sight: on a phone "next" is below the table.
        step = (self.lesson, self.step_index)
        self.text_box.value = self._text_html(
            into_view=self._shown_step is not None and step != self._shown_step)
        self._shown_step = step
        self.back_button.disabled = self.lesson == own.start and self.step_index == 0
        self.again_button.layout.display = "" if self.step.task else "none"
        # Live after any try: a wrong one taken back is a reason to start afresh too.
        self.again_button.disabled = self.run.untouched
        last_step = self.step_index + 1 == len(lesson.steps)
        self.next_button.description = self.tr(
            "tutorial.next_lesson" if last_step and self.lesson + 1 in own else "tutorial.next")
        solved = self.run.done or not self.run.has_task
        self.next_button.button_style = "success" if solved else ""
        self._render_quiz()
        self.render_table()

    def _text_html(self, *, into_view: bool = False) -> str:
        lesson = self.lessons[self.lesson]
        parts = [f'<h2 class="sb-lesson-title">{html.escape(self.tr(lesson.title_key))}</h2>',
                 f'<p class="sb-step-text">{html.escape(self.tr(self.step.key))}</p>']
        if self.run.has_task:
            state = " sb-task-done" if self.run.done else ""
            label = "tutorial.question" if self.step.quiz else "tutorial.your_task"
            parts.append(
                f'<p class="sb-task{state}" data-testid="tutorial-task">'
                f'<strong>{html.escape(self.tr(label))}</strong> '
                f'{html.escape(self.tr(self.step.key + ".task"))}</p>')
        scroll = " data-scroll-into-view" if into_view else ""
        return f'<div class="sb-box sb-lesson"{scroll}>' + "".join(parts) + "</div>"

    def _render_quiz(self) -> None:
        """Labels in the learner's language; once answered right, the right one stays lit."""
        quiz = self.step.quiz
        if quiz is None:
            return
        for choice, button in zip(quiz.answers, self.quiz_box.children, strict=True):
            button.description = self.tr(quiz.label_key(self.step.key, choice))
            picked = choice in self.run.answers
            button.button_style = ("success" if picked and choice == quiz.right
                                   else "danger" if picked else "")
            button.disabled = self.run.done

    def render_table(self) -> None:
        self.controller.refresh()

    def _show_feedback(self) -> None:
        """The message beside the table too (the table's own line is for narrow screens;
        a screen reader hears it once, from the table's live region)."""
        text, kind = self.controller.said()
        self.feedback_box.value = "" if not text else (
            f'<div class="sb-box sb-box-{kind}" data-testid="tutorial-feedback">'
            f'{html.escape(text)}</div>')

    def _render_end(self) -> None:
        title = html.escape(self.tr("tutorial.finished_title"))
        text = html.escape(self.tr(self.step.kind.finished_key))
        self.end_message.value = (f'<div class="sb-box sb-box-end" data-testid="tutorial-finished">'
                                  f"<h2>{title}</h2><p>{text}</p></div>")
        self.back_button.disabled = False
        self.body.children = [self.end_view]
