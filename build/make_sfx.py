"""Synthesise the game's sound effects into assets/sfx/ with the standard library only.

    python build/make_sfx.py            # writes assets/sfx/*.wav and prints a table
    python build/make_sfx.py --out DIR  # writes somewhere else (the tests compare two runs)

Every sound is made here from sine waves and a seeded noise generator: no sample comes from
anywhere else. The output is deterministic (the same bytes on every run): mono, 44.1 kHz,
16-bit PCM. Each sound is shaped the same way at the end (`finish`): the mean is taken out
(no DC offset), short raised-cosine fades make the first and last samples exactly zero (no
click), and the peak is set to a level at or below -1 dBFS.

Merges: one file per merged value, 4 to 131072 (the largest tile of a 4x4 board). Their pitch
climbs a major pentatonic scale, so any chord of merges is consonant, and big merges also ring
longer and fuller. The game mixes several merges of one move into a single chord itself.
"""

from __future__ import annotations

import argparse
import io
import math
import struct
import sys
import wave
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

RATE = 44_100
FULL_SCALE = 32_767
PEAK_LIMIT_DB = -1.0
FADE_IN_SECONDS = 0.003  # raised-cosine fades at both ends of every sound; the sounds have
FADE_OUT_SECONDS = 0.025  # their own attacks, and the longer fade-out lets any tail die away

# Merged values with a file of their own: 2^2 .. 2^17. Larger values (bigger boards) use the
# top one; the game picks the file.
MERGE_EXPONENTS = range(2, 18)
MERGE_ROOT_HZ = 196.0  # G3: the pitch of a merge into 4
PENTATONIC = (0, 2, 4, 7, 9)  # major pentatonic steps in semitones

Signal = list[float]


# -- building blocks ---------------------------------------------------------------------------


def seconds(count: float) -> int:
    return round(count * RATE)


def db_to_gain(db: float) -> float:
    return 10.0 ** (db / 20.0)


def semitones(base_hz: float, steps: float) -> float:
    return base_hz * 2.0 ** (steps / 12.0)


def noise(length: int, seed: int) -> Iterator[float]:
    """White noise in [-1, 1) from a 64-bit linear congruential generator (stable everywhere)."""
    state = seed
    for _ in range(length):
        state = (state * 6364136223846793005 + 1442695040888963407) & 0xFFFF_FFFF_FFFF_FFFF
        yield (state >> 11) / float(1 << 52) - 1.0


def glide(start_hz: float, end_hz: float, glide_seconds: float) -> Callable[[float], float]:
    """A pitch that moves exponentially from start to end over `glide_seconds`, then holds."""
    ratio = end_hz / start_hz

    def frequency(t: float) -> float:
        if t >= glide_seconds:
            return end_hz
        return start_hz * ratio ** (t / glide_seconds)

    return frequency


def tone(
    length: int,
    frequency: float | Callable[[float], float],
    partials: tuple[tuple[float, float, float], ...] = ((1.0, 1.0, 1.0),),
    attack: float = 0.004,
    decay: float = 0.1,
    vibrato: tuple[float, float, float] = (0.0, 0.0, 0.0),
) -> Signal:
    """A pitched note: partials (multiple, amplitude, decay factor) under one envelope.

    The envelope rises over `attack` seconds (half a cosine) and then falls exponentially with
    time constant `decay`; a partial's decay factor shortens it (bright overtones fade first).
    `frequency` may be a function of time (a glide); the phase is integrated sample by sample.
    `vibrato` is (rate in Hz, depth as a fraction of the pitch, delay in seconds).
    """
    pitch = frequency if callable(frequency) else (lambda _t, hz=frequency: hz)
    rate_hz, depth, delay = vibrato
    out: Signal = []
    phase = 0.0
    step = 2.0 * math.pi / RATE
    attack_samples = max(1, seconds(attack))
    for n in range(length):
        t = n / RATE
        hz = pitch(t)
        if depth and t > delay:
            hz *= 1.0 + depth * math.sin(2.0 * math.pi * rate_hz * (t - delay))
        phase += step * hz
        rise = 0.5 - 0.5 * math.cos(math.pi * n / attack_samples) if n < attack_samples else 1.0
        value = 0.0
        for multiple, amplitude, factor in partials:
            value += amplitude * math.exp(-t * factor / decay) * math.sin(multiple * phase)
        out.append(rise * value)
    return out


