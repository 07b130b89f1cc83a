"""Promise 6: one writer. The first running copy holds game.lock; a second copy says it will not
save and changes no file; once the first is killed, the next copy gets the lock at once."""

from __future__ import annotations

import errno
import json
import os
import signal
import stat
import threading
import time

import pytest
from helpers.storage import said, snapshot, start_child

from game.core.settings import Settings
from game.storage.store import LOCK_NAME, Storage

CHOSEN = Settings(theme="high_contrast", volume=30)


def _fill(folder):
    with Storage(folder) as storage:
        assert storage.save_settings(CHOSEN)
    # A damaged backup: not even this may be moved aside or mended by a copy that may not write.
    (folder / "settings.json.bak").write_bytes(b"damaged")


def test_a_second_copy_in_the_same_process_saves_nothing(tmp_path):
    _fill(tmp_path)
    before = snapshot(tmp_path)
    with Storage(tmp_path) as first:
        second = Storage(tmp_path, lock_wait=0).open()
        assert not first.read_only and second.read_only
        assert second.load_settings() == CHOSEN  # it can still play with them
        assert second.save_settings(Settings()) is False
        assert second.save_settings(Settings(theme="dark")) is False
        assert second.flush() is False
        notices = said(second)
        assert "Another copy of 2048 is already running" in notices[0]
        second.close()
    assert snapshot(tmp_path) == before


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX signals")
def test_a_second_process_changes_no_file_and_the_lock_frees_when_the_first_is_killed(tmp_path):
    _fill(tmp_path)
    holder = start_child("hold", str(tmp_path))
    try:
        assert holder.stdout.readline() == "locked\n"
        before = snapshot(tmp_path)

        second = start_child("second", str(tmp_path))
        out, errors = second.communicate(timeout=30)
        report = json.loads(out)
        assert report["read_only"], errors
        assert report["loaded_theme"] == CHOSEN.theme  # it can still play with them
        assert report["saves"] == [False, False]
        assert any("will not save" in notice for notice in report["notices"])
        assert snapshot(tmp_path) == before  # byte for byte, every file

        holder.send_signal(signal.SIGKILL)
        holder.wait(timeout=10)
        killed_at = time.perf_counter()
        third = start_child("open", str(tmp_path))
        out, errors = third.communicate(timeout=30)
        report = json.loads(out)
        assert not report["read_only"], errors
        assert report["seconds"] < 1.0  # the lock itself came at once
        assert time.perf_counter() - killed_at < 10  # start-up included, on a busy machine
    finally:
        if holder.poll() is None:
            os.kill(holder.pid, signal.SIGKILL)
        holder.communicate()


def test_the_lock_is_let_go_on_close(tmp_path):
    first = Storage(tmp_path).open()
    assert not first.read_only
    first.close()
    assert first.read_only and first.save_settings(Settings()) is False
    with Storage(tmp_path, lock_wait=0) as second:
        assert not second.read_only


def test_a_copy_that_is_just_quitting_is_waited_for(tmp_path):
    """Quit and start again at once: the new copy waits for the old one's last save."""
    first = Storage(tmp_path).open()
    closer = threading.Timer(0.3, first.close)
    closer.start()
    started = time.perf_counter()
    with Storage(tmp_path, lock_wait=5) as second:
        assert not second.read_only
        assert 0.2 < time.perf_counter() - started < 5
    closer.join()


def test_a_link_planted_as_the_lock_is_removed_and_the_game_saves(tmp_path):
    """Issue 21: a link at game.lock's place (ELOOP) stopped every save at every start."""
    target = tmp_path / "elsewhere"
    target.write_text("not ours")
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / LOCK_NAME).symlink_to(target)
    with Storage(tmp_path / "data").open() as storage:
        assert not storage.read_only and said(storage) == []
        assert storage.save_settings(CHOSEN)
    assert Storage(tmp_path / "data").load_settings() == CHOSEN
    assert not (tmp_path / "data" / LOCK_NAME).is_symlink()
    assert target.read_text() == "not ours"  # what the link pointed at is untouched


def test_a_lock_file_the_game_may_not_open_is_given_its_mode_back(tmp_path, monkeypatch):
    """A game.lock after chmod 000 (refused by os.open until its mode is mended, as for a
    player who is not root) is mended; one that stays refused says what to do, once."""
    lock = tmp_path / LOCK_NAME
    lock.touch()
    lock.chmod(0)
    real_open = os.open

    def open_refused_while_mode_0(path, flags, *args, **kwargs):
        if os.fspath(path) == str(lock) and stat.S_IMODE(os.stat(lock).st_mode) == 0:
            raise OSError(errno.EACCES, "Permission denied", str(lock))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", open_refused_while_mode_0)
    with Storage(tmp_path).open() as storage:
        assert not storage.read_only and said(storage) == []
    lock.chmod(0)
    monkeypatch.setattr(os, "chmod", lambda *args, **kwargs: None)  # a mode that cannot be mended
    with Storage(tmp_path).open() as storage:
        assert storage.read_only
        [words] = said(storage)
    assert "game.lock" in words and "not allowed" in words and "Delete that file" in words
