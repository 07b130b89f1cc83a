"""The tiles of every theme told apart with the common colour-vision deficiencies (issue 23):
as a player with protanopia, deuteranopia or tritanopia sees them, each tile's colour stays
clearly apart from its neighbours' (the values a glance could take for a pair to merge), and
every tile shows its number, at every text size, so colour never carries a value alone."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.colour import delta_e, srgb_to_lab
from helpers.view import READABLE_PX, TextLog

from game.app import App, Options
from game.core.engine import Game
from game.core.settings import TEXT_SIZES, THEMES, Settings
from game.play.session import Session
from game.storage.envelope import SETTINGS_FORMAT, encode_document
from game.view.theme import theme_named

RGB = tuple[int, int, int]

# Machado, Oliveira and Fernandes, "A Physiologically-based Model for Simulation of Color
# Vision Deficiency", IEEE Transactions on Visualization and Computer Graphics 15(6), 2009:
# their matrices at severity 1.0 (the dichromacies), applied to linear RGB.
SIMULATIONS: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}

# The least colour difference between neighbouring tiles as a player with the deficiency sees
# them: CIE76 ΔE (the distance in L*a*b*, lightness and hue alike), at the bound the classic
# palette keeps for full colour vision (test_theme.py), so no deficiency sees two neighbours
# closer than anyone sees the closest pair of the game. CIE76 rather than CIEDE2000: one plain
# formula, and its known errors lie in small differences and saturated blues, not at a bound
# for colours clearly apart.
SIMULATED_MIN_DELTA_E = 7.0


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _encoded(linear: float) -> int:
    linear = min(1.0, max(0.0, linear))
    c = linear * 12.92 if linear <= 0.0031308 else 1.055 * linear ** (1 / 2.4) - 0.055
    return round(c * 255)


def simulated(rgb: RGB, deficiency: str) -> RGB:
    """The colour as a player with `deficiency` sees it, as a display shows it (sRGB)."""
    matrix = SIMULATIONS[deficiency]
    linear = [_linear(c) for c in rgb]
    r, g, b = (_encoded(sum(m * c for m, c in zip(row, linear, strict=True))) for row in matrix)
    return r, g, b


def test_the_simulations_lose_the_axis_each_deficiency_lacks():
    """White stays white; red against green loses its red-green difference for protanopia and
    deuteranopia, blue against yellow its blue-yellow one for tritanopia: what the colours
    below are tested against is the deficiency itself."""
    red, green, blue, yellow = (255, 0, 0), (0, 160, 0), (0, 0, 255), (255, 255, 0)
    for deficiency in SIMULATIONS:
        assert simulated((255, 255, 255), deficiency) == (255, 255, 255)
    full_red_green = abs(srgb_to_lab(red)[1] - srgb_to_lab(green)[1])
    for deficiency in ("protanopia", "deuteranopia"):
        a_red = srgb_to_lab(simulated(red, deficiency))[1]
        a_green = srgb_to_lab(simulated(green, deficiency))[1]
        assert abs(a_red - a_green) < full_red_green * 0.15, deficiency
    full_blue_yellow = abs(srgb_to_lab(blue)[2] - srgb_to_lab(yellow)[2])
    b_blue = srgb_to_lab(simulated(blue, "tritanopia"))[2]
    b_yellow = srgb_to_lab(simulated(yellow, "tritanopia"))[2]
    assert abs(b_blue - b_yellow) < full_blue_yellow * 0.3


@pytest.mark.parametrize("deficiency", SIMULATIONS)
@pytest.mark.parametrize("name", THEMES)
def test_neighbouring_tiles_stay_apart_with_each_deficiency(name, deficiency):
    """2 and 4, 4 and 8, ... up to the biggest tile the theme gives a colour of its own."""
    tiles = theme_named(name).tiles
    values = sorted(tiles)
    close = []
    for small, big in zip(values, values[1:], strict=False):
        difference = delta_e(simulated(tiles[small], deficiency), simulated(tiles[big], deficiency))
        if difference < SIMULATED_MIN_DELTA_E:
            close.append((small, big, round(difference, 1)))
    assert not close, close


def closest_neighbours(name: str, vision: str) -> tuple[float, int, int]:
    """The least ΔE between a tile and its double in theme `name`, as `vision` sees them
    ("full", or a deficiency), and that pair."""
    tiles = theme_named(name).tiles
    values = sorted(tiles)

    def seen(rgb: RGB) -> RGB:
        return rgb if vision == "full" else simulated(rgb, vision)

    pairs = zip(values, values[1:], strict=False)
    return min((delta_e(seen(tiles[a]), seen(tiles[b])), a, b) for a, b in pairs)


def test_the_themes_page_gives_the_figures_the_colours_have():
    """docs/themes.md's table: each theme's closest neighbours, for every vision, as the
    themes' colours make them (a colour changed without its figure fails here)."""
    page = (Path(__file__).parents[2] / "docs" / "themes.md").read_text(encoding="utf-8")
    rows = {
        cells[0]: cells[1:]
        for line in page.splitlines()
        if line.startswith("| ") and not line.startswith("| theme")
        for cells in [[cell.strip() for cell in line.strip("|").split("|")]]
    }
    for name in THEMES:
        shown = rows[name.replace("_", " ")]
        for vision, figure in zip(("full", *SIMULATIONS), shown, strict=True):
            difference, small, big = closest_neighbours(name, vision)
            assert figure == f"{difference:.1f} ({small}/{big})", (name, vision)


