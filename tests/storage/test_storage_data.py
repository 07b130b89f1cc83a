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
from helpers.storage import count_on_disk, counted, disk_error, failing, snapshot, unreadable

from game.core.settings import Settings
from game.storage.envelope import SETTINGS_FORMAT, encode_document
from game.storage.notices import REFUSED, NoticeKey
from game.storage.store import Storage
from game.text import notice_text

SETTINGS = ("settings.json", "settings.json.bak")
DARK = Settings(theme="dark", volume=40)


def english(notice) -> str:
    return notice_text(notice, "en")


@pytest.fixture
def data(tmp_path):
    folder = tmp_path / "data"
    with Storage(folder) as storage:
        assert storage.save_settings(DARK)
    return folder


def _set_aside(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".corrupt-" in p.name)


# -- a file the game may not read is not damaged ------------------------------------------------


def test_files_the_game_may_not_read_are_left_in_place_and_never_saved_over(data):
    before = snapshot(data)
    with unreadable(*(data / name for name in SETTINGS)), Storage(data) as storage:
        assert storage.load_settings() == Settings()  # the defaults to play with meanwhile
        notices = storage.pop_notices()
        assert [notice.key for notice in notices] == ["not_readable"]
        assert "The file of your settings cannot be opened" in english(notices[0])
        assert "not allowed to read" in english(notices[0])
        assert storage.load_settings() == Settings() and storage.pop_notices() == []  # told once
        assert storage.save_settings(Settings(theme="classic")) is False
        assert storage.save_settings(Settings(volume=90)) is False
    assert snapshot(data) == before
    assert _set_aside(data) == []
    # Readable again, everything is there.
    with Storage(data) as storage:
        assert storage.load_settings() == DARK
        assert storage.pop_notices() == []


def test_a_main_file_the_game_may_not_read_beside_a_good_backup(data):
    """The backup's settings are used, but neither copy is written over: the unreadable one may
    be the newer."""
    before = snapshot(data)
    with unreadable(data / SETTINGS[0]), Storage(data) as storage:
        assert storage.load_settings() == DARK
        assert [notice.key for notice in storage.pop_notices()] == ["not_readable"]
        assert storage.save_settings(Settings(theme="classic")) is False
    assert snapshot(data) == before


@pytest.mark.skipif(
    sys.platform == "win32" or os.geteuid() == 0, reason="POSIX modes; root reads anything"
)
def test_a_file_made_unreadable_with_chmod_is_left_in_place(data):
    for name in SETTINGS:
        (data / name).chmod(0)
    try:
        with Storage(data) as storage:
            assert storage.load_settings() == Settings()
            assert storage.save_settings(Settings(theme="classic")) is False
        assert _set_aside(data) == []
    finally:
        for name in SETTINGS:
            (data / name).chmod(0o600)
    assert Storage(data).load_settings() == DARK


# -- a bug is not damage ------------------------------------------------------------------------


def test_a_bug_in_a_loader_is_logged_and_the_files_are_left_alone(data, monkeypatch, caplog):
    def broken(cls, value):
        raise TypeError("a bug in the loader")

    monkeypatch.setattr(Settings, "from_dict", classmethod(broken))
    before = snapshot(data)
    with caplog.at_level(logging.ERROR), Storage(data) as storage:
        assert storage.load_settings() == Settings()
        assert "a bug in the loader" in caplog.text and "Traceback" in caplog.text
        [notice] = storage.pop_notices()
        assert notice.key is NoticeKey.LOAD_FAILED
        assert "fault in this version" in english(notice)
        assert storage.save_settings(Settings(theme="classic")) is False  # never over it
    assert snapshot(data) == before
    assert _set_aside(data) == []


# -- a newer backup beside a good file ----------------------------------------------------------


def test_a_newer_backup_does_not_hide_a_good_main_file_and_is_kept(data):
    newer = encode_document(SETTINGS_FORMAT, {"whatever": "the future holds"}, version=2)
    (data / SETTINGS[1]).write_bytes(newer)
    with Storage(data) as storage:
        assert storage.load_settings() == DARK
        [notice] = storage.pop_notices()
        assert notice.key is NoticeKey.NEWER_BACKUP_KEPT
        assert notice.fields["kept"] in english(notice)
        assert (data / notice.fields["kept"]).read_bytes() == newer  # kept, byte for byte
        assert storage.save_settings(Settings(theme="classic"))
    assert Storage(data).load_settings() == Settings(theme="classic")
    assert newer in snapshot(data).values()


