"""R22: the kept games as the archive reads its rows back (game/kept_games/archive/rows.py): a games
row it cannot read (written by another program, or a damaged file) is left out of the Games
list, which still shows every other game, and nothing is written over it; and the next start
catches the saved game up with the newest kept game of its size, not an older one's."""

from __future__ import annotations

import sqlite3

import pygame
import pytest
from helpers.games import keep_games, open_games, settle, words_drawn
from helpers.keys import STEP, key

from game.app import App, Options
from game.core.record import Outcome
from game.core.replay import replay
from game.kept_games.archive.games_archive import Archive
from game.storage.schema import ARCHIVE_FILE
from game.text import tr

ARROWS = {"left": pygame.K_LEFT, "down": pygame.K_DOWN, "right": pygame.K_RIGHT, "up": pygame.K_UP}

# What another program (or a damaged file) may leave in a column: text or a negative for a
# count, a clock that runs backwards, the solver's help from a step the game never had.
UNREADABLE = [("moves", "many"), ("score", -5), ("seconds", -1.0), ("assisted_from", 10**6)]


def plant(folder, game_id: int, column: str, value) -> None:
    """Write `value` into a kept game's column as another program could, past our checks."""
    connection = sqlite3.connect(folder / ARCHIVE_FILE, isolation_level=None)
    try:
        connection.execute("PRAGMA ignore_check_constraints = ON")
        connection.execute(f"UPDATE games SET {column} = ? WHERE id = ?", (value, game_id))
    finally:
        connection.close()


def column_of(folder, game_id: int, column: str):
    connection = sqlite3.connect(folder / ARCHIVE_FILE)
    try:
        return connection.execute(
            f"SELECT {column} FROM games WHERE id = ?", (game_id,)
        ).fetchone()[0]
    finally:
        connection.close()


def play_moves(app: App, count: int) -> None:
    """`count` arrow keys, each one that moves the board."""
    for index in range(count):
        valid = app.session.game.valid_directions()
        app.frame(STEP, [key(ARROWS[valid[index % len(valid)]])])


# -- a games row that cannot be read --------------------------------------------------------


@pytest.mark.parametrize(("column", "value"), UNREADABLE)
def test_a_kept_game_that_cannot_be_read_is_left_out_of_the_list_and_kept_as_it_is_R22(
    tmp_path, column, value
):
    newest, damaged, oldest = keep_games(tmp_path, 3)
    damaged_id = damaged.summary.game_id
    plant(tmp_path, damaged_id, column, value)
    app = App(Options(data_dir=str(tmp_path), sound=False))
    try:
        open_games(app)
        shown = [summary.game_id for summary in app.screens.top.games.rows]
        drawn = " ".join(words_drawn(app))
    finally:
        app.close()
    # The list opens and shows every other game, newest first; the damaged one is left out.
    assert shown == [newest.summary.game_id, oldest.summary.game_id]
    assert tr("games_unreadable") not in drawn
    assert column_of(tmp_path, damaged_id, column) == value  # nothing written over it


@pytest.mark.parametrize(("column", "value"), UNREADABLE)
def test_the_archive_lists_every_row_it_can_read(tmp_path, column, value):
    newest, damaged, oldest = keep_games(tmp_path, 3)
    plant(tmp_path, damaged.summary.game_id, column, value)
    archive = Archive.open(tmp_path, background=False, durable=False)
    try:
        assert archive.list_games() == [newest.summary, oldest.summary]
        assert archive.list_games(size=4) == [newest.summary, oldest.summary]
    finally:
        archive.close()


# -- the newest kept game of a size ------------------------------------------------------------


def test_the_game_in_play_comes_back_on_its_own_record_not_an_older_one_R22(tmp_path):
    options = Options(seed=7, size=4, data_dir=str(tmp_path), sound=False)
    app = App(options)
    try:
        play_moves(app, 8)  # game A
        app.frame(STEP, [key(pygame.K_n, unicode="n")])  # New game asks first (R15): A is left
        app.frame(STEP, [key(pygame.K_UP)])
        app.frame(STEP, [key(pygame.K_RETURN)])
        assert app.session.game.moves == 0
        play_moves(app, 11)  # game B
    finally:
        app.close()
    archive = Archive.open(tmp_path, background=False, durable=False)
    try:
        games = archive.list_games()
        b_record = archive.load(games[0].game_id)
    finally:
        archive.close()
    assert [(g.size, g.outcome) for g in games] == [(4, Outcome.IN_PLAY), (4, Outcome.LEFT)]

    app = App(options)
    try:
        settle(app, 2)
        game = app.session.game
        end = replay(b_record)[-1]
        assert (game.grid, game.score, game.moves) == (end.grid, end.score, end.moves)
        assert app.view.board.grid == end.grid  # what the player sees
        play_moves(app, 1)
        app.archive.flush()
        kept = app.archive.list_games()
    finally:
        app.close()
    # B stays one record and goes on; A is as it was.
    assert [g.game_id for g in kept] == [g.game_id for g in games]
    assert kept[0].steps == b_record.summary.steps + 1 and kept[1] == games[1]
