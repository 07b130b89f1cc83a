"""`--start-all`, for the tests and CI (hidden from --help): every part of the game started in
its first frames, so that a build lacking a module that any part imports fails, naming it.

A frozen executable holds only the modules PyInstaller found and build/bundle_files.py did not
leave out. What the game imports as it starts, a missing module stops at once; what a part
imports only when it starts is missing only then, and the solver's processes, which a frozen
program starts by running itself again, import their modules afresh. So with `--start-all`
the game, after its first frame,

- turns autoplay on at full pace: the solver's processes start and play moves;
- scores the board in a review's process (game/solver/analysis.py), as a kept game's review
  does;

then plays its `--frames` (one if none are given) and on until each part has answered, for
at most TIMEOUT_S. It exits 0 when each has, else 1, naming each that has not (a process that
died of a missing module has printed its traceback, "No module named ...", to stderr).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Protocol

from game.play import commands as cmd
from game.play.autoplay import Autoplay
from game.play.session import Session
from game.solver.analysis import Analysis, AnalysisState
from game.storage.folders import Folders


class RunningGame(Protocol):
    """What it needs of the running game (game/app/root.py's App, which starts it: so this module
    names what it uses rather than importing the app)."""

    session: Session
    autoplay: Autoplay
    folders: Folders

    def command(self, command: cmd.Command) -> None: ...


TIMEOUT_S = 60.0  # a part that has not answered by then will not (a process starts in ~1 s)


class StartAll:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._deadline = 0.0
        self._moves_before = 0
        self.analysis: Analysis | None = None

    @property
    def started(self) -> bool:
        return self.analysis is not None

    def start(self, app: RunningGame) -> None:
        """After the first frame: autoplay on at full pace, and a review's process started."""
        game = app.session.game
        self._moves_before = game.moves
        app.autoplay.set_pace("max")
        app.command(cmd.ToggleAutoplay())
        self.analysis = Analysis(
            {0: game.grid}, size=game.size, tables_dir=app.folders.cache, polite=False
        )
        self.analysis.start()
        self._deadline = self._clock() + TIMEOUT_S

    def waiting_for(self, app: RunningGame) -> list[str]:
        """The parts that have neither answered nor failed yet (polls the review's process)."""
        waiting = []
        if app.session.game.moves == self._moves_before and app.session.autoplaying:
            waiting.append("the solver's processes")
        if self.analysis is not None and self.analysis.poll().state is AnalysisState.RUNNING:
            waiting.append("the review's process")
        return waiting

    def settled(self, app: RunningGame) -> bool:
        """Whether the game may stop: every part answered or failed, or time is up."""
        return self.started and (not self.waiting_for(app) or self._clock() >= self._deadline)

    def verdict(self, app: RunningGame) -> int:
        """Say what each part did: 0 if each answered, else 1."""
        faults = []
        moves = app.session.game.moves - self._moves_before
        if moves <= 0:
            faults.append("the solver's processes played no move")
        analysis = self.analysis
        if analysis is None or analysis.state is not AnalysisState.DONE:
            why = "not started" if analysis is None else analysis.failure or analysis.state.value
            faults.append(f"the review's process scored nothing ({why})")
        if self._clock() >= self._deadline and faults:
            faults.append(f"nothing more came within {TIMEOUT_S:.0f} s")
        if faults:
            print(f"--start-all: {'; '.join(faults)}", file=sys.stderr)
            return 1
        played = f"{moves} move{'s' if moves > 1 else ''}"
        print(f"--start-all: every part answered (autoplay played {played}, a review scored)")
        return 0

    def close(self) -> None:
        if self.analysis is not None:
            self.analysis.close()
