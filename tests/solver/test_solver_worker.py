"""The solver's background processes: answers arrive without blocking, newer requests win,
closing is clean, and the processes stay free of pygame."""

from __future__ import annotations

import multiprocessing
import subprocess
import sys
import threading
import time

import pytest

from game.core.engine import Direction, shift
from game.solver import Reply, Solver, SolverWorker, best_move
from game.solver.worker import _serve

BOARD = ((2, 4, 8, 16), (0, 0, 4, 2), (0, 0, 0, 2), (0, 0, 0, 0))
OTHER = ((0, 0, 0, 0), (0, 2, 0, 0), (0, 0, 0, 0), (4, 0, 0, 0))
OVER = ((2, 4, 2, 4), (4, 2, 4, 2), (2, 4, 2, 4), (4, 2, 4, 2))
# The late game: thirteen kinds of tile, where a game to 16384 is won or lost.
LATE = ((8192, 4096, 2048, 1024), (64, 128, 256, 512), (32, 16, 8, 4), (2, 0, 0, 0))


def wait_for_answers(worker: SolverWorker, timeout_s: float = 20.0) -> list:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        answers = worker.poll()
        if answers:
            return answers
        time.sleep(0.005)
    raise AssertionError("no answer from the solver process")


@pytest.fixture(scope="module")
def worker():
    with SolverWorker(budget_s=0.05) as running:
        yield running


@pytest.mark.slow
def test_request_and_poll_never_block(worker: SolverWorker) -> None:
    started = time.perf_counter()
    worker.request(1, BOARD)
    answers = worker.poll()
    assert time.perf_counter() - started < 0.05
    answers = answers or wait_for_answers(worker)
    assert len(answers) == 1
    assert answers[0].request_id == 1 and answers[0].failure is None
    assert shift(BOARD, answers[0].direction).moved


def test_a_newer_request_supersedes_the_older(worker: SolverWorker) -> None:
    worker.request(10, BOARD)
    worker.request(11, OTHER)
    answers = wait_for_answers(worker)
    time.sleep(0.2)
    answers += worker.poll()
    assert [reply.request_id for reply in answers] == [11]
    assert shift(OTHER, answers[0].direction).moved


def test_an_answer_arrives_about_within_the_budget(worker: SolverWorker) -> None:
    wait = []
    for request_id in range(20, 25):
        started = time.perf_counter()
        worker.request(request_id, BOARD)
        assert wait_for_answers(worker)[0].request_id == request_id
        wait.append(time.perf_counter() - started)
    assert min(wait) < worker.budget_s + 0.05


def test_a_finished_game_gets_no_direction(worker: SolverWorker) -> None:
    worker.request(30, OVER)
    assert wait_for_answers(worker) == [Reply(30, None)]


@pytest.mark.slow
def test_two_processes_split_the_moves_and_agree_on_a_valid_one() -> None:
    grid = ((0, 0, 2, 2), (0, 4, 8, 16), (2, 8, 32, 64), (4, 16, 128, 256))
    with SolverWorker(budget_s=0.05, processes=2) as split:
        split.request(1, grid)
        [reply] = wait_for_answers(split)
    assert reply.request_id == 1
    assert reply.direction in [d for d in Direction if shift(grid, d).moved]


@pytest.mark.slow
def test_split_search_equals_one_search_at_a_fixed_depth() -> None:
    from game.solver.search import Searcher
    from game.solver.worker import _combine

    grid = ((0, 0, 2, 2), (0, 4, 8, 16), (2, 8, 32, 64), (4, 16, 128, 256))
    searcher = Searcher(4)
    board = searcher.layout.from_grid(grid)
    parts = [searcher.search(board, depth=3, moves=moves) for moves in ((0, 2), (1, 3))]
    combined = _combine([None if part is None else part.by_depth for part in parts])
    assert combined == best_move(grid, depth=3)


@pytest.mark.slow
def test_close_is_safe_unstarted_and_twice() -> None:
    never = SolverWorker()
    never.close()
    never.close()
    started = SolverWorker(budget_s=0.01)
    started.start()
    processes = [process for process, _ in started._slots]
    started.close()
    started.close()
    assert not any(process.is_alive() for process in processes)
    with pytest.raises(RuntimeError):
        started.start()


@pytest.mark.slow
def test_a_dead_process_is_replaced() -> None:
    with SolverWorker(budget_s=0.02) as worker:
        worker.request(1, BOARD)
        wait_for_answers(worker)
        process, _ = worker._slots[0]
        process.kill()
        process.join(5)
        worker.request(2, BOARD)
        [reply] = wait_for_answers(worker)
        assert reply.request_id == 2 and shift(BOARD, reply.direction).moved


def test_the_solver_does_not_import_pygame() -> None:
    code = (
        "import sys, game.solver, game.solver.worker, game.solver.search;"
        "assert 'pygame' not in sys.modules, 'pygame imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


def test_a_board_of_the_wrong_size_is_refused_at_once() -> None:
    worker = SolverWorker(size=4)
    with pytest.raises(ValueError):
        worker.request(1, ((2, 0, 0), (0, 0, 0), (0, 0, 0)))
    assert not worker._slots  # and no process was started for it


def test_a_hard_board_gets_more_of_the_budget_and_an_easy_one_less(monkeypatch) -> None:
    """The solver's process gives the late game the time the early game does not need."""
    given: list[float] = []
    search = Solver.search

    def recorded(self, grid, *, budget_s=None, depth=None, moves=None):
        given.append(budget_s)
        return search(self, grid, depth=1, moves=moves)

    monkeypatch.setattr(Solver, "search", recorded)
    ours, theirs = multiprocessing.Pipe()
    process = threading.Thread(target=_serve, args=(theirs, 4, None))
    process.start()
    for request_id, grid in enumerate((BOARD, LATE)):
        ours.send((request_id, grid, None, 0.1))
        assert ours.recv()[0] == request_id
    ours.send(None)
    process.join()
    assert given[0] < 0.1 < given[1]
