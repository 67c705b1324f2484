"""Hot seat: several people take turns at one screen, with or without bots.

Each person plays their own seat: the table controller's ``seat`` follows the
person whose turn comes next. Between two people's turns a pass screen ("Pass
to Emma") hides every hand until Emma says she is at the screen; the bots in
between play behind it. Hints and the turn review are for whoever is playing;
a person's review of their last turn waits for them behind the pass screen,
since it names cards of their hand. The game is kept and saved like any other
(either game's settings with ``people``).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w

from ...core.errors import GameError
from ...games import BOT_NAMES
from ...i18n import LANGUAGES, seat_name
from ..page.testids import testid
from ..registry import default_game, game_ui
from ..table.controller import TableController
from ..table.play import AnyGamePlay
from .classroom_form import ClassroomForm
from .game_screen import GameScreen, _box
from .settings import MAX_NAME, Settings


class HotSeatController(TableController):
    """The table of a hot-seat game: while ``screened``, no hand and no move."""

    screened = True

    @property
    def interactive(self) -> bool:
        return self.my_turn and not self.screened

    def move(self, text: str) -> bool:
        if self.screened:  # a click sent before the pass screen came up
            self.idle()
            return False
        return super().move(text)

    def can_undo(self) -> bool:
        return not self.screened and super().can_undo()

    def view_extras(self) -> dict[str, Any]:
        return self.kind.private if self.screened else {}


class HotSeatPlay:
    """A game's :class:`~..table.play.GamePlay` with the bots after the people, and every
    seat named (the screen speaks to no single learner)."""

    def __init__(self, play: AnyGamePlay, people: int) -> None:
        self._play = play
        self.people = people

    def __getattr__(self, name: str) -> Any:
        return getattr(self._play, name)

    def bots(self, levels: Sequence[str], seed: object) -> dict[int, Any]:
        return {seat + self.people - 1: bot
                for seat, bot in self._play.bots(levels, seed).items()}

    def new_log(self, game: Any, *, lang: str, names: Sequence[str]) -> Any:
        log: Any = self._play.new_log(game, lang=lang, names=names)
        log.me = HotSeatScreen.me
        log.rebuild(game.events)
        return log

    def end_text(self, game: Any, *, tr: Callable[..., str], me: int = 0) -> str:
        return self._play.end_text(game, tr=tr, me=HotSeatScreen.me)

    def match_won(self, match: Any, winners: list[int], *, tr: Callable[..., str],
                  me: int = 0) -> str:
        return self._play.match_won(match, winners, tr=tr, me=HotSeatScreen.me)


def person_names(settings: Settings) -> list[str]:
    """The people's names, then a name for each bot that no person has."""
    bots = (name for name in BOT_NAMES if name not in settings.people)
    return [*settings.people, *(next(bots) for _ in settings.levels)]


class HotSeatScreen(GameScreen):
    """A game whose settings have ``people``: seats 0… are people, then bots."""

    me = -1  # the log and the end of the game speak of everyone by name
    Controller = HotSeatController
    controller: HotSeatController

    def __init__(self, settings: Settings, *args: Any, **kwargs: Any) -> None:
        #: Each person's last finished turn, reviewed when they are at the screen again.
        self._reviews: dict[int, list[tuple[Any, Any]]] = {}
        self.pass_text = w.HTML()
        self.ready_button = testid(w.Button(button_style="primary", icon="eye"), "pass-ready")
        self.ready_button.on_click(lambda _b: self.ready())
        self.pass_box = testid(w.VBox([self.pass_text, self.ready_button],
                                      layout=w.Layout(align_items="center", padding="48px 12px",
                                                      width="100%")), "pass-screen")
        self.pass_box.add_class("sb-pass-screen")
        super().__init__(settings, *args, **kwargs)

    @property
    def people(self) -> range:
        return range(len(self.settings.people))

    def _names(self) -> list[str]:
        return person_names(self.settings)

    def _start_game(self) -> None:
        if not isinstance(self.play, HotSeatPlay):
            self.play = HotSeatPlay(self.play, len(self.settings.people))
        self._reviews = {}
        super()._start_game()

    # -- whose turn, and who is at the screen -----------------------------------

    def _after_change(self) -> None:
        self._follow_person()
        super()._after_change()

    def _follow_person(self) -> None:
        """When the person at the screen has finished their turn, the pass screen goes up
        for the next person to move (bots may play first, behind it)."""
        c = self.controller
        game = c.game
        if game.is_over or game.current == c.seat:
            return
        players = game.rules.players
        upcoming = next(seat for step in range(players)
                        if (seat := (game.current + step) % players) in self.people)
        if self._reviewed:
            self._reviews[c.seat] = self._reviewed
        self._reviewed = []
        self._show_review()
        self.hint_box.value = ""
        c.seat, c.screened = upcoming, True
        c.turn_moves = []
        c.refresh()

    def ready(self) -> None:
        """The person named on the pass screen is at the screen: show them their seat."""
        c = self.controller
        if not c.screened or self.closed:
            return
        c.screened = False
        self._reviewed = self._reviews.pop(c.seat, [])
        self._show_review()
        c.refresh()
        self._update_side()

    # -- what the side panel shows -------------------------------------------------

    def show_hint(self) -> None:
        if not self.controller.screened:
            super().show_hint()

    def _turn_box(self) -> str:
        c = self.controller
        if c.game.is_over:
            return ""
        if c.my_turn and not c.screened:
            return _box(self.tr("hot.your_turn", player=c.seat), "turn")
        return _box(self.tr("ui.player_turn", player=c.game.current), "wait")

    def _update_side(self) -> None:
        super()._update_side()
        c = self.controller
        screened = c.screened
        self.pass_text.value = (
            f'<div class="sb-pass-title">{html.escape(self.tr("hot.pass", player=c.seat))}</div>'
            f'<p>{html.escape(self.tr("hot.pass_detail", player=c.seat))}</p>')
        self.ready_button.description = self.tr("hot.ready", player=c.seat)
        self.table_box.children = [self.pass_box] if screened else [c.table]
        if screened:
            self.hint_button.disabled = self.undo_button.disabled = True
            self.undo_button.tooltip = ""


