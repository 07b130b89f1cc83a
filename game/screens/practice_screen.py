"""The practice's screen (R23): a reviewed game's mistakes tried again (practice.py), an
answer at a time, each kept in the archive."""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

from game.core.engine import Direction
from game.core.replay import Position
from game.kept_games.archive.games_archive import ArchiveError
from game.play import commands as cmd
from game.play import events as ev
from game.screens.browsing import BrowsingScreen
from game.screens.games_screens import GamesScreens
from game.screens.items import PRACTICE_ITEMS, AnswerItem, Control
from game.screens.practice import Practice
from game.screens.screen import ScreenKind, Stack
from game.screens.snapshot import GamesShot, PracticeShot

log = logging.getLogger("game.screens.practice")


class PracticeScreen(BrowsingScreen):
    """The practice's screen: it starts once the game's moves are graded (`ready`), the
    figures of the games played on coming as they come; an answer can be given until one is,
    then Next goes on. An answer is kept in the archive."""

    kind = ScreenKind.PRACTICE
    shows_review = True

    def __init__(self, shelf: GamesScreens) -> None:
        super().__init__(shelf, list(PRACTICE_ITEMS))
        self.practice: Practice | None = None

    @property
    def position(self) -> Position | None:
        at = self.practice.position if self.practice is not None else None
        positions = self.shelf.positions
        return None if at is None or positions is None else positions[at]

    def active(self, item: Any) -> bool:
        if isinstance(item, AnswerItem) or item is Control.NEXT_TRY:
            practice = self.practice
            if practice is None or practice.done:
                return False
            answered = practice.answer is not None
            return answered if item is Control.NEXT_TRY else not answered
        return super().active(item)

    def ready(self) -> list[ev.Event]:
        """The practice, once its game's moves are graded, with the answers kept before read
        back (none when they cannot be read: every mistake is offered)."""
        job, archive = self.shelf.job, self.shelf.archive
        if self.practice is not None or job is None or not job.graded:
            return []
        if job.result is None or not job.result.complete:
            return []
        try:
            last = archive.last_answers(job.game_id) if job.game_id is not None else {}
        except ArchiveError as error:
            log.warning("the practice's answers could not be read: %s", error)
            last = {}
        self.practice = Practice(job, last)
        self.focus = 0  # on the first answer: Back held it while the review ran
        self.settle_focus()
        return self.practice.shown()

    def own(self, command: cmd.Command, nav: Stack) -> list[ev.Event] | None:
        if isinstance(command, cmd.Move):
            return self.answer_with(command.direction)
        return None

    def pick(self, item: Any, fraction: float, nav: Stack) -> list[ev.Event]:
        if isinstance(item, AnswerItem):
            return self.answer_with(item.direction)
        if item is Control.NEXT_TRY and self.practice is not None:
            events = self.practice.next()
            self.focus = 0  # on the next position's first answer (Back, once all are done)
            self.settle_focus()
            return [ev.MenuConfirmed(), *events]
        return []

    def answer_with(self, direction: Direction) -> list[ev.Event]:
        """The player's move on the position shown, graded and kept; the focus on Next. A
        move that changes nothing there is blocked, as in play."""
        practice = self.practice
        if practice is None:
            return []
        given = practice.answer_with(direction)
        if given is None:
            return [ev.Blocked(direction)] if practice.answer is None else []
        if practice.job.game_id is not None:
            self.shelf.archive.keep_answer(
                practice.job.game_id, given.position, direction, given.right
            )
        self.focus = self.items.index(Control.NEXT_TRY)
        return [ev.MenuConfirmed()]

    def pass_time(self, seconds: float, nav: Stack) -> list[ev.Event]:
        return self.ready()

    @property
    def shown_move(self) -> int | None:
        return self.practice.position if self.practice is not None else None

    def shot(self) -> GamesShot:
        practice = self.practice
        if practice is None:  # its review is not done yet
            return super().shot()
        shown = PracticeShot(
            count=len(practice.todo),
            at=practice.at,
            done=practice.done,
            right_now=practice.right_now,
            missed=len(practice.missed_before),
            missed_now=practice.missed_right_now,
            answer=practice.answer,
        )
        return replace(super().shot(), practice=shown)
