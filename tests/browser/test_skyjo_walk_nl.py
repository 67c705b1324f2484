"""A Dutch child's walk through every Skyjo lesson on a 1280 x 800 laptop: in every step
one wrong try first (a card the task does not name, the other pile, a wrong answer, the
first half of a wrong move), answered with why, and the table exactly as before it,
glows included; "start this step again" leaves it so; then the right move, praised.
Mia's turns in the short round are told, and when a round ends the learner's own score
and the round's result are on the screen."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from skipbo_widgets.devtools import wait_until_settled
from skipbo_widgets.i18n import t
from skipbo_widgets.skyjo.engine import Move
from skipbo_widgets.tutorials import Step, load_lessons
from skipbo_widgets.widgets.skyjo.view import PAGE_ORDER

from .conftest import _page
from .test_app import no_python_errors
from .test_skyjo_tutorial import PICKER, pick, play, tap
from .test_tutorial import _wait_text, text_of

Page = Any
NL = "nl"
LAPTOP = {"width": 1280, "height": 800}


def mine(place: str) -> str:
    """The test id of the learner's card at a place in notation (``b3``)."""
    return f"grid-0-{PAGE_ORDER.index(Move.parse('reveal ' + place).place)}"


#: Each step's wrong try: the clicks, or ``("?", answer)`` for a quiz.
WRONG: dict[str, Any] = {
    "goal.fewest": ["skyjo-discard", mine("a1")],      # the -2 on the 4, not the 12
    "goal.cards": ("?", "minus"),
    "start.two": ["skyjo-draw"],                        # drawing before the set-up is done
    "start.first": ("?", "you"),
    "take.swap": ["skyjo-discard", mine("a1")],
    "take.down": ["skyjo-discard", mine("a1")],         # a face-up card, not a face-down one
    "take.choose": ["skyjo-discard", mine("a1")],       # the 3 on the 9, not the 12
    "draw.look": ["skyjo-discard"],                     # the 10 picked up: refused at once
    "draw.keep": ["skyjo-discard"],                     # the -1 dropped: refused at once
    "draw.drop": ["skyjo-draw", mine("a1")],            # the drawn 12 kept on the 2
    "draw.decide": [mine("a1")],                        # the drawn 10 kept on the 1
    "column.three": ["skyjo-discard", mine("a3")],
    "column.drawn": ["skyjo-draw", mine("a1")],         # the drawn 8 where no column clears
    "column.choose": ["skyjo-discard", mine("c1")],     # the 7 on the 11: no column
    "last.end": ["skyjo-discard", mine("a1")],          # a face-up card: the round goes on
    "last.yours": ["skyjo-draw"],                       # the other pile
    "last.choose": ["skyjo-discard", mine("d3")],       # the 0 on the 6, not an 11
    "score.sum": ("?", "p15"),
    "score.double": ["skyjo-discard", mine("b1")],
    "round.mia": ["grid-1-0"],                          # Mia's card: every own move counts
    "game.hundred": ("?", "you"),
    "game.next": ("?", "highest"),
    "game.reshuffle": ["skyjo-discard"],
    "tips.high": ["skyjo-discard", mine("a1")],
    "tips.minus": ["skyjo-discard"],                    # the drawn -2 dropped
    "tips.wait": ["skyjo-discard", mine("d2")],         # the 1 on the last face-down card
}

#: Every card and pile of the table as the learner sees it: its text, its classes (a
#: glow, a card held, a legal target) and those of what it holds.
TABLE = """() => JSON.stringify([...document.querySelectorAll(
    '[data-testid="skyjo-table"] [data-testid^="grid-"], '
    + '[data-testid="skyjo-table"] [data-testid^="skyjo-d"]')].map((e) => [e.dataset.testid,
    e.innerText.replace(/\\s+/g, " ").trim(), e.className,
    [...e.querySelectorAll("[class]")].map((c) => c.className).join("|")]))"""


