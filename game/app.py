"""The composition root: builds the parts, wires them, and runs the loop. The only module
that knows them all."""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

import pygame

from game import __version__
from game import commands as cmd
from game import events as ev
from game.assets import asset_path
from game.audio import Audio
from game.autoplay import Autoplay
from game.crashlog import write_crash_log
from game.engine import BOARD_SIZES, Game
from game.input import GAMEPAD_EVENTS, GamepadInput, PointerInput, keyboard_command
from game.loop import FixedStep
from game.records import Recorder, stats_lines
from game.session import MenuKind, Session
from game.storage import Settings, Storage, resolve_data_dir
from game.text import notice_text, system_language, tr
from game.view.layout import MIN_WINDOW
from game.view.theme import THEMES
from game.view.view import View

IDLE_WAIT_MS = 1000
VOLUME_STEP = 10
# The values each setting of the settings menu cycles through, in order.
SETTING_CHOICES = {
    "theme": THEMES,
    "animation": ("normal", "fast", "slow", "off"),
    "autoplay_pace": ("2", "5", "10", "max"),
    "language": ("auto", "en", "el"),
}  # when nothing moves, sleep in the event queue up to this long
log = logging.getLogger("game")


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
    parser.add_argument(
        "--seed",
        type=int,
        help="a replayable game: the same seed, the same tiles (your saved game is left alone)",
    )
    parser.add_argument(
        "--data-dir",
        metavar="PATH",
        help="where saves, settings and stats go (also $GAME2048_DATA_DIR)",
    )
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


class StorageSlots:
    """The session's one-game-per-size slots (R18), kept on disk. With `keep=False` (a seeded
    game) nothing is written: the player's saved games stay as they are."""

    def __init__(self, storage: Storage, keep: bool = True) -> None:
        self.storage = storage
        self.keep = keep

    def load(self, size: int):
        saved = self.storage.load_game(size)
        return None if saved is None else (saved.game, saved.session)

    def save(self, game: Game, session_state: dict) -> None:
        if self.keep:
            self.storage.save_game(game, session_state)


# Events after which the game in progress is saved (R18: after every move, and so on).
_SAVE_AFTER = (ev.Moved, ev.Undone, ev.GameStarted, ev.KeptGoing, ev.Won, ev.Lost)


