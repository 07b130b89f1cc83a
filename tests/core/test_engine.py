"""The examples of docs/rules.md (R1 to R17), each on 4x4 and on 5x5 and 6x6 analogues."""

from __future__ import annotations

import pytest

from game.core.engine import (
    UNDO_LIMIT,
    Direction,
    Game,
    is_over,
    max_tile_value,
    shift,
    valid_directions,
)

LEFT, RIGHT, UP, DOWN = Direction.LEFT, Direction.RIGHT, Direction.UP, Direction.DOWN
SIZES = (4, 5, 6)
per_size = pytest.mark.parametrize("size", SIZES)
# Each line example is written as read toward the start (left, up) or toward the end (right,
# down) of a line; it is tried along rows and along columns.
along = pytest.mark.parametrize(
    "to_start, to_end", [(LEFT, RIGHT), (UP, DOWN)], ids=["rows", "columns"]
)


def parse(text: str) -> list[int]:
    """`4 4 _ _` -> [4, 4, 0, 0]."""
    return [0 if token == "_" else int(token) for token in text.split()]


def fit(line: list[int], size: int, direction: Direction) -> list[int]:
    """The line padded to `size`, the padding on the side away from the edge moved toward."""
    padding = [0] * (size - len(line))
    return line + padding if direction in (LEFT, UP) else padding + line


def line_board(line: list[int], size: int, direction: Direction, index: int) -> tuple:
    """An otherwise empty board: the line as row `index` (left, right) or column `index`."""
    rows = [[0] * size for _ in range(size)]
    for position, value in enumerate(fit(line, size, direction)):
        if direction in (LEFT, RIGHT):
            rows[index][position] = value
        else:
            rows[position][index] = value
    return tuple(tuple(row) for row in rows)


def check_line(before: str, direction: Direction, after: str, size: int, points: int) -> None:
    """The example holds in every row (or column) of a size x size board."""
    for index in range(size):
        result = shift(line_board(parse(before), size, direction, index), direction)
        assert result.grid == line_board(parse(after), size, direction, index)
        assert result.points == points


def pad(rows: list[list[int]], size: int) -> list[list[int]]:
    """A 4x4 example put in the top-left corner of a size x size board, the rest empty."""
    padded = [list(row) + [0] * (size - len(row)) for row in rows]
    return padded + [[0] * size for _ in range(size - len(rows))]


def distinct_board(size: int) -> list[list[int]]:
    """A full board whose tiles are all different: no move is left (R11)."""
    return [[2 ** (1 + row * size + column) for column in range(size)] for row in range(size)]


def dead_after_left(size: int, pair: int) -> list[list[int]]:
    """A full board where only the top row can move: `pair pair 8 16 ..` merges on a left
    move, and whichever tile spawns in the freed corner, no move is left afterwards."""
    top = [pair, pair] + [2 ** (3 + k) for k in range(size - 2)]
    second = [128 if column % 2 == 0 else 256 for column in range(size)]
    rest = [
        [2 if (row + column) % 2 == 0 else 4 for column in range(size)] for row in range(2, size)
    ]
    return [top, second, *rest]


def play(game: Game, count: int) -> list:
    """Make `count` valid moves, picking among the valid directions in a fixed rotation."""
    outcomes = []
    for step in range(count):
        directions = game.valid_directions()
        assert directions, "the test game ended too early"
        outcomes.append(game.move(directions[step % len(directions)]))
    return outcomes


def undo_view(game: Game) -> dict:
    """What an undo restores (R13): grid, score, moves and the random state."""
    state = game.to_dict()
    return {key: state[key] for key in ("grid", "score", "moves", "random_state")}


# -- R1, R2, R3: board and start -----------------------------------------------------------------


@pytest.mark.parametrize("size", range(3, 9))
def test_r1_sizes_3_to_8_are_accepted(size):
    """R1: the engine plays on any square board from 3x3 to 8x8."""
    game = Game.new(size, seed=1)
    assert game.size == size
    assert len(game.grid) == size and all(len(row) == size for row in game.grid)
    assert Game.from_grid([[0] * size for _ in range(size)]).size == size


