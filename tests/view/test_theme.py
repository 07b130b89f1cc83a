"""The palettes: every number readable on its tile, and neighbouring tiles told apart."""

from __future__ import annotations

import pytest
from helpers.colour import delta_e, srgb_to_lab

from game.view.theme import THEMES, contrast_ratio, relative_luminance, theme_named

VALUES = [2**exponent for exponent in range(1, 38)]  # 2 .. 2^37
NEIGHBOURS = list(zip(VALUES, VALUES[1:], strict=False))


def test_lab_helper_on_known_colours():
    assert srgb_to_lab((255, 255, 255)) == pytest.approx((100.0, 0.0, 0.0), abs=0.05)
    assert srgb_to_lab((0, 0, 0)) == pytest.approx((0.0, 0.0, 0.0), abs=0.05)
    assert srgb_to_lab((255, 0, 0)) == pytest.approx((53.24, 80.09, 67.20), abs=0.1)
    assert delta_e((128, 128, 128), (128, 128, 128)) == 0.0


@pytest.mark.parametrize("name", THEMES)
def test_every_number_is_readable_on_its_tile(name):
    theme = theme_named(name)
    minimum = 7.0 if name == "high_contrast" else 3.0
    for value in VALUES:
        ratio = contrast_ratio(theme.number_colour(value), theme.tile_colour(value))
        assert ratio >= minimum, (value, round(ratio, 2))


@pytest.mark.parametrize("name", THEMES)
def test_neighbouring_values_have_different_colours(name):
    theme = theme_named(name)
    for small, big in NEIGHBOURS:
        assert theme.tile_colour(small) != theme.tile_colour(big), (small, big)


def test_classic_neighbours_differ_clearly():
    """CIE76 ΔE of 7 or more: two tiles that could merge never look like a pair by mistake."""
    theme = theme_named("classic")
    for small, big in NEIGHBOURS:
        difference = delta_e(theme.tile_colour(small), theme.tile_colour(big))
        assert difference >= 7, (small, big, round(difference, 1))


@pytest.mark.parametrize("name", THEMES)
def test_big_tiles_are_not_all_one_colour(name):
    """The original game paints every tile past 2048 the same; here each has its own."""
    theme = theme_named(name)
    big = [theme.tile_colour(value) for value in VALUES if value > 2048]
    assert len(set(big)) == len(big)


def grey_level(rgb: tuple[int, int, int]) -> float:
    """The sRGB grey (0..255) as light as `rgb`: its relative luminance, in grey levels."""
    y = relative_luminance(rgb)
    c = y * 12.92 if y <= 0.0031308 else 1.055 * y ** (1 / 2.4) - 0.055
    return c * 255


def test_grey_level_helper_on_known_colours():
    assert grey_level((0, 0, 0)) == pytest.approx(0, abs=0.1)
    assert grey_level((128, 128, 128)) == pytest.approx(128, abs=0.6)
    assert grey_level((255, 255, 255)) == pytest.approx(255, abs=0.1)


def test_high_contrast_small_tiles_differ_at_a_glance():
    """2, 4, 8 and 16 are the tiles on every board: in lightness alone, without colour, each
    neighbour pair lies far apart (8 and 16 were only 15 grey levels apart)."""
    theme = theme_named("high_contrast")
    for small, big in NEIGHBOURS[:3]:
        light, dark = grey_level(theme.tile_colour(small)), grey_level(theme.tile_colour(big))
        assert light - dark >= 45, (small, big, round(light - dark))


def test_high_contrast_neighbours_differ_clearly():
    """CIE76 ΔE of 20 or more between every pair of neighbouring values."""
    theme = theme_named("high_contrast")
    for small, big in NEIGHBOURS:
        difference = delta_e(theme.tile_colour(small), theme.tile_colour(big))
        assert difference >= 20, (small, big, round(difference, 1))


@pytest.mark.parametrize("name", THEMES)
def test_no_tile_looks_like_an_empty_cell(name):
    """ΔE 20 or more, but for the classic 2 and 4, the original's pale tiles (ΔE 12 and 14,
    their numbers dark on them); the dark theme's 4096 was 13.8, dark on dark (issue 33)."""
    theme = theme_named(name)
    for value in VALUES:
        least = 10 if name == "classic" and value <= 4 else 20
        assert delta_e(theme.tile_colour(value), theme.empty_cell) >= least, value


def test_high_contrast_empty_cells_differ_from_every_tile_in_lightness():
    """The empty cell's grey lies between the light tiles and the dark ones."""
    theme = theme_named("high_contrast")
    for value in VALUES:
        ratio = contrast_ratio(theme.tile_colour(value), theme.empty_cell)
        assert ratio >= 1.5, (value, round(ratio, 2))


def test_high_contrast_tiles_darken_step_by_step():
    """Told apart without colour: every doubling is darker, from 2 to 131072."""
    theme = theme_named("high_contrast")
    values = [v for v in VALUES if v <= 131072]
    lightness = [relative_luminance(theme.tile_colour(v)) for v in values]
    for (small, big), (light, dark) in zip(
        zip(values, values[1:], strict=False),
        zip(lightness, lightness[1:], strict=False),
        strict=True,
    ):
        assert dark < light, (small, big)


def test_contrast_ratio_follows_wcag():
    assert contrast_ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast_ratio((255, 255, 255), (0, 0, 0)) == pytest.approx(21.0)
    assert contrast_ratio((119, 119, 119), (119, 119, 119)) == pytest.approx(1.0)
    assert contrast_ratio((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)


def test_an_unknown_theme_name_falls_back_to_classic():
    assert theme_named("no such theme") is theme_named("classic")
