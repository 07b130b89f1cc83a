"""What each frame of the running game does, as the loop (game/loop.py) drives it: real time
passes first (the game clock, a replay, the solver's answers), then the queue's events come
(the window's, the devices', the player's), then the animations step and the view draws. When
nothing moves, the loop sleeps until the screen would change by itself.

App (root.py) builds the parts named below and is a Frames: this is the half of it that runs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.app.settings_in_play import SettingsInPlay
from game.audio.player import Audio
from game.core.settings import Settings
from game.input.player_input import PlayerInput
from game.kept_games.archive.autosave import Autosave
from game.kept_games.archive.games_archive import Archive
from game.kept_games.charts.reading import ChartsReader
from game.kept_games.share.inbox import INBOX_SECONDS, Inbox
from game.launch.start_all import StartAll
from game.loop import Clock, FixedStep, real_seconds, run_frames
from game.play import commands as cmd
from game.play import events as ev
from game.play.autoplay import Autoplay
from game.play.session import Session
from game.play.stats_keeper import StatsKeeper
from game.screens.browsing import BrowsingScreen
from game.screens.games_screens import GamesScreens
from game.screens.navigator import Navigator
from game.screens.screen import ScreenKind
from game.screens.snapshot import Look, MenuShot, PlayShot, Snapshot
from game.storage.store import Storage
from game.text import Say
from game.view import window
from game.view.model import ViewModel
from game.view.view import View

# Window events after which the game is saved (R18: when the window loses focus or hides).
_FOCUS_LOST = (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN)
_FOCUS_GAINED = (pygame.WINDOWFOCUSGAINED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN)
_REDRAW = (
    pygame.WINDOWSIZECHANGED,
    pygame.WINDOWRESIZED,
    pygame.VIDEORESIZE,
    pygame.WINDOWEXPOSED,
)


class Frames:
    # The parts a frame uses, built by App.
    clock: Clock
    session: Session
    screens: Navigator
    games_screens: GamesScreens
    view: View
    audio: Audio
    input: PlayerInput
    autoplay: Autoplay
    autosave: Autosave
    stats_keeper: StatsKeeper
    storage: Storage
    settings_in_play: SettingsInPlay
    archive: Archive
    charts: ChartsReader
    inbox: Inbox | None  # shared files another start handed over (None: this copy keeps none)
    _since_inbox = 0.0  # seconds since it was last looked at
    game_window: window.GameWindow
    loop: FixedStep
    start_all: StartAll | None
    running: bool
    frames_drawn: int
    frames_left: int | None
    newcomer: bool  # shown how to play until a first move
    # What it asks of App.
    settings: Settings
    lang: str
    dispatch: Callable[[list[ev.Event]], None]
    command: Callable[[cmd.Command], None]
    browsed: Callable[[list[ev.Event]], None]
    save: Callable[[], None]
    show: Callable[[], None]

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
        self.tell_news()  # the storage's writer thread may have news at any time
        shot = self.snapshot()  # what is on screen now: the steps and the drawing show it
        self.advance(seconds if animating else min(seconds, self.loop.step), shot)
        if self.view.dirty or self.view.animating:
            self.draw(shot)

    def pass_time(self, seconds: float) -> None:
        """Real time passed: the game clock and everything a player reads as time add it."""
        played = self.session.pass_time(seconds)
        if played:
            self.stats_keeper.time_played(self.session, played)
            self.autosave.clock_ran(played, self.session)
        self.view.pass_time(seconds, self.session.game.seconds)
        self.browsed(self.screens.pass_time(seconds))  # a review goes on while the game does
        if self.charts.poll():
            self.show()  # the charts' figures are in
        self.look_at_inbox(seconds)
        sliding = self.view.board.sliding  # autoplay's next move waits for the slide
        for news in self.autoplay.step(seconds, self.session.game, busy=sliding):
            if news.solver_failed:
                self.dispatch([ev.Told("solver_stopped")])
            if news.hint is not None:
                self.dispatch([ev.HintShown(news.hint)])
            if news.move is not None:
                self.command(cmd.SolverMove(news.move))
        if self.session.autoplaying and not self.autoplay.playing:
            self.dispatch(self.session.stop_autoplay())  # the solver has no move to play

    def look_at_inbox(self, seconds: float) -> None:
        """Every INBOX_SECONDS, the shared files another start of the game handed over (a
        double-click while it runs), kept as a dropped file is."""
        self._since_inbox += seconds
        if self.inbox is None or self._since_inbox < INBOX_SECONDS:
            return
        self._since_inbox = 0.0
        if not self.games_screens.imports.busy:
            self.inbox.clean()
        for path in self.inbox.handed():
            self.browsed(self.games_screens.import_file(path))

    def react(self, events: list[ev.Event], session: Session) -> None:
        """The app's own listener: what the events ask of the window, the charts and the
        loop."""
        for event in events:
            if isinstance(event, ev.QuitRequested):
                self.running = False
            elif isinstance(event, ev.SettingChanged) and event.name == "fullscreen":
                self.game_window.want_fullscreen(not self.game_window.wanted_fullscreen)
                self.settings_in_play.keep()  # the window changes once a frame
            elif isinstance(event, ev.MenuOpened) and event.name == ScreenKind.CHARTS.value:
                self.charts.read(self.screens.top.size)  # type: ignore[union-attr]
            elif isinstance(event, ev.Moved):
                self.newcomer = False  # the newcomer has found how to move

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

    def advance(self, seconds: float, shot: Snapshot) -> None:
        """Run the fixed animation steps that `seconds` of real time are worth."""
        for _ in range(self.loop.advance(seconds)):
            self.view.step(self.loop.step, shot)

    def draw(self, shot: Snapshot) -> None:
        surface = self.game_window.window.get_surface()
        self.view.draw(surface, shot, self.loop.alpha * self.loop.step)
        self.game_window.window.flip()
        self.frames_drawn += 1

    def tell_news(self) -> None:
        """What the storage and the kept games have to tell, as their threads find it, and the
        goals met for the first time (no sound of their own: the merge's chord or the win's
        fanfare already marks the moment), as notices on the bus."""
        news = [*self.storage.pop_notices(), *self.archive.pop_notices()]
        told = [ev.Told(notice.key, notice.fields) for notice in news]
        for goal in self.stats_keeper.pop_goals_just_met():
            told.append(ev.Told("goal_met", {"goal": Say(goal.text_key, goal.text_fields)}))
        if self.audio.pop_sound_lost():  # the game goes on silent: said once, here only
            told.append(ev.Told("no_sound"))
        self.dispatch(told)

    def show(self) -> None:
        """Hand the view what it draws besides the session, made afresh from the records, the
        settings and the pad."""
        lang, stats = self.lang, self.stats_keeper
        self.view.model = ViewModel.of(
            stats.stats,
            stats.best(self.session.game.size),
            lang,
            self.settings_in_play.values(lang),
            self.help_names(),
            self.newcomer,
            self.charts.figures,
        )
        self.view.dirty = True

    def help_names(self) -> dict[str, str]:
        """The pad's labels and each action's keys and buttons in words now."""
        return self.input.names(self.settings.controls)

    def snapshot(self) -> Snapshot:
        """What is on screen now, frozen: all the view draws and points at."""
        session, top = self.session, self.screens.top
        game = session.game
        inactive = set()
        if not game.can_undo():  # none left, or undo off (R14)
            inactive.add("undo")
        if game.over and not session.autoplaying:  # Stop always can (R20)
            inactive |= {"hint", "autoplay"}
        play = PlayShot(
            size=game.size,
            score=game.score,
            moves=game.moves,
            seconds=game.seconds,
            undos_left=game.undos_left,
            undo_enabled=game.undo_enabled,
            biggest_tile=game.biggest_tile(),
            assisted=session.assisted,
            autoplaying=session.autoplaying,
            inactive=frozenset(inactive),
            clock_running=session.clock_running,
            clock_paused=session.clock_held,
        )
        look = Look(self.lang, self.settings.theme, self.settings.text_size)
        if isinstance(top, BrowsingScreen):
            return Snapshot(play, look, games=top.shot(), games_busy=self.games_screens.busy)
        if top is None:
            return Snapshot(play, look)
        items = tuple(top.items)
        menu = MenuShot(
            kind=top.kind,
            items=items,
            actives=tuple(top.active(item) for item in items),
            focus=top.focus,
            page=top.page,
            pages=top.pages,
            waiting_for=top.waiting_for,
            size=top.size,
            opened=id(top),
        )
        return Snapshot(play, look, menu)

    # -- the loop's side (game/loop.py) --------------------------------------------------------

    def run(self) -> int:
        """The loop until the game quits; the exit status."""
        refresh = max(30, max(pygame.display.get_desktop_refresh_rates() or [60]))
        run_frames(self, self.clock, 1 / refresh)
        return 0 if self.start_all is None else self.start_all.verdict(self)

    @property
    def busy(self) -> bool:
        """Whether the next frame must come soon (something moves), or the loop may sleep."""
        view, screens = self.view, self.games_screens
        busy = view.animating or view.dirty or self.autoplay.busy or screens.busy
        busy = busy or self.charts.busy  # the charts' figures are being read
        return busy or self.frames_left is not None  # --frames N: as fast as they come

    def seconds_until_change(self) -> float | None:
        return self.view.seconds_until_change(self.snapshot())

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
