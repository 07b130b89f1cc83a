"""How long the review takes, and the frames meanwhile; the depth's cost; the loss's calibration.

    python bench/review.py               review times of 300, 1,000 and 3,000-move 4x4 games,
                                         then the app's frame times while a review runs
    python bench/review.py --depths      the solver's cost per position by depth (--at 4 5 6)
    python bench/review.py --calibrate   the loss measure on real games, phase by phase
    python bench/review.py --precision   the grades against a search two plies deeper

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

The precision: games of five strengths (random moves; the corner rule, down, else left, else
right, else up; the depth-1 and depth-2 solver with a random move one time in eight; the
depth-3 solver), `--games` of each, seeds 0 and up, so a run repeats. From each game, 20
positions spread evenly over it (the middle of 20 equal stretches of its moves), leaving out
those with one move. The move played there is graded (game.kept_games.review.grading.grade_move)
from scores at the review's depth and at that depth + 2. Printed: of the moves graded mistake or
blunder, the
share the deeper search finds clearly bad (loss 0.1 or more; goal at least 85%) and the share
it grades best or good; of the moves graded best or good, the share clearly bad deeper (goal
at most 3%); how often both depths pick the same best move. At depth 6 against 8 (the review
with the compiled tree), at 4 against 6 (the review with the Python tree; the compiled tree's
scores are the same, bit for bit), and at 4 against 8. It needs the compiled tree: depth 8
takes about 0.1 s a position with it, minutes with the Python tree.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
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
from game.kept_games.review.grades import BAD_GRADES  # noqa: E402
from game.kept_games.review.grading import Grade, grade_move, loss_scale, review  # noqa: E402
from game.play import commands as cmd  # noqa: E402
from game.play.session import Phase, Session  # noqa: E402
from game.solver.analysis import (  # noqa: E402
    REVIEW_DEPTHS,
    REVIEW_DEPTHS_PYTHON,
    Analysis,
    AnalysisState,
    review_depth,
)
from game.solver.search import Searcher, Solver  # noqa: E402
from game.solver.tree import kernel_available  # noqa: E402

LENGTHS = (300, 1000, 3000)
FRAME_S = 1 / 60
MOVE_EVERY = 7


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


def review_time(record: GameRecord, tables: str) -> None:
    started = time.perf_counter()
    cpu_before = children_cpu_s()
    analysis, positions = analysis_of(record, tables)
    analysis.start()
    while analysis.poll().state is AnalysisState.RUNNING:
        time.sleep(0.05)
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
    ("corner", None, 0.0),
    ("noisy depth 1", 1, 1 / 8),
    ("noisy depth 2", 2, 1 / 8),
    ("depth 3", 3, 0.0),
)
CORNER = (Direction.DOWN, Direction.LEFT, Direction.RIGHT, Direction.UP)
SAMPLES = 20  # positions a game
CLEARLY_BAD = 0.1  # a loss this big is a mistake or worse
FINE = (Grade.BEST, Grade.GOOD)
PRECISION_HEADS = (  # the columns of precision_row, two lines each
    ("mistake or", "blunder: bad"),
    ("the same:", "best or good"),
    ("blunder:", "bad"),
    ("mistake:", "bad"),
    ("best or", "good: bad"),
    ("same best", "move"),
)


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


def spread(moves: list, count: int) -> list:
    """The middle move of each of `count` equal stretches of the moves with a choice."""
    choices = [(grid, d) for grid, d, valid in moves if valid > 1]
    count = min(count, len(choices))
    return [choices[(2 * k + 1) * len(choices) // (2 * count)] for k in range(count)]


def graded(solver: Solver, grid, played: Direction, depth: int) -> tuple[Direction, float, Grade]:
    """grade_move from scores at `depth`, -inf passed as None as the review's process does."""
    scores = solver.search(grid, depth=depth).scores
    return grade_move(grid, tuple(None if s == float("-inf") else s for s in scores), played)


def share(part: int, whole: int) -> str:
    return f"{part:>3}/{whole:<4}{part / whole:>7.1%}" if whole else f"{'-':>15}"