@pytest.mark.parametrize("text_size", TEXT_SIZES)
@pytest.mark.parametrize("name", THEMES)
def test_every_tile_shows_its_number(tmp_path, name, text_size):
    """Through the app, in the smallest window and the first one: each tile the theme colours
    shows its number, readable in the first (in the smallest, 131072 is drawn at 11 px)."""
    settings = Settings(theme=name, text_size=text_size).to_dict()
    (tmp_path / "settings.json").write_bytes(encode_document(SETTINGS_FORMAT, settings))
    app = App(Options(seed=1, data_dir=str(tmp_path), sound=False))
    log = TextLog(app)
    values = sorted(theme_named(name).tiles)
    try:
        assert app.snapshot().look.theme == name  # the theme kept is the one drawn
        for window in ((320, 400), (540, 720)):
            shown: dict[int, int] = {}
            for start in range(0, len(values), 16):  # a 4x4 board at a time
                cells = ([*values[start : start + 16]] + [0] * 16)[:16]
                grid = [cells[row * 4 : row * 4 + 4] for row in range(4)]
                app.use_session(Session.restore(Game.from_grid(grid, seed=1), {}))
                texts = log.texts(window, app.session, "board")
                shown |= {int(t.words): t.px for t in texts if t.words.isdigit()}
            assert sorted(shown) == values, window
            least = READABLE_PX if window == (540, 720) else 1
            assert min(shown.values()) >= least, (window, shown)
    finally:
        log.close()
        app.close()


def test_the_biggest_tiles_of_an_8x8_board_read_in_the_smallest_window(tmp_path):
    """16384, 32768 and 131072 were some 5 px tall on an 8x8 board at 320x400 (issue 33): a
    number that small is written in thousands, "16k", which reads bigger."""
    app = App(Options(seed=1, data_dir=str(tmp_path), sound=False))
    log = TextLog(app)
    try:
        big = [16384, 32768, 65536, 131072]
        grid = [[*big, 2, 4, 8, 16]] + [[0] * 8 for _ in range(7)]
        app.use_session(Session.restore(Game.from_grid(grid, seed=1), {}))
        small = {t.words: t.px for t in log.texts((320, 400), app.session, "board")}
        assert {"16k", "32k", "64k", "128k"} <= set(small), small
        assert min(small.values()) >= 9, small  # and the small tiles keep their numbers
        assert {"2", "4", "8", "16"} <= set(small)
        roomy = {t.words for t in log.texts((1920, 1080), app.session, "board")}
        assert {"16384", "131072"} <= roomy  # whole where they fit
    finally:
        log.close()
        app.close()
