"""Sound effects: short sounds played from the session's domain events, with volume and mute.

How the app uses it::

    Audio.pre_init()                  # before pygame.init(): 44.1 kHz, 16-bit, stereo and a
                                      # 512-sample buffer (about 12 ms) for low latency
    audio = Audio.create(enabled=sound_on, volume=settings.volume, muted=settings.muted)
                                      # sound_on: False with --no-sound
    audio.handle(events)              # once per session step, with that step's domain events
    audio.set_volume(70)              # 0..100; `audio.volume` reads it back for the settings
    audio.set_muted(True)             # the menu item; `audio.muted` reads it back
    audio.toggle_mute()               # the M key; returns the new state
    audio.on_device_removed(event.iscapture)   # forward pygame.AUDIODEVICEREMOVED
    audio.on_device_added(event.iscapture)     # forward pygame.AUDIODEVICEADDED
    audio.close()                     # at exit

`Audio` never raises for want of sound. When the mixer cannot start (no audio device, no
driver, missing files) or fails mid-game (a device unplugged), it logs one line on the
"game.audio.player" logger, for 2048.log, and carries on with a silent stand-in (`SilentBank`)
with the same interface as the real `SoundBank`; when a device comes back it opens the mixer
again. The app tells the player of each loss once, on screen (`pop_sound_lost`), so the line
is kept off the terminal, as are the lines ALSA and SDL write there as the mixer fails to
start. `enabled=False` (--no-sound) never touches the mixer at all.

What plays (game/audio/cues.py decides; the sounds are made by build/make_sfx.py into
assets/sfx/):

    Moved with merges   merge: one chord of its merged values, pitch rising with the value
    Moved, no merges    slide
    Spawned             spawn (quiet)
    Blocked             blocked (a soft thud)
    Undone              undo
    Won / Lost          win (a fanfare) / lose (a falling motif)
    MenuMoved           menu_move (a tick)
    MenuConfirmed       menu_confirm (a click up)

Each kind of sound has a voice: two reserved channels that take turns. A new sound fades the
voice's previous one out (no click) and starts at once on the other channel, so a burst of
fast moves never queues or piles up, and merges never take the fanfare's channels. Several
merges in one move are mixed into one sound in memory (cached) and played once.
"""

from __future__ import annotations

import contextlib
import io
import logging
import struct
import wave
from array import array
from collections.abc import Iterable
from pathlib import Path

import pygame

from game.audio.cues import (
    CHANNELS_PER_VOICE,
    MERGE_VALUES,
    RESERVED_CHANNELS,
    Cue,
    Play,
    Voice,
    chord_notes,
    mix_chord,
    plan,
)
from game.core.settings import Settings
from game.platform.assets import asset_path
from game.platform.terminal import ON_SCREEN, holding_stderr

logger = logging.getLogger(__name__)

FREQUENCY = 44_100
SAMPLE_SIZE = -16  # signed 16-bit
OUTPUT_CHANNELS = 2
BUFFER_SAMPLES = 512

FADE_OUT_MS = 15  # how fast a voice's previous sound gives way to the next
CHORD_CACHE_SIZE = 32

# Errors that mean "no sound here": SDL's own, missing or unreadable files, and a pygame built
# without its mixer module (whose attributes then raise NotImplementedError).
_NO_SOUND = (pygame.error, OSError, EOFError, wave.Error, NotImplementedError)


def _wav(samples: array) -> bytes:
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(FREQUENCY)
        out.writeframes(struct.pack(f"<{len(samples)}h", *samples))
    return buffer.getvalue()


def _samples_of(data: bytes) -> array:
    """The samples of a mono 16-bit WAV file's bytes."""
    with wave.open(io.BytesIO(data), "rb") as wav:
        if (wav.getnchannels(), wav.getsampwidth()) != (1, 2):
            raise wave.Error("expected a mono 16-bit WAV file")
        frames = wav.readframes(wav.getnframes())
    return array("h", struct.unpack(f"<{len(frames) // 2}h", frames))


