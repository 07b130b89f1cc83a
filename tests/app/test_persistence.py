"""Done-when of the saves issue: quit with the close button, Ctrl+Q, or kill the process, and
the next start of the real main.py shows the same board, score, moves, clock and undos."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest
from helpers.archive import saved_game
from helpers.keys import STEP, key
from helpers.paths import play_and_leave, run_main

from game.app import App, Options

ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


def next_start_game(data_dir: Path) -> dict:
    """Start the real main.py on the same data, let it draw, and quit; read what it kept."""
    result = run_main("--frames", "3", "--data-dir", str(data_dir), env=ENV)
    assert result.returncode == 0, result.stderr
    saved = saved_game(data_dir)
    assert saved is not None
    return saved.to_dict()


@pytest.mark.slow
@pytest.mark.parametrize("how", ["close", "ctrl_q", "kill"])
def test_the_next_start_shows_the_same_game(tmp_path, how):
    left = play_and_leave(tmp_path, how)
    assert left["moves"] >= 4 and left["undos_left"] == 4
    assert left["seconds"] > 1.0
    back = next_start_game(tmp_path)
    for field in ("grid", "score", "moves", "undos_left", "history", "random_state"):
        assert back[field] == left[field], field
    # The clock comes back as it was saved, plus at most the next start's few frames.
    assert left["seconds"] <= back["seconds"] <= left["seconds"] + 0.5


# -- the settings, written only when they change --------------------------------------------


def settings_files(data_dir: Path) -> dict[str, tuple[int, int, bytes]]:
    """Each settings file's inode, time of change and bytes: a file written again (atomically)
    is a new file, though the system may give it a number an old one had."""
    return {
        path.name: (path.stat().st_ino, path.stat().st_mtime_ns, path.read_bytes())
        for path in sorted(data_dir.glob("settings.json*"))
    }


def a_run(data_dir: Path, *events: pygame.event.Event) -> None:
    """The game started, a move played, then the window left (a save) and the game quit."""
    app = App(Options(data_dir=str(data_dir), sound=False))
    try:
        for event in (key(pygame.K_LEFT), key(pygame.K_UP), *events):
            app.frame(STEP, [event])
        app.frame(STEP, [pygame.event.Event(pygame.WINDOWFOCUSLOST)])
    finally:
        app.close()


def test_the_settings_are_written_when_they_change_and_never_again_for_nothing(tmp_path):
    a_run(tmp_path, key(pygame.K_m))  # the sound muted: the settings change
    written = settings_files(tmp_path)
    assert set(written) == {"settings.json", "settings.json.bak"}
    assert b'"muted":true' in written["settings.json"][2]
    a_run(tmp_path)  # played and left with the same settings: not written again
    assert settings_files(tmp_path) == written
    a_run(tmp_path, key(pygame.K_m))  # the sound on again
    again = settings_files(tmp_path)
    assert b'"muted":false' in again["settings.json"][2]


def test_settings_deleted_while_the_game_runs_are_written_again_when_it_leaves(tmp_path):
    a_run(tmp_path, key(pygame.K_m))
    app = App(Options(data_dir=str(tmp_path), sound=False))
    try:
        app.frame(STEP, [key(pygame.K_LEFT)])
        for path in tmp_path.glob("settings.json*"):
            path.unlink()
    finally:
        app.close()
    assert b'"muted":true' in (tmp_path / "settings.json").read_bytes()
