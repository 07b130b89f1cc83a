"""Where the tests find the checkout, the scripts they start as processes of their own, and
the game itself started as a player starts it (`run_main`)."""

from __future__ import annotations

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