class SoundBank:
    """The game's sounds loaded into an open mixer, each voice on its own reserved channels."""

    def __init__(self, sfx_dir: Path) -> None:
        """Load every sound; the mixer must be open. Raises one of _NO_SOUND on failure."""
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        for cue in Cue:
            if cue is not Cue.MERGE:
                self._sounds[cue.value] = pygame.mixer.Sound(sfx_dir / f"{cue.value}.wav")
        self._merge_samples: dict[int, array] = {}
        for value in MERGE_VALUES:
            data = (sfx_dir / f"merge_{value}.wav").read_bytes()
            self._merge_samples[value] = _samples_of(data)
            self._sounds[f"merge_{value}"] = pygame.mixer.Sound(file=io.BytesIO(data))
        self._chords: dict[tuple[int, ...], pygame.mixer.Sound] = {}
        pygame.mixer.set_num_channels(max(pygame.mixer.get_num_channels(), RESERVED_CHANNELS))
        pygame.mixer.set_reserved(RESERVED_CHANNELS)
        self._channels: dict[Voice, list[pygame.mixer.Channel]] = {}
        numbers = iter(range(RESERVED_CHANNELS))
        for voice in Voice:
            self._channels[voice] = [
                pygame.mixer.Channel(next(numbers)) for _ in range(CHANNELS_PER_VOICE)
            ]
        self._last_used = dict.fromkeys(Voice, 0)
        self._level = 1.0

    @classmethod
    def open(cls, sfx_dir: Path | None = None) -> SoundBank:
        """Start the mixer (unless it runs already) and load the sounds; raises on failure.

        `sfx_dir` defaults to assets/sfx.
        """
        if sfx_dir is None:
            sfx_dir = asset_path("sfx")
        if pygame.mixer.get_init() is None:
            with holding_stderr() as held:
                try:
                    pygame.mixer.init(FREQUENCY, SAMPLE_SIZE, OUTPUT_CHANNELS, BUFFER_SAMPLES)
                except pygame.error:
                    held.drop()  # ALSA's lines of its failed tries: the game says it, once
                    raise
        try:
            return cls(sfx_dir)
        except BaseException:
            pygame.mixer.quit()
            raise

    def sound(self, name: str) -> pygame.mixer.Sound:
        """A loaded sound by its file name without .wav (for tests and tools)."""
        return self._sounds[name]

    def channels(self, voice: Voice) -> list[pygame.mixer.Channel]:
        return list(self._channels[voice])

    def all_channels(self) -> list[pygame.mixer.Channel]:
        return [channel for channels in self._channels.values() for channel in channels]

    def merge_sound(self, merged_values: Iterable[int]) -> pygame.mixer.Sound:
        """One sound for all of a move's merges: a single note, or their chord mixed once."""
        notes = chord_notes(merged_values)
        if len(notes) == 1:
            return self._sounds[f"merge_{notes[0]}"]
        chord = self._chords.get(notes)
        if chord is None:
            mixed = mix_chord([self._merge_samples[value] for value in notes])
            chord = pygame.mixer.Sound(file=io.BytesIO(_wav(mixed)))
            if len(self._chords) >= CHORD_CACHE_SIZE:
                del self._chords[next(iter(self._chords))]  # the oldest
            self._chords[notes] = chord
        return chord

    def play(self, play: Play) -> None:
        """Start a sound now on its voice, fading out that voice's previous sound."""
        if play.cue is Cue.MERGE:
            sound = self.merge_sound(play.merged_values)
        else:
            sound = self._sounds[play.cue.value]
        channels = self._channels[play.voice]
        previous = self._last_used[play.voice]
        following = (previous + 1) % len(channels)
        if channels[previous].get_busy():
            channels[previous].fadeout(FADE_OUT_MS)
        channel = channels[following]
        channel.play(sound)
        # A fade-out that a new sound interrupts leaves the channel's volume where the fade
        # had got to; set it again every time.
        channel.set_volume(self._level)
        self._last_used[play.voice] = following

    def set_level(self, level: float) -> None:
        """Loudness of every reserved channel, 0.0 to 1.0."""
        self._level = level
        for channel in self.all_channels():
            channel.set_volume(level)

    def close(self) -> None:
        # Sounds and channels go before the mixer does: none may outlive it.
        self._chords.clear()
        self._sounds.clear()
        self._channels.clear()
        pygame.mixer.quit()


class SilentBank:
    """The stand-in when there is no sound: the same interface, and nothing happens."""

    def play(self, play: Play) -> None:
        pass

    def set_level(self, level: float) -> None:
        pass

    def close(self) -> None:
        pass


