"""Where the tests find the checkout, the scripts they start as processes of their own, and
the game itself started as a player starts it (`run_main`), or played and left in a child
(`play_and_leave`)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
ROOT = TESTS.parent  # the checkout (or the unpacked source archive)
CHILDREN = TESTS / "helpers" / "children"  # run by their path, never imported


def run_main(*args: str, env: Mapping[str, str] | None = None) -> subprocess.CompletedProcess:
    """`main.py` with these arguments, as a player's shell starts it in the checkout (with
    `env`, else this process's environment); its output as text, its end within a minute."""
    return subprocess.run(
        [sys.executable, "main.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def play_and_leave(data_dir: Path, how: str) -> dict:
    """Six moves and an undo of the real game in a child process (children/app_driver.py),
    left as `how` says (close, ctrl_q, kill); the game it left, as `Game.to_dict()`."""
    driver = subprocess.Popen(
        [sys.executable, str(CHILDREN / "app_driver.py"), str(data_dir), how, "6"],
        cwd=ROOT,
        env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    line = driver.stdout.readline()
    assert line, driver.stderr.read()
    if how == "kill":
        driver.send_signal(signal.SIGKILL)
    driver.wait(timeout=60)
    if how != "kill":
        assert driver.returncode == 0, driver.stderr.read()
    return json.loads(line)
