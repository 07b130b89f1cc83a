"""R22 with another program holding the kept games (a backup tool, `sqlite3` with BEGIN
EXCLUSIVE): no frame waits for it, the player is told what is true, and every move made
meanwhile is written when it lets go. And the disk's errors, each in its own words, once."""

from __future__ import annotations

import contextlib
import sqlite3
import time
from types import SimpleNamespace

import pygame
import pytest
from helpers.archive import (
    Keeping,
    only_game,
    play,
    random_actions,
    recorded,
    seeded_session,
    valid_moves,
)
from helpers.games import open_games
from helpers.keys import key
from helpers.loop import ScriptedClock

import game.kept_games.archive.database_file
import game.kept_games.archive.failures
import game.kept_games.archive.games_archive
from game.app import App, Options
from game.core.engine import Direction
from game.core.replay import replay
from game.kept_games.archive.games_archive import Archive, ArchiveBusy
from game.play import commands as cmd
from game.storage.schema import ARCHIVE_FILE
from game.text import notice_text, tr

ARROWS = {
    Direction.LEFT: pygame.K_LEFT,
    Direction.RIGHT: pygame.K_RIGHT,
    Direction.UP: pygame.K_UP,
    Direction.DOWN: pygame.K_DOWN,
}


class OtherProgram:
    """A second connection to the kept games, as another program would open them."""

    def __init__(self, folder) -> None:
        self.connection = sqlite3.connect(folder / ARCHIVE_FILE, isolation_level=None, timeout=0)

    def hold(self) -> None:
        self.connection.execute("BEGIN EXCLUSIVE")

    def let_go(self) -> None:
        self.connection.execute("ROLLBACK")

    def close(self) -> None:
        self.connection.close()


def keys(notices) -> list[str]:
    return [notice.key for notice in notices]


def timed_play(session, keeper, actions) -> float:
    """Play `actions` one at a time; the longest any one took to hand over, in seconds."""
    worst = 0.0
    for action in actions:
        started = time.perf_counter()
        play(session, keeper, [action])
        worst = max(worst, time.perf_counter() - started)
    return worst


def test_moves_made_while_another_program_holds_the_games_are_written_when_it_lets_go(tmp_path):
    archive = Archive.open(tmp_path, durable=False)  # the app's way: a writer thread
    keeper = Keeping(archive)
    session = seeded_session(4, 1)
    keeper.attach(session)
    seen = play(session, keeper, random_actions(1, 20))
    assert archive.flush()
    other = OtherProgram(tmp_path)
    other.hold()
    worst = timed_play(session, keeper, random_actions(2, 60))
    assert archive.held and worst < 0.25  # it was 5 s (SQLite's busy wait) on the frame
    [busy] = archive.pop_notices()
    assert busy.key == "archive_busy"
    assert "in use by another program" in notice_text(busy, "en")
    assert notice_text(busy, "el") != notice_text(busy, "en")
    started = time.perf_counter()
    with pytest.raises(ArchiveBusy):  # the list would miss the moves still queued
        archive.list_games()
    assert time.perf_counter() - started < 0.1  # said at once, not after a wait
    other.let_go()
    assert archive.flush(timeout=10)
    assert keys(archive.pop_notices()) == ["archive_free"]
    record = archive.load(archive.list_games()[0].game_id)
    assert replay(record)[-1].grid == session.game.grid  # every move, in order
    assert len(record.steps) > len(seen)
    other.hold()  # held again: the same is not said twice in a run
    play(session, keeper, random_actions(3, 5))
    other.let_go()
    assert archive.flush(timeout=10) and archive.pop_notices() == []
    archive.close()
    other.close()
    record = Archive.open(tmp_path, background=False).load(record.summary.game_id)
    assert replay(record)[-1].grid == session.game.grid