@pytest.mark.parametrize("size", [-4, 0, 1, 2, 9, 10, 4.0, "4", True, None])
def test_r1_other_sizes_are_refused(size):
    """R1: any other size is a ValueError."""
    with pytest.raises(ValueError, match="size"):
        Game.new(size, seed=1)


@pytest.mark.parametrize("size", [1, 2, 9])
def test_r1_boards_of_other_sizes_are_refused(size):
    """R1: from_grid refuses boards smaller than 3x3 or bigger than 8x8."""
    with pytest.raises(ValueError):
        Game.from_grid([[0] * size for _ in range(size)])


@per_size
def test_r1_non_square_board_is_refused(size):
    """R1: the board is square."""
    rows = [[0] * size for _ in range(size)]
    rows[-1].append(0)
    with pytest.raises(ValueError):
        Game.from_grid(rows)
    with pytest.raises(ValueError):
        Game.from_grid(rows[:-1])


@per_size
@pytest.mark.parametrize("tile", [1, 3, 6, 12, -2, -4])
def test_r2_tiles_are_powers_of_two_from_2(size, tile):
    """R2: 1, non-powers of two and negative values are not tiles."""
    rows = pad([[2, 4, 8, tile]], size)
    with pytest.raises(ValueError):
        Game.from_grid(rows)


@per_size
def test_r2_largest_tile_is_2_to_the_cells_plus_one(size):
    """R2: 2^(n+1) for n cells is a tile on the board, twice that is not."""
    largest = 2 ** (size * size + 1)
    assert max_tile_value(size) == largest
    assert Game.from_grid(pad([[largest]], size)).grid[0][0] == largest
    with pytest.raises(ValueError):
        Game.from_grid(pad([[largest * 2]], size))


@per_size
def test_r2_r3_a_new_game_has_two_start_tiles(size):
    """R3: two tiles, 2 or 4, in two different cells; score, moves and clock at zero."""
    for seed in range(200):
        game = Game.new(size, seed=seed)
        tiles = [value for row in game.grid for value in row if value]
        assert len(tiles) == 2
        assert set(tiles) <= {2, 4}
        assert len(game.empty_cells()) == size * size - 2
        assert (game.score, game.moves, game.seconds) == (0, 0, 0)
        assert not game.won and not game.over
        assert game.undos_left == UNDO_LIMIT


# -- R4, R5: sliding and merging -----------------------------------------------------------------


@per_size
@along
def test_r4_two_16s_at_both_ends_meet(size, to_start, to_end):
    """R4: gaps close completely: 16s at the two ends of an empty line meet (and merge)."""
    ends = [16] + [0] * (size - 2) + [16]
    for index in range(size):
        at_start = shift(line_board(ends, size, to_start, index), to_start)
        assert at_start.grid == line_board([32] + [0] * (size - 1), size, to_start, index)
        at_end = shift(line_board(ends, size, to_end, index), to_end)
        assert at_end.grid == line_board([0] * (size - 1) + [32], size, to_end, index)
        assert at_start.points == at_end.points == 32


@per_size
@along
def test_r4_different_tiles_at_both_ends_slide_together(size, to_start, to_end):
    """R4: a 2 and a 4 at the two ends slide all the way, side by side, without merging."""
    ends = [2] + [0] * (size - 2) + [4]
    for index in range(size):
        left = shift(line_board(ends, size, to_start, index), to_start)
        assert left.grid == line_board([2, 4] + [0] * (size - 2), size, to_start, index)
        right = shift(line_board(ends, size, to_end, index), to_end)
        assert right.grid == line_board([0] * (size - 2) + [2, 4], size, to_end, index)
        assert left.points == right.points == 0


@per_size
@along
def test_r4_gaps_close(size, to_start, to_end):
    """R4: `_ 2 _ 4` slides to `2 4 _ _`; moved the other way, to `_ _ 2 4`."""
    check_line("_ 2 _ 4", to_start, "2 4 _ _", size, points=0)
    check_line("2 _ 4 _", to_end, "_ _ 2 4", size, points=0)


