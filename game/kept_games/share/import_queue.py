"""The shared files a player hands the game (R22: dropped on the window, or --import), kept one
after another: one file is read and checked at a time, on its own thread
(transfer.Importing), the others wait their turn in the order they came. A hundred files
dropped at once start no hundred threads, and past MAX_WAITING_IMPORTS more are refused, with
a word.

    imports = ImportQueue(archive)
    refused = imports.add(path)             # None, or what to tell the player: too many wait
    outcome = imports.finished()            # every frame: None, or the file read to the end:
    key, fields, game_id = outcome          # what to tell the player, the game kept (or None)
    imports.busy                            # a file is being read, or waits its turn
"""

from __future__ import annotations

import logging
from collections import deque
from pathlib import Path

from game.kept_games.archive.games_archive import Archive
from game.kept_games.share.transfer import Importing

MAX_WAITING_IMPORTS = 100  # files dropped at once that wait their turn to be read
log = logging.getLogger("game.kept_games.share.import_queue")


class ImportQueue:
    def __init__(self, archive: Archive) -> None:
        self.archive = archive
        self.reading: Importing | None = None  # the file being read (one at a time)
        self.waiting: deque[str | Path] = deque()  # the files handed over after it, in order

    @property
    def busy(self) -> bool:
        return self.reading is not None or bool(self.waiting)

    def add(self, path: str | Path) -> tuple[str, dict[str, object]] | None:
        """Read `path` now, or once the files before it are; None, or what to tell the player
        (a text key and its fields) when too many wait already and it is refused."""
        if self.reading is None:
            self.reading = Importing(path, self.archive)
        elif len(self.waiting) < MAX_WAITING_IMPORTS:
            self.waiting.append(path)
        else:
            log.warning("%s not imported: %d files wait already", path, len(self.waiting))
            return "import_too_many", {"count": len(self.waiting)}
        return None

    def finished(self) -> tuple[str, dict[str, object], int | None] | None:
        """The file read to the end since the last look, if one was (Importing.outcome: what to
        tell the player, the game kept or None); the next file's turn begins at once."""
        reading = self.reading
        if reading is None or not reading.done:
            return None
        self.reading = Importing(self.waiting.popleft(), self.archive) if self.waiting else None
        return reading.outcome()
