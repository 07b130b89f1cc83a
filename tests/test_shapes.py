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


@pytest.mark.parametrize("width", [0, 1, 3])
@pytest.mark.parametrize("radius", [4, 12, 40])
def test_the_shape_is_sdls_but_for_its_corners_which_are_blended(width, radius):
    rect = pygame.Rect(10, 10, 96, 56)
    ours = drawn(lambda s: rounded_rect(s, INK, rect, radius, width))
    sdls = drawn(lambda s: pygame.draw.rect(s, INK, rect, width, radius))
    r = min(radius, rect.height // 2)
    blended = 0
    for x in range(rect.left - 2, rect.right + 2):
        for y in range(rect.top - 2, rect.bottom + 2):
            colour = tuple(ours.get_at((x, y)))[:3]
            in_corner = (x < rect.left + r or x >= rect.right - r) and (
                y < rect.top + r or y >= rect.bottom - r
            )
            if not in_corner:
                assert colour == tuple(sdls.get_at((x, y)))[:3], (x, y)
            else:
                blended += colour not in (PAPER, INK)
    assert blended > 0  # anti-aliased: colours between the ink and the paper
    assert tuple(ours.get_at(rect.center))[:3] == (INK if width == 0 else PAPER)
