"""R22 with the data folder deleted while the game runs: the kept games are written again into
a new folder from what the game still has open, recording goes on, and the player is told
once; the next start lists every move. A file put in the kept games' place is never written."""

from __future__ import annotations

import shutil
import sqlite3

import pygame
import pytest
from helpers.archive import Keeping, play, random_actions, seeded_session
from helpers.games import open_games
from helpers.keys import key
from helpers.loop import ScriptedClock

from game.app import App, Options
from game.core.replay import replay
from game.kept_games.archive.games_archive import Archive
from game.storage.schema import ARCHIVE_FILE
from game.text import notice_text, tr

ARROWS = {"left": pygame.K_LEFT, "right": pygame.K_RIGHT, "up": pygame.K_UP, "down": pygame.K_DOWN}


def playing(folder):
    archive = Archive.open(folder, durable=False)  # the app's way: a writer thread
    keeper = Keeping(archive)
    session = seeded_session(4, 1)
    keeper.attach(session)
    return archive, keeper, session


def test_moves_made_after_the_folder_is_deleted_are_kept_in_a_folder_made_again(tmp_path):
    folder = tmp_path / "data"
    archive, keeper, session = playing(folder)
    before = play(session, keeper, random_actions(1, 40))
    assert archive.flush()
    shutil.rmtree(folder)
    after = play(session, keeper, random_actions(2, 40))
    assert archive.flush()
    [notice] = archive.pop_notices()
    assert notice.key == "archive_remade" and notice_text(notice, "el") != notice_text(notice, "en")
    play(session, keeper, random_actions(3, 10))
    assert archive.pop_notices() == []  # said once
    archive.close()
    assert folder.is_dir() and (folder.stat().st_mode & 0o777) == 0o700
    again = Archive.open(folder, background=False)
    assert again.pop_notices() == []
    [summary] = again.list_games()
    record = again.load(summary.game_id)
    assert len(record.steps) >= len(before) + len(after)
    assert replay(record)[-1].grid == session.game.grid


def test_a_quit_just_after_the_folder_is_deleted_still_keeps_the_games(tmp_path):
    folder = tmp_path / "data"
    archive, keeper, session = playing(folder)
    play(session, keeper, random_actions(1, 40))
    assert archive.flush()
    shutil.rmtree(folder)
    archive.close()  # no move since: the quit itself writes them again
    [summary] = Archive.open(folder, background=False).list_games()
    assert summary.moves == session.game.moves


def test_a_file_put_in_the_kept_games_place_is_never_written(tmp_path):
    folder = tmp_path / "data"
    archive, keeper, session = playing(folder)
    play(session, keeper, random_actions(1, 20))
    assert archive.flush()
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as connection:
        connection.execute("CREATE TABLE notes (text TEXT)")
    connection.close()
    theirs = other.read_bytes()
    (folder / ARCHIVE_FILE).unlink()
    shutil.copyfile(other, folder / ARCHIVE_FILE)  # restored from elsewhere, mid-run
    play(session, keeper, random_actions(2, 20))
    assert archive.flush()
    [notice] = archive.pop_notices()
    assert notice.key == "archive_replaced" and not archive.recording
    archive.close()
    assert (folder / ARCHIVE_FILE).read_bytes() == theirs


@pytest.mark.slow
def test_the_real_loop_keeps_every_move_across_a_deleted_folder_and_a_restart_R22(tmp_path):
    folder = tmp_path / "data"
    clock = ScriptedClock(end=12.0)
    app = App(Options(data_dir=str(folder), sound=False), clock=clock)
    shown: list[str] = []
    show = app.view.show_notice
    app.view.show_notice = lambda text, *rest: (shown.append(text), show(text, *rest))
    turns: list[int] = []

    def a_move():
        valid = app.session.game.valid_directions()
        turns.append(1)
        if valid:
            pygame.event.post(key(ARROWS[valid[len(turns) % len(valid)]]))

    for step in range(60):  # two moves a second, the folder deleted half way
        clock.at(0.5 + step * 0.18, a_move)

    def delete_the_folder():
        app.archive.flush()
        app.archive.flush()  # no save being written meanwhile: rmtree does not trip on it
        shutil.rmtree(folder)

    clock.at(6.0, delete_the_folder)
    try:
        assert app.run() == 0
        moves = app.session.game.moves
    finally:
        app.close()
    assert moves >= 40
    assert shown.count(tr("notice_archive_remade", app.lang)) == 1
    app = App(Options(data_dir=str(folder), sound=False))
    try:
        open_games(app)
        [row] = app.screens.top.games.rows  # one game, every move of it
        assert row.moves == moves == app.session.game.moves
        record = app.archive.load(row.game_id)
        assert replay(record)[-1].grid == app.session.game.grid
    finally:
        app.close()
