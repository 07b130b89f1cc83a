"""One screen over the board: its items in order, the one focused, its pages, and what the
player's commands do there. Every screen is a subclass holding its own state (the menus in
menus.py, the game's panels in panels.py, the kept games' screens); the navigator
(navigator.py) holds them on one stack and hands the top one each command.

    class Sizes(Screen):
        kind = ScreenKind.SIZES
        def activate(self, item, nav): ...   # an item chosen (Enter, A, a click)
        def back(self, nav): ...             # Back (by default the screen closes)

Focus and pages are written once, here: Up and Down move the focus past the items that cannot
act, Left and Right turn a paged screen's page, the pointer resting on an item focuses it.
The view draws the items in order, so that a click on the n-th drawn thing is `Select(n)`.
"""

from __future__ import annotations

import enum
from typing import Any, ClassVar, Protocol

from game.core.engine import Direction
from game.play import commands as cmd
from game.play import events as ev
from game.play.session import Session
from game.screens.focus import SIDEWAYS, moved, pointed, settled, turned


class ScreenKind(enum.Enum):
    """Which screen it is: what the view draws, and the name its events carry."""

    PAUSE = "pause"
    HELP = "help"
    CONFIRM_NEW = "confirm_new"
    CONFIRM_QUIT = "confirm_quit"  # Quit in the pause menu asks first
    CONFIRM_RESTORE = "confirm_restore"  # Restore defaults, on the Controls screen, asks first
    STATS = "stats"
    SETTINGS = "settings"
    CONTROLS = "controls"  # each action's keys and buttons, from the settings menu
    SIZES = "sizes"  # the board sizes, from the pause menu
    CHARTS = "charts"  # one size's statistics as pictures, from its statistics page
    WON = "won"  # the win banner's two buttons
    OVER = "over"  # the game-over panel's buttons
    GAMES = "games"  # the list of kept games, the first of the Games screens (R22)
    GAME = "game"  # one game chosen: replay, review, practise, export
    REPLAY = "replay"
    REVIEW = "review"
    MISTAKES = "mistakes"  # the four mistakes of the game reviewed
    PRACTICE = "practice"  # its mistakes and blunders tried again


class Item(enum.StrEnum):
    """An item that does one thing; its value is the text key of its words."""

    RESUME = "resume"
    NEW_GAME = "new_game"
    AUTOPLAY = "autoplay"
    SIZES = "sizes"  # opens the board sizes' menu
    GAMES = "games"
    SETTINGS = "settings"
    STATS = "stats"
    HELP = "help"
    QUIT = "quit"
    KEEP_GOING = "keep_going"
    UNDO = "undo"
    CONFIRM_NEW = "confirm_new"
    CANCEL = "cancel"
    PREV_PAGE = "prev_page"
    NEXT_PAGE = "next_page"
    CONTROLS = "controls"  # opens the Controls screen
    RESTORE_DEFAULTS = "restore_defaults"  # every key and button back as at first
    CHARTS = "charts"  # opens the statistics' pictures of the page's board size
    BACK = "back"


PAGE_ITEMS = (Item.PREV_PAGE, Item.NEXT_PAGE, Item.BACK)  # clickable, so a mouse can read


class Stack(Protocol):
    """What a screen may ask of the stack it is on (navigator.py's Navigator): to open, close
    or leave screens, and what the game under them is asked."""

    session: Session
    games_screens: object | None  # the kept games' screens' shared state, if any

    @property
    def top(self) -> Screen | None: ...

    def open(self, screen: Screen) -> list[ev.Event]: ...

    def push(self, screen: Screen) -> None: ...

    def close(self, screen: Screen) -> list[ev.Event]: ...

    def dismiss(self, screen: Screen) -> None: ...

    def clear(self) -> None: ...

    def pause(self) -> list[ev.Event]: ...

    def help(self) -> list[ev.Event]: ...

    def open_games(self) -> list[ev.Event]: ...

    def leave_games(self) -> list[ev.Event]: ...

    def ask_new_game(self, size: int | None) -> list[ev.Event]: ...

    def new_game(self, size: int) -> list[ev.Event]: ...

    def switch_size(self, size: int) -> list[ev.Event]: ...

    def play_on(self, asked: ev.PlayOnAsked) -> list[ev.Event]: ...

    def start_play_on(self, asked: ev.PlayOnAsked) -> list[ev.Event]: ...