@per_size
def test_r4_every_tile_slides_on_a_full_move(size):
    """R4: every row moves at once, each tile as far as it can."""
    rows = [[0] * size for _ in range(size)]
    for row in range(size):
        rows[row][row] = 2 ** (row + 1)
    result = shift(rows, RIGHT)
    assert result.moved
    assert all(result.grid[row][size - 1] == 2 ** (row + 1) for row in range(size))
    assert sum(value > 0 for row in result.grid for value in row) == size


@per_size
@along
def test_r5_merged_tile_lands_nearer_the_edge(size, to_start, to_end):
    """R5: two 2s make a 4 in the cell nearer the edge moved toward."""
    check_line("_ _ 2 2", to_start, "4 _ _ _", size, points=4)
    check_line("2 2 _ _", to_end, "_ _ _ 4", size, points=4)
    result = shift(line_board([0, 2, 2], size, to_start, 0), to_start)
    (merge,) = result.merges
    assert merge.value == 4
    assert merge.target == (0, 0)
    assert set(merge.sources) == ({(0, 1), (0, 2)} if to_start is LEFT else {(1, 0), (2, 0)})


@per_size
@along
def test_r5a_a_tile_merges_once_per_move(size, to_start, to_end):
    """R5a: `4 4 4 4` gives `8 8 _ _`, never 16; `2 2 4 _` gives `4 4 _ _`."""
    check_line("4 4 4 4", to_start, "8 8 _ _", size, points=16)
    check_line("4 4 4 4", to_end, "_ _ 8 8", size, points=16)
    check_line("2 2 4 _", to_start, "4 4 _ _", size, points=4)
    check_line("_ 4 2 2", to_end, "_ _ 4 4", size, points=4)
    check_line("2 2 4 8", to_start, "4 4 8 _", size, points=4)


@per_size
@along
def test_r5b_pairs_form_from_the_edge(size, to_start, to_end):
    """R5b: `4 4 4 _` gives `8 4 _ _` moved left and `_ _ 4 8` moved right."""
    check_line("4 4 4 _", to_start, "8 4 _ _", size, points=8)
    check_line("4 4 4 _", to_end, "_ _ 4 8", size, points=8)


@per_size
def test_r5c_side_by_side_tiles_do_not_merge_across_the_move(size):
    """R5c: two equal tiles side by side in a row do not merge on up or down (and in a column
    not on left or right)."""
    for index in range(size):
        rows = [[0] * size for _ in range(size)]
        rows[index][0] = rows[index][1] = 8
        down = shift(rows, DOWN)
        assert down.grid[size - 1][:2] == (8, 8)
        assert down.points == 0 and not down.merges
        up = shift(rows, UP)
        assert up.grid[0][:2] == (8, 8)
        assert up.points == 0 and not up.merges
        columns = [list(column) for column in zip(*rows, strict=True)]
        right = shift(columns, RIGHT)
        assert (right.grid[0][size - 1], right.grid[1][size - 1]) == (8, 8)
        assert right.points == 0 and not right.merges


@per_size
@along
def test_r5d_different_values_never_merge(size, to_start, to_end):
    """R5d: `2 4 8 16` and `2 4 2 4` stay as they are; `_ 2 4 _` only slides."""
    for text in ("2 4 8 16", "2 4 2 4"):
        for index in range(size):
            grid = line_board(parse(text), size, to_start, index)
            result = shift(grid, to_start)
            assert not result.moved and result.grid == grid and result.points == 0
    check_line("_ 2 4 _", to_start, "2 4 _ _", size, points=0)
    check_line("_ 2 4 _", to_end, "_ _ 2 4", size, points=0)


# -- R6, R7: valid moves and spawns ---------------------------------------------------------------


@per_size
def test_r6_invalid_move_changes_nothing(size):
    """R6: a move that changes no tile: no spawn, no score, no move, no undo, same random state."""
    game = Game.new(size, seed=3)
    twin = Game.new(size, seed=3)
    blocked = []
    while not blocked or game.moves == 0:  # play on until some direction is blocked
        play(game, 1)
        play(twin, 1)
        blocked = [d for d in Direction if d not in game.valid_directions()]
    before = game.to_dict()
    for direction in blocked:
        assert game.move(direction) is None
        assert game.to_dict() == before
    # The random state was not touched: the next move spawns what the twin's does.
    direction = game.valid_directions()[0]
    assert game.move(direction) == twin.move(direction)