def precision_row(name: str, rows: list, shallow: int, deep: int) -> str:
    """One line of figures: rows are {depth: (best, loss, grade)} per position."""
    flagged = [r for r in rows if r[shallow][2] in BAD_GRADES]
    fine = [r for r in rows if r[shallow][2] in FINE]
    blunders = [r for r in flagged if r[shallow][2] is Grade.BLUNDER]
    mistakes = [r for r in flagged if r[shallow][2] is Grade.MISTAKE]

    def bad(group: list) -> int:
        return sum(r[deep][1] >= CLEARLY_BAD for r in group)

    same = sum(r[shallow][0] is r[deep][0] for r in rows)
    return (
        f"  {name:<14}{len(rows):>4}  {share(bad(flagged), len(flagged))}"
        f"  {share(sum(r[deep][2] in FINE for r in flagged), len(flagged))}"
        f"  {share(bad(blunders), len(blunders))}  {share(bad(mistakes), len(mistakes))}"
        f"  {share(bad(fine), len(fine))}  {share(same, len(rows))}"
    )


def precision(games: int) -> int:
    """The review's grades against a search two plies deeper (the module's docstring)."""
    if not kernel_available():
        print("--precision needs the compiled tree: depth 8 takes minutes a position without it")
        return 1
    started = time.perf_counter()
    solver = Solver(4)
    # The review's depth against two plies deeper, with the kernel and with the Python tree;
    # and the Python tree's against the kernel's deeper check.
    kernel, python = REVIEW_DEPTHS[4], REVIEW_DEPTHS_PYTHON[4]
    pairs = [(kernel, kernel + 2), (python, python + 2), (python, kernel + 2)]
    depths = sorted({d for pair in pairs for d in pair})
    rows: dict[str, list] = {}
    lengths: dict[str, list[int]] = {}
    for name, depth, noise in STRENGTHS:
        for seed in range(games):
            moves = played_game(solver, seed, depth, noise)
            lengths.setdefault(name, []).append(len(moves))
            for grid, played in spread(moves, SAMPLES):
                row = {d: graded(solver, grid, played, d) for d in depths}
                rows.setdefault(name, []).append(row)
    everything = [row for name in rows for row in rows[name]]
    print(
        f"{len(everything)} positions, {SAMPLES} a game spread over {games} games of each"
        f" strength (seeds 0..{games - 1}); moves a game, median:"
        f" {', '.join(f'{n} {statistics.median(m):.0f}' for n, m in lengths.items())}"
    )
    for shallow, deep in pairs:
        print(
            f"\ngraded at depth {shallow}, against depth {deep} (bad: a loss of {CLEARLY_BAD}"
            f" or more at depth {deep}; best or good: the grade at depth {deep})"
        )
        for line in (0, 1):
            cells = "".join(f"  {head[line]:>15}" for head in PRECISION_HEADS)
            print(f"  {'':<14}{'n' if line else '':>4}{cells}")
        for name, group in rows.items():
            print(precision_row(name, group, shallow, deep))
        print(precision_row("all", everything, shallow, deep))
    print(
        f"\ngoals: mistake+blunder clearly bad at least 85%, best/good clearly bad at most 3%;"
        f" wall time {time.perf_counter() - started:.0f} s"
    )
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depths", action="store_true", help="the cost per position by depth")
    parser.add_argument("--sizes", type=int, nargs="*", default=[4], help="for --depths")
    parser.add_argument(
        "--at", type=int, nargs="*", default=[2, 3, 4, 5, 6], help="the depths, for --depths"
    )
    parser.add_argument("--calibrate", action="store_true", help="the loss on real games")
    parser.add_argument(
        "--games", type=int, default=None, help="for --calibrate (6), --precision (10 a strength)"
    )
    parser.add_argument("--precision", action="store_true", help="grades against depth + 2")
    parser.add_argument("--lengths", type=int, nargs="*", default=list(LENGTHS))
    parser.add_argument("--frames", type=int, default=1200)
    parser.add_argument("--frames-only", action="store_true", help="skip the review times")
    args = parser.parse_args()
    if args.depths:
        depths(tuple(args.sizes), samples=120, searched=tuple(args.at))
        return 0
    if args.calibrate:
        calibrate(args.games or 6)
        return 0
    if args.precision:
        return precision(args.games or 10)
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
