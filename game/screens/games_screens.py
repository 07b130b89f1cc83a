"""The kept games' screens' shared state (R22, R23): what stays while the player moves
between them, and after leaving them. Commands in, events out; no pygame.

    games_screens = GamesScreens(archive, analyse=make_analysis, export_dir=folder)
    events = games_screens.pass_time(s, top, nav)   # every frame, open or not: a review goes on

Each screen is a class of its own on the screens' stack (game/screens/navigator.py), over the
pause menu, so the game clock stands still while they show (R17): the list (games_list.py), a
game's card (card.py), its replay (replay_screen.py), its review and its mistakes
(review_screens.py) and the practice (practice_screen.py), with what they share in
browsing.py. Here is what they share: the game
chosen, being opened on a thread and once open (its record, positions and replay: the same
game, unchanged, is not replayed again), its review under way and where the player is in it (a
review keeps going when the player leaves it, and the same game's review is taken up again
where it is), and the shared files handed over, waiting their turn to be read
(game/kept_games/share/import_queue.py).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Protocol

from game.core.record import GameRecord, GameSummary
from game.core.replay import Position, Positions, ReplayError
from game.kept_games.archive.games_archive import Archive, ArchiveError
from game.kept_games.review.costs import Estimate
from game.kept_games.review.job import Analyse, PlayOn, ReviewJob
from game.kept_games.share.import_queue import ImportQueue
from game.kept_games.share.transfer import export_to
from game.play import events as ev
from game.screens.opening import Opening
from game.screens.replaying import Replaying
from game.screens.review import Stepping
from game.screens.screen import Stack
from game.screens.snapshot import ReviewShot
from game.solver.analysis import Analysis, AnalysisState, Task, review_depth

log = logging.getLogger("game.screens.games_screens")


def _analysis(grids, size: int, depth: int, tables_dir=None) -> Analysis:
    return Analysis(grids, size=size, depth=depth, tables_dir=tables_dir)


def _rollouts(moves, size: int, tables_dir=None) -> Analysis:
    return Analysis(moves, size=size, task=Task.ROLLOUTS, tables_dir=tables_dir)


class ShownOnTop(Protocol):
    """The Games screen showing, as what happens meanwhile is told to it (browsing.py)."""

    shows_review: bool  # the review's own screens: it is ready when seen

    def imported(self, game_id: int) -> None: ...

    def opened(self) -> list[ev.Event]: ...

    def open_failed(self, nav: Stack) -> list[ev.Event]: ...

    def review_moved(self) -> None: ...


class GamesScreens:
    def __init__(
        self,
        archive: Archive,
        *,
        export_dir: Path,
        tables_dir: str | os.PathLike[str] | None = None,
        analyse: Analyse | None = None,
        play_on: PlayOn | None = None,
        depth_of: Callable[[int], int] = review_depth,
    ) -> None:
        """`analyse` makes the review's solver (game/solver/analysis.Analysis, in its own
        process, its tables in `tables_dir`, by default), `play_on` the one that plays on
        after the flagged moves (the same, another task); `depth_of` says the review's depth."""
        self.archive = archive
        self.analyse = analyse or partial(_analysis, tables_dir=tables_dir)
        self.play_on = play_on or partial(_rollouts, tables_dir=tables_dir)
        self.export_dir = export_dir
        self.depth_of = depth_of  # board size -> the review's search depth
        self.chosen: GameSummary | None = None  # the game chosen in the list
        self.opening: Opening | None = None  # the game chosen, being loaded and replayed
        self.record: GameRecord | None = None  # the game chosen, once open
        self.positions: Positions | None = None
        self.replaying: Replaying | None = None
        self.job: ReviewJob | None = None  # the review under way or done, of one game
        self.stepping: Stepping | None = None  # where the player is in the review
        self.imports = ImportQueue(archive)  # the shared files being read, one at a time
        self.text_size = "normal"  # the player's: how many games a page of the list holds

    @property
    def busy(self) -> bool:
        """Whether frames must keep coming: a replay plays, a game opens, a file is being
        imported, or a review works (its solver, or this side's reading of the boards, a slice
        a frame)."""
        playing = self.replaying is not None and self.replaying.playing
        working = self.imports.busy or self.opening is not None
        return playing or working or (self.job is not None and not self.job.settled)

    @property
    def reviewed_position(self) -> Position | None:
        """Where the review of the game chosen is, else the game's start."""
        if self.positions is None:
            return None
        if self.stepping is not None and self.stepping.position is not None:
            return self.positions[self.stepping.position]
        return self.positions[0]

    def review_shot(self, move: int | None) -> ReviewShot | None:
        """The review of the game open as it stands, with the move played from position
        `move`; None when that game has none."""
        job = self.job
        if job is None or job.record != self.record:
            return None
        return ReviewShot(
            state=job.state,
            fraction=job.fraction,
            result=job.result,
            grade=job.grade_at(move) if move is not None else None,
            estimate=job.estimate_at(move) if move is not None else Estimate.NONE,
            checking=job.check_progress,
        )

    def close(self) -> None:
        """The game quits: the review stops, and its scores so far are kept."""
        self.stop_opening()
        if self.job is not None:
            self.job.close()

    # -- the game chosen -----------------------------------------------------------------------

    def open_game(self, summary: GameSummary) -> None:
        """The chosen game is loaded and replayed on a thread (`_opened`). The same game,
        unchanged since it was opened, is not replayed again, nor one still opening started
        again."""
        self.chosen = summary
        if self.opening is not None and self.opening.summary != summary:
            self.stop_opening()  # another game's
        if self.opening is None and (self.record is None or self.record.summary != summary):
            self.record = self.positions = self.replaying = self.stepping = None
            self.opening = Opening(self.archive, summary)

    def _opened(self, top: ShownOnTop | None, nav: Stack) -> list[ev.Event]:
        """The game being opened, once it is: its replay, or a damaged one said so, back in
        the list."""
        opening = self.opening
        if opening is None or not opening.done:
            return []
        self.opening = None
        try:
            record, positions = opening.result()
        except (ArchiveError, KeyError, ReplayError) as error:
            log.warning("kept game %s could not be opened: %s", opening.summary.game_id, error)
            events = top.open_failed(nav) if top is not None else []
            return [*events, ev.Told("game_unreadable")]
        self.record, self.positions = record, positions
        self.replaying, self.stepping = Replaying(positions), None
        return top.opened() if top is not None else []

    def stop_opening(self) -> None:
        if self.opening is not None:
            self.opening.cancel()
            self.opening = None

    # -- the review ----------------------------------------------------------------------------

    def take_up_review(self) -> None:
        """Review the chosen game: the review of it under way is taken up again."""
        job = self.reviewing()
        if self.stepping is None or self.stepping.job is not job:
            self.stepping = Stepping(job, job.positions)

    def reviewing(self) -> ReviewJob:
        """The chosen game's review under way: taken up again, or started."""
        record = self.record
        assert record is not None
        if self.job is None or self.job.record != record:
            if self.job is not None:
                self.job.close()
            depth = self.depth_of(record.size)
            self.job = ReviewJob(
                record,
                self.positions,
                self.archive,
                analyse=self.analyse,
                play_on=self.play_on,
                depth=depth,
            )
            self.job.start()
        return self.job

    # -- time and files ------------------------------------------------------------------

    def pass_time(self, seconds: float, top: ShownOnTop | None, nav: Stack) -> list[ev.Event]:
        """Real time passed: a file read to the end is kept, a game opened, and a review takes
        in the solver's scores; `top`, the Games screen showing, if one does, is told."""
        events: list[ev.Event] = self._imported(top) + self._opened(top, nav)
        job = self.job
        if job is not None and not job.settled:
            was_running = job.running
            events += job.poll()
            done = was_running and job.state is AnalysisState.DONE
            if done and not (top is not None and top.shows_review):
                events.append(ev.Told("review_ready"))
            if top is not None:
                top.review_moved()
        return events

    def export(self) -> ev.Told:
        assert self.record is not None
        key, fields = export_to(self.record, self.export_dir)
        return ev.Told(key, fields)

    def import_file(self, path: str | Path) -> list[ev.Event]:
        """Keep the game of a shared file (dropped on the window, or --import), once it is read
        and checked on its own thread, after the files handed over before it (ImportQueue): a
        damaged or hostile file is refused with its reason, and nothing kept is touched. The
        player is told when it is done (`pass_time`), or at once when too many wait."""
        refused = self.imports.add(path)
        return [] if refused is None else [ev.Told(*refused)]

    def _imported(self, top: ShownOnTop | None) -> list[ev.Event]:
        """The file read to the end, said; the game kept, focused in the list if it shows."""
        outcome = self.imports.finished()
        if outcome is None:
            return []
        key, fields, game_id = outcome
        if game_id is not None and top is not None:
            top.imported(game_id)
        return [ev.Told(key, fields)]
