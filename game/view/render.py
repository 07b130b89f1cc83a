"""Fonts and cached text: text is rendered once per string, size and colour, never per frame."""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Callable

import pygame

from game.platform.assets import asset_path
from game.view.shapes import rounded_rect

RGB = tuple[int, int, int]
FIELDS = " · "  # between the fields of a line of words ("Score 68 · Tile 16")


def largest_size(fits: Callable[[int], bool], low: int, high: int) -> int:
    """The largest size from `low` to `high` that `fits` (which holds for every size below one
    that does), found by halving; `low` when none above it does."""
    while low < high:
        mid = (low + high + 1) // 2
        if fits(mid):
            low = mid
        else:
            high = mid - 1
    return low


class LRU(OrderedDict):
    """A small least-recently-used cache of rendered surfaces."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def get_or_make(self, key, make):
        if key in self:
            self.move_to_end(key)
            return self[key]
        value = make()
        self[key] = value
        if len(self) > self.limit:
            self.popitem(last=False)
        return value


def button_face(
    surface: pygame.Surface,
    rect: pygame.Rect,
    theme,
    focused: bool,
    active: bool = True,
) -> RGB:
    """A button's face, for the HUD and the menus alike: filled, ringed when focused; one that
    cannot act now is an outline. Returns the colour its words are drawn in."""
    radius = max(3, rect.height // 8)
    if not active:
        rounded_rect(surface, theme.muted_text, rect, radius, max(1, rect.height // 16))
        return theme.muted_text
    rounded_rect(surface, theme.panel, rect, radius)
    if focused:
        rounded_rect(surface, theme.accent, rect, radius, max(2, rect.height // 12))
    return theme.panel_text


class Text:
    """Clear Sans in the sizes asked for, and text surfaces cached by content.

    `scale`: the player's text size (TEXT_SIZE_FACTOR of game/core/settings.py). It raises the
    most a text may be, never the room it has: each text is still fitted to its place, so a
    larger size makes words bigger wherever they fit, and never lets them spill out."""

    def __init__(self) -> None:
        self.scale = 1.0
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}
        self._surfaces = LRU(1024)
        self._fit = LRU(4096)
        self._wraps = LRU(4096)

    def clear(self) -> None:
        """Drop every font and surface: fonts must not outlive pygame.font.quit()."""
        self._fonts.clear()
        self._surfaces.clear()
        self._fit.clear()
        self._wraps.clear()

    def forget_drawings(self) -> None:
        """Drop the rendered words and the fonts, kept for sizes that may not come back; the
        wrapping of words (small) stays."""
        self._fonts.clear()
        self._surfaces.clear()

    def font(self, px: int, weight: str = "Bold") -> pygame.font.Font:
        px = max(6, int(px))
        key = (weight, px)
        if key not in self._fonts:
            self._fonts[key] = pygame.font.Font(asset_path("fonts", f"ClearSans-{weight}.ttf"), px)
        return self._fonts[key]

    def render(self, text: str, px: int, colour: RGB, weight: str = "Bold") -> pygame.Surface:
        key = (text, int(px), colour, weight)
        return self._surfaces.get_or_make(
            key, lambda: self.font(px, weight).render(text, True, colour)
        )

    def wrap(self, text: str, px: int, width: int, weight: str = "Bold") -> tuple[str, ...]:
        """Words laid into lines no wider than `width` (a long word gets a line of its own);
        cached, since a menu is wrapped at several sizes to find the one that fits."""
        key = (text, int(px), int(width), weight)
        return self._wraps.get_or_make(key, lambda: self._wrap(text, px, width, weight))

    def _wrap(self, text: str, px: int, width: int, weight: str) -> tuple[str, ...]:
        """Fields joined by FIELDS (" · ") break between fields first: "Mistakes 2 ·
        Inaccuracies 5" never leaves the 5 alone on a line."""
        font = self.font(px, weight)
        lines: list[str] = []
        for field in text.split(FIELDS):
            candidate = f"{lines[-1]}{FIELDS}{field}" if lines else field
            if lines and font.size(candidate)[0] <= width:
                lines[-1] = candidate
            else:
                lines.extend(self._wrap_words(field, font, width))
        return tuple(lines)

    @staticmethod
    def _wrap_words(text: str, font: pygame.font.Font, width: int) -> list[str]:
        lines: list[str] = []
        line = ""
        for word in text.split():
            candidate = f"{line} {word}" if line else word
            if line and font.size(candidate)[0] > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        if line:
            lines.append(line)
        return [piece for line in lines for piece in _break_word(line, font, width)]

    def most(self, px: float) -> int:
        """The most a text sized `px` at the normal text size may be at the player's."""
        return round(px * self.scale)

    def fit_size(
        self,
        text: str,
        max_px: int,
        box: tuple[int, int],
        weight: str = "Bold",
        *,
        grows: bool = True,
    ) -> int:
        """The largest font size, at most max_px grown to the player's text size, at which
        `text` fits inside box (w, h). `grows` False: max_px is the most at any text size, for
        a size taken from text already grown (a title from its column's body: grown again, it
        would take its body's height) or text whose lines fill their place already."""
        max_px = self.most(max_px) if grows else max_px
        key = (text, max_px, box, weight)

        def fits(px: int) -> bool:
            width, height = self.font(px, weight).size(text)
            return width <= box[0] and height * 0.8 <= box[1]

        def search() -> int:
            return largest_size(fits, 6, max(6, int(max_px)))

        return self._fit.get_or_make(key, search)

    def fitted(
        self, text: str, max_px: int, box: tuple[int, int], colour: RGB, weight: str = "Bold"
    ) -> pygame.Surface:
        return self.render(text, self.fit_size(text, max_px, box, weight), colour, weight)


def _break_word(line: str, font: pygame.font.Font, width: int) -> list[str]:
    """A line that is one word too wide (a file's path) broken after its path's separators,
    or where it must: every piece fits."""
    if font.size(line)[0] <= width:
        return [line]
    pieces = re.split(r"(?<=[/\\\-_.])", line)
    lines = [""]
    for piece in (p for p in pieces if p):
        for part in piece if font.size(piece)[0] > width else [piece]:  # letters, if need be
            if lines[-1] and font.size(lines[-1] + part)[0] > width:
                lines.append("")
            lines[-1] += part
    return lines
