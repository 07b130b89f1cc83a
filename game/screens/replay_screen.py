"""The replay's screen (R22): a kept game played back (replaying.py), its keys stepping and
playing, its buttons, and "Play from here"."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.core.replay import Position
from game.play import commands as cmd
from game.play import events as ev
from game.screens.browsing import BrowsingScreen
from game.screens.games_screens import GamesScreens
from game.screens.items import REPLAY_ITEMS, Control
from game.screens.replaying import SPEEDS, Replaying
from game.screens.screen import ScreenKind, Stack
from game.screens.snapshot import GamesShot, ReplayShot


class ReplayScreen(BrowsingScreen):
    """The replay's screen: its keys step and play (Replaying.handle); Tab moves among its
    buttons, and Enter chooses the one focused (Play, where the focus rests, plays or
    pauses)."""

    kind = ScreenKind.REPLAY

    def __init__(self, shelf: GamesScreens) -> None:
        super().__init__(shelf, list(REPLAY_ITEMS))

    @property
    def replay(self) -> Replaying:
        replaying = self.shelf.replaying
        assert replaying is not None  # the card opens the replay once the game is open
        return replaying

    @property
    def position(self) -> Position | None:
        return self.replay.position

    def active(self, item: Any) -> bool:
        if isinstance(item, Control) and item is not Control.PLAY_ON:
            return self.replay.can(item)
        return super().active(item)

    def own(self, command: cmd.Command, nav: Stack) -> list[ev.Event] | None:
        if isinstance(command, cmd.MenuFocus):
            return self.move_in(command) or []
        if isinstance(command, cmd.Confirm) and self.items[self.focus] is not Control.PLAY:
            return self.choose_at(self.focus, 0.5, nav)
        return self.replay.handle(command)

    def pick(self, item: Any, fraction: float, nav: Stack) -> list[ev.Event]:
        return self.replay.choose(item, fraction) if isinstance(item, Control) else []

    def pass_time(self, seconds: float, nav: Stack) -> list[ev.Event]:
        return self.replay.pass_time(seconds)

    def shot(self) -> GamesShot:
        replay = self.replay
        shown = ReplayShot(
            replay.index,
            replay.last,
            replay.playing,
            replay.per_second,
            SPEEDS[-1],
            replay.position,
        )
        return replace(super().shot(), replay=shown)

    def closed(self) -> None:
        self.replay.playing = False
