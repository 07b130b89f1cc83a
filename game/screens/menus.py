"""The menus over the board, a class each: the pause menu, help, the statistics and their
charts, the settings, the Controls screen, the board sizes and the two confirmations. Each
holds its items in order, which it opens on, which cannot act now, and what choosing one does.

An item is an action (`Item`, whose value is its text key), a board size to play on
(`SizeItem`), a setting of game/core/settings.py (`SettingItem`), which steps both ways, or an
action of the player's controls (`ControlItem`, game/core/controls.py), which waits for a key.
The board sizes have a menu of their own, opened from one row of the pause menu: six rows of
sizes would not fit the pause menu in the smallest window.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from game.core.controls import ACTIONS, MENU
from game.core.engine import BOARD_SIZES
from game.core.settings import STEPPED_SETTINGS
from game.play import commands as cmd
from game.play import events as ev
from game.screens.focus import SIDEWAYS
from game.screens.screen import Item, PagedScreen, Screen, ScreenKind, Stack


@dataclass(frozen=True)
class SizeItem:
    """Play on this board size: its saved game, or a new one (R1, R18)."""

    size: int

    @property
    def key(self) -> str:
        return f"size_{self.size}"


@dataclass(frozen=True)
class SettingItem:
    """One setting, shown with its value; choosing it steps it (game/core/settings.py)."""

    name: str


@dataclass(frozen=True)
class ControlItem:
    """An action, shown with its keys and pad buttons; choosing it waits for a new key or
    button (game/core/controls.py). The menu's own (Escape, Start) is shown, never chosen."""

    action: str


MenuItem = Item | SizeItem | SettingItem | ControlItem

# The help pages, in order: how to play first, for a newcomer pressing F1.
HELP_PAGES = ("rules", "controls", "strategy", "solver", "review", "costs", "practice")
# Each help page in this many parts at each text size, and each page of the statistics: the
# words of a part fit bigger where the whole page fitted at Normal only, so they can grow.
HELP_PARTS = MappingProxyType({"normal": 1, "large": 2, "largest": 3})
STATS_PARTS = MappingProxyType({"normal": 1, "large": 2, "largest": 2})
STATS_ITEMS = (Item.PREV_PAGE, Item.NEXT_PAGE, Item.CHARTS, Item.BACK)
# The statistics' pictures of one size, a chart a page: a page the smallest window can read,
# so that the page buttons mean the same in every window (as the Controls screen's).
CHART_PAGES = ("scores", "tiles", "weeks", "loss")
# The settings menu: every setting a player steps, the Controls screen, then Back.
SETTINGS_ITEMS = (*(SettingItem(name) for name in STEPPED_SETTINGS), Item.CONTROLS, Item.BACK)
# The Controls screen: its actions a page at a time (a page fits the smallest window), then
# the pages' buttons, Restore defaults and Back.
CONTROL_ROWS = (*ACTIONS, MENU)
CONTROLS_PER_PAGE = 7
CONTROLS_FOOT = (Item.PREV_PAGE, Item.NEXT_PAGE, Item.RESTORE_DEFAULTS, Item.BACK)
PAUSE_ITEMS = (
    Item.RESUME,
    Item.NEW_GAME,
    Item.AUTOPLAY,
    Item.SIZES,
    Item.GAMES,
    Item.SETTINGS,
    Item.STATS,
    Item.HELP,
    Item.QUIT,
)


def _confirmed(events: list[ev.Event]) -> list[ev.Event]:
    return [ev.MenuConfirmed(), *events]


class PauseMenu(Screen):
    """Held at its ends: Up from Resume never lands on Quit."""

    kind = ScreenKind.PAUSE
    wraps = False

    def __init__(self) -> None:
        super().__init__(list(PAUSE_ITEMS))

    def activate(self, item: Any, side: int, nav: Stack) -> list[ev.Event]:
        size = nav.session.game.size
        match item:
            case Item.RESUME:
                return _confirmed(nav.close(self))
            case Item.NEW_GAME:
                nav.clear()
                return _confirmed(nav.ask_new_game(size))
            case Item.AUTOPLAY:
                nav.clear()
                return _confirmed(nav.session.start_autoplay())
            case Item.SIZES:
                return _confirmed(nav.open(SizesMenu(size)))
            case Item.GAMES if nav.games_screens is not None:
                return _confirmed(nav.open_games())
            case Item.SETTINGS:
                return _confirmed(nav.open(SettingsMenu()))
            case Item.STATS:
                return _confirmed(nav.open(StatsPages(size, nav.text_size)))
            case Item.HELP:
                return _confirmed(nav.open(HelpPages(nav.text_size)))
            case Item.QUIT:  # over the pause menu: Back returns
                return _confirmed(nav.open(QuitConfirm()))
        return []


