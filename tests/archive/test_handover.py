"""A shared file opened while the game runs (a double-click, `play2048 FILE`) goes to the copy
that runs, which keeps its game and says so; the second start opens no window (issue 33: it
opened one that could keep nothing, and the file was not kept). Two real processes."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest
from helpers.games import keep_games
from helpers.paths import ROOT, run_main

from game.kept_games.archive.games_archive import Archive
from game.kept_games.share.inbox import INBOX, Inbox, hand_over
from game.kept_games.share.shared_file import encode_record
from game.storage.schema import ARCHIVE_FILE

ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


def a_shared_file(tmp_path):
    """A friend's game, exported to a file: (its path, its uid)."""
    [record] = keep_games(tmp_path / "friend", 1)
    path = tmp_path / "friend.2048.json"
    path.write_bytes(encode_record(record))
    return path, record.summary.uid


def kept_uids(data) -> set[str]:
    archive = Archive.open(data, background=False, read_only=True)
    try:
        return {summary.uid for summary in archive.list_games()}
    finally:
        archive.close()


@pytest.mark.slow
def test_a_file_opened_while_the_game_runs_is_kept_by_the_running_copy(tmp_path):
    shared, uid = a_shared_file(tmp_path)
    data = tmp_path / "data"
    running = subprocess.Popen(
        [sys.executable, "main.py", "--data-dir", str(data), "--frames", "400"],
        cwd=ROOT,
        env=ENV,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 30
        while not (data / ARCHIVE_FILE).exists():  # it has started, and holds the lock
            assert time.monotonic() < deadline and running.poll() is None
            time.sleep(0.1)
        time.sleep(0.5)
        second = run_main("--data-dir", str(data), str(shared), env=ENV)
        assert second.returncode == 0, second.stderr
        assert "was handed to it" in second.stdout
        assert running.wait(timeout=60) == 0, running.stderr.read()
    finally:
        running.kill()
    assert uid in kept_uids(data)  # kept by the copy that ran
    assert not [p.name for p in (data / INBOX).iterdir()]  # and the inbox emptied


def test_with_no_copy_running_the_start_keeps_the_file_itself(tmp_path):
    shared, _ = a_shared_file(tmp_path)
    assert hand_over(tmp_path / "data", shared) is False
    assert not (tmp_path / "data" / INBOX).exists()


def test_a_file_taken_by_a_run_killed_while_reading_it_is_taken_again(tmp_path):
    inbox = tmp_path / INBOX
    inbox.mkdir()
    (inbox / "taken-0123456789abcdef.2048.json").write_text("{}")  # a killed run's
    (inbox / ".0123456789abcdef.2048.json.0011223344556677.tmp").write_text("{")  # half written
    first = Inbox(tmp_path)
    assert [p.name for p in first.handed()] == ["taken-0123456789abcdef.2048.json"]
    assert first.handed() == []  # once
    first.clean()
    assert [p.name for p in inbox.iterdir()] == [".0123456789abcdef.2048.json.0011223344556677.tmp"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_handed_over_never_hangs_the_second_start(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    from filelock import FileLock

    held = FileLock(str(data / "game.lock"))
    held.acquire()  # as the running copy holds it
    try:
        os.mkfifo(tmp_path / "a.2048.json")
        with pytest.raises(OSError, match="not a file"):
            hand_over(data, tmp_path / "a.2048.json")
    finally:
        held.release()
