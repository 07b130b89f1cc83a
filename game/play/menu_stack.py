"""The screens over the board: one stack (`overlays`) of the menus and, as one entry over the
pause menu, the kept games' screens (R22, R23); under it, the phase's panel (the win banner,
the game over). Whatever is on the stack stops the clock (R17); the top entry takes the
player's commands; Back closes it. Choosing an item acts on the board through the session
(`Board`: what the stack may ask of it), which owns the game.

    stack = MenuStack(board)
    stack.top                         # the menu the player looks at, if any
    events = stack.handle(command)    # the top one answers
    events = stack.open(menu)         # over the others (one already open is returned to)
    stack.clear()                     # a new game, a size chosen: back to the board

The kept games' screens are handed in (`games_screens`, game/screens/games_screens.py) and
answer their commands themselves; their events come back wrapped (`ev.OnScreens`), to be seen
and heard, never kept.
"""

from __future__ import annotations

from typing import Protocol

from game.core.engine import Game
from game.play import commands as cmd
from game.play import events as ev
from game.play.menu_focus import move_in, step_setting, turn_page
from game.play.menus import (
    ControlItem,
    Item,
    Menu,
    MenuItem,
    MenuKind,
    SettingItem,
    SizeItem,
    charts_menu,
    confirm_menu,
    controls_menu,
    games_entry,
    help_menu,
    pause_menu,
    quit_confirm,
    settings_menu,
    sizes_menu,
    stats_menu,
    stats_size,
)


class OnTheStack(Protocol):
    """The kept games' screens, as the stack sees them."""

    @property
    def is_open(self) -> bool: ...

    def open(self) -> list[ev.Event]: ...

    def handle(self, command: cmd.Command) -> list[ev.Event]: ...


class Board(Protocol):
    """What the menus ask of the game under them (game/play/session.py's Session)."""

    game: Game

    @property
    def panel(self) -> Menu | None: ...

    def undo(self) -> list[ev.Event]: ...

    def keep_going(self) -> list[ev.Event]: ...

    def ask_new_game(self, size: int | None) -> list[ev.Event]: ...

    def new_game(self, size: int) -> list[ev.Event]: ...

    def switch_size(self, size: int) -> list[ev.Event]: ...

    def start_autoplay(self) -> list[ev.Event]: ...

    def stop_autoplay(self) -> list[ev.Event]: ...

    def in_progress_at(self, size: int) -> bool: ...

    def start_play_on(self, asked: ev.PlayOnAsked) -> list[ev.Event]: ...


