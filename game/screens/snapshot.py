"""What is on screen, frozen: made in one place (game/app/frames.py, `snapshot`) for each
frame drawn, and what the view draws and points at: the game's figures, a menu as it shows,
or a kept games' screen as it shows (each makes its own: `BrowsingScreen.shot`). The view never
reads the live session, a screen or a running review: only this, so the same snapshot and the
same `ahead` draw the same frame.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.core.record import GameRecord, GameSummary
from game.core.replay import Position
from game.kept_games.review.costs import Estimate
from game.kept_games.review.grading import MoveGrade, Review
from game.kept_games.review.mistakes import Finding, Mistake
from game.screens.practice import Attempt
from game.screens.review import Track
from game.screens.screen import ScreenKind
from game.solver.analysis import AnalysisState


@dataclass(frozen=True)
class Look:
    """The player's look, from the settings: the words' language, the colours and the text's
    size."""

    lang: str
    theme: str
    text_size: str


@dataclass(frozen=True)
class PlayShot:
    """The game under the screens: the HUD's figures and what its buttons can do."""

    size: int
    score: int
    moves: int
    seconds: float
    undos_left: int
    undo_enabled: bool
    biggest_tile: int
    assisted: bool
    autoplaying: bool
    inactive: frozenset[str]  # the HUD buttons that cannot act now (R14, R20)
    clock_running: bool  # R17
    clock_paused: bool  # held while it would run: the window lost focus or a menu is open


@dataclass(frozen=True)
class MenuShot:
    """A menu or the game's panel as it shows: its items in order, which can act, the focus
    and the page."""

    kind: ScreenKind
    items: tuple[Any, ...]
    actives: tuple[bool, ...]
    focus: int
    page: int
    pages: int
    waiting_for: str | None  # the Controls screen: the action it waits for a key for
    size: int | None  # the board size it is about (the charts, a confirmation)
    opened: int  # which opening of a menu it is: a new one fades in

    def active(self, item: Any) -> bool:
        return self.actives[self.items.index(item)]

    @property
    def focused_item(self) -> Any:
        return self.items[self.focus] if self.items else None


@dataclass(frozen=True)
class ReviewShot:
    """A game's review as it stands (game/kept_games/review/job.py), with the move shown."""

    state: AnalysisState
    fraction: float  # of the moves graded
    result: Review | None
    grade: MoveGrade | None  # the move shown, once graded
    estimate: Estimate  # where the games played on after it stand
    checking: tuple[int, int] | None = None  # flagged moves searched deeper: (done, of), meanwhile

    @property
    def running(self) -> bool:
        return self.state.going

    def finding(self, mistake: Mistake) -> Finding | None:
        return self.result.finding(mistake) if self.result is not None else None


@dataclass(frozen=True)
class ListShot:
    """A page of the kept games' list."""

    rows: tuple[GameSummary, ...]
    per_page: int  # the most rows a page has
    page: int
    pages: int
    total: int
    unreadable: bool  # the archive could not say which games it keeps


@dataclass(frozen=True)
class ReplayShot:
    index: int  # the position shown
    last: int
    playing: bool
    per_second: float  # its speed: positions a second
    fastest: float  # the fastest it plays
    position: Position


@dataclass(frozen=True)
class PracticeShot:
    """The practice of a game's mistakes (game/screens/practice.py) as it stands."""

    count: int  # the positions to try
    at: int  # the one shown
    done: bool
    right_now: int  # answered right this time
    missed: int  # positions missed last time, tried again now
    missed_now: int  # of them, answered right this time
    answer: Attempt | None  # the player's answer there, once given


@dataclass(frozen=True)
class GamesShot:
    """A kept games' screen as it shows (R22, R23): its items, what it is about, and the part
    of the kept game its kind shows."""

    kind: ScreenKind
    items: tuple[Any, ...]
    actives: tuple[bool, ...]  # whether each item is drawn as one that acts
    focus: int | None  # none while the replay or review has no position to show
    chosen: GameSummary | None = None  # the game chosen in the list
    record: GameRecord | None = None  # that game, once read
    # its positions, once replayed (game/core/replay.py's compact Positions, never added to
    # once the game is open): shared, not copied, as making a long game's each frame takes
    # seconds
    positions: Sequence[Position] = ()
    opening: float | None = None  # how far its reading has gone, while it is read
    review: ReviewShot | None = None  # the review of that game, if one was started
    games: ListShot | None = None  # the list's page
    replay: ReplayShot | None = None
    track: Track | None = None  # the review's moves stepped through, and where
    practice: PracticeShot | None = None  # once the game's review is done

    def active(self, index: int) -> bool:
        return self.actives[index]


@dataclass(frozen=True)
class Snapshot:
    play: PlayShot
    look: Look
    menu: MenuShot | None = None  # a menu or panel over the board
    games: GamesShot | None = None  # a kept games' screen, over the whole window
    games_busy: bool = False  # the Games screens' work goes on: their frames keep coming
