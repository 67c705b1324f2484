"""Demo mode and hot seat in a real headless Chromium: a narrated demo game to its end,
and a hot-seat game of two people where the page never shows the wrong person's hand."""

from __future__ import annotations

from typing import Any

from skipbo_widgets.devtools import wait_until_settled
from skipbo_widgets.i18n import t
from skipbo_widgets.skipbo.bots import hint
from skipbo_widgets.skipbo.engine import observe
from skipbo_widgets.widgets.skipbo.settings import GameSettings

Page = Any
HAND = '[data-testid^="hand-card-"] [data-card]'

#: Set in the page: true once a hand card was ever in the page while the pass screen was.
WATCH_HANDS = """() => {
  window.sbHandBehindPass = false;
  const look = () => {
    if (document.querySelector('[data-testid="pass-screen"]')
        && document.querySelector('[data-testid^="hand-card-"]')) window.sbHandBehindPass = true;
  };
  new MutationObserver(look).observe(document.body, {subtree: true, childList: true,
                                                      attributes: true});
}"""


def no_python_errors(page: Page) -> None:
    assert "Traceback" not in page.inner_text("body")
    assert page.errors.real() == []


def narrated_move(page: Page) -> str:
    return page.get_attribute('[data-testid="demo-narration"]', "data-move") or ""


def test_a_narrated_demo_game_to_its_end(page: Page) -> None:
    page.goto(f"{page.base_url}?lang=de")
    page.click('[data-testid="demo"]', timeout=60_000)
    page.click('[data-testid="demo-players"] >> text="2"')
    page.fill('[data-testid="seed"]', "7")
    page.click('[data-testid="demo-start"]')
    page.wait_for_selector('[data-testid="hand-card-0"]')
    assert t("demo.start_note", "de").split("„")[0] in page.inner_text("body")
    moves = []
    for _ in range(3):
        before = page.inner_text('[data-testid="demo-narration-box"]')
        page.click('[data-testid="demo-step"]')
        page.wait_for_function(
            "(before) => document.querySelector('[data-testid=\"demo-narration\"]')"
            " && document.querySelector('[data-testid=\"demo-narration-box\"]').innerText"
            " !== before", arg=before)
        narration = page.inner_text('[data-testid="demo-narration"]')
        assert "Warum?" in narration or "spielt auf der Stufe" in narration
        moves.append(narrated_move(page))
    page.click('[data-testid="demo-back"]')
    page.wait_for_function("(m) => document.querySelector('[data-testid=\"demo-narration\"]')"
                           ".dataset.move === m", arg=moves[1])
    page.click('[data-testid="demo-end"]')
    over = page.wait_for_selector('[data-testid="game-over"]', timeout=60_000)
    assert "gewinnt" in over.inner_text()
    assert page.get_attribute('[data-testid="demo-narration"]', "data-reasons") is not None
    no_python_errors(page)


def test_a_hot_seat_game_of_two_never_shows_the_wrong_persons_hand(page: Page) -> None:
    people = ("Anna", "Ben")
    page.goto(f"{page.base_url}?lang=nl")
    page.click('[data-testid="hot-seat"]', timeout=60_000)
    page.wait_for_selector('[data-testid="hot-name-1"]')
    for i, name in enumerate(people):
        page.fill(f'[data-testid="hot-name-{i}"]', name)
    page.fill('[data-testid="seed"]', "11")
    page.click('[data-testid="start-game"]')
    page.wait_for_selector('[data-testid="pass-screen"]')
    page.evaluate(WATCH_HANDS)
    # The same deal in Python: what each person really holds.
    game = GameSettings(players=2, levels=(), people=people, seed="11").new_match().game
    for _turn in range(6):
        who = game.current
        screen = page.wait_for_selector('[data-testid="pass-screen"]')
        assert t("hot.pass", "nl", player=who, names=people) in screen.inner_text()
        assert page.query_selector(HAND) is None
        page.click('[data-testid="pass-ready"]')
        page.wait_for_selector('[data-testid="hand-card-0"]')
        shown = sorted(page.eval_on_selector_all(HAND, "els => els.map(e => +e.dataset.card)"))
        assert shown == sorted(game.hand_cards(who))
        assert page.query_selector('[data-testid="pass-screen"]') is None
        while game.current == who and not game.is_over:
            move = hint(observe(game, who)).plan[0]
            page.click(f'[data-source="{move.source_text}"]')
            wait_until_settled(page, f'[data-target="{move.target_text}"]')
            game.push(move)
            if game.current == who:
                page.wait_for_function(
                    f"() => document.querySelectorAll('{HAND}').length === "
                    f"{len(game.hand_cards(who))}")
        assert not page.evaluate("() => window.sbHandBehindPass")
    no_python_errors(page)
