"""The layout: from the smallest window to 4K and odd shapes, everything is on screen,
nothing overlaps or touches, and the tiles fit the board."""

from __future__ import annotations

import itertools

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.view.layout import BUTTONS, MIN_WINDOW, compute_layout

WIDTHS = (320, 360, 400, 479, 480, 481, 640, 800, 1024, 1280, 1366, 1920, 2560, 3840)
HEIGHTS = (400, 480, 600, 720, 768, 900, 1080, 1440, 2160)
EXTREMES = ((2000, 400), (320, 2000), (3840, 400), (320, 2160), (480, 400), (400, 480))
BOARD_SIZES = (4, 5, 6)


def check_layout(width: int, height: int, size: int) -> None:
    layout = compute_layout(width, height, size)
    window = pygame.Rect(0, 0, width, height)
    rects = layout.rects()
    assert len(rects) == 5 + len(BUTTONS)  # title, score, best, info, the buttons, board
    for rect in rects:
        assert rect.width > 0
        assert rect.height > 0
        assert window.contains(rect), (rect, window)
    for a, b in itertools.combinations(rects, 2):
        assert not a.inflate(4, 4).colliderect(b), (a, b)  # apart by 2 px at least

    assert layout.cell > 0
    assert layout.gap > 0
    cells = [layout.cell_rect(r, c) for r in range(size) for c in range(size)]
    for (r, c), rect in zip(itertools.product(range(size), repeat=2), cells, strict=True):
        assert rect.width == rect.height == layout.cell  # square tiles
        assert layout.board.contains(rect), (r, c, rect, layout.board)
        assert layout.cell_at(rect.center) == (r, c)
    for a, b in itertools.combinations(cells, 2):
        assert not a.colliderect(b)
    assert layout.board.contains(layout.cell_rect(size - 1, size - 1))
    assert layout.board.width == layout.board.height


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


def test_cell_at_misses_outside_the_board():
    layout = compute_layout(800, 600, 4)
    assert layout.cell_at((layout.board.left - 1, layout.board.centery)) is None
    assert layout.cell_at((layout.board.centerx, layout.board.bottom)) is None
    assert layout.cell_at(layout.board.topleft) == (0, 0)
