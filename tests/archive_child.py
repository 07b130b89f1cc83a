"""A game played as fast as it goes, its every step kept by the archive, until killed.

archive_child.py DATA_DIR SEED   prints "step N ACTION" once the N-th step (from 1) is handed
to the archive, then plays on; at the game's end it prints "over" and waits to be killed."""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from archive_helpers import seeded_session, send  # noqa: E402

from game import commands as cmd  # noqa: E402
from game import events as ev  # noqa: E402
from game.archive import Archive  # noqa: E402
from game.archive_recorder import ArchiveRecorder  # noqa: E402
from game.engine import Direction  # noqa: E402
from game.session import Phase  # noqa: E402


def main() -> None:
    data_dir, seed = sys.argv[1], int(sys.argv[2])
    archive = Archive.open(data_dir)  # as the app opens it: writer thread, fsync per commit
    recorder = ArchiveRecorder(archive)
    session = seeded_session(4, seed)
    recorder.attach(session)
    chooser = random.Random(seed)
    steps = 0
    while True:
        if session.phase is Phase.GAME_OVER or session.phase is Phase.WON_BANNER:
            os.write(1, b"over\n")
            time.sleep(60)
        undo = chooser.random() < 0.1
        command = cmd.Undo() if undo else cmd.Move(chooser.choice(list(Direction)))
        events = send(session, recorder, command)
        for event in events:
            if isinstance(event, ev.Moved | ev.Undone):
                steps += 1
                action = "undo" if isinstance(event, ev.Undone) else event.direction.value
                os.write(1, f"step {steps} {action}\n".encode())
                session.step(0.25)  # a quarter second on the clock after each step


if __name__ == "__main__":
    main()
