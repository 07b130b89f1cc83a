"""The layout: from the smallest window to 4K and odd shapes, everything is on screen,
nothing overlaps or touches, the tiles fit the board, and the space left over is shared."""

from __future__ import annotations

import itertools

import pygame
import pytest
from helpers.layout import EXTREMES, HEIGHTS, WIDTHS, check_layout
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.engine import BOARD_SIZES
from game.core.settings import MIN_WINDOW
from game.view.layout import compute_layout


@pytest.mark.parametrize("size", BOARD_SIZES)
def test_a_grid_of_common_window_sizes(size):
    for width, height in itertools.product(WIDTHS, HEIGHTS):
        check_layout(width, height, size)


@pytest.mark.parametrize("size", BOARD_SIZES)
@pytest.mark.parametrize(("width", "height"), [MIN_WINDOW, *EXTREMES])
def test_extreme_shapes(width, height, size):
    check_layout(width, height, size)


@settings(max_examples=300, deadline=None)
@given(
    width=st.integers(MIN_WINDOW[0], 3840),
    height=st.integers(MIN_WINDOW[1], 2160),
    size=st.sampled_from(BOARD_SIZES),
)
def test_any_window_size(width, height, size):
    check_layout(width, height, size)


@pytest.mark.parametrize("size", BOARD_SIZES)
def test_the_board_takes_a_fair_share_of_the_window(size):
    """A player should see a board, not a sliver: at least a third of the shorter side."""
    for width, height in itertools.product(WIDTHS, HEIGHTS):
        layout = compute_layout(width, height, size)
        assert layout.board.width >= min(width, height) / 3, (width, height)


def occupied(layout) -> pygame.Rect:
    rects = layout.rects()
    return rects[0].unionall(rects[1:])


@pytest.mark.parametrize("size", BOARD_SIZES)
@pytest.mark.parametrize(
    ("width", "height"),
    [(400, 1000), (320, 2160), (540, 720), (1900, 400), (3840, 400), (1000, 500), (1920, 1080)],
)
def test_space_left_over_is_shared_on_both_sides(width, height, size):
    """A tall window left 430 px blank under the board: the spare space goes to both sides."""
    layout = compute_layout(width, height, size)
    used = occupied(layout)
    above, below = used.top, height - used.bottom
    left, right = used.left, width - used.right
    slack = 2 + size  # rounding, and a board a few pixels short of its square
    assert abs(above - below) <= slack, (above, below)
    assert abs(left - right) <= slack, (left, right)


@pytest.mark.parametrize(("width", "height"), [(640, 480), (1000, 500), (1900, 400), (1920, 1080)])
def test_the_score_float_rises_above_the_score_box(width, height):
    layout = compute_layout(width, height, 4)
    assert layout.rise.bottom <= layout.score.top
    assert layout.rise.left >= layout.score.left and layout.rise.right <= layout.score.right
    assert layout.rise.height >= layout.score.height * 0.3
