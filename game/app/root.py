"""The composition root: builds the parts, wires them in the listeners' order, applies and
keeps the player's settings, saves and closes. What a frame does, what the view is handed and
the app's own reactions to the events are frames.py's."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable

import pygame

from game.app.frames import Frames
from game.app.settings_in_play import SettingsInPlay
from game.audio.player import Audio
from game.cli import Options, parse_args
from game.core.engine import Game
from game.core.settings import Settings
from game.input.player_input import PlayerInput
from game.kept_games.archive.autosave import Autosave
from game.kept_games.archive.game_keeper import GameKeeper
from game.kept_games.archive.games_archive import Archive
from game.kept_games.charts.reading import ChartsReader
from game.kept_games.share.inbox import Inbox
from game.kept_games.share.transfer import export_folder
from game.launch.start_all import StartAll
from game.loop import Clock, FixedStep, MonotonicClock
from game.play import commands as cmd
from game.play import events as ev
from game.play.autoplay import Autoplay
from game.play.preferences import Preferences
from game.play.session import Session
from game.play.slots import SaveSlots
from game.play.stats_keeper import StatsKeeper
from game.screens.games_screens import GamesScreens
from game.screens.navigator import Navigator
from game.storage.folders import Folders
from game.storage.store import Storage
from game.text import language_of
from game.view import window
from game.view.view import View

__all__ = ["App", "Options", "parse_args"]

log = logging.getLogger("game")
Listener = Callable[[list[ev.Event], Session], list[ev.Event] | None]  # may answer with events


class App(Frames):
    """The running game. Tests build one headless and either step it with `frame()` or run
    the real loop with `run()` on a clock of their own."""

    def __init__(
        self, options: Options, clock: Clock | None = None, folders: Folders | None = None
    ) -> None:
        try:
            self._build(options, clock, folders or Folders.for_player(options.data_dir))
        except BaseException:
            self._release()  # a failed start lets go of what it had opened (the lock, SDL)
            raise

    def _build(self, options: Options, clock: Clock | None, folders: Folders) -> None:
        self.options = options
        self.clock: Clock = clock or MonotonicClock()
        self.folders = folders
        self.data_dir = folders.data
        # The settings, and the lock that makes this copy the one that writes.
        self.storage = Storage(self.data_dir, config_dir=folders.config, background=True)
        if not options.leave_files:  # a run that writes nothing of the player's takes no lock
            self.storage.open()
        self.preferences = Preferences(
            self.storage.load_settings(),
            names=self.help_names,
            pressed_word=lambda asked: self.input.pressed_word(asked.key, asked.button),
        )
        # Everything else the game keeps: one database, written on its writer thread. A run
        # that leaves the player's files (--seed, for replaying) reads it and writes nothing.
        leave = options.leave_files
        self.archive = Archive.open(self.data_dir, read_only=self.storage.read_only or leave)
        kept = self.archive.load_kept()
        self.stats_keeper = StatsKeeper(kept.stats)
        Audio.pre_init()
        window.before_init()
        # Only the parts the game uses, not pygame.init(): the mixer opens with the sound
        # (game/audio/player.py), so that a game without sound holds no audio device.
        for part in (pygame.display, pygame.font, pygame.joystick):
            part.init()
        self.audio = Audio.create(
            enabled=options.sound, volume=self.settings.volume, muted=self.settings.muted
        )
        self.game_window = window.GameWindow(self.settings.window_size)
        self.window = self.game_window.window
        self._seeds = random.Random(options.seed) if options.seed is not None else None
        self.kept_games = GameKeeper(self.archive, kept.records)
        # A seeded run starts afresh on every size, its games in memory only.
        self.slots = SaveSlots() if leave else SaveSlots(kept.in_play, self.archive.keep_in_play)
        self.games_screens = GamesScreens(
            self.archive, export_dir=export_folder(), tables_dir=folders.cache
        )
        # The statistics' pictures, read off the frame at the reviews' depth of each size.
        # The shared files a second start hands to this copy, if this copy keeps anything.
        self.inbox = None if self.archive.read_only else Inbox(self.data_dir)
        self.charts = ChartsReader(self.archive, lambda size: self.games_screens.depth_of(size))
        self.session = self._first_session(options.size or self.settings.size)
        self.screens = Navigator(self.session, self.games_screens)
        self.kept_games.attach(self.session)
        self.view = View(self.session.game.grid)
        self.autoplay = Autoplay(folders.cache, pace=self.settings.autoplay_pace)
        self.autosave = Autosave(self.archive, self.kept_games, self.stats_keeper)
        self.input = PlayerInput(
            lambda pos: self.view.hit_test(pos, self.snapshot()),
            lambda: self.view.layout.cell if self.view.layout else 100,
            lambda: self.window.size,
        )
        self.settings_in_play = SettingsInPlay(
            self.preferences,
            self.storage,
            self.game_window,
            (self.view, self.audio, self.autoplay, self.input, self.screens),
            session=lambda: self.session,
            shown=self.show,
        )
        # Who hears each batch of the session's events, in this order, which matters:
        # - the view and the sound first: the player sees and hears the move at once;
        # - the statistics (R19) before the autosave, which writes them with the game and
        #   its kept record (R22) in one transaction: the other way round, the statistics on
        #   disk ran a move behind the game (best 0 on disk with 4 on screen);
        # - then the solver, asked for a hint or to play;
        # - then the settings and controls the events changed, applied and kept (they answer
        #   with what to tell), and last the app's own reactions: quitting, the window, the
        #   charts.
        self.listeners: tuple[Listener, ...] = (
            lambda events, session: self.view.handle(events, session.game.grid, self.lang),
            lambda events, session: self.audio.handle(ev.unfolded(events)),
            self.stats_keeper.handle,
            self.autosave.handle,
            self.autoplay.handle,
            self.settings_in_play.heard,
            self.react,
        )
        self.loop = FixedStep()
        self.running = True
        self.frames_drawn = 0
        self.frames_left = options.frames  # --frames N: quit after N frames
        self.start_all = StartAll() if options.start_all else None  # and every part started
        fullscreen = options.fullscreen
        self.game_window.want_fullscreen(
            self.settings.fullscreen if fullscreen is None else fullscreen
        )
        self.game_window.apply()
        # A newcomer is shown how to play until a first move.
        self.newcomer = not self.stats_keeper.stats.sizes() and not self.session.started
        self.settings_in_play.apply()
        self.tell_news()
        if options.import_path is not None:
            self.browsed(self.games_screens.import_file(options.import_path))

    def _first_session(self, size: int) -> Session:
        saved = self.slots.load(size)
        session = Session(self._new_game(size)) if saved is None else Session.restore(*saved)
        return self._fitted(session)

    def _fitted(self, session: Session) -> Session:
        """`session` playing on this run's slots, seeds and undo setting (R14, R18)."""
        session.new_game_factory = self._new_game
        session.slots = self.slots
        session.set_undo_enabled(self.settings.undo_enabled)
        return session

    def use_session(self, session: Session) -> None:
        """Play `session` from now on (a loaded save, a test's position)."""
        self.session = self._fitted(session)
        self.screens.use_session(session)
        self.kept_games.attach(session)
        self.view.board.reset(session.game.grid)
        self.show()

    def _new_game(self, size: int) -> Game:
        seed = self._seeds.getrandbits(64) if self._seeds is not None else None
        return Game.new(size, seed)

    # -- the bus -------------------------------------------------------------------------------

    def command(self, command: cmd.Command) -> None:
        """A command of the player's (or of autoplay): the screen on top of the stack, or the
        game under them, says what it means."""
        self.dispatch(self.screens.handle(command))

    def browsed(self, events: list[ev.Event]) -> None:
        """What the kept games' screens tell of themselves (time passed, a file read), on the
        one bus, wrapped as the session wraps their answers: seen and heard, never kept."""
        if events:
            self.dispatch([ev.OnScreens(tuple(events))])

    def dispatch(self, events: list[ev.Event]) -> None:
        """Hand the session's events to everything that reacts to them, in the listeners'
        order; what they answer (a notice) goes round after them."""
        if not events:
            return
        answers: list[ev.Event] = []
        for listener in self.listeners:
            answers += listener(events, self.session) or ()
        self.show()
        self.dispatch(answers)

    # -- settings ------------------------------------------------------------------------------

    @property
    def settings(self) -> Settings:
        return self.preferences.settings

    def change_setting(self, name: str, step: int) -> None:
        """Step one setting, as the settings menu does."""
        self.dispatch([ev.SettingChanged(name, step)])

    def use_settings(self, settings: Settings) -> None:
        self.settings_in_play.use(settings)

    @property
    def lang(self) -> str:
        """The language the player reads."""
        return language_of(self.settings)

    # -- saving --------------------------------------------------------------------------------

    def save(self) -> None:
        """Everything: the game in progress with its clock on its kept record, the statistics,
        the settings."""
        self.autosave.save(self.session)
        self.settings_in_play.keep()
        self.tell_news()

    def save_for_crash(self) -> bool | None:
        """Save everything and wait for the disk (not for ever); True only if it is all there,
        None for a run that leaves the player's files alone (--seed): it keeps nothing."""
        if self.options.leave_files:
            return None
        self.save()
        return self.archive.flush(timeout=5.0) and self.storage.flush(timeout=5.0)

    def close(self) -> None:
        """Hide the window at once (a player who quits expects it gone: stopping the solver's
        processes alone takes some 0.4 s), then save everything, let go of the lock and the
        solver, and quit pygame."""
        self.game_window.hide()
        self.save()
        self._release()

    def _release(self) -> None:
        """Let go of every part that was opened, even after a start that failed half way.
        Nothing that holds an SDL handle may outlive pygame.quit(): its destructor would run
        later on a dead (or, after a new pygame.init(), someone else's) handle."""
        # The archive writes what is pending before the storage lets go of the lock.
        parts = ("start_all", "games_screens", "archive", "storage", "autoplay", "audio", "input")
        for name in (*parts, "view"):
            part = self.__dict__.get(name)
            if part is not None:
                part.close()
        game_window = self.__dict__.get("game_window")
        if game_window is not None:
            game_window.destroy()
        pygame.quit()
