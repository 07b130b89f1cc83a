"""The review's screens (R23): the moves of the game reviewed, stepped through (review.py),
with its plot, its worst moves and its mistakes; and the list of the four mistakes, each
jumping to where it happened."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.play import commands as cmd
from game.play import events as ev
from game.screens.browsing import BrowsingScreen
from game.screens.games_screens import GamesScreens
from game.screens.items import MISTAKE_ITEMS, REVIEW_ITEMS, Control, MistakeItem
from game.screens.review import Stepping
from game.screens.screen import ScreenKind, Stack
from game.screens.snapshot import GamesShot


class ReviewScreen(BrowsingScreen):
    """The review's screen: the moves (Stepping), its plot, its worst moves and mistakes."""

    kind = ScreenKind.REVIEW
    shows_review = True

    def __init__(self, shelf: GamesScreens) -> None:
        super().__init__(shelf, list(REVIEW_ITEMS))

    @property
    def steps(self) -> Stepping:
        stepping = self.shelf.stepping
        assert stepping is not None  # the card makes it before it opens this screen
        return stepping

    def active(self, item: Any) -> bool:
        if isinstance(item, Control) and item is not Control.PLAY_ON:
            return self.steps.can(item)
        return super().active(item)

    def own(self, command: cmd.Command, nav: Stack) -> list[ev.Event] | None:
        events = self.steps.handle(command)
        if events is not None:
            self.settle_focus()  # Next is not focused at the last move
        return events

    def pick(self, item: Any, fraction: float, nav: Stack) -> list[ev.Event]:
        if item is Control.MISTAKES:
            return self.show(nav, MistakesScreen(self.shelf))
        if not isinstance(item, Control):
            return []
        events = self.steps.choose(item, fraction)
        self.settle_focus()
        return events

    def back(self, nav: Stack) -> list[ev.Event]:
        """From the worst moves or a mistake's, back to every move; from every move, to the
        game's card."""
        events = self.steps.back()
        if events is None:
            return self.return_below(nav)
        self.settle_focus()
        return events

    def review_moved(self) -> None:
        self.settle_focus()  # its grades came in: a button may act now

    @property
    def shown_move(self) -> int | None:
        return self.steps.position

    def shot(self) -> GamesShot:
        focus = self.focus if self.position is not None else None
        return replace(super().shot(), track=self.steps.track, focus=focus)


class MistakesScreen(BrowsingScreen):
    """The four mistakes of the game reviewed, each with where it happened: choosing one
    steps through those moves on the review's screen."""

    kind = ScreenKind.MISTAKES
    shows_review = True

    def __init__(self, shelf: GamesScreens) -> None:
        super().__init__(shelf, list(MISTAKE_ITEMS))

    def active(self, item: Any) -> bool:
        if isinstance(item, MistakeItem):
            finding = self.shelf.job.finding(item.mistake) if self.shelf.job is not None else None
            return finding is not None and finding.count > 0
        return super().active(item)

    def pick(self, item: Any, fraction: float, nav: Stack) -> list[ev.Event]:
        if isinstance(item, MistakeItem) and self.shelf.stepping is not None:
            self.shelf.stepping.mistake(item.mistake)
            return self.return_below(nav, Control.NEXT_MOVE)  # on through its moves
        return []
