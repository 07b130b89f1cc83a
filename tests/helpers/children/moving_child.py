"""A child process for the tests of the move of an earlier version's files (game/storage/
moving.py), killed in the middle of it. A forker: each kill costs a fork, not a Python start.

For each line "N MODE OLD NEW" read, it forks a child that starts as the game does, moving
the files of OLD into the folders under NEW (`folders_under`), counting each call that changes
something on disk (os open, write, fsync, close, replace, rename, unlink, mkdir, rmdir) and
killing itself with SIGKILL right after the N-th (N = 0: never). In MODE "copy" every
os.replace between two folders fails as between two file systems (EXDEV), so each file is
copied and unlinked. The child says "done CALLS" when it finished; the forker says "killed"
when it did not.

Its test puts the checkout and tests/ on PYTHONPATH, for the game and for helpers.
"""

from __future__ import annotations

import errno
import os
import signal
import sys
from pathlib import Path

from helpers.storage import folders_under

from game.storage.moving import settle_old_folder

COUNTED = ("open", "write", "fsync", "close", "replace", "rename", "unlink", "mkdir", "rmdir")


def say(*words: object) -> None:
    os.write(1, (" ".join(map(str, words)) + "\n").encode())


def count_calls(kill_at: int, copy: bool) -> list[int]:
    """Wrap the os calls the move makes: each counted, the process killed after the N-th."""
    calls = [0]
    originals = {name: getattr(os, name) for name in COUNTED}

    def wrap(name: str):
        original = originals[name]

        def counted(*args, **kwargs):
            if name == "replace" and copy and Path(args[0]).parent != Path(args[1]).parent:
                raise OSError(errno.EXDEV, os.strerror(errno.EXDEV))
            # A kill, not a power cut, is tested here: the page cache survives it.
            result = None if name == "fsync" else original(*args, **kwargs)
            calls[0] += 1
            if calls[0] == kill_at:
                os.kill(os.getpid(), signal.SIGKILL)
            return result

        return counted

    for name in COUNTED:
        setattr(os, name, wrap(name))
    return calls


def main() -> None:
    for line in sys.stdin:
        kill_at, mode, old, new = line.split()
        pid = os.fork()
        if pid == 0:
            calls = count_calls(int(kill_at), mode == "copy")
            new_folders = folders_under(Path(new))
            moved = settle_old_folder(Path(old), new_folders) == new_folders
            say("done" if moved else "refused", calls[0])
            os._exit(0)
        _, status = os.waitpid(pid, 0)
        if os.WIFSIGNALED(status):
            say("killed")


if __name__ == "__main__":
    main()
