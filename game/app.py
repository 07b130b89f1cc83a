"""The composition root: builds the parts, wires them, and runs the loop. The only module
that knows them all."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Sequence
from dataclasses import replace

import pygame

from game.audio.player import Audio
from game.cli import Options, parse_args
from game.core.engine import BOARD_SIZES, Game
from game.core.settings import Settings, clamp_window
from game.input.player_input import PlayerInput
from game.kept_games.archive.game_keeper import GameKeeper
from game.kept_games.archive.games_archive import Archive
from game.kept_games.charts.reading import ChartsReader
from game.kept_games.share.transfer import export_folder
from game.launch.start_all import StartAll
from game.loop import Clock, FixedStep, MonotonicClock, real_seconds, run_frames
from game.play import commands as cmd
from game.play import events as ev
from game.play.autoplay import Autoplay
from game.play.autosave import Autosave, NotKept
from game.play.preferences import Preferences
from game.play.session import Session
from game.play.slots import SaveSlots, StorageSlots
from game.play.stats_keeper import StatsKeeper
from game.screens.games_screens import GamesScreens
from game.screens.navigator import Navigator
from game.screens.screen import MenuKind
from game.storage.folders import Folders
from game.storage.moving import folders_to_play
from game.storage.store import Storage
from game.text import Say, first_tip, system_language
from game.text.records_words import goals_lines, stats_lines
from game.view import window
from game.view.model import ViewModel
from game.view.view import View

__all__ = ["App", "Options", "folders_for", "parse_args"]

# Window events after which the game is saved (R18: when the window loses focus or hides).
_FOCUS_LOST = (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN)
_FOCUS_GAINED = (pygame.WINDOWFOCUSGAINED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN)
_REDRAW = (
    pygame.WINDOWSIZECHANGED,
    pygame.WINDOWRESIZED,
    pygame.VIDEORESIZE,
    pygame.WINDOWEXPOSED,
)
log = logging.getLogger("game")
Listener = Callable[[list[ev.Event], Session], list[ev.Event] | None]  # may answer with events


class App:
    """The running game. Tests build one headless and either step it with `frame()` or run
    the real loop with `run()` on a clock of their own."""

    def __init__(
        self, options: Options, clock: Clock | None = None, folders: Folders | None = None
    ) -> None:
        try:
            self._build(options, clock, folders or folders_for(options))
        except BaseException:
            self._release()  # a failed start lets go of what it had opened (the lock, SDL)
            raise

    def _build(self, options: Options, clock: Clock | None, folders: Folders) -> None:
        self.options = options
        self.clock: Clock = clock or MonotonicClock()
        self.folders = folders
        self.data_dir = folders.data
        # The disk part of a save runs on a writer thread: a slow disk never stalls a frame.
        self.storage = Storage(self.data_dir, config_dir=folders.config, background=True)
        if not options.leave_files:  # a run that writes nothing of the player's takes no lock
            self.storage.open()
        self.preferences = Preferences(
            self.storage.load_settings(), names=self.help_names, pressed_word=self._pressed_word
        )
        self.stats_keeper = StatsKeeper(self.storage.load_stats())
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
        # A run that leaves the player's files (--seed, for replaying) keeps its games and
        # records in memory: the saved games, statistics and kept games stay as they were.
        leave = options.leave_files
        self.archive = Archive.open(
            self.data_dir,
            read_only=self.storage.read_only or leave,
            played_before=bool(self.stats_keeper.stats.sizes()),  # an empty archive lost games
        )
        self.kept_games = GameKeeper(self.archive)
        self.slots = SaveSlots() if leave else StorageSlots(self.storage, self.kept_games.caught_up)
        self.games_screens = GamesScreens(
            self.archive, export_dir=export_folder(), tables_dir=folders.cache
        )
        # The statistics' pictures, read off the frame at the reviews' depth of each size.
        self.charts = ChartsReader(self.archive, lambda size: self.games_screens.depth_of(size))
        self.session = self._first_session(options.size or self.settings.size)
        self.screens = Navigator(self.session, self.games_screens)
        self.stats_keeper.adopt(self.session)
        self.kept_games.attach(self.session)
        lang = self.settings.language
        self.view = View(
            self.session,
            theme=self.settings.theme,
            lang=system_language() if lang == "auto" else lang,
            speed=self.settings.animation,
        )
        self.autoplay = Autoplay(folders.cache, pace=self.settings.autoplay_pace)
        self.autosave = Autosave(
            self.slots, NotKept() if leave else self.storage, self.stats_keeper
        )
        # Who hears each batch of the session's events, in this order, which matters:
        # - the view and the sound first: the player sees and hears the move at once;
        # - the statistics (R19) before the autosave, which writes them beside the game: the
        #   other way round, the records on disk ran a move behind the game (best 0 on disk
        #   with 4 on screen);
        # - the kept games (R22) after them: their record depends on nothing above, and the
        #   game and records are on their way to disk before the archive's commit is handed
        #   over;
        # - then the settings and controls the events changed, applied and kept (they answer
        #   with what to tell), and last the app's own reactions: quitting, the window, the
        #   solver, the charts.
        self.listeners: tuple[Listener, ...] = (
            self.view.handle,
            lambda events, session: self.audio.handle(ev.unfolded(events)),
            self.stats_keeper.handle,
            self.autosave.handle,
            self.kept_games.handle,
            self._settings_heard,
            self._react,
        )
        self.input = PlayerInput(
            lambda pos: self.view.hit_test(pos, self.screens),
            lambda: self.view.layout.cell if self.view.layout else 100,
            lambda: self.window.size,
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
        self._apply_settings()
        self._tell_news()
        if options.import_path is not None:
            self.browsed(self.games_screens.import_file(options.import_path))

    def _first_session(self, size: int) -> Session:
        saved = self.slots.load(size)
        if saved is None:
            session = Session(self._new_game(size), slots=self.slots)
        else:
            session = Session.restore(*saved, slots=self.slots)
        session.new_game_factory = self._new_game
        session.set_undo_enabled(self.settings.undo_enabled)
        return session

    def use_session(self, session: Session) -> None:
        """Play `session` from now on (a loaded save, a test's position)."""
        session.new_game_factory = self._new_game
        session.slots = self.slots
        session.set_undo_enabled(self.settings.undo_enabled)
        self.session = session
        self.screens.use_session(session)
        self.stats_keeper.adopt(session)
        self.kept_games.attach(session)
        self.view.board.reset(session.game.grid)
        self.show()

    def _new_game(self, size: int) -> Game:
        seed = self._seeds.getrandbits(64) if self._seeds is not None else None
        return Game.new(size, seed)

    # -- input ---------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        kind = event.type
        if kind in (pygame.QUIT, pygame.WINDOWCLOSE):
            self.running = False
        elif kind in _FOCUS_LOST:
            self.session.set_focus(False)
            self.save()  # R18: on focus loss and minimise
        elif kind in _FOCUS_GAINED:
            self.session.set_focus(True)
        elif kind in _REDRAW:
            self.game_window.resized()
            self.view.dirty = True
        elif kind == pygame.DROPFILE:  # a shared game dropped on the window (R22)
            self.browsed(self.games_screens.import_file(event.file))
        elif kind == pygame.AUDIODEVICEREMOVED:
            self.audio.on_device_removed(getattr(event, "iscapture", False))
        elif kind == pygame.AUDIODEVICEADDED:
            self.audio.on_device_added(getattr(event, "iscapture", False))
        else:  # the player's devices (the Controls screen may be waiting for a key)
            binding = self.screens.waiting_for_key is not None
            for command in self.input.commands(event, binding) or ():
                self.command(command)
            if self.input.hovered_button != self.view.button_focus:  # the mouse moved
                self.view.button_focus = self.input.hovered_button
                self.view.dirty = True

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

    def _react(self, events: list[ev.Event], session: Session) -> None:
        """The app's own listener: what the events ask of the window, the solver's processes,
        the charts and the loop."""
        for event in events:
            if isinstance(event, ev.QuitRequested):
                self.running = False
            elif isinstance(event, ev.SettingChanged) and event.name == "fullscreen":
                self.game_window.want_fullscreen(not self.game_window.wanted_fullscreen)
                self._save_settings()  # the window changes once a frame
            elif isinstance(event, ev.HintRequested):
                self.autoplay.ask_hint(session.game)
            elif isinstance(event, ev.AutoplayStarted):
                self.autoplay.play(session.game)
            elif isinstance(event, ev.AutoplayStopped):
                self.autoplay.stop()
            elif isinstance(event, ev.MenuOpened) and event.name == MenuKind.CHARTS.value:
                self.charts.read(self.screens.top.size)  # type: ignore[union-attr]
            elif isinstance(event, ev.Moved):
                self.newcomer = False  # the newcomer has found how to move

    # -- settings ------------------------------------------------------------------------------

    @property
    def settings(self) -> Settings:
        return self.preferences.settings

    def change_setting(self, name: str, step: int) -> None:
        """Step one setting, as the settings menu does."""
        self.dispatch([ev.SettingChanged(name, step)])

    def _settings_heard(self, events: list[ev.Event], session: Session) -> list[ev.Event]:
        """The settings and controls the events changed (game/play/preferences.py), applied
        at once and kept; what to tell of them."""
        before = self.settings
        told = self.preferences.handle(events, session)
        if self.settings is not before:
            self._apply_settings()
            self._save_settings()
        return told

    def _apply_settings(self) -> None:
        settings = self.settings
        self.view.set_theme(settings.theme)
        self.view.set_text_size(settings.text_size)
        self.view.board.set_speed(settings.animation)
        self.view.lang = system_language() if settings.language == "auto" else settings.language
        self.audio.set_volume(settings.volume)
        self.audio.set_muted(settings.muted)
        self.autoplay.set_pace(settings.autoplay_pace)
        self.input.use_controls(settings.controls)
        if self.session.undo_enabled != settings.undo_enabled:
            self.session.set_undo_enabled(settings.undo_enabled)
        self.show()

    def use_settings(self, settings: Settings) -> None:
        """Play with these settings from now on: applied at once, and kept."""
        self.preferences.settings = settings
        self._apply_settings()
        self._save_settings()

    def _pressed_word(self, asked: ev.BindAsked) -> str:
        return self.input.pressed_word(asked.key, asked.button)

    def setting_values(self) -> dict[str, str]:
        """Each setting of the settings menu with its current value, in the player's words."""
        return self.preferences.values(self.view.lang, self.game_window.wanted_fullscreen)

    # -- saving --------------------------------------------------------------------------------

    def save(self) -> None:
        """Everything: the game in progress, the statistics, the settings, and the game's clock
        on its kept record."""
        self.autosave.save(self.session)
        self.kept_games.keep_clock(self.session)
        self._save_settings()
        self._tell_news()

    def _save_settings(self) -> None:
        screen = self.game_window
        size = self.settings.window_size if screen.fullscreen else clamp_window(*self.window.size)
        self.preferences.settings = replace(
            self.settings,
            size=self.session.game.size,
            fullscreen=screen.wanted_fullscreen,
            window_size=size,
        )
        self.storage.save_settings(self.settings)

    def show(self) -> None:
        """Hand the view what it draws besides the session, made afresh from the records, the
        settings and the pad (some 40 microseconds: cheap enough for every batch of events)."""
        stats, lang, names = self.stats_keeper.stats, self.view.lang, self.help_names()
        self.view.model = ViewModel(
            best=self.stats_keeper.best(self.session.game.size),
            stats_pages={
                **{size: stats_lines(stats, size, lang) for size in BOARD_SIZES},
                None: goals_lines(stats, lang),  # the goals' page, after the sizes'
            },
            setting_values=self.setting_values(),
            pad_labels=names,
            tip=first_tip(lang, names["keys_help"]) if self.newcomer else (),
            charts=self.charts.figures,
        )
        self.view.dirty = True

    def help_names(self) -> dict[str, str]:
        """The pad's labels and each action's keys and buttons in words now."""
        return self.input.names(self.settings.controls)

    def _tell_news(self) -> None:
        """What the storage and the kept games have to tell, as their threads find it, and the
        goals met for the first time (no sound of their own: the merge's chord or the win's
        fanfare already marks the moment), as notices on the bus."""
        news = [*self.storage.pop_notices(), *self.archive.pop_notices()]
        told = [ev.Told(notice.key, notice.fields) for notice in news]
        for goal in self.stats_keeper.pop_goals_just_met():
            told.append(ev.Told("goal_met", {"goal": Say(goal.text_key, goal.text_fields)}))
        self.dispatch(told)

    # -- time and drawing ----------------------------------------------------------------------

    def pass_time(self, seconds: float) -> None:
        """Real time passed: the game clock and everything a player reads as time add it."""
        played = self.session.pass_time(seconds)
        if played:
            self.stats_keeper.time_played(self.session, played)
            self.autosave.clock_ran(played, self.session)
        self.view.pass_time(seconds, self.session)
        self.browsed(self.screens.pass_time(seconds))  # a review goes on while the game does
        if self.charts.poll():
            self.show()  # the charts' figures are in
        sliding = self.view.board.sliding  # autoplay's next move waits for the slide
        for answer in self.autoplay.step(seconds, self.session.game, busy=sliding):
            if answer.solver_failed:
                self.dispatch([ev.Told("solver_stopped")])
            if answer.hint is not None:
                self.dispatch([ev.HintShown(answer.hint)])
            if answer.move is not None:
                self.command(cmd.SolverMove(answer.move))
        if self.session.autoplaying and not self.autoplay.playing:
            self.dispatch(self.session.stop_autoplay())  # the solver has no move to play

    def advance(self, seconds: float) -> None:
        """Run the fixed animation steps that `seconds` of real time are worth."""
        for _ in range(self.loop.advance(seconds)):
            self.view.step(self.loop.step, self.screens)

    def draw(self) -> None:
        surface = self.window.get_surface()
        self.view.draw(surface, self.screens, self.loop.alpha * self.loop.step)
        self.window.flip()
        self.frames_drawn += 1

    @property
    def busy(self) -> bool:
        """Whether the next frame must come soon (something moves), or the loop may sleep."""
        busy = (
            self.view.animating or self.view.dirty or self.autoplay.busy or self.games_screens.busy
        )
        busy = busy or self.charts.busy  # the charts' figures are being read
        return busy or self.frames_left is not None  # --frames N: as fast as they come

    def frame(self, seconds: float, events: Sequence[pygame.event.Event] | None = None) -> None:
        """One frame: `seconds` of real time passed, then these events came (None: read the
        queue). Time passes first, so a key that ends a long think finds the clock already
        moved on; an animation a key starts begins at the key, not at the start of the wait.
        Tests call this directly with exact times, or run the loop with a clock of their own."""
        animating = self.view.animating
        self.pass_time(real_seconds(seconds))
        for event in pygame.event.get() if events is None else events:
            if not self.running:
                break  # quit acts at once: nothing queued behind it runs first
            self.handle_event(event)
        if self.game_window.apply():
            self.view.dirty = True
        self._tell_news()  # the storage's writer thread may have news at any time
        self.advance(seconds if animating else min(seconds, self.loop.step))
        if self.view.dirty or self.view.animating:
            self.draw()

    def run(self) -> int:
        """The loop (game/loop.py) until the game quits; the exit status."""
        refresh = max(30, max(pygame.display.get_desktop_refresh_rates() or [60]))
        run_frames(self, self.clock, 1 / refresh)
        return 0 if self.start_all is None else self.start_all.verdict(self)

    def seconds_until_change(self) -> float | None:
        return self.view.seconds_until_change(self.session)

    def events(self, wait: float, slice_seconds: float) -> list[pygame.event.Event]:
        if wait <= 0:
            return pygame.event.get()
        return window.wait_for_events(self.clock, wait, slice_seconds)

    def after_frame(self) -> None:
        if self.frames_drawn == 1 and self.frames_left is None:
            self.autoplay.warm_up(self.session.game.size)  # after the first frame is up
        start_all = self.start_all  # --start-all: every part starts after the first frame
        if start_all is not None and self.frames_drawn == 1 and not start_all.started:
            start_all.start(self)
        if self.frames_left is not None:  # --frames N
            self.frames_left -= 1
            if self.frames_left <= 0 and (start_all is None or start_all.settled(self)):
                self.running = False

    @property
    def lang(self) -> str:
        """The language the player reads."""
        return self.view.lang

    def save_for_crash(self) -> bool | None:
        """Save everything and wait for the disk (not for ever); True only if it is all there,
        None for a run that leaves the player's files alone (--seed): it keeps nothing."""
        if self.options.leave_files:
            return None
        self.save()
        return self.storage.flush(timeout=5.0)

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
        for name in (
            "start_all",
            "games_screens",
            "storage",
            "archive",
            "autoplay",
            "audio",
            "input",
        ):
            part = self.__dict__.get(name)
            if part is not None:
                part.close()
        view = self.__dict__.get("view")
        if view is not None:
            view.text.clear()
            view.board.clear()
            view.games_view.clear()
        game_window = self.__dict__.get("game_window")
        if game_window is not None:
            game_window.destroy()
        pygame.quit()


def folders_for(options: Options) -> Folders:
    """The folders this run plays from, once an earlier version's files moved there (a run
    that leaves the player's files moves nothing: game/storage/moving.py)."""
    return folders_to_play(options.data_dir, may_move=not options.leave_files)
