"""Promise 1: a save is atomic. Whatever moment it stops at, the file on disk is the old settings
or the new ones, never a mix, and never nothing."""

from __future__ import annotations

import errno
import os
import random
import signal
import stat
import time
from pathlib import Path

import pytest
from helpers.storage import (
    count_of,
    count_on_disk,
    counted,
    counting,
    disk_error,
    failing,
    start_child,
)

from game.core.settings import Settings
from game.platform.files import atomic_write
from game.storage.store import Storage


@pytest.fixture
def folder(tmp_path):
    return tmp_path / "data"


def _calls_in_one_save(folder, function_name: str) -> int:
    with Storage(folder) as storage, counting(function_name) as calls:
        assert storage.save_settings(counted(1))
    return calls[0]


@pytest.mark.parametrize(
    ("function_name", "torn"),
    [("write", False), ("write", True), ("fsync", False), ("replace", False)],
)
def test_a_save_cut_off_at_any_system_call_leaves_the_old_settings_or_the_new(
    folder, function_name, torn
):
    total = _calls_in_one_save(folder, function_name)
    assert total >= 2  # the settings file and its backup at least
    outcomes = set()
    for k in range(1, total + 1):
        with Storage(folder) as storage:
            assert storage.save_settings(counted(1))
            with failing(function_name, k, disk_error(errno.EIO), torn=torn):
                saved_new = storage.save_settings(counted(2))
        with Storage(folder) as reader:
            loaded = count_of(reader.load_settings())
            assert reader.pop_notices() == []  # nothing damaged, nothing to tell
        assert loaded in (1, 2)
        assert loaded == 2 or not saved_new
        for name in ("settings.json", "settings.json.bak"):
            assert count_on_disk(folder / name) in (1, 2)
        assert not list(folder.glob("*.tmp")), "a temporary file was left behind"
        outcomes.add(loaded)
    if function_name != "fsync":  # a refused folder fsync still leaves the new file in place
        assert 1 in outcomes


def test_the_write_is_flushed_and_renamed_and_the_folder_synced_in_that_order(
    tmp_path, monkeypatch
):
    events = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd):
        kind = "folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file"
        events.append(f"fsync {kind}")
        return real_fsync(fd)

    def replace(source, target):
        events.append("replace")
        assert Path(source).read_bytes() == b"new bytes"  # whole before it takes the name
        return real_replace(source, target)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    target = tmp_path / "file.json"
    target.write_bytes(b"old bytes")
    atomic_write(target, b"new bytes")
    assert events == ["fsync file", "replace", "fsync folder"]
    assert target.read_bytes() == b"new bytes"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.json"]


def test_a_short_write_is_carried_on_not_taken_as_whole(tmp_path, monkeypatch):
    real_write = os.write
    monkeypatch.setattr(os, "write", lambda fd, data: real_write(fd, bytes(data[:7])))
    data = bytes(range(256)) * 40
    atomic_write(tmp_path / "file", data)
    assert (tmp_path / "file").read_bytes() == data


def test_a_failed_write_leaves_the_old_file_and_no_temporary_file(tmp_path):
    target = tmp_path / "file.json"
    target.write_bytes(b"old")
    with failing("replace", 1, disk_error(errno.ENOSPC)), pytest.raises(OSError):
        atomic_write(target, b"new")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["file.json"]


# -- killed for real ----------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "fork"), reason="POSIX: fork and SIGKILL")
@pytest.mark.parametrize(("mode", "kills"), [("on the spot", 200), ("background", 100)])
def test_a_process_killed_at_random_moments_always_leaves_a_good_settings_file(folder, mode, kills):
    """SIGKILL hundreds of times in the middle of saving settings that carry a rising count;
    after each, the settings on disk are the last count the child reported, or the one after
    it, and the next child picks up from there. GAME2048_SOAK_KILLS=5000 runs a longer soak."""
    kills = int(os.environ.get("GAME2048_SOAK_KILLS", kills))
    chooser = random.Random(20480)
    forker = start_child("forker", str(folder), *(["background"] if mode == "background" else []))
    known = 0
    try:
        for round_number in range(kills):
            forker.stdin.write("go\n")
            forker.stdin.flush()
            # Every other child is killed only once it has saved, so that even on a busy machine
            # half the kills land in the saving loop; the others may land during start-up too.
            wait_for_a_save = round_number % 2 == 1
            pid, start, last, reported = None, None, None, False
            while start is None or pid is None or (wait_for_a_save and not reported):
                line = forker.stdout.readline()
                word, _, number = line.partition(" ")
                assert word in ("pid", "start", "saved"), line
                if word == "pid":
                    pid = int(number)
                elif word == "start":
                    start = last = int(number)
                else:
                    last, reported = int(number), True
            assert start == known  # it picked up exactly where the last one was killed
            time.sleep(chooser.uniform(0, 0.015))
            os.kill(pid, signal.SIGKILL)
            for line in iter(forker.stdout.readline, "dead\n"):
                word, _, number = line.partition(" ")
                assert word == "saved", line
                last = int(number)

            reader = Storage(folder)  # not opened: reads only
            value = count_of(reader.load_settings())  # 0: killed before its first save
            assert reader.pop_notices() == []
            assert value in (last, last + 1), (last, value)
            known = value
    finally:
        forker.kill()
        print(forker.communicate()[1])  # the children's errors, shown if the test fails
    assert known >= kills // 2  # the children did save


@pytest.mark.parametrize("config", ["the data folder", "a folder of its own"])
def test_a_temporary_file_left_by_a_killed_copy_is_cleared_at_the_next_start(
    tmp_path, folder, config
):
    """In the data folder and in the settings' own folder, wherever that is."""
    settings_folder = folder if config == "the data folder" else tmp_path / "config"
    for place in {folder, settings_folder}:
        place.mkdir()
        (place / ".settings.json.0123456789abcdef.tmp").write_bytes(b"half a save")
        (place / ".settings.json.bak.fedcba9876543210.tmp").write_bytes(b"")
        (place / "notes.tmp").write_text("not ours: left alone")
    with Storage(folder, config_dir=settings_folder) as storage:
        assert storage.load_settings() == Settings() and storage.pop_notices() == []
    assert sorted(p.name for p in folder.iterdir()) == ["game.lock", "notes.tmp"]
    if settings_folder != folder:
        assert sorted(p.name for p in settings_folder.iterdir()) == ["notes.tmp"]
