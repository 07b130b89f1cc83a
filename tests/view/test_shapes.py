"""Rounded rectangles with smooth corners (issue 24, item 16): SDL's own are drawn in steps."""

from __future__ import annotations

import os

import pygame
import pytest

from game.view.shapes import rounded_rect

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
PAPER, INK = (250, 248, 239), (143, 122, 102)


def drawn(draw) -> pygame.Surface:
    surface = pygame.Surface((120, 80))
    surface.fill(PAPER)
    draw(surface)
    return surface


def straight_part(rect: pygame.Rect, width: int, x: int, y: int):
    """What a rounded rectangle is away from its corners: its edges `width` thick (all of it
    when 0), else paper."""
    inside = rect.collidepoint(x, y)
    if width <= 0 or not inside:
        return INK if inside else PAPER
    near = min(x - rect.left, rect.right - 1 - x, y - rect.top, rect.bottom - 1 - y) < width
    return INK if near else PAPER


@pytest.mark.parametrize("width", [0, 1, 3])
@pytest.mark.parametrize("radius", [4, 12, 40])
def test_the_edges_are_straight_and_the_corners_blended(width, radius):
    rect = pygame.Rect(10, 10, 96, 56)
    ours = drawn(lambda s: rounded_rect(s, INK, rect, radius, width))
    r = min(radius, rect.height // 2)
    blended = 0
    for x in range(rect.left - 2, rect.right + 2):
        for y in range(rect.top - 2, rect.bottom + 2):
            colour = tuple(ours.get_at((x, y)))[:3]
            # A quarter circle reaches its centre's row and column, one pixel in from the
            # corner's square.
            in_corner = (x <= rect.left + r or x >= rect.right - 1 - r) and (
                y <= rect.top + r or y >= rect.bottom - 1 - r
            )
            if not in_corner:
                assert colour == straight_part(rect, width, x, y), (x, y)
            else:
                blended += colour not in (PAPER, INK)
    assert blended > 0  # anti-aliased: colours between the ink and the paper
    assert tuple(ours.get_at(rect.center))[:3] == (INK if width == 0 else PAPER)