def table(page: Page) -> str:
    return str(page.evaluate(TABLE))


def wait_table(page: Page, expected: str, key: str) -> None:
    try:
        page.wait_for_function(f"(x) => ({TABLE})() === x", arg=expected, timeout=10_000)
    except Exception:  # say which card differs
        now = dict((c[0], c[1:]) for c in json.loads(table(page)))
        then = dict((c[0], c[1:]) for c in json.loads(expected))
        diff = {k: (then.get(k), now.get(k)) for k in {*now, *then} if now.get(k) != then.get(k)}
        raise AssertionError(f"{key}: the table is not as before: {diff}") from None


def shown(step: Step) -> list[str]:
    """What the step's table shows first: each of the learner's places in the page's order
    (a value, "SKYJO" for a face-down card, "" for a cleared place), then the discard pile."""
    game = step.new_game()
    cards = [("SKYJO" if not game.face_up[0][i] else str(game.grids[0][i]))
             if game.grids[0][i] is not None else "" for i in PAGE_ORDER]
    return [*cards, str(game.discard[-1])]


#: True once the table shows what ``shown`` says (a new step's table comes after its text):
#: the text on the screen, not a screen reader's own (``data-unseen``: a card's name).
SHOWS = """(want) => want.every((w, i) => {
    const id = i < 12 ? `grid-0-${i}` : "skyjo-discard";
    const e = document.querySelector(`[data-testid="skyjo-table"] [data-testid="${id}"]`);
    if (!e) return false;
    const unseen = [...e.querySelectorAll("[data-unseen]")];
    unseen.forEach((n) => { n.hidden = true; });
    const text = e.innerText;
    unseen.forEach((n) => { n.hidden = false; });
    return (text.trim().split(/\\s+/)[0] || "") === w; })"""


def expected_answer(step: Step, key: str) -> str:
    wrong = WRONG[key]
    if step.quiz is not None:
        return t(step.quiz.why_key(step.key, wrong[1]), NL)
    if key == "start.two":
        return t("tutorial.try_again", NL)
    if key == "round.mia":
        return t("skyjo.table.not_your_grid", NL, player="Mia")
    return f"{t('tutorial.put_back', NL)} {t(step.key + '.wrong', NL)}"


def try_wrong(page: Page, step: Step, key: str) -> None:
    wrong = WRONG[key]
    if step.quiz is not None:
        tap(page, f"quiz-answer-{wrong[1]}")
        return
    for testid in wrong:
        tap(page, testid)
        if testid == "skyjo-draw" and len(wrong) > 1:
            page.wait_for_selector('[data-testid="skyjo-drawn"] .sj-face')


def do_right(page: Page, step: Step) -> None:
    if step.quiz is not None:
        tap(page, f"quiz-answer-{step.quiz.right}")
        _wait_text(page, "tutorial-feedback", t(step.quiz.why_key(step.key, step.quiz.right), NL))
        return
    assert step.task is not None
    for i, move in enumerate(step.task.solution):
        if i and step.task.play:  # Mia has played: her turn is told
            page.wait_for_selector('[data-testid="skyjo-table"]:not(.sj-waiting)')
            if step.task.solution[i - 1].kind != "draw":
                # The line and the table are two widgets: the line may come a moment later.
                _wait_text(page, "tutorial-feedback", "Mia")
        play(page, move)
    _wait_text(page, "tutorial-feedback", t(step.key + ".done", NL))


#: What a scored round must show without scrolling: both scores, the result, Mia's grid.
SCORED = ["round-score-0", "round-score-1", "skyjo-result", "player-1"]
ON_SCREEN = """(ids) => ids.every((id) => {
    const e = document.querySelector(`[data-testid="${id}"]`);
    const box = e?.getBoundingClientRect();
    return box && box.top >= -1 && box.bottom <= innerHeight + 1; })"""
