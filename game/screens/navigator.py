"""The one stack of screens over the board, and the player's commands handed to whatever is
on top. At its foot is the game itself (game/play/session.py: playing, the win banner, the
game over); over it the menus (menus.py) and the kept games' screens. The game clock runs only
while nothing is over the game (R17).

    nav = Navigator(session, games_screens)
    nav.top                          # the screen the player looks at; None: the board
    events = nav.handle(command)     # the top screen answers, else the game
    events = nav.open(screen)        # over the others (one of its kind already open is
                                     # returned to, the screens over it closed)
    events = nav.close(screen)       # Back: the one under it shows again
    nav.clear()                      # a new game, a size chosen: back to the board

Wherever the player is, some keys mean the same (quit, fullscreen, sound), and any key of the
player's only stops autoplay (R20).
"""

from __future__ import annotations

from game.core.settings import Settings
from game.play import commands as cmd
from game.play import events as ev
from game.play.session import Phase, Session
from game.screens.browsing import BrowsingScreen
from game.screens.games_list import GamesListScreen
from game.screens.games_screens import GamesScreens
from game.screens.menus import HelpPages, NewGameConfirm, PauseMenu
from game.screens.panels import OverPanel, WonPanel
from game.screens.screen import Screen, ScreenKind


class Navigator:
    def __init__(self, session: Session, games_screens: GamesScreens | None = None) -> None:
        self.session = session
        self.games_screens = games_screens
        self.text_size = "normal"  # the player's: how much a page of words holds
        self.stack: list[Screen] = []
        self._panel: Screen | None = None
        self._panel_of: Session | None = None  # the session and its phase change it was
        self._panel_at = -1  # made for

    def use_settings(self, settings: Settings) -> None:
        """The text size decides how much a page of help or of the games list holds."""
        self.text_size = settings.text_size
        if self.games_screens is not None:
            self.games_screens.text_size = settings.text_size

    def use_session(self, session: Session) -> None:
        """Play `session` from now on, on the board with nothing over it."""
        self.clear()
        self.session = session
        session.covered = False

    # -- what shows --------------------------------------------------------------------------

    @property
    def top(self) -> Screen | None:
        """The screen the player looks at: the top of the stack, else the game's panel."""
        return self.stack[-1] if self.stack else self.panel

    @property
    def panel(self) -> Screen | None:
        """The game's panel, if its phase shows one: made afresh each time the phase is set,
        so that it opens on its first button."""
        session = self.session
        if self._panel_of is not session or self._panel_at != session.phase_changes:
            self._panel_of, self._panel_at = session, session.phase_changes
            self._panel = None
            if session.phase is Phase.WON_BANNER:
                self._panel = WonPanel()
            elif session.phase is Phase.GAME_OVER:
                self._panel = OverPanel(session.game.can_undo())
        return self._panel

    @property
    def waiting_for_key(self) -> str | None:
        """The action the Controls screen waits for a new key or button for, if it does: the
        input then hands over the keys and buttons themselves (cmd.Pressed)."""
        top = self.top
        return top.waiting_for if top is not None else None

    # -- commands ------------------------------------------------------------------------------

    def handle(self, command: cmd.Command) -> list[ev.Event]:
        session = self.session
        match command:
            case cmd.Quit():
                return [ev.QuitRequested()]
            case cmd.ToggleMute():  # its key says what it did, unless a menu shows it
                return [ev.SettingChanged("muted", 1, said=self.top is None)]
            case cmd.ToggleFullscreen():
                return [ev.SettingChanged("fullscreen", 1)]
            case cmd.SolverMove(direction):
                return session.solver_move(direction)
            case cmd.Point() if session.autoplaying:
                return []  # the pointer passing by is no key of the player's
        if session.autoplaying:
            return session.stop_autoplay()  # the player's key only stops it (R20)
        top = self.top
        if top is not None:
            return top.handle(command, self)
        match command:
            case cmd.NewGame(size):
                return self.ask_new_game(size)
            case cmd.Back() | cmd.Pause():
                return self.open(PauseMenu())
            case cmd.Help():
                return self.open(HelpPages(self.text_size))
        return session.handle(command)

    @property
    def games_open(self) -> bool:
        """Whether the Games screens show."""
        return isinstance(self.top, BrowsingScreen)

    def pass_time(self, seconds: float) -> list[ev.Event]:
        """Real time passed: the Games screens' work goes on whether they show or not (a
        review, a file being read), and the screen on top takes it (a replay plays on)."""
        events: list[ev.Event] = []
        if self.games_screens is not None:
            showing = self.top if isinstance(self.top, BrowsingScreen) else None
            events += self.games_screens.pass_time(seconds, showing, self)
        top = self.top
        return events + (top.pass_time(seconds, self) if top is not None else [])

    # -- the stack -----------------------------------------------------------------------------

    def open(self, screen: Screen) -> list[ev.Event]:
        """Open `screen` over the others; one of its kind already open is returned to."""
        for index, shown in enumerate(self.stack):
            if shown.kind is screen.kind:
                closed = self.stack[index + 1 :]
                self._drop(index + 1)
                return [ev.MenuClosed(s.kind.value) for s in reversed(closed)]
        self.push(screen)
        return [*self.session.stop_autoplay(), ev.MenuOpened(screen.kind.value)]

    def push(self, screen: Screen) -> None:
        """`screen` over the others, without a word: it says what it needs to itself."""
        self.stack.append(screen)
        self.session.covered = True

    def close(self, screen: Screen) -> list[ev.Event]:
        """`screen` leaves the top of the stack, and the one under it shows again."""
        if not self.stack or self.stack[-1] is not screen:
            return []
        self._drop(len(self.stack) - 1)
        return [ev.MenuClosed(screen.kind.value)]

    def dismiss(self, screen: Screen) -> None:
        """`screen` leaves the stack without a word: it has said so itself."""
        if screen in self.stack:
            self._drop(self.stack.index(screen))

    def clear(self) -> None:
        self._drop(0)

    def _drop(self, index: int) -> None:
        closed = self.stack[index:]
        del self.stack[index:]
        for screen in reversed(closed):
            screen.closed()
        self.session.covered = bool(self.stack)

    def pause(self) -> list[ev.Event]:
        """Pause (Escape, Start): the pause menu, or back to the game from it."""
        if self.stack and self.stack[-1].kind is ScreenKind.PAUSE:
            return self.close(self.stack[-1])
        return self.open(PauseMenu())

    def help(self) -> list[ev.Event]:
        """Help (F1): its pages, or back from them."""
        if self.stack and self.stack[-1].kind is ScreenKind.HELP:
            return self.close(self.stack[-1])
        return self.open(HelpPages(self.text_size))

    def open_games(self) -> list[ev.Event]:
        """The kept games' screens, over the pause menu: no clock (R17)."""
        if self.games_screens is None:
            return []
        self.push(GamesListScreen(self.games_screens))  # the newest focused
        return [ev.OnScreens((ev.MenuOpened("games"),))]

    def leave_games(self) -> list[ev.Event]:
        """From any Games screen back to the pause menu at once: a review under way goes on, a
        game opening does not."""
        if self.games_screens is not None:
            self.games_screens.stop_opening()
        while isinstance(self.top, BrowsingScreen):
            self.dismiss(self.top)
        return [ev.MenuClosed("games")]

    # -- what the screens ask of the game -------------------------------------------------------

    def ask_new_game(self, size: int | None) -> list[ev.Event]:
        """New game: another size's saved game is resumed (R18); one in progress asks first
        (R15)."""
        game = self.session.game
        size = size or game.size
        if size != game.size:
            return self.switch_size(size)
        if self.session.in_progress:
            return self.open(NewGameConfirm(size))
        return self.new_game(size)

    def new_game(self, size: int) -> list[ev.Event]:
        self.clear()
        return self.session.new_game(size)

    def switch_size(self, size: int) -> list[ev.Event]:
        self.clear()
        return self.session.switch_size(size)

    def play_on(self, asked: ev.PlayOnAsked) -> list[ev.Event]:
        """Play from here: asked first while a game of that size is in progress, as New game
        is (R15), since it ends that game."""
        if self.session.in_progress_at(asked.size):
            return self.open(NewGameConfirm(asked.size, asked))
        return self.start_play_on(asked)

    def start_play_on(self, asked: ev.PlayOnAsked) -> list[ev.Event]:
        """The new game from a kept position: every screen closes, the Games screens too."""
        left = self.leave_games() if self.games_screens is not None else []
        self.clear()
        return [ev.OnScreens(tuple(left)), *self.session.start_play_on(asked)]
