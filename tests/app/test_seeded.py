"""A seeded run (--seed) is for replaying: it reads the player's settings and kept games, and
writes nothing of the player's, neither while it plays nor when it quits: no lock (a copy of
the game started beside it saves as usual), no settings, no statistics, no saves, no kept
games, no move of an earlier version's files (tests/storage/test_folders.py)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from helpers.archive import saved_game
from helpers.keys import key
from helpers.loop import ScriptedClock
from helpers.paths import CHILDREN, ROOT
from helpers.storage import snapshot

from game.app import App, Options
from game.cli import parse_args
from game.play import commands as cmd
from game.solver.bitboard import BitLayout

DRIVER = CHILDREN / "seeded_driver.py"
ARROWS = (pygame.K_LEFT, pygame.K_UP, pygame.K_RIGHT, pygame.K_DOWN)


def players_files(data: Path) -> dict[str, bytes]:
    """A player's folder after a game of their own, and the solver's table a run that gave a
    hint leaves beside it (a seeded run's solver reads it as any run does)."""
    app = App(Options(data_dir=str(data), sound=False))
    try:
        for code in ARROWS * 3:
            app.frame(1 / 60, [key(code)])
    finally:
        app.close()
    BitLayout(4, tables_dir=data)
    return snapshot(data)


@pytest.mark.slow
def test_a_seeded_run_changing_a_setting_and_playing_leaves_every_file_byte_for_byte(tmp_path):
    data = tmp_path / "data"
    before = players_files(data)
    clock = ScriptedClock(end=4.0)
    # As a player starts it: --seed alone says to leave the player's files alone.
    seeded = App(parse_args(["--seed", "5", "--data-dir", str(data), "--no-sound"]), clock=clock)
    clock.at(0.5, key(pygame.K_m))  # a setting changed: a normal run keeps it at once
    for index, code in enumerate(ARROWS * 3):
        clock.at(1.0 + 0.2 * index, key(code))
    clock.at(3.5, pygame.event.Event(pygame.WINDOWFOCUSLOST))  # a normal run saves it all here
    try:
        assert seeded.run() == 0
        assert seeded.settings.muted and seeded.session.game.moves > 0
        assert seeded.storage.read_only
    finally:
        seeded.close()
    assert snapshot(data) == before


@pytest.mark.slow
def test_a_copy_started_beside_a_seeded_run_saves_and_the_seeded_run_writes_nothing(tmp_path):
    data = tmp_path / "data"
    before = players_files(data)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    seeded = subprocess.Popen(
        [sys.executable, str(DRIVER), str(data)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        report = json.loads(seeded.stdout.readline())
        assert report["muted"] and report["moves"] > 0
        assert snapshot(data) == before  # playing, a setting changed: nothing written
        app = App(Options(data_dir=str(data), sound=False))
        try:
            assert not app.storage.read_only and app.view.notices == []  # no "another copy"
            for _ in range(4):
                app.command(cmd.Move(app.session.game.valid_directions()[0]))
            game = app.session.game
        finally:
            app.close()
        saved = saved_game(data)
        assert saved is not None and saved.grid == game.grid
        assert saved.moves == game.moves
        after = snapshot(data)
        assert after != before
    finally:
        seeded.send_signal(signal.SIGTERM)
        assert seeded.wait(timeout=30) == 0, seeded.stderr.read()
    assert snapshot(data) == after  # quitting, the seeded run wrote nothing over it