def filtered_noise(
    length: int,
    seed: int,
    cutoff: Callable[[float], float],
    highpass_hz: float = 0.0,
) -> Signal:
    """Noise through a two-pole low-pass whose cutoff follows `cutoff(t)`, then a high-pass."""
    out: Signal = []
    low1 = low2 = 0.0
    high_state = 0.0
    previous = 0.0
    high_coefficient = math.exp(-2.0 * math.pi * highpass_hz / RATE) if highpass_hz else 0.0
    for n, white in enumerate(noise(length, seed)):
        coefficient = 1.0 - math.exp(-2.0 * math.pi * cutoff(n / RATE) / RATE)
        low1 += coefficient * (white - low1)
        low2 += coefficient * (low1 - low2)
        if highpass_hz:
            high_state = high_coefficient * (high_state + low2 - previous)
            previous = low2
            out.append(high_state)
        else:
            out.append(low2)
    return out


def envelope(attack: float, decay: float) -> Callable[[int], float]:
    """Gain at sample n: a half-cosine rise over `attack` seconds, then an exponential fall."""
    attack_samples = max(1, seconds(attack))

    def gain(n: int) -> float:
        if n < attack_samples:
            return 0.5 - 0.5 * math.cos(math.pi * n / attack_samples)
        return math.exp(-(n - attack_samples) / RATE / decay)

    return gain


def shaped(signal: Signal, gain: Callable[[int], float]) -> Signal:
    return [value * gain(n) for n, value in enumerate(signal)]


def mix(length: int, *parts: tuple[float, float, Signal]) -> Signal:
    """Sum parts given as (start in seconds, gain, signal) into a signal of `length` samples."""
    out = [0.0] * length
    for start, gain, signal in parts:
        offset = seconds(start)
        for n, value in enumerate(signal[: max(0, length - offset)]):
            out[offset + n] += gain * value
    return out


