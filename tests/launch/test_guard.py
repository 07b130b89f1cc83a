"""Nothing ends the game badly: quit signals quit like the close button, and an error at start
or in play saves what it can, logs, and says what is true."""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest
from filelock import FileLock
from helpers.archive import kept_in
from helpers.paths import CHILDREN, ROOT
from helpers.storage import latin1_folder

from game.app import App, Options
from game.core.engine import Game
from game.launch.guard import QuitSignals, run_guarded
from game.storage.store import LOCK_NAME
from game.text import tr

DRIVER = CHILDREN / "signal_driver.py"
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


def lock_is_free(data_dir: Path) -> bool:
    lock = FileLock(str(data_dir / LOCK_NAME), timeout=0.5)
    try:
        lock.acquire()
    except TimeoutError:
        return False
    lock.release()
    return True


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_quit_signal_saves_lets_go_of_the_lock_and_exits_0_quietly(tmp_path, number):
    child = subprocess.Popen(
        [sys.executable, str(DRIVER), str(tmp_path)],
        cwd=ROOT,
        env=ENV,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    line = child.stdout.readline()
    assert line, child.stderr.read()
    time.sleep(1.5)  # the loop runs, the clock with it
    child.send_signal(number)
    code = child.wait(timeout=30)
    errors = child.stderr.read()
    assert code == 0, errors
    assert "Traceback" not in errors
    played = Game.from_dict(json.loads(line))
    kept = kept_in(tmp_path)
    saved = kept.in_play[4][0]
    assert saved.grid == played.grid and saved.moves == played.moves
    assert saved.seconds > played.seconds + 1.0  # saved at the quit, not just before it
    assert kept.stats.for_size(4).total_seconds == pytest.approx(saved.seconds, abs=0.01)
    assert lock_is_free(tmp_path)


def test_a_signal_caught_while_the_game_starts_quits_as_soon_as_it_is_built():
    class Stub:
        running = True

    with QuitSignals() as signals:
        signals._handle(signal.SIGTERM, None)
        stub = Stub()
        signals.watch(stub)
    assert stub.running is False


def test_an_error_while_the_game_starts_is_logged_told_and_lets_go_of_the_lock(
    tmp_path, capsys, monkeypatch
):
    def broken_view(*args, **kwargs):
        raise RuntimeError("a bug while starting")

    monkeypatch.setattr("game.app.root.View", broken_view)
    assert (
        run_guarded(lambda: App(Options(data_dir=str(tmp_path), sound=False)), tmp_path / "logs")
        == 1
    )
    logs = list((tmp_path / "logs").iterdir())
    assert len(logs) == 1 and "a bug while starting" in logs[0].read_text()
    message = capsys.readouterr().err
    assert "has to close" in message and str(logs[0]) in message
    assert "saved" not in message  # nothing was playing yet: nothing to claim
    assert lock_is_free(tmp_path)


def test_a_crash_on_a_full_disk_says_the_game_was_not_saved(tmp_path, capsys, monkeypatch):
    app = App(Options(data_dir=str(tmp_path), sound=False))

    def disk_full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def broken_draw(*args, **kwargs):
        raise RuntimeError("a bug in drawing")

    app.view.draw = broken_draw
    app.view.dirty = True
    monkeypatch.setattr(os, "fsync", disk_full)
    assert run_guarded(lambda: app, tmp_path / "logs") == 1
    message = capsys.readouterr().err
    assert "could not be saved" in message and "were saved" not in message


def test_a_crash_says_where_its_report_is_in_a_data_folder_named_in_latin_1(
    tmp_path, capsys, monkeypatch
):
    data = latin1_folder(tmp_path)
    boxes = []

    def message_box(title, message, kind):
        boxes.append(message.encode("utf-8"))  # as SDL takes it (UnicodeEncodeError if not)

    def broken():
        raise RuntimeError("a bug while starting")

    monkeypatch.setattr(pygame.display, "message_box", message_box)
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")  # a screen of the player's: told in a box
    assert run_guarded(broken, data / "logs") == 1
    (log,) = (data / "logs").iterdir()
    said = tr("crash_log", path=f"{tmp_path}/Ren\ufffde/logs/{log.name}")
    assert said in capsys.readouterr().err
    assert len(boxes) == 1 and said.encode() in boxes[0]


def test_a_seeded_run_that_crashes_claims_nothing_was_saved(tmp_path, capsys):
    """Issue 21: a --seed run's crash said "Your game and records were saved"; it keeps nothing."""
    app = App(Options(data_dir=str(tmp_path), sound=False, seed=7, leave_files=True))

    def broken_draw(*args, **kwargs):
        raise RuntimeError("a bug in drawing")

    app.view.draw = broken_draw
    app.view.dirty = True
    assert run_guarded(lambda: app, tmp_path / "logs") == 1
    message = capsys.readouterr().err
    assert tr("crash_kept_nothing") in message and "were saved" not in message