class HelpPages(PagedScreen):
    """The help pages, each in `parts` at the player's text size (HELP_PARTS)."""

    kind = ScreenKind.HELP

    def __init__(self, text_size: str = "normal") -> None:
        self.parts = HELP_PARTS.get(text_size, 1)
        super().__init__(len(HELP_PAGES) * self.parts)


class StatsPages(PagedScreen):
    """The statistics, a page a board size, opening on the size played now; the goals' page
    (game/core/goals.py) last; each in `parts` at the player's text size (STATS_PARTS)."""

    kind = ScreenKind.STATS

    def __init__(self, size: int, text_size: str = "normal") -> None:
        self.parts = STATS_PARTS.get(text_size, 1)
        page = BOARD_SIZES.index(size) if size in BOARD_SIZES else 0
        super().__init__((len(BOARD_SIZES) + 1) * self.parts, page * self.parts, STATS_ITEMS)

    @property
    def page_size(self) -> int | None:
        """The board size the page is about; None for the goals' page, the last."""
        index = self.page // self.parts
        return BOARD_SIZES[index] if index < len(BOARD_SIZES) else None

    def active(self, item: Any) -> bool:
        if item is Item.CHARTS:
            return self.page_size is not None
        return super().active(item)

    def activate(self, item: Any, side: int, nav: Stack) -> list[ev.Event]:
        if item is Item.CHARTS and self.page_size is not None:  # Back returns to this page
            return _confirmed(nav.open(ChartPages(self.page_size)))
        return []


class ChartPages(PagedScreen):
    """The statistics of board `size` as pictures, a chart a page (CHART_PAGES)."""

    kind = ScreenKind.CHARTS

    def __init__(self, size: int) -> None:
        super().__init__(len(CHART_PAGES))
        self.size = size


class Confirmation(Screen):
    """A question with a safe answer: Escape or Start is that answer, Cancel, and leaves the
    player where the question was asked (over a replay, a review, the pause menu or the game),
    where it opened the pause menu in its place."""

    def handle(self, command: cmd.Command, nav: Stack) -> list[ev.Event]:
        if isinstance(command, cmd.Pause):
            return _confirmed(nav.close(self))
        return super().handle(command, nav)


class NewGameConfirm(Confirmation):
    """R15: the safe answer is focused, so a reflex Enter keeps the game. `play_on`: the new
    game starts from that kept position (Play from here)."""

    kind = ScreenKind.CONFIRM_NEW

    def __init__(self, size: int, play_on: ev.PlayOnAsked | None = None) -> None:
        super().__init__([Item.CONFIRM_NEW, Item.CANCEL], focus=1)
        self.size = size
        self.play_on = play_on

    def activate(self, item: Any, side: int, nav: Stack) -> list[ev.Event]:
        if item is Item.CANCEL:
            return _confirmed(nav.close(self))
        if self.play_on is not None:
            return _confirmed(nav.start_play_on(self.play_on))
        return _confirmed(nav.new_game(self.size))


class QuitConfirm(Confirmation):
    """Quit from the pause menu asks first, the safe answer focused: a reflex Enter on the
    wrong item never ends the session (Ctrl+Q and the window's close button quit at once)."""

    kind = ScreenKind.CONFIRM_QUIT

    def __init__(self) -> None:
        super().__init__([Item.QUIT, Item.CANCEL], focus=1)

    def activate(self, item: Any, side: int, nav: Stack) -> list[ev.Event]:
        if item is Item.CANCEL:
            return _confirmed(nav.close(self))
        return [ev.MenuConfirmed(), ev.QuitRequested()]


