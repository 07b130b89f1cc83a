"""The statistics' pictures' figures of one board size, read from the kept games on a thread of
their own: each average loss needs its game replayed (a few hundredths of a second for a
1,000-move game, seconds for fifty long ones), and the archive's reads wait for its writes,
so no frame may wait for them. The charts say they are being read meanwhile.

    charts = ChartsReader(archive, depth_of=review_depth)
    charts.read(4)                  # the charts of 4x4 are opened
    if charts.poll(): ...           # every frame: True once the figures came in (draw again)
    charts.figures                  # what to show: ChartFigures (reading, unreadable, or them)

A reviewed game's loss is kept once worked out (by the game, the depth and how many of its
positions were scored), so opening the charts again replays only games reviewed since.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, date, datetime, time, timedelta
from functools import partial

from game.core.replay import ReplayError, replay
from game.kept_games.archive import rows
from game.kept_games.archive.games_archive import Archive, ArchiveError
from game.kept_games.background import BackgroundWork
from game.kept_games.charts.figures import (
    LAST_GAMES,
    ChartFigures,
    first_monday,
    tile_bars,
    weeks_of,
)
from game.kept_games.review.progress import own_average_loss

log = logging.getLogger("game.kept_games.charts")
LossKey = tuple[int, int, int]  # a game, the depth, how many positions were scored


# -- the figures, read off the frame: plain queries on the archive (archive/rows.py) ------------


def own_scores(archive: Archive, size: int, limit: int) -> list[int]:
    """The scores of the player's own ended games of this size (R20), newest first."""
    if archive.none_kept:
        return []
    found = archive.read(partial(rows.own_score_rows, size=size, limit=limit))
    return [score for (score,) in found if rows.is_count(score)]


def own_biggest_tiles(archive: Archive, size: int) -> dict[int, int]:
    """How many of the player's own ended games of this size had each biggest tile."""
    if archive.none_kept:
        return {}
    found = archive.read(partial(rows.own_tile_rows, size=size))
    return {tile: n for tile, n in found if rows.is_count(tile) and rows.is_count(n)}


def time_played(archive: Archive, size: int, since: datetime) -> list[tuple[datetime, float]]:
    """When each game of this size played here began, and its clock, since `since`."""
    if archive.none_kept:
        return []
    return rows.played_of(archive.read(partial(rows.played_rows, size=size, since=since)))


def reviewed_games(archive: Archive, size: int, depth: int, limit: int) -> list[int]:
    """The games of this size played here, reviewed at `depth`, with moves of the player's
    own, newest first."""
    if archive.none_kept:
        return []
    found = archive.read(partial(rows.reviewed_rows, size=size, depth=depth, limit=limit))
    return [game_id for (game_id,) in found]


class ChartsReading(BackgroundWork[ChartFigures]):
    def __init__(
        self,
        archive: Archive,
        size: int,
        depth: int,
        today: date,
        losses: dict[LossKey, float | None],
    ) -> None:
        self.size = size
        self._archive, self._depth, self._today, self._losses = archive, depth, today, losses
        super().__init__("read-charts")  # it writes nothing: quitting never waits for it

    def _work(self) -> ChartFigures:  # type: ignore[override]
        archive, size = self._archive, self.size
        # A day early: a game begun late on Sunday in UTC may be Monday where the player is.
        since = datetime.combine(first_monday(self._today) - timedelta(days=1), time(), UTC)
        scores = own_scores(archive, size, LAST_GAMES)
        tiles = own_biggest_tiles(archive, size)
        played = time_played(archive, size, since)
        reviewed = reviewed_games(archive, size, self._depth, LAST_GAMES)
        losses = [self._loss(game_id) for game_id in reversed(reviewed)]
        return ChartFigures(
            size,
            scores=tuple(reversed(scores)),
            tiles=tile_bars(tiles),
            weeks=weeks_of(played, self._today),
            losses=tuple(loss for loss in losses if loss is not None),
        )

    def _loss(self, game_id: int) -> float | None:
        """The average loss of a reviewed game's own moves; None for a game that cannot be
        read or replayed (said in the log; the other games are shown)."""
        scores = self._archive.load_scores(game_id, self._depth)
        key = (game_id, self._depth, len(scores))
        if key not in self._losses:
            try:
                record = self._archive.load(game_id)
                self._losses[key] = own_average_loss(record, replay(record), scores)
            except (KeyError, ReplayError, ValueError) as error:  # ArchiveError: all unread
                log.warning("kept game %d left out of the charts: %s", game_id, error)
                self._losses[key] = None
        return self._losses[key]


class ChartsReader:
    def __init__(
        self,
        archive: Archive,
        depth_of: Callable[[int], int],
        today: Callable[[], date] = date.today,
    ) -> None:
        """`depth_of`: the review's depth on each board size (the reviews' kept scores are
        read at it)."""
        self.archive = archive
        self.depth_of = depth_of
        self.today = today
        self.figures: ChartFigures | None = None  # what the charts show
        self.reading: ChartsReading | None = None
        self._losses: dict[LossKey, float | None] = {}

    @property
    def busy(self) -> bool:
        return self.reading is not None

    def read(self, size: int) -> None:
        """Read the figures of `size` afresh (the games kept change as the player plays); a
        reading of another size under way is left to end unheard."""
        self.figures = ChartFigures(size, reading=True)
        depth = self.depth_of(size)
        self.reading = ChartsReading(self.archive, size, depth, self.today(), self._losses)

    def poll(self) -> bool:
        """Whether the figures being read came in now (the charts are drawn again)."""
        reading = self.reading
        if reading is None or not reading.done:
            return False
        self.reading = None
        try:
            self.figures = reading.answer()
        except ArchiveError as error:
            log.warning("the charts could not be read: %s", error)
            self.figures = ChartFigures(reading.size, unreadable=True)
        return True
