"""Shapes drawn smooth: SDL draws a rounded rectangle's corners in steps, plain to see on a big
screen, so the corners here are anti-aliased quarter circles joined by straight edges.

    rounded_rect(surface, colour, rect, radius)            # filled
    rounded_rect(surface, colour, rect, radius, width=3)   # a ring
"""

from __future__ import annotations

import pygame

_QUADRANTS = ("draw_top_left", "draw_top_right", "draw_bottom_left", "draw_bottom_right")


def rounded_rect(
    surface: pygame.Surface, colour, rect: pygame.Rect, radius: int, width: int = 0
) -> None:
    """pygame.draw.rect(surface, colour, rect, width, radius), its corners anti-aliased."""
    rect = pygame.Rect(rect)
    radius = min(radius, rect.width // 2, rect.height // 2)
    if radius < 2 or rect.width < 4 or rect.height < 4:
        pygame.draw.rect(surface, colour, rect, width, max(radius, 0))
        return
    inner = rect.inflate(-2 * radius, -2 * radius)
    if width <= 0:
        pygame.draw.rect(surface, colour, (inner.left, rect.top, inner.width, rect.height))
        pygame.draw.rect(surface, colour, (rect.left, inner.top, rect.width, inner.height))
    else:
        width = min(width, radius)
        for edge in (
            (inner.left, rect.top, inner.width, width),
            (inner.left, rect.bottom - width, inner.width, width),
            (rect.left, inner.top, width, inner.height),
            (rect.right - width, inner.top, width, inner.height),
        ):
            pygame.draw.rect(surface, colour, edge)
    # A circle of radius r centred on pixel c covers c - r to c + r - 1: the right and lower
    # centres sit one pixel in, so the four quarters meet the edges exactly.
    centres = (
        (inner.left, inner.top),
        (inner.right - 1, inner.top),
        (inner.left, inner.bottom - 1),
        (inner.right - 1, inner.bottom - 1),
    )
    for centre, quadrant in zip(centres, _QUADRANTS, strict=True):
        pygame.draw.aacircle(surface, colour, centre, radius, width, **{quadrant: True})
