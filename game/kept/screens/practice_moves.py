"""The practice of a game's mistakes on the kept games' screens (game/kept/screens/practice.py),
as the navigator (game/kept/screens/navigator.py) hands it the player's moves: starting it once
the game's review is done, which of its items can act, and an answer, graded and kept.

    events = ready(browser)               # the practice, once the review is whole
    can(browser, item)                    # an answer until one is given, then Next
    events = answer(browser, direction)   # graded, kept in the archive, the focus on Next
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from game.core.engine import Direction
from game.kept.archive.store import ArchiveError
from game.kept.screens.items import BrowserItem, Control
from game.kept.screens.practice import Practice
from game.kept.screens.screen_moves import settle
from game.play import events as ev

if TYPE_CHECKING:
    from game.kept.screens.navigator import Browser

log = logging.getLogger("game.kept.screens.practice")


def ready(browser: Browser) -> list[ev.Event]:
    """The practice, once its game's review is done, with the answers kept before read back
    (none when they cannot be read: every mistake is offered)."""
    job = browser.job
    if browser.practice is not None or job is None or not job.finished:
        return []
    if job.result is None or not job.result.complete:
        return []
    try:
        last = browser.archive.last_answers(job.game_id) if job.game_id is not None else {}
    except ArchiveError as error:
        log.warning("the practice's answers could not be read: %s", error)
        last = {}
    browser.practice = Practice(job, last)
    browser.focus = 0  # on the first answer: Back held it while the review ran
    settle(browser)
    return browser.practice.shown()


def can(browser: Browser, item: BrowserItem) -> bool:
    """An answer can be given until one is; then Next goes on."""
    practice = browser.practice
    if practice is None or practice.done:
        return False
    answered = practice.answer is not None
    return answered if item is Control.NEXT_TRY else not answered


def answer(browser: Browser, direction: Direction) -> list[ev.Event]:
    """The player's move on the position shown, graded and kept; the focus on Next. A move
    that changes nothing there is blocked, as in play."""
    practice = browser.practice
    if practice is None:
        return []
    given = practice.answer_with(direction)
    if given is None:
        return [ev.Blocked(direction)] if practice.answer is None else []
    if practice.job.game_id is not None:
        browser.archive.keep_answer(practice.job.game_id, given.position, direction, given.right)
    browser.focus = browser.items.index(Control.NEXT_TRY)
    return [ev.MenuConfirmed()]
