"""Palettes: the colours of the board, the tiles and their numbers, per theme.

Every number keeps a contrast of at least 3:1 against its tile (WCAG large text; the original
game's white-on-orange fails this from 8 to 2048), 7:1 in the high contrast theme, and
neighbouring values differ clearly. Tiles past 131072 get colours of their own, up to 2^37.
"""

from __future__ import annotations

import colorsys
from dataclasses import dataclass, replace

from game.core.settings import THEMES  # the names a player chooses from, each a palette here

RGB = tuple[int, int, int]

LIGHT_TEXT: RGB = (249, 246, 242)
DARK_TEXT: RGB = (60, 58, 50)
SOFT_TEXT: RGB = (119, 110, 101)  # the original's brown for 2 and 4


def hex_rgb(code: str) -> RGB:
    code = code.lstrip("#")
    return (int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16))


def relative_luminance(rgb: RGB) -> float:
    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: RGB, b: RGB) -> float:
    high, low = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


# The classic tiles: the original game's colours to 64, then yellows and golds told apart
# by lightness as well as hue, then deep colours for the big tiles. 2, 16, 2048, 16384 and
# 65536 are nudged from them (by a CIE76 ΔE of 5 or less) so that neighbours stay apart for
# protanopia, deuteranopia and tritanopia too (tests/test_colour_vision.py).
_CLASSIC_TILES = {
    2: "ebe8e0",
    4: "ede0c8",
    8: "f2b179",
    16: "f99864",
    32: "f67c5f",
    64: "f65e3b",
    128: "f3d774",
    256: "edc850",
    512: "e3a327",
    1024: "f6d94a",
    2048: "ecc12d",
    4096: "3c3a32",
    8192: "7b4fa8",
    16384: "3372b9",
    32768: "1f7a7a",
    65536: "357547",
    131072: "b03a48",
}

# High contrast: two bands of lightness with a gap between them. 2, 4 and 8 are light with black
# numbers, 16 and up dark with white ones, each at 7:1 or more; the empty cell's grey sits in the
# gap, so no tile looks empty. Lightness falls with every doubling, so tiles differ without
# colour; the dark tiles' hues alternate warm and cool, an axis colour-blind eyes still see.
_HIGH_CONTRAST_LIGHT = ((0, 0.0, 1.0), (50, 0.9, 0.62), (195, 0.8, 0.34))  # hue, saturation, Y
_HIGH_CONTRAST_DARK_HUES = (15, 225, 50, 285, 350, 195, 35, 255, 330, 175, 60, 240, 0, 210)
_HIGH_CONTRAST_DARK_Y = (0.092, 0.008)  # the relative luminance of 16, and of 131072


def _with_luminance(hue: float, saturation: float, luminance: float) -> RGB:
    """The colour of a hue (degrees) and saturation whose relative luminance is `luminance`,
    or just under it."""

    def colour(lightness: float) -> RGB:
        r, g, b = colorsys.hls_to_rgb(hue / 360, lightness, saturation)
        return (round(r * 255), round(g * 255), round(b * 255))

    low, high = 0.0, 1.0
    for _ in range(40):
        middle = (low + high) / 2
        if relative_luminance(colour(middle)) <= luminance:
            low = middle
        else:
            high = middle
    return colour(low)


def _high_contrast_tiles() -> dict[int, RGB]:
    colours = [_with_luminance(*shade) for shade in _HIGH_CONTRAST_LIGHT]
    first, last = _HIGH_CONTRAST_DARK_Y
    steps = len(_HIGH_CONTRAST_DARK_HUES) - 1
    for index, hue in enumerate(_HIGH_CONTRAST_DARK_HUES):
        colours.append(_with_luminance(hue, 0.8, first + (last - first) * index / steps))
    return {2 ** (index + 1): colour for index, colour in enumerate(colours)}


