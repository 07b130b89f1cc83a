"""What every Games screen (R22, R23) shares: its events are shown and heard but never kept
(`ev.OnScreens`: a replay's moves are not the player's), Pause leaves them all for the pause
menu, Back returns to the screen it came from with the focus on the button that opened it,
and "Play from here" starts a game from the position shown. The kept games' state they
share (the game opened, its review under way) is games_screens.py's.

Up and Down move the focus; Left and Right are each screen's own (the replay steps, the list
turns its pages). The pointer's seek bar is never focused.
"""

from __future__ import annotations

from typing import Any, ClassVar

from game.core.record import Origin
from game.core.replay import Position
from game.play import commands as cmd
from game.play import events as ev
from game.screens.focus import UPRIGHT
from game.screens.games_screens import GamesScreens
from game.screens.items import Control, MistakeItem
from game.screens.screen import Item, Screen, Stack
from game.screens.snapshot import GamesShot


class BrowsingScreen(Screen):
    shows_review: ClassVar[bool] = False  # the review's own screens: it is ready when seen

    def __init__(self, shelf: GamesScreens, items: list[Any], focus: int = 0) -> None:
        super().__init__(items, focus)
        self.shelf = shelf

    # -- what the view reads -------------------------------------------------------------------

    @property
    def position(self) -> Position | None:
        """The position on the board: where the review is, else the game's start."""
        return self.shelf.reviewed_position

    @property
    def shown_move(self) -> int | None:
        """The position whose move this screen tells of, as its review graded it."""
        return None

    def shot(self) -> GamesShot:
        """This screen as it shows, frozen: what the view draws (snapshot.py)."""
        shelf, items = self.shelf, tuple(self.items)
        return GamesShot(
            kind=self.kind,
            items=items,
            actives=tuple(self.active(item) for item in items),
            focus=self.focus,
            chosen=shelf.chosen,
            record=shelf.record,
            positions=shelf.positions or (),
            opening=shelf.opening.fraction if shelf.opening is not None else None,
            review=shelf.review_shot(self.shown_move),
        )

    def active(self, item: Any) -> bool:
        if item is Control.PLAY_ON:
            position = self.position  # a position with no move left has nothing to play
            return position is not None and not position.over
        return super().active(item)

    def can_focus(self, index: int) -> bool:
        item = self.items[index]
        if isinstance(item, MistakeItem):  # its words read even when it found nothing
            return self.shelf.job is not None and self.shelf.job.finding(item.mistake) is not None
        return item is not Control.SEEK and self.active(item)

    # -- commands ------------------------------------------------------------------------------

    def handle(self, command: cmd.Command, nav: Stack) -> list[ev.Event]:
        events = self.answer(command, nav)
        asked = [event for event in events if isinstance(event, ev.PlayOnAsked)]
        shown = [event for event in events if not isinstance(event, ev.PlayOnAsked)]
        played_on = nav.play_on(asked[0]) if asked else []
        return ([ev.OnScreens(tuple(shown))] if shown else []) + played_on

    def answer(self, command: cmd.Command, nav: Stack) -> list[ev.Event]:
        """The screen's answer, before it is wrapped as the screens' own."""
        match command:
            case cmd.Point(index):
                return self.point(index)
            case cmd.Select(index, _, fraction):
                return self.choose_at(index, fraction, nav)
            case cmd.Pause():
                return nav.leave_games()
            case cmd.Back() | cmd.BackOrUndo():
                return self.back(nav)
            case cmd.NewGame() if Control.PLAY_ON in self.items:
                # New game's key and button there: a new game from the position shown.
                return self.choose_at(self.items.index(Control.PLAY_ON), 0.5, nav)
        own = self.own(command, nav)
        if own is not None:
            return own
        if isinstance(command, cmd.Confirm):
            return self.choose_at(self.focus, 0.5, nav)
        return self.move_in(command) or []

    def own(self, command: cmd.Command, nav: Stack) -> list[ev.Event] | None:
        """A command that is this screen's own (the replay's keys); None: not one."""
        return None

    def move_in(self, command: cmd.Command) -> list[ev.Event] | None:
        match command:
            case cmd.Move(direction) if direction in UPRIGHT:
                return self.move_focus(UPRIGHT[direction])
            case cmd.MenuFocus(step):
                return self.move_focus(step)
        return None

    def choose_at(self, index: int, fraction: float, nav: Stack) -> list[ev.Event]:
        """The item at `index` chosen (a click on the seek bar at `fraction` of its width)."""
        if not 0 <= index < len(self.items) or not self.active(self.items[index]):
            return []
        item = self.items[index]
        if item is not Control.SEEK:
            self.focus = index
        if item is Item.BACK:
            return self.back(nav)
        if item is Control.PLAY_ON:
            return self.play_on(nav)
        return self.pick(item, fraction, nav)

    def pick(self, item: Any, fraction: float, nav: Stack) -> list[ev.Event]:
        """What choosing `item` does on this screen."""
        return []

    def play_on(self, nav: Stack) -> list[ev.Event]:
        """A new game from the position shown: the session starts it and the screens close
        (asked first, over this screen, while a game of that size is in progress: the stack's
        `play_on`; Cancel comes back here)."""
        record, position = self.shelf.record, self.position
        assert record is not None and position is not None
        origin = Origin(record.summary.uid, position.index)
        return [ev.MenuConfirmed(), ev.PlayOnAsked(record.size, position, origin)]

    # -- moving between the screens ------------------------------------------------------------

    def show(self, nav: Stack, screen: BrowsingScreen, focus: Any = None) -> list[ev.Event]:
        """`screen` over this one, its focus on `focus` (else its first item that can act)."""
        nav.push(screen)
        screen.focus = screen.items.index(focus) if focus is not None else 0
        screen.settle_focus()
        return [ev.MenuConfirmed(), *screen.shown()]

    def back(self, nav: Stack) -> list[ev.Event]:
        """Back to the screen under this one, its focus where it was: on the button that
        opened this one."""
        return self.return_below(nav)

    def return_below(self, nav: Stack, focus: Any = None) -> list[ev.Event]:
        """This screen closes; the one under it shows again (focused on `focus`, if given)."""
        nav.dismiss(self)
        below = nav.top
        if not isinstance(below, BrowsingScreen):
            return []
        if focus is not None:
            below.focus = below.items.index(focus)
        below.settle_focus()
        return [ev.MenuConfirmed(), *below.shown()]

    def shown(self) -> list[ev.Event]:
        """The position this screen shows, put on its board at once."""
        position = self.position
        return [] if position is None else [ev.PositionShown(position.grid)]

    # -- what happens meanwhile (games_screens.py tells the screen on top) ---------------------

    def imported(self, game_id: int) -> None:
        """A shared file's game was kept."""

    def opened(self) -> list[ev.Event]:
        """The chosen game is open."""
        return []

    def review_moved(self) -> None:
        """The review under way took in more of the solver's scores."""

    def open_failed(self, nav: Stack) -> list[ev.Event]:
        """The chosen game could not be opened."""
        return []
