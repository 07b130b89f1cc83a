"""Moving about the kept games' screens (R22, R23), as game/play/menu_moves.py does inside a
menu: the focus through a screen's items, past any that cannot act now, the pointer resting on
one, and the list's pages. The navigator (game/kept/screens/navigator.py) owns the focus and
the screen showing, and hands these moves here; what choosing an item does stays its own.

    events = move_in(browser, command)   # None: not a move on the screen showing
    events = point(browser, index)       # the pointer rests on item `index`
    events = turn_page(browser, step)    # another page of the list
    settle(browser)                      # the focus off an item that cannot act
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.kept.screens.games_list import ROWS_PER_PAGE
from game.kept.screens.items import GameRow, Screen
from game.play import commands as cmd
from game.play import events as ev
from game.play.focus import moved, pointed, settled
from game.play.menu_moves import SIDEWAYS, UPRIGHT

if TYPE_CHECKING:
    from game.kept.screens.navigator import Browser


def move_in(browser: Browser, command: cmd.Command) -> list[ev.Event] | None:
    """Up and Down through a screen's items; in the list, through its games and pages."""
    if browser.screen is Screen.LIST:
        return _move_in_list(browser, command)
    match command:
        case cmd.Move(direction) if direction in UPRIGHT:
            return _move_focus(browser, UPRIGHT[direction])
        case cmd.MenuFocus(step):
            return _move_focus(browser, step)
    return None


def point(browser: Browser, index: int) -> list[ev.Event]:
    focus = pointed(browser.focus, index, len(browser.items), browser.can_focus)
    if focus is None:
        return []
    browser.focus = focus
    return [ev.MenuPointed()]


def settle(browser: Browser, step: int = 1) -> None:
    """Keep the focus on an item that can act (the pointer's seek bar is never focused)."""
    browser.focus = settled(browser.focus, len(browser.items), browser.can_focus, step)


def _move_focus(browser: Browser, step: int) -> list[ev.Event]:
    before = browser.focus
    browser.focus = moved(before, step, len(browser.items), browser.can_focus)
    return [ev.MenuMoved()] if browser.focus != before else []


def _move_in_list(browser: Browser, command: cmd.Command) -> list[ev.Event] | None:
    games = browser.games
    match command:
        case cmd.Move(direction) if direction in SIDEWAYS:
            return turn_page(browser, SIDEWAYS[direction])
        case cmd.Move(direction):
            return _list_step(browser, UPRIGHT[direction])
        case cmd.MenuFocus(step):
            return _list_step(browser, step)
        case cmd.Adjust(_, step):
            return turn_page(browser, -step)  # the wheel up: toward the newest
        case cmd.Seek(where):
            last = max(len(games.rows) - 1, 0)
            return turn_page(browser, where * games.pages, row=0 if where < 0 else last)
    return None


def _list_step(browser: Browser, step: int) -> list[ev.Event]:
    """Up and Down through the games: past a page's last game, the next page's first."""
    rows, games = len(browser.games.rows), browser.games
    if browser.focus < rows:
        target = browser.focus + step
        if target >= rows and games.page < games.pages - 1:
            return turn_page(browser, 1, row=0)
        if target < 0 and games.page > 0:
            return turn_page(browser, -1, row=ROWS_PER_PAGE - 1)
    return _move_focus(browser, step)


def turn_page(browser: Browser, step: int, row: int | None = None) -> list[ev.Event]:
    """Another page; the focus stays on its button, or on a game (`row`, or the same)."""
    before = browser.items[browser.focus]
    turned = browser.games.turn(step)
    if isinstance(before, GameRow) or row is not None:
        focus = min(browser.focus if row is None else row, max(len(browser.games.rows) - 1, 0))
    else:
        focus = browser.items.index(before)  # the same button, after the page's games
    if not turned and focus == browser.focus:
        return []
    browser.focus = focus
    settle(browser, step)
    return [ev.MenuMoved()]
