"""The terminal the game was started from hears the game's own words, each thing once.

SDL and the C libraries under it write straight to the process's stderr (its descriptor 2)
as they try what they find: libwayland that XDG_RUNTIME_DIR is not set, ALSA line after
line when there is no sound card. Around such a start (`holding_stderr`) that output is held
back, and dropped only where the game says the same thing itself (no display: its message;
no sound: a notice on screen). And a log line the game also tells the player on screen is
marked `ON_SCREEN`: it goes to 2048.log, not to the terminal (`not_on_screen`).
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import tempfile
from collections.abc import Iterator
from typing import IO

ON_SCREEN = "on_screen"  # a log record's extra: said on screen too: logger.warning(..., extra=)


def not_on_screen(record: logging.LogRecord) -> bool:
    """The terminal's log filter: what the game does not already tell on screen."""
    return not getattr(record, ON_SCREEN, False)


class HeldOutput:
    """What was written on stderr in a `holding_stderr` block: written out after it, unless
    dropped."""

    def __init__(self) -> None:
        self.dropped = False

    def drop(self) -> None:
        """The game says this itself: the libraries' lines are not shown."""
        self.dropped = True


@contextlib.contextmanager
def holding_stderr() -> Iterator[HeldOutput]:
    """Hold back what anything in the process writes on stderr in the block, C libraries
    included; it is written out after the block (an error in it too) unless `drop()` was
    called. Keep the block to one call: another thread's line in it is held with the rest.
    Where nothing can be held (`_place_to_hold`), the block runs as it would without."""
    held = HeldOutput()
    _flush()
    place = _place_to_hold()
    if place is None:
        yield held
        return
    sink, saved = place
    with sink:
        os.dup2(sink.fileno(), 2)
        try:
            yield held
        finally:
            _flush()
            os.dup2(saved, 2)
            os.close(saved)
            if not held.dropped:
                sink.seek(0)
                _write_out(sink.read())


def _place_to_hold() -> tuple[IO[bytes], int] | None:
    """A temporary file to hold the output in, and stderr's descriptor kept aside; None where
    the process has no stderr (a windowed executable on Windows) or no file can be made."""
    try:
        saved = os.dup(2)
    except OSError:
        return None
    try:
        return tempfile.TemporaryFile(), saved
    except OSError:
        os.close(saved)
        return None


def _flush() -> None:
    if sys.stderr is not None:
        with contextlib.suppress(OSError, ValueError):
            sys.stderr.flush()


def _write_out(data: bytes) -> None:
    with contextlib.suppress(OSError):  # a terminal gone: nothing left to tell
        while data:
            data = data[os.write(2, data) :]
