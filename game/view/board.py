"""The board on screen: its tiles, and the animation of each move.

The board keeps its own copy of the grid, updated only from the session's events, so a test can
check that what is drawn ends equal to the engine's board. Timings follow the original game:
tiles slide in 100 ms (ease in-out), then merged tiles pop and the new tile grows in 200 ms.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.core.engine import Direction, Grid, Motion
from game.core.settings import ANIMATION_FACTOR
from game.play import events as ev
from game.view.layout import Layout
from game.view.render import LRU, Text
from game.view.shapes import rounded_rect
from game.view.theme import Theme
from game.view.tween import Tween, appear, ease_in_out, nudge, pop

SLIDE_SECONDS = 0.100
POP_SECONDS = 0.200
APPEAR_SECONDS = 0.200
NUDGE_SECONDS = 0.150
RING = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))  # a number's halo


@dataclass
class MoveAnimation:
    motions: tuple[Motion, ...]
    merged_cells: frozenset[tuple[int, int]]
    spawn_cell: tuple[int, int]
    slide: Tween
    settle: Tween  # pop and appear, after the slide

    def step(self, dt: float) -> None:
        self.slide.step(dt)
        self.settle.step(dt)

    def finish(self) -> None:
        self.slide.finish()
        self.settle.finish()

    @property
    def done(self) -> bool:
        return self.slide.done and self.settle.done


class BoardView:
    def __init__(
        self, text: Text, grid: Grid, speed: str = "normal", least_number_px: int = 0
    ) -> None:
        """`least_number_px`: a tile whose number would be drawn smaller shows its colour
        alone (a small picture of a board: specks read as nothing)."""
        self.text = text
        self.least_number_px = least_number_px
        self.grid: Grid = grid
        self.speed = ANIMATION_FACTOR.get(speed, 1.0)
        self.animation: MoveAnimation | None = None
        self.blocked: tuple[Direction, Tween] | None = None
        self._tiles = LRU(512)
        self._boards = LRU(8)

    def clear(self) -> None:
        self._tiles.clear()
        self._boards.clear()

    def set_speed(self, name: str) -> None:
        self.speed = ANIMATION_FACTOR.get(name, 1.0)

    @property
    def animating(self) -> bool:
        return self.animation is not None or self.blocked is not None

    @property
    def sliding(self) -> bool:
        """Tiles are on their way (the pops and the new tile may follow)."""
        return self.animation is not None and not self.animation.slide.done

    def reset(self, grid: Grid) -> None:
        """Show `grid` at once (undo, new game, a switch of size)."""
        self.grid = grid
        self.animation = None
        self.blocked = None

    def handle(self, event: ev.Event) -> None:
        if isinstance(event, ev.Moved):
            self._start_move(event)
        elif isinstance(event, ev.Blocked) and self.speed > 0:
            self.blocked = (event.direction, Tween(NUDGE_SECONDS * self.speed))

    def _start_move(self, event: ev.Moved) -> None:
        # A move during an animation finishes the running one at once (its end state is
        # already in self.grid) and starts the next: no input is lost, no tile drawn twice.
        outcome = event.outcome
        spawn = outcome.spawned
        rows = [list(row) for row in outcome.shift.grid]
        rows[spawn.cell[0]][spawn.cell[1]] = spawn.value
        self.grid = tuple(tuple(row) for row in rows)
        self.blocked = None
        if self.speed <= 0:
            self.animation = None
            return
        slide = SLIDE_SECONDS * self.speed
        self.animation = MoveAnimation(
            motions=outcome.shift.motions,
            merged_cells=frozenset(m.target for m in outcome.shift.merges),
            spawn_cell=spawn.cell,
            slide=Tween(slide, ease_in_out),
            settle=Tween(max(POP_SECONDS, APPEAR_SECONDS) * self.speed, delay=slide),
        )

    def step(self, dt: float) -> None:
        if self.animation is not None:
            self.animation.step(dt)
            if self.animation.done:
                self.animation = None
        if self.blocked is not None:
            self.blocked[1].step(dt)
            if self.blocked[1].done:
                self.blocked = None

    # -- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, layout: Layout, theme: Theme, ahead: float) -> None:
        """Draw the board; `ahead` is the loop's alpha in seconds, for smooth in-between frames."""
        offset = self._nudge_offset(layout, ahead)
        board = self._board_surface(layout, theme)
        surface.blit(board, layout.board.move(offset))
        animation = self.animation
        if animation is not None and not animation.slide.done:
            t = animation.slide.value(ahead)
            for motion in animation.motions:
                row = motion.source[0] + (motion.target[0] - motion.source[0]) * t
                column = motion.source[1] + (motion.target[1] - motion.source[1]) * t
                self._draw_tile(surface, layout, theme, motion.value, row, column, 1.0, offset)
            return
        for r, row in enumerate(self.grid):
            for c, value in enumerate(row):
                if value:
                    scale = self._settle_scale(animation, (r, c), ahead)
                    self._draw_tile(surface, layout, theme, value, r, c, scale, offset)

    def _settle_scale(self, animation: MoveAnimation | None, cell, ahead: float) -> float:
        if animation is None:
            return 1.0
        elapsed = animation.settle.elapsed + ahead - animation.settle.delay
        if cell in animation.merged_cells:
            return pop(min(max(elapsed / (POP_SECONDS * self.speed), 0.0), 1.0))
        if cell == animation.spawn_cell:
            return appear(min(max(elapsed / (APPEAR_SECONDS * self.speed), 0.0), 1.0))
        return 1.0

    def _nudge_offset(self, layout: Layout, ahead: float) -> tuple[int, int]:
        if self.blocked is None:
            return (0, 0)
        direction, tween = self.blocked
        amount = round(nudge(tween.progress(ahead)) * max(2, layout.gap * 0.8))
        dx, dy = FORWARD[direction]
        return (dx * amount, dy * amount)

    def _draw_tile(self, surface, layout, theme, value, row, column, scale, offset) -> None:
        rect = layout.cell_rect(row, column).move(offset)
        if scale <= 0.02:
            return
        side = layout.cell
        if abs(scale - 1.0) > 1e-3:
            # Quantised so that tiles popping together share one cached surface.
            side = max(2, round(layout.cell * round(scale * 25) / 25))
        tile = self.tile_surface(value, side, theme)
        surface.blit(tile, tile.get_rect(center=rect.center))

    def tile_surface(self, value: int, side: int, theme: Theme) -> pygame.Surface:
        return self._tiles.get_or_make(
            (value, side, theme.name), lambda: self._render_tile(value, side, theme)
        )

    def _render_tile(self, value: int, side: int, theme: Theme) -> pygame.Surface:
        colour = theme.tile_colour(value)
        tile = pygame.Surface((side, side), pygame.SRCALPHA)
        # Clear in the tile's own colour: the corners' smoothing blends into it, so their
        # edge pixels are the tile's colour, partly clear, and blend with whatever the tile
        # lies on (from clear black they would be darkened: a dark fringe).
        tile.fill((*colour, 0))
        rounded_rect(tile, colour, tile.get_rect(), _radius(side))
        number = self.number(value, side, theme.number_colour(value))
        tile.blit(number, number.get_rect(center=_number_centre(side)))
        return tile

    def number(self, value: int, side: int, colour) -> pygame.Surface:
        """A tile's number as a tile of `side` shows it, in `colour`: in thousands ("16k",
        "128k") where the whole number would be smaller than LEAST_NUMBER_PX and they read
        bigger (131072 on an 8x8 board in the smallest window was 5 px tall)."""
        label, px = self._label(value, side)
        if px < self.least_number_px:
            return pygame.Surface((0, 0), pygame.SRCALPHA)
        box = _number_box(side)
        drawn = self.text.fitted(label, _most_px(label, side), box, colour)
        if drawn.get_width() > box[0]:  # past the least font size (131072 on a tiny 8x8 tile)
            height = max(1, drawn.get_height() * box[0] // drawn.get_width())
            drawn = pygame.transform.smoothscale(drawn, (box[0], height))  # smaller, never out
        return drawn

    def shows_number(self, value: int, side: int) -> bool:
        """Whether a tile of `side` shows `value`'s number (not its colour alone)."""
        return self._label(value, side)[1] >= self.least_number_px

    def _label(self, value: int, side: int) -> tuple[str, int]:
        """What a tile of `side` writes for `value`, and at what size."""
        box = _number_box(side)
        label, px = _label_at(self.text, str(value), side, box)
        if px < LEAST_NUMBER_PX and value >= 16384:  # 1024 to 8192 stay whole: they fit
            short, short_px = _label_at(self.text, f"{value // 1024}k", side, box)
            if short_px > px:
                label, px = short, short_px
        return label, px

    def draw_numbers(self, surface: pygame.Surface, layout: Layout, theme: Theme) -> None:
        """The tiles' numbers again, over whatever was drawn on the board since (the review's
        arrows), each ringed in its tile's colour so that it reads as on the bare tile."""
        for r, row in enumerate(self.grid):
            for c, value in enumerate(row):
                if not value:
                    continue
                cell = layout.cell_rect(r, c)
                number = self.number(value, layout.cell, theme.number_colour(value))
                at = number.get_rect(center=_number_centre(layout.cell)).move(cell.topleft)
                ring = self.number(value, layout.cell, theme.tile_colour(value))
                width = max(1, layout.cell // 40)
                for dx, dy in RING:
                    surface.blit(ring, at.move(dx * width, dy * width))
                surface.blit(number, at)

    def _board_surface(self, layout: Layout, theme: Theme) -> pygame.Surface:
        key = (layout.board.size, layout.size, layout.cell, layout.gap, theme.name)

        def make() -> pygame.Surface:
            # Opaque, with the window's background in the rounded corners: blits at memcpy speed.
            board = pygame.Surface(layout.board.size)
            board.fill(theme.background)
            radius = _radius(layout.cell) + layout.gap // 2
            rounded_rect(board, theme.board, board.get_rect(), radius)
            for r in range(layout.size):
                for c in range(layout.size):
                    cell = layout.cell_rect(r, c).move(-layout.board.x, -layout.board.y)
                    rounded_rect(board, theme.empty_cell, cell, _radius(layout.cell))
            return board

        return self._boards.get_or_make(key, make)


LEAST_NUMBER_PX = 9  # a tile's number below this is written in thousands, if that reads bigger


def _number_box(side: int) -> tuple[int, int]:
    return round(side * 0.9), round(side * 0.84)  # long numbers may use most of the width


def _most_px(label: str, side: int) -> int:
    return round(side * (0.55 if len(label) <= 2 else 0.48))


def _label_at(text: Text, label: str, side: int, box: tuple[int, int]) -> tuple[str, int]:
    """`label` and the size it fits a tile of `side` at."""
    return label, text.fit_size(label, _most_px(label, side), box)


def _radius(side: int) -> int:
    return max(2, round(side * 0.05))


def _number_centre(side: int) -> tuple[float, float]:
    """Where a tile's number is centred, from the tile's top left."""
    return (side / 2, side / 2 + side * 0.01)


FORWARD = {
    Direction.UP: (0, -1),
    Direction.DOWN: (0, 1),
    Direction.LEFT: (-1, 0),
    Direction.RIGHT: (1, 0),
}
# The review's arrows run from near the middle to near the edge they point to: two moves'
# arrows never cross, whichever two they are.
REVIEW_ARROW = (0.05, 0.45, 0.085)  # start, end, shaft width, in board widths
BEST_FILL_ALPHA = 180  # the numbers are drawn again over it: it may hide the tile


def arrow_points(
    board: pygame.Rect, direction: Direction, start: float, end: float, width: float
) -> list[pygame.Vector2]:
    """An arrow's outline along `direction` through the board's middle, from `start` to `end`
    (in board widths from the middle, forward positive), its shaft `width` board widths wide."""
    forward = pygame.Vector2(FORWARD[direction])
    side = pygame.Vector2(-forward.y, forward.x)
    c = pygame.Vector2(board.center)
    tip = c + forward * end * board.width
    base = c + forward * start * board.width
    width *= board.width
    head = tip - forward * width * 2.2
    return [
        base + side * width / 2,
        head + side * width / 2,
        head + side * width * 1.5,
        tip,
        head - side * width * 1.5,
        head - side * width / 2,
        base - side * width / 2,
    ]


def draw_arrow(surface: pygame.Surface, board: pygame.Rect, theme: Theme, direction) -> None:
    """An arrow over the board pointing the solver's way (a hint), see-through so that the
    tiles under it still read."""
    points = arrow_points(board, direction, -0.28, 0.28, 0.09)
    # Drawn on a board-sized layer, not a window-sized one: a 4K frame need not pay for it.
    local = [point - pygame.Vector2(board.topleft) for point in points]
    arrow = pygame.Surface(board.size, pygame.SRCALPHA)
    pygame.draw.polygon(arrow, (*theme.accent, 96), local)  # the tiles show through
    pygame.draw.polygon(arrow, (*theme.text, 255), local, max(2, round(board.width * 0.09 / 8)))
    surface.blit(arrow, board.topleft)


def draw_move_arrows(
    surface: pygame.Surface,
    view: BoardView,
    layout: Layout,
    theme: Theme,
    played: Direction,
    best: Direction,
) -> None:
    """The review's two moves over the board, told apart by shape as well as colour: the
    better move filled, in the accent; the move played hollow, an outline in a colour of its
    own. A move played that was the best is one arrow, filled and outlined both. Each is
    edged in the background's colour so that it stands out on any tile, and the numbers are
    drawn again on top: they read through both."""
    board = layout.board
    start, end, width = REVIEW_ARROW
    stroke = max(2, round(board.width * width / 5))
    edge = max(1, stroke // 3)
    layer = pygame.Surface(board.size, pygame.SRCALPHA)
    moves = [(best, True), (played, False)]
    for direction, filled in moves:
        points = arrow_points(board, direction, start, end, width)
        local = [point - pygame.Vector2(board.topleft) for point in points]
        _outline(layer, theme.background, local, stroke + 2 * edge)
        if filled:
            pygame.draw.polygon(layer, (*theme.accent, BEST_FILL_ALPHA), local)
            _outline(layer, theme.accent, local, stroke)
        else:
            _outline(layer, theme.played_arrow, local, stroke)
    surface.blit(layer, board.topleft)
    view.draw_numbers(surface, layout, theme)


def _outline(layer: pygame.Surface, colour, points, width: int) -> None:
    """A closed outline `width` thick, its corners filled round."""
    pygame.draw.polygon(layer, (*colour, 255), points, width)
    for point in points:
        pygame.draw.circle(layer, (*colour, 255), point, width / 2)