class HotSeatForm(ClassroomForm):
    """The people's names, the bots and the deal; ``on_start(settings)`` when submitted."""

    def __init__(self, lang: str, on_start: Callable[[Settings], None],
                 on_back: Callable[[], None], initial: Settings | None = None,
                 game: str | None = None) -> None:
        super().__init__(lang, on_start)
        self.ui = game_ui(game or default_game())
        self.kind = kind = self.ui.kind
        given = initial if initial is not None and initial.people \
            and initial.kind is kind else None
        people = given.people if given else ()
        bots = len(given.levels) if given else 0
        style = {"button_width": "3.2em", "description_width": "initial"}
        self.count = testid(w.ToggleButtons(
            options=[str(n) for n in kind.players], value=str(max(2, len(people))),
            description=self.tr("hot.people"), style=style), "hot-people")
        self.names = [
            testid(w.Text(value=_default_or(people, i, lang), description=f"{i + 1}.",
                          style={"description_width": "2em"}, layout=w.Layout(width="18em")),
                   f"hot-name-{i}")
            for i in range(kind.max_players)]
        for box in self.names:
            box.observe(lambda c, box=box: _cut(box, c["new"]), names="value")
        self.bot_count = testid(w.ToggleButtons(
            options=["0"], value="0", description=self.tr("setup.bots"), style=style),
            "hot-bots")
        levels = given.levels if given else ()
        self.levels = [self.level_box(kind.bot_levels, levels[i] if i < bots else "medium",
                                      layout=w.Layout(width="14em"))
                       for i in range(kind.max_players - 2)]
        self.seed = self.seed_box(given.seed if given else "")
        self.hints = testid(w.Checkbox(value=given.hints if given else True,
                                       description=self.tr("setup.hints"), indent=False),
                            "hints")
        self.names_box = w.VBox()
        self.levels_box = w.VBox()
        #: The bots asked for: kept while fewer fit beside the people chosen.
        self._bots_wanted = bots
        self._updating = False
        self.count.observe(lambda _c: self._update(), names="value")
        self.bot_count.observe(lambda c: self._bots_changed(int(c["new"])), names="value")
        self.widget = self.frame(
            "hot.title", "hot.intro",
            [self.count, self.names_box, self.bot_count, self.levels_box, self.seed, self.hints],
            start="setup.start", start_id="start-game", on_back=on_back)
        self._update()

    def _bots_changed(self, bots: int) -> None:
        if not self._updating:
            self._bots_wanted = bots
            self._update()

    def _update(self) -> None:
        people = int(self.count.value)
        room = self.kind.max_players - people
        self._updating = True  # new options reset the value: put the wanted one back
        try:
            self.bot_count.options = [str(n) for n in range(room + 1)]
            self.bot_count.value = str(min(self._bots_wanted, room))
        finally:
            self._updating = False
        self.names_box.children = self.names[:people]
        self.levels_box.children = self.levels[:int(self.bot_count.value)]

    def settings(self) -> Settings:
        """The chosen settings; raises GameError with the reason if they cannot be played."""
        people = tuple(box.value.strip() for box in self.names[:int(self.count.value)])
        levels = tuple(box.value for box in self.levels[:int(self.bot_count.value)])
        return self.ui.settings(players=len(people) + len(levels), levels=levels,
                                people=people, seed=self.seed_of(self.seed),
                                hints=bool(self.hints.value))

    def why(self, err: GameError) -> str:
        if err.params.get("field") == "settings.people":
            return self.tr("hot.bad_names", max=MAX_NAME)
        return super().why(err)


def _default_or(people: tuple[str, ...], seat: int, lang: str) -> str:
    """The name a person gave, or "Player 2" in the learner's language (a name left
    as another language's default follows the language too)."""
    if seat < len(people) and people[seat] not in {seat_name(seat, other) for other in LANGUAGES}:
        return people[seat]
    return seat_name(seat, lang)


def _cut(box: w.Text, value: str) -> None:
    if len(value) > MAX_NAME:
        box.value = value[:MAX_NAME]