class Screen:
    """A screen of the stack. `items` in the order drawn; `focus` the one the keyboard and pad
    act on; `page` of `pages`; `wraps`: Up on the first item comes round to the last."""

    kind: ClassVar[ScreenKind]
    wraps: ClassVar[bool] = True
    size: int | None = None  # the board size a screen is about, if it is about one
    waiting_for: str | None = None  # the Controls screen: the action it waits for a key for

    def __init__(self, items: list[Any], focus: int = 0, pages: int = 1, page: int = 0) -> None:
        self.items = items
        self.focus = focus
        self.pages = pages
        self.page = page

    # -- what can act ----------------------------------------------------------------------------

    @property
    def focused_item(self) -> Any:
        return self.items[self.focus] if self.items else None

    def active(self, item: Any) -> bool:
        """Whether choosing `item` does anything now: no page before the first, none after
        the last. An item that cannot act is drawn so."""
        if item is Item.PREV_PAGE:
            return self.page > 0
        if item is Item.NEXT_PAGE:
            return self.page < self.pages - 1
        return True

    def can_focus(self, index: int) -> bool:
        return self.active(self.items[index])

    def settle_focus(self, step: int = 1) -> None:
        """Keep the focus off an item that cannot act: on to the next one that can."""
        self.focus = settled(self.focus, len(self.items), self.can_focus, step)

    # -- commands --------------------------------------------------------------------------------

    def handle(self, command: cmd.Command, nav: Stack) -> list[ev.Event]:
        moved_in = self.move_in(command)
        if moved_in is not None:
            return moved_in
        match command:
            case cmd.Confirm():
                return self.choose(self.focus, 1, nav)
            case cmd.Select(index, side):
                return self.choose(index, side, nav)
            case cmd.Back() | cmd.BackOrUndo():
                return self.back(nav)
            case cmd.Pause():
                return nav.pause()
            case cmd.Help():
                return nav.help()
        return []

    def choose(self, index: int, side: int, nav: Stack) -> list[ev.Event]:
        """The item at `index` chosen (Enter, A, a click on its `side`): an item that cannot
        act does nothing."""
        if not 0 <= index < len(self.items) or not self.active(self.items[index]):
            return []
        self.focus = index
        item = self.items[index]
        if item in (Item.PREV_PAGE, Item.NEXT_PAGE):
            return self.turn_page(-1 if item is Item.PREV_PAGE else 1)
        if item is Item.BACK:
            return [ev.MenuConfirmed(), *nav.close(self)]
        return self.activate(item, side, nav)

    def activate(self, item: Any, side: int, nav: Stack) -> list[ev.Event]:
        """What choosing `item` does on this screen."""
        return []

    def back(self, nav: Stack) -> list[ev.Event]:
        """Back: the screen closes, and the one under it shows again."""
        return nav.close(self)

    def pass_time(self, seconds: float, nav: Stack) -> list[ev.Event]:
        """Real time passed (a screen that plays or waits on a thread takes it here)."""
        return []

    def closed(self) -> None:
        """The screen left the stack: what it was doing stops."""

    # -- focus and pages -------------------------------------------------------------------------

    def move_in(self, command: cmd.Command) -> list[ev.Event] | None:
        """What `command` does inside the screen, or None when it is not a move inside it."""
        match command:
            case cmd.Move(direction):
                sideways = SIDEWAYS.get(direction, 0)
                if self.pages > 1 and sideways:
                    return self.turn_page(sideways)
                return self.move_focus(-1 if direction in (Direction.UP, Direction.LEFT) else 1)
            case cmd.MenuFocus(step):
                return self.move_focus(step)
            case cmd.Seek(step):  # Home, End, a pad's shoulders: the first or the last item
                return self.focus_end(step)
            case cmd.Adjust(index, step) if 0 <= index < len(self.items):
                return self.turn_page(step) if self.pages > 1 else []
            case cmd.Point(index):
                return self.point(index)
        return None

    def point(self, index: int) -> list[ev.Event]:
        """The pointer rests on item `index`: it is focused, if it can act."""
        focus = pointed(self.focus, index, len(self.items), self.can_focus)
        if focus is None:
            return []
        self.focus = focus
        return [ev.MenuPointed()]

    def move_focus(self, step: int) -> list[ev.Event]:
        focus = self.focus
        if not self.wraps and not 0 <= focus + step < len(self.items):
            return []  # held at its end
        self.focus = moved(focus, step, len(self.items), self.can_focus)
        return [ev.MenuMoved()] if self.focus != focus else []

    def focus_end(self, step: int) -> list[ev.Event]:
        """The focus on the first item that can act (`step` < 0) or the last."""
        usable = [index for index in range(len(self.items)) if self.can_focus(index)]
        if not usable or (focus := usable[-1] if step > 0 else usable[0]) == self.focus:
            return []
        self.focus = focus
        return [ev.MenuMoved()]

    def turn_page(self, step: int) -> list[ev.Event]:
        page = turned(self.page, step, self.pages)
        if page == self.page:
            return []
        self.page = page
        self.page_turned()
        self.settle_focus(step)  # at the last page Enter closes; at the first it turns on
        return [ev.MenuMoved()]

    def page_turned(self) -> None:
        """A screen whose items are its page's makes them afresh here."""


class PagedScreen(Screen):
    """Pages of words with buttons to turn them (help, the statistics, the charts), opening
    with Next focused."""

    def __init__(self, pages: int, page: int = 0, items: tuple[Item, ...] = PAGE_ITEMS) -> None:
        super().__init__(list(items), focus=items.index(Item.NEXT_PAGE), pages=pages, page=page)
        self.settle_focus()
