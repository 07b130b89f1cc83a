"""The sound generator, build/make_sfx.py: deterministic, and every file clean and in format."""

from __future__ import annotations

import importlib.util
import math
import struct
import subprocess
import sys
import wave
from pathlib import Path

import pytest
from helpers.paths import ROOT

SFX_DIR = ROOT / "assets" / "sfx"
GENERATOR = ROOT / "build" / "make_sfx.py"
MINUS_1_DBFS = 29_204  # 32767 * 10 ** (-1 / 20), rounded down
EDGE_LIMIT = 64  # "near zero" for the first and last samples: below -54 dBFS
FANFARES = {"win", "lose"}


def load_generator():
    spec = importlib.util.spec_from_file_location("make_sfx", GENERATOR)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while it loads
    spec.loader.exec_module(module)
    return module


make_sfx = load_generator()
NAMES = [sound.name for sound in make_sfx.catalogue()]


def read(path: Path) -> tuple[wave._wave_params, tuple[int, ...]]:
    with wave.open(str(path), "rb") as wav:
        params = wav.getparams()
        frames = wav.readframes(params.nframes)
    return params, struct.unpack(f"<{len(frames) // 2}h", frames)


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> Path:
    """One run of the generator in a fresh process, into a temporary folder."""
    out = tmp_path_factory.mktemp("sfx")
    subprocess.run(
        [sys.executable, str(GENERATOR), "--out", str(out)],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return out


@pytest.mark.slow
def test_two_runs_write_the_same_bytes(generated, tmp_path):
    make_sfx.write_all(tmp_path)  # a second run, in this process
    first = sorted(p.name for p in generated.iterdir())
    assert first == sorted(p.name for p in tmp_path.iterdir())
    assert first == sorted(f"{name}.wav" for name in NAMES)
    for name in first:
        assert (generated / name).read_bytes() == (tmp_path / name).read_bytes(), name


@pytest.mark.slow
def test_committed_files_are_what_the_generator_makes(generated):
    assert sorted(p.name for p in SFX_DIR.glob("*.wav")) == sorted(
        p.name for p in generated.iterdir()
    )
    for path in generated.iterdir():
        assert (SFX_DIR / path.name).read_bytes() == path.read_bytes(), (
            f"{path.name} drifted: run build/make_sfx.py and commit assets/sfx"
        )


@pytest.mark.parametrize("name", NAMES)
def test_every_file_is_clean_and_in_format(name):
    params, samples = read(SFX_DIR / f"{name}.wav")
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 44_100)
    assert params.comptype == "NONE"
    assert len(samples) == params.nframes > 0

    peak = max(abs(s) for s in samples)
    assert peak <= MINUS_1_DBFS, "peaks must stay at or below -1 dBFS"
    assert peak >= 32767 * 10 ** (-20 / 20), "a sound quieter than -20 dBFS is lost"

    assert abs(sum(samples) / len(samples)) < 4, "DC offset"

    for edge in (samples[:2], samples[-2:]):
        assert max(abs(s) for s in edge) <= EDGE_LIMIT, "a click at the start or end"

    duration = len(samples) / params.framerate
    assert duration <= (1.2 if name in FANFARES else 0.25)


def test_the_set_is_small():
    total = sum(path.stat().st_size for path in SFX_DIR.glob("*.wav"))
    assert total < 600 * 1024


def rms(samples: tuple[int, ...]) -> float:
    return math.sqrt(sum(s * s for s in samples) / len(samples))


def test_new_tiles_and_menu_ticks_are_quieter_than_merges():
    quietest_merge = min(rms(read(SFX_DIR / f"merge_{2**e}.wav")[1]) for e in range(2, 18))
    for soft in ("spawn", "slide", "menu_move"):
        assert rms(read(SFX_DIR / f"{soft}.wav")[1]) < quietest_merge / 2, soft


def strength(samples: tuple[int, ...], hz: float) -> float:
    """How much of `hz` a stretch of samples holds (the Goertzel algorithm)."""
    coefficient = 2 * math.cos(2 * math.pi * hz / 44_100)
    previous = before = 0.0
    for sample in samples:
        previous, before = sample + coefficient * previous - before, previous
    return previous * previous + before * before - coefficient * previous * before


def test_merge_pitch_rises_with_the_merged_value():
    values = [2**e for e in range(2, 18)]
    pitches = [
        make_sfx.semitones(make_sfx.MERGE_ROOT_HZ, 12 * (i // 5) + (0, 2, 4, 7, 9)[i % 5])
        for i in range(len(values))
    ]
    assert pitches == sorted(pitches)
    for expected, value in enumerate(values):
        _, samples = read(SFX_DIR / f"merge_{value}.wav")
        stretch = samples[1500:3500]  # after the attack and the little upward glide
        heard = max(range(len(pitches)), key=lambda i: strength(stretch, pitches[i]))
        assert heard == expected, f"merge_{value} sounds like note {heard}, not {expected}"


def test_the_generator_refuses_a_peak_above_minus_1_dbfs():
    with pytest.raises(ValueError):
        make_sfx.finish([0.0, 0.5, -0.5, 0.0], peak_db=-0.5)


def test_the_licences_list_the_sounds():
    licences = (ROOT / "assets" / "LICENSES").read_text(encoding="utf-8")
    assert "sfx/" in licences and "build/make_sfx.py" in licences
