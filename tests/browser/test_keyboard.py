"""Both games and the first Skyjo lesson with the keyboard alone (issue 25), as a
screen-reader user meets them: the test finds what to press by role and accessible name
(the names Python gives, in French and Dutch), moves with Tab and presses Enter, and
hears the table and the app through their live regions. No test id, no CSS selector:
only roles, names and what the live regions say."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from skipbo_widgets.devtools import find_deal
from skipbo_widgets.i18n import t
from skipbo_widgets.tutorials.lesson import load_lessons

Page = Any
Locator = Any

#: Every line a live region (role "log") is given, in order, in `window.said`.
LISTEN = """() => {
  window.said = [];
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      if (n.parentElement?.getAttribute("role") === "log") window.said.push(n.textContent);
    }
  }).observe(document.body, { subtree: true, childList: true });
}"""

#: Tab presses to reach any control of the page.
TABS = 200
#: A turn of the computer players, at their pace, on a shared machine.
TURN_MS = 90_000


def pattern(key: str, lang: str, **params: Any) -> re.Pattern[str]:
    """The message ``key`` with its ``@`` parameters matching anything."""
    text = t(key, lang, **{name: "\x00" for name in params})
    text = re.sub(r"\s", " ", text)  # a name's spaces are plain ones (French: before ":")
    return re.compile("^" + re.escape(text).replace("\x00", "(.+)") + "$")


def tab_to(page: Page, target: Locator) -> None:
    """Tab (forwards) until the focus is on one of the elements ``target`` finds."""
    for _ in range(TABS):
        if target.evaluate_all("(found) => found.includes(document.activeElement)"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {target}")


def press(page: Page, target: Locator, key: str = "Enter") -> None:
    tab_to(page, target)
    page.keyboard.press(key)


def said(page: Page, start: int = 0) -> list[str]:
    return list(page.evaluate("(start) => window.said.slice(start)", start))


def hear(page: Page, start: int, *texts: str, timeout: float = TURN_MS) -> str:
    """Wait until a live region says a line containing one of ``texts``; that line."""
    page.wait_for_function("""([start, texts]) => window.said.slice(start)
        .some((line) => texts.some((text) => line.includes(text)))""", arg=[start, list(texts)],
                           timeout=timeout)
    return next(line for line in said(page, start) if any(text in line for text in texts))


def button(page: Page, name: str | re.Pattern[str]) -> Locator:
    if isinstance(name, str):
        return page.get_by_role("button", name=re.sub(r"\s", " ", name), exact=True)
    return page.get_by_role("button", name=name)


def open_by_keyboard(page: Page, lang: str, game: str, seed: str) -> None:
    """The home screen, "Play", the deal number typed, "Start": all by keyboard."""
    page.goto(f"{page.base_url}?lang={lang}&game={game}")
    page.evaluate(LISTEN)
    expect(button(page, t("home.play", lang))).to_be_visible(timeout=90_000)
    press(page, button(page, t("home.play", lang)))
    # Each new screen's heading gets the focus: the form's, then (a game has none of its
    # own) the app's title.
    expect(page.get_by_role("heading", name=re.sub(r"\s", " ", t("setup.title", lang)))
           ).to_be_focused()
    field = page.get_by_role("textbox", name=t("setup.seed", lang))
    tab_to(page, field)
    page.keyboard.press("Control+A")
    page.keyboard.type(seed)
    press(page, button(page, t("setup.start", lang)))
    expect(page.get_by_role("heading", level=1)).to_be_focused()


@pytest.mark.parametrize("lang", ["fr", "nl"])
def test_a_whole_skyjo_round_by_keyboard(page: Page, lang: str) -> None:
    open_by_keyboard(page, lang, "skyjo", "7")
    grid = page.get_by_role("group", name=t("skyjo.table.my_grid", lang))
    down = grid.get_by_role("button", name=pattern("skyjo.table.card_down", lang, place=1))
    expect(down).to_have_count(12, timeout=60_000)
    your_turn, over = t("ui.your_turn", lang), t("skyjo.table.phase.over", lang)
    setup = t("skyjo.table.phase.setup.you", lang)
    hear(page, 0, setup, timeout=TURN_MS)
    for left in (11, 10):  # the set-up: two cards turned
        press(page, down)
        expect(down).to_have_count(left)
    discard = button(page, pattern("skyjo.table.discard_top", lang, value=1))
    held = button(page, pattern("skyjo.table.held_card", lang, value=1))
    # Another's cards face down are said to be face down, and nothing more.
    hidden = page.get_by_role("img", name=pattern("skyjo.table.card_down", lang, place=1))
    assert hidden.count() >= 10
    turns, heard_others = 0, []
    start = len(said(page))
    while True:
        line = hear(page, start, your_turn, over)
        heard_others += said(page, start)
        if over in line:
            break
        turns += 1
        assert turns < 40, "the round did not end"
        press(page, discard)  # the discard pile's card picked up: said in its name
        expect(held).to_have_count(1)
        cards = down if down.count() else grid.get_by_role(
            "button", name=pattern("skyjo.table.card_up", lang, place=1, value=1))
        start = len(said(page))
        press(page, cards)
        expect(held).to_have_count(0)
    assert turns >= 3
    # The round's end and its result are said; the others' moves were said in the log's words.
    log = " ".join(page.get_by_role("listitem").all_text_contents())
    others = [line for line in heard_others if line in log]
    assert others, heard_others
    result = said(page)
    assert any(over in line for line in result), result


@pytest.mark.parametrize("lang", ["fr", "nl"])
def test_skipbo_turns_by_keyboard(page: Page, lang: str) -> None:
    seed, _game = find_deal(lambda game: True)
    open_by_keyboard(page, lang, "skipbo", seed)
    hand_name = re.compile("^" + re.escape(t("pile.hand", lang)) + ": ")
    hand = page.get_by_role("button", name=hand_name)
    expect(hand).to_have_count(5, timeout=60_000)
    first_discard = button(page, re.compile("^" + re.escape(t("pile.discard", lang, pile=0))))
    your_turn = t("ui.your_turn", lang)
    for turn in range(3):
        start = len(said(page))
        press(page, hand)  # a card picked up: its button says it is pressed
        expect(page.get_by_role("button", name=hand_name, pressed=True)).to_have_count(1)
        press(page, first_discard)  # put on a discard pile: the turn ends
        line = hear(page, start, your_turn)
        lines = said(page, start)
        # The learner's discard, then at least one move of the other player.
        assert len(lines[:lines.index(line)]) >= 2, (turn, lines)
        expect(hand).to_have_count(5)


@pytest.mark.parametrize("lang", ["fr", "nl"])
def test_the_first_skyjo_lesson_by_keyboard(page: Page, lang: str) -> None:
    lesson = load_lessons("skyjo")[0]
    page.goto(f"{page.base_url}?lang={lang}&game=skyjo")
    page.evaluate(LISTEN)
    expect(button(page, t("home.learn", lang))).to_be_visible(timeout=90_000)
    press(page, button(page, t("home.learn", lang)))
    first, quiz = lesson.steps[0], lesson.steps[1]
    task = hear(page, 0, t(first.key + ".task", lang))
    assert task.startswith(t("tutorial.your_task", lang))
    grid = page.get_by_role("group", name=t("skyjo.table.my_grid", lang))
    discard = button(page, pattern("skyjo.table.discard_top", lang, value=1))
    twelve = grid.get_by_role("button", name=pattern("skyjo.table.card_up", lang, place=1,
                                                     value=1)).filter(has_text=": 12")
    other = grid.get_by_role("button").filter(has_not_text=": 12")
    # A wrong try: the card goes back, and that is said.
    start = len(said(page))
    press(page, discard)
    press(page, other.first)
    hear(page, start, t("tutorial.put_back", lang))
    # The right one: praised.
    start = len(said(page))
    press(page, discard)
    press(page, twelve)
    hear(page, start, t(first.key + ".done", lang))
    press(page, button(page, t("tutorial.next", lang)))
    assert quiz.quiz is not None
    start = len(said(page))
    press(page, button(page, t(quiz.quiz.label_key(quiz.key, quiz.quiz.right), lang)))
    hear(page, start, t(quiz.quiz.why_key(quiz.key, quiz.quiz.right), lang))
