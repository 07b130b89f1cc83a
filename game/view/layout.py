"""Where everything goes, computed from the window's size alone.

Two arrangements: tall windows stack the header (title, scores, info line, buttons) above the
board; wide windows put it in a column beside the board. Whichever gives the bigger board is
used. The header is measured in a unit that grows with the space there is, and what is left
over is shared out as equal margins on both sides, never dumped at one edge. Every rectangle
lies inside the window and none overlaps another, from the 320x400 minimum to 4K.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

BUTTONS = ("new_game", "undo", "hint", "autoplay", "menu")

# Below these widths a label cannot be read on one line at 12 px, clear of its button's edges
# (tests/test_hud_labels.py measures every label in both languages): a button in a row of five,
# and the column beside the board.
ROW_BUTTON_MIN_PX = 92
COLUMN_MIN_PX = 150
ONE_INFO_LINE_MIN_PX = 480  # a narrower header gives the info line room for two lines

# The header's rows, in units. Above the score box is the space the "+N" rises through.
RISE, BOX, GAP, INFO_LINE, BUTTON, BUTTON_GAP = 1.1, 2.6, 0.35, 1.2, 1.8, 0.3
TITLE = 2.4  # the title's own row, in the column beside the board
ROW_WIDTH = 19.0  # a header above the board is this many units wide


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
    rise: pygame.Rect  # where the "+N" of a merge floats up, just above the score box
    top: int = 0  # where the game's part of the window starts, `height` tall (under notices)

    def below(self, band: int) -> Layout:
        """The same layout moved `band` pixels down the window (under a band of notices)."""

        def move(rect: pygame.Rect) -> pygame.Rect:
            return rect.move(0, band)

        rects = (self.board, self.title, self.score, self.best, self.info, self.rise)
        board, title, score, best, info, rise = map(move, rects)
        buttons = {name: move(rect) for name, rect in self.buttons.items()}
        return replace(
            self,
            board=board,
            title=title,
            score=score,
            best=best,
            info=info,
            rise=rise,
            buttons=buttons,
            top=self.top + band,
        )

    def cell_rect(self, row: float, column: float) -> pygame.Rect:
        """The rectangle of a cell; fractional positions serve the slide animation."""
        x = self.board.x + self.gap + column * (self.cell + self.gap)
        y = self.board.y + self.gap + row * (self.cell + self.gap)
        return pygame.Rect(round(x), round(y), self.cell, self.cell)

    def rects(self) -> list[pygame.Rect]:
        return [self.title, self.score, self.best, self.info, *self.buttons.values(), self.board]


@dataclass(frozen=True)
class _Header:
    """The header's rectangles, laid out from (0, 0); `place` moves them into the window."""

    width: int
    height: int
    title: pygame.Rect
    score: pygame.Rect
    best: pygame.Rect
    rise: pygame.Rect
    info: pygame.Rect
    buttons: dict[str, pygame.Rect]

    def place(self, x: int, y: int) -> _Header:
        def move(rect: pygame.Rect) -> pygame.Rect:
            return rect.move(x, y)

        return _Header(
            self.width,
            self.height,
            move(self.title),
            move(self.score),
            move(self.best),
            move(self.rise),
            move(self.info),
            {name: move(rect) for name, rect in self.buttons.items()},
        )


def compute_layout(
    width: int, height: int, size: int, large_text: bool = False, above: bool | None = None
) -> Layout:
    """`large_text`: the player chose a text size above normal, and a header above the board
    takes its roomier arrangement (bigger words) even where the board is then narrower.
    `above`: the header above the board (True) or beside it (False) whichever is bigger, as
    the window's own arrangement under a band of notices, which must not flip it."""
    width, height = max(width, 1), max(height, 1)
    tall = _tall(width, height, size, large_text)
    wide = _wide(width, height, size, large_text) if above is not True else None
    if wide is not None and (above is False or wide.board.width > tall.board.width):
        return wide
    return tall


def header_above(layout: Layout) -> bool:
    """Whether `layout` puts the header above the board (else beside it)."""
    return layout.info.bottom <= layout.board.top


def _margin(width: int, height: int) -> int:
    return max(6, round(min(width, height) * 0.025))


