"""The composition root: builds the parts, wires them, and runs the loop. The only module
that knows them all."""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game import __version__
from game import commands as cmd
from game import events as ev
from game.assets import asset_path
from game.engine import BOARD_SIZES, Game
from game.input import PointerInput, keyboard_command
from game.loop import FixedStep
from game.session import Session
from game.text import system_language
from game.view.layout import MIN_WINDOW
from game.view.view import View

DEFAULT_WINDOW = (540, 720)
IDLE_WAIT_MS = 1000  # when nothing moves, sleep in the event queue up to this long


@dataclass(frozen=True)
class Options:
    size: int | None = None
    fullscreen: bool | None = None
    seed: int | None = None
    data_dir: str | None = None
    frames: int | None = None
    sound: bool = True


def parse_args(argv: Sequence[str] | None = None) -> Options:
    parser = argparse.ArgumentParser(
        prog="play2048", description="2048 for the desktop: slide, merge, reach 2048."
    )
    parser.add_argument(
        "--size", type=int, choices=BOARD_SIZES, help="board size: 4 (classic), 5 or 6"
    )
    screen = parser.add_mutually_exclusive_group()
    screen.add_argument(
        "--fullscreen", dest="fullscreen", action="store_true", default=None, help="fill the screen"
    )
    screen.add_argument(
        "--windowed", dest="fullscreen", action="store_false", help="play in a window"
    )
    parser.add_argument("--seed", type=int, help="a replayable game: the same seed, the same tiles")
    parser.add_argument("--data-dir", metavar="PATH", help="where saves, settings and stats go")
    parser.add_argument(
        "--frames", type=_positive, metavar="N", help="run N frames, then quit (for tests)"
    )
    parser.add_argument("--no-sound", dest="sound", action="store_false", help="play silently")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    args = parser.parse_args(argv)
    return Options(
        size=args.size,
        fullscreen=args.fullscreen,
        seed=args.seed,
        data_dir=args.data_dir,
        frames=args.frames,
        sound=args.sound,
    )


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be 1 or more")
    return value


