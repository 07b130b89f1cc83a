"""The statistics' keeper on its own: a real session's events in, statistics out (R19, R20).
Every figure of R19 across size switches, an undone first move, a game turned assisted
partway and a win by autoplay."""

from __future__ import annotations

import pytest

from game.core.engine import Direction, Game
from game.core.stats import Stats
from game.play import commands as cmd
from game.play import events as ev
from game.play.session import Session
from game.play.stats_keeper import StatsKeeper
from game.screens.menus import SizeItem
from game.screens.navigator import Navigator
from game.screens.screen import Item
from game.text.records_words import stats_lines

UP, DOWN, LEFT, RIGHT = Direction.UP, Direction.DOWN, Direction.LEFT, Direction.RIGHT
NEAR_WIN = [[1024, 1024, 0, 0], [0] * 4, [0] * 4, [0] * 4]


class Play:
    """A session and its statistics' keeper, wired as the app wires them."""

    def __init__(self, session: Session | None = None) -> None:
        self.session = session or Session.start(4, seed=3)
        self.stats_keeper = StatsKeeper(Stats())
        self.screens = Navigator(self.session)

    def do(self, command: cmd.Command) -> list[ev.Event]:
        events = self.screens.handle(command)
        self.stats_keeper.handle(events, self.session)
        return events

    def move(self, *directions: Direction) -> None:
        for direction in directions:
            self.do(cmd.Move(direction))

    def any_move(self) -> None:
        self.move(self.session.game.valid_directions()[0])

    def wait(self, seconds: float) -> None:
        self.stats_keeper.time_played(self.session, self.session.pass_time(seconds))

    def figures(self, size: int = 4, assisted: bool = False):
        return self.stats_keeper.stats.for_size(size, assisted=assisted)

    def switch(self, size: int) -> None:
        self.do(cmd.Pause())
        self.do(cmd.Select(self.screens.top.items.index(Item.SIZES)))
        self.do(cmd.Select(self.screens.top.items.index(SizeItem(size))))


def test_a_game_counts_at_its_first_move_and_only_once():
    play = Play()
    play.wait(5.0)
    assert play.figures().games_played == 0  # a fresh board is not a game yet
    play.any_move()
    assert play.figures().games_played == 1
    play.do(cmd.Undo())  # the first move taken back ...
    play.any_move()  # ... and made again: still the same game (R19)
    play.any_move()
    assert play.figures().games_played == 1


def test_time_played_is_the_clock_time_of_each_game():
    play = Play()
    play.wait(3.0)  # before the first move: not on the clock (R17)
    play.any_move()
    play.wait(30.0)
    play.do(cmd.Pause())
    play.wait(100.0)  # a menu stops the clock
    play.do(cmd.Back())
    play.wait(2.5)
    assert play.figures().total_seconds == pytest.approx(32.5)
    assert play.figures().total_seconds == pytest.approx(play.session.game.seconds)


def test_size_switches_keep_each_games_count_and_time():
    play = Play()
    play.any_move()
    play.wait(10.0)
    play.switch(5)
    play.any_move()
    play.wait(20.0)
    play.switch(4)  # the 4x4 game comes back: it is not counted again
    play.any_move()
    play.wait(5.0)
    assert (play.figures(4).games_played, play.figures(4).total_seconds) == (1, 15.0)
    assert (play.figures(5).games_played, play.figures(5).total_seconds) == (1, 20.0)


def test_best_score_and_biggest_tile_rise_and_never_fall():
    play = Play(Session(Game.from_grid([[2, 2, 4, 8], [0] * 4, [0] * 4, [0] * 4], seed=1)))
    play.move(LEFT)
    best = play.figures().best_score
    assert best == play.session.game.score > 0
    assert play.stats_keeper.best(4) == best  # what the BEST box shows (R9)
    play.do(cmd.Undo())  # the score falls back, the best stays
    assert play.session.game.score < best and play.stats_keeper.best(4) == best
    assert play.figures().biggest_tile == 8


def test_a_win_counts_with_its_time_and_moves():
    play = Play(Session(Game.from_grid(NEAR_WIN, seed=1)))
    play.move(DOWN)
    play.wait(42.0)
    play.move(LEFT, UP)
    figures = play.figures()
    assert (figures.games_played, figures.games_won) == (1, 1)
    assert figures.fastest_win_seconds == pytest.approx(42.0)
    assert figures.fewest_moves_to_win == play.session.game.moves


def test_a_game_turned_assisted_partway_moves_to_the_assisted_column():
    """R20: own until the first hint, then assisted instead (moved, not doubled); the time
    and the best of its own part stay the player's."""
    play = Play()
    play.any_move()
    play.wait(60.0)
    own_best = play.figures().best_score
    play.do(cmd.Hint())
    play.wait(40.0)
    for _ in range(20):
        play.any_move()
    own, helped = play.figures(), play.figures(assisted=True)
    assert own.games_played == 0 and helped.games_played == 1
    assert own.total_seconds == pytest.approx(60.0)
    assert helped.total_seconds == pytest.approx(40.0)
    assert play.stats_keeper.best(4) == own_best  # an assisted score never raises it
    assert helped.best_score == play.session.game.score
    lines = stats_lines(play.stats_keeper.stats, 4, "en")
    assert any(line.startswith("Assisted games") for line in lines)  # the assisted part shows


def test_a_hint_before_the_first_move_makes_the_whole_game_assisted():
    play = Play()
    play.do(cmd.Hint())
    play.any_move()
    play.wait(10.0)
    assert play.figures().games_played == 0
    assert play.figures(assisted=True).games_played == 1
    assert play.figures(assisted=True).total_seconds == pytest.approx(10.0)


def test_a_win_by_autoplay_is_an_assisted_win():
    play = Play(Session(Game.from_grid(NEAR_WIN, seed=1)))
    play.any_move()
    play.wait(7.0)
    play.do(cmd.ToggleAutoplay())
    events = play.do(cmd.SolverMove(LEFT))
    assert ev.Won() in events and ev.AutoplayStopped() in events  # it stops at the banner
    own, helped = play.figures(), play.figures(assisted=True)
    assert (own.games_played, own.games_won) == (0, 0)
    assert (helped.games_played, helped.games_won) == (1, 1)
    assert helped.fastest_win_seconds == pytest.approx(7.0)


def test_a_new_game_closes_the_last_one_into_its_column():
    play = Play()
    play.any_move()
    play.do(cmd.Hint())
    play.do(cmd.NewGame())
    play.do(cmd.Select(0))  # confirm
    play.any_move()
    assert play.figures().games_played == 1  # the new one, own
    assert play.figures(assisted=True).games_played == 1  # the old one, assisted