@per_size
def test_r6_blocked_on_the_start_board(size):
    """R6: a board flush against the left edge with no pair cannot move left."""
    game = Game.from_grid(pad([[2, 4, 8, 16], [32], [64, 2]], size), seed=1)
    before = game.to_dict()
    assert game.move(LEFT) is None
    assert game.to_dict() == before
    assert LEFT not in game.valid_directions()


@per_size
def test_r7_one_new_tile_per_valid_move(size):
    """R7: after each valid move exactly one 2 or 4 appears, in a cell the move left empty."""
    game = Game.new(size, seed=11)
    for step in range(40):
        directions = game.valid_directions()
        outcome = game.move(directions[step % len(directions)])
        slid = outcome.shift.grid
        changed = [
            (row, column)
            for row in range(size)
            for column in range(size)
            if slid[row][column] != game.grid[row][column]
        ]
        assert changed == [outcome.spawned.cell]
        row, column = outcome.spawned.cell
        assert slid[row][column] == 0
        assert game.grid[row][column] == outcome.spawned.value
        assert outcome.spawned.value in (2, 4)


# -- R8: score ----------------------------------------------------------------------------------


@per_size
def test_r8_two_256s_add_512(size):
    """R8: a merge adds the value of the tile it makes."""
    game = Game.from_grid(pad([[256, 256]], size), seed=1)
    outcome = game.move(LEFT)
    assert outcome.points == 512
    assert game.score == 512


@per_size
def test_r8_sliding_adds_nothing(size):
    """R8: the score starts at 0, and a move without merges adds nothing."""
    game = Game.from_grid(pad([[0, 0, 0, 256], [2]], size), seed=1)
    assert game.score == 0
    assert game.move(LEFT).points == 0
    assert game.score == 0


@per_size
def test_r8_every_merge_of_a_move_counts(size):
    """R8: `2 2 4 4` moved left adds 4 + 8."""
    game = Game.from_grid(pad([[2, 2, 4, 4]], size), seed=1)
    game.move(LEFT)
    assert game.score == 12


@per_size
def test_r8_a_2048_built_from_2s_adds_20480(size):
    """R8: 1024 spawned 2s merged pair by pair into one 2048 add exactly 20,480."""
    level = [2] * 1024
    total = 0
    merges = 0
    while len(level) > 1:
        made = []
        for first, second in zip(level[0::2], level[1::2], strict=True):
            row = merges % size
            ends = [first] + [0] * (size - 2) + [second]
            result = shift(line_board(ends, size, LEFT, row), LEFT)
            total += result.points
            merges += 1
            made.append(result.grid[row][0])
        level = made
    assert level == [2048]
    assert merges == 1023
    assert total == 20480


# -- R10, R10a, R11: winning and losing ----------------------------------------------------------


@per_size
def test_r10_first_2048_wins_once(size):
    """R10: the first 2048 reports won_now; a later 2048 does not."""
    rows = pad([[1024, 1024], [], [1024], [1024]], size)
    game = Game.from_grid(rows, seed=2)
    assert not game.won
    first = game.move(LEFT)
    assert first.won_now and game.won
    second = game.move(UP)
    assert second is not None
    assert not second.won_now and game.won
    assert [value for row in game.grid for value in row].count(2048) == 2
    assert game.score == 2048 + 2048


@per_size
def test_r10_a_game_that_starts_won_never_wins_again(size):
    """R10: a board that already holds a 2048 is won; merging two 2048s shows no banner."""
    game = Game.from_grid(pad([[2048, 2048]], size), seed=2)
    assert game.won
    outcome = game.move(LEFT)
    assert outcome.shift.grid[0][0] == 4096
    assert not outcome.won_now