def _board(x: int, y: int, side: int, size: int) -> tuple[pygame.Rect, int, int]:
    """A board of `size` cells fitted into a square of `side` pixels: (rect, cell, gap)."""
    gap = max(2, round(side * 0.12 / (size + 1)))
    cell = max(1, (side - gap * (size + 1)) // size)
    exact = cell * size + gap * (size + 1)
    offset = (side - exact) // 2
    return pygame.Rect(x + offset, y + offset, exact, exact), cell, gap


def _grid(
    names: tuple[str, ...], x: int, y: int, width: int, row_h: int, gap: int, per_row: int
) -> dict[str, pygame.Rect]:
    """Buttons in rows of `per_row`, each row filling the width (a short last row too)."""
    rects = {}
    for start in range(0, len(names), per_row):
        row = names[start : start + per_row]
        each = (width - gap * (len(row) - 1)) / len(row)
        top = y + (start // per_row) * (row_h + gap)
        for index, name in enumerate(row):
            left = round(x + index * (each + gap))
            right = round(x + index * (each + gap) + each)
            rects[name] = pygame.Rect(left, top, right - left, row_h)
    return rects


def _buttons_units(per_row: int) -> float:
    """The height of the buttons in rows of `per_row`, in units."""
    rows = -(-len(BUTTONS) // per_row)
    return rows * BUTTON + (rows - 1) * BUTTON_GAP


# -- a header above the board -------------------------------------------------------------------


def _row_shape(width: int) -> tuple[int, int]:
    """(buttons per row, info lines) for a header `width` pixels wide."""
    per_row = 5 if (width - 4 * BUTTON_GAP * width / ROW_WIDTH) / 5 >= ROW_BUTTON_MIN_PX else 3
    lines = 1 if width >= ONE_INFO_LINE_MIN_PX else 2
    return per_row, lines


def _row_units(per_row: int, lines: int) -> float:
    return RISE + BOX + GAP + INFO_LINE * lines + GAP + _buttons_units(per_row)


def _row_header(width: int, unit: float, per_row: int, lines: int) -> _Header:
    """Title at the left of the score boxes, the info line under them, then the buttons."""
    gap = max(2, round(GAP * unit))
    top_h = round((RISE + BOX) * unit)
    title = pygame.Rect(0, 0, round(width * 0.36), top_h)
    box_w = (width - title.width - 2 * gap) // 2
    box_h = round(BOX * unit)
    score = pygame.Rect(title.right + gap, top_h - box_h, box_w, box_h)
    best = pygame.Rect(score.right + gap, score.y, width - score.right - gap, box_h)
    rise = pygame.Rect(score.x, 0, score.width, score.y - 2)
    info = pygame.Rect(0, top_h + gap, width, round(INFO_LINE * lines * unit))
    button_gap = max(2, round(BUTTON_GAP * unit))
    buttons = _grid(BUTTONS, 0, info.bottom + gap, width, round(BUTTON * unit), button_gap, per_row)
    height = max(rect.bottom for rect in buttons.values())
    return _Header(width, height, title, score, best, rise, info, buttons)


def _tall(width: int, height: int, size: int, large_text: bool = False) -> Layout:
    margin = _margin(width, height)
    inner = width - 2 * margin
    # Buttons in two rows and the info line on two lines make their text bigger: taken where
    # the height can spare them (the board still as wide as the window), the player's text
    # size asks for them, or the width forces them.
    for per_row, lines in ((3, 2), _row_shape(inner)):
        # The header is as wide as the window and never takes more than two fifths of its
        # height.
        unit = max(1.0, min(inner / ROW_WIDTH, height * 0.4 / _row_units(per_row, lines)))
        header = _row_header(inner, unit, per_row, lines)
        if height - header.height - 3 * margin >= inner or large_text:
            break
    side = max(1, min(inner, height - header.height - 3 * margin))
    # What the board does not need is shared above the header and below the board.
    spare = height - (header.height + margin + side)
    top = spare // 2
    header = header.place(margin, top)
    board, cell, gap = _board(
        margin + (inner - side) // 2, top + header.height + margin, side, size
    )
    return _layout(width, height, size, board, cell, gap, header)


# -- a column beside the board ------------------------------------------------------------------


def _column_units(per_row: int) -> float:
    lines = 3 if per_row == 1 else 2
    return TITLE + RISE + BOX + GAP + INFO_LINE * lines + GAP + _buttons_units(per_row)


def _column_width(per_row: int, unit: float) -> int:
    """How wide the column must be for its labels at this unit's size."""
    return max(COLUMN_MIN_PX * per_row, round(unit * (5.6 if per_row == 1 else 10.4)))


def _column_header(width: int, unit: float, per_row: int) -> _Header:
    """The title, the score boxes, the info lines and the buttons, one under another."""
    gap = max(2, round(GAP * unit))
    title = pygame.Rect(0, 0, width, round(TITLE * unit))
    box_h = round(BOX * unit)
    box_w = (width - gap) // 2
    score = pygame.Rect(0, round((TITLE + RISE) * unit), box_w, box_h)
    best = pygame.Rect(score.right + gap, score.y, width - score.right - gap, box_h)
    rise = pygame.Rect(score.x, title.bottom + 2, score.width, score.y - title.bottom - 4)
    lines = 3 if per_row == 1 else 2
    info = pygame.Rect(0, score.bottom + gap, width, round(INFO_LINE * lines * unit))
    button_gap = max(2, round(BUTTON_GAP * unit))
    buttons = _grid(BUTTONS, 0, info.bottom + gap, width, round(BUTTON * unit), button_gap, per_row)
    height = max(rect.bottom for rect in buttons.values())
    return _Header(width, height, title, score, best, rise, info, buttons)


def _wide(width: int, height: int, size: int, large_text: bool = False) -> Layout | None:
    """The column is as tall as the window allows; the board takes the width left beside it.
    None where no column fits. With `large_text` the column also takes the width a board as
    tall as the window leaves, for bigger words."""
    margin = _margin(width, height)
    tall = height - 2 * margin
    for per_row in (2, 1):
        unit = tall / _column_units(per_row)
        column = _column_width(per_row, unit)
        side = min(tall, width - column - 3 * margin)
        if side >= tall * 0.9 or (per_row == 1 and side > 0):
            break
    else:
        return None
    if large_text:
        column = max(column, width - side - 3 * margin)
    header = _column_header(column, unit, per_row)
    spare = width - (column + margin + side)
    left = spare // 2
    header = header.place(left, (height - header.height) // 2)
    board_y = (height - side) // 2
    board, cell, gap = _board(left + column + margin, board_y, side, size)
    return _layout(width, height, size, board, cell, gap, header)


def _layout(width, height, size, board, cell, gap, header: _Header) -> Layout:
    return Layout(
        width,
        height,
        size,
        board,
        cell,
        gap,
        header.title,
        header.score,
        header.best,
        header.info,
        header.buttons,
        header.rise,
    )


def board_alone(width: int, height: int, size: int, x: int, y: int, side: int) -> Layout:
    """A board of `size` cells in the square of `side` pixels at (x, y), with no header: the
    replay's and the review's boards."""
    board, cell, gap = _board(x, y, side, size)
    none = pygame.Rect(x, y, 0, 0)
    return Layout(width, height, size, board, cell, gap, none, none, none, none, {}, none)
