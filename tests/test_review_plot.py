"""The review's plot as a player reads it (R23): the losses of a game of small slips are bars a
player can see, the worst move's the tallest, and one huge loss does not flatten the others."""

from __future__ import annotations

import pygame
import pytest

from game.core.engine import Direction
from game.kept.review.grading import Grade, MoveGrade, Review, grade_of
from game.view.plot import Plot, column_of
from game.view.render import Text
from game.view.theme import CLASSIC

SIZE = (480, 90)  # about the plot of a 540x720 window


@pytest.fixture(scope="module")
def plot():
    pygame.init()
    return Plot(Text())


def review_of(losses: list[float]) -> Review:
    grades = tuple(
        MoveGrade(i, Direction.UP, Direction.LEFT, loss, grade_of(loss), False, False)
        for i, loss in enumerate(losses)
    )
    return Review(depth=2, grades=grades, findings=(), complete=True)


def bar_heights(plot, losses: list[float]) -> dict[int, int]:
    """How tall each move's bar is drawn, in pixels (the accent's or the muted text's)."""
    theme = CLASSIC
    surface = pygame.Surface(SIZE)
    positions = [_Position(i * 10) for i in range(len(losses) + 1)]
    plot.clear()
    plot.draw(surface, surface.get_rect(), theme, "en", positions, review_of(losses), None)
    heights = {}
    bars = [tuple(colour)[:3] for colour in (theme.accent, theme.muted_text)]
    for i in range(len(losses)):
        x = column_of(i, len(positions), SIZE[0])
        y = SIZE[1] - 1 - max(1, SIZE[1] // 45)  # a bar stands on the band's bottom
        tall = 0
        while surface.get_at((x, y - tall))[:3] in bars:
            tall += 1
        heights[i] = tall
    return heights


class _Position:
    def __init__(self, score: int) -> None:
        self.score = score


def test_a_game_of_small_slips_shows_bars_a_player_can_see(plot):
    losses = [0.0, 0.03, 0.0, 0.11, 0.05, 0.0, 0.02, 0.0]
    heights = bar_heights(plot, losses)
    assert grade_of(0.11) is Grade.MISTAKE
    band = bar_heights(plot, [1.0])[0]  # the band's top: a biggest tile pulled off its edge
    assert heights[3] >= band // 2  # the worst move's bar: half the band at least
    assert heights[3] > heights[4] > heights[1] > 0 and heights[0] == 0


def test_one_huge_loss_does_not_flatten_every_other_bar(plot):
    losses = [0.2, 0.0, 50.0, 0.0, 0.2, 0.0]
    heights = bar_heights(plot, losses)
    assert heights[0] >= heights[2] // 4 > 0
