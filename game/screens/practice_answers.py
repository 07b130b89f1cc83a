"""The practice of a game's mistakes on the kept games' screens
(game/screens/practice.py), as the navigator (game/screens/games_screens.py)
hands it the player's moves: starting it once the game's review is done, which of its items can act,
and an answer, graded and kept.

    events = ready(games_screens)               # the practice, once the review is whole
    can(games_screens, item)                    # an answer until one is given, then Next
    events = answer(games_screens, direction)   # graded, kept in the archive, the focus on Next
"""

from __future__ import annotations

import logging
from typing import Protocol

from game.core.engine import Direction
from game.kept_games.archive.games_archive import Archive, ArchiveError
from game.kept_games.review.job import ReviewJob
from game.play import events as ev
from game.screens import games_focus
from game.screens.games_focus import settle
from game.screens.items import Control, GamesItem
from game.screens.practice import Practice


class PracticeHolder(games_focus.FocusHolder, Protocol):
    """What the practice needs of the navigator besides its focus (named here, as the navigator
    imports this module)."""

    archive: Archive
    job: ReviewJob | None
    practice: Practice | None


log = logging.getLogger("game.screens.practice")


def ready(games_screens: PracticeHolder) -> list[ev.Event]:
    """The practice, once its game's review is done, with the answers kept before read back
    (none when they cannot be read: every mistake is offered)."""
    job = games_screens.job
    if games_screens.practice is not None or job is None or not job.finished:
        return []
    if job.result is None or not job.result.complete:
        return []
    try:
        last = games_screens.archive.last_answers(job.game_id) if job.game_id is not None else {}
    except ArchiveError as error:
        log.warning("the practice's answers could not be read: %s", error)
        last = {}
    games_screens.practice = Practice(job, last)
    games_screens.focus = 0  # on the first answer: Back held it while the review ran
    settle(games_screens)
    return games_screens.practice.shown()


def can(games_screens: PracticeHolder, item: GamesItem) -> bool:
    """An answer can be given until one is; then Next goes on."""
    practice = games_screens.practice
    if practice is None or practice.done:
        return False
    answered = practice.answer is not None
    return answered if item is Control.NEXT_TRY else not answered


def answer(games_screens: PracticeHolder, direction: Direction) -> list[ev.Event]:
    """The player's move on the position shown, graded and kept; the focus on Next. A move
    that changes nothing there is blocked, as in play."""
    practice = games_screens.practice
    if practice is None:
        return []
    given = practice.answer_with(direction)
    if given is None:
        return [ev.Blocked(direction)] if practice.answer is None else []
    if practice.job.game_id is not None:
        games_screens.archive.keep_answer(
            practice.job.game_id, given.position, direction, given.right
        )
    games_screens.focus = games_screens.items.index(Control.NEXT_TRY)
    return [ev.MenuConfirmed()]
