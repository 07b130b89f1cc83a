"""Issue 13, data: what the player has is never thrown away. A file the game may not read is not
a damaged file; a bug is not damage; a newer backup does not hide a good file; a deleted data
folder comes back; and what the game says about saving is true."""

from __future__ import annotations

import errno
import logging
import os
import shutil
import stat
import sys
import time

import pytest
from helpers.storage import disk_error, failing, played_game, snapshot, unreadable

from game.core.engine import Game
from game.core.settings import Settings
from game.core.stats import Stats
from game.storage.envelope import GAME_FORMAT, encode_document
from game.storage.store import Storage
from game.text import notice_text

GAME, STATS = ("game-4.json", "game-4.json.bak"), ("stats.json", "stats.json.bak")
BEST = Stats().score_reached(4, assisted=False, score=900, biggest_tile=64)


def english(notice) -> str:
    return notice_text(notice, "en")


@pytest.fixture
def data(tmp_path):
    folder = tmp_path / "data"
    with Storage(folder) as storage:
        assert storage.save_game(played_game(seed=4), {"phase": "playing"})
        assert storage.save_stats(BEST)
        assert storage.save_settings(Settings(theme="dark"))
    return folder


def _set_aside(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".corrupt-" in p.name)


# -- a file the game may not read is not damaged ------------------------------------------------


def test_files_the_game_may_not_read_are_left_in_place_and_never_saved_over(data):
    refused = [data / name for name in GAME + STATS]
    before = snapshot(data)
    with unreadable(*refused), Storage(data) as storage:
        assert storage.load_game(4) is None  # a game to play meanwhile
        assert storage.load_stats() == Stats()
        assert storage.load_settings() == Settings(theme="dark")  # the rest reads as ever
        notices = storage.pop_notices()
        assert [notice.key for notice in notices] == ["not_readable", "not_readable"]
        assert "not allowed to read" in english(notices[0])
        assert "4×4" in english(notices[0]) and "best scores" in english(notices[1])
        assert storage.load_game(4) is None and storage.pop_notices() == []  # told once
        assert storage.save_game(played_game(seed=9), {}) is False
        assert storage.save_stats(Stats()) is False
        assert storage.save_settings(Settings(theme="classic"))  # the rest saves as ever
        assert storage.save_game(played_game(size=5), {})
    after = snapshot(data)
    for name in GAME + STATS:
        assert after[name] == before[name], name
    assert _set_aside(data) == []
    # Readable again, everything is there.
    with Storage(data) as storage:
        assert storage.load_game(4).game.to_dict() == played_game(seed=4).to_dict()
        assert storage.load_stats() == BEST
        assert storage.pop_notices() == []


def test_a_main_file_the_game_may_not_read_beside_a_good_backup(data):
    """The backup's game is played, but neither copy is written over: the unreadable one may
    be the newer."""
    before = snapshot(data)
    with unreadable(data / GAME[0]), Storage(data) as storage:
        assert storage.load_game(4).game.to_dict() == played_game(seed=4).to_dict()
        assert [notice.key for notice in storage.pop_notices()] == ["not_readable"]
        assert storage.save_game(played_game(seed=9), {}) is False
    assert snapshot(data) == before


@pytest.mark.skipif(
    sys.platform == "win32" or os.geteuid() == 0, reason="POSIX modes; root reads anything"
)
def test_a_file_made_unreadable_with_chmod_is_left_in_place(data):
    (data / "stats.json").chmod(0)
    (data / "stats.json.bak").chmod(0)
    try:
        with Storage(data) as storage:
            assert storage.load_stats() == Stats()
            assert storage.save_stats(Stats()) is False
        assert _set_aside(data) == []
    finally:
        (data / "stats.json").chmod(0o600)
        (data / "stats.json.bak").chmod(0o600)
    assert Storage(data).load_stats() == BEST


# -- a bug is not damage ------------------------------------------------------------------------


def test_a_bug_in_a_loader_is_logged_and_the_files_are_left_alone(data, monkeypatch, caplog):
    def broken(cls, value):
        raise TypeError("a bug in the loader")

    monkeypatch.setattr(Game, "from_dict", classmethod(broken))
    before = snapshot(data)
    with caplog.at_level(logging.ERROR), Storage(data) as storage:
        assert storage.load_game(4) is None
        assert "a bug in the loader" in caplog.text and "Traceback" in caplog.text
        assert storage.save_game(played_game(seed=9), {}) is False  # never over the unread file
        assert storage.save_stats(Stats())
    after = snapshot(data)
    assert _set_aside(data) == []
    for name in GAME:
        assert after[name] == before[name]


# -- a newer backup beside a good file ----------------------------------------------------------


def test_a_newer_backup_does_not_hide_a_good_main_file_and_is_kept(data):
    newer = encode_document(GAME_FORMAT, {"whatever": "the future holds"}, version=2)
    (data / GAME[1]).write_bytes(newer)
    with Storage(data) as storage:
        saved = storage.load_game(4)
        assert saved is not None and saved.game.to_dict() == played_game(seed=4).to_dict()
        assert storage.save_game(played_game(seed=6), {"phase": "playing"})
        storage.pop_notices()
    assert newer in snapshot(data).values()  # the newer version's copy is kept, byte for byte
    assert Storage(data).load_game(4).game.to_dict() == played_game(seed=6).to_dict()


