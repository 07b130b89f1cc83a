"""The layout's own check, for every window a player may have: the common sizes, the odd
shapes, and the rules each layout must keep."""

from __future__ import annotations

import itertools

import pygame

from game.view.layout import BUTTONS, compute_layout

WIDTHS = (320, 360, 400, 479, 480, 481, 640, 800, 1024, 1280, 1366, 1920, 2560, 3840)
HEIGHTS = (400, 480, 600, 720, 768, 900, 1080, 1440, 2160)
EXTREMES = ((2000, 400), (320, 2000), (3840, 400), (320, 2160), (480, 400), (400, 480))


def check_layout(width: int, height: int, size: int, large_text: bool = False) -> None:
    """Everything on screen, nothing overlapping or touching, square tiles inside the board."""
    layout = compute_layout(width, height, size, large_text)
    window = pygame.Rect(0, 0, width, height)
    rects = layout.rects()
    assert len(rects) == 5 + len(BUTTONS)  # title, score, best, info, the buttons, board
    rects.append(layout.rise)  # the "+N" rises over nothing else
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
    for a, b in itertools.combinations(cells, 2):
        assert not a.colliderect(b)
    assert layout.board.contains(layout.cell_rect(size - 1, size - 1))
    assert layout.board.width == layout.board.height
