"""Hint and autoplay (R20): asks the solver's background process, never waits for it.

Each request carries the board it was made for; an answer for a board that has since changed
is dropped. Autoplay plays at the player's pace (moves a second, or as fast as it can think).

When the solver cannot answer (its process keeps dying, or cannot start), autoplay stops, the
pending hint is dropped, and `step` returns one `SolverNews(solver_failed=True)` for the app to
tell the player; the game plays on. A later hint or autoplay asks again (the worker decides
when its processes may start again). A solver that names a move that does not move the board
has wrong tables (a cache doctored past its checks): it fails the same way, at once, and its
table file is discarded, so the next solver builds the tables afresh. A solver given up on is
killed at once, never waited on: a hung process would hold the frame.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from game.core.engine import Direction, Game, Grid, shift
from game.core.settings import MOVES_PER_SECOND, Settings
from game.play import events as ev
from game.play.session import Session
from game.solver import SolverWorker
from game.solver.table_cache import discard_cache

HINT_BUDGET_S = 0.15
# A solver that is alive but has not answered this long after its budget is stuck (a doctored
# table, a hung process): it is stopped and the player told, as for one that died.
ANSWER_GRACE_S = 8.0
FASTEST_BUDGET_S = 0.05  # "as fast as it can": a shorter think per move


def solver_processes(cores: int | None = None) -> int:
    """How many processes share a search: the root moves split between them, one core kept
    for the game itself and one for the system. On two cores one process searches deeper than
    two that fight for the same core, so splitting starts at four cores."""
    cores = cores if cores is not None else (os.cpu_count() or 1)
    return max(1, min(4, cores - 2))


@dataclass(frozen=True)
class SolverNews:
    """What the solver has for the game this step: an arrow, a move, or word that it failed."""

    hint: Direction | None = None  # show this arrow
    move: Direction | None = None  # play this move
    solver_failed: bool = False  # the solver could not answer: say so (autoplay has stopped)


class Autoplay:
    def __init__(self, tables_dir: str | os.PathLike[str] | None, pace: str = "5") -> None:
        self.tables_dir = tables_dir
        self.pace = pace if pace in MOVES_PER_SECOND else "5"
        self.playing = False
        self._workers: dict[int, SolverWorker] = {}
        self._request_id = 0
        self._pending: tuple[int, Grid, str] | None = None  # (id, board, "hint" or "move")
        self._waited = 0.0  # how long the pending request has waited, past its budget

        self._next_move: tuple[Grid, Direction] | None = None
        self._cooldown = 0.0

    @property
    def busy(self) -> bool:
        """Whether the loop must keep polling (a request is out, or autoplay runs)."""
        return self.playing or self._pending is not None

    def set_pace(self, pace: str) -> None:
        if pace in MOVES_PER_SECOND:
            self.pace = pace

    def use_settings(self, settings: Settings) -> None:
        self.set_pace(settings.autoplay_pace)

    def handle(self, events: list[ev.Event], session: Session) -> None:
        """A listener: the session asked for a hint, or started or stopped autoplay."""
        for event in events:
            if isinstance(event, ev.HintRequested):
                self.ask_hint(session.game)
            elif isinstance(event, ev.AutoplayStarted):
                self.play(session.game)
            elif isinstance(event, ev.AutoplayStopped):
                self.stop()

    def ask_hint(self, game: Game) -> None:
        self._ask(game, "hint", HINT_BUDGET_S)

    def play(self, game: Game) -> None:
        self.playing = True
        self._cooldown = 0.0
        self._next_move = None
        self._ask(game, "move", self._move_budget())

    def stop(self) -> None:
        self.playing = False
        self._next_move = None
        if self._pending is not None and self._pending[2] == "move":
            self._pending = None

    def step(self, dt: float, game: Game, *, busy: bool) -> list[SolverNews]:
        """One fixed step: collect answers; make autoplay's next move when it is due."""
        answers: list[SolverNews] = []
        self._cooldown -= dt
        if self._pending is not None:
            self._waited += dt
            if self._waited > ANSWER_GRACE_S:
                return [self._give_up(game.size)]
        worker = self._workers.get(game.size)
        if worker is not None and self._pending is not None:
            for reply in worker.poll():
                pending = self._pending
                if pending is None or reply.request_id != pending[0]:
                    continue  # the reply to a request made before the pending one
                self._pending = None
                direction = reply.direction
                if reply.failure is not None:
                    self.stop()
                    answers.append(SolverNews(solver_failed=True))
                elif pending[1] != game.grid:
                    continue  # an answer for a board that is gone
                elif direction is not None and not shift(game.grid, direction).moved:
                    # Its tables are wrong (a cache doctored past its checks): never trust
                    # them again, nor a move it names; the next request builds them afresh.
                    answers.append(self._give_up(game.size, discard_tables=True))
                elif pending[2] == "hint" and direction is not None:
                    answers.append(SolverNews(hint=direction))
                elif pending[2] == "move":
                    if direction is None:
                        self.stop()
                    else:
                        self._next_move = (game.grid, direction)
        if not self.playing:
            return answers
        if self._next_move is not None and self._next_move[0] != game.grid:
            self._next_move = None  # the player (or an undo) changed the board
        ready = self._cooldown <= 1e-9 and (not busy or self.pace == "max")
        if self._next_move is not None and ready:
            answers.append(SolverNews(move=self._next_move[1]))
            self._next_move = None
            # A move made a frame late makes the next one no later: the pace holds on average.
            interval = 1.0 / MOVES_PER_SECOND[self.pace]
            self._cooldown = interval + max(self._cooldown, -interval / 2)
        elif self._next_move is None and self._pending is None and not game.over:
            self._ask(game, "move", self._move_budget())
        return answers

    def _move_budget(self) -> float:
        rate = MOVES_PER_SECOND[self.pace]
        return FASTEST_BUDGET_S if rate > 10 else min(0.1, 1.0 / rate)

    def warm_up(self, size: int) -> None:
        """Start the solver's process now, so that the first hint comes within its budget."""
        self._worker(size).start()

    def _worker(self, size: int) -> SolverWorker:
        worker = self._workers.get(size)
        if worker is None:
            worker = SolverWorker(
                HINT_BUDGET_S, size=size, processes=solver_processes(), tables_dir=self.tables_dir
            )
            self._workers[size] = worker
        return worker

    def _ask(self, game: Game, purpose: str, budget_s: float) -> None:
        worker = self._worker(game.size)
        self._request_id += 1
        self._pending = (self._request_id, game.grid, purpose)
        self._waited = -budget_s
        worker.request(self._request_id, game.grid, budget_s)

    def _give_up(self, size: int, *, discard_tables: bool = False) -> SolverNews:
        """The solver is stuck or wrong: stop it at once (the next request starts a fresh one)
        and say so."""
        worker = self._workers.pop(size, None)
        if worker is not None:
            worker.close(polite=False)
        if discard_tables and self.tables_dir is not None:
            discard_cache(self.tables_dir)
        self._pending = None
        self.stop()
        return SolverNews(solver_failed=True)

    def close(self) -> None:
        for worker in self._workers.values():
            worker.close()
        self._workers.clear()
        self.playing = False
        self._pending = None
