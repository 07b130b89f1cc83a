"""A kept game's card (R22): the game chosen in the list, its replay, review, practice and
export. It shows at once; its buttons wait while the game is read and replayed on a thread
(games_screens.py), and a game that cannot be read sends the player back to the list."""

from __future__ import annotations

from typing import Any

from game.play import events as ev
from game.screens.browsing import BrowsingScreen
from game.screens.games_screens import GamesScreens
from game.screens.items import GAME_ITEMS, Control
from game.screens.practice_screen import PracticeScreen
from game.screens.replay_screen import ReplayScreen
from game.screens.review_screens import ReviewScreen
from game.screens.screen import ScreenKind, Stack

NEEDS_THE_GAME = (Control.REPLAY, Control.REVIEW, Control.PRACTISE, Control.EXPORT)


class GameCard(BrowsingScreen):
    kind = ScreenKind.GAME

    def __init__(self, shelf: GamesScreens) -> None:
        super().__init__(shelf, list(GAME_ITEMS))

    def active(self, item: Any) -> bool:
        if item in NEEDS_THE_GAME:
            return self.shelf.record is not None  # not while the game opens
        return super().active(item)

    def pick(self, item: Any, fraction: float, nav: Stack) -> list[ev.Event]:
        shelf = self.shelf
        match item:
            case Control.REPLAY:
                return self.show(nav, ReplayScreen(shelf), Control.PLAY)
            case Control.REVIEW:  # the review of it under way is taken up again
                shelf.take_up_review()
                return self.show(nav, ReviewScreen(shelf), Control.NEXT_MOVE)
            case Control.PRACTISE:  # its review first, taken up where it is
                shelf.reviewing()
                practice = PracticeScreen(shelf)
                return [*self.show(nav, practice), *practice.ready()]
            case Control.EXPORT:
                return [ev.MenuConfirmed(), shelf.export()]
        return []

    def back(self, nav: Stack) -> list[ev.Event]:
        """To the list; a game opening goes on: it may be chosen again."""
        nav.dismiss(self)
        below = nav.top
        if below is not None:
            below.settle_focus()
        return [ev.MenuConfirmed()]

    def opened(self) -> list[ev.Event]:
        self.focus = self.items.index(Control.REPLAY)
        return self.shown()

    def open_failed(self, nav: Stack) -> list[ev.Event]:
        return self.back(nav)
