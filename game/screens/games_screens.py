"""The kept games' screens (R22, R23): the list, a chosen game, its replay and its review.
Commands in, events out; no pygame.

    games_screens = GamesScreens(archive, analyse=make_analysis, export_dir=folder)
    games_screens.open()                   # Games in the pause menu: the list, newest first
    events = games_screens.handle(command) # while open, the screens' stack hands its commands here
    events = games_screens.pass_time(s)    # every frame, open or not: a review goes on meanwhile

The screens are one entry of the screens' stack over the board (game/play/menu_stack.py), over the
pause menu, so the game clock stands still while they show (R17); the session keeps the
commands it answers everywhere (quit, fullscreen, sound) and hands these screens the rest.
Each screen has its items in order (`items`: the games of a page, buttons, controls), which
the view draws in that order, so that a click on the n-th drawn thing is `Select(n)`; `focus`
is the item the keyboard and pad act on (moved about by games_focus.py). Back goes one screen
back, from the list to the pause menu; Start (Pause) goes there at once. A review keeps going
when the player leaves it, and the same game's review is taken up again where it is. Shared
files handed over wait their turn to be read (game/kept_games/share/import_queue.py).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from functools import partial
from pathlib import Path

from game.core.record import GameRecord, GameSummary, Origin
from game.core.replay import Position, Positions, ReplayError
from game.kept_games.archive.games_archive import Archive, ArchiveError
from game.kept_games.review.job import Analyse, PlayOn, ReviewJob
from game.kept_games.share.import_queue import ImportQueue
from game.kept_games.share.transfer import export_to
from game.play import commands as cmd
from game.play import events as ev
from game.screens import practice_answers
from game.screens.games_focus import move_in, point, settle, turn_page
from game.screens.games_list import GamesList
from game.screens.items import (
    LIST_BUTTONS,
    SCREEN_ITEMS,
    AnswerItem,
    Control,
    GameRow,
    GamesItem,
    MistakeItem,
    Screen,
)
from game.screens.opening import Opening
from game.screens.practice import Practice
from game.screens.replay import Replaying
from game.screens.review import Stepping
from game.screens.screen import Item
from game.solver.analysis import Analysis, AnalysisState, Task, review_depth

log = logging.getLogger("game.screens.games_screens")


def _analysis(grids, size: int, depth: int, tables_dir=None) -> Analysis:
    return Analysis(grids, size=size, depth=depth, tables_dir=tables_dir)


def _rollouts(moves, size: int, tables_dir=None) -> Analysis:
    return Analysis(moves, size=size, task=Task.ROLLOUTS, tables_dir=tables_dir)


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
        self.screen: Screen | None = None
        self.focus = 0
        self.games = GamesList(archive)
        self.chosen: GameSummary | None = None  # the game chosen in the list
        self.opening: Opening | None = None  # the game chosen, being loaded and replayed
        self.record: GameRecord | None = None  # the game chosen, once open
        self.positions: Positions | None = None
        self.replaying: Replaying | None = None
        self.job: ReviewJob | None = None  # the review under way or done, of one game
        self.imports = ImportQueue(archive)  # the shared files being read, one at a time
        self.stepping: Stepping | None = None  # where the player is in the review
        self.practice: Practice | None = None  # the chosen game's mistakes tried again
        self._list_focus = 0

    # -- what the view reads -------------------------------------------------------------------

    @property
    def is_open(self) -> bool:
        return self.screen is not None

    @property
    def busy(self) -> bool:
        """Whether frames must keep coming: a replay plays, a game opens, a file is being
        imported, or a review works (its solver, or this side's reading of the boards, a slice
        a frame)."""
        playing = self.replaying is not None and self.replaying.playing
        working = self.imports.busy or self.opening is not None
        return playing or working or (self.job is not None and not self.job.settled)

    @property
    def items(self) -> list[GamesItem]:
        if self.screen is Screen.LIST:
            return [*(GameRow(summary) for summary in self.games.rows), *LIST_BUTTONS]
        return list(SCREEN_ITEMS.get(self.screen, ()))  # type: ignore[arg-type]

    def active(self, item: GamesItem) -> bool:
        """Whether choosing `item` does anything now; one that cannot is drawn so."""
        replaying, stepping, job = self.replaying, self.stepping, self.job
        match item:
            case Control.REPLAY | Control.REVIEW | Control.PRACTISE | Control.EXPORT if (
                self.screen is Screen.GAME
            ):
                return self.record is not None  # not while the game opens
            case AnswerItem() | Control.NEXT_TRY:
                return practice_answers.can(self, item)
            case Control.PLAY_ON:
                position = self.position  # a position with no move left has nothing to play
                return position is not None and not position.over
            case Item.PREV_PAGE:
                return self.games.page > 0
            case Item.NEXT_PAGE:
                return self.games.page < self.games.pages - 1
            case Control() if self.screen is Screen.REPLAY and replaying is not None:
                return replaying.can(item)
            case Control() if self.screen is Screen.REVIEW and stepping is not None:
                return stepping.can(item)
            case MistakeItem(mistake):
                finding = job.finding(mistake) if job is not None else None
                return finding is not None and finding.count > 0
        return True

    def can_focus(self, index: int) -> bool:
        """Whether the keyboard and pad may rest on item `index` (never the pointer's seek bar)."""
        item = self.items[index]
        if isinstance(item, MistakeItem):  # its words read even when it found nothing
            return self.job is not None and self.job.finding(item.mistake) is not None
        return item is not Control.SEEK and self.active(item)

    @property
    def position(self) -> Position | None:
        """The position on the board of the replay or the review."""
        if self.screen is Screen.REPLAY and self.replaying is not None:
            return self.replaying.position
        if self.positions is None:
            return None
        if self.screen is Screen.PRACTICE:
            at = self.practice.position if self.practice is not None else None
            return None if at is None else self.positions[at]
        if self.stepping is not None and self.stepping.position is not None:
            return self.positions[self.stepping.position]
        return self.positions[0]

    # -- opening and closing -------------------------------------------------------------------

    def open(self) -> list[ev.Event]:
        """The list of kept games, newest first, the newest focused."""
        self.screen = Screen.LIST
        self.games.load(0)
        self.focus = 0
        settle(self)
        return [ev.MenuOpened("games")]

    def leave(self) -> list[ev.Event]:
        """Back to the pause menu; a review under way goes on, a game opening does not."""
        if self.replaying is not None:
            self.replaying.playing = False
        self._stop_opening()
        self.screen = None
        return [ev.MenuClosed("games")]

    def close(self) -> None:
        """The game quits: the review stops, and its scores so far are kept."""
        self._stop_opening()
        if self.job is not None:
            self.job.close()

    # -- commands ------------------------------------------------------------------------------

    def handle(self, command: cmd.Command) -> list[ev.Event]:
        if self.screen is None:
            return []
        match command:
            case cmd.Point(index):
                return point(self, index)
            case cmd.Select(index, _, fraction):
                return self._choose(index, fraction)
            case cmd.Pause():
                return self.leave()
            case cmd.Back() | cmd.BackOrUndo():
                return self._back()
            case cmd.NewGame() if self.screen in (Screen.REPLAY, Screen.REVIEW):
                # New game's key and button there: a new game from the position shown.
                return self._choose(self.items.index(Control.PLAY_ON))
        match self.screen:
            case Screen.REPLAY if self.replaying is not None:
                return self._in_replay(command)
            case Screen.REVIEW if self.stepping is not None:
                events = self.stepping.handle(command)
                if events is not None:
                    settle(self)  # Next is not focused at the last move
                    return events
            case Screen.PRACTICE if isinstance(command, cmd.Move):
                return practice_answers.answer(self, command.direction)
        if isinstance(command, cmd.Confirm):
            return self._choose(self.focus)
        return move_in(self, command) or []  # the focus, and the list's pages

    def _in_replay(self, command: cmd.Command) -> list[ev.Event]:
        """The replay's keys; Tab moves among its buttons, and Enter chooses the one focused
        (Play, where the focus rests, plays or pauses)."""
        assert self.replaying is not None
        if isinstance(command, cmd.MenuFocus):
            return move_in(self, command) or []
        if isinstance(command, cmd.Confirm) and self.items[self.focus] is not Control.PLAY:
            return self._choose(self.focus)
        return self.replaying.handle(command)

    def _back(self) -> list[ev.Event]:
        match self.screen:
            case Screen.LIST:
                return self.leave()
            case Screen.GAME:
                return self._to_list()  # a game opening goes on: it may be chosen again
            case Screen.REVIEW if self.stepping is not None:
                events = self.stepping.back()  # from the worst moves, back to every move
                if events is not None:
                    settle(self)
                    return events
            case Screen.MISTAKES:
                return self._to_screen(Screen.REVIEW, Control.MISTAKES)
            case Screen.PRACTICE:
                return self._to_screen(Screen.GAME, Control.PRACTISE)
        if self.replaying is not None:
            self.replaying.playing = False
        came_from = Control.REVIEW if self.screen is Screen.REVIEW else Control.REPLAY
        return self._to_screen(Screen.GAME, came_from)

    # -- screens -------------------------------------------------------------------------------

    def _to_screen(self, screen: Screen, focus: GamesItem | int = 0) -> list[ev.Event]:
        self.screen = screen
        items = self.items
        self.focus = items.index(focus) if not isinstance(focus, int) else focus
        settle(self)
        return [ev.MenuConfirmed(), *self._shown()]

    def _shown(self) -> list[ev.Event]:
        position = self.position
        return [] if position is None else [ev.PositionShown(position.grid)]

    # -- the list and a game chosen in it ------------------------------------------------------

    def _to_list(self) -> list[ev.Event]:
        self.screen = Screen.LIST
        self.focus = self._list_focus
        settle(self)
        return [ev.MenuConfirmed()]

    def _open_game(self, summary: GameSummary) -> list[ev.Event]:
        """The chosen game's screen, at once; its record is loaded and replayed meanwhile on a
        thread (`_opened`), its buttons waiting for it. The same game, unchanged since it was
        opened, is not replayed again, nor one still opening started again."""
        self._list_focus = self.focus
        self.chosen = summary
        if self.opening is not None and self.opening.summary != summary:
            self._stop_opening()  # another game's
        if self.opening is None and (self.record is None or self.record.summary != summary):
            self.record = self.positions = self.replaying = self.stepping = None
            self.opening = Opening(self.archive, summary)
        return self._to_screen(Screen.GAME)

    def _opened(self) -> list[ev.Event]:
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
            events = self._to_list() if self.screen is Screen.GAME else []
            return [*events, ev.Told("game_unreadable")]
        self.record, self.positions = record, positions
        self.replaying, self.stepping = Replaying(positions), None
        if self.screen is not Screen.GAME:
            return []
        self.focus = self.items.index(Control.REPLAY)
        return self._shown()

    def _stop_opening(self) -> None:
        if self.opening is not None:
            self.opening.cancel()
            self.opening = None

    # -- choosing ------------------------------------------------------------------------------

    def _choose(self, index: int, fraction: float = 0.5) -> list[ev.Event]:
        items = self.items
        if not 0 <= index < len(items) or not self.active(items[index]):
            return []
        item = items[index]
        if item is not Control.SEEK:
            self.focus = index
        replaying = self.replaying
        match item:
            case GameRow(summary):
                return self._open_game(summary)
            case Item.PREV_PAGE | Item.NEXT_PAGE:
                return turn_page(self, -1 if item is Item.PREV_PAGE else 1)
            case Item.BACK:
                return self._back()
            case Control.REPLAY:
                return self._to_screen(Screen.REPLAY, Control.PLAY)
            case Control.REVIEW:
                return self._review()
            case Control.EXPORT:
                return self._export()
            case Control.PLAY_ON:
                return self._play_on()
            case Control.PRACTISE:
                return self._practise()
            case AnswerItem(direction):
                return practice_answers.answer(self, direction)
            case Control.NEXT_TRY if self.practice is not None:
                events = self.practice.next()
                settle(self)
                return [ev.MenuConfirmed(), *events]
            case Control() if self.screen is Screen.REPLAY and replaying is not None:
                return replaying.choose(item, fraction)
            case Control.MISTAKES:
                return self._to_screen(Screen.MISTAKES)
            case Control() if self.stepping is not None:
                events = self.stepping.choose(item, fraction)
                settle(self)
                return events
            case MistakeItem(mistake) if self.stepping is not None:
                self.stepping.mistake(mistake)
                return self._to_screen(Screen.REVIEW, Control.NEXT_MOVE)
        return []

    # -- the review ----------------------------------------------------------------------------

    def _review(self) -> list[ev.Event]:
        """Review the chosen game: the review of it under way is taken up again."""
        job = self._reviewing()
        if self.stepping is None or self.stepping.job is not job:
            self.stepping = Stepping(job, job.positions)
        return self._to_screen(Screen.REVIEW, Control.NEXT_MOVE)

    def _reviewing(self) -> ReviewJob:
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

    # -- the practice -------------------------------------------------------------------------

    def _practise(self) -> list[ev.Event]:
        """Try the chosen game's mistakes again: its review first, taken up where it is (the
        practice starts once it is done: `pass_time`)."""
        self._reviewing()
        self.practice = None
        return [*self._to_screen(Screen.PRACTICE), *practice_answers.ready(self)]

    # -- time, files ---------------------------------------------------------------------------

    def pass_time(self, seconds: float) -> list[ev.Event]:
        """Real time passed: a replay plays on; a review takes in the solver's scores; a file
        read to the end is kept."""
        events: list[ev.Event] = self._imported() + self._opened()
        if self.screen is Screen.REPLAY and self.replaying is not None:
            events += self.replaying.pass_time(seconds)
        job = self.job
        if job is not None and not job.settled:
            was_running = job.running
            events += job.poll()
            done = was_running and job.state is AnalysisState.DONE
            if done and self.screen not in (Screen.REVIEW, Screen.MISTAKES, Screen.PRACTICE):
                events.append(ev.Told("review_ready"))
            if self.screen is Screen.REVIEW:
                settle(self)
        if self.screen is Screen.PRACTICE:
            events += practice_answers.ready(self)
        return events

    def _play_on(self) -> list[ev.Event]:
        """A new game from the position shown: the screens close, and the session starts it."""
        record, position = self.record, self.position
        assert record is not None and position is not None
        if self.replaying is not None:
            self.replaying.playing = False
        origin = Origin(record.summary.uid, position.index)
        events = self.leave()
        return [ev.MenuConfirmed(), *events, ev.PlayOnAsked(record.size, position, origin)]

    def _export(self) -> list[ev.Event]:
        assert self.record is not None
        key, fields = export_to(self.record, self.export_dir)
        return [ev.MenuConfirmed(), ev.Told(key, fields)]

    def import_file(self, path: str | Path) -> list[ev.Event]:
        """Keep the game of a shared file (dropped on the window, or --import), once it is read
        and checked on its own thread, after the files handed over before it (ImportQueue): a
        damaged or hostile file is refused with its reason, and nothing kept is touched. The
        player is told when it is done (`pass_time`), or at once when too many wait."""
        refused = self.imports.add(path)
        return [] if refused is None else [ev.Told(*refused)]

    def _imported(self) -> list[ev.Event]:
        """The file read to the end, said; the game kept, focused in the list if it shows."""
        outcome = self.imports.finished()
        if outcome is None:
            return []
        key, fields, game_id = outcome
        if game_id is not None and self.screen is Screen.LIST:
            self.games.load(0)
            self.focus = self.games.row_of(game_id) or 0
            settle(self)
        return [ev.Told(key, fields)]