class Audio:
    """The game's sound: settings (volume, mute) and a bank that is real or silent."""

    def __init__(
        self, *, enabled: bool, volume: int, muted: bool, sfx_dir: Path | None = None
    ) -> None:
        self._enabled = enabled
        self._volume = _clamp_volume(volume)
        self._muted = bool(muted)
        self._sfx_dir = sfx_dir
        self._bank: SoundBank | SilentBank = SilentBank()
        self._failure_logged = False
        self._loss_untold = False

    @staticmethod
    def pre_init() -> None:
        """Ask for low-latency mixer settings; call before pygame.init()."""
        pygame.mixer.pre_init(FREQUENCY, SAMPLE_SIZE, OUTPUT_CHANNELS, BUFFER_SAMPLES)

    @classmethod
    def create(
        cls,
        enabled: bool = True,
        volume: int = 80,
        muted: bool = False,
        sfx_dir: Path | None = None,
    ) -> Audio:
        """The game's sound, playing if a device opens and silent (one log line) if not."""
        audio = cls(enabled=enabled, volume=volume, muted=muted, sfx_dir=sfx_dir)
        if enabled:
            audio._open()
        return audio

    # -- what the app reads and sets --------------------------------------------------------

    @property
    def volume(self) -> int:
        return self._volume

    @property
    def muted(self) -> bool:
        return self._muted

    @property
    def enabled(self) -> bool:
        return self._enabled

    @property
    def has_device(self) -> bool:
        """Whether sounds reach a device (False: disabled, or silent for want of one)."""
        return isinstance(self._bank, SoundBank)

    def pop_sound_lost(self) -> bool:
        """Whether sound was lost (at the start, or mid-game) since the app last asked: it
        tells the player once a loss, however often the device is tried again."""
        lost, self._loss_untold = self._loss_untold, False
        return lost

    @property
    def bank(self) -> SoundBank | SilentBank:
        return self._bank

    @property
    def level(self) -> float:
        """The channel volume that results from the settings, 0.0 to 1.0."""
        return 0.0 if self._muted else self._volume / 100

    def use_settings(self, settings: Settings) -> None:
        self.set_volume(settings.volume)
        self.set_muted(settings.muted)

    def set_volume(self, volume: int) -> None:
        self._volume = _clamp_volume(volume)
        self._apply_level()

    def set_muted(self, muted: bool) -> None:
        self._muted = bool(muted)
        self._apply_level()

    def toggle_mute(self) -> bool:
        self.set_muted(not self._muted)
        return self._muted

    # -- playing ----------------------------------------------------------------------------

    def handle(self, events: Iterable[object]) -> None:
        """Play the sounds of one session step's events (nothing while muted or at 0)."""
        if self.level == 0.0 or not self.has_device:
            return
        for play in plan(events):
            try:
                self._bank.play(play)
            except _NO_SOUND as error:
                self._lose_device(f"sound stopped ({error}); playing silent")
                return

    # -- devices ----------------------------------------------------------------------------

    def on_device_removed(self, is_capture: bool = False) -> None:
        """The app forwards pygame.AUDIODEVICEREMOVED: reopen on another device, or go silent.

        SDL reports removals only for devices that are open, so an output removal is ours.
        """
        if is_capture or not self.has_device:
            return
        self._bank.close()
        self._bank = SilentBank()
        self._failure_logged = False
        self._open(failure="audio device removed ({error}); playing silent until one returns")
        if self.has_device:
            logger.info("audio device removed; sound goes on on the default device")

    def on_device_added(self, is_capture: bool = False) -> None:
        """The app forwards pygame.AUDIODEVICEADDED: if silent for want of a device, try it."""
        if is_capture or not self._enabled or self.has_device:
            return
        self._open()

    def close(self) -> None:
        self._bank.close()
        self._bank = SilentBank()

    # -- inside -----------------------------------------------------------------------------

    def _open(self, failure: str = "no sound ({error}); playing silent") -> None:
        try:
            bank = SoundBank.open(self._sfx_dir)
            bank.set_level(self.level)
        except _NO_SOUND as error:
            self._report(failure.format(error=error))
            return
        if self._failure_logged:
            logger.info("sound is back")
        self._failure_logged = False
        self._bank = bank

    def _apply_level(self) -> None:
        try:
            self._bank.set_level(self.level)
        except _NO_SOUND as error:
            self._lose_device(f"sound stopped ({error}); playing silent")

    def _lose_device(self, message: str) -> None:
        with contextlib.suppress(*_NO_SOUND):
            self._bank.close()
        self._bank = SilentBank()
        self._report(message)

    def _report(self, message: str) -> None:
        """One log line per loss of sound, not one per attempt to get it back."""
        if not self._failure_logged:
            logger.warning(message, extra={ON_SCREEN: True})  # told by the app, on screen
            self._failure_logged = True
            self._loss_untold = True


def _clamp_volume(volume: int) -> int:
    return max(0, min(100, int(volume)))
