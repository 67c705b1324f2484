"""Skyjo's lessons: what only they have (their order, their table's names, every text
short, the numbers in their texts, a pile named by a task, a Skyjo lesson file refused).
What every game's lessons share (each loads, every rule taught, each task solved, wrong and
illegal tries, quizzes, every text) is checked for every game by
``tests/games/test_lessons.py``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from skipbo_widgets.i18n import LANGUAGES, t
from skipbo_widgets.skyjo.engine import DECK_COUNTS, Rules
from skipbo_widgets.skyjo.engine.events import ColumnCleared
from skipbo_widgets.skyjo.engine.moves import ALL_MOVES
from skipbo_widgets.skyjo.engine.rules import MATCH_TARGET, MAX_PLAYERS, MIN_PLAYERS
from skipbo_widgets.tutorials import LessonError, Step, StepRun, load_lessons
from skipbo_widgets.tutorials.lesson import load_lesson
from skipbo_widgets.tutorials.stats import MAX_STEP_WORDS, step_words
from skipbo_widgets.widgets.skyjo.view import PAGE_ORDER

LESSONS = load_lessons("skyjo")
STEPS = [step for lesson in LESSONS for step in lesson.steps]
TASKS = [step for step in STEPS if step.task is not None]
BY_KEY = {step.key: step for step in STEPS}

CORE = ["goal", "start", "take", "draw", "column", "last", "score", "round"]
REST = ["game", "tips"]


def test_the_lessons_are_skyjo_s_in_the_beginner_s_order() -> None:
    assert [lesson.id for lesson in LESSONS] == CORE + REST
    assert [lesson.id for lesson in LESSONS if lesson.core] == CORE
    assert {lesson.game for lesson in LESSONS} == {"skyjo"} == {s.game for s in STEPS}
    assert LESSONS[0].title_key == "skyjo.lesson.goal.title"
    assert all(step.key.startswith(f"skyjo.lesson.{step.lesson}.") for step in STEPS)


def test_skip_bo_stays_the_default() -> None:
    assert load_lessons() == load_lessons("skipbo")
    assert {lesson.game for lesson in load_lessons()} == {"skipbo"}
    assert load_lessons()[0].steps[0].key == "tut.goal.stock"


TABLE_IDS = re.compile(r"skyjo-(draw|discard|drawn)|(player|score)-(?P<seat>\d)"
                       r"|grid-(?P<gseat>\d)-(?P<card>\d+)")


@pytest.mark.parametrize("step", STEPS, ids=lambda s: s.key)
def test_everything_a_step_lights_up_is_on_its_table(step: Step) -> None:
    players = step.new_game().rules.players
    for name in step.highlight:
        found = TABLE_IDS.fullmatch(name)
        assert found, name
        seat = found.group("seat") or found.group("gseat")
        assert seat is None or int(seat) < players, name
        assert found.group("card") is None or int(found.group("card")) < 12, name


@pytest.mark.parametrize("step", STEPS, ids=lambda s: s.key)
def test_every_step_is_a_whole_round(step: Step) -> None:
    assert step.new_game().all_cards() == dict(DECK_COUNTS)


def _spoils(step: Step, move: str) -> bool:
    return StepRun(step).try_move(move).kind == "wrong"


@pytest.mark.parametrize("step", TASKS, ids=lambda s: s.key)
def test_a_task_has_its_own_wrong_text_exactly_when_a_move_can_spoil_it(step: Step) -> None:
    spoiling = [m for m in StepRun(step).game.legal_moves() if _spoils(step, str(m))]
    assert step.task is not None
    assert step.task.wrong == bool(spoiling), spoiling


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_step_has_at_most_25_words(lang: str) -> None:
    long = {step.key: step_words(step, lang) for step in STEPS
            if step_words(step, lang) > MAX_STEP_WORDS}
    assert long == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_move_that_can_be_shown_and_the_end_have_their_words(lang: str) -> None:
    kind = LESSONS[0].steps[0].kind
    keys = [kind.show_key(move) for move in ALL_MOVES] + [kind.finished_key]
    assert [key for key in keys if key is None or t(key, lang) == key] == []


# -- the numbers in the texts are the engine's ------------------------------------

def _numbers(key: str, lang: str) -> set[int]:
    return {int(n) for n in re.findall(r"-?\d+", t(key, lang))}


def _solved(key: str) -> StepRun:
    run = StepRun(BY_KEY[key])
    task = BY_KEY[key].task
    assert task is not None
    for move in task.solution:
        run.try_move(str(move))
    assert run.done
    return run


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_counts_of_the_cards_and_players_are_the_engine_s(lang: str) -> None:
    assert {15, 10, 5, -2} <= _numbers("skyjo.lesson.goal.cards.a.zero.why", lang)
    assert (DECK_COUNTS[0], DECK_COUNTS[12], DECK_COUNTS[-2]) == (15, 10, 5)
    assert {5, 150} <= _numbers("skyjo.lesson.goal.cards.a.minus.why", lang)
    assert sum(DECK_COUNTS.values()) == 150
    assert {MIN_PLAYERS, MAX_PLAYERS, 12, 3, 4} <= _numbers("skyjo.lesson.start.two", lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_points_saved_and_scored_are_the_engine_s(lang: str) -> None:
    for key in ("goal.fewest", "take.swap", "take.choose", "draw.keep", "column.choose",
                "tips.high", "tips.wait"):
        run = _solved(f"skyjo.lesson.{key}")
        saved = run.start.visible_sum(0) - run.game.visible_sum(0)
        assert saved in _numbers(f"skyjo.lesson.{key}.done", lang), key
    outcome = _solved("skyjo.lesson.score.double").game.outcome
    assert outcome is not None and outcome.doubled and outcome.ender == 1
    assert outcome.scores == (12, 30)
    assert {12, 15, 30} <= _numbers("skyjo.lesson.score.double.done", lang)
    last = _solved("skyjo.lesson.last.choose").start
    assert last.ender == 1 and sorted(last.grids[0]).count(11) == 2  # either 11 will do
    assert 11 in _numbers("skyjo.lesson.last.choose.done", lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_quiz_numbers_are_the_engine_s(lang: str) -> None:
    first = BY_KEY["skyjo.lesson.start.first"].new_game()
    sums = [first.visible_sum(seat) for seat in range(3)]
    assert sums == [7, 9, 9] and first.first == 1  # a tie: the first of them in seat order
    assert {7, 9} <= _numbers("skyjo.lesson.start.first.a.you.why", lang)
    assert 9 in _numbers("skyjo.lesson.start.first.a.mia.why", lang)
    assert MATCH_TARGET in _numbers("skyjo.lesson.game.hundred", lang)
    assert Rules().doubled(15) == 30


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_score_to_add_up_is_the_engine_s_after_the_last_turn(lang: str) -> None:
    """The grid to add up is the one the last turn leaves: a column cleared at the reveal."""
    after = _solved("skyjo.lesson.last.yours").game
    shown = BY_KEY["skyjo.lesson.score.sum"].new_game()
    assert after.outcome is not None and shown.outcome is not None
    assert after.grids[0] == shown.grids[0] and after.outcome.scores == shown.outcome.scores
    assert any(isinstance(e, ColumnCleared) and e.seat == 0 for e in after.events)
    quiz = BY_KEY["skyjo.lesson.score.sum"].quiz
    assert quiz is not None and quiz.right == f"p{shown.outcome.scores[0]}"
    assert shown.outcome.scores[0] in _numbers("skyjo.lesson.score.sum.a.p3.why", lang)


def test_the_last_turn_ends_the_round_and_the_first_task_turns_two_cards() -> None:
    assert _solved("skyjo.lesson.last.yours").game.is_over
    assert _solved("skyjo.lesson.last.end").game.ender == 0
    two = _solved("skyjo.lesson.start.two")
    assert two.game.phase == "setup" and two.game.hidden[0] == 10


def test_the_draw_pile_s_top_cards_are_drawn_in_order() -> None:
    run = _solved("skyjo.lesson.draw.look")
    assert run.game.drawn == -1 and run.game.draw_pile[-1] == 12


# -- lesson files that are not valid are refused ------------------------------------

POSITION: dict[str, object] = {
    "phase": "setup", "discard": "5",
    "seats": [{"grid": ["(1) (2) (3) (4)", "(5) (6) (7) (8)", "(9) (10) (11) (12)"]},
              {"grid": ["(0) (0) (0) (0)", "(1) (1) (1) (1)", "(2) (2) (2) (2)"]}]}
GOOD: dict[str, object] = {
    "id": "a", "rules": ["SJ-DEAL"], "position": POSITION,
    "task": {"goals": [{"goal": "turned_up", "count": 2}], "solution": ["reveal a1", "reveal b1"]}}


def _write(tmp_path: Path, step: dict[str, object], game: object = "skyjo") -> Path:
    path = tmp_path / "01-x.json"
    path.write_text(json.dumps({"id": "x", "game": game, "steps": [step]}))
    return path


def test_a_good_skyjo_lesson_file_loads(tmp_path: Path) -> None:
    lesson = load_lesson(_write(tmp_path, GOOD))
    assert lesson.game == "skyjo" and lesson.steps[0].key == "skyjo.lesson.x.a"


@pytest.mark.parametrize(("change", "message"), [
    ({"rules": ["SB-PLAY"]}, "SJ- rules"),
    ({"task": {"goals": [{"goal": "stock_played"}], "solution": ["reveal a1"]}},
     "unknown goal"),
    ({"task": {"goals": [{"goal": "replaced", "source": "hand"}], "solution": ["take a1"]}},
     "not allowed"),
    ({"task": {"goals": [{"goal": "turned_up"}], "solution": ["s-b1"]}}, "bad solution"),
    ({"task": {"goals": [{"goal": "turned_up"}], "solution": ["draw"]}}, "not legal"),
    ({"task": {"goals": [{"goal": "column_cleared"}], "solution": ["reveal a1"]}},
     "does not reach"),
    ({"position": {**POSITION, "draw_top": "13"}}, "bad position"),
    ({"position": {**POSITION, "draw_top": "-2 -2 -2 -2 -2 -2"}}, "bad position"),
    ({"position": {**POSITION, "draw_top": 5}}, "bad position"),
    ({"position": {**POSITION, "draw_pile": "rest", "draw_top": "5"}}, "bad position"),
    ({"position": {**POSITION, "phase": "dealing"}}, "bad position"),
])
def test_a_bad_skyjo_lesson_file_is_refused(tmp_path: Path, change: dict[str, object],
                                            message: str) -> None:
    with pytest.raises(LessonError, match=message):
        load_lesson(_write(tmp_path, {**GOOD, **change}))


def test_a_lesson_file_of_no_known_game_is_refused(tmp_path: Path) -> None:
    with pytest.raises(LessonError, match="'game'"):
        load_lesson(_write(tmp_path, GOOD, game="chess"))


def _other_way(move_texts: tuple[str, ...]) -> str | None:
    """The first move of the other way to the same place: a draw for a take, a take for
    a draw that ends on a place; ``None`` when the solution names no such place."""
    first, last = move_texts[0], move_texts[-1]
    if first.startswith("take "):
        return "draw"
    if first == "draw" and last.split()[0] in ("swap", "drop"):
        return "take " + last.split()[1]
    return None


@pytest.mark.parametrize("step", [s for s in TASKS if s.task and not s.task.play and _other_way(
    tuple(map(str, s.task.solution)))], ids=lambda s: s.key)
def test_a_task_accepts_the_pile_it_names_and_not_the_other(step: Step) -> None:
    """Review §4: "Ruil de -2 tegen je 12" was praised for an 11 drawn and put on the 12."""
    assert step.task is not None
    other = _other_way(tuple(map(str, step.task.solution)))
    assert other is not None
    run = StepRun(step)
    if not run.game.can_move(ALL_MOVES_BY_TEXT[other], by=0):
        pytest.skip(f"{other} is not allowed here")
    assert run.try_move(other).kind == "wrong"


ALL_MOVES_BY_TEXT = {str(m): m for m in ALL_MOVES}


@pytest.mark.parametrize("step", TASKS, ids=lambda s: s.key)
def test_the_first_half_of_a_move_is_refused_when_no_end_of_it_does_the_task(step: Step) -> None:
    """Picking up a pile (the page's first click) is judged as the moves it can become."""
    assert step.task is not None
    run = StepRun(step)
    kinds = {m.kind for m in run.game.legal_moves()}
    for kind in sorted(kinds - {"draw", "reveal"}):
        moves = [m for m in run.game.legal_moves() if m.kind == kind]
        some_good = any(StepRun(step).try_move(str(m)).kind in ("progress", "done")
                        for m in moves)
        start = run.game.state_key()
        assert run.try_start(moves).kind == ("progress" if some_good else "wrong"), kind
        assert run.game.state_key() == start and not run.moves


@pytest.mark.parametrize("step", [s for s in TASKS if s.decide], ids=lambda s: s.key)
def test_a_step_the_learner_decides_lights_no_place_of_its_answer(step: Step) -> None:
    """Fading support: the last position of an idea lights neither the card's place nor
    the pile to take from (the learner finds both)."""
    assert step.task is not None
    places = {f"grid-0-{PAGE_ORDER.index(m.place)}" for m in step.task.solution
              if m.kind != "draw"}
    assert not places & set(step.highlight)
    assert not {"skyjo-discard", "skyjo-draw", "skyjo-drawn"} & set(step.highlight)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_drawn_10_is_said_higher_than_the_learner_s_own_face_up_cards_only(
        lang: str) -> None:
    """The walk (nl): "De 10 is hoger dan alle kaarten die je ziet" while the discard pile
    shows an 11 (fr said the same): the 10 is higher than the learner's own face-up cards."""
    game = BY_KEY["skyjo.lesson.draw.decide"].new_game()
    assert game.drawn == 10
    own = [card for card, up in zip(game.grids[0], game.face_up[0], strict=True)
           if card is not None and up]
    assert own and max(own) < 10 < game.discard[-1]
    said = t("skyjo.lesson.draw.decide.wrong", lang)
    assert not any(words in said for words in ("die je ziet", "que tu vois", "you see",
                                               "die du siehst")), said