class App:
    """The running game. Tests build one headless, post events and step it exactly."""

    def __init__(self, options: Options) -> None:
        self.options = options
        self.data_dir = resolve_data_dir(options.data_dir)
        # The disk part of a save runs on a writer thread: a slow disk never stalls a frame.
        self.storage = Storage(self.data_dir, background=True).open()
        self.settings: Settings = self.storage.load_settings()
        self.recorder = Recorder(self.storage.load_stats())
        Audio.pre_init()
        pygame.init()
        self.audio = Audio.create(
            enabled=options.sound, volume=self.settings.volume, muted=self.settings.muted
        )
        self.window = pygame.Window("2048", self.settings.window_size, resizable=True)
        self.window.minimum_size = MIN_WINDOW
        self._set_icon()
        self._seeds = random.Random(options.seed) if options.seed is not None else None
        # A seeded game is for replaying: it never overwrites the saved game in progress.
        self.slots = StorageSlots(self.storage, keep=options.seed is None)
        self.session = self._first_session(options.size or self.settings.size)
        lang = self.settings.language
        self.view = View(
            self.session,
            theme=self.settings.theme,
            lang=system_language() if lang == "auto" else lang,
            speed=self.settings.animation,
        )
        self.autoplay = Autoplay(self.data_dir, pace=self.settings.autoplay_pace)
        self.pointer = PointerInput(
            lambda pos: self.view.hit_test(pos, self.session),
            lambda: self.view.layout.cell if self.view.layout else 100,
            lambda: self.window.size,
        )
        self.gamepad = GamepadInput()
        self.loop = FixedStep()
        self.running = True
        self.frames_drawn = 0
        self.frames_left = options.frames  # --frames N: quit after N frames
        self.fullscreen = False
        fullscreen = options.fullscreen
        if fullscreen is None:
            fullscreen = self.settings.fullscreen
        if fullscreen:
            self.toggle_fullscreen()
        self._apply_settings()
        self._show_notices()

    def _first_session(self, size: int) -> Session:
        saved = None if self._seeds is not None else self.slots.load(size)
        if saved is None:
            return Session(self._new_game(size), slots=self.slots, new_game_factory=self._new_game)
        game, state = saved
        return Session.restore(game, state, slots=self.slots, new_game_factory=self._new_game)

    def use_session(self, session: Session) -> None:
        """Play `session` from now on (a loaded save, a test's position)."""
        session.new_game_factory = self._new_game
        session.slots = self.slots
        self.session = session
        self.view.board.reset(session.game.grid)
        self.view.dirty = True
        self._refresh_records()

    def _new_game(self, size: int) -> Game:
        seed = self._seeds.getrandbits(64) if self._seeds is not None else None
        return Game.new(size, seed, undo_enabled=self.settings.undo_enabled)

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
            self.save()  # R18: on focus loss and minimise
        elif kind in (pygame.WINDOWFOCUSGAINED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            self.session.set_focus(True)
        elif kind in (
            pygame.WINDOWSIZECHANGED,
            pygame.WINDOWRESIZED,
            pygame.VIDEORESIZE,
            pygame.WINDOWEXPOSED,
        ):
            self.view.dirty = True
        elif kind == pygame.AUDIODEVICEREMOVED:
            self.audio.on_device_removed(getattr(event, "iscapture", False))
        elif kind == pygame.AUDIODEVICEADDED:
            self.audio.on_device_added(getattr(event, "iscapture", False))
        elif kind == pygame.KEYDOWN:
            command = keyboard_command(event)
            if command is not None:
                self.command(command)
            else:
                self._stop_autoplay()  # any key of the player's stops it (R20)
        elif kind in GAMEPAD_EVENTS:
            commands = self.gamepad.translate(event)
            for command in commands:
                self.command(command)
            if not commands and kind in (pygame.CONTROLLERBUTTONDOWN, pygame.JOYBUTTONDOWN):
                self._stop_autoplay()
        elif kind == pygame.MOUSEMOTION:
            focus = self.view.button_at(event.pos) if self.session.menu is None else None
            if focus != self.view.button_focus:
                self.view.button_focus = focus
                self.view.dirty = True
        else:
            commands = self.pointer.translate(event)
            for command in commands:
                self.command(command)
            if not commands and kind in (pygame.MOUSEBUTTONUP, pygame.FINGERUP):
                self._stop_autoplay()

    def command(self, command: cmd.Command) -> None:
        """A player's command. App-wide ones are handled here; the rest mean what the
        session says. Any command of the player's stops autoplay (R20)."""
        if isinstance(command, cmd.ToggleAutoplay):
            self._toggle_autoplay()
            return
        self._stop_autoplay()
        if isinstance(command, cmd.ToggleFullscreen):
            self.toggle_fullscreen()
        elif isinstance(command, cmd.ToggleMute):
            self.change_setting("mute", 1)
        elif isinstance(command, cmd.Hint):
            if self.session.menu is None and not self.session.game.over:
                self.session.mark_assisted()
                self.autoplay.ask_hint(self.session.game)
                self.view.dirty = True
        else:
            self.dispatch(self.session.handle(command))

    def _stop_autoplay(self) -> None:
        if self.autoplay.playing:
            self.autoplay.stop()
            self.view.dirty = True

    def _toggle_autoplay(self) -> None:
        if self.autoplay.playing:
            self.autoplay.stop()
        elif self.session.menu is None and not self.session.game.over:
            self.session.mark_assisted()
            self.autoplay.play(self.session.game)
        self.view.dirty = True

    def dispatch(self, events: list[ev.Event]) -> None:
        """Hand the session's events to everything that reacts to them."""
        if not events:
            return
        self.view.handle(events, self.session)
        self.audio.handle(events)
        self.recorder.handle(events, self.session)
        if any(isinstance(event, ev.GameStarted) for event in events):
            self._refresh_records()
        if any(isinstance(event, ev.Won | ev.Lost) for event in events):
            self.autoplay.stop()
            self.save_stats()
        if any(isinstance(event, _SAVE_AFTER) for event in events):
            self.save_game()
        if any(isinstance(event, ev.MenuOpened) for event in events):
            self.autoplay.stop()
            self._refresh_records()
            self.view.pad_labels = self.gamepad.button_labels()
        for event in events:
            if isinstance(event, ev.QuitRequested):
                self.running = False
            elif isinstance(event, ev.SettingChanged):
                self.change_setting(event.name, event.step)
            elif isinstance(event, ev.AutoplayRequested) and not self.autoplay.playing:
                self._toggle_autoplay()
        self._show_notices()

    def change_setting(self, name: str, step: int) -> None:
        """Apply one setting at once, and keep it."""
        settings = self.settings
        if name in SETTING_CHOICES:
            choices = SETTING_CHOICES[name]
            current = getattr(settings, name)
            index = choices.index(current) if current in choices else 0
            self.settings = replace(settings, **{name: choices[(index + step) % len(choices)]})
        elif name == "volume":
            volume = min(100, max(0, settings.volume + step * VOLUME_STEP))
            self.settings = replace(settings, volume=volume, muted=False)
        elif name == "mute":
            self.settings = replace(settings, muted=not settings.muted)
        elif name == "undo_setting":
            self.settings = replace(settings, undo_enabled=not settings.undo_enabled)
            self.session.game.undo_enabled = self.settings.undo_enabled
        elif name == "fullscreen":
            self.toggle_fullscreen()
        self._apply_settings()
        self._save_settings()

    def _apply_settings(self) -> None:
        settings = self.settings
        self.view.set_theme(settings.theme)
        self.view.board.set_speed(settings.animation)
        self.view.lang = system_language() if settings.language == "auto" else settings.language
        self.audio.set_volume(settings.volume)
        self.audio.set_muted(settings.muted)
        self.autoplay.set_pace(settings.autoplay_pace)
        self.view.setting_values = self.setting_values()
        self._refresh_records()

    def setting_values(self) -> dict[str, str]:
        """Each setting's current value in the player's words, for the settings menu."""
        lang = self.view.lang
        settings = self.settings
        pace = settings.autoplay_pace
        on_off = {True: tr("value_on", lang), False: tr("value_off", lang)}
        return {
            "theme": tr(f"value_{settings.theme}", lang),
            "animation": tr(f"value_{settings.animation}", lang),
            "volume": f"{settings.volume}",
            "mute": on_off[not settings.muted],
            "fullscreen": on_off[self.fullscreen],
            "undo_setting": on_off[settings.undo_enabled],
            "autoplay_pace": tr("value_max", lang)
            if pace == "max"
            else tr("value_pace", lang, n=pace),
            "language": tr(f"value_{settings.language}", lang),
        }

    def toggle_fullscreen(self) -> None:
        """Desktop fullscreen (no change of display mode); back to the earlier window size."""
        self.fullscreen = not self.fullscreen
        if self.fullscreen:
            self.window.set_fullscreen(desktop=True)
        else:
            self.window.set_windowed()
        self.view.setting_values = self.setting_values()
        self.view.dirty = True

    # -- saving --------------------------------------------------------------------------------

    def save_game(self) -> None:
        self.slots.save(self.session.game, self.session.state_dict())

    def save_stats(self) -> None:
        self.recorder.add_time(self.session)
        self.storage.save_stats(self.recorder.stats)

    def save(self) -> None:
        """Everything: the game in progress, the statistics and the settings."""
        self.save_game()
        self.save_stats()
        self._save_settings()
        self._show_notices()

    def _save_settings(self, **changes) -> None:
        window = self.settings.window_size if self.fullscreen else tuple(self.window.size)
        self.settings = replace(
            self.settings,
            size=self.session.game.size,
            fullscreen=self.fullscreen,
            window_size=window,
            **changes,
        )
        self.storage.save_settings(self.settings)

    def _refresh_records(self) -> None:
        size = self.session.game.size
        self.view.best = self.recorder.best(size)
        self.view.stats_lines = stats_lines(self.recorder.stats, size, self.view.lang)
        self.view.dirty = True

    def _show_notices(self) -> None:
        for notice in self.storage.pop_notices():
            self.view.show_notice(notice_text(notice, self.view.lang))

    # -- time and drawing ----------------------------------------------------------------------

    def advance(self, seconds: float) -> None:
        """Run the fixed steps that `seconds` of real time are worth."""
        for _ in range(self.loop.advance(seconds)):
            self.session.step(self.loop.step)
            self.view.step(self.loop.step, self.session)
            self._solver_step(self.loop.step)

    def _solver_step(self, dt: float) -> None:
        for answer in self.autoplay.step(dt, self.session.game, busy=self.view.board.animating):
            if answer.solver_failed:
                self.view.show_notice(tr("solver_stopped", self.view.lang))
            if answer.hint is not None:
                self.dispatch([ev.HintShown(answer.hint)])
            if answer.move is not None:
                events = self.session.handle(cmd.Move(answer.move))
                self.dispatch(events)
                if self.session.menu is not None and self.session.menu.kind is MenuKind.WON:
                    self.autoplay.stop()  # stops at the win banner (R20)

    def draw(self) -> None:
        surface = self.window.get_surface()
        self.view.draw(surface, self.session, self.loop.alpha * self.loop.step)
        self.window.flip()
        self.frames_drawn += 1

    @property
    def busy(self) -> bool:
        """Whether the next frame must come soon (something moves), or the loop may sleep."""
        return self.view.animating or self.view.dirty or self.autoplay.busy

    def frame(self, seconds: float, events: Sequence[pygame.event.Event] | None = None) -> None:
        """One frame: the events, the fixed steps `seconds` are worth, and a draw if needed.
        Tests call this directly with posted events and exact times."""
        for event in pygame.event.get() if events is None else events:
            self.handle_event(event)
        self.advance(seconds)
        if self.view.autoplaying != self.autoplay.playing:
            self.view.autoplaying = self.autoplay.playing
            self.view.dirty = True
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
            if self.frames_drawn == 1 and self.frames_left is None:
                self.autoplay.warm_up(self.session.game.size)  # after the first frame is up
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
        """Save everything, let go of the lock and the solver, and quit pygame."""
        self.save()
        self.storage.close()
        self.autoplay.close()
        self.audio.close()
        # Nothing that holds an SDL handle may outlive pygame.quit(): its destructor would
        # run later on a dead (or, after a new pygame.init(), someone else's) handle.
        self.gamepad.close()
        self.view.text.clear()
        self.view.board.clear()
        self.window.destroy()
        pygame.quit()


def main(argv: Sequence[str] | None = None) -> None:
    logging.basicConfig(level=logging.WARNING, format="%(name)s: %(message)s")
    options = parse_args(argv)
    sys.exit(run_app(App(options)))


def run_app(app: App) -> int:
    """Run the game to its end; an unexpected error never loses the game."""
    try:
        return app.run()
    except Exception as error:  # the last line of defence
        crash(app, error)
        return 1
    finally:
        app.close()


def crash(app: App, error: Exception) -> None:
    """Save the game, write a crash log, and tell the player where it is."""
    with contextlib.suppress(Exception):
        app.save()
    path = write_crash_log(app.data_dir, error)
    where = f"A report was written to {path}." if path else "No report could be written."
    message = f"2048 ran into a problem and has to close. Your game was saved. {where}"
    print(message, file=sys.stderr)
    if os.environ.get("SDL_VIDEODRIVER") != "dummy":
        with contextlib.suppress(Exception):
            pygame.display.message_box("2048", message, "error")