class RestoreConfirm(Confirmation):
    """Restore defaults throws away every key and button the player chose: asked first, the
    safe answer focused (it asked nothing)."""

    kind = ScreenKind.CONFIRM_RESTORE

    def __init__(self) -> None:
        super().__init__([Item.RESTORE_DEFAULTS, Item.CANCEL], focus=1)

    def activate(self, item: Any, side: int, nav: Stack) -> list[ev.Event]:
        closed = nav.close(self)
        if item is Item.CANCEL:
            return _confirmed(closed)
        return _confirmed([*closed, ev.ControlsRestored()])


class SizesMenu(Screen):
    """Every board size, smallest first, then Back; it opens on the size played now."""

    kind = ScreenKind.SIZES

    def __init__(self, size: int) -> None:
        items: list[Any] = [*(SizeItem(size) for size in BOARD_SIZES), Item.BACK]
        super().__init__(items, focus=items.index(SizeItem(size)))

    def activate(self, item: Any, side: int, nav: Stack) -> list[ev.Event]:
        if not isinstance(item, SizeItem):
            return []
        nav.clear()
        if item.size == nav.session.game.size:
            return [ev.MenuConfirmed()]
        return _confirmed(nav.switch_size(item.size))


class SettingsMenu(Screen):
    """Every setting a player steps, then the Controls screen and Back. The app owns the
    settings' values; the menu only says which one to step, and which way."""

    kind = ScreenKind.SETTINGS

    def __init__(self) -> None:
        super().__init__(list(SETTINGS_ITEMS))

    def move_in(self, command: cmd.Command) -> list[ev.Event] | None:
        match command:
            case cmd.Move(direction) if direction in SIDEWAYS and isinstance(
                self.focused_item, SettingItem
            ):
                return [ev.SettingChanged(self.focused_item.name, SIDEWAYS[direction])]
            case cmd.Adjust(index, step) if 0 <= index < len(self.items):
                item = self.items[index]
                if not isinstance(item, SettingItem):
                    return []
                self.focus = index
                return [ev.SettingChanged(item.name, step)]
        return super().move_in(command)

    def activate(self, item: Any, side: int, nav: Stack) -> list[ev.Event]:
        if isinstance(item, SettingItem):
            return [ev.MenuConfirmed(), ev.SettingChanged(item.name, side)]
        if item is Item.CONTROLS:
            return _confirmed(nav.open(ControlsMenu()))
        return []


class ControlsMenu(Screen):
    """Each action's keys and pad buttons, a page at a time. Choosing one waits for the next
    key or button pressed, which is the action's (the app binds it, or says why not); Escape,
    Start or a plain joystick's back stop waiting; a click stops it and acts."""

    kind = ScreenKind.CONTROLS

    def __init__(self) -> None:
        pages = -(-len(CONTROL_ROWS) // CONTROLS_PER_PAGE)
        super().__init__(controls_items(0), pages=pages)

    def active(self, item: Any) -> bool:
        return item != ControlItem(MENU) and super().active(item)

    def handle(self, command: cmd.Command, nav: Stack) -> list[ev.Event]:
        action = self.waiting_for
        if action is None:
            return super().handle(command, nav)
        match command:
            case cmd.Pressed(key, button):
                self.waiting_for = None
                return [ev.BindAsked(action, key, button)]
            case cmd.Back() | cmd.BackOrUndo() | cmd.Pause():
                self.waiting_for = None
                return [ev.BindCancelled()]
            case cmd.Select() | cmd.Adjust():
                self.waiting_for = None
                return [ev.BindCancelled(), *super().handle(command, nav)]
        return []  # anything else waits on

    def activate(self, item: Any, side: int, nav: Stack) -> list[ev.Event]:
        if isinstance(item, ControlItem):
            self.waiting_for = item.action
            return [ev.MenuConfirmed()]
        if item is Item.RESTORE_DEFAULTS:
            return _confirmed(nav.open(RestoreConfirm()))
        return []

    def page_turned(self) -> None:
        """Its rows are the page's: the focus stays on its button."""
        focused = self.focused_item
        self.items = controls_items(self.page)
        if focused in self.items:
            self.focus = self.items.index(focused)
        self.focus = min(self.focus, len(self.items) - 1)


def controls_items(page: int) -> list[Any]:
    """A page of the Controls screen: its actions, then the buttons every page has."""
    rows = CONTROL_ROWS[page * CONTROLS_PER_PAGE : (page + 1) * CONTROLS_PER_PAGE]
    return [*(ControlItem(action) for action in rows), *CONTROLS_FOOT]