@dataclass(frozen=True)
class Theme:
    name: str
    background: RGB
    board: RGB
    empty_cell: RGB
    text: RGB  # headings and HUD labels
    muted_text: RGB
    panel: RGB  # score boxes, buttons
    panel_text: RGB
    accent: RGB  # focus highlight; the review's arrow for the better move
    # The review's arrow for the move played: a blue against the accent's orange or yellow
    # (an axis colour-blind eyes still see), and at least 1.5:1 lighter or darker than it.
    played_arrow: RGB
    overlay: tuple[int, int, int, int]  # the veil: RGBA under the banners, opaque under menus
    # The win banner's gold veil (the original's #edc22e) and its words, dark on the gold: they
    # keep 4.5:1 (the theme's own bound if higher) against the veil over any tile.
    win_veil: tuple[int, int, int, int]
    win_text: RGB
    tiles: dict[int, RGB]
    min_contrast: float

    def under_win_banner(self) -> Theme:
        """The theme as the win banner draws in it: the gold veil, and words and the focus
        ring in the colour that reads on the gold."""
        return replace(self, overlay=self.win_veil, text=self.win_text, accent=self.win_text)

    def tile_colour(self, value: int) -> RGB:
        if value in self.tiles:
            return self.tiles[value]
        return _generated_colour(value, dark=self.name != "high_contrast")

    def number_colour(self, value: int) -> RGB:
        """The number's colour: the original brown on 2 and 4 where it reads, else whichever of
        light and dark stands out more."""
        tile = self.tile_colour(value)
        candidates = [LIGHT_TEXT, DARK_TEXT]
        if self.name == "high_contrast":
            candidates = [(255, 255, 255), (0, 0, 0)]
        elif value <= 4 and contrast_ratio(SOFT_TEXT, tile) >= self.min_contrast:
            return SOFT_TEXT
        return max(candidates, key=lambda text: contrast_ratio(text, tile))


def _generated_colour(value: int, dark: bool) -> RGB:
    """Past the table: a fresh hue for every exponent (golden-angle steps), dark enough for
    light numbers, so no two neighbouring big tiles look alike."""
    exponent = value.bit_length() - 1
    hue = (exponent * 0.381966) % 1.0
    lightness = 0.30 + 0.06 * (exponent % 3) if dark else 0.12 + 0.03 * (exponent % 3)
    r, g, b = colorsys.hls_to_rgb(hue, lightness, 0.55)
    return (round(r * 255), round(g * 255), round(b * 255))


def _tiles(table: dict[int, str]) -> dict[int, RGB]:
    return {value: hex_rgb(code) for value, code in table.items()}


CLASSIC = Theme(
    name="classic",
    background=hex_rgb("faf8ef"),
    board=hex_rgb("bbada0"),
    empty_cell=hex_rgb("cdc1b4"),
    text=hex_rgb("776e65"),
    muted_text=hex_rgb("8f7a66"),
    panel=hex_rgb("8f7a66"),
    panel_text=LIGHT_TEXT,
    accent=hex_rgb("f65e3b"),
    played_arrow=(35, 80, 160),
    overlay=(238, 228, 218, 224),
    win_veil=(*hex_rgb("edc22e"), 224),
    win_text=DARK_TEXT,
    tiles=_tiles(_CLASSIC_TILES),
    min_contrast=3.0,
)

DARK = Theme(
    name="dark",
    background=hex_rgb("1c1b22"),
    board=hex_rgb("2e2c36"),
    empty_cell=hex_rgb("3d3a47"),
    text=hex_rgb("e8e2d8"),
    muted_text=hex_rgb("a8a09a"),
    panel=hex_rgb("4a4656"),
    panel_text=hex_rgb("f4efe8"),
    accent=hex_rgb("f59563"),
    played_arrow=(190, 225, 255),  # light: a thin outline reads on the dark board
    overlay=(20, 19, 26, 224),
    win_veil=(214, 165, 40, 224),  # a deeper gold: less glare in the dark
    win_text=hex_rgb("1c1b22"),
    # The classic tiles, but 4096: the original's near-black is the dark board's empty cell.
    tiles=_tiles({**_CLASSIC_TILES, 4096: "6b6459"}),
    min_contrast=3.0,
)

HIGH_CONTRAST = Theme(
    name="high_contrast",
    background=(0, 0, 0),
    board=(45, 45, 45),
    empty_cell=(115, 115, 115),
    text=(255, 255, 255),
    muted_text=(230, 230, 230),
    panel=(255, 255, 255),
    panel_text=(0, 0, 0),
    accent=(255, 214, 0),
    played_arrow=(70, 150, 255),
    overlay=(0, 0, 0, 232),
    win_veil=(255, 214, 0, 240),
    win_text=(0, 0, 0),
    tiles=_high_contrast_tiles(),
    min_contrast=7.0,
)

_BY_NAME = {theme.name: theme for theme in (CLASSIC, DARK, HIGH_CONTRAST)}
assert tuple(_BY_NAME) == THEMES, "every theme a player can choose has a palette, in order"


def theme_named(name: str) -> Theme:
    return _BY_NAME.get(name, CLASSIC)
