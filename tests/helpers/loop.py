"""Run the real loop, `App.run()`, on a fake clock: time moves only while the loop sleeps (or
while a frame is made to take long), and the test's events arrive at the times it says."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.core.engine import Direction, valid_directions
from game.solver import Reply

START = 1000.0  # the fake clock's reading when the run begins


class ScriptedClock:
    """`at(seconds, what)`: at that many seconds into the run, post the pygame event `what`, or
    call it (to look at the game then). The run ends with a QUIT at `end`; a loop that never
    ends fails the test instead of hanging it."""

    def __init__(self, end: float) -> None:
        self.time = START
        self.end = end
        self._script: list[tuple[float, int, pygame.event.Event | Callable[[], None]]] = []
        self.sleeps = 0

    def at(self, seconds: float, what: pygame.event.Event | Callable[[], None]) -> None:
        self._script.append((seconds, len(self._script), what))
        self._script.sort(key=lambda item: item[:2])

    @property
    def elapsed(self) -> float:
        return self.time - START

    def now(self) -> float:
        return self.time

    def sleep(self, seconds: float) -> None:
        self.sleeps += 1
        self.advance(max(seconds, 0.0))

    def advance(self, seconds: float) -> None:
        """Time passes (a sleep, or a slow frame); what is due happens."""
        self.time += seconds
        while self._script and self._script[0][0] <= self.elapsed:
            _, _, what = self._script.pop(0)
            if isinstance(what, pygame.event.Event):
                pygame.event.post(what)
            else:
                what()
        if self.elapsed >= self.end:
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        assert self.elapsed < self.end + 60, "the loop did not stop"


class DrawnClock:
    """Notes the game clock each time a frame is drawn: what the player saw."""

    def __init__(self, app) -> None:
        self.seconds: list[float] = []
        draw = app.view.draw

        def spy(surface, shot, ahead=0.0):
            self.seconds.append(shot.play.seconds)
            draw(surface, shot, ahead)

        app.view.draw = spy

    @property
    def last(self) -> float:
        return self.seconds[-1]


class PolicyWorker:
    """Stands in for the solver's process: answers each board at once with the first of
    `order` that moves it."""

    def __init__(self, order: tuple[Direction, ...] = tuple(Direction)) -> None:
        self.order = order
        self._answers: list[Reply] = []

    def start(self) -> None:
        pass

    def request(self, request_id, grid, budget_s=None) -> None:
        valid = set(valid_directions(grid))
        self._answers.append(Reply(request_id, next((d for d in self.order if d in valid), None)))

    def poll(self):
        answers, self._answers = self._answers, []
        return answers

    def close(self) -> None:
        pass


class ScriptWorker(PolicyWorker):
    """Answers with the given moves in turn."""

    def __init__(self, moves: list[Direction]) -> None:
        super().__init__()
        self.moves = list(moves)

    def request(self, request_id, grid, budget_s=None) -> None:
        self._answers.append(Reply(request_id, self.moves.pop(0) if self.moves else None))
