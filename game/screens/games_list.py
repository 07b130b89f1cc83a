"""The list of kept games (R22), a page at a time, newest first. Pure: the archive answers."""

from __future__ import annotations

import logging
import math

from game.core.record import GameSummary
from game.kept_games.archive.games_archive import Archive, ArchiveError
from game.screens.focus import turned

ROWS_PER_PAGE = 5  # games a page: up to three lines each, readable in a 320x400 window
log = logging.getLogger("game.screens.games_screens")


class GamesList:
    def __init__(self, archive: Archive) -> None:
        self.archive = archive
        self.page = 0
        self.total = 0  # games kept
        self.rows: list[GameSummary] = []  # the page's games
        self.unreadable = False  # the archive could not say which games it keeps

    @property
    def pages(self) -> int:
        return max(1, math.ceil(self.total / ROWS_PER_PAGE))

    def load(self, page: int) -> None:
        """Read page `page` (held to the pages there are) again from the archive."""
        try:
            self.total = self.archive.count_games()
            self.page = min(max(page, 0), self.pages - 1)
            self.rows = self.archive.list_games(ROWS_PER_PAGE, self.page * ROWS_PER_PAGE)
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
