"""The review's plot as a player reads it (R23): the losses of a game of small slips are bars a
player can see, the worst move's the tallest, and one huge loss does not flatten the others."""

from __future__ import annotations

import pygame
import pytest
from helpers.view import bar_heights

from game.kept_games.review.grading import Grade, grade_of
from game.view.plot import Plot
from game.view.render import Text


@pytest.fixture(scope="module")
def plot():
    pygame.init()
    return Plot(Text())


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
