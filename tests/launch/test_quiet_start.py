"""A start without a display or without sound says so once, in the game's own words: no
display, its one line on the terminal (not libwayland's nor SDL's before it); no sound, a
notice in the window, the reason in 2048.log, and nothing on the terminal (none of ALSA's
lines). What the C libraries write around such a start is held back (game/platform/terminal.py)
and shown after when the game has nothing to say instead."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pygame
import pytest
from helpers.paths import ROOT

from game.app import App, Options
from game.launch.gamelog import LOG_NAME
from game.platform.terminal import holding_stderr
from game.text import tr
from game.view.window import NO_DISPLAY


def start(data: Path, **env: str | None) -> subprocess.CompletedProcess:
    """`python -m game` for a few frames, with these changes to the environment (None:
    unset)."""
    changed = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    for name, value in env.items():
        changed.pop(name, None)
        if value is not None:
            changed[name] = value
    return subprocess.run(
        [sys.executable, "-m", "game", "--frames", "5", "--data-dir", str(data)],
        cwd=ROOT,
        env=changed,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.skipif(sys.platform != "linux", reason="no display is a Linux session's case")
def test_with_no_display_the_terminal_has_the_games_message_only(tmp_path):
    # No X11, no Wayland, no runtime folder (libwayland said so before the game did).
    done = start(
        tmp_path,
        DISPLAY=None,
        WAYLAND_DISPLAY=None,
        XDG_RUNTIME_DIR=None,
        SDL_VIDEODRIVER=None,
        SDL_AUDIODRIVER="dummy",
    )
    assert done.returncode == 1
    assert done.stderr == NO_DISPLAY + "\n"
    assert done.stdout == ""


@pytest.mark.skipif(sys.platform != "linux", reason="ALSA is Linux's")
def test_with_no_sound_card_the_terminal_stays_quiet_and_the_log_says_why(tmp_path):
    # ALSA with an empty configuration knows no sound card: it prints its failures as it
    # tries, as it does on a machine without one.
    empty = tmp_path / "alsa.conf"
    empty.touch()
    data = tmp_path / "data"
    done = start(data, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="alsa", ALSA_CONFIG_PATH=str(empty))
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    log = (data / "logs" / LOG_NAME).read_text(encoding="utf-8")
    assert "game.audio.player: no sound (" in log


def no_device(*_args, **_kwargs):
    raise pygame.error("no available audio device")


def test_with_no_sound_the_game_plays_on_and_says_so_once_on_screen(tmp_path, monkeypatch):
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    app = App(Options(seed=11, data_dir=str(tmp_path), sound=True))
    try:
        said = tr("no_sound", app.lang)
        app.frame(1 / 60, [])
        assert app.view.notices.count(said) == 1
        # A device plugged in that will not open either, and frames on: no second word.
        added = pygame.event.Event(pygame.AUDIODEVICEADDED, which=0, iscapture=False)
        for _ in range(3):
            app.frame(1 / 60, [added])
        assert app.view.notices.count(said) == 1
        assert not app.audio.has_device and app.running
    finally:
        app.close()


def test_a_game_with_sound_says_nothing_of_it(tmp_path):
    app = App(Options(seed=11, data_dir=str(tmp_path), sound=True))  # SDL's dummy device
    try:
        app.frame(1 / 60, [])
        assert app.audio.has_device
        assert tr("no_sound", app.lang) not in app.view.notices
    finally:
        app.close()


def test_what_c_libraries_write_while_held_is_shown_after(capfd):
    with holding_stderr():
        os.write(2, b"a library's line\n")
        assert capfd.readouterr().err == ""  # not yet
    assert capfd.readouterr().err == "a library's line\n"


def test_what_is_held_is_dropped_only_when_the_game_says_it_itself(capfd):
    with holding_stderr() as held:
        os.write(2, b"ALSA lib pcm.c: Unknown PCM default\n")
        held.drop()
    print("the game's own words", file=sys.stderr)
    assert capfd.readouterr().err == "the game's own words\n"


def test_an_error_in_a_held_block_loses_nothing(capfd):
    with pytest.raises(RuntimeError), holding_stderr():
        os.write(2, b"written before the error\n")
        raise RuntimeError("the game's own fault")
    assert capfd.readouterr().err == "written before the error\n"


def test_where_nothing_can_be_held_the_output_goes_straight_out(capfd, monkeypatch):
    def no_file():
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(tempfile, "TemporaryFile", no_file)
    with holding_stderr() as held:
        os.write(2, b"a library's line\n")
        held.drop()  # nothing was held: nothing to drop
    assert capfd.readouterr().err == "a library's line\n"
