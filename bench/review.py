"""How long the review takes, and the frames meanwhile; the depth's cost; the loss's calibration.

    python bench/review.py               review times of 300, 1,000 and 3,000-move 4x4 games,
                                         then the app's frame times while a review runs
    python bench/review.py --depths      the solver's cost per position by depth (--at 4 5 6)
    python bench/review.py --calibrate   the loss measure on real games, phase by phase
    python bench/review.py --precision   the grades against a search two plies deeper
    python bench/review.py --busy        a review's time on a busy machine against a quiet one
    python bench/review.py --lasted      the moves games last after late moves, two seed sets
    python bench/review.py --agreement   flagged moves' verdicts by two seed sets, per player

The games: 4x4, played by the solver at depth 3 (two milliseconds a move), seed after seed
until one lasts the number of moves wanted, cut there; each is kept through the session and
the archive's recorder, loaded back and replayed, as the review screen will. Its review is the
background process (game/solver/analysis.py, at review_depth(4)) scoring every move's
position, then the grades and the four mistakes on this side. The goal: a 1,000-move game in
60 s or less on a two-core machine, and frames under 16.7 ms at p99 meanwhile.

The frames: the real app, headless (SDL's dummy drivers), each frame `app.frame(elapsed, [])`
timed (wall clock and CPU) and paced at 60 Hz: in play with no review; on the review screen of
the 1,000-move game (kept in the app's own archive) while its review runs in its process,
stepping to the next move every 7 frames; and back in play, a move every 7 frames, while the
review goes on in the background.

The precision (--precision): each kind of player apart (random moves; the corner rule: down,
else left, else right, else up; the depth-1 and the depth-2 solver with a random move one time
in eight; the depth-3 solver), seeded games, seed 0 and up, until `--flagged` of its moves are
graded mistake or blunder (a process a player, `--processes` at once). Every move with a choice
is graded as the review grades it: the first look at the review's depth, a loss of CHECK_FROM
or more graded again DEEPER plies deeper. Then every move graded mistake or blunder, and up to
200 best or good ones spread over the games, is searched again DEEPER plies deeper than the
search that graded it (depth 10 for a checked move on 4x4): printed, per player, the share of
blunders and of mistakes that search finds clearly bad (a loss of 0.1 or more; goal: at least
90% each), and of best or good moves (goal: at most 2%), and each player's seconds. A mistake
the check grades below twice its bound is graded by the review's third look (depth 10), and
checked at depth 12. It needs the compiled tree: depth 10 takes about half a second a position
with it, depth 12 one to three seconds.

The busy machine (--busy): a review of 40 positions alone, then with the game's autoplay and
another program each keeping a core busy, `--rounds` times: the ratio of the two times, median
and slowest. The review runs below the game's priority but is never starved (goal: under 10x;
at Linux's SCHED_IDLE, used before, it was about 26x).

The moves games last (--lasted): late positions of 4x4 (the solver at depth 3, seeded games
until each reaches 2048, then a position every 40 moves), each with its worst and second-best
moves against the solver's best, played on as the review does, with two independent sets of
seeds: for each pair of moves, the better move's lead in mean moves lasted by each set, and
how far the two sets' leads differ (the noise the review's REAL_COST_MOVES stays above), and
how often the two sets give the same verdict, a real cost or "no clear difference" (goal: 95%).
`--positions` of them, `--games` a set (128, as the review plays on 4x4), at the depth the
review plays 4x4 on by (game/solver/rollout.STRONG). Measured with 120 positions: the same
verdict on 89.6% of 231 pairs (7 min); the two sets' leads differ by 5.2 moves where the moves
lasted are shown.

The verdicts (--agreement): each kind of player apart (as --precision), the first `--flagged`
moves (40) the review grades mistake or blunder, each with its better move played on by each
of the review's plans (game/solver/rollout.QUICK and STRONG) with two independent sets of
seeds: how often the two sets give the same verdict, a real cost or "no clear difference"
(goal: 95%), and how many moves show a real cost. About 15 minutes on two cores.
`--player NAME` (again for more) measures only that kind of player, with --precision too;
`--also-games N` adds a plan of N games at STRONG's depth (`--player "depth 3" --flagged 120
--also-games 256`: about 25 minutes, one process).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.engine import Direction, Game  # noqa: E402
from game.core.record import GameRecord  # noqa: E402
from game.core.replay import move_positions, replay
from game.kept_games.archive.game_keeper import GameKeeper  # noqa: E402
from game.kept_games.archive.games_archive import Archive  # noqa: E402
from game.kept_games.review.costs import Figure, MoveCost  # noqa: E402
from game.kept_games.review.grades import BAD_GRADES  # noqa: E402
from game.kept_games.review.grading import (  # noqa: E402
    CHECK_FROM,
    DEEPER,
    SETTLE_BELOW,
    Grade,
    grade_move,
    loss_scale,
    review,
)
from game.play import commands as cmd  # noqa: E402
from game.play.session import Phase, Session  # noqa: E402
from game.solver.analysis import (  # noqa: E402
    REVIEW_DEPTHS,
    Analysis,
    AnalysisState,
    review_depth,
    third_look_depth,
)
from game.solver.bitboard import DIRECTIONS  # noqa: E402
from game.solver.rollout import QUICK, ROLLOUT_SEED, STRONG, Plan, play_on  # noqa: E402
from game.solver.search import Searcher, Solver  # noqa: E402
from game.solver.tree import kernel_available  # noqa: E402

LENGTHS = (300, 1000, 3000)
FRAME_S = 1 / 60
MOVE_EVERY = 7


# The game's autoplay at its fastest (a search after a search, as its solver process does), and
# another program that wants a whole core: every core busy at normal priority.
AUTOPLAY_LOAD = (
    "from game.core.engine import Game; from game.solver.search import Solver\n"
    "solver, game = Solver(4), Game.new(4, seed=1)\n"
    "while True:\n"
    "    game = Game.new(4, seed=1) if game.over else game\n"
    "    game.move(solver.search(game.grid, budget_s=0.05).direction)\n"
)
OTHER_PROGRAM_LOAD = "while True: pass"


def busy(rounds: int) -> None:
    seed, directions = solver_moves(40)
    game, grids = Game.new(4, seed=seed), {}
    for index, direction in enumerate(directions):
        grids[index] = game.grid
        game.move(direction)
    ratios = []
    with tempfile.TemporaryDirectory() as tables:
        timed_review(grids, tables)  # the tables built once, outside the times
        for _ in range(rounds):
            quiet = timed_review(grids, tables)
            root = str(Path(__file__).resolve().parent.parent)
            loads = [
                subprocess.Popen([sys.executable, "-c", code], cwd=root)
                for code in (AUTOPLAY_LOAD, OTHER_PROGRAM_LOAD)
            ]
            try:
                time.sleep(1.0)  # both at work before the review starts
                loaded = timed_review(grids, tables)
            finally:
                for load in loads:
                    load.kill()
                    load.wait()
            ratios.append(loaded / quiet)
            print(f"quiet {quiet:5.2f} s, busy {loaded:5.2f} s: {loaded / quiet:4.1f}x")
    print(
        f"busy against quiet, {len(directions)} positions, {os.cpu_count()} cores: median "
        f"{statistics.median(ratios):.1f}x, slowest {max(ratios):.1f}x (goal: under 10x)"
    )


def timed_review(grids: dict, tables: str) -> float:
    started = time.perf_counter()
    analysis = Analysis(grids, size=4, tables_dir=tables)
    analysis.start()
    while analysis.poll().state is AnalysisState.RUNNING:
        time.sleep(0.01)
    assert analysis.progress.state is AnalysisState.DONE, analysis.progress.failure
    return time.perf_counter() - started


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def solver_moves(moves: int, depth: int = 3) -> tuple[int, list[Direction]]:
    """(seed, directions) of the first seeded game the solver plays `moves` moves long."""
    searcher = Searcher(4)
    for seed in range(1, 1000):
        game = Game.new(4, seed=seed)
        played = []
        while not game.over and len(played) < moves:
            board = searcher.layout.from_grid(game.grid)
            direction = searcher.search(board, depth=depth).direction
            game.move(direction)
            played.append(direction)
        if len(played) == moves:
            return seed, played
    raise RuntimeError(f"no game of {moves} moves")


def kept_record(folder: Path, seed: int, directions: list[Direction]) -> GameRecord:
    """The game played through the session and kept by the archive, then loaded back."""
    archive = Archive.open(folder, background=False, durable=False)
    keeper = GameKeeper(archive)
    session = Session.start(4, seed=seed)
    keeper.attach(session)
    for direction in directions:
        session.pass_time(0.6)
        archive.write(keeper.changes(session.handle(cmd.Move(direction)), session))
        if session.phase is Phase.WON_BANNER:  # keep going past 2048 (R10)
            archive.write(keeper.changes(session.handle(cmd.KeepGoing()), session))
    record = archive.load(archive.list_games()[0].game_id)
    archive.close()
    return record


def analysis_of(record: GameRecord, tables: str) -> tuple[Analysis, list]:
    positions = replay(record)
    grids = {index: positions[index].grid for index in move_positions(positions)}
    return Analysis(grids, size=record.size, tables_dir=tables), positions


def children_cpu_s() -> float:
    """CPU seconds of the finished child processes (the analysis), where the system says."""
    try:
        import resource
    except ImportError:
        return float("nan")
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_to_end(analysis: Analysis) -> float:
    """Start `analysis` and wait for it: the seconds since this call."""
    started = time.perf_counter()
    analysis.start()
    while analysis.poll().state is AnalysisState.RUNNING:
        time.sleep(0.05)
    return time.perf_counter() - started


def review_time(record: GameRecord, tables: str) -> None:
    started = time.perf_counter()
    cpu_before = children_cpu_s()
    analysis, positions = analysis_of(record, tables)
    run_to_end(analysis)
    analysed = time.perf_counter() - started
    cpu = children_cpu_s() - cpu_before
    result = review(record, positions, analysis.scores, analysis.depth)
    total = time.perf_counter() - started
    counts = " ".join(f"{g.value} {result.count(g)}" for g in Grade)
    moves = len(result.grades)
    print(
        f"{moves:>5} moves: {total:6.1f} s ({analysed:6.1f} s in the solver's process, of which "
        f"{cpu:6.1f} s of CPU, {1000 * analysed / moves:5.1f} ms a position; grades and "
        f"mistakes {1000 * (total - analysed):4.0f} ms)  [{analysis.progress.state.value}: "
        f"{counts}]"
    )
    # The deeper look that follows (game/kept_games/review/job.py): the moves at CHECK_FROM
    # or worse, DEEPER plies deeper, in a process of its own.
    checked = [g.position for g in result.grades if g.loss >= CHECK_FROM]
    flagged = {index: positions[index].grid for index in checked}
    if flagged:
        depth = analysis.depth + DEEPER
        deeper = Analysis(flagged, size=record.size, depth=depth, tables_dir=tables)
        took = run_to_end(deeper)
        print(
            f"       then {len(flagged)} moves checked at depth {analysis.depth + DEEPER} in"
            f" {took:5.1f} s ({1000 * took / len(flagged):4.0f} ms a move)"
        )
        third_look(record, positions, deeper.scores, tables)


def third_look(record: GameRecord, positions, checked: dict, tables: str) -> None:
    """The review's third look after the check: the checked mistakes below SETTLE_BELOW,
    searched at the third look's depth in a process of its own, timed."""
    depth = third_look_depth(record.size)
    near = {}
    for index, scores in checked.items():
        played = record.steps[index].action.direction
        _, loss, grade = grade_move(positions[index].grid, scores, played)
        if grade is Grade.MISTAKE and loss < SETTLE_BELOW:
            near[index] = positions[index].grid
    if depth is None or not near:
        print(f"       no third look ({len(near)} mistakes near the bound)")
        return
    took = run_to_end(Analysis(near, size=record.size, depth=depth, tables_dir=tables))
    print(
        f"       then {len(near)} mistakes near the bound at depth {depth} in {took:5.1f} s"
        f" ({1000 * took / len(near):4.0f} ms a move)"
    )


