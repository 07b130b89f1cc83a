"""A game played as fast as it goes, its every step kept by the archive, until killed.

archive_child.py DATA_DIR SEED   prints "step N ACTION" once the N-th step (from 1) is handed
to the archive, then plays on; at the game's end it prints "over" and waits to be killed.

archive_child.py DATA_DIR SEED imports   keeps a long game again and again (a big transaction
each time, many pages of the -wal: a kill lands mid-commit), printing "kept N" after the N-th
is on disk."""

from __future__ import annotations

import itertools
import os
import random
import sys
import time
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # tests/, for helpers

from helpers.archive import Keeping, seeded_session, send  # noqa: E402

from game.core.engine import Direction  # noqa: E402
from game.core.record import Action, GameRecord, GameSummary, Outcome, Step  # noqa: E402
from game.kept_games.archive.games_archive import Archive  # noqa: E402
from game.play import commands as cmd  # noqa: E402
from game.play import events as ev  # noqa: E402
from game.play.session import Phase  # noqa: E402


def keep_imports(archive: Archive, seed: int) -> None:
    session = seeded_session(4, seed)
    keeper = Keeping(Archive(None))
    start = session.game.to_dict()
    chooser = random.Random(seed)
    steps = []
    while len(steps) < 3000:  # a long game, undos and all, as a file would bring it
        undo = chooser.random() < 0.3
        command = cmd.Undo() if undo else cmd.Move(chooser.choice(list(Direction)))
        for event in send(session, keeper, command):
            if isinstance(event, ev.Undone):
                steps.append(Step(Action.UNDO, float(len(steps))))
            elif isinstance(event, ev.Moved):
                steps.append(Step(Action.move(event.direction), float(len(steps))))
        if session.phase is not Phase.PLAYING:
            break
    summary = GameSummary(
        game_id=None, uid="", size=4, started_at=datetime.now(UTC), outcome=Outcome.LEFT,
        won=False, score=session.game.score, biggest_tile=session.game.biggest_tile(),
        moves=session.game.moves, seconds=float(len(steps)), steps=len(steps),
        assisted_from=None,
    )  # fmt: skip
    for number in itertools.count(1):
        record = GameRecord(replace(summary, uid=f"import-{number}"), start, tuple(steps))
        archive.add_record(record)
        os.write(1, f"kept {number}\n".encode())


def main() -> None:
    data_dir, seed = sys.argv[1], int(sys.argv[2])
    archive = Archive.open(data_dir)  # as the app opens it: writer thread, fsync per commit
    if sys.argv[3:] == ["imports"]:
        keep_imports(archive, seed)
    keeper = Keeping(archive)
    session = seeded_session(4, seed)
    keeper.attach(session)
    chooser = random.Random(seed)
    steps = 0
    while True:
        if session.phase is Phase.GAME_OVER or session.phase is Phase.WON_BANNER:
            os.write(1, b"over\n")
            time.sleep(60)
        undo = chooser.random() < 0.1
        command = cmd.Undo() if undo else cmd.Move(chooser.choice(list(Direction)))
        events = send(session, keeper, command)
        for event in events:
            if isinstance(event, ev.Moved | ev.Undone):
                steps += 1
                action = "undo" if isinstance(event, ev.Undone) else event.direction.value
                os.write(1, f"step {steps} {action}\n".encode())
                session.pass_time(0.25)  # a quarter second on the clock after each step


if __name__ == "__main__":
    main()
