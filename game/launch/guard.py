"""The last line of defence: nothing a player or a machine does ends the game badly.

SIGTERM, SIGHUP and SIGINT (Ctrl+C) quit as the close button does: the game is saved, the
lock let go, and the program exits 0 with no traceback. An unexpected error, while the game
starts or while it plays, saves what can be saved, writes a crash log, and tells the player in
plain words what is true: whether the game was saved, and where the log is.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Protocol

import pygame

from game.launch.crashlog import write_crash_log
from game.text import system_language, tr
from game.text.paths import shown_path

QUIT_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP", "SIGINT") if hasattr(signal, name)
)
log = logging.getLogger("game")


class Guarded(Protocol):
    running: bool

    def run(self) -> int: ...

    def close(self) -> None: ...

    def save_for_crash(self) -> bool | None: ...  # None: this run keeps nothing (--seed)

    @property
    def lang(self) -> str: ...


class QuitSignals:
    """While active, a quit signal asks the app to stop at its next frame (or, caught while
    it is still being built, as soon as it is)."""

    def __init__(self) -> None:
        self.caught: int | None = None
        self.app: Guarded | None = None
        self._before: dict[int, object] = {}

    def __enter__(self) -> QuitSignals:
        for number in QUIT_SIGNALS:
            self._before[number] = signal.signal(number, self._handle)
        return self

    def __exit__(self, *exc_info: object) -> None:
        for number, handler in self._before.items():
            signal.signal(number, handler)

    def watch(self, app: Guarded) -> None:
        self.app = app
        if self.caught is not None:
            app.running = False

    def _handle(self, number: int, frame: FrameType | None) -> None:
        self.caught = number
        if self.app is not None:
            self.app.running = False


def run_guarded(build: Callable[[], Guarded], logs_dir: Path) -> int:
    """Build the app and run it to its end. 0 when the player (or a quit signal) ended it,
    1 after an unexpected error (its crash log in `logs_dir`)."""
    app: Guarded | None = None
    with QuitSignals() as signals:
        try:
            app = build()
            signals.watch(app)
            return app.run()
        except Exception as error:  # the last line of defence: log it, save, tell
            crash(error, logs_dir, app)
            return 1
        finally:
            if app is not None:
                app.close()


def crash(error: BaseException, logs_dir: Path, app: Guarded | None) -> None:
    """Save what can be saved, write a crash log, and tell the player what is true."""
    log.error("2048 crashed", exc_info=error)
    saved: bool | None = False
    if app is not None:
        try:
            saved = app.save_for_crash()
        except Exception:  # the crash may be in saving itself: say so, do not hide the first
            log.exception("saving after the crash failed")
    lang = app.lang if app is not None else system_language()
    path = write_crash_log(logs_dir, error)
    parts = [tr("crash_title", lang)]
    if app is not None:
        kept = {True: "crash_saved", False: "crash_not_saved", None: "crash_kept_nothing"}
        parts.append(tr(kept[saved], lang))
    parts.append(tr("crash_log", lang, path=shown_path(path)) if path else tr("crash_no_log", lang))
    message = " ".join(parts)
    print(message, file=sys.stderr)
    if os.environ.get("SDL_VIDEODRIVER") != "dummy":
        with contextlib.suppress(pygame.error):
            pygame.display.message_box("2048", message, "error")
