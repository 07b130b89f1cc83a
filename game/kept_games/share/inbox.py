"""A shared file opened while the game runs (a double-click, `play2048 FILE`) goes to the copy
that runs, not to a second window that could keep nothing.

    if hand_over(data_dir, path):      # the second start: another copy holds the lock
        exit(...)                      # it was put in that copy's inbox; no window opens
    inbox = Inbox(data_dir)            # the running copy, every INBOX_SECONDS:
    for path in inbox.handed(): import_file(path)   # read and kept as a dropped file is

The inbox is a folder of the data folder (the player's alone, 0700). A file is copied into it
under a name of its own, written atomically, so the running copy never reads half of one; the
running copy renames each file it takes to `taken-...` before reading it, and removes those
once no import is under way (a run killed meanwhile leaves them: the next run takes them
again). The copy is only the file's bytes (a regular file's, up to one byte past the largest
shared file): whether it is a game is checked where every shared file is
(game/kept_games/share/shared_file.py).
"""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path

from filelock import Timeout

from game.kept_games.share.shared_file import ShareError, read_regular_file
from game.platform.files import atomic_write, make_private_folder, take_lock
from game.storage.store import LOCK_NAME

INBOX = "inbox"
INBOX_SECONDS = 0.5  # how often the running copy looks
SUFFIX = ".2048.json"
TAKEN = "taken-"


def hand_over(data_dir: str | os.PathLike[str], path: str | os.PathLike[str]) -> bool:
    """Put the file at `path` in the inbox of the copy of the game that runs on `data_dir`;
    False when none runs (this start imports it itself). OSError if one runs and the file
    cannot be read or put there."""
    data = Path(data_dir)
    try:
        lock = take_lock(data / LOCK_NAME, 0)
    except Timeout:
        pass  # another copy holds it: that one runs
    except OSError:
        return False  # no lock to be had: this start says why, as ever
    else:
        lock.release()
        return False
    try:  # a bigger one than a shared file can be is refused there as too big
        raw = read_regular_file(Path(path))  # never a FIFO that would hang this start
    except ShareError:
        raise OSError(f"{path} is not a file this game can read") from None
    inbox = data / INBOX
    make_private_folder(inbox)
    atomic_write(inbox / f"{secrets.token_hex(8)}{SUFFIX}", raw)
    return True


class Inbox:
    """The files handed to this copy, for it to import."""

    def __init__(self, data_dir: str | os.PathLike[str]) -> None:
        self.folder = Path(data_dir) / INBOX
        self._taken: set[Path] = set()  # taken this run, removed once read
        self._looked = False  # the first look also takes what a killed run had taken

    def handed(self) -> list[Path]:
        """The files handed over since the last look, oldest first, each renamed as taken
        (at the first look, those a run killed while reading them had taken too: a game kept
        already is known by its uid, and kept once)."""
        again, self._looked = not self._looked, True
        try:
            files = [e for e in os.scandir(self.folder) if e.is_file(follow_symlinks=False)]
        except OSError:
            return []  # no inbox: nothing was handed over
        taken = []
        for entry in sorted(files, key=lambda e: e.stat(follow_symlinks=False).st_mtime_ns):
            if not entry.name.endswith(SUFFIX) or entry.name.startswith(TAKEN) and not again:
                continue
            path = self.folder / (
                entry.name if entry.name.startswith(TAKEN) else TAKEN + entry.name
            )
            with contextlib.suppress(OSError):
                os.replace(entry.path, path)
                taken.append(path)
        self._taken.update(taken)
        return taken

    def clean(self) -> None:
        """Remove the files taken this run, once none is being read."""
        for path in self._taken:
            with contextlib.suppress(OSError):
                os.unlink(path)
        self._taken.clear()
