"""What a move costs in a player's terms: games played on after it, by the solver.

    outcome = play_on(solver, grid, Direction.DOWN)   # the move made, then its plan's games
    outcome.reached / outcome.games                   # the share that made the next tile
    outcome.survived / outcome.games                  # the share alive after ROLLOUT_MOVES moves
    outcome.mean_moves                                # the moves a game lasted, on average

The review's loss is the heuristic's own unit, which a player cannot read and which barely
predicts what happens next. Rollouts measure it: from the board a move leaves, a `Plan`'s
games go on for `ROLLOUT_MOVES` moves each, every move the solver's at the plan's fixed depth
(the hint's search), every new tile drawn by the rules' odds. Each outcome counts the games
whose biggest tile reached the target (the next tile above the board's biggest: "62% to make
1024"), the games still alive at the end, and the moves the games lasted (each until it could
not move, or `ROLLOUT_MOVES`): late in a game, where the next tile is out of reach and every
game ends, the last is what still tells two moves apart.

Deterministic: game k draws its tiles from a splitmix64 generator seeded with `seed ^ k * φ`
(φ = 0x9E3779B97F4A7C15), the same draws whichever move is judged, so two moves are compared
on the same luck. The compiled tree (game/solver/_kernel.c) plays the same games on the fast
4x4 layout, draw for draw and move for move; this module's `play_games` is the reference and
plays them everywhere else (tests/solver/test_solver_kernel.py holds the two to the same counts).

The plan: the strongest player that about a second a move judged affords. `STRONG`, 128 games
at depth 3, where the compiled tree plays them (4x4: about 0.9 s a move judged); `QUICK`, 64
games at depth 2, everywhere else, which already takes 3 to 7 s a move on 5x5 and 6x6 (the
compiled tree's generic layouts, driven from here) and about 10 s on 4x4 with the Python tree,
where depth 3 costs ten to twenty times more. On the moves the review flags for five kinds of
player (bench/review.py --agreement), two independent sets of seeds give the same verdict,
a real cost or no clear difference, on 95% of 200 moves with `STRONG`, 84.5% with `QUICK`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.core.engine import FOUR_PROBABILITY, Direction
from game.solver.bitboard import DIRECTIONS
from game.solver.search import Searcher, Solver

ROLLOUT_MOVES = 300
ROLLOUT_SEED = 2048
_GOLDEN = 0x9E3779B97F4A7C15
_MASK = (1 << 64) - 1


class SplitMix64:
    """splitmix64: a small generator that C computes alike, bit for bit."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)


@dataclass(frozen=True)
class Plan:
    """How the games after a move are played: the solver's depth, and how many games."""

    depth: int
    games: int


STRONG = Plan(depth=3, games=128)  # where the compiled tree plays the games (4x4)
QUICK = Plan(depth=2, games=64)  # everywhere else


def plan_for(searcher: Searcher) -> Plan:
    """The plan the games after a move on this searcher's boards are played by."""
    return STRONG if _compiled(searcher) else QUICK


def _compiled(searcher: Searcher) -> bool:
    return searcher.kernel is not None and searcher.layout.full


@dataclass(frozen=True)
class PlayedOn:
    games: int
    reached: int  # games whose biggest tile reached the target
    survived: int  # games still able to move after all their moves
    target: int  # the tile aimed at (its value)
    moves: int  # the moves all the games lasted, summed (each until it could not move, or all)

    @property
    def mean_moves(self) -> int:
        """The moves a game lasted on average, as the player reads it (rounded half up)."""
        return (2 * self.moves + self.games) // (2 * self.games) if self.games else 0


def spawn(searcher: Searcher, board: int, rng: SplitMix64) -> int:
    """A new tile in an empty cell, row by row, chosen uniformly; a 4 by the rules' odds."""
    lay = searcher.layout
    bits = lay.cell_bits
    empty = [i for i in range(lay.size * lay.size) if not (board >> (bits * i)) & lay.cell_mask]
    if not empty:
        return board
    cell = empty[rng.next() % len(empty)]
    roll = (rng.next() >> 11) * 2.0**-53
    return board | (2 if roll < FOUR_PROBABILITY else 1) << (bits * cell)


def biggest_exponent(searcher: Searcher, board: int) -> int:
    lay = searcher.layout
    return max(max(lay.row_cells(row)) for row in lay.rows(board))


def play_games(
    searcher: Searcher,
    board: int,
    *,
    games: int,
    depth: int,
    max_moves: int,
    target_exponent: int,
    seed: int,
) -> tuple[int, int, int]:
    """(reached, survived, moves) of `games` games from `board` (a move made, no tile yet),
    moves summed over the games: the reference the compiled rollouts follow."""
    reached = survived = lasted = 0
    for game in range(games):
        rng = SplitMix64(seed ^ ((game * _GOLDEN) & _MASK))
        now = spawn(searcher, board, rng)
        made = biggest_exponent(searcher, now) >= target_exponent
        alive = True
        for _ in range(max_moves):
            result = searcher.search(now, depth=depth)
            if result is None:
                alive = False
                break
            now = spawn(searcher, searcher.layout.move(now, result.move), rng)
            lasted += 1
            made = made or biggest_exponent(searcher, now) >= target_exponent
        reached += made
        survived += alive
    return reached, survived, lasted


def play_on(
    solver: Solver,
    grid: Sequence[Sequence[int]],
    direction: Direction,
    *,
    plan: Plan | None = None,
    max_moves: int = ROLLOUT_MOVES,
    seed: int = ROLLOUT_SEED,
) -> PlayedOn:
    """The games played on after `direction` from `grid` (a move that moves it), by `plan`
    (by default the plan for the board: `plan_for`): how many made the next tile above the
    biggest, how many were alive at the end, how many moves they lasted. ValueError for a
    move that changes nothing."""
    # The deepest tree: every move of every game, plus its search, can add a tile.
    deepest = plan.depth if plan else max(STRONG.depth, QUICK.depth)
    searcher = solver.searcher_for(grid, max_moves + deepest + 1)
    plan = plan or plan_for(searcher)
    board = searcher.layout.from_grid(grid)
    after = searcher.layout.move(board, DIRECTIONS.index(direction))
    if after == board:
        raise ValueError(f"{direction} does not move this board")
    target_exponent = biggest_exponent(searcher, board) + 1
    options = dict(games=plan.games, depth=plan.depth, max_moves=max_moves, seed=seed)
    if _compiled(searcher):
        counts = searcher.kernel.rollouts(after, target_exponent=target_exponent, **options)
    else:
        counts = play_games(searcher, after, target_exponent=target_exponent, **options)
    reached, survived, moves = counts
    return PlayedOn(plan.games, reached, survived, 1 << target_exponent, moves)