# -- the data folder deleted while the game runs ------------------------------------------------


@pytest.mark.parametrize("background", [False, True])
@pytest.mark.parametrize("settings_in", ["the data folder", "a folder of their own"])
def test_a_folder_deleted_while_the_game_runs_comes_back_at_the_next_save(
    tmp_path, background, settings_in
):
    data = tmp_path / "data"
    config = data if settings_in == "the data folder" else tmp_path / "config"
    with Storage(data, config_dir=config, background=background) as storage:
        assert storage.save_settings(counted(1))
        assert storage.flush()
        shutil.rmtree(config)
        assert storage.save_settings(counted(2))
        assert storage.flush()
        assert storage.pop_notices() == []  # nothing went wrong that the player should hear of
        assert config.is_dir()
        if sys.platform != "win32":
            assert stat.S_IMODE(config.stat().st_mode) == 0o700
        assert count_on_disk(config / SETTINGS[0]) == 2
        assert count_on_disk(config / SETTINGS[1]) == 2
        # Still the one copy that writes: a second copy started now may not.
        assert Storage(data, config_dir=config, lock_wait=0).open().read_only


# -- saying what is true ------------------------------------------------------------------------


@pytest.mark.parametrize("background", [False, True])
def test_flush_tells_whether_every_save_asked_for_is_on_disk(tmp_path, background):
    with Storage(tmp_path, background=background) as storage:
        assert storage.flush() is True  # nothing asked yet
        storage.save_settings(counted(1))
        assert storage.flush() is True
        with failing("replace", 1, disk_error(errno.ENOSPC)):
            storage.save_settings(counted(2))
            assert storage.flush() is False
        assert storage.flush() is False  # a failed save is not forgotten by asking again
        storage.save_settings(counted(3))
        assert storage.flush() is True


def test_flush_is_false_for_a_copy_that_may_not_save(tmp_path):
    with Storage(tmp_path):
        second = Storage(tmp_path, lock_wait=0).open()
        assert second.flush() is True
        second.save_settings(DARK)
        assert second.flush() is False


@pytest.mark.slow
def test_flush_gives_up_after_its_timeout_on_a_stuck_disk(tmp_path, monkeypatch):
    real_fsync = os.fsync

    def stuck_fsync(fd):
        time.sleep(0.2)
        return real_fsync(fd)

    with Storage(tmp_path, background=True) as storage:
        monkeypatch.setattr(os, "fsync", stuck_fsync)
        storage.save_settings(DARK)
        assert storage.flush(timeout=0.05) is False
        assert storage.flush() is True


def test_a_save_that_would_not_load_again_is_never_written(tmp_path, monkeypatch):
    """Issue 21: the storage never writes a file it would refuse to load; the one on disk
    stays as it was, and nobody is told it was saved."""
    with Storage(tmp_path).open() as storage:
        assert storage.save_settings(DARK)
        on_disk = {name: (tmp_path / name).read_bytes() for name in SETTINGS}
        # A fault of this version: settings whose data their own loading refuses.
        monkeypatch.setattr(Settings, "to_dict", lambda self: ["not", "a", "mapping"])
        assert not storage.save_settings(Settings(theme="classic"))
        assert {name: (tmp_path / name).read_bytes() for name in SETTINGS} == on_disk
        [notice] = storage.pop_notices()
        assert notice.key is NoticeKey.SAVE_FAILED and notice.fields["error"] == REFUSED
        assert "would not read back" in english(notice)
        assert not storage.flush()  # the crash message will not claim it was saved


# -- one clear notice ---------------------------------------------------------------------------


def _everything_from(storage: Storage) -> list:
    storage.load_settings()
    storage.save_settings(DARK)
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
    """Issue 21: an unreadable .bak stopped the readable main file from being saved, and said
    it "cannot be opened" although it was. The main copy is used and saved; the backup is left
    as it is."""
    backup = data / SETTINGS[1]
    before = backup.read_bytes()
    with unreadable(backup), Storage(data) as storage:
        assert storage.load_settings() == DARK
        [notice] = storage.pop_notices()
        assert "backup copy of your settings cannot be opened" in english(notice)
        assert "not allowed to read" in english(notice)
        assert storage.save_settings(Settings(theme="classic"))
        assert storage.load_settings() == Settings(theme="classic")
        assert storage.pop_notices() == []  # told once
    assert backup.read_bytes() == before
    assert Storage(data).load_settings() == Settings(theme="classic")