@per_size
def test_r10a_winning_move_that_ends_the_game_reports_both(size):
    """R10a: a winning move that leaves no move reports won_now and over_now."""
    for seed in range(10):  # 2 or 4 may spawn; the board must end either way
        game = Game.from_grid(dead_after_left(size, 1024), seed=seed)
        outcome = game.move(LEFT)
        assert outcome.won_now and outcome.over_now
        assert game.won and game.over
        assert game.valid_directions() == []


@per_size
def test_r11_move_that_leaves_no_move_ends_the_game(size):
    """R11: the move that fills the board with no pair left reports over_now, without a win."""
    game = Game.from_grid(dead_after_left(size, 512), seed=4)
    assert not game.over
    outcome = game.move(LEFT)
    assert outcome.over_now and not outcome.won_now
    assert game.over and not game.won


@per_size
def test_r11_full_board_without_pairs_is_over(size):
    """R11: every cell full and no orthogonal neighbours equal: the game is over."""
    rows = distinct_board(size)
    assert is_over(rows)
    assert Game.from_grid(rows).over
    assert valid_directions(rows) == []


@per_size
def test_r11_one_equal_pair_anywhere_is_not_over(size):
    """R11: a full board with a single equal pair, wherever it is, is not over."""
    for row in range(size):
        for column in range(size):
            for other_row, other_column in ((row, column + 1), (row + 1, column)):
                if other_row == size or other_column == size:
                    continue
                rows = distinct_board(size)
                rows[other_row][other_column] = rows[row][column]
                game = Game.from_grid(rows)
                assert not is_over(rows) and not game.over
                assert game.valid_directions()


@per_size
def test_r11_diagonal_neighbours_do_not_count(size):
    """R11: equal tiles touching only at a corner leave the game over."""
    for row in range(size - 1):
        for column in range(size):
            for other_column in (column - 1, column + 1):
                if not 0 <= other_column < size:
                    continue
                rows = distinct_board(size)
                rows[row + 1][other_column] = rows[row][column]
                assert is_over(rows)
                assert Game.from_grid(rows).over


@per_size
def test_r11_one_empty_cell_is_not_over(size):
    """R11: a board with an empty cell is not over."""
    for row in range(size):
        for column in range(size):
            rows = distinct_board(size)
            rows[row][column] = 0
            assert not is_over(rows)


# -- R13, R14: undo -------------------------------------------------------------------------------


@per_size
def test_r13_undo_restores_the_board_exactly(size):
    """R13: grid, score and moves as before the move; the spawned tile gone."""
    game = Game.new(size, seed=21)
    play(game, 12)
    before = (game.grid, game.score, game.moves)
    assert game.score > 0
    saved = undo_view(game)
    direction = game.valid_directions()[-1]
    outcome = game.move(direction)
    assert game.undo()
    assert (game.grid, game.score, game.moves) == before
    assert undo_view(game) == saved  # the random state too
    assert game.grid != outcome.shift.grid  # the move and its spawned tile are gone


@per_size
def test_r13_the_same_move_respawns_the_same_tile(size):
    """R13: after an undo, making the same move again spawns the same tile in the same cell."""
    game = Game.new(size, seed=22)
    play(game, 8)
    saved = game.to_dict()
    for direction in game.valid_directions():
        game = Game.from_dict(saved)
        first = game.move(direction)
        after = game.grid
        assert game.undo()
        again = game.move(direction)
        assert again.spawned == first.spawned
        assert game.grid == after


@per_size
def test_r13_undo_does_not_turn_the_clock_back(size):
    """R13: the clock keeps the time played, undo or not."""
    game = Game.new(size, seed=23)
    game.advance_clock(3.0)
    play(game, 1)
    game.advance_clock(2.0)
    assert game.undo()
    assert game.seconds == 5.0