# -- the data folder deleted while the game runs ------------------------------------------------


@pytest.mark.parametrize("background", [False, True])
def test_a_data_folder_deleted_while_the_game_runs_comes_back_at_the_next_save(
    tmp_path, background
):
    folder = tmp_path / "data"
    with Storage(folder, background=background) as storage:
        assert storage.save_game(played_game(seed=1), {})
        assert storage.flush()
        shutil.rmtree(folder)
        assert storage.save_game(played_game(seed=2), {})
        assert storage.save_stats(BEST)
        assert storage.flush()
        assert folder.is_dir()
        if sys.platform != "win32":
            assert stat.S_IMODE(folder.stat().st_mode) == 0o700
        assert Storage(folder).load_game(4).game.to_dict() == played_game(seed=2).to_dict()
        assert Storage(folder).load_stats() == BEST
        # Still the one copy that writes: a second copy started now may not.
        assert Storage(folder, lock_wait=0).open().read_only


# -- saying what is true ------------------------------------------------------------------------


@pytest.mark.parametrize("background", [False, True])
def test_flush_tells_whether_every_save_asked_for_is_on_disk(tmp_path, background):
    with Storage(tmp_path, background=background) as storage:
        assert storage.flush() is True  # nothing asked yet
        storage.save_game(played_game(seed=1), {})
        assert storage.flush() is True
        with failing("replace", 1, disk_error(errno.ENOSPC)):
            storage.save_game(played_game(seed=2), {})
            assert storage.flush() is False
        storage.save_settings(Settings())  # another file's save does not make the game saved
        assert storage.flush() is False
        storage.save_game(played_game(seed=3), {})
        assert storage.flush() is True


def test_flush_is_false_for_a_copy_that_may_not_save(tmp_path):
    with Storage(tmp_path):
        second = Storage(tmp_path, lock_wait=0).open()
        assert second.flush() is True
        second.save_game(played_game(), {})
        assert second.flush() is False


@pytest.mark.slow
def test_flush_gives_up_after_its_timeout_on_a_stuck_disk(tmp_path, monkeypatch):
    real_fsync = os.fsync

    def stuck_fsync(fd):
        time.sleep(0.2)
        return real_fsync(fd)

    with Storage(tmp_path, background=True) as storage:
        monkeypatch.setattr(os, "fsync", stuck_fsync)
        storage.save_game(played_game(), {})
        assert storage.flush(timeout=0.05) is False
        assert storage.flush() is True


# -- one clear notice ---------------------------------------------------------------------------


def _everything_from(storage: Storage) -> list:
    storage.load_game(4)
    storage.load_settings()
    storage.load_stats()
    storage.save_game(played_game(), {})
    storage.save_settings(Settings())
    return storage.pop_notices()


@pytest.mark.parametrize("below", [(), ("data",), ("games", "data")])
def test_a_data_folder_that_is_a_file_gives_one_clear_notice(tmp_path, below):
    """The data folder is a file (EEXIST), or one of the folders above it is (EEXIST,
    ENOTDIR): one notice that says so."""
    blocker = tmp_path / "data"
    blocker.write_text("a file where the folder should be")
    folder = blocker.joinpath(*below)
    notices = _everything_from(Storage(folder).open())
    assert [notice.key for notice in notices] == ["cannot_save"]
    text = english(notices[0])
    assert "a file where its data folder should be" in text and str(folder) in text
    assert "could not be read" not in text and "File exists" not in text
    assert blocker.read_text() == "a file where the folder should be"


def test_a_data_folder_path_that_is_too_long_gives_one_clear_notice(tmp_path):
    notices = _everything_from(Storage(tmp_path / ("x" * 300) / "data").open())
    assert [notice.key for notice in notices] == ["cannot_save"]
    text = english(notices[0])
    assert "too long" in text and "could not be read" not in text


def test_a_backup_the_game_may_not_read_beside_a_good_main_file(data):
    """Issue 21: an unreadable .bak stopped the readable main save from being saved, and said
    the game "cannot be opened" although it was. The main copy is played and saved; the backup
    is left as it is."""
    backup = data / (GAME[0] + ".bak")
    before = backup.read_bytes()
    with unreadable(backup), Storage(data) as storage:
        assert storage.load_game(4).game.to_dict() == played_game(seed=4).to_dict()
        [notice] = storage.pop_notices()
        assert "backup copy of your saved 4×4 game cannot be opened" in english(notice)
        assert "not allowed to read" in english(notice)
        assert storage.save_game(played_game(seed=9), {})
        assert storage.load_game(4) is not None and storage.pop_notices() == []  # told once
    assert backup.read_bytes() == before
    assert Storage(data).load_game(4).game.to_dict() == played_game(seed=9).to_dict()
