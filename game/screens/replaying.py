"""A kept game played back (R22): the position shown, stepped by hand or played at a speed
(its screen: replay_screen.py).

    replaying = Replaying(replay(record))
    replaying.go(12)                 # events: the next position animated, any other at once
    replaying.toggle()               # play or pause
    replaying.pass_time(seconds)     # real time: while playing, a step every 1/speed seconds

Pure: the events are the session's own (Moved, Spawned, Undone), so the board and the sounds
of a replay are those of the game; a jump, a step back and an undo show the position at once
(PositionShown).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.core.replay import Position
from game.play import commands as cmd
from game.play import events as ev
from game.screens.focus import SIDEWAYS, UPRIGHT
from game.screens.items import Control

SPEEDS = (1.0, 2.0, 4.0, 8.0, 16.0)  # positions a second; at 16 each slide is cut short
DEFAULT_SPEED = SPEEDS.index(2.0)


def step_events(position: Position) -> list[ev.Event]:
    """What playing the step that led to `position` looks and sounds like."""
    step, outcome = position.step, position.outcome
    if step is None or outcome is None:  # the start, or an undo
        shown: list[ev.Event] = [ev.PositionShown(position.grid)]
        return [ev.Undone(position.undos_left), *shown] if step is not None else shown
    spawned = outcome.spawned
    return [ev.Moved(step.action.direction, outcome), ev.Spawned(spawned.cell, spawned.value)]  # type: ignore[arg-type]


@dataclass
class Replaying:
    positions: Sequence[Position]
    index: int = 0
    speed: int = DEFAULT_SPEED  # an index into SPEEDS
    playing: bool = False
    _waited: float = 0.0  # seconds since the last step, while playing

    @property
    def position(self) -> Position:
        return self.positions[self.index]

    @property
    def last(self) -> int:
        return len(self.positions) - 1

    @property
    def per_second(self) -> float:
        return SPEEDS[self.speed]

    def go(self, index: int) -> list[ev.Event]:
        """Show position `index` (held to the game): the next one is played with its
        animation, any other is shown at once."""
        index = min(max(index, 0), self.last)
        if index == self.index:
            return []
        forward = index == self.index + 1
        self.index = index
        return step_events(self.position) if forward else [ev.PositionShown(self.position.grid)]

    def step(self, by: int) -> list[ev.Event]:
        """A step by hand: it pauses the play."""
        self.playing = False
        return self.go(self.index + by)

    def seek(self, where: int) -> list[ev.Event]:
        """To the start (-1) or the end (+1); the play pauses."""
        self.playing = False
        return self.go(0 if where < 0 else self.last)

    def jump(self, fraction: float) -> list[ev.Event]:
        """To a fraction of the way through the game (a click on the seek bar)."""
        self.playing = False
        return self.go(round(min(max(fraction, 0.0), 1.0) * self.last))

    def toggle(self) -> list[ev.Event]:
        """Play or pause. Played at the end, the game starts again from its start. The first
        step comes at once: a player who presses play sees it play."""
        if self.playing:
            self.playing = False
            return []
        events = self.go(0) if self.index == self.last else []
        self.playing = True
        self._waited = 0.0
        return events + self._advance()

    def faster(self, step: int) -> bool:
        """A speed up (+1) or down (-1), held to SPEEDS; whether it changed."""
        speed = min(max(self.speed + step, 0), len(SPEEDS) - 1)
        changed, self.speed = speed != self.speed, speed
        return changed

    def pass_time(self, seconds: float) -> list[ev.Event]:
        """Real time passed: while playing, a step every 1 / speed seconds, to the end."""
        if not self.playing:
            return []
        self._waited += seconds
        events: list[ev.Event] = []
        interval = 1.0 / self.per_second
        while self.playing and self._waited >= interval:
            self._waited -= interval
            events += self._advance()
        return events

    # -- the player's commands on the replay screen ---------------------------------------------

    def handle(self, command: cmd.Command) -> list[ev.Event]:
        """Left / Right step, Up / Down and + / - the speed, Home / End (a pad's shoulders)
        to the start and end, Enter / Space / A play or pause, the wheel steps."""
        match command:
            case cmd.Move(direction) if direction in SIDEWAYS:
                return self.step(SIDEWAYS[direction])
            case cmd.Move(direction):
                return self._speed(-UPRIGHT[direction])  # up: faster
            case cmd.Speed(step):
                return self._speed(step)
            case cmd.Seek(where):
                return self.seek(where)
            case cmd.Adjust(_, step):
                return self.step(step)
            case cmd.Confirm():
                return self.toggle()
        return []

    def can(self, control: Control) -> bool:
        """Whether a control does anything now (none steps past either end)."""
        if control in (Control.TO_START, Control.STEP_BACK):
            return self.index > 0
        if control in (Control.TO_END, Control.STEP_FORWARD):
            return self.index < self.last
        if control in (Control.SLOWER, Control.FASTER):
            return (self.speed > 0) if control is Control.SLOWER else self.speed < len(SPEEDS) - 1
        return True

    def choose(self, control: Control, fraction: float = 0.5) -> list[ev.Event]:
        """A control clicked (the seek bar at `fraction` of its width) or chosen."""
        match control:
            case Control.SEEK:
                return self.jump(fraction)
            case Control.PLAY:
                return self.toggle()
            case Control.TO_START | Control.TO_END:
                return self.seek(-1 if control is Control.TO_START else 1)
            case Control.STEP_BACK | Control.STEP_FORWARD:
                return self.step(-1 if control is Control.STEP_BACK else 1)
            case Control.SLOWER | Control.FASTER:
                return self._speed(-1 if control is Control.SLOWER else 1)
        return []

    def _speed(self, step: int) -> list[ev.Event]:
        return [ev.MenuMoved()] if self.faster(step) else []

    def _advance(self) -> list[ev.Event]:
        events = self.go(self.index + 1)
        if self.index == self.last:
            self.playing = False
        return events
