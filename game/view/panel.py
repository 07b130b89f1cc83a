"""A column of text, graphics and buttons laid out top to bottom at one text size: the kept
games' screens are made of these (game/view/games_view.py, replay_view.py).

    blocks = [Title("Games"), Words("Page 1/2"), Buttons((3, 4)), ...]
    px = fit_px(text, [blocks], area)        # the biggest size at which it all fits
    placed = lay_out(text, blocks, area, px) # where each thing goes; .height, .items
    draw_placed(surface, text, theme, placed, focus, active, graphics)

A button or a card (a button with lines of its own, a game of the list) stands for an item of
the screen by its index, so that the screen knows what a click on it chooses.

Its measures (line and button heights, gaps, a label's fit, the biggest size that fits) serve
the session's menus too (game/view/overlays.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

import pygame

from game.view.render import FIELDS, Text, button_face, largest_size
from game.view.theme import Theme

BODY_WEIGHT = "Regular"
LINE = 1.25  # a line of text, in font sizes: tighter than the font's own 1.36
BUTTON = 2.2  # a button's height, in font sizes
GAP = 0.35  # between the blocks, and between buttons side by side, in font sizes
BUTTON_ROW = 24  # a row of buttons' widest, in font sizes, unless it is wide
MIN_PX = 6
CARD_WIDTH = 32  # a card's widest, in font sizes: a game's lines stay together on a wide screen
# A label's room on each side, in button heights: clear of the focus ring at every size (a
# share of the width left a wide label touching the ring on a big screen).
LABEL_MARGIN = 0.2


@dataclass(frozen=True)
class Title:
    words: str


@dataclass(frozen=True)
class Words:
    """A paragraph, wrapped to the width; centred unless `left`. A line break in it starts a
    line of its own, closer than the next block."""

    words: str
    weight: str = BODY_WEIGHT
    muted: bool = False
    left: bool = False


@dataclass(frozen=True)
class Graphic:
    """A rectangle as wide as the column, `lines` lines tall, drawn by `graphics[name]`; a
    click on it is item `item` (None: not clickable)."""

    name: str
    lines: float
    item: int | None = None
    grow: bool = False  # takes the column's spare height when laid out to fill it
    square: bool = False  # grows no taller than the column is wide (a board's picture)


@dataclass(frozen=True)
class Buttons:
    """A row of buttons sharing the width: (item index, label) each; a label "icon:name" is
    drawn as that icon instead of words."""

    buttons: tuple[tuple[int, str], ...]
    wide: bool = False  # as wide as the column (a row of icons), else at most 24 font sizes


@dataclass(frozen=True)
class Card:
    """A button holding lines of fields: each line's fields are laid out to fill the width,
    wrapping to as many lines as they need (a game of the list)."""

    item: int
    lines: tuple[tuple[str, ...], ...]


Block = Title | Words | Graphic | Buttons | Card


@dataclass(frozen=True)
class Piece:
    """One thing to draw: words (with their size and weight), a graphic, a button or a card."""

    kind: str  # "words", "graphic", "button", "card"
    rect: pygame.Rect
    words: tuple[str, ...] = ()
    px: int = 0
    weight: str = "Bold"
    muted: bool = False
    centred: bool = True
    item: int | None = None
    name: str = ""


@dataclass
class Placed:
    pieces: list[Piece] = field(default_factory=list)
    height: int = 0

    def item_rects(self) -> dict[int, pygame.Rect]:
        return {piece.item: piece.rect for piece in self.pieces if piece.item is not None}


def lay_out(
    text: Text, blocks: Sequence[Block], area: pygame.Rect, px: int, fill: bool = False
) -> Placed:
    """Every block of the column at body size `px`, from the top of `area`. `fill`: the
    height `area` has to spare goes to the graphics that grow, so that what comes after them
    keeps its place as the column's words come and go."""
    placed = _lay_out(text, blocks, area, px, 0)
    growing = sum(1 for block in blocks if isinstance(block, Graphic) and block.grow)
    spare = area.height - placed.height
    if fill and growing and spare > 0:
        placed = _lay_out(text, blocks, area, px, spare // growing)
    return placed


def _lay_out(text: Text, blocks: Sequence[Block], area: pygame.Rect, px: int, extra: int):
    placed = Placed()
    width = area.width
    line_h = round(px * LINE)
    gap = round(px * GAP)
    y = area.y
    for index, block in enumerate(blocks):
        if index:
            y += gap
        match block:
            case Title(words):
                title_px = text.fit_size(
                    words, round(px * 1.5), (width, round(px * 2)), grows=False
                )
                height = text.font(title_px).get_linesize()
                placed.pieces.append(Piece("words", _row(area, y, height), (words,), title_px))
                y += height
            case Words(words, weight, muted, left):
                parts = words.split("\n")
                lines = tuple(ln for part in parts for ln in text.wrap(part, px, width, weight))
                lines = lines or ("",)
                rect = _row(area, y, line_h * len(lines))
                placed.pieces.append(Piece("words", rect, lines, px, weight, muted, not left))
                y += rect.height
            case Graphic(name, lines, item, grow, square):
                height = round(line_h * lines)
                grown = height + (extra if grow else 0)
                rect = _row(area, y, min(grown, max(height, width)) if square else grown)
                placed.pieces.append(Piece("graphic", rect, item=item, name=name))
                y += rect.height
            case Buttons(buttons, wide):
                rects = button_row(area.centerx, y, width, len(buttons), px, wide)
                row_px = _row_px(text, [label for _, label in buttons], rects, px)
                for (item, label), rect in zip(buttons, rects, strict=True):
                    placed.pieces.append(Piece("button", rect, (label,), row_px, item=item))
                y += round(px * BUTTON)
            case Card(item, lines):
                card_w = min(width, round(px * CARD_WIDTH))
                inner = round(card_w - px * 1.2)
                words = [
                    w for line in lines for w in text.wrap(FIELDS.join(line), px, inner, "Medium")
                ]
                rect = pygame.Rect(0, y, card_w, line_h * len(words) + round(px * 0.6))
                rect.centerx = area.centerx
                placed.pieces.append(Piece("card", rect, tuple(words), px, "Medium", item=item))
                y += rect.height
    placed.height = y - area.y
    # One size for every button's words in the column: the smallest row's, so that a short
    # label does not shout beside a long one a row below.
    buttons = [piece for piece in placed.pieces if piece.kind == "button"]
    least = min((piece.px for piece in buttons), default=0)
    placed.pieces = [
        replace(piece, px=least) if piece.kind == "button" else piece for piece in placed.pieces
    ]
    return placed


def button_row(
    centerx: int, y: int, width: int, count: int, px: int, wide: bool = False
) -> list[pygame.Rect]:
    """`count` buttons side by side from `y`, centred on `centerx`, sharing `width` (at most
    BUTTON_ROW font sizes of it unless `wide`), at body size `px`."""
    row_w = width if wide else min(width, round(px * BUTTON_ROW))
    gap = round(px * GAP)
    each = (row_w - gap * (count - 1)) // max(1, count)
    left = centerx - row_w // 2
    height = round(px * BUTTON)
    return [pygame.Rect(left + n * (each + gap), y, each, height) for n in range(count)]


def label_px(text: Text, label: str, size: tuple[int, int]) -> int:
    """The biggest font size at which a button's label fits a button of `size`, a margin
    inside its edges; at a larger text size it may fill more of its button's height."""
    box = round(size[0] - 2 * LABEL_MARGIN * size[1]), round(size[1] * 0.75)
    return text.fit_size(label, round(size[1] * 0.5), box)


def _row_px(text: Text, labels: list[str], rects: list[pygame.Rect], px: int) -> int:
    """One size for a row's labels, at most `px` (grown to the player's text size), the one at
    which the longest fits its button: a row of buttons never mixes sizes."""
    words = zip(labels, rects, strict=True)
    sizes = (label_px(text, w, r.size) for w, r in words if not w.startswith("icon:"))
    return min([text.most(px), *sizes])


def _row(area: pygame.Rect, y: int, height: int) -> pygame.Rect:
    return pygame.Rect(area.x, y, area.width, height)


def fit_px(
    text: Text, variants: Sequence[Sequence[Block]], area: pygame.Rect, limit: int | None = None
) -> int:
    """The biggest body size at which every variant of the column (a screen's pages, or its
    states) fits `area`, so that the text keeps one size as the screen changes."""

    def fits(px: int) -> bool:
        return all(lay_out(text, blocks, area, px).height <= area.height for blocks in variants)

    return biggest_px(fits, text.most(limit or body_px_limit(area)))


def body_px_limit(area: pygame.Rect) -> int:
    """The biggest body text a column is given at the normal text size: it grows with the
    window."""
    return max(13, round(min(area.width, area.height) / 20))


def biggest_px(fits: Callable[[int], bool], high: int) -> int:
    """The biggest body size from MIN_PX to `high` at which the column `fits`; MIN_PX when
    none does."""
    return largest_size(fits, MIN_PX, high)


Graphics = dict[str, Callable[[pygame.Surface, pygame.Rect], None]]
# Draws the icon of that name, in that colour, inside the rectangle (a replay's controls).
Icon = Callable[[pygame.Surface, pygame.Rect, str, tuple[int, int, int]], None]


def draw_placed(
    surface: pygame.Surface,
    text: Text,
    theme: Theme,
    placed: Placed,
    focus: int | None,
    active: Callable[[int], bool],
    graphics: Graphics,
    icon: Icon | None = None,
) -> None:
    """Draw the column; `active(item)`: whether that item can act now (else an outline)."""
    for piece in placed.pieces:
        rect = piece.rect
        if piece.kind == "words":
            colour = theme.muted_text if piece.muted else theme.text
            line_h = rect.height // len(piece.words)
            for row, words in enumerate(piece.words):
                image = text.render(words, piece.px, colour, piece.weight)
                top = rect.y + row * line_h + (line_h - image.get_height()) // 2
                if piece.centred:
                    surface.blit(image, image.get_rect(midtop=(rect.centerx, top)))
                else:
                    surface.blit(image, (rect.x, top))
        elif piece.kind == "graphic":
            graphics[piece.name](surface, rect)
        elif piece.kind == "button":
            label = piece.words[0]
            focused, can_act = piece.item == focus, active(piece.item)  # type: ignore[arg-type]
            if label.startswith("icon:") and icon is not None:
                colour = button_face(surface, rect, theme, focused, can_act)
                icon(surface, rect.inflate(-rect.height // 3, -rect.height // 3), label[5:], colour)
            else:
                draw_button(surface, text, theme, rect, label, piece.px, focused, can_act)
        else:
            colour = button_face(surface, rect, theme, piece.item == focus, True)
            line_h = round(piece.px * LINE)
            y = rect.y + round(piece.px * 0.3)
            for words in piece.words:
                image = text.render(words, piece.px, colour, piece.weight)
                surface.blit(image, (rect.x + round(piece.px * 0.6), y))
                y += line_h


def draw_button(
    surface: pygame.Surface,
    text: Text,
    theme: Theme,
    rect: pygame.Rect,
    words: str,
    px: int,
    focused: bool,
    active: bool = True,
) -> None:
    """A button with its label; one that cannot act now is an outline with muted words."""
    colour = button_face(surface, rect, theme, focused, active)
    label = text.render(words, px, colour)
    surface.blit(label, label.get_rect(center=rect.center))
