"""The game's window: opened at a size the display allows, known by the game's id as the
desktop entry knows it, with its icon; fullscreen and back on request; never bigger than SDL
can draw. And how the idle loop waits for its events."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Sequence

import pygame

from game.core.settings import MAX_WINDOW_SIDE, MIN_WINDOW
from game.loop import Clock
from game.platform.assets import asset_path
from game.platform.identity import APP_ID

TITLE = "2048"
# The drivers SDL shows nothing with: the offscreen one it falls back to when no display
# answers (a server, no X11 or Wayland, a bad DISPLAY), and the dummy one only asked for.
UNSEEN_DRIVERS = frozenset({"offscreen", "dummy"})
# Said in one line on stderr before any window exists, so plain English, kept here.
NO_DISPLAY = (
    "2048 found no display to show its window on"
    " (on Linux: no X11 or Wayland session, or DISPLAY or WAYLAND_DISPLAY unset or wrong)."
)
# SDL's largest texture side (game/core/settings.py): a window's pixels must fit one where SDL draws
# them through the graphics card (Windows, macOS), so a window resized past it would fail to draw.
MAX_SIDE = MAX_WINDOW_SIDE


def fit_to_display(size: Sequence[int], desktops: Sequence[Sequence[int]]) -> tuple[int, int]:
    """A saved window size made to fit: at least the smallest window the layout serves, at
    most the biggest display (a saved 16384x16384 would cost gigabytes for nothing)."""
    widest = max((width for width, _ in desktops), default=MAX_SIDE)
    tallest = max((height for _, height in desktops), default=MAX_SIDE)
    return (
        _clamp(size[0], MIN_WINDOW[0], min(max(widest, MIN_WINDOW[0]), MAX_SIDE)),
        _clamp(size[1], MIN_WINDOW[1], min(max(tallest, MIN_WINDOW[1]), MAX_SIDE)),
    )


def within_sdl(size: Sequence[int]) -> tuple[int, int]:
    """A window size SDL can draw."""
    return (_clamp(size[0], MIN_WINDOW[0], MAX_SIDE), _clamp(size[1], MIN_WINDOW[1], MAX_SIDE))


def _clamp(value: int, low: int, high: int) -> int:
    return min(max(int(value), low), high)


class GameWindow:
    """The one window. Fullscreen is asked for with `want_fullscreen` and happens at `apply`,
    once a frame: a storm of F11 presses comes to one change (or none), never a queue of
    window changes that keeps the player's next command waiting."""

    def __init__(self, size: Sequence[int]) -> None:
        """After pygame.init() (and `before_init` before it)."""
        _plain_window_framebuffer()
        self.window = pygame.Window(
            TITLE, fit_to_display(size, pygame.display.get_desktop_sizes()), resizable=True
        )
        self.window.minimum_size = MIN_WINDOW
        self.window.maximum_size = (MAX_SIDE, MAX_SIDE)
        # A missing icon is no reason not to play.
        with contextlib.suppress(FileNotFoundError, pygame.error):
            self.window.set_icon(pygame.image.load(asset_path("icon", "icon.png")))
        self.fullscreen = False
        self.wanted_fullscreen = False

    def want_fullscreen(self, fullscreen: bool) -> None:
        self.wanted_fullscreen = fullscreen

    def apply(self) -> bool:
        """Make the window what was asked for; True if it changed. Desktop fullscreen (no
        change of display mode), and back to the earlier window size."""
        if self.wanted_fullscreen == self.fullscreen:
            return False
        self.fullscreen = self.wanted_fullscreen
        if self.fullscreen:
            self.window.set_fullscreen(desktop=True)
        else:
            self.window.set_windowed()
        return True

    def resized(self) -> None:
        """The window changed size: a window manager may ignore the maximum it was told."""
        size = self.window.size
        if within_sdl(size) != tuple(size) and not self.fullscreen:
            self.window.size = within_sdl(size)

    def hide(self) -> None:
        self.window.hide()

    def destroy(self) -> None:
        self.window.destroy()


def before_init() -> None:
    """What SDL must know before it starts its video: the window's class name."""
    _name_the_window_class()


def start_video() -> bool:
    """Start SDL's video, after `before_init`. False when there is no display to show the
    window on and no driver was asked for: a game that plays unseen, saving until it is killed,
    helps nobody. A driver asked for by name (SDL_VIDEODRIVER=dummy, as the tests do) is used
    as asked."""
    before_init()
    try:
        pygame.display.init()
    except pygame.error:  # no driver at all could start, or not the one asked for
        return False
    asked = bool(os.environ.get("SDL_VIDEODRIVER"))
    return asked or pygame.display.get_driver() not in UNSEEN_DRIVERS


def _name_the_window_class() -> None:
    """The window's class (its app id on Wayland) is the game's id, which names the desktop
    entry and is its StartupWMClass, so a Linux menu and task bar know the window as the game
    however it was started (python main.py, play2048, the executable). pygame sets the X11
    class to the script's name on import; a player's own setting is kept."""
    script = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    for variable in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"):
        if os.environ.get(variable, script) == script:
            os.environ[variable] = APP_ID


def _plain_window_framebuffer() -> None:
    """On X11, draw the window's pixels through shared memory rather than an OpenGL texture:
    the game draws in software anyway, and where OpenGL is itself software (virtual machines,
    remote desktops) a texture made each frame costs 100 times the CPU (2.6 ms against 0.02 ms
    a frame, measured). SDL reads this hint at the window's first surface; a player's own
    setting wins. Other systems have no such path, so they keep SDL's choice."""
    if pygame.display.get_driver() == "x11":
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


def wait_for_events(clock: Clock, wait: float, slice_seconds: float) -> list[pygame.event.Event]:
    """Idle: wait for an event, or `wait` seconds (until the screen would change by itself).
    SDL's own wait polls every millisecond, so this sleeps in slices no longer than a frame:
    no key waits longer than a frame."""
    deadline = clock.now() + wait
    while True:
        events = pygame.event.get()
        if events:
            return events
        left = deadline - clock.now()
        if left <= 0:
            return []
        clock.sleep(min(slice_seconds, left))
