"""The one model of the settings (issue 14): each setting's choices in order, its default, its
check of a loaded value, how it steps both ways, and the text that says each value."""

from __future__ import annotations

import pytest

from game.core.settings import (
    ANIMATION_FACTOR,
    ANIMATIONS,
    AUTOPLAY_PACES,
    MOVES_PER_SECOND,
    SETTINGS,
    THEMES,
    Settings,
    step,
    value_text,
)
from game.storage.envelope import SETTINGS_FORMAT, encode_document
from game.storage.store import Storage
from game.text import MESSAGES, tr


def _walk(name: str, start, direction: int, count: int) -> list:
    values, value = [], start
    for _ in range(count):
        value = step(name, value, direction)
        values.append(value)
    return values


def test_themes_go_round_both_ways():
    assert THEMES == ("classic", "dark", "high_contrast")
    assert _walk("theme", "classic", +1, 3) == ["dark", "high_contrast", "classic"]
    assert _walk("theme", "classic", -1, 3) == ["high_contrast", "dark", "classic"]


def test_animation_steps_in_order_and_stops_at_both_ends():
    assert ANIMATIONS == ("slow", "normal", "fast", "off")
    assert _walk("animation", "slow", +1, 4) == ["normal", "fast", "off", "off"]
    assert _walk("animation", "off", -1, 4) == ["fast", "normal", "slow", "slow"]


def test_volume_steps_by_ten_and_never_wraps():
    assert _walk("volume", 80, +1, 3) == [90, 100, 100]
    assert _walk("volume", 20, -1, 3) == [10, 0, 0]
    assert step("volume", 35, +1) == 40 and step("volume", 35, -1) == 30  # back onto the steps


def test_autoplay_paces_are_ordered_and_every_one_is_reachable():
    assert AUTOPLAY_PACES == ("1", "2", "5", "10", "20", "max")
    assert _walk("autoplay_pace", "1", +1, 6) == ["2", "5", "10", "20", "max", "max"]
    assert _walk("autoplay_pace", "max", -1, 6) == ["20", "10", "5", "2", "1", "1"]
    assert MOVES_PER_SECOND["5"] == 5.0 and 1 / MOVES_PER_SECOND["max"] == 0.0


def test_languages_go_round_and_toggles_flip_either_way():
    assert _walk("language", "auto", +1, 3) == ["en", "el", "auto"]
    assert _walk("language", "auto", -1, 1) == ["el"]
    for name in ("muted", "fullscreen", "undo_enabled"):
        assert step(name, True, +1) is False and step(name, False, -1) is True


def test_animation_factors_cover_every_choice_slowest_first():
    factors = [ANIMATION_FACTOR[name] for name in ANIMATIONS]
    assert factors == sorted(factors, reverse=True)[:-1] + [0.0] and factors[-1] == 0.0
    assert ANIMATION_FACTOR["normal"] == 1.0


def test_a_direction_must_be_one_step():
    with pytest.raises(ValueError):
        step("volume", 50, 2)


def test_settings_step_as_a_whole():
    assert Settings().stepped("volume", -1) == Settings(volume=70)
    assert Settings().stepped("muted", +1).muted is True


def test_every_value_of_every_setting_reads_in_both_languages():
    samples = {"volume": [0, 35, 100], "window_size": [(540, 720)]}
    for name, setting in SETTINGS.items():
        values = samples.get(name) or list(getattr(setting, "choices", ())) or [True, False]
        for lang in ("en", "el"):
            assert setting.label in MESSAGES, name
            for value in values:
                key, fields = value_text(name, value)
                assert key in MESSAGES, (name, value)
                assert "{" not in tr(key, lang, **fields), (name, value, lang)
    assert value_text("muted", True) == ("value_off", {})  # muted: the sound is off
    assert value_text("autoplay_pace", "10") == ("value_pace", {"n": "10"})


def test_the_defaults_are_the_models():
    assert Settings() == Settings(**{name: s.default for name, s in SETTINGS.items()})


@pytest.mark.parametrize(
    ("saved", "loaded"),
    [
        ([16384, 16384], (8192, 8192)),  # 5 GB of window at start, once
        ([100000, 300], (8192, 400)),  # no taller than SDL allows, no lower than the layout
        ([10, 720], (320, 720)),
        ([1280, 960], (1280, 960)),
    ],
)
def test_a_saved_window_size_is_clamped_to_what_sdl_can_draw(tmp_path, saved, loaded):
    (tmp_path / "settings.json").write_bytes(
        encode_document(SETTINGS_FORMAT, Settings().to_dict() | {"window_size": saved})
    )
    storage = Storage(tmp_path)
    assert storage.load_settings().window_size == loaded
    assert storage.pop_notices() == []  # adjusted, not lost


@pytest.mark.parametrize(
    ("name", "bad"),
    [
        ("window_size", [0, 720]),
        ("window_size", [True, 720]),
        ("window_size", "big"),
        ("theme", "neon"),
        ("animation", "normal "),
        ("volume", 101),
        ("volume", 50.0),
        ("muted", 0),
        ("autoplay_pace", 5),
        ("size", 9),
        ("language", "fr"),
    ],
)
def test_an_unusable_saved_value_takes_its_default_alone(name, bad):
    data = Settings(theme="dark", volume=30).to_dict() | {name: bad}
    settings, rejected = Settings.from_dict(data)
    assert rejected == [name]
    assert getattr(settings, name) == SETTINGS[name].default
    if name not in ("theme", "volume"):
        assert (settings.theme, settings.volume) == ("dark", 30)
