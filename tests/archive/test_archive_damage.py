"""R22: a damaged archive never crashes the game: it is set aside as
games.sqlite3.corrupt-<time> (never deleted) and its last good backup put in its place, or a
new one started; a newer version's file is left untouched; a planted link or FIFO is never
opened; a full disk is said once, the game plays on, and its moves are written when it can."""

from __future__ import annotations

import os
import sqlite3
import threading

import pytest
from helpers.archive import (
    Keeping,
    play,
    random_actions,
    recorded,
    seeded_session,
    send,
    valid_moves,
)

from game.core.replay import replay
from game.kept_games.archive import tables as archive_db
from game.kept_games.archive.games_archive import Archive
from game.play import commands as cmd
from game.storage.schema import ARCHIVE_FILE
from game.text import notice_text


def kept_aside(folder):
    return sorted(p for p in folder.iterdir() if ".corrupt-" in p.name)


def assert_set_aside_and_new(folder, archive, damaged: bytes, restored: int | None = None):
    """The damaged file kept aside as it was, and in its place a new one, working: empty, or
    what its backup held (`restored` games), as the notice says."""
    [notice] = archive.pop_notices()
    assert notice.key == ("archive_set_aside" if restored is None else "archive_restored")
    [aside] = [p for p in kept_aside(folder) if not p.name.endswith(("-wal", "-shm"))]
    assert aside.read_bytes() == damaged  # kept as it was, to look at later
    assert aside.name in notice_text(notice, "en") and aside.name in notice_text(notice, "el")
    assert archive.recording and len(archive.list_games()) == (restored or 0)
    if restored is not None:
        assert f"(kept games: {restored})" in notice_text(notice, "en")
    assert os.path.isfile(folder / ARCHIVE_FILE) and not os.path.islink(folder / ARCHIVE_FILE)


def a_real_archive(folder, moves: int = 200) -> bytes:
    archive, _, _, _ = recorded(folder, actions=random_actions(1, moves))
    archive.close()
    return (folder / ARCHIVE_FILE).read_bytes()


def test_a_file_that_is_not_a_database_is_set_aside(tmp_path):
    damaged = b"this is not SQLite at all\n" * 200
    (tmp_path / ARCHIVE_FILE).write_bytes(damaged)
    archive = Archive.open(tmp_path, background=False)
    assert_set_aside_and_new(tmp_path, archive, damaged)


def test_another_program_s_database_is_set_aside_not_changed(tmp_path):
    with sqlite3.connect(tmp_path / ARCHIVE_FILE) as connection:
        connection.execute("CREATE TABLE notes (text TEXT)")
        connection.execute("INSERT INTO notes VALUES ('mine')")
    connection.close()
    foreign = (tmp_path / ARCHIVE_FILE).read_bytes()
    assert_set_aside_and_new(tmp_path, Archive.open(tmp_path, background=False), foreign)


def test_an_archive_with_tables_that_are_not_ours_is_set_aside(tmp_path):
    a_real_archive(tmp_path, moves=5)
    with sqlite3.connect(tmp_path / ARCHIVE_FILE) as connection:
        connection.execute("CREATE TRIGGER spy AFTER INSERT ON steps BEGIN SELECT 1; END")
    connection.close()
    changed = (tmp_path / ARCHIVE_FILE).read_bytes()
    archive = Archive.open(tmp_path, background=False)
    assert_set_aside_and_new(tmp_path, archive, changed, restored=1)  # the quit's backup