SCENES = (
    ("playing, no review", "play"),
    ("the review screen, reviewing", "review"),
    ("playing, reviewing meanwhile", "background"),
)


def frames_during_review(folder: Path, tables: str, frames: int) -> None:
    """The app's frames with no review running, then on the review screen while the review
    of the 1,000-move game runs, then back in play while it goes on: wall and CPU time."""
    for label, scene in SCENES:
        wall, cpu, fraction = app_frames(folder, tables, frames, scene)
        done = f"; the review did {fraction:.0%}" if scene != "play" else ""
        print(
            f"frames, {label:<29}: wall median {statistics.median(wall):5.2f} ms, p99 "
            f"{percentile(wall, 0.99):6.2f} ms, max {max(wall):6.2f} ms; CPU median "
            f"{statistics.median(cpu):5.2f} ms, p99 {percentile(cpu, 0.99):5.2f} ms "
            f"({len(wall)} frames{done})"
        )


def app_frames(folder: Path, tables: str, frames: int, scene: str):
    """The real app on a copy of `folder` (the kept game its newest), frames paced at 60 Hz,
    each given the real time since the one before, as the loop does. On the review screen,
    the next move every MOVE_EVERY frames; in play, a move."""
    from game.app import App, Options
    from game.screens.screen import Item, ScreenKind

    with tempfile.TemporaryDirectory() as data:
        shutil.copytree(folder, data, dirs_exist_ok=True)
        app = App(Options(data_dir=data, sound=False))
        app.games_screens.analyse = partial(analysis_in, tables=tables)
        try:
            app.frame(1 / 60, [])
            if scene != "play":
                app.command(cmd.Pause())
                app.command(cmd.Select(app.screens.top.items.index(Item.GAMES)))
                app.command(cmd.Confirm())  # the newest game, opened on its own thread
                while app.games_screens.opening is not None:
                    app.frame(1 / 60, [])
                for command in (cmd.Move(Direction.DOWN), cmd.Confirm()):
                    app.command(command)  # Review
                assert app.screens.top.kind is ScreenKind.REVIEW
            if scene == "background":
                for _ in range(4):
                    app.command(cmd.Back())  # to the game, the list, the pause menu, play
                assert app.screens.top is None
            wall: list[float] = []
            cpu: list[float] = []
            cycle = (Direction.LEFT, Direction.DOWN, Direction.RIGHT, Direction.DOWN)
            last = time.perf_counter()
            for index in range(frames):
                started, started_cpu = time.perf_counter(), time.process_time()
                if index % MOVE_EVERY == 0:
                    if app.screens.games_open:
                        app.command(cmd.Move(Direction.RIGHT))  # the next move reviewed
                    else:
                        valid = app.session.game.valid_directions()
                        if not valid or app.screens.top is not None:
                            app.command(cmd.NewGame())
                            app.command(cmd.Confirm())
                        else:
                            wanted = cycle[(index // MOVE_EVERY) % len(cycle)]
                            app.command(cmd.Move(wanted if wanted in valid else valid[0]))
                app.frame(started - last, [])
                last = started
                spent = time.perf_counter() - started
                wall.append(spent * 1000)
                cpu.append((time.process_time() - started_cpu) * 1000)
                time.sleep(max(0.0, FRAME_S - spent))
            fraction = app.games_screens.job.fraction if app.games_screens.job is not None else 0.0
        finally:
            app.close()
    return wall[30:], cpu[30:], fraction  # without the cold start


def analysis_in(grids, size: int, depth: int, tables: str) -> Analysis:
    """The review's process, as the app makes it, its tables made once for all the runs."""
    return Analysis(grids, size=size, depth=depth, tables_dir=tables)


def depths(sizes: tuple[int, ...], samples: int, searched: tuple[int, ...]) -> None:
    for size in sizes:
        searcher = Searcher(size)
        game = Game.new(size, seed=5)
        grids = []
        while not game.over and len(grids) < 3000:
            grids.append(game.grid)
            game.move(searcher.search(searcher.layout.from_grid(game.grid), depth=2).direction)
        sample = grids[:: max(1, len(grids) // samples)]
        print(f"{size}x{size}: a depth-2 game of {len(grids)} moves, {len(sample)} positions")
        for depth in searched:
            times = []
            budget = time.perf_counter() + 60
            for grid in sample:
                started = time.perf_counter()
                searcher.search(searcher.layout.from_grid(grid), depth=depth)
                times.append((time.perf_counter() - started) * 1000)
                if time.perf_counter() > budget:
                    break
            print(
                f"  depth {depth}: median {statistics.median(times):7.1f} ms, mean "
                f"{statistics.mean(times):7.1f} ms, p90 {percentile(times, 0.9):7.1f} ms "
                f"({len(times)} positions)"
            )


def calibrate(games: int) -> None:
    """Per phase of the game (the biggest tile), the mean and spread of the loss of random
    moves and of a depth-3 solver's moves (games of the solver with a random move one time in
    twelve, long enough to reach the 2048), graded at the review's depth; and the mean raw
    difference of scores of the random moves, which a raw measure would have graded by."""
    depth = review_depth(4)
    searcher = Searcher(4)
    rows: dict[tuple[str, bool], list[float]] = {}
    phases = ((64, "up to 64"), (256, "128-256"), (1024, "512-1024"), (1 << 30, "2048 up"))
    for seed in range(games):
        chooser = random.Random(seed)
        game = Game.new(4, seed=seed)
        while not game.over:
            board = searcher.layout.from_grid(game.grid)
            randomly = chooser.random() < 1 / 12
            if randomly:
                direction = chooser.choice(game.valid_directions())
            else:
                direction = searcher.search(board, depth=3).direction
            if randomly or chooser.random() < 0.1:
                result = searcher.search(board, depth=depth)
                scores = tuple(None if s == float("-inf") else s for s in result.scores)
                _, loss, _ = grade_move(game.grid, scores, direction)
                phase = next(name for top, name in phases if game.biggest_tile() <= top)
                rows.setdefault((phase, randomly), []).append(loss)
                rows.setdefault((phase + " raw", randomly), []).append(loss * loss_scale(game.grid))
            game.move(direction)
        print(f"  game {seed}: {game.moves} moves, biggest tile {game.biggest_tile()}")
    print(f"loss (in biggest-tile units, graded at depth {depth}): mean / p75 / p90, and n")
    for _, name in phases:
        cells = []
        for randomly in (True, False):
            losses = rows.get((name, randomly), [])
            if losses:
                cells.append(
                    f"{'random' if randomly else 'solver'} {statistics.mean(losses):6.3f} / "
                    f"{percentile(losses, 0.75):6.3f} / {percentile(losses, 0.9):6.3f} "
                    f"n={len(losses):<4}"
                )
        raw = rows.get((name + " raw", True), [])
        mean_raw = statistics.mean(raw) if raw else float("nan")
        print(f"  {name:>9}: {'   '.join(cells)}   random raw mean {mean_raw:9.0f}")


# (name, the solver's depth, or None for no solver; the share of random moves)
STRENGTHS = (
    ("random", None, 1.0),
    ("corner rule", None, 0.0),
    ("noisy depth 1", 1, 1 / 8),
    ("noisy depth 2", 2, 1 / 8),
    ("depth 3", 3, 0.0),
)
CORNER = (Direction.DOWN, Direction.LEFT, Direction.RIGHT, Direction.UP)
CLEARLY_BAD = 0.1  # a loss this big is a mistake or worse
FINE = (Grade.BEST, Grade.GOOD)
FINE_CHECKED = 200  # best or good moves checked a kind of player, spread over its positions
MOST_GAMES = 400  # a kind of player that flags too little in this many games says so
PLANS = (QUICK, STRONG)  # the two plans the review plays by (game/solver/rollout.py)


def played_game(solver: Solver, seed: int, depth: int | None, noise: float) -> list:
    """(grid, direction played, moves there were) of every move of one seeded game."""
    chooser = random.Random(seed)
    game = Game.new(4, seed=seed)
    moves = []
    while not game.over:
        valid = game.valid_directions()
        if chooser.random() < noise:
            direction = chooser.choice(valid)
        elif depth is None:
            direction = next(d for d in CORNER if d in valid)
        else:
            direction = solver.search(game.grid, depth=depth).direction
        moves.append((game.grid, direction, len(valid)))
        game.move(direction)
    return moves


def graded(solver: Solver, grid, played: Direction, depth: int) -> tuple[Direction, float, Grade]:
    """grade_move from scores at `depth`, -inf passed as None as the review's process does."""
    scores = solver.search(grid, depth=depth).scores
    return grade_move(grid, tuple(None if s == float("-inf") else s for s in scores), played)


def review_grade(
    solver: Solver, grid, played: Direction, first: int
) -> tuple[Direction, float, Grade, int]:
    """The review's grade of a move (game/kept_games/review/job.py): the first look at `first`,
    a move it finds CHECK_FROM or worse graded again DEEPER plies deeper, and a mistake there
    below SETTLE_BELOW by the third look. (the better move, loss, grade, the grading depth)."""
    best, loss, grade = graded(solver, grid, played, first)
    if loss < CHECK_FROM:
        return best, loss, grade, first
    best, loss, grade = graded(solver, grid, played, first + DEEPER)
    third = third_look_depth(4)
    if third is None or not (grade is Grade.MISTAKE and loss < SETTLE_BELOW):
        return best, loss, grade, first + DEEPER
    best, loss, grade = graded(solver, grid, played, third)
    return best, loss, grade, third


def player_rows(name: str, depth: int | None, noise: float, flagged: int, first: int) -> dict:
    """One kind of player's moves, graded as the review grades them, each checked by a search
    two plies deeper than the one that graded it: games seed 0 and up until `flagged` of its
    moves are graded mistake or blunder (or MOST_GAMES). Runs in a process of its own."""
    started = time.perf_counter()
    solver = Solver(4)
    bad, fine, games, moves = [], [], 0, 0
    while sum(len(b) for b in bad) < flagged and games < MOST_GAMES:
        graded_here = []
        for grid, played, valid in played_game(solver, games, depth, noise):
            if valid > 1:
                graded_here.append((grid, played, *review_grade(solver, grid, played, first)))
        games += 1
        moves += len(graded_here)
        bad.append([row for row in graded_here if row[4] in BAD_GRADES])
        fine.append([row for row in graded_here if row[4] in FINE])
    flat_fine = [row for rows in fine for row in rows]
    step = max(1, len(flat_fine) // FINE_CHECKED)
    checked_fine = flat_fine[::step][:FINE_CHECKED]

    def deeper_loss(row) -> float:
        grid, played, *_, at = row
        return graded(solver, grid, played, at + DEEPER)[1]

    flat_bad = [row for rows in bad for row in rows]
    return {
        "name": name,
        "games": games,
        "moves": moves,
        "bad": [(row[4], deeper_loss(row)) for row in flat_bad],
        "fine": [deeper_loss(row) for row in checked_fine],
        "fine_total": len(flat_fine),
        "seconds": time.perf_counter() - started,
    }


def share(part: int, whole: int) -> str:
    return f"{part}/{whole} {part / whole:.1%}" if whole else "-"


def each_player(work, players, processes: int, *args) -> list[dict]:
    """`work(name, depth, noise, *args)` for each of `players` (rows of STRENGTHS),
    `processes` at once."""
    with concurrent.futures.ProcessPoolExecutor(processes) as pool:
        jobs = [pool.submit(work, name, depth, noise, *args) for name, depth, noise in players]
        return [job.result() for job in jobs]


def players_named(names: list[str] | None) -> tuple:
    """The rows of STRENGTHS named (all of them by default)."""
    if not names:
        return STRENGTHS
    unknown = set(names) - {name for name, _, _ in STRENGTHS}
    if unknown:
        raise SystemExit(f"no such player: {', '.join(sorted(unknown))}")
    return tuple(row for row in STRENGTHS if row[0] in names)


def precision(flagged: int, processes: int, players: tuple) -> int:
    """The review's grades, each kind of player apart, against a search two plies deeper than
    the one that graded each move (the module's docstring)."""
    if not kernel_available():
        print("--precision needs the compiled tree: depth 10 takes minutes a position without it")
        return 1
    started = time.perf_counter()
    first = REVIEW_DEPTHS[4]
    results = each_player(player_rows, players, processes, flagged, first)
    print(
        f"4x4; first look at depth {first}, a loss of {CHECK_FROM:g} or more graded again at"
        f" depth {first + DEEPER}, a mistake below {SETTLE_BELOW:g} there at depth"
        f" {third_look_depth(4)}; each move checked {DEEPER} plies deeper than the search"
        f" that graded it; clearly bad: a loss of {CLEARLY_BAD:g} or more there"
    )
    print(
        "| player | games | moves | blunders clearly bad | mistakes clearly bad"
        " | best or good clearly bad | s |"
    )
    print("|---|---|---|---|---|---|---|")
    for r in results:
        blunders = [loss for grade, loss in r["bad"] if grade is Grade.BLUNDER]
        mistakes = [loss for grade, loss in r["bad"] if grade is Grade.MISTAKE]

        def clearly(losses: list[float]) -> str:
            return share(sum(loss >= CLEARLY_BAD for loss in losses), len(losses))

        fine = f"{clearly(r['fine'])} (of {r['fine_total']})"
        print(
            f"| {r['name']} | {r['games']} | {r['moves']} | {clearly(blunders)}"
            f" | {clearly(mistakes)} | {fine} | {r['seconds']:.0f} |"
        )
    print(
        "\ngoals: blunders and mistakes each clearly bad at least 90% for every kind of player,"
        " best or good clearly bad at most 2%"
    )
    print(f"\nwall time {time.perf_counter() - started:.0f} s")
    return 0


def flagged_moves(
    name: str, depth: int | None, noise: float, count: int, first: int, plans: tuple
) -> dict:
    """The first `count` moves the review grades mistake or blunder in one kind of player's
    seeded games (seed 0 and up), each with its better move, played on as the review plays
    them, by each plan, with two independent sets of seeds. Runs in a process of its own."""
    started = time.perf_counter()
    solver = Solver(4)
    moves, games = [], 0
    while len(moves) < count and games < MOST_GAMES:
        for grid, played, valid in played_game(solver, games, depth, noise):
            if valid > 1 and len(moves) < count:
                best, _, grade, _ = review_grade(solver, grid, played, first)
                if grade in BAD_GRADES:
                    moves.append((grid, played, best))
        games += 1
    verdicts = {}
    for plan in plans:
        verdicts[plan] = [
            tuple(
                MoveCost(*(play_on(solver, grid, d, plan=plan, seed=seed) for d in (played, best)))
                for seed in (ROLLOUT_SEED, 1)
            )
            for grid, played, best in moves
        ]
    return {
        "name": name,
        "games": games,
        "verdicts": verdicts,
        "seconds": time.perf_counter() - started,
    }


def agreement(count: int, processes: int, players: tuple, plans: tuple) -> int:
    """How often two independent sets of seeds give a flagged move the same verdict, a real
    cost or "no clear difference", each kind of player apart and by each plan (the top)."""
    if not kernel_available():
        print("--agreement needs the compiled tree: depth 3 plays a move on in minutes without it")
        return 1
    started = time.perf_counter()
    first = REVIEW_DEPTHS[4]
    results = each_player(flagged_moves, players, processes, count, first, plans)
    names = [f"{p.games} games at depth {p.depth}" for p in plans]
    print(
        f"4x4, graded as the review grades (depth {first}, then {first + DEEPER}, a mistake near"
        f" its bound at {third_look_depth(4)}); each move"
        " graded mistake or blunder and its better move played on with two sets of seeds:"
        " the same verdict on both, and the moves the first set shows a real cost on"
    )
    print("| player | moves | " + " | ".join(f"{n}: same verdict | real" for n in names) + " | s |")
    print("|---|---|" + "---|---|" * len(plans) + "---|")
    pooled = {plan: [0, 0] for plan in plans}
    for r in results:
        cells = []
        for plan in plans:
            pairs = r["verdicts"][plan]
            same = sum(a.real == b.real for a, b in pairs)
            pooled[plan][0] += same
            pooled[plan][1] += len(pairs)
            cells += [share(same, len(pairs)), str(sum(a.real for a, _ in pairs))]
        moves = len(r["verdicts"][plans[0]])
        print(f"| {r['name']} | {moves} | " + " | ".join(cells) + f" | {r['seconds']:.0f} |")
    print("| all |  | " + " | ".join(f"{share(*pooled[p])} | " for p in plans) + " |  |")
    print(f"\ngoal: the same verdict on 95%; wall time {time.perf_counter() - started:.0f} s")
    return 0


def late_positions(solver: Solver, count: int) -> list:
    """`count` grids of 4x4 with a 2048 or more on them: seeded depth-3 games, every 40 moves
    from their first 2048 until they end."""
    grids: list = []
    seed = 0
    while len(grids) < count:
        game, since = Game.new(4, seed=seed), None
        while not game.over and len(grids) < count:
            if since is None and game.biggest_tile() >= 2048:
                since = 0
            if since is not None and since % 40 == 0:
                grids.append(game.grid)
            since = None if since is None else since + 1
            game.move(solver.search(game.grid, depth=3).direction)
        seed += 1
    return grids


def lasted(positions: int, games: int) -> None:
    """The better move's lead in mean moves lasted, by two sets of seeds (see the top)."""
    solver = Solver(4)
    plan = Plan(depth=STRONG.depth, games=games)
    leads = []
    for grid in late_positions(solver, positions):
        scores = solver.search(grid, depth=3).scores
        ranked = sorted(
            (s, d) for s, d in zip(scores, DIRECTIONS, strict=True) if s != float("-inf")
        )
        best = ranked[-1][1]
        for _, played in {ranked[0], ranked[-2]} if len(ranked) > 1 else ():
            if played == best:
                continue
            pair = []
            for seed in (ROLLOUT_SEED, 1):
                mine, theirs = (
                    play_on(solver, grid, d, plan=plan, seed=seed) for d in (played, best)
                )
                counts = (mine.reached, theirs.reached, mine.survived, theirs.survived)
                pair.append((counts, theirs.mean_moves - mine.mean_moves, (mine, theirs)))
            leads.append(pair)
            print(
                f"biggest {max(map(max, grid))}: made the next tile, still going (of {games}) "
                f"{pair[0][0]} and {pair[1][0]}; lead {pair[0][1]} and {pair[1][1]} moves"
            )
    # The verdict a player reads, real cost or "no clear difference", by each set of seeds.
    verdicts = [tuple(MoveCost(*played_on).real for *_, played_on in pair) for pair in leads]
    agree = sum(a == b for a, b in verdicts)
    print(
        f"{len(verdicts)} pairs of moves: the two sets of seeds give the same verdict on "
        f"{agree} ({100 * agree / max(1, len(verdicts)):.1f}%; goal: 95%), a real cost on "
        f"{sum(a for a, _ in verdicts)} and {sum(b for _, b in verdicts)}"
    )
    # Where the review shows the moves lasted: neither the next tile nor survival tells apart.
    shown = [pair for pair in leads if MoveCost(*pair[0][2]).figure is Figure.LASTED]
    for name, chosen in (("all", leads), ("shown as moves lasted", shown)):
        gaps = [a[1] - b[1] for a, b in chosen] or [0]
        print(
            f"{len(chosen)} pairs of moves ({name}): the two sets' leads differ by "
            f"{statistics.pstdev(gaps):.1f} moves (one standard deviation), "
            f"median {statistics.median(map(abs, gaps))} apart, largest {max(map(abs, gaps))}"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depths", action="store_true", help="the cost per position by depth")
    parser.add_argument("--sizes", type=int, nargs="*", default=[4], help="for --depths")
    parser.add_argument(
        "--at", type=int, nargs="*", default=[2, 3, 4, 5, 6], help="the depths, for --depths"
    )
    parser.add_argument("--calibrate", action="store_true", help="the loss on real games")
    parser.add_argument(
        "--games",
        type=int,
        default=None,
        help="for --calibrate (6), --precision (10 a strength), --lasted (64 a seed set)",
    )
    parser.add_argument("--precision", action="store_true", help="grades against 2 plies deeper")
    parser.add_argument("--agreement", action="store_true", help="verdicts by two seed sets")
    parser.add_argument(
        "--flagged", type=int, default=None, help="a player: --precision 100, --agreement 40"
    )
    parser.add_argument("--processes", type=int, default=2, help="for --precision, --agreement")
    parser.add_argument(
        "--player",
        action="append",
        help="for --precision, --agreement: only this kind of player (again for more)",
    )
    parser.add_argument(
        "--also-games",
        type=int,
        action="append",
        default=[],
        help="for --agreement: also a plan of this many games at STRONG's depth",
    )
    parser.add_argument("--lengths", type=int, nargs="*", default=list(LENGTHS))
    parser.add_argument("--frames", type=int, default=1200)
    parser.add_argument("--frames-only", action="store_true", help="skip the review times")
    parser.add_argument("--busy", action="store_true", help="a review on a busy machine")
    parser.add_argument("--rounds", type=int, default=5, help="for --busy")
    parser.add_argument("--lasted", action="store_true", help="moves lasted, two seed sets")
    parser.add_argument("--positions", type=int, default=240, help="for --lasted")
    args = parser.parse_args()
    if args.lasted:
        lasted(args.positions, args.games or STRONG.games)
        return 0
    if args.depths:
        depths(tuple(args.sizes), samples=120, searched=tuple(args.at))
        return 0
    if args.calibrate:
        calibrate(args.games or 6)
        return 0
    if args.precision:
        return precision(args.flagged or 100, args.processes, players_named(args.player))
    if args.agreement:
        plans = PLANS + tuple(Plan(STRONG.depth, games) for games in args.also_games)
        return agreement(args.flagged or 40, args.processes, players_named(args.player), plans)
    if args.busy:
        busy(args.rounds)
        return 0
    print(f"review depth {review_depth(4)} on 4x4, {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as folder:
        tables = str(Path(folder) / "tables")
        records = {}
        for moves in args.lengths:
            seed, directions = solver_moves(moves)
            records[moves] = kept_record(Path(folder) / str(moves), seed, directions)
        for moves in [] if args.frames_only else args.lengths:
            review_time(records[moves], tables)
        longest = 1000 if 1000 in records else max(records)
        frames_during_review(Path(folder) / str(longest), tables, args.frames)
    return 0


if __name__ == "__main__":
    sys.exit(main())