class MenuStack:
    def __init__(self, board: Board) -> None:
        self.board = board
        self.overlays: list[Menu] = []
        self.games_screens: OnTheStack | None = None  # the kept games' screens, if any

    @property
    def top(self) -> Menu | None:
        """The menu the player is looking at, if any: the top overlay, else the phase's panel."""
        if self.overlays:
            return self.overlays[-1]
        return self.board.panel

    def clear(self) -> None:
        self.overlays.clear()

    def handle(self, command: cmd.Command) -> list[ev.Event]:
        """The top menu's answer to a command (there is one: `top` is not None)."""
        menu = self.top
        assert menu is not None
        if menu.kind is MenuKind.GAMES:
            return self._on_games_screens(command)
        return self._handle_in_menu(menu, command)

    def _handle_in_menu(self, menu: Menu, command: cmd.Command) -> list[ev.Event]:
        if menu.waiting_for is not None:
            return self._waiting(menu, command)
        moved = move_in(menu, command)
        if moved is not None:
            return moved
        board = self.board
        match command:
            case cmd.Confirm():
                return self._choose(menu, menu.focus, 1)
            case cmd.Select(index, side):
                return self._choose(menu, index, side)
            case cmd.BackOrUndo() if menu.kind is MenuKind.OVER and board.game.can_undo():
                return board.undo()
            case cmd.Back() | cmd.BackOrUndo():
                if self.overlays:
                    return self._close_top()
                if menu.kind is MenuKind.WON:
                    return board.keep_going()
                return self.open(pause_menu())
            case cmd.Pause():
                if self.overlays and menu.kind is MenuKind.PAUSE:
                    return self._close_top()
                return self.open(pause_menu())
            case cmd.Help():
                if menu.kind is MenuKind.HELP:
                    return self._close_top()
                return self.open(help_menu())
            case cmd.KeepGoing() if menu.kind is MenuKind.WON:
                return board.keep_going()
            case cmd.Undo() if menu.kind is MenuKind.OVER:
                return board.undo()
            case cmd.NewGame(size) if not self.overlays:
                return board.ask_new_game(size)
        return []

    def _waiting(self, menu: Menu, command: cmd.Command) -> list[ev.Event]:
        """The Controls screen waits for a key: the next key or button pressed is the action's
        (the app binds it, or says why not); Escape, Start or a plain joystick's back stop
        waiting; a click stops it and acts. Anything else waits on."""
        action = menu.waiting_for
        match command:
            case cmd.Pressed(key, button):
                menu.waiting_for = None
                return [ev.BindAsked(action, key, button)]
            case cmd.Back() | cmd.BackOrUndo() | cmd.Pause():
                menu.waiting_for = None
                return [ev.BindCancelled()]
            case cmd.Select() | cmd.Adjust():
                menu.waiting_for = None
                return [ev.BindCancelled(), *self._handle_in_menu(menu, command)]
        return []

    def _choose(self, menu: Menu, index: int, side: int) -> list[ev.Event]:
        """The item at `index` chosen (Enter, A, a click on its `side`): an item that cannot
        act does nothing."""
        if not 0 <= index < len(menu.items) or not menu.active(menu.items[index]):
            return []
        menu.focus = index
        item = menu.items[index]
        if isinstance(item, SettingItem):
            return [ev.MenuConfirmed(), *step_setting(item, side)]
        if isinstance(item, ControlItem):
            menu.waiting_for = item.action
            return [ev.MenuConfirmed()]
        return self._activate(menu, item)

    def _activate(self, menu: Menu, item: MenuItem) -> list[ev.Event]:
        board, size = self.board, self.board.game.size
        events: list[ev.Event] = [ev.MenuConfirmed()]
        match item:
            case Item.RESUME | Item.CANCEL | Item.BACK:
                return events + self._close_top()
            case Item.KEEP_GOING:
                return events + board.keep_going()
            case Item.UNDO:
                return events + board.undo()
            case Item.NEW_GAME:
                if menu.kind in (MenuKind.WON, MenuKind.OVER):
                    return events + board.new_game(size)
                self.clear()
                return events + board.ask_new_game(size)
            case Item.CONFIRM_NEW if menu.play_on is not None:
                return events + board.start_play_on(menu.play_on)
            case Item.CONFIRM_NEW:
                return events + board.new_game(menu.size or size)
            case Item.STATS:
                return events + self.open(stats_menu(size))
            case Item.CHARTS:  # over the statistics: Back returns to their page
                return events + self.open(charts_menu(stats_size(menu) or size))
            case Item.AUTOPLAY:
                self.clear()
                return events + board.start_autoplay()
            case Item.GAMES if self.games_screens is not None:
                self.overlays.append(games_entry())  # over the pause menu: no clock (R17)
                return [*events, ev.OnScreens(tuple(self.games_screens.open()))]
            case Item.SETTINGS:
                return events + self.open(settings_menu())
            case Item.CONTROLS:
                return events + self.open(controls_menu())
            case Item.RESTORE_DEFAULTS:
                return [*events, ev.ControlsRestored()]
            case Item.SIZES:
                return events + self.open(sizes_menu(size))
            case Item.PREV_PAGE | Item.NEXT_PAGE:
                return turn_page(menu, -1 if item is Item.PREV_PAGE else 1)
            case Item.HELP:
                return events + self.open(help_menu())
            case Item.QUIT if menu.kind is MenuKind.PAUSE:
                return events + self.open(quit_confirm())  # over the pause menu: Back returns
            case Item.QUIT:
                return events + [ev.QuitRequested()]
            case SizeItem(chosen):
                self.clear()
                if chosen == size:
                    return events
                return events + board.switch_size(chosen)
        return []

    def open(self, menu: Menu) -> list[ev.Event]:
        """Open `menu` over the others; one already open is returned to, not opened again."""
        for index, open_menu in enumerate(self.overlays):
            if open_menu.kind is menu.kind:
                closed = self.overlays[index + 1 :]
                del self.overlays[index + 1 :]
                return [ev.MenuClosed(m.kind.value) for m in reversed(closed)]
        self.overlays.append(menu)
        return [*self.board.stop_autoplay(), ev.MenuOpened(menu.kind.value)]

    def _on_games_screens(self, command: cmd.Command) -> list[ev.Event]:
        """The kept games' screens on top answer the command; once the player leaves them, their
        entry leaves the stack, and the menu below shows again."""
        assert self.games_screens is not None
        events = self.games_screens.handle(command)
        if not self.games_screens.is_open:
            self.overlays.pop()
        asked = [event for event in events if isinstance(event, ev.PlayOnAsked)]
        shown = [event for event in events if not isinstance(event, ev.PlayOnAsked)]
        played_on = self._play_on(asked[0]) if asked else []
        return ([ev.OnScreens(tuple(shown))] if shown else []) + played_on

    def _play_on(self, asked: ev.PlayOnAsked) -> list[ev.Event]:
        """Play from here: asked first while a game of that size is in progress, as New game
        is (R15), since it ends that game."""
        if self.board.in_progress_at(asked.size):
            return self.open(confirm_menu(asked.size, asked))
        return self.board.start_play_on(asked)

    def _close_top(self) -> list[ev.Event]:
        if not self.overlays:
            return []
        menu = self.overlays.pop()
        return [ev.MenuClosed(menu.kind.value)]