class App:
    """The running game. Tests build one headless, post events and step it exactly."""

    def __init__(self, options: Options) -> None:
        self.options = options
        pygame.init()
        self.fullscreen = bool(options.fullscreen)
        self.window = pygame.Window("2048", DEFAULT_WINDOW, resizable=True)
        self.window.minimum_size = MIN_WINDOW
        self._set_icon()
        size = options.size or BOARD_SIZES[0]
        self._seeds = random.Random(options.seed) if options.seed is not None else None
        self.session = Session(self._new_game(size), new_game_factory=self._new_game)
        self.view = View(self.session, lang=system_language())
        self.pointer = PointerInput(
            lambda pos: self.view.hit_test(pos, self.session),
            lambda: self.view.layout.cell if self.view.layout else 100,
            lambda: self.window.size,
        )
        self.loop = FixedStep()
        self.running = True
        self.frames_drawn = 0
        self.frames_left = options.frames  # --frames N: quit after N frames
        if self.fullscreen:
            self.window.set_fullscreen(desktop=True)

    def use_session(self, session: Session) -> None:
        """Play `session` from now on (a loaded save, a test's position)."""
        session.new_game_factory = self._new_game
        self.session = session
        self.view.board.reset(session.game.grid)
        self.view.dirty = True

    def _new_game(self, size: int) -> Game:
        seed = self._seeds.getrandbits(64) if self._seeds is not None else None
        return Game.new(size, seed)

    def _set_icon(self) -> None:
        # A missing icon is no reason not to play.
        with contextlib.suppress(FileNotFoundError, pygame.error):
            self.window.set_icon(pygame.image.load(asset_path("icon", "icon.png")))

    # -- input ---------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        kind = event.type
        if kind == pygame.QUIT or kind == pygame.WINDOWCLOSE:
            self.running = False
        elif kind in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN):
            self.session.set_focus(False)
        elif kind in (pygame.WINDOWFOCUSGAINED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            self.session.set_focus(True)
        elif kind in (
            pygame.WINDOWSIZECHANGED,
            pygame.WINDOWRESIZED,
            pygame.VIDEORESIZE,
            pygame.WINDOWEXPOSED,
        ):
            self.view.dirty = True
        elif kind == pygame.KEYDOWN:
            command = keyboard_command(event)
            if command is not None:
                self.command(command)
        elif kind == pygame.MOUSEMOTION:
            focus = self.view.button_at(event.pos) if self.session.menu is None else None
            if focus != self.view.button_focus:
                self.view.button_focus = focus
                self.view.dirty = True
        else:
            for command in self.pointer.translate(event):
                self.command(command)

    def command(self, command: cmd.Command) -> None:
        """App-wide commands are handled here; the rest mean what the session says."""
        if isinstance(command, cmd.ToggleFullscreen):
            self.toggle_fullscreen()
            return
        if isinstance(command, cmd.ToggleMute | cmd.Hint | cmd.ToggleAutoplay):
            return  # wired by the audio and solver parts
        self.dispatch(self.session.handle(command))

    def dispatch(self, events: list[ev.Event]) -> None:
        self.view.handle(events, self.session)
        for event in events:
            if isinstance(event, ev.QuitRequested):
                self.running = False

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        if self.fullscreen:
            self.window.set_fullscreen(desktop=True)
        else:
            self.window.set_windowed()  # SDL restores the earlier window size
        self.view.dirty = True

    # -- time and drawing ----------------------------------------------------------------------

    def advance(self, seconds: float) -> None:
        """Run the fixed steps that `seconds` of real time are worth."""
        for _ in range(self.loop.advance(seconds)):
            self.session.step(self.loop.step)
            self.view.step(self.loop.step, self.session)

    def draw(self) -> None:
        surface = self.window.get_surface()
        self.view.draw(surface, self.session, self.loop.alpha * self.loop.step)
        self.window.flip()
        self.frames_drawn += 1

    @property
    def busy(self) -> bool:
        """Whether the next frame must come soon (something moves), or the loop may sleep."""
        return self.view.animating or self.view.dirty

    def frame(self, seconds: float, events: Sequence[pygame.event.Event] | None = None) -> None:
        """One frame: the events, the fixed steps `seconds` are worth, and a draw if needed.
        Tests call this directly with posted events and exact times."""
        for event in pygame.event.get() if events is None else events:
            self.handle_event(event)
        self.advance(seconds)
        if self.view.dirty or self.view.animating:
            self.draw()

    def run(self) -> int:
        clock = pygame.time.Clock()
        refresh = max(30, max(pygame.display.get_desktop_refresh_rates() or [60]))
        last = time.perf_counter()
        while self.running:
            if self.busy or self.frames_left is not None:
                events = pygame.event.get()
                clock.tick(refresh)  # the frame cap at the display's rate
                now = time.perf_counter()
                seconds = now - last
            else:
                events = self._wait_for_events()
                now = time.perf_counter()
                # Count the frame from the wake-up, one step long, so the first frame after a
                # key press already shows the tiles moving and nothing jumps.
                seconds = self.loop.step if events else now - last
            last = now
            self.frame(seconds, events)
            if self.frames_left is not None:
                self.frames_left -= 1
                if self.frames_left <= 0:
                    self.running = False
        return 0

    def _wait_for_events(self) -> list[pygame.event.Event]:
        """Idle: sleep in the event queue until something happens or the clock's shown
        second is due to change."""
        wait = IDLE_WAIT_MS
        if self.session.clock_running:
            wait = max(1, round((1 - self.session.game.seconds % 1) * 1000))
        first = pygame.event.wait(wait)
        if first.type == pygame.NOEVENT:
            return []
        return [first, *pygame.event.get()]

    def close(self) -> None:
        self.view.text.clear()
        self.view.board.clear()
        pygame.quit()


def main(argv: Sequence[str] | None = None) -> None:
    options = parse_args(argv)
    app = App(options)
    try:
        code = app.run()
    finally:
        app.close()
    sys.exit(code)