@per_size
def test_r14_five_undos_per_game(size):
    """R14: five steps back, each to the exact state before; then undo is used up."""
    game = Game.new(size, seed=24)
    states = []
    for _ in range(8):
        states.append(undo_view(game))
        play(game, 1)
    assert len(game.to_dict()["history"]) == 5  # the last five moves only
    for back in range(1, 6):
        assert game.undo()
        assert game.undos_left == 5 - back
        assert undo_view(game) == states[-back]
    assert game.undos_left == 0
    assert not game.can_undo()
    before = game.to_dict()
    assert not game.undo()
    assert game.to_dict() == before
    play(game, 2)
    assert not game.undo()  # five per game, not five per stretch of moves


@per_size
def test_r14_history_holds_only_the_last_five_moves(size):
    """R14: after seven moves, five undos reach the board after move two, no further."""
    game = Game.new(size, seed=25)
    play(game, 2)
    after_two = undo_view(game)
    play(game, 5)
    for _ in range(5):
        assert game.undo()
    assert undo_view(game) == after_two
    assert game.to_dict()["history"] == []


@per_size
def test_r14_nothing_to_undo_at_the_start(size):
    """R14: undo before any move takes nothing back and uses no undo."""
    game = Game.new(size, seed=26)
    before = game.to_dict()
    assert not game.undo()
    assert game.to_dict() == before
    assert game.undos_left == UNDO_LIMIT


@per_size
def test_r14_undo_works_from_game_over(size):
    """R14: undo on a game-over board makes the game playable again."""
    start = dead_after_left(size, 512)
    game = Game.from_grid(start, seed=27)
    game.move(LEFT)
    assert game.over
    assert game.undo()
    assert not game.over
    assert game.grid == tuple(tuple(row) for row in start)
    assert LEFT in game.valid_directions()


@per_size
def test_r14_undoing_the_winning_move_keeps_the_win(size):
    """R14: the win stays recorded after an undo, and winning again shows no second banner."""
    game = Game.from_grid(pad([[1024, 1024], [2]], size), seed=28)
    first = game.move(LEFT)
    assert first.won_now
    assert game.undo()
    assert game.won
    again = game.move(LEFT)
    assert not again.won_now
    assert again.spawned == first.spawned


@per_size
def test_r14_undo_can_be_turned_off(size):
    """R14: with undo turned off, undo takes nothing back."""
    for game in (
        Game.new(size, seed=29, undo_enabled=False),
        Game.from_grid(pad([[2, 2]], size), seed=29, undo_enabled=False),
    ):
        play(game, 3)
        before = game.to_dict()
        assert not game.can_undo()
        assert not game.undo()
        assert game.to_dict() == before
        assert game.undos_left == UNDO_LIMIT


# -- R16, R17: moves and clock --------------------------------------------------------------------


@per_size
def test_r16_moves_count_valid_moves_and_undo_takes_one_off(size):
    """R16: valid moves count one each; invalid moves none; an undo takes one off."""
    game = Game.from_grid(pad([[2, 4], [8]], size), seed=30)
    assert game.moves == 0
    assert game.move(LEFT) is None
    assert game.moves == 0
    play(game, 6)
    assert game.moves == 6
    game.undo()
    game.undo()
    assert game.moves == 4
    play(game, 1)
    assert game.moves == 5


@per_size
def test_r17_clock_adds_up_and_is_saved(size):
    """R17: the caller advances the clock; the time played is saved with the game."""
    game = Game.new(size, seed=31)
    assert game.seconds == 0
    for _ in range(4):
        game.advance_clock(0.25)
    play(game, 3)  # moves do not touch the clock
    assert game.seconds == 1.0
    assert game.to_dict()["seconds"] == 1.0
    assert Game.from_dict(game.to_dict()).seconds == 1.0


@per_size
def test_r17_clock_never_runs_backwards(size):
    """R17: zero or negative steps leave the clock as it is."""
    game = Game.new(size, seed=32)
    game.advance_clock(2.0)
    game.advance_clock(0.0)
    game.advance_clock(-1.0)
    game.advance_clock(float("nan"))
    assert game.seconds == 2.0


def test_directions_are_named_by_strings():
    """The engine contract: Direction('left'), and shift accepts the names."""
    assert Direction("left") is LEFT and Direction("up") is UP
    grid = pad([[0, 2]], 4)
    assert shift(grid, "left").grid == shift(grid, LEFT).grid