ON_SCREEN_NODE = """(selector) => { const box = document.querySelector(selector)
    ?.getBoundingClientRect(); return box && box.top >= -1 && box.bottom <= innerHeight + 1; }"""


@pytest.fixture()
def laptop(browser: Any, voila_url: str) -> Iterator[Any]:
    yield from _page(browser, voila_url, LAPTOP)


def test_every_skyjo_step_in_dutch_with_one_wrong_try_each(laptop: Page) -> None:
    page = laptop
    page.goto(f"{page.base_url}?lang={NL}")
    page.click('[data-testid="learn"]', timeout=60_000)
    page.wait_for_selector(PICKER)
    pick(page, "goal", NL)
    page.wait_for_selector('[data-testid="skyjo-table"]')
    steps = [step for lesson in load_lessons("skyjo") for step in lesson.steps]
    for step in steps:
        key = step.key.removeprefix("skyjo.lesson.")
        _wait_text(page, "tutorial-text", t(step.key, NL))
        page.wait_for_function(SHOWS, arg=shown(step), timeout=10_000)
        before = table(page)
        try_wrong(page, step, key)
        _wait_text(page, "tutorial-feedback", expected_answer(step, key))
        assert t("tutorial.keep_going", NL) not in text_of(page, "tutorial-feedback"), key
        if key in ("draw.drop", "column.drawn"):  # the drawn card stays in hand
            page.wait_for_selector('[data-testid="skyjo-drawn"].sj-selected .sj-face')
            page.wait_for_selector('[data-testid="skyjo-draw"]:not(.sj-hinted)')
        else:
            wait_table(page, before, key)
        if step.task is not None and key != "round.mia":
            tap(page, "tutorial-again")  # starting the step again: the same table
            wait_table(page, before, key)
            page.wait_for_function("() => document.querySelector("
                                   "'[data-testid=\"tutorial-again\"]').disabled")
        do_right(page, step)
        if key in ("last.yours", "score.double", "round.mia"):  # the round is scored
            try:
                page.wait_for_function(ON_SCREEN, arg=SCORED, timeout=15_000)
            except Exception:
                boxes = {i: page.locator(f'[data-testid="{i}"]').bounding_box() for i in SCORED}
                raise AssertionError(f"{key}: not all on the screen: {boxes}") from None
        tap(page, "tutorial-next")
    page.wait_for_selector('[data-testid="tutorial-finished"]')
    no_python_errors(page)


def test_on_a_phone_a_wrong_try_s_reason_is_wholly_on_the_screen(phone_page: Page) -> None:
    """The walk on a 390 px phone: the reason for a wrong try, under the table, stayed
    14 px past the screen's foot ("Probeer het nog eens!" cut): its smooth scroll was cut
    short by the table drawn again 20 ms later (the card flying back)."""
    page = phone_page
    page.goto(f"{page.base_url}?lang={NL}")
    page.click('[data-testid="learn"]', timeout=60_000)
    page.wait_for_selector(PICKER)
    pick(page, "goal", NL)
    page.wait_for_function(SHOWS, arg=shown(load_lessons("skyjo")[0].steps[0]))
    wait_until_settled(page, '[data-testid="skyjo-discard"]')  # the -2 picked up
    tap(page, mine("a1"))  # and put on the 4
    status = '[data-testid="skyjo-table"] [data-testid="status"]'
    _wait_text(page, "tutorial-feedback", t("skyjo.lesson.goal.fewest.wrong", NL))
    page.wait_for_function(f"""() => {{ const e = document.querySelector('{status}');
        return e.innerText.includes({t("tutorial.try_again", NL)!r}); }}""")
    try:
        page.wait_for_function(ON_SCREEN_NODE, arg=status, timeout=15_000)
    except Exception:
        box = page.locator(status).bounding_box()
        raise AssertionError(f"the reason is not wholly on the screen: {box}") from None
    no_python_errors(page)
