"""R22: a SIGKILL mid-game loses at most the moves still unwritten: the database holds every
move but the last MAX_UNCOMMITTED_BATCHES at most (the frame does not wait for each commit),
opens cleanly and replays exactly. The games are played by a child process
that keeps them as the app does (writer thread, a commit per move).

More kills, for a soak:
    GAME2048_SOAK_KILLS=200 python -m pytest tests/archive/test_archive_durability.py
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.archive import UNDO, Keeping, play, seeded_session, seen_in_replay
from helpers.paths import CHILDREN, ROOT

from game.core.engine import Direction
from game.core.replay import replay
from game.kept_games.archive.games_archive import MAX_UNCOMMITTED_BATCHES, Archive

CHILD = CHILDREN / "archive_child.py"
KILLS = int(os.environ.get("GAME2048_SOAK_KILLS", "3"))


def kill_mid_game(data_dir: Path, seed: int, after: int) -> list[str]:
    """Run the child until it has made `after` steps, SIGKILL it; the actions it printed."""
    child = subprocess.Popen(
        [sys.executable, str(CHILD), str(data_dir), str(seed)],
        stdout=subprocess.PIPE,
        bufsize=0,  # lines read one by one: communicate() reads on from the pipe itself
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    printed: list[str] = []
    try:
        for line in child.stdout:
            words = line.decode().split()
            if words == ["over"]:
                break
            printed.append(words[2])
            if len(printed) >= after:
                break
    finally:
        child.send_signal(signal.SIGKILL)
        rest, _ = child.communicate(timeout=30)
    for line in rest.decode().splitlines():  # steps printed after the one we waited for
        if line.startswith("step "):
            printed.append(line.split()[2])
    return printed


def live_game(seed: int, printed: list[str]):
    """What the player saw: the same seeded game, the same steps, with no one killing it."""
    session = seeded_session(4, seed)
    keeper = Keeping(Archive(None))  # an archive that keeps nothing
    actions = [UNDO if a == "undo" else Direction(a) for a in printed]
    return play(session, keeper, actions, think=[0.0] + [0.25] * len(actions))


@pytest.mark.parametrize("kill", range(KILLS))
def test_a_kill_mid_game_loses_at_most_the_moves_still_unwritten_R22(tmp_path, kill):
    seed = 1000 + kill
    printed = kill_mid_game(tmp_path, seed, after=random.Random(kill).randint(3, 60))
    archive = Archive.open(tmp_path, background=False)
    assert archive.pop_notices() == []  # a clean database, nothing set aside
    [summary] = archive.list_games()
    record = archive.load(summary.game_id)
    kept = len(record.steps)
    # The steps printed were handed over; all but the last few are surely on disk (the frame
    # waits once MAX_UNCOMMITTED_BATCHES are unwritten, and for an undo or a record's start),
    # and one more may have been committed just before the kill, not yet printed.
    assert len(printed) - MAX_UNCOMMITTED_BATCHES <= kept <= len(printed) + 1
    seen = live_game(seed, printed)
    replayed = seen_in_replay(replay(record))
    shared = min(kept, len(seen))
    assert replayed[:shared] == seen[:shared]
    assert [s.action.value for s in seen[:shared]] == printed[:shared]
