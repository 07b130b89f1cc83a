"""R23: the review's solver runs in its own process: it scores every position at a fixed depth
(the same scores as the solver's own search), streams its progress, never makes the caller
wait, can be cancelled, and a process that dies is started once more, then reported. The same
supervision plays games on after the flagged moves (the rollouts task): the outcomes of
game/solver/rollout.play_on, the same every time.

Most of these run the process at normal priority (`polite=False`): a polite one waits for idle
cores, and the machine running the tests may have none to spare."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from game.core.engine import Direction, Game
from game.solver.analysis import NICENESS, Analysis, AnalysisState, Task, review_depth
from game.solver.rollout import QUICK, STRONG, play_on
from game.solver.search import Searcher, Solver
from game.solver.tree import kernel_available


def positions_of(size: int, seed: int, count: int) -> dict[int, tuple]:
    """The positions of a real game, played by the solver at depth 1."""
    searcher = Searcher(size)
    game = Game.new(size, seed=seed)
    positions = {}
    while not game.over and len(positions) < count:
        positions[len(positions)] = game.grid
        game.move(searcher.search(searcher.layout.from_grid(game.grid), depth=1).direction)
    return positions


def expected_scores(size: int, positions, depth: int):
    searcher = Searcher(size)
    expected = {}
    for index, grid in positions.items():
        result = searcher.search(searcher.layout.from_grid(grid), depth=depth)
        expected[index] = tuple(None if s == float("-inf") else s for s in result.scores)
    return expected


def run(analysis: Analysis, until=lambda progress: False, timeout_s: float = 120.0):
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        progress = analysis.poll()
        if progress.state is not AnalysisState.RUNNING or until(progress):
            return progress
        time.sleep(0.01)
    raise AssertionError("the analysis did not finish")


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    """A folder for the 4x4 tables, so that each process after the first starts quickly."""
    return tmp_path_factory.mktemp("tables")


def test_every_position_gets_the_solver_s_own_scores_at_the_fixed_depth_R23():
    positions = positions_of(3, seed=1, count=40)
    analysis = Analysis(positions, size=3, depth=2, polite=False)
    analysis.start()
    seen = []
    progress = run(analysis, until=lambda p: seen.append(p.done))
    assert progress.state is AnalysisState.DONE and progress.fraction == 1.0
    assert analysis.scores == expected_scores(3, positions, depth=2)
    assert seen == sorted(seen) and seen[-1] <= len(positions)  # it only ever rises


@pytest.mark.slow
def test_starting_and_polling_never_wait_for_the_search(tables):
    positions = positions_of(4, seed=2, count=60)
    analysis = Analysis(positions, size=4, tables_dir=tables, polite=False)
    analysis.start()
    first = analysis.poll()  # the process is still starting: nothing is ready, nothing waits
    assert first.state is AnalysisState.RUNNING and first.done == 0 and first.total == 60
    analysis.close()


@pytest.mark.slow
def test_cancel_stops_the_process_and_keeps_the_scores_so_far(tables):
    positions = positions_of(4, seed=3, count=200)
    analysis = Analysis(positions, size=4, depth=review_depth(4), tables_dir=tables, polite=False)
    analysis.start()
    run(analysis, until=lambda p: p.done >= 3)
    process = analysis._process
    analysis.cancel()
    assert analysis.state is AnalysisState.CANCELLED
    assert not process.is_alive()
    kept = dict(analysis.scores)
    assert 3 <= len(kept) < 200
    assert analysis.poll().state is AnalysisState.CANCELLED and analysis.scores == kept
    expected = expected_scores(4, {i: positions[i] for i in kept}, review_depth(4))
    assert kept == expected


@pytest.mark.slow
def test_a_process_that_dies_is_started_again_and_finishes_the_rest(tables):
    positions = positions_of(4, seed=4, count=30)
    # Deep enough that the process is still at work when it is killed, with either tree.
    depth = 6 if kernel_available() else 3
    analysis = Analysis(positions, size=4, depth=depth, tables_dir=tables, polite=False)
    analysis.start()
    run(analysis, until=lambda p: p.done >= 2)
    assert analysis.progress.done < len(positions)
    analysis._process.kill()
    progress = run(analysis)
    assert progress.state is AnalysisState.DONE
    assert analysis.scores == expected_scores(4, positions, depth=depth)


@pytest.mark.slow
def test_a_process_that_dies_twice_is_reported_and_the_scores_so_far_stay(tables):
    positions = positions_of(4, seed=5, count=200)
    analysis = Analysis(positions, size=4, depth=review_depth(4), tables_dir=tables, polite=False)
    analysis.start()
    run(analysis, until=lambda p: p.done >= 2)
    analysis._process.kill()
    analysis._process.join(10)
    before = run(analysis, until=lambda p: True).done  # the poll that starts it once more
    run(analysis, until=lambda p: p.done > before)
    analysis._process.kill()
    analysis._process.join(10)
    progress = run(analysis)
    assert progress.state is AnalysisState.FAILED
    assert "stopped" in progress.failure
    assert 2 <= progress.done < 200


def test_a_board_the_solver_cannot_hold_fails_with_the_reason():
    analysis = Analysis({0: ((2, 4, 2), (3, 0, 0), (0, 0, 0))}, size=3, depth=1, polite=False)
    analysis.start()
    progress = run(analysis)
    assert progress.state is AnalysisState.FAILED and "tile" in progress.failure


def test_a_board_of_the_wrong_size_is_refused_at_once():
    with pytest.raises(ValueError):
        Analysis({0: ((2, 0, 0), (0, 0, 0), (0, 0, 0))}, size=4)


def test_nothing_to_analyse_is_done_at_once_and_a_second_start_is_refused():
    analysis = Analysis({}, size=4)
    analysis.start()
    assert analysis.poll().state is AnalysisState.DONE
    with pytest.raises(RuntimeError):
        analysis.start()


def test_the_analysis_does_not_import_pygame():
    code = (
        "import sys, game.solver.analysis, game.kept_games.review.grading;"
        "import game.kept_games.archive.games_archive;"
        "import game.kept_games.share.shared_file;"
        "assert 'pygame' not in sys.modules, 'pygame imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


def test_a_process_that_cannot_start_is_reported_not_raised():
    class NoProcesses:
        def Pipe(self, duplex):  # noqa: N802 (multiprocessing's name)
            raise OSError(24, "Too many open files")

    analysis = Analysis(positions_of(3, seed=6, count=5), size=3, depth=1)
    analysis._context = NoProcesses()
    analysis.start()
    progress = analysis.poll()
    assert progress.state is AnalysisState.FAILED and "could not start" in progress.failure


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="no process priorities here")
def test_the_polite_process_runs_below_the_game_s_priority_not_only_on_idle_cores(tables):
    analysis = Analysis(positions_of(4, seed=7, count=50), size=4, tables_dir=tables)
    analysis.start()
    try:
        pid = analysis._process.pid
        ours = os.getpriority(os.PRIO_PROCESS, 0)
        deadline = time.monotonic() + 60
        while os.getpriority(os.PRIO_PROCESS, pid) == ours and time.monotonic() < deadline:
            time.sleep(0.01)  # the process sets it first thing, before its first search
        assert os.getpriority(os.PRIO_PROCESS, pid) == min(19, ours + NICENESS)
        if hasattr(os, "sched_getscheduler"):
            assert os.sched_getscheduler(pid) != os.SCHED_IDLE
    finally:
        analysis.close()


# -- the second task: games played on after a move ------------------------------------------------


def moves_of(positions, count: int) -> dict[tuple[int, Direction], tuple]:
    """The first move that moves each of `count` positions, keyed as the review keys them."""
    moves = {}
    for index, grid in list(positions.items())[:count]:
        direction = Direction(Game.from_grid(grid, seed=0).valid_directions()[0])
        moves[index, direction] = (grid, direction)
    return moves


@pytest.mark.slow
def test_the_rollouts_task_gives_play_on_s_outcomes_in_the_order_given_the_same_every_time(
    tables,
):
    positions = positions_of(4, seed=9, count=60)
    moves = moves_of({i: positions[i] for i in (50, 10, 30)}, 3)  # worst first, not by index
    runs = []
    for _ in range(2):
        rollouts = Analysis(moves, size=4, task=Task.ROLLOUTS, tables_dir=tables, polite=False)
        rollouts.start()
        progress = run(rollouts)
        assert progress.state is AnalysisState.DONE
        runs.append(dict(rollouts.results))
        assert list(rollouts.results) == list(moves)  # they arrived in the order given
    solver = Solver(4, tables_dir=tables)
    expected = {key: play_on(solver, grid, direction) for key, (grid, direction) in moves.items()}
    assert runs[0] == runs[1] == expected
    games = (STRONG if kernel_available() else QUICK).games  # the plan for 4x4 here
    assert all(outcome.games == games for outcome in expected.values())


@pytest.mark.slow
def test_a_rollouts_process_that_dies_twice_is_reported_and_its_outcomes_so_far_stay(tables):
    moves = moves_of(positions_of(4, seed=10, count=40), 40)
    rollouts = Analysis(moves, size=4, task=Task.ROLLOUTS, tables_dir=tables, polite=False)
    rollouts.start()
    for _ in range(2):  # killed before its first game is played on, each time
        rollouts._process.kill()
        rollouts._process.join(10)
        run(rollouts, until=lambda p: True)
    progress = run(rollouts)
    assert progress.state is AnalysisState.FAILED and "stopped" in progress.failure
    assert progress.done < len(moves)