def finish(signal: Signal, peak_db: float) -> list[int]:
    """Fades at both ends, no DC offset, peak at `peak_db`: the signal as 16-bit samples."""
    if peak_db > PEAK_LIMIT_DB:
        raise ValueError(f"peak {peak_db} dBFS is above the {PEAK_LIMIT_DB} dBFS limit")
    length = len(signal)
    window = [1.0] * length
    fade_in = min(seconds(FADE_IN_SECONDS), length // 3)
    for n in range(fade_in):
        window[n] = 0.5 - 0.5 * math.cos(math.pi * n / fade_in)
    fade_out = min(seconds(FADE_OUT_SECONDS), length // 3)
    for n in range(fade_out):
        window[length - 1 - n] = 0.5 - 0.5 * math.cos(math.pi * n / fade_out)
    # Subtracting this constant before the window makes the windowed sum exactly zero.
    offset = sum(w * s for w, s in zip(window, signal, strict=True)) / sum(window)
    centred = [w * (s - offset) for w, s in zip(window, signal, strict=True)]
    peak = max(abs(value) for value in centred)
    scale = FULL_SCALE * db_to_gain(peak_db) / peak
    return [round(value * scale) for value in centred]


# -- the sounds --------------------------------------------------------------------------------

# A soft, warm timbre (odd partials, like a triangle wave) and a brighter, brassy one.
SOFT = ((1.0, 1.0, 1.0), (3.0, 0.11, 2.0), (5.0, 0.04, 3.0))
BRASS = ((1.0, 1.0, 1.0), (2.0, 0.5, 1.3), (3.0, 0.3, 1.6), (4.0, 0.16, 2.0), (5.0, 0.08, 2.5))


def slide() -> Signal:
    """A short soft whoosh: noise whose brightness falls as the tiles come to rest."""
    length = seconds(0.085)
    whoosh = filtered_noise(length, seed=11, cutoff=glide(2600.0, 800.0, 0.085), highpass_hz=250)
    return shaped(whoosh, envelope(attack=0.012, decay=0.03))


def merge(exponent: int) -> Signal:
    """A round 'bloop' whose pitch, length and body grow with the merged value 2^exponent."""
    index = exponent - MERGE_EXPONENTS[0]
    octave, step = divmod(index, len(PENTATONIC))
    pitch = semitones(MERGE_ROOT_HZ, 12 * octave + PENTATONIC[step])
    bigness = index / (len(MERGE_EXPONENTS) - 1)  # 0 for 4 .. 1 for 131072
    length = seconds(0.13 + 0.1 * bigness)
    decay = 0.045 + 0.04 * bigness
    partials = (
        (1.0, 1.0, 1.0),
        (2.0, 0.3, 1.8),
        (3.0, 0.1 + 0.1 * bigness, 2.5),
        (0.5, 0.35 * bigness, 0.8),  # a sub-octave: big merges sound heavier
    )
    return tone(length, glide(pitch * 0.93, pitch, 0.025), partials, attack=0.003, decay=decay)


def spawn() -> Signal:
    """A quiet rising pop for a new tile."""
    length = seconds(0.07)
    return tone(length, glide(520.0, 780.0, 0.04), SOFT, attack=0.005, decay=0.02)


def blocked() -> Signal:
    """A soft low thud: a falling bass note with a little muffled noise on the attack."""
    length = seconds(0.13)
    body = tone(length, glide(110.0, 62.0, 0.09), ((1.0, 1.0, 1.0), (2.0, 0.25, 1.5)), 0.004, 0.045)
    knock = shaped(
        filtered_noise(length, seed=23, cutoff=lambda _t: 700.0),
        envelope(attack=0.002, decay=0.012),
    )
    return mix(length, (0.0, 1.0, body), (0.0, 0.6, knock))


def undo() -> Signal:
    """A reversed, falling swish: it swells towards the end instead of fading."""
    length = seconds(0.2)
    swish = filtered_noise(length, seed=37, cutoff=glide(3200.0, 600.0, 0.2), highpass_hz=200)
    sweep = tone(length, glide(900.0, 330.0, 0.2), SOFT, attack=0.001, decay=10.0)

    def swell(n: int) -> float:  # a decay run backwards, with a quick release at the end
        t = n / RATE
        release = min(1.0, (0.2 - t) / 0.03)
        return math.exp((t - 0.17) / 0.05) * release if t < 0.17 else release

    return shaped(mix(length, (0.0, 0.8, swish), (0.0, 0.35, sweep)), swell)


def win() -> Signal:
    """A short fanfare: a rising C major arpeggio into a held chord with a little vibrato."""
    length = seconds(1.15)
    c5, e5, g5, c6 = (semitones(523.25, steps) for steps in (0, 4, 7, 12))
    short = seconds(0.3)
    parts: list[tuple[float, float, Signal]] = [
        (0.0, 0.8, tone(short, c5, BRASS, attack=0.008, decay=0.12)),
        (0.1, 0.8, tone(short, e5, BRASS, attack=0.008, decay=0.12)),
        (0.2, 0.8, tone(short, g5, BRASS, attack=0.008, decay=0.12)),
    ]
    held = length - seconds(0.3)
    for hz, gain in ((c6, 1.0), (g5, 0.55), (e5, 0.5), (c5, 0.6)):
        note = tone(held, hz, BRASS, attack=0.012, decay=0.38, vibrato=(5.5, 0.004, 0.15))
        parts.append((0.3, gain, note))
    return mix(length, *parts)


def lose() -> Signal:
    """A falling motif in a minor key, ending on a low note that droops a little."""
    length = seconds(1.0)
    g4, e_flat4, c4 = (semitones(392.0, steps) for steps in (0, -4, -7))
    note = seconds(0.3)
    last = tone(seconds(0.55), glide(c4 / 2 * 1.0, c4 / 2 * 0.97, 0.5), SOFT, 0.01, 0.22)
    return mix(
        length,
        (0.0, 0.9, tone(note, g4, SOFT, attack=0.01, decay=0.12)),
        (0.17, 0.9, tone(note, e_flat4, SOFT, attack=0.01, decay=0.12)),
        (0.34, 0.9, tone(note, c4, SOFT, attack=0.01, decay=0.14)),
        (0.45, 1.0, last),
    )


def menu_move() -> Signal:
    """A light tick as the focus moves."""
    length = seconds(0.03)
    return tone(length, 1760.0, ((1.0, 1.0, 1.0), (1.5, 0.3, 1.5)), attack=0.001, decay=0.007)


def menu_confirm() -> Signal:
    """A click up: two quick notes a fifth apart."""
    length = seconds(0.11)
    return mix(
        length,
        (0.0, 0.8, tone(seconds(0.06), 660.0, SOFT, attack=0.002, decay=0.02)),
        (0.035, 1.0, tone(seconds(0.075), 990.0, SOFT, attack=0.002, decay=0.025)),
    )


@dataclass(frozen=True)
class Sound:
    name: str  # the file is assets/sfx/<name>.wav
    make: Callable[[], Signal]
    peak_db: float


def catalogue() -> list[Sound]:
    """Every sound the game plays, with its peak level (how loud it sits among the others)."""
    sounds = [
        Sound("slide", slide, -12.0),
        Sound("spawn", spawn, -18.0),
        Sound("blocked", blocked, -6.0),
        Sound("undo", undo, -9.0),
        Sound("win", win, -2.0),
        Sound("lose", lose, -5.0),
        Sound("menu_move", menu_move, -15.0),
        Sound("menu_confirm", menu_confirm, -9.0),
    ]
    for exponent in MERGE_EXPONENTS:
        bigness = (exponent - MERGE_EXPONENTS[0]) / (len(MERGE_EXPONENTS) - 1)
        sounds.append(
            Sound(f"merge_{2**exponent}", lambda e=exponent: merge(e), -6.0 + 3.0 * bigness)
        )
    return sounds


# -- output ------------------------------------------------------------------------------------


def wav_bytes(samples: list[int]) -> bytes:
    """A mono 16-bit 44.1 kHz WAV file; the wave module writes no timestamps or other noise."""
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(RATE)
        wav.writeframes(struct.pack(f"<{len(samples)}h", *samples))
    return buffer.getvalue()


@dataclass(frozen=True)
class Report:
    name: str
    size: int  # bytes
    duration: float  # seconds
    peak_db: float
    rms_db: float


def render(sound: Sound) -> tuple[bytes, Report]:
    samples = finish(sound.make(), sound.peak_db)
    data = wav_bytes(samples)
    peak = max(abs(s) for s in samples)
    rms = math.sqrt(sum(s * s for s in samples) / len(samples))
    report = Report(
        sound.name,
        len(data),
        len(samples) / RATE,
        20 * math.log10(peak / FULL_SCALE),
        20 * math.log10(rms / FULL_SCALE),
    )
    return data, report


def write_all(out_dir: Path) -> list[Report]:
    """Render every sound into out_dir/<name>.wav; returns what was written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    reports = []
    for sound in catalogue():
        data, report = render(sound)
        (out_dir / f"{sound.name}.wav").write_bytes(data)
        reports.append(report)
    return reports


def main(argv: list[str] | None = None) -> int:
    default_out = Path(__file__).resolve().parent.parent / "assets" / "sfx"
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=default_out, help="folder for the WAV files")
    args = parser.parse_args(argv)
    reports = write_all(args.out)
    print(f"{'sound':<14} {'bytes':>7} {'ms':>6} {'peak dBFS':>10} {'RMS dBFS':>9}")
    for r in reports:
        milliseconds = r.duration * 1000
        print(f"{r.name:<14} {r.size:>7} {milliseconds:>6.0f} {r.peak_db:>10.1f} {r.rms_db:>9.1f}")
    total = sum(r.size for r in reports)
    print(f"{len(reports)} files, {total / 1024:.0f} KiB in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
