"""Rounded corners drawn smooth (issue 24): fullscreen, SDL's rounded rectangles showed their
corners in steps. Each corner of a tile, an empty cell, the board and a score box blends its
colour into what lies under it, as the real app draws them at 1920x1080: every pixel of the
corner is a mix of the two (never darker, as a tile drawn on a clear black layer would leave a
dark fringe when laid on the board), and along the arc some are partly each."""

from __future__ import annotations

import pygame
import pytest
from helpers.keys import STEP
from helpers.view import use_look

from game.core.engine import Game
from game.play.session import Session
from game.view.theme import THEMES

WINDOW = (1920, 1080)
TOLERANCE = 3  # rounding, in each channel
CORNER = 64  # the tile whose corners are looked at, in the top left cell
GRID = [[CORNER, 2, 4, 8], [16, 0, 0, 0], [0] * 4, [0] * 4]


APP_SEED = 1


@pytest.fixture(scope="module")
def app(module_app):
    module_app.window.size = WINDOW
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=WINDOW[0], y=WINDOW[1]))
    module_app.frame(STEP)
    yield module_app
    use_look(module_app, theme="classic")


def frame(app, grid) -> pygame.Surface:
    app.use_session(Session(Game.from_grid(grid, seed=3)))
    app.frame(STEP, [])
    surface = app.window.get_surface()
    assert surface.get_size() == WINDOW
    return surface.copy()


def corners(rect: pygame.Rect, radius: int) -> list[tuple[int, int]]:
    """The pixels of a rounded rectangle's four corner squares."""
    side = radius + 1
    squares = [
        pygame.Rect(rect.left, rect.top, side, side),
        pygame.Rect(rect.right - side, rect.top, side, side),
        pygame.Rect(rect.left, rect.bottom - side, side, side),
        pygame.Rect(rect.right - side, rect.bottom - side, side, side),
    ]
    return [(x, y) for s in squares for x in range(s.left, s.right) for y in range(s.top, s.bottom)]


def share(pixel, colour, under) -> float | None:
    """How much of `colour` (over `under`) makes `pixel`, or None if no mix of the two does."""
    channel = max(range(3), key=lambda i: abs(colour[i] - under[i]))
    amount = (pixel[channel] - under[channel]) / (colour[channel] - under[channel])
    mix = [under[i] + amount * (colour[i] - under[i]) for i in range(3)]
    fits = -0.02 <= amount <= 1.02 and all(abs(mix[i] - pixel[i]) <= TOLERANCE for i in range(3))
    return amount if fits else None


def blended(shown, bare, rect, radius, colour) -> tuple[list, int]:
    """(the corner pixels that are no mix of `colour` over the bare frame's, how many along
    the arcs are partly each)."""
    wrong, partial = [], 0
    for point in corners(rect, radius):
        pixel, under = shown.get_at(point)[:3], bare.get_at(point)[:3]
        amount = share(pixel, colour, under)
        if amount is None:
            wrong.append((point, pixel, under))
        elif 0.05 < amount < 0.95:
            partial += 1
    return wrong, partial


def radius_of(side: int) -> int:
    return max(2, round(side * 0.05))


@pytest.mark.parametrize("theme", THEMES)
def test_a_tile_s_corners_blend_into_the_cell_under_it(app, theme):
    use_look(app, theme=theme)
    shown = frame(app, GRID)
    bare = frame(app, [[0, *GRID[0][1:]], *GRID[1:]])  # the same board, that cell empty
    layout = app.view.layout
    rect = layout.cell_rect(0, 0)
    colour = app.view.theme.tile_colour(CORNER)
    assert shown.get_at(rect.center)[:3] != bare.get_at(rect.center)[:3]  # the tile is there
    wrong, partial = blended(shown, bare, rect, radius_of(layout.cell), colour)
    assert not wrong, wrong[:5]
    assert partial >= 4 * radius_of(layout.cell), partial  # smoothed, not in steps


@pytest.mark.parametrize("theme", THEMES)
def test_the_board_s_and_an_empty_cell_s_corners_blend(app, theme):
    use_look(app, theme=theme)
    shown = frame(app, GRID)
    palette = app.view.theme
    layout = app.view.layout
    # The board over the window's background; an empty cell over the board.
    background = pygame.Surface(WINDOW)
    background.fill(palette.background)
    board_radius = radius_of(layout.cell) + layout.gap // 2
    wrong, partial = blended(shown, background, layout.board, board_radius, palette.board)
    assert not wrong, wrong[:5]
    assert partial >= 4 * board_radius, partial
    under = pygame.Surface(WINDOW)
    under.fill(palette.board)
    cell = layout.cell_rect(1, 1)
    wrong, partial = blended(shown, under, cell, radius_of(layout.cell), palette.empty_cell)
    assert not wrong, wrong[:5]
    assert partial >= 4 * radius_of(layout.cell), partial


def test_a_score_box_s_corners_blend_into_the_background(app):
    use_look(app, theme="classic")
    shown = frame(app, GRID)
    palette = app.view.theme
    background = pygame.Surface(WINDOW)
    background.fill(palette.background)
    box = app.view.layout.score
    radius = max(3, box.height // 12)
    wrong, partial = blended(shown, background, box, radius, palette.panel)
    assert not wrong, wrong[:5]
    assert partial >= 4 * radius, partial
