"""The review's plot as a player reads it (R23): the losses of a game of small slips are bars a
player can see, the worst move's the tallest, and one huge loss does not flatten the others."""

from __future__ import annotations

import pygame
import pytest
from helpers.view import PLOT_SIZE, Scored, bar_heights, review_of

from game.kept_games.review.grading import Grade, grade_of
from game.view.plot import Plot
from game.view.render import Text
from game.view.theme import CLASSIC


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


def test_the_scale_s_figures_read_over_a_game_of_blunders(plot):
    """Issue 33: the scale's figures lay under the bars. A long game of blunders fills the
    plot with bars from edge to edge; each figure still shows, over them."""
    theme = CLASSIC
    surface = pygame.Surface(PLOT_SIZE)
    count = PLOT_SIZE[0] * 2
    positions = [Scored(i) for i in range(count + 1)]
    plot.clear()
    plot.draw(surface, surface.get_rect(), theme, "en", positions, review_of([5.0] * count), None)
    ink = pygame.mask.from_threshold(surface, theme.muted_text, (40, 40, 40, 255))
    left = pygame.Rect(0, PLOT_SIZE[1] // 2, PLOT_SIZE[0] // 8, PLOT_SIZE[1] // 2)
    figures = ink.overlap_area(pygame.mask.Mask(left.size, fill=True), left.topleft)
    assert figures >= 10  # the figures' strokes, in (about) the muted words' colour
