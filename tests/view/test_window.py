"""The window at the boundaries: saved sizes the display cannot hold, resizes past what SDL
can draw, and storms of fullscreen toggles that must not hold up the player's next key."""

from __future__ import annotations

import pygame
import pytest
from helpers.keys import STEP, key

from game.app import App, Options
from game.core.settings import MIN_WINDOW, Settings
from game.storage.store import Storage
from game.view.window import MAX_SIDE, GameWindow, fit_to_display, within_sdl


@pytest.mark.parametrize(
    ("saved", "desktops", "fitted"),
    [
        ((16384, 16384), [(1920, 1080)], (1920, 1080)),
        ((540, 720), [(1920, 1080)], (540, 720)),
        ((10, 10), [(1920, 1080)], MIN_WINDOW),
        ((5000, 900), [(1280, 1024), (3840, 2160)], (3840, 900)),
        ((99999, 99999), [], (MAX_SIDE, MAX_SIDE)),
        ((800, 800), [(200, 150)], MIN_WINDOW),  # never under the smallest the layout serves
    ],
)
def test_a_saved_size_is_fitted_to_the_display(saved, desktops, fitted):
    assert fit_to_display(saved, desktops) == fitted


def test_sizes_past_what_sdl_can_draw_are_held_to_it():
    assert within_sdl((20000, 400)) == (MAX_SIDE, 400)
    assert within_sdl((100, 100)) == MIN_WINDOW


def test_a_huge_saved_window_opens_at_the_size_of_the_display(tmp_path):
    with Storage(tmp_path) as storage:
        storage.save_settings(Settings(window_size=(8000, 8000)))
    app = App(Options(data_dir=str(tmp_path), sound=False))
    try:
        widest = max(w for w, _ in pygame.display.get_desktop_sizes())
        tallest = max(h for _, h in pygame.display.get_desktop_sizes())
        assert app.window.size[0] <= widest and app.window.size[1] <= tallest
        app.frame(STEP, [])
    finally:
        app.close()


def test_a_window_resized_past_sdls_limit_comes_back_within_it(tmp_path):
    app = App(Options(data_dir=str(tmp_path), sound=False))
    try:
        app.window.size = (MAX_SIDE + 3000, 600)  # a window manager ignoring the maximum
        app.frame(STEP, [pygame.event.Event(pygame.WINDOWSIZECHANGED)])
        assert app.window.size[0] <= MAX_SIDE
        app.frame(STEP, [])
    finally:
        app.close()


def test_a_storm_of_fullscreen_toggles_is_one_change_and_quit_acts_in_the_same_frame(tmp_path):
    app = App(Options(data_dir=str(tmp_path), sound=False))
    calls: list[str] = []

    class CountingWindow:
        """pygame.Window's methods cannot be replaced on the object: wrap it instead."""

        def __init__(self, window):
            self._window = window

        def set_fullscreen(self, desktop=False):
            calls.append("fullscreen")
            self._window.set_fullscreen(desktop=desktop)

        def set_windowed(self):
            calls.append("windowed")
            self._window.set_windowed()

        def __getattr__(self, name):
            return getattr(self._window, name)

    real_window = app.game_window.window
    app.game_window.window = CountingWindow(real_window)
    try:
        storm = [key(pygame.K_F11) for _ in range(41)]  # an odd number: fullscreen wanted
        storm += [key(pygame.K_RETURN, pygame.KMOD_LALT) for _ in range(30)]  # back and forth
        app.frame(STEP, [*storm, key(pygame.K_q, pygame.KMOD_LCTRL), *storm])
        assert not app.running  # Ctrl+Q in the same frame, not 73 s later
        assert calls == ["fullscreen"]  # 71 toggles before the quit: one change
        assert app.game_window.fullscreen
    finally:
        app.game_window.window = real_window
        app.close()


def test_a_window_manager_that_ignores_the_maximum_is_answered_with_a_smaller_window():
    """Some window managers let a window grow past the maximum it asked for."""

    class Stretched:
        size = (MAX_SIDE * 2, 900)

    screen = GameWindow.__new__(GameWindow)
    screen.window = Stretched()
    screen.fullscreen = False
    screen.resized()
    assert screen.window.size == (MAX_SIDE, 900)


def _drawings_kept(app: App) -> int:
    """The bytes of every drawing the view keeps for the next frames."""
    caches = (app.view.board._tiles, app.view.board._boards, app.view._veils)
    surfaces = [s for cache in caches for s in cache.values()]
    surfaces += list(app.view.text._surfaces.values())
    return sum(s.get_width() * s.get_height() * s.get_bytesize() for s in surfaces)


@pytest.mark.slow
def test_a_window_made_huge_and_small_again_keeps_only_what_the_small_one_draws(tmp_path):
    """Issue 21: after the window was 16384 px square and shrunk back, the game kept 1.3 GB of
    drawings of the big window. (bench/window_memory.py shows the memory itself.)"""
    app = App(Options(data_dir=str(tmp_path), sound=False))
    try:
        pause = key(pygame.K_ESCAPE)
        for size in ((4096, 4096), (640, 480)):
            app.window.size = size
            app.frame(app.loop.step, [pygame.event.Event(pygame.WINDOWSIZECHANGED)])
            for code in (pygame.K_LEFT, pygame.K_UP, pygame.K_RIGHT):  # slides and merges
                app.frame(app.loop.step, [key(code)])
                for _ in range(15):
                    app.frame(app.loop.step, [])
            app.frame(app.loop.step, [pause])  # a menu's veil over the whole window
            app.frame(app.loop.step, [pause])
            if size == (4096, 4096):
                assert _drawings_kept(app) > 4096 * 4096 * 4  # the big window's veil at least
        window_bytes = 640 * 480 * 4
        assert _drawings_kept(app) < 6 * window_bytes
    finally:
        app.close()
