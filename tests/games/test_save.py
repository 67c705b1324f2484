"""Save files of every game: a game's own file (``Settings.dump_match``, opened with
``open_any``) and the app's session (``dumps_session``/``loads_session``) read back to the
same game and write the same text again, at every stage of seeded play-outs; a file cut
short or with a character changed is read or refused with a ``SaveError`` carrying the
game's (or the shared file parser's) reason, never any other exception."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from skipbo_widgets.core.errors import SaveError, SaveReason
from skipbo_widgets.core.savefile import dumps
from skipbo_widgets.widgets.shell.settings import dumps_session, loads_session, open_any

from .described import Described, once_per_game, playout

SEEDS = range(2)


def _saved_games(game: Described, *, every: int = 7) -> Iterator[tuple[Any, Any]]:
    """(settings, match) at every ``every``-th move of seeded play-outs, one game or a
    match, the game of the match moved on in place."""
    for players in game.player_counts:
        for seed in SEEDS:
            for whole in (False, True):
                settings = game.settings(players, str(seed), match=whole)
                match = settings.new_match()
                for i, g in enumerate(playout(match.game, seed)):
                    if i % every == 0 or g.is_over:
                        yield settings, match


def test_a_game_s_own_file_reads_back_and_writes_the_same_text(game: Described) -> None:
    count = 0
    for settings, match in _saved_games(game):
        text = dumps(settings.dump_match(match))
        again, back = open_any(text)
        assert again.kind.id == game.id
        assert back.game.position_key() == match.game.position_key()
        assert dumps(again.dump_match(back)) == text
        count += 1
    assert count > 20


def test_a_session_reads_back_with_its_history_and_writes_the_same_text(
        game: Described) -> None:
    for settings, match in _saved_games(game, every=11):
        text = dumps_session(settings, match)
        again, back = loads_session(text)
        assert again == settings
        assert back.game.position_key() == match.game.position_key()
        if match.game.move_stack:  # the history replayed: the events and moves too
            assert back.game.state_key() == match.game.state_key()
            assert open_any(text)[1].game.state_key() == match.game.state_key()
        assert dumps_session(again, back) == text


def _refused_as_the_game_says(settings: Any, text: str) -> bool:
    """True if ``open_any`` refuses ``text`` with a reason of the game or the file parser;
    a text it reads must save and read back alike."""
    try:
        again, back = open_any(text)
    except SaveError as err:
        assert isinstance(err.reason, (settings.reasons, SaveReason)), err.reason
        return True
    rewritten = dumps(again.dump_match(back))
    assert dumps(open_any(rewritten)[0].dump_match(open_any(rewritten)[1])) == rewritten
    return False


@once_per_game
def _files(game: Described) -> list[tuple[Any, str]]:
    """Saved files of every stage of play: each game's own and a session."""
    files = []
    for i, (settings, match) in enumerate(_saved_games(game, every=13)):
        if i % 3 == 0:
            files.append((settings, dumps(settings.dump_match(match))))
            files.append((settings, dumps_session(settings, match)))
    return files


def test_a_file_cut_short_is_refused_with_a_save_error(game: Described) -> None:
    for settings, text in _files(game):
        end = len(text.rstrip())
        for cut in sorted({*range(0, end, max(1, end // 25)), end - 1}):
            assert _refused_as_the_game_says(settings, text[:cut]), cut


@pytest.mark.parametrize("seed", range(2))
def test_a_changed_character_is_read_or_refused_with_a_save_error(
        game: Described, seed: int) -> None:
    rng = random.Random(seed)
    refused = 0
    files = _files(game)
    for _ in range(300):
        settings, text = rng.choice(files)
        i = rng.randrange(len(text))
        new = rng.choice(['', '0', '1', '9', '-', '"', ',', '[', ']', '{', 'x', ' ', text[i]])
        refused += _refused_as_the_game_says(settings, text[:i] + new + text[i + 1:])
    assert refused > 30
