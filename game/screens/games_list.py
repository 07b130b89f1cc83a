"""The list of kept games (R22), a page at a time, newest first (the archive answers), and
its screen, the first of the Games screens: Up and Down go through its games, on past a
page's last to the next page's first; Left and Right (and the wheel) turn the pages; Home and
End go to the first and the last game kept.
"""

from __future__ import annotations

import logging
import math
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from game.core.record import GameSummary
from game.kept_games.archive.games_archive import Archive, ArchiveError
from game.play import commands as cmd
from game.play import events as ev
from game.screens.browsing import BrowsingScreen
from game.screens.card import GameCard
from game.screens.focus import SIDEWAYS, UPRIGHT, turned
from game.screens.games_screens import GamesScreens
from game.screens.items import LIST_BUTTONS, GameRow
from game.screens.screen import Item, ScreenKind, Stack
from game.screens.snapshot import GamesShot, ListShot

# Games a page at each text size: up to three lines each, readable in a 320x400 window; fewer
# at the larger sizes, so that their words can grow.
ROWS_PER_PAGE = MappingProxyType({"normal": 5, "large": 4, "largest": 3})
log = logging.getLogger("game.screens.games_list")


class GamesList:
    def __init__(self, archive: Archive, per_page: int) -> None:
        self.archive = archive
        self.per_page = per_page
        self.page = 0
        self.total = 0  # games kept
        self.rows: list[GameSummary] = []  # the page's games
        self.unreadable = False  # the archive could not say which games it keeps

    @property
    def pages(self) -> int:
        return max(1, math.ceil(self.total / self.per_page))

    def load(self, page: int) -> None:
        """Read page `page` (held to the pages there are) again from the archive."""
        try:
            self.total = self.archive.count_games()
            self.page = min(max(page, 0), self.pages - 1)
            self.rows = self.archive.list_games(self.per_page, self.page * self.per_page)
            self.unreadable = False
        except ArchiveError as error:
            log.warning("the games list could not be read: %s", error)
            self.total, self.page, self.rows, self.unreadable = 0, 0, [], True

    def turn(self, step: int) -> bool:
        """Turn `step` pages (held to the first and the last); whether the page changed."""
        page = turned(self.page, step, self.pages)
        if page == self.page:
            return False
        self.load(page)
        return True

    def row_of(self, game_id: int | None) -> int | None:
        ids = [summary.game_id for summary in self.rows]
        return ids.index(game_id) if game_id in ids else None


class GamesListScreen(BrowsingScreen):
    """The list's games of the page shown, then its buttons; it opens on the newest game."""

    kind = ScreenKind.GAMES

    def __init__(self, shelf: GamesScreens) -> None:
        super().__init__(shelf, [])
        self.games = GamesList(shelf.archive, ROWS_PER_PAGE.get(shelf.text_size, 5))
        self._load(0)
        self.settle_focus()

    def _load(self, page: int | None = None) -> None:
        """The page (the one shown: None) read again, and its items with it."""
        self.games.load(self.games.page if page is None else page)
        self._items_of_page()

    def _items_of_page(self) -> None:
        self.items = [*(GameRow(summary) for summary in self.games.rows), *LIST_BUTTONS]
        self.page, self.pages = self.games.page, self.games.pages

    def pick(self, item: Any, fraction: float, nav: Stack) -> list[ev.Event]:
        match item:
            case GameRow(summary):
                self.shelf.open_game(summary)
                return self.show(nav, GameCard(self.shelf))
            case Item.PREV_PAGE | Item.NEXT_PAGE:
                return self.turn_list(-1 if item is Item.PREV_PAGE else 1)
        return []

    def back(self, nav: Stack) -> list[ev.Event]:
        return nav.leave_games()

    def shot(self) -> GamesShot:
        games = self.games
        rows, count = tuple(games.rows), games.total
        page = ListShot(rows, games.per_page, games.page, games.pages, count, games.unreadable)
        return replace(super().shot(), games=page)

    def shown(self) -> list[ev.Event]:
        return []  # no board

    def imported(self, game_id: int) -> None:
        """The game of a shared file, kept: focused, on the first page."""
        self._load(0)
        self.focus = self.games.row_of(game_id) or 0
        self.settle_focus()

    # -- moving about the list -----------------------------------------------------------------

    def move_in(self, command: cmd.Command) -> list[ev.Event] | None:
        games = self.games
        match command:
            case cmd.Move(direction) if direction in SIDEWAYS:
                return self.turn_list(SIDEWAYS[direction])
            case cmd.Move(direction):
                return self._step(UPRIGHT[direction])
            case cmd.MenuFocus(step):
                return self._step(step)
            case cmd.Adjust(_, step):
                return self.turn_list(-step)  # the wheel up: toward the newest
            case cmd.Seek(where):
                last = max(len(games.rows) - 1, 0)
                return self.turn_list(where * games.pages, row=0 if where < 0 else last)
        return None

    def _step(self, step: int) -> list[ev.Event]:
        """Up and Down through the games: past a page's last game, the next page's first."""
        rows, games = len(self.games.rows), self.games
        if self.focus < rows:
            target = self.focus + step
            if target >= rows and games.page < games.pages - 1:
                return self.turn_list(1, row=0)
            if target < 0 and games.page > 0:
                return self.turn_list(-1, row=self.games.per_page - 1)
        return self.move_focus(step)

    def turn_list(self, step: int, row: int | None = None) -> list[ev.Event]:
        """Another page; the focus stays on its button, or on a game (`row`, or the same)."""
        before = self.items[self.focus]
        changed = self.games.turn(step)
        self._items_of_page()
        if isinstance(before, GameRow) or row is not None:
            focus = min(self.focus if row is None else row, max(len(self.games.rows) - 1, 0))
        else:
            focus = self.items.index(before)  # the same button, after the page's games
        if not changed and focus == self.focus:
            return []
        self.focus = focus
        self.settle_focus(step)
        return [ev.MenuMoved()]
