"""The database's own backups (game/kept_games/archive/backups.py): one made at each quit and
before any change of its layout, the last two kept; a damaged database is set aside and the
game goes on from the newest good backup, saying what came back and what was lost."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

import pytest
from helpers.archive import kept_in, random_actions, recorded
from helpers.paths import play_and_leave

import game.kept_games.archive.backups
from game.app import App, Options
from game.core.engine import Game
from game.kept_games.archive import tables
from game.kept_games.archive.backups import BACKUP_NAMES, open_copy, whole
from game.kept_games.archive.games_archive import Archive
from game.storage.schema import ARCHIVE_FILE
from game.text import notice_text


def backup(folder: Path, which: int) -> Path:
    return folder / BACKUP_NAMES[which]


def games_in(copy: Path) -> int:
    with contextlib.closing(open_copy(copy)) as source:
        return whole(source)


def damage(folder: Path) -> bytes:
    """The database and its journal overwritten, as a failing disk would: no database."""
    path = folder / ARCHIVE_FILE
    damaged = b"\x07" * path.stat().st_size
    path.write_bytes(damaged)
    journal = Path(f"{path}-wal")
    if journal.exists():  # else SQLite would read the pages it holds, and they are whole
        journal.write_bytes(b"\x07" * journal.stat().st_size)
    return damaged


def a_game_kept(folder: Path, seed: int) -> None:
    """One more game kept, and a quit (which makes the backup)."""
    archive, keeper, session, _ = recorded(folder, seed=seed, actions=random_actions(seed, 12))
    keeper.new_game(session)  # left for the next one
    archive.close()


def test_each_quit_keeps_a_backup_and_the_one_before_it(tmp_path):
    a_game_kept(tmp_path, 1)
    assert games_in(backup(tmp_path, 0)) == 1 and not backup(tmp_path, 1).exists()
    a_game_kept(tmp_path, 2)
    a_game_kept(tmp_path, 3)
    assert games_in(backup(tmp_path, 0)) == 3 and games_in(backup(tmp_path, 1)) == 2
    for copy in (backup(tmp_path, 0), backup(tmp_path, 1)):
        assert copy.stat().st_mode & 0o777 == 0o600  # the player's alone, as the database is
        assert not Path(f"{copy}-wal").exists()  # one file each, whole without a journal


def test_a_damaged_database_comes_back_from_the_newest_good_backup(tmp_path):
    a_game_kept(tmp_path, 1)
    a_game_kept(tmp_path, 2)
    backup(tmp_path, 0).write_bytes(b"not a database at all" * 100)  # the newest is bad too
    damaged = damage(tmp_path)
    archive = Archive.open(tmp_path, background=False)
    [notice] = archive.pop_notices()
    assert notice.key == "archive_restored" and "(kept games: 1)" in notice_text(notice, "en")
    assert notice_text(notice, "el") != notice_text(notice, "en")
    assert len(archive.list_games()) == 1 and archive.recording
    [aside] = [p for p in tmp_path.iterdir() if ".corrupt-" in p.name]
    assert aside.read_bytes() == damaged  # kept as it was, never deleted
    archive.close()


def test_with_no_good_backup_the_damaged_database_is_set_aside_and_a_new_one_begun(tmp_path):
    a_game_kept(tmp_path, 1)
    backup(tmp_path, 0).unlink()
    damage(tmp_path)
    archive = Archive.open(tmp_path, background=False)
    assert [n.key for n in archive.pop_notices()] == ["archive_set_aside"]
    assert archive.recording and archive.list_games() == []
    archive.close()


def test_a_backup_that_cannot_be_written_leaves_the_ones_before_and_the_quit_goes_on(
    tmp_path, monkeypatch
):
    a_game_kept(tmp_path, 1)
    before = backup(tmp_path, 0).read_bytes()

    def full_disk(connection, target):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(game.kept_games.archive.backups, "copy_into", full_disk)
    a_game_kept(tmp_path, 2)  # its quit could not make a backup
    assert backup(tmp_path, 0).read_bytes() == before and not backup(tmp_path, 1).exists()


def test_a_change_of_layout_keeps_a_backup_of_what_was_there_first(tmp_path, monkeypatch):
    a_game_kept(tmp_path, 1)
    backup(tmp_path, 0).unlink()
    newer = tables.SCHEMA_VERSION + 1

    def add_note(connection):
        connection.execute("ALTER TABLE games ADD COLUMN note TEXT")

    monkeypatch.setattr(tables, "SCHEMA_VERSION", newer)
    monkeypatch.setattr(tables, "UPGRADES", {**tables.UPGRADES, newer - 1: add_note})
    monkeypatch.setattr(game.kept_games.archive.backups, "SCHEMA_VERSION", newer)
    archive = Archive.open(tmp_path, background=False)
    with contextlib.closing(sqlite3.connect(backup(tmp_path, 0))) as copy:
        assert copy.execute("PRAGMA user_version").fetchone()[0] == newer - 1  # as it was
    assert archive._connection.execute("PRAGMA user_version").fetchone()[0] == newer
    archive._check.stop()
    archive._connection.close()  # no quit: the backup is the layout change's own


@pytest.mark.slow
def test_the_game_goes_on_from_the_last_quit_when_its_file_is_damaged_after_a_kill(tmp_path):
    """A player quits (a backup), plays on and is killed (none), then the file is damaged: the
    next start shows the game as it was at the quit, its statistics with it, and says so."""
    at_quit = Game.from_dict(play_and_leave(tmp_path, "close"))
    stats_at_quit = kept_in(tmp_path).stats
    later = Game.from_dict(play_and_leave(tmp_path, "kill"))
    assert later.moves > at_quit.moves
    damage(tmp_path)
    app = App(Options(data_dir=str(tmp_path), sound=False))
    try:
        game = app.session.game
        assert (game.grid, game.score, game.moves) == (at_quit.grid, at_quit.score, at_quit.moves)
        assert app.stats_keeper.stats == stats_at_quit
        assert any("put back from its backup of" in notice for notice in app.view.notices)
    finally:
        app.close()