@pytest.mark.parametrize("damage", ["page wiped", "cells overwritten"])
def test_an_archive_that_fails_its_integrity_check_stops_recording_and_goes_aside_next_time(
    tmp_path, damage
):
    whole = a_real_archive(tmp_path, moves=400)
    with sqlite3.connect(tmp_path / ARCHIVE_FILE) as connection:
        [root] = connection.execute("SELECT rootpage FROM sqlite_master WHERE name = 'steps'")
        page = connection.execute("PRAGMA page_size").fetchone()[0]
    connection.close()
    start = (root[0] - 1) * page  # the steps' table: only the check reads it when opening
    if damage == "page wiped":  # the check itself fails on it
        damaged = whole[:start] + b"\xff" * page + whole[start + page :]
    else:  # the page's header stands, its cells do not: the check reports them
        half = start + page // 2
        damaged = whole[:half] + b"\x07" * (page // 2) + whole[start + page :]
    (tmp_path / ARCHIVE_FILE).write_bytes(damaged)
    archive = Archive.open(tmp_path)
    assert archive.wait_for_check(60)  # in the background: the game's start never waits for it
    assert not archive.recording
    [notice] = archive.pop_notices()
    assert notice.key == "archive_damaged" and notice_text(notice, "el") != notice_text(
        notice, "en"
    )
    keeper = Keeping(archive)
    session = seeded_session(4, 1)
    keeper.attach(session)
    play(session, keeper, random_actions(3, 20))  # the game plays on
    archive.close()
    assert (tmp_path / ARCHIVE_FILE).read_bytes() == damaged  # nothing more written to it
    archive = Archive.open(tmp_path, background=False)  # the backup of the last good quit
    assert_set_aside_and_new(tmp_path, archive, damaged, restored=1)


def test_a_whole_archive_passes_its_integrity_check(tmp_path):
    a_real_archive(tmp_path, moves=400)
    archive = Archive.open(tmp_path)
    assert archive.wait_for_check(60)
    assert archive.recording and archive.pop_notices() == []
    archive.close()


def test_an_archive_of_a_newer_version_is_left_untouched_and_never_written(tmp_path):
    a_real_archive(tmp_path, moves=5)
    with sqlite3.connect(tmp_path / ARCHIVE_FILE) as connection:
        connection.execute(f"PRAGMA user_version = {archive_db.SCHEMA_VERSION + 1}")
    connection.close()
    newer = (tmp_path / ARCHIVE_FILE).read_bytes()
    archive = Archive.open(tmp_path)
    [notice] = archive.pop_notices()
    assert notice.key == "archive_newer" and notice_text(notice, "el") != notice_text(notice, "en")
    keeper = Keeping(archive)
    session = seeded_session(4, 1)
    keeper.attach(session)
    play(session, keeper, random_actions(2, 30))
    archive.close()
    assert (tmp_path / ARCHIVE_FILE).read_bytes() == newer
    assert kept_aside(tmp_path) == []


def test_a_planted_link_is_never_followed(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    precious = a_real_archive(elsewhere, moves=5)  # a database the game must not write to
    data = tmp_path / "data"
    data.mkdir()
    (data / ARCHIVE_FILE).symlink_to(elsewhere / ARCHIVE_FILE)
    archive = Archive.open(data, background=False)
    assert archive.pop_notices()[0].key == "archive_set_aside"
    assert [p.is_symlink() for p in kept_aside(data)] == [True]  # the link itself, moved
    keeper = Keeping(archive)
    session = seeded_session(4, 1)
    keeper.attach(session)
    play(session, keeper, random_actions(3, 20))
    archive.close()
    assert (elsewhere / ARCHIVE_FILE).read_bytes() == precious
    assert len(Archive.open(data, background=False).list_games()) == 1


@pytest.mark.parametrize("odd", ["link", "folder"])
@pytest.mark.parametrize("side", ["-wal", "-shm"])
def test_an_odd_file_beside_the_database_goes_aside_alone_and_the_games_stay(tmp_path, odd, side):
    """A -wal or -shm that is a link or a folder is not the database's damage: it alone is
    moved aside (a link never followed), and the games kept stay listed and kept."""
    a_real_archive(tmp_path, moves=5)
    elsewhere = tmp_path / "precious.txt"
    elsewhere.write_bytes(b"not yours")
    beside = tmp_path / (ARCHIVE_FILE + side)
    if odd == "link":
        beside.symlink_to(elsewhere)
    else:
        beside.mkdir()
    archive = Archive.open(tmp_path, background=False)
    [notice] = archive.pop_notices()
    assert notice.key == "archive_side_file_aside"
    [aside] = [p for p in tmp_path.iterdir() if ".aside-" in p.name]
    assert aside.name.startswith(ARCHIVE_FILE + side)
    assert aside.is_symlink() if odd == "link" else aside.is_dir()
    assert aside.name in notice_text(notice, "en") and aside.name in notice_text(notice, "el")
    assert kept_aside(tmp_path) == []  # the database itself stays where it is
    assert archive.recording and len(archive.list_games()) == 1  # the games kept before
    keeper = Keeping(archive)
    session = seeded_session(4, 1)
    keeper.attach(session)
    play(session, keeper, random_actions(3, 20))
    archive.close()
    assert elsewhere.read_bytes() == b"not yours"
    assert len(Archive.open(tmp_path, background=False).list_games()) == 2


def test_an_odd_side_file_in_a_read_only_look_is_left_where_it_is(tmp_path):
    a_real_archive(tmp_path, moves=5)
    (tmp_path / (ARCHIVE_FILE + "-wal")).mkdir()
    archive = Archive.open(tmp_path, read_only=True)
    assert (tmp_path / (ARCHIVE_FILE + "-wal")).is_dir()  # a second copy changes nothing
    assert not [p for p in tmp_path.iterdir() if ".aside-" in p.name or ".corrupt-" in p.name]
    archive.close()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_in_the_database_s_place_does_not_hang_the_game(tmp_path):
    os.mkfifo(tmp_path / ARCHIVE_FILE)
    opened = []
    opener = threading.Thread(
        target=lambda: opened.append(Archive.open(tmp_path, background=False)), daemon=True
    )
    opener.start()
    opener.join(30)
    assert opened, "opening the archive hung on a FIFO"
    assert opened[0].recording and opened[0].pop_notices()[0].key == "archive_set_aside"


def test_a_full_disk_is_said_once_the_game_plays_on_and_every_move_is_written_after(tmp_path):
    archive, keeper, session, _ = recorded(tmp_path, actions=random_actions(4, 30))
    kept = archive.load(archive.list_games()[0].game_id)
    # The disk fills up: SQLite can take no more pages than the file has now (SQLITE_FULL).
    pages = archive._connection.execute("PRAGMA page_count").fetchone()[0]
    archive._connection.execute(f"PRAGMA max_page_count = {pages}")
    for seed in range(100):  # game after game, until the file cannot grow
        if archive.held:
            break
        play(session, keeper, random_actions(seed, 300, undo_share=0))
        send(session, keeper, cmd.NewGame())
        send(session, keeper, cmd.Confirm())
    play(session, keeper, random_actions(6, 50, undo_share=0))  # on a full disk
    notices = archive.pop_notices()
    assert [n.key for n in notices] == ["save_failed"]  # said as it is, and once
    assert "the disk is full" in notice_text(notices[0], "en")
    assert notice_text(notices[0], "el") != notice_text(notices[0], "en")
    assert archive.recording  # the moves wait in memory
    archive._connection.execute("PRAGMA max_page_count = 1000000")  # room made
    play(session, keeper, valid_moves(session, 1))
    assert [notice_text(n, "en") for n in archive.pop_notices()] == ["Saving works again."]
    # What was kept before the disk filled still replays, and so does every move after it.
    again = archive.load(kept.summary.game_id)
    assert replay(again) and again.steps[: len(kept.steps)] == kept.steps
    assert replay(archive.load(archive.list_games()[0].game_id))[-1].grid == session.game.grid


def test_an_older_version_is_upgraded_in_one_transaction_and_keeps_its_games(tmp_path, monkeypatch):
    a_real_archive(tmp_path, moves=20)

    def add_note(connection):
        connection.execute("ALTER TABLE games ADD COLUMN note TEXT")

    newer = archive_db.SCHEMA_VERSION + 1
    monkeypatch.setattr(archive_db, "SCHEMA_VERSION", newer)
    monkeypatch.setattr(archive_db, "UPGRADES", {**archive_db.UPGRADES, newer - 1: add_note})
    archive = Archive.open(tmp_path, background=False)
    assert archive.pop_notices() == []
    assert archive._connection.execute("PRAGMA user_version").fetchone()[0] == newer
    [summary] = archive.list_games()
    replay(archive.load(summary.game_id))


def test_an_upgrade_that_fails_leaves_the_file_as_it_was(tmp_path, monkeypatch):
    a_real_archive(tmp_path, moves=20)

    def broken(connection):
        connection.execute("ALTER TABLE games ADD COLUMN note TEXT")
        raise sqlite3.OperationalError("disk I/O error")

    now = archive_db.SCHEMA_VERSION
    monkeypatch.setattr(archive_db, "SCHEMA_VERSION", now + 1)
    monkeypatch.setattr(archive_db, "UPGRADES", {**archive_db.UPGRADES, now: broken})
    archive = Archive.open(tmp_path, background=False)
    assert [n.key for n in archive.pop_notices()] == ["archive_failed"]
    assert not archive.recording
    archive.close()
    monkeypatch.undo()
    archive = Archive.open(tmp_path, background=False)
    assert archive.pop_notices() == [] and len(archive.list_games()) == 1
    assert archive._connection.execute("PRAGMA user_version").fetchone()[0] == now


def test_a_second_copy_leaves_a_damaged_file_where_it_is(tmp_path):
    damaged = b"garbage" * 1000
    (tmp_path / ARCHIVE_FILE).write_bytes(damaged)
    archive = Archive.open(tmp_path, read_only=True)
    assert not archive.recording and kept_aside(tmp_path) == []
    assert (tmp_path / ARCHIVE_FILE).read_bytes() == damaged


def test_the_kept_games_are_the_players_alone(tmp_path):
    """Like every file of the game's, the database and its journal are 0600 in a 0700 folder."""
    import stat as stat_module

    from game.kept_games.archive.games_archive import Archive

    folder = tmp_path / "data"
    archive = Archive.open(folder, background=False)
    archive.close()
    assert stat_module.S_IMODE(folder.stat().st_mode) == 0o700
    for path in folder.iterdir():
        assert stat_module.S_IMODE(path.stat().st_mode) & 0o077 == 0, path.name
