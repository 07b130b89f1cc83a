"""Where everything goes, computed from the window's size alone.

Tall windows stack the header (title, scores, info line, buttons) above the board; wide windows
put it in a column beside the board. Every rectangle lies inside the window and none overlaps
another, from the 320x400 minimum to 4K.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

MIN_WINDOW = (320, 400)
BUTTONS = ("new_game", "undo", "hint", "autoplay", "menu")


@dataclass(frozen=True)
class Layout:
    width: int
    height: int
    size: int  # board size in cells
    board: pygame.Rect
    cell: int  # a tile's side in pixels
    gap: int
    title: pygame.Rect
    score: pygame.Rect
    best: pygame.Rect
    info: pygame.Rect
    buttons: dict[str, pygame.Rect]
    unit: int  # a base length for text and corners

    def cell_rect(self, row: float, column: float) -> pygame.Rect:
        """The rectangle of a cell; fractional positions serve the slide animation."""
        x = self.board.x + self.gap + column * (self.cell + self.gap)
        y = self.board.y + self.gap + row * (self.cell + self.gap)
        return pygame.Rect(round(x), round(y), self.cell, self.cell)

    def cell_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        if not self.board.collidepoint(pos):
            return None
        step = self.cell + self.gap
        column = min((pos[0] - self.board.x - self.gap) // step, self.size - 1)
        row = min((pos[1] - self.board.y - self.gap) // step, self.size - 1)
        return (max(row, 0), max(column, 0))

    def rects(self) -> list[pygame.Rect]:
        return [self.title, self.score, self.best, self.info, *self.buttons.values(), self.board]


def compute_layout(width: int, height: int, size: int) -> Layout:
    width, height = max(width, 1), max(height, 1)
    if width >= height * 1.2:
        return _wide(width, height, size)
    return _tall(width, height, size)


def _board(x: int, y: int, side: int, size: int) -> tuple[pygame.Rect, int, int]:
    """A board of `size` cells fitted into a square of `side` pixels: (rect, cell, gap)."""
    gap = max(2, round(side * 0.12 / (size + 1)))
    cell = max(1, (side - gap * (size + 1)) // size)
    exact = cell * size + gap * (size + 1)
    offset = (side - exact) // 2
    return pygame.Rect(x + offset, y + offset, exact, exact), cell, gap


def _button_row(x: int, y: int, width: int, height: int, gap: int) -> dict[str, pygame.Rect]:
    each = (width - gap * (len(BUTTONS) - 1)) // len(BUTTONS)
    return {
        name: pygame.Rect(x + i * (each + gap), y, each, height) for i, name in enumerate(BUTTONS)
    }


def _tall(width: int, height: int, size: int) -> Layout:
    margin = max(6, round(min(width, height) * 0.03))
    # The header takes about a quarter of the height, never more than the width allows.
    header = min(round(height * 0.27), round(width * 0.42))
    row1 = round(header * 0.44)
    row2 = round(header * 0.18)
    row3 = header - row1 - row2 - 2 * margin // 2
    inner = width - 2 * margin
    top = margin
    title = pygame.Rect(margin, top, round(inner * 0.40), row1)
    box_w = (inner - title.width - margin) // 2 - margin // 4
    score = pygame.Rect(title.right + margin // 2, top, box_w, row1)
    best = pygame.Rect(score.right + margin // 2, top, box_w, row1)
    info = pygame.Rect(margin, title.bottom + margin // 2, inner, row2)
    buttons = _button_row(margin, info.bottom + margin // 2, inner, row3, margin // 2)
    board_top = top + header + margin
    side = max(1, min(inner, height - board_top - margin))
    board, cell, gap = _board(margin + (inner - side) // 2, board_top, side, size)
    return Layout(width, height, size, board, cell, gap, title, score, best, info, buttons, row2)


def _wide(width: int, height: int, size: int) -> Layout:
    margin = max(6, round(min(width, height) * 0.03))
    side = height - 2 * margin
    column = min(width - side - 3 * margin, round(side * 0.75))
    if column < side * 0.45:  # not wide enough for a full column: shrink the board
        side = round((width - 3 * margin) / 1.45)
        column = width - side - 3 * margin
    left = (width - column - side - margin) // 2
    unit = max(1, round(min(side, height) * 0.06))
    title = pygame.Rect(left, margin, column, round(unit * 2.6))
    box_h = round(unit * 1.9)
    box_w = (column - margin // 2) // 2
    score = pygame.Rect(left, title.bottom + margin, box_w, box_h)
    best = pygame.Rect(score.right + margin // 2, score.y, column - box_w - margin // 2, box_h)
    info = pygame.Rect(left, score.bottom + margin, column, unit)
    button_h = round(unit * 1.4)
    buttons = {}
    y = info.bottom + margin
    for name in BUTTONS:
        buttons[name] = pygame.Rect(left, y, column, button_h)
        y += button_h + margin // 2
    board_x = left + column + margin
    board, cell, gap = _board(board_x, (height - side) // 2, side, size)
    return Layout(width, height, size, board, cell, gap, title, score, best, info, buttons, unit)
