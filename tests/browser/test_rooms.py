"""Play with others in real browsers (issue 23): a Voilà server with `make classroom`'s
flags, each person a Chromium page of its own browser context and language, everything
done by clicks. Two, three and eight people at a Skyjo round; two, three and six
(Skip-Bo's most) at a whole Skip-Bo game; Skip-Bo with teams, two people with two
computer players and four people. After every move each page is checked against the room's engine:
its DOM holds no card another seat has face down (Skyjo), no other seat's hand, no
stock card under the top and no card of the draw pile (Skip-Bo), and no other page's
seat token. Faults: a page whose kernel is killed mid-turn comes back to its seat by a
reload and finishes the turn; two tabs of one seat click at the same instant, one move
counts and the other tab is told so; Redis stopped mid-turn and started again (a second
Voilà, on Redis), the pages say so and keep the table, and the click counts once."""

from __future__ import annotations

import base64
import contextlib
import functools
import json
import os
import re
import signal
import subprocess
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from skipbo_widgets.bench.rooms import skipbo_turn, skyjo_turn
from skipbo_widgets.devtools import ROOT, voila_server
from skipbo_widgets.i18n import t
from skipbo_widgets.rooms import ADAPTERS, Rooms, Store, open_store
from skipbo_widgets.rooms.redis_server import RedisServer, redis_server_available
from skipbo_widgets.widgets.skyjo.view import PAGE_ORDER

LANGS = ("en", "de", "fr", "nl")
NAMES = ("Anna", "Ben", "Cleo", "Dan", "Emma", "Finn", "Greta", "Hugo")
#: Deals that end soon with the pages' way of playing (the smallest stock the rules
#: allow, 5), every person clicking several moves; found by playing the seeds headless
#: (docs/rooms.md, "Tests"): by the number of people, and with teams.
SKIPBO_SEEDS, TEAMS_SEEDS = {2: 25, 3: 119, 6: 8}, {2: 3, 4: 140}
#: Where a test's rooms are: the classroom's data folder (its SQLite file), or a store URL.
Where = Path | str


