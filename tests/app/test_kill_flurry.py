"""R19 and R22 under a kill mid-flurry: the saves keep only the newest game and the archive
every step, and either can be a few moves behind the other (each writes on its own thread).
The next start plays on from the furthest of the two, making up the record's missed moves
from the save's undo history: the board, the records and the kept game lose at most the moves
neither had written (the last one, at a player's pace), and the game stays one record.

More kills, for a soak: GAME2048_SOAK_KILLS=100 python -m pytest tests/app/test_kill_flurry.py
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.paths import CHILDREN, ROOT

from game.app import App, Options
from game.core.record import Outcome
from game.core.replay import replay
from game.kept_games.archive.games_archive import MAX_UNCOMMITTED_BATCHES

CHILD = CHILDREN / "flurry_child.py"
KILLS = int(os.environ.get("GAME2048_SOAK_KILLS", "4"))


def kill_mid_flurry(data_dir: Path, seed: int, after: int) -> int:
    """Play in a child until it has made `after` steps, SIGKILL it; the last step it printed."""
    child = subprocess.Popen(
        [sys.executable, str(CHILD), str(data_dir), str(seed)],
        stdout=subprocess.PIPE,
        bufsize=0,  # lines read one by one: communicate() reads on from the pipe itself
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    printed = 0
    try:
        for line in child.stdout:
            words = line.decode().split()
            if words == ["over"]:
                break
            printed = int(words[1])
            if printed >= after:
                break
    finally:
        child.send_signal(signal.SIGKILL)
        rest, _ = child.communicate(timeout=30)
    for line in rest.decode().splitlines():  # steps printed after the one we waited for
        if line.startswith("step "):
            printed = int(line.split()[1])
    return printed


@pytest.mark.slow
@pytest.mark.parametrize("kill", range(KILLS))
def test_a_kill_mid_flurry_costs_at_most_the_moves_unwritten_and_keeps_one_record(tmp_path, kill):
    seed = 500 + kill
    # Every other kill comes as the game is lost: the losing move kept, its save perhaps not.
    after = 10**6 if kill % 2 else random.Random(seed).randint(20, 90)
    played = kill_mid_flurry(tmp_path, seed, after=after)
    app = App(Options(data_dir=str(tmp_path), sound=False))
    try:
        app.archive.flush()
        games = app.archive.list_games()
        record = app.archive.load(games[0].game_id)
        game = app.session.game
        shown_best = app.stats_keeper.best(4)
    finally:
        app.close()
    # One game was played: one record, that the board continues (or ends on, if it was lost).
    assert [g.outcome for g in games] == [Outcome.LOST if game.over else Outcome.IN_PLAY]
    assert len(record.steps) >= played - MAX_UNCOMMITTED_BATCHES  # every step handed over but
    # those still unwritten in both files (a move a frame here: a player's pace loses one)
    end = replay(record)[-1]
    assert (end.grid, end.score, end.moves) == (game.grid, game.score, game.moves)
    # The records lose no more than the board does: the best is at least the game's score.
    assert shown_best >= game.score