def test_a_queue_held_too_long_stops_at_its_bound_with_a_word_and_keeps_what_it_has(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(game.kept_games.archive.games_archive, "MAX_PENDING_BATCHES", 5)
    archive, keeper, session, before = recorded(tmp_path, actions=random_actions(1, 10))
    archive.close()
    archive = Archive.open(tmp_path, durable=False)
    keeper = Keeping(archive, restarted=True)
    keeper.attach(session)
    other = OtherProgram(tmp_path)
    other.hold()
    seen = play(session, keeper, random_actions(4, 30, undo_share=0))
    assert len(seen) > 5
    assert keys(archive.pop_notices()) == ["archive_busy", "archive_held_too_long"]
    assert not archive.recording  # memory cannot grow without limit
    other.let_go()
    assert archive.flush(timeout=10)
    record = archive.load(archive.list_games()[0].game_id)
    assert len(record.steps) == len(before) + 5  # what the queue held is written
    assert replay(record)[-1].grid == seen[4].grid
    archive.close()
    other.close()


@pytest.mark.slow
def test_a_read_behind_a_slow_write_gives_up_instead_of_stopping_the_frame(tmp_path, monkeypatch):
    archive = Archive.open(tmp_path, durable=False)
    keeper = Keeping(archive)
    session = seeded_session(4, 1)
    keeper.attach(session)
    play(session, keeper, random_actions(1, 5))
    written = game.kept_games.archive.games_archive.write_changes

    def slow_disk(connection, changes):
        time.sleep(1.0)
        written(connection, changes)

    monkeypatch.setattr(game.kept_games.archive.games_archive, "write_changes", slow_disk)
    monkeypatch.setattr(game.kept_games.archive.games_archive, "WRITE_WAIT_SECONDS", 0.0)
    play(session, keeper, random_actions(2, 2))
    started = time.perf_counter()
    with pytest.raises(ArchiveBusy):
        archive.list_games()
    assert (
        time.perf_counter() - started
        < game.kept_games.archive.games_archive.READ_WAIT_SECONDS + 0.2
    )
    monkeypatch.undo()
    assert archive.flush(timeout=10)
    assert archive.list_games()  # and it answers once the writes are done
    archive.close()


@pytest.mark.slow
def test_held_at_the_start_by_a_program_that_blocks_reading_too_it_says_so_at_once(tmp_path):
    a_game, _, _, _ = recorded(tmp_path, actions=random_actions(1, 5))
    a_game.close()
    other = sqlite3.connect(tmp_path / ARCHIVE_FILE, isolation_level=None)
    other.execute("PRAGMA locking_mode = EXCLUSIVE")
    other.execute("BEGIN EXCLUSIVE")
    started = time.perf_counter()
    archive = Archive.open(tmp_path)
    assert (
        time.perf_counter() - started
        < game.kept_games.archive.database_file.OPEN_WAIT_SECONDS + 1.0
    )
    [notice] = archive.pop_notices()
    assert notice.key == "archive_busy_at_start" and not archive.recording
    assert "in use by another program" in notice_text(notice, "en")
    assert notice_text(notice, "el") != notice_text(notice, "en")
    archive.close()
    other.close()
    assert len(Archive.open(tmp_path, background=False).list_games()) == 1  # untouched


def test_held_for_writing_at_the_start_it_opens_and_keeps_the_moves_for_later(tmp_path):
    a_game, _, session, _ = recorded(tmp_path, actions=random_actions(1, 5))
    a_game.close()
    other = OtherProgram(tmp_path)
    other.hold()
    archive = Archive.open(tmp_path, durable=False)
    assert archive.pop_notices() == [] and len(archive.list_games()) == 1  # it reads
    keeper = Keeping(archive, restarted=True)
    keeper.attach(session)
    play(session, keeper, random_actions(2, 10))
    assert archive.held
    other.let_go()
    assert archive.flush(timeout=10)
    assert replay(archive.load(archive.list_games()[0].game_id))[-1].grid == session.game.grid
    archive.close()
    other.close()


@pytest.mark.slow
def test_quitting_while_held_waits_a_little_then_lets_the_game_end(tmp_path, monkeypatch):
    monkeypatch.setattr(game.kept_games.archive.games_archive, "CLOSE_WAIT_SECONDS", 0.5)
    archive = Archive.open(tmp_path, durable=False)
    keeper = Keeping(archive)
    session = seeded_session(4, 1)
    keeper.attach(session)
    play(session, keeper, random_actions(1, 5))
    archive.flush()
    other = OtherProgram(tmp_path)
    other.hold()
    play(session, keeper, random_actions(2, 5))
    started = time.perf_counter()
    archive.close()
    assert time.perf_counter() - started < 2.0
    other.let_go()
    other.close()


# -- the disk's errors, each in its own words ---------------------------------------------------


def failing_commit(monkeypatch, code: int, name: str) -> None:
    def refused(connection, changes):
        error = sqlite3.OperationalError(name)
        error.sqlite_errorcode, error.sqlite_errorname = code, name
        raise error

    monkeypatch.setattr(game.kept_games.archive.games_archive, "write_changes", refused)


@pytest.mark.parametrize(
    ("code", "name", "words"),
    [
        (sqlite3.SQLITE_FULL, "SQLITE_FULL", "the disk is full"),
        (10 | (4 << 8), "SQLITE_IOERR_FSYNC", "of a disk error (EIO)"),
    ],
)
def test_a_write_the_disk_refuses_is_said_once_and_kept_until_the_disk_takes_it(
    tmp_path, monkeypatch, code, name, words
):
    """The game plays on in memory; the moves wait and are written when the disk works again
    (room made, the fault passed), with one word each way."""
    archive, keeper, session, _ = recorded(tmp_path, actions=random_actions(1, 10))
    failing_commit(monkeypatch, code, name)
    play(session, keeper, random_actions(2, 20))
    [notice] = archive.pop_notices()
    said = notice_text(notice, "en")
    assert "cannot be saved right now" in said and words in said, said
    assert notice_text(notice, "el") != said
    assert archive.recording and archive.pop_notices() == []
    monkeypatch.undo()  # the disk takes writes again
    play(session, keeper, valid_moves(session, 1))
    assert [notice_text(n, "en") for n in archive.pop_notices()] == ["Saving works again."]
    assert replay(only_game(archive))[-1].grid == session.game.grid  # no move lost


def test_a_read_only_file_says_read_only_once_and_stops_keeping(tmp_path):
    archive, keeper, session, _ = recorded(tmp_path, actions=random_actions(1, 10))
    archive._connection.execute("PRAGMA query_only = 1")  # SQLite refuses writes: READONLY
    play(session, keeper, random_actions(2, 5))
    [notice] = archive.pop_notices()  # it stays so: said once, and no more is tried
    assert notice.key == "archive_read_only" and "read-only" in notice_text(notice, "en")
    assert not archive.recording


def test_a_file_the_game_may_not_open_says_not_allowed(tmp_path, monkeypatch):
    recorded(tmp_path, actions=random_actions(1, 5))[0].close()
    real_connect = sqlite3.connect

    def no_permission(path, *args, **kwargs):  # what SQLite says of a mode-000 file
        return real_connect(tmp_path / "no" / "such" / "folder", *args, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", no_permission)
    monkeypatch.setattr(game.kept_games.archive.failures.os, "access", lambda path, mode: False)
    archive = Archive.open(tmp_path)
    [notice] = archive.pop_notices()
    assert notice.key == "archive_not_allowed"
    assert "not allowed to read or write" in notice_text(notice, "en")


# -- through the real loop -------------------------------------------------------------------


def post_a_move(app: App, count: list[int]) -> None:
    """A key that moves the board now (they take turns among those that do)."""
    valid = app.session.game.valid_directions()
    count.append(1)
    if valid:
        pygame.event.post(key(ARROWS[valid[len(count) % len(valid)]]))


@pytest.mark.slow
def test_the_real_loop_never_waits_for_the_held_games_and_games_lists_them_after_R22(tmp_path):
    clock = ScriptedClock(end=24.0)
    app = App(Options(data_dir=str(tmp_path), sound=False), clock=clock)  # it keeps games
    # (seconds into the run, how long the frame took, whether the archive knew it was held as
    # the frame began: before its writer first meets the lock, a frame with moves unwritten
    # may wait for them, WRITE_WAIT_SECONDS at most, as on a slow disk)
    app.frames_seen = []
    frame = app.frame

    def timed(seconds, events=None):
        started, known = time.perf_counter(), app.archive.held
        frame(seconds, events)
        app.frames_seen.append((clock.elapsed, time.perf_counter() - started, known))

    app.frame = timed
    shown: list[str] = []
    show = app.view.show_notice

    def spy(text, *args):
        shown.append(text)
        show(text, *args)

    app.view.show_notice = spy
    other = {}

    def hold():
        app.archive.flush()
        other["program"] = OtherProgram(tmp_path)
        other["program"].hold()

    clock.at(1.0, hold)
    posted: list[int] = []
    for step in range(40):  # a move every quarter second while it is held
        clock.at(1.5 + step * 0.25, lambda: post_a_move(app, posted))

    def let_go():  # and a moment of real time passes: the writer tries again by itself
        other["program"].let_go()
        assert app.archive.flush(timeout=10)

    clock.at(12.0, let_go)
    seen = {}

    def look_while_held():
        open_games(app)
        seen["unreadable while held"] = app.screens.top.games.unreadable
        app.command(cmd.Pause())  # back to the pause menu

    clock.at(11.5, look_while_held)

    def look():  # Games, chosen in the pause menu, after the lock went
        open_games(app)
        seen["rows"] = list(app.screens.top.games.rows)
        seen["moves"] = app.session.game.moves

    clock.at(20.0, look)
    try:
        assert app.run() == 0
    finally:
        app.close()
        with contextlib.suppress(KeyError):
            other["program"].close()
    held = [took for at, took, known in app.frames_seen if known and 1.0 <= at <= 12.0]
    assert len(held) > 40 and max(held) < 0.25  # no frame waited for the lock (5 s before)
    busy = tr("notice_archive_busy", "en")
    free = tr("notice_archive_free", "en")
    assert shown.count(busy) == 1 and shown.count(free) == 1
    assert shown.index(busy) < shown.index(free)
    assert seen["unreadable while held"]  # "cannot be read right now", without a wait
    [row] = seen["rows"]  # one game, listed after the lock went, every move in it
    assert row.moves == seen["moves"] >= 30
    archive = Archive.open(tmp_path, background=False)
    record = archive.load(row.game_id)
    assert replay(record)[-1].moves == seen["moves"]


def test_an_i_o_error_where_the_disk_is_full_is_said_as_a_full_disk(tmp_path, monkeypatch):
    """SQLite names a full disk an I/O error of its shared memory when that cannot grow."""
    archive, keeper, session, _ = recorded(tmp_path, actions=random_actions(1, 10))
    failing_commit(monkeypatch, 10 | (19 << 8), "SQLITE_IOERR_SHMSIZE")
    monkeypatch.setattr(
        game.kept_games.archive.failures.shutil,
        "disk_usage",
        lambda path: SimpleNamespace(total=10**9, used=10**9, free=0),
    )
    play(session, keeper, random_actions(2, 5))
    [notice] = archive.pop_notices()
    assert "the disk is full" in notice_text(notice, "en")
