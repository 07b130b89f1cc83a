"""Crash logs: written to logs/ in the data folder, telling what broke and on what, the newest
few kept; a log that cannot be written never makes things worse."""

from __future__ import annotations

import os
import platform
import stat
import sys
import time

import pytest
from helpers.storage import snapshot

from game import __version__
from game.launch.crashlog import KEEP_LOGS, write_crash_log


def _crash() -> BaseException:
    def deep_inside_the_game():
        raise RuntimeError("the tile fell off the board")

    try:
        deep_inside_the_game()
    except RuntimeError as error:
        return error
    raise AssertionError("unreachable")


def test_a_crash_log_says_what_broke_where_and_on_what(tmp_path):
    path = write_crash_log(tmp_path / "logs", _crash(), details={"board size": 5})
    assert path is not None and path.parent == tmp_path / "logs"
    text = path.read_text()
    assert "RuntimeError: the tile fell off the board" in text
    assert "deep_inside_the_game" in text  # the traceback, not just the message
    assert f"2048 {__version__}" in text
    assert f"Python: {sys.version.split()[0]}" in text
    assert "pygame-ce: " in text and "platformdirs: " in text
    assert platform.system() in text
    assert "board size: 5" in text


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes")
def test_logs_are_private(tmp_path):
    path = write_crash_log(tmp_path / "logs", _crash())
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_only_the_newest_logs_are_kept(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    old = [logs / f"crash-2020010{day}-120000-000000.txt" for day in range(1, 8)]
    for path in old:
        path.write_text("old")
    (logs / "notes.txt").write_text("not a crash log: left alone")
    newest = write_crash_log(tmp_path / "logs", _crash())
    kept = sorted(p.name for p in logs.glob("crash-*.txt"))
    assert len(kept) == KEEP_LOGS
    assert kept[-1] == newest.name
    assert kept[:-1] == [p.name for p in old[-(KEEP_LOGS - 1) :]]
    assert (logs / "notes.txt").exists()


def test_two_crashes_in_a_row_make_two_logs(tmp_path):
    first = write_crash_log(tmp_path / "logs", _crash())
    second = write_crash_log(tmp_path / "logs", _crash())
    assert first != second and first.exists() and second.exists()


def test_a_log_that_cannot_be_written_returns_none_and_raises_nothing(tmp_path):
    (tmp_path / "logs").write_text("a file where the logs folder should be")
    assert write_crash_log(tmp_path / "logs", _crash()) is None


# -- pruning: only the game's own logs, never through a link, never the new one (issue 13) ------

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX links and modes")


def test_logs_named_by_a_clock_set_forward_never_cost_the_new_log(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    future = time.time() + 3 * 365 * 86400
    for day in range(1, 8):
        path = logs / f"crash-2099010{day}-120000-000000.txt"
        path.write_text("written while the clock was years ahead")
        os.utime(path, (future + day, future + day))
    newest = write_crash_log(tmp_path / "logs", _crash())
    assert newest is not None and newest.exists()
    assert "the tile fell off the board" in newest.read_text()
    assert len(list(logs.glob("crash-*.txt"))) == KEEP_LOGS


def test_a_log_named_in_the_future_is_pruned_before_the_real_ones(tmp_path):
    """With a few logs from a clock set years ahead, every later crash must not cost the
    real logs before it: the future ones go first."""
    logs = tmp_path / "logs"
    logs.mkdir()
    real = [logs / f"crash-2020010{day}-120000-000000.txt" for day in range(1, 4)]
    future = [logs / f"crash-2099010{day}-120000-000000.txt" for day in range(1, 5)]
    for path in real + future:
        path.write_text("a log")
    newest = write_crash_log(tmp_path / "logs", _crash())
    kept = sorted(p.name for p in logs.glob("crash-*.txt"))
    assert kept == sorted([newest.name, *(p.name for p in real), future[-1].name])


@posix_only
def test_a_logs_link_to_another_folder_is_never_written_through_or_pruned(tmp_path):
    other = tmp_path / "someone-elses"
    other.mkdir()
    for day in range(1, 8):
        (other / f"crash-2020010{day}-120000-000000.txt").write_text("theirs")
    (other / "notes.txt").write_text("theirs")
    data = tmp_path / "data"
    data.mkdir()
    (data / "logs").symlink_to(other, target_is_directory=True)
    before = snapshot(other)
    assert write_crash_log(data / "logs", _crash()) is None
    assert snapshot(other) == before


def test_only_files_named_as_the_game_names_its_logs_are_pruned(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    for day in range(1, 8):
        (logs / f"crash-2020010{day}-120000-000000.txt").write_text("old")
    lookalikes = ["crash-0-mine.txt", "crash-notes.txt", "crash-.txt"]
    for name in lookalikes:
        (logs / name).write_text("not a crash log of the game's")
    (logs / "crash-20200101-000000-000000-2.txt").mkdir()  # a folder, not a log
    write_crash_log(tmp_path / "logs", _crash())
    for name in lookalikes:
        assert (logs / name).read_text() == "not a crash log of the game's"
    assert (logs / "crash-20200101-000000-000000-2.txt").is_dir()


@posix_only
def test_a_data_folder_made_for_a_log_is_private(tmp_path):
    data = tmp_path / "new" / "data"
    path = write_crash_log(data / "logs", _crash())
    assert path is not None
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