@pytest.fixture(scope="module")
def classroom(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """``make classroom``'s Voilà on 127.0.0.1, its rooms in a folder of its own."""
    data = tmp_path_factory.mktemp("rooms-data")
    flags = subprocess.run(["make", "-s", "classroom-flags", "POOL=2"], cwd=ROOT, check=True,
                           capture_output=True, text=True).stdout.split()
    mp = pytest.MonkeyPatch()
    mp.setenv("SKIPBO_WIDGETS_DATA", str(data))
    mp.delenv("SKIPBO_WIDGETS_STORE", raising=False)
    try:
        with voila_server(log=data / "voila.log", flags=flags) as (url, _proc):
            yield url, data
    finally:
        mp.undo()


@pytest.fixture(scope="module")
def redis_classroom(tmp_path_factory: pytest.TempPathFactory
                    ) -> Iterator[tuple[str, RedisServer]]:
    """The same Voilà with its rooms on a ``redis-server`` of its own (a Unix socket)."""
    if not redis_server_available():
        if os.environ.get("CI"):
            pytest.fail("redis-server is missing: .ci/run should have installed it")
        pytest.skip("no redis-server (apt-get install redis-server)")
    folder = tmp_path_factory.mktemp("rooms-redis")
    flags = subprocess.run(["make", "-s", "classroom-flags", "POOL=2"], cwd=ROOT, check=True,
                           capture_output=True, text=True).stdout.split()
    with RedisServer(folder / "redis") as server, contextlib.ExitStack() as stack:
        mp = pytest.MonkeyPatch()  # the server's kernels inherit its environment
        mp.setenv("SKIPBO_WIDGETS_STORE", server.url)
        try:
            url, _proc = stack.enter_context(voila_server(log=folder / "voila.log", flags=flags))
        finally:
            mp.undo()
        yield url, server


# -- pages --------------------------------------------------------------------------------

class Pages(list[Page]):
    """The pages of one test; at the end each leaves its room (its kernel stops
    following the room: Voilà keeps a kernel after its tab closes, and a killed one it
    starts again) and its browser context is closed."""

    def __init__(self, browser: Any, url: str) -> None:
        super().__init__()
        self.browser, self.url = browser, url

    def open(self, query: str) -> Page:
        """A page in a browser context of its own (another person's browser)."""
        page: Page = self.browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        page.goto(f"{self.url}?{query}", wait_until="commit")
        self.append(page)
        return page

    def close(self) -> None:
        for page in self:
            leave = page.locator('[data-testid="room-leave"]')
            with contextlib.suppress(PlaywrightError):
                if leave.count():
                    leave.first.click(timeout=10_000)
                    page.wait_for_selector('[data-testid="play-others"]', timeout=10_000)
        for context in {page.context for page in self}:
            context.close()


@pytest.fixture()
def pages(browser: Any, classroom: tuple[str, Path]) -> Iterator[Pages]:
    opened = Pages(browser, classroom[0])
    yield opened
    opened.close()


@pytest.fixture()
def redis_pages(browser: Any, redis_classroom: tuple[str, RedisServer]) -> Iterator[Pages]:
    opened = Pages(browser, redis_classroom[0])
    yield opened
    opened.close()


def kernel_id(page: Page) -> str:
    """The kernel Voilà started for the page (its page config names it)."""
    config = page.evaluate(
        "() => document.getElementById('jupyter-config-data')?.textContent || '{}'")
    return str(json.loads(config).get("kernelId", ""))


def kill_kernel(page: Page) -> int:
    """Kill the page's kernel process (Voilà's kernel manager starts a new, empty one,
    which the page does not use); how many processes were killed."""
    kid = kernel_id(page)
    assert kid
    hit = 0
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes()
        except OSError:
            continue
        if f"kernel-{kid}.json".encode() in cmdline:
            os.kill(int(proc.name), signal.SIGKILL)
            hit += 1
    return hit


def kept_seat(page: Page) -> dict[str, str]:
    """What the page's browser keeps of its seat (``skipbo-widgets/room``)."""
    return dict(json.loads(page.evaluate(
        "() => localStorage.getItem('skipbo-widgets/room') || '{}'")))


def make_room(page: Page, name: str, players: int = 2,
              setup: Callable[[Page], None] | None = None) -> str:
    """The owner fills in the new room's form (the page opened on the home screen)."""
    page.click('[data-testid="play-others"]', timeout=180_000)
    page.fill('[data-testid="room-owner-name"]', name)
    if players != 2:
        page.locator('[data-testid="room-players"] button').get_by_text(
            str(players), exact=True).click()
    if setup is not None:
        setup(page)
    page.click('[data-testid="room-create"]')
    code = page.locator('[data-testid="room-code"]').inner_text(timeout=60_000).strip()
    assert re.fullmatch(r"[A-HJ-NP-Z2-9]{5}", code)
    assert page.locator('[data-testid="room-link"]').input_value().endswith(f"?room={code}")
    return code


def sit_down(page: Page, code: str, name: str, lang: str) -> None:
    """Someone opened the room's link: the code is filled in; a name, and sit down."""
    expect(page.locator('[data-testid="join-code"]')).to_have_value(code, timeout=180_000)
    page.fill('[data-testid="join-name"]', name)
    page.click('[data-testid="join-sit"]')
    expect(page.locator('[data-testid="room-note"]')).to_contain_text(
        t("room.waiting_start", lang)[:20], timeout=60_000)


def gather(pages: Pages, game: str, people: int, *, players: int | None = None,
           setup: Callable[[Page], None] | None = None) -> str:
    """The owner's page makes a room, the others open its link at once and sit down."""
    owner = pages.open(f"lang={LANGS[0]}&game={game}")
    code = make_room(owner, NAMES[0], players or people, setup)
    for i in range(1, people):
        pages.open(f"room={code}&lang={LANGS[i % len(LANGS)]}")
    for i in range(1, people):
        sit_down(pages[i], code, NAMES[i], LANGS[i % len(LANGS)])
    expect(owner.locator(f'[data-testid="seat-{people - 1}"]')).to_contain_text(
        NAMES[people - 1], timeout=60_000)
    return code


@functools.cache
def store(where: Where) -> Store:
    return open_store(where if isinstance(where, str) else f"sqlite:///{where / 'rooms.sqlite3'}")


def start_seeded(data: Where, owner: Page, code: str, seed: int) -> None:
    """Start the room with a known deal: the owner's token from the owner's browser, the
    start through the room's authority (the Start button deals at random)."""
    Rooms(store(data)).start(code, kept_seat(owner)["token"], seed=seed, bot_level="medium")


# -- the room's engine and what each page may show ------------------------------------------

def record(data: Where, code: str) -> tuple[dict[str, Any], int]:
    found = store(data).get(f"room:{code}")
    assert found is not None, code
    return json.loads(found.value), found.version


SNAPSHOT = """() => {
  const out = {};
  for (const node of document.querySelectorAll('[data-testid]')) {
    const id = node.dataset.testid;
    if (/^(grid-|player-|hand|draw-pile|skyjo-draw)/.test(id)) {
      out[id] = {text: node.innerText || "",
                 cards: [...node.querySelectorAll('[data-card]')].map(c => c.dataset.card)};
    }
  }
  const turn = document.querySelector('[data-testid="room-turn"] [data-version]');
  out["version"] = turn ? +turn.dataset.version : -1;
  return out;
}"""


def check_page(page: Page, seat: int, data: Where, code: str) -> int:
    """The page of ``seat`` shows nothing of the others that its own observation does not
    (checked against the room's engine at the version the page shows: the computer
    players may move meanwhile); how many hidden places were checked."""
    for _ in range(50):
        shown = page.evaluate(SNAPSHOT)
        room, version = record(data, code)
        if shown["version"] == version:
            break
        time.sleep(0.1)
    else:
        return 0
    if room["save"] is None:
        return 0
    adapter = ADAPTERS[room["game"]]
    view = adapter.observe(adapter.loads(room["save"]), seat)
    if room["game"] == "skyjo":
        return _check_skyjo(shown, seat, view)
    return _check_skipbo(shown, seat, view)


def _check_skyjo(shown: dict[str, Any], seat: int, view: dict[str, Any]) -> int:
    checked = 0
    for other in view["seats"]:
        if other["seat"] == seat:
            continue
        for place, card in enumerate(other["cards"]):
            slot = shown.get(f"grid-{other['seat']}-{PAGE_ORDER.index(place)}")
            if card is None and slot is not None and place not in other["cleared"]:
                assert not re.search(r"\d", slot["text"]), (other["seat"], place, slot)
                checked += 1
    draw = shown.get("skyjo-draw")
    if draw is not None:  # the pile's count, never its top card
        assert set(re.findall(r"-?\d+", draw["text"])) <= {str(view["draw_count"])}, draw
    return checked


def _check_skipbo(shown: dict[str, Any], seat: int, view: dict[str, Any]) -> int:
    checked = 0
    hand = shown.get("hand")
    if hand is not None:  # the seat's own hand, card for card, and no other hand
        assert Counter(hand["cards"]) == Counter(str(c) for c in view["hand"]), hand
        checked += 1
    for other in view["seats"]:
        panel = shown.get(f"player-{other['seat']}")
        if other["seat"] == seat or panel is None:
            continue
        public = Counter(str(c) for pile in other["discards"] for c in pile)
        if other["stock_count"]:
            public[str(other["stock_top"])] += 1
        # Its stock's top and its discard piles; no hand card, no card under the top.
        assert not Counter(panel["cards"]) - public, (other["seat"], panel, public)
        checked += 1
    draw = shown.get("draw-pile")
    if draw is not None:
        assert draw["cards"] == [], draw
    return checked


def check_tokens(pages: Sequence[Page]) -> None:
    """No page's DOM holds another page's seat token."""
    tokens = [kept_seat(p).get("token", "") for p in pages]
    assert all(tokens)
    for i, page in enumerate(pages):
        others = [tok for j, tok in enumerate(tokens) if j != i]
        found = page.evaluate("ts => ts.filter(t => document.documentElement.outerHTML"
                              ".includes(t))", others)
        assert found == [], i


def settle(pages: Sequence[Page], version: int, timeout: float = 60_000) -> None:
    """Every page shows the room at ``version`` or later."""
    for page in pages:
        page.wait_for_function(
            """v => { const e = document.querySelector('[data-testid="room-turn"] [data-version]');
                      return e && +e.dataset.version >= v }""", arg=version, timeout=timeout)


# -- playing by clicks --------------------------------------------------------------------

def current_seat(room: dict[str, Any]) -> int:
    adapter = ADAPTERS[room["game"]]
    return int(adapter.current(adapter.loads(room["save"])))


def play_out(pages: Sequence[Page], data: Where, code: str,
             turn: Callable[[Page], bool], *, limit: int = 2000,
             each_step: Callable[[int], None] | None = None) -> tuple[int, int]:
    """The people play by clicks (the bots on their own) until the deal is over; after
    every move every page shows the room as it is and is checked. (clicked moves,
    hidden places checked)."""
    clicks = checked = 0
    for step in range(limit):
        room, version = record(data, code)
        settle(pages, version)
        for seat, page in enumerate(pages):
            checked += check_page(page, seat, data, code)
        if room["phase"] == "over":
            return clicks, checked
        if each_step is not None:
            each_step(step)
        current = current_seat(room)
        if current < len(pages) and not room["seats"][current]["bot"] \
                and turn(pages[current]):
            clicks += 1
        deadline = time.monotonic() + 60
        while record(data, code)[1] == version:
            assert time.monotonic() < deadline, "the room did not move on"
            time.sleep(0.05)
    raise AssertionError("the deal did not end")


def deal_over(pages: Sequence[Page]) -> None:
    for i, page in enumerate(pages):
        expect(page.locator('[data-testid="room-turn"]')).to_contain_text(
            t("room.deal_over", LANGS[i % len(LANGS)]), timeout=60_000)
    expect(pages[0].locator('[data-testid="next-deal"]')).to_be_visible()


def wait_table(pages: Sequence[Page], selector: str) -> None:
    for page in pages:
        page.wait_for_selector(selector, timeout=180_000)


def side_by_side(browser: Any, shots: Sequence[Page], path: Path) -> None:
    """The README's picture: the pages next to each other (``ROOM_SCREENSHOT=path``)."""
    images = [base64.b64encode(p.screenshot()).decode() for p in shots]
    sheet = browser.new_page(viewport={"width": 1280 * len(shots) + 16, "height": 900})
    sheet.set_content('<body style="margin:0;display:flex;gap:16px;background:#555">' + "".join(
        f'<img src="data:image/png;base64,{s}" width="1280">' for s in images) + "</body>")
    sheet.screenshot(path=str(path))
    sheet.close()


# -- the tests ----------------------------------------------------------------------------

def test_two_browsers_play_a_skyjo_round_in_a_room(pages: Pages,
                                                   classroom: tuple[str, Path]) -> None:
    """English and German; a reload comes back to the seat with the same cards."""
    _, data = classroom
    code = gather(pages, "skyjo", 2)
    pages[0].click('[data-testid="room-start"]')
    wait_table(pages, '[data-testid="grid-0-11"]')
    check_tokens(pages)
    ben = pages[1]

    def reload_once(step: int) -> None:
        if step == 10 and os.environ.get("ROOM_SCREENSHOT"):
            side_by_side(pages.browser, pages, Path(os.environ["ROOM_SCREENSHOT"]))
        if step == 12:
            ben.reload()
            ben.wait_for_selector('[data-testid="grid-0-11"]', timeout=180_000)
            assert kept_seat(ben)["code"] == code

    clicks, checked = play_out(pages, data, code, skyjo_turn, each_step=reload_once)
    assert clicks > 10 and checked > 20
    deal_over(pages)
    check_tokens(pages)


@pytest.mark.parametrize("people", [3, pytest.param(8, marks=pytest.mark.slow)])
def test_more_browsers_play_a_skyjo_round(pages: Pages, classroom: tuple[str, Path],
                                          people: int) -> None:
    """Three people (en, de, fr), and a full table of eight: eight browser contexts,
    four languages (``slow``)."""
    _, data = classroom
    code = gather(pages, "skyjo", people)
    pages[0].click('[data-testid="room-start"]')
    wait_table(pages, f'[data-testid="grid-{people - 1}-11"]')
    clicks, checked = play_out(pages, data, code, skyjo_turn)
    assert clicks > 5 * people and checked > 12 * people
    deal_over(pages)
    check_tokens(pages)


def skipbo_form(stock: int, teams: bool = False) -> Callable[[Page], None]:
    """The new room's Skip-Bo fields, by clicks: a stock of one's own size, teams."""
    def fill(page: Page) -> None:
        page.get_by_role("button", name=t("setup.stock.custom", "en"), exact=True).click()
        page.fill('[data-testid="stock-size"]', str(stock))
        page.press('[data-testid="stock-size"]', "Enter")
        if teams:
            page.check('[data-testid="teams"]')
    return fill


@pytest.mark.parametrize("people", [2, 3, pytest.param(6, marks=pytest.mark.slow)])
def test_browsers_play_a_whole_skipbo_game(pages: Pages, classroom: tuple[str, Path],
                                           people: int) -> None:
    """Two people (en, de), three (en, de, fr), and a full table of six, four languages
    (``slow``)."""
    _, data = classroom
    code = gather(pages, "skipbo", people, setup=skipbo_form(5))
    room, _ = record(data, code)
    assert room["options"]["stock_size"] == 5
    start_seeded(data, pages[0], code, SKIPBO_SEEDS[people])
    wait_table(pages, '[data-testid="hand"]')
    clicks, checked = play_out(pages, data, code, skipbo_turn)
    assert clicks > 5 and checked > 5 * people
    room, _ = record(data, code)
    assert room["moves"] == clicks  # every move a page's click
    deal_over(pages)
    check_tokens(pages)


@pytest.mark.parametrize("people", [2, 4])
def test_people_play_skipbo_with_teams(pages: Pages, classroom: tuple[str, Path],
                                       people: int) -> None:
    """Four seats in two teams: Anna and Ben (the first two seats, opponents), each with
    a computer player as partner; or four people (en, de, fr, nl)."""
    _, data = classroom
    code = gather(pages, "skipbo", people, players=4, setup=skipbo_form(5, teams=True))
    room, _ = record(data, code)
    assert room["options"] == {"stock_size": 5, "teams": True, "faces": "skipbo"}
    start_seeded(data, pages[0], code, TEAMS_SEEDS[people])
    wait_table(pages, '[data-testid="hand"]')
    clicks, checked = play_out(pages, data, code, skipbo_turn)
    room, _ = record(data, code)
    assert clicks > 5 and checked > 10 * people
    # Without people at every seat, the computer players played too.
    assert (room["moves"] > clicks) if people < 4 else (room["moves"] == clicks)
    deal_over(pages)


def test_a_kernel_killed_mid_turn_comes_back_to_the_seat(pages: Pages,
                                                         classroom: tuple[str, Path]) -> None:
    """Ben's kernel dies while he holds a card he drew; a reload gives him a new kernel,
    back at his seat, the card still in his hand, and he finishes his turn."""
    _, data = classroom
    seat = drawn_mid_turn(pages, data)
    code = kept_seat(pages[0])["code"]
    mover = pages[seat]
    assert kill_kernel(mover) == 1
    time.sleep(1)
    mover.reload()
    mover.wait_for_selector('[data-testid="skyjo-drawn"] .sj-card, [data-testid="skyjo-held"]',
                            timeout=180_000)
    room, version = record(data, code)
    assert version == record(data, code)[1]
    expect(mover.locator('[data-testid="room-turn"]')).to_contain_text(
        t("ui.your_turn", LANGS[seat]), timeout=60_000)
    mover.locator(".sj-me button.sj-slot:has(.sj-back)").first.click()
    wait_for_version(data, code, version + 1)
    settle(pages, version + 1)
    for i, page in enumerate(pages):
        assert check_page(page, i, data, code)
    room, _ = record(data, code)
    assert room["last"]["seat"] == seat and room["last"]["move"].startswith("swap")


def drawn_mid_turn(pages: Pages, data: Where) -> int:
    """Two people start a Skyjo room, turn their set-up cards, and the next to move draws
    from the pile: their seat, with the drawn card in hand."""
    code = gather(pages, "skyjo", 2)
    pages[0].click('[data-testid="room-start"]')
    wait_table(pages, '[data-testid="grid-0-11"]')
    for _ in range(4):  # the set-up: two cards each
        room, version = record(data, code)
        settle(pages, version)
        assert skyjo_turn(pages[current_seat(room)])
        wait_for_version(data, code, version + 1)
    room, version = record(data, code)
    settle(pages, version)
    seat = current_seat(room)
    pages[seat].click('[data-testid="skyjo-draw"]')
    wait_for_version(data, code, version + 1)
    settle(pages, version + 1)
    return seat


def wait_for_version(data: Where, code: str, version: int, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while record(data, code)[1] < version:
        assert time.monotonic() < deadline, f"the room did not reach version {version}"
        time.sleep(0.05)


def test_two_tabs_of_one_seat_click_at_the_same_instant(pages: Pages,
                                                        classroom: tuple[str, Path]) -> None:
    """Anna has the room open in two tabs (English and German). She turns her first card;
    then both tabs click another card at the same instant, when one more card ends her
    set-up: exactly one move counts, and the other tab says why it did not (the table
    changed, or, had its kernel seen the move already, that it is Ben's turn)."""
    _, data = classroom
    code = gather(pages, "skyjo", 2)
    anna = pages[0]
    anna.click('[data-testid="room-start"]')
    tab = anna.context.new_page()
    tab.goto(f"{pages.url}?lang=de", wait_until="commit")
    pages.append(tab)  # its kernel is stopped at the end too
    wait_table([anna, tab, pages[1]], '[data-testid="grid-0-11"]')
    room, version = record(data, code)
    settle([anna, tab], version)
    anna.click('[data-testid="grid-0-0"]')
    wait_for_version(data, code, version + 1)
    settle([anna, tab], version + 1)
    at = anna.evaluate("() => Date.now()") + 1500
    click_at = """([sel, at]) => new Promise(done => setTimeout(() => {
        document.querySelector(sel).click(); done(Date.now()); }, at - Date.now()))"""
    anna.evaluate(click_at, ['[data-testid="grid-0-5"]', at])
    tab.evaluate(click_at, ['[data-testid="grid-0-10"]', at])
    wait_for_version(data, code, version + 2)
    time.sleep(3)
    room, now = record(data, code)
    assert now == version + 2 and room["moves"] == 2, room["last"]
    settle([anna, tab], now)
    polite = {lang: (t("room.refused.stale_version", lang),
                     t("ui.player_turn", lang, player=1, names=["Anna", "Ben"]))
              for lang in ("en", "de")}
    told: dict[str, str] = {}
    for _ in range(50):
        told = {lang: page.evaluate(STATUS) for lang, page in (("en", anna), ("de", tab))}
        if any(p in told[lang] for lang in told for p in polite[lang]):
            break
        time.sleep(0.2)
    assert sum(any(p in told[lang] for p in polite[lang]) for lang in told) == 1, told


STATUS = "() => document.querySelector('[data-testid=\"status\"]')?.innerText || ''"


def test_redis_stopped_and_started_again_mid_turn(redis_pages: Pages,
                                                  redis_classroom: tuple[str, RedisServer]
                                                  ) -> None:
    """On a Voilà whose rooms are on Redis, Anna (English) and Ben (German) play. The mover
    holds a drawn card; Redis freezes (``SIGSTOP``) as the mover puts it on a card of
    theirs, so the click is under way when the store goes: both pages say the table
    cannot be reached, each in its language, and keep the table as it was. Redis is then
    stopped and started again: the move counts once, and the round is played out."""
    pages, (_, server) = redis_pages, redis_classroom
    data = server.url
    seat = drawn_mid_turn(pages, data)
    code = kept_seat(pages[0])["code"]
    room, version = record(data, code)
    shown = [page.evaluate(SNAPSHOT) for page in pages]
    pid = int(server.pidfile.read_text())
    os.kill(pid, signal.SIGSTOP)
    try:
        pages[seat].locator(".sj-me button.sj-slot:has(.sj-back)").first.click()
        for i, page in enumerate(pages):
            expect(page.locator('[data-testid="room-turn"]')).to_contain_text(
                t("room.offline", LANGS[i]), timeout=60_000)
            assert page.evaluate(SNAPSHOT) == shown[i]  # the table as it was
    finally:
        os.kill(pid, signal.SIGTERM)
        os.kill(pid, signal.SIGCONT)
        server.stop()
    server.start()
    wait_for_version(data, code, version + 1)
    settle(pages, version + 1)
    for i, page in enumerate(pages):
        expect(page.locator('[data-testid="room-turn"]')).not_to_contain_text(
            t("room.offline", LANGS[i]), timeout=60_000)
    time.sleep(3)  # a second sending of the move would show by now
    after, now = record(data, code)
    assert now == version + 1 and after["moves"] == room["moves"] + 1, after["last"]
    assert after["last"]["seat"] == seat and after["last"]["move"].startswith("swap")
    clicks, checked = play_out(pages, data, code, skyjo_turn)
    assert clicks > 5 and checked > 10
    deal_over(pages)
