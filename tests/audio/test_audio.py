"""The sound bank: what each event plays, chords, volume and mute, and life without a device."""

from __future__ import annotations

import logging
import time

import pygame
import pytest

from game.audio.cues import RESERVED_CHANNELS, Cue, Play, Voice, chord_notes, mix_chord, plan
from game.audio.player import Audio, SilentBank, SoundBank
from game.core.engine import Direction, Game
from game.play.events import (
    Blocked,
    GameStarted,
    HintShown,
    KeptGoing,
    Lost,
    MenuConfirmed,
    MenuMoved,
    MenuOpened,
    Moved,
    Spawned,
    Undone,
    Won,
)

ONE_STEP = 1 / 128  # SDL keeps channel volumes in steps of 1/128


def moved(rows: list[list[int]], direction: Direction = Direction.LEFT) -> Moved:
    game = Game.from_grid(rows, seed=1)
    outcome = game.move(direction)
    assert outcome is not None
    return Moved(direction, outcome)


SLIDE_ONLY = moved([[0, 0, 0, 2], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 4]])
ONE_MERGE = moved([[2, 2, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
THREE_MERGES = moved([[8, 8, 0, 0], [4, 4, 0, 0], [2, 2, 0, 0], [0, 0, 0, 0]])
BIG_MERGE = moved([[1024, 1024, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])


def no_device(*_args, **_kwargs):
    raise pygame.error("no available audio device")


@pytest.fixture(autouse=True)
def mixer_closed_after():
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


@pytest.fixture
def audio():
    sound = Audio.create(enabled=True, volume=100, muted=False)
    assert sound.has_device, "the dummy driver should open"
    yield sound
    sound.close()


@pytest.fixture
def plays(audio, monkeypatch) -> list[Play]:
    """A spy on the bank: every Play it is asked for, in order (and still played)."""
    calls: list[Play] = []
    real_play = audio.bank.play

    def spy(play: Play) -> None:
        calls.append(play)
        real_play(play)

    monkeypatch.setattr(audio.bank, "play", spy)
    return calls


def busy_sounds(bank: SoundBank, voice: Voice) -> list[pygame.mixer.Sound]:
    return [channel.get_sound() for channel in bank.channels(voice) if channel.get_busy()]


# -- which sound each event plays ----------------------------------------------------------


@pytest.mark.parametrize(
    ("event", "expected"),
    [
        (SLIDE_ONLY, Play(Cue.SLIDE)),
        (ONE_MERGE, Play(Cue.MERGE, (4,))),
        (THREE_MERGES, Play(Cue.MERGE, (16, 8, 4))),
        (Spawned((0, 0), 2), Play(Cue.SPAWN)),
        (Blocked(Direction.UP), Play(Cue.BLOCKED)),
        (Undone(undos_left=2), Play(Cue.UNDO)),
        (Won(), Play(Cue.WIN)),
        (Lost(), Play(Cue.LOSE)),
        (MenuMoved(), Play(Cue.MENU_MOVE)),
        (MenuConfirmed(), Play(Cue.MENU_CONFIRM)),
    ],
    ids=lambda value: type(value).__name__ if not isinstance(value, Play) else value.cue.value,
)
def test_each_event_plays_its_sound(audio, plays, event, expected):
    audio.handle([event])
    assert plays == [expected]


@pytest.mark.parametrize(
    "event", [GameStarted(4), KeptGoing(), MenuOpened("pause"), HintShown(Direction.UP)]
)
def test_events_without_a_sound_play_nothing(audio, plays, event):
    audio.handle([event])
    assert plays == []


def test_a_move_sounds_its_merge_and_its_new_tile_together(audio, plays):
    audio.handle([BIG_MERGE, Spawned((3, 3), 2)])
    assert plays == [Play(Cue.MERGE, (2048,)), Play(Cue.SPAWN)]
    assert busy_sounds(audio.bank, Voice.MERGE) == [audio.bank.sound("merge_2048")]


def test_the_win_fanfare_plays_on_its_own_channels(audio):
    audio.handle([Won()])
    assert busy_sounds(audio.bank, Voice.FANFARE) == [audio.bank.sound("win")]


def test_a_winning_move_that_ends_the_game_plays_the_fanfare():
    assert plan([BIG_MERGE, Won(), Lost()]) == [Play(Cue.MERGE, (2048,)), Play(Cue.WIN)]
    assert plan([Lost()]) == [Play(Cue.LOSE)]


def test_one_batch_plays_each_voice_once():
    assert plan([MenuMoved(), MenuMoved(), MenuConfirmed()]) == [Play(Cue.MENU_CONFIRM)]
    assert plan([Spawned((0, 0), 2), Spawned((1, 1), 4)]) == [Play(Cue.SPAWN)]


# -- merge chords --------------------------------------------------------------------------


def test_several_merges_are_one_chord_played_once(audio, plays):
    audio.handle([THREE_MERGES])
    assert len(plays) == 1
    playing = busy_sounds(audio.bank, Voice.MERGE)
    assert len(playing) == 1
    chord = playing[0]
    assert chord is audio.bank.merge_sound((16, 8, 4))  # mixed once, then cached
    singles = [audio.bank.sound(f"merge_{value}") for value in (16, 8, 4)]
    assert all(chord is not single for single in singles)
    assert chord.get_length() == pytest.approx(max(s.get_length() for s in singles), abs=0.002)


def test_a_chord_keeps_the_largest_three_distinct_notes():
    assert chord_notes((64, 16, 16, 8, 4)) == (64, 16, 8)
    assert chord_notes((2**20, 2**18, 4)) == (131072, 4)  # past the last file: the last file
    assert chord_notes((8, 8)) == (8,)


def test_a_chord_is_no_louder_than_its_loudest_note():
    low = [0, 10_000, -10_000, 5_000, 0]
    high = [0, 20_000, 20_000, -20_000, 0, 0]
    chord = mix_chord([high, low])
    assert len(chord) == len(high)
    assert max(abs(s) for s in chord) == 20_000
    assert chord[0] == 0 and chord[-1] == 0
    assert list(chord) != high  # the lower note is in it


# -- fast bursts and reserved channels -----------------------------------------------------


def test_a_burst_of_fast_moves_never_piles_up_or_queues(audio, plays):
    audio.handle([Won()])
    moves = [(SLIDE_ONLY, BIG_MERGE, THREE_MERGES)[index % 3] for index in range(42)]
    for move in moves:
        audio.handle([move, Spawned((0, 0), 2)])
    assert len(plays) == 1 + len(moves) * 2  # each move plays at once: nothing waits its turn

    bank = audio.bank
    for voice in Voice:
        assert len(busy_sounds(bank, voice)) <= 2, voice
        assert all(channel.get_queue() is None for channel in bank.channels(voice))
    assert bank.merge_sound((16, 8, 4)) in busy_sounds(bank, Voice.MERGE), "the last chord plays"
    others = range(RESERVED_CHANNELS, pygame.mixer.get_num_channels())
    assert not any(pygame.mixer.Channel(number).get_busy() for number in others)
    # Merges never take the fanfare's channels: the win still plays.
    assert busy_sounds(bank, Voice.FANFARE) == [bank.sound("win")]


def test_a_sound_cut_short_mid_fade_leaves_its_channel_at_full_volume(audio):
    # The voice's two channels take turns: the third sound lands on the first channel while
    # that channel is still fading out the first sound.
    for move in (BIG_MERGE, ONE_MERGE, BIG_MERGE):
        audio.handle([move])
        time.sleep(0.01)  # let the fade-out of the previous sound get going
    newest = busy_sounds(audio.bank, Voice.MERGE).index(audio.bank.sound("merge_2048"))
    channel = [c for c in audio.bank.channels(Voice.MERGE) if c.get_busy()][newest]
    assert channel.get_volume() == pytest.approx(1.0, abs=ONE_STEP)


# -- volume and mute -----------------------------------------------------------------------


def channel_volumes(audio: Audio) -> set[float]:
    return {round(channel.get_volume() * 128) / 128 for channel in audio.bank.all_channels()}


def test_volume_scales_every_channel(audio):
    audio.set_volume(40)
    assert audio.volume == 40
    for volume in channel_volumes(audio):
        assert volume == pytest.approx(0.4, abs=ONE_STEP)
    audio.handle([Won(), THREE_MERGES, Spawned((0, 0), 2)])
    for volume in channel_volumes(audio):
        assert volume == pytest.approx(0.4, abs=ONE_STEP)


def test_volume_is_kept_between_0_and_100(audio):
    audio.set_volume(250)
    assert audio.volume == 100
    audio.set_volume(-3)
    assert audio.volume == 0


def test_mute_silences_every_channel_and_unmute_restores_the_volume(audio, plays):
    audio.set_volume(70)
    assert audio.toggle_mute() is True
    assert audio.muted
    assert channel_volumes(audio) == {0.0}
    audio.handle([Won(), ONE_MERGE, MenuMoved()])
    assert plays == []
    audio.set_muted(False)
    for volume in channel_volumes(audio):
        assert volume == pytest.approx(0.7, abs=ONE_STEP)
    audio.handle([MenuMoved()])
    assert plays == [Play(Cue.MENU_MOVE)]


def test_a_game_started_muted_is_silent_from_the_first_sound():
    audio = Audio.create(enabled=True, volume=90, muted=True)
    try:
        assert audio.muted and audio.volume == 90
        assert channel_volumes(audio) == {0.0}
    finally:
        audio.close()


def test_pre_init_asks_for_cd_quality_stereo_before_pygame_starts_the_mixer():
    Audio.pre_init()
    pygame.mixer.init()
    assert pygame.mixer.get_init() == (44_100, -16, 2)


# -- no device, lost device ----------------------------------------------------------------


def audio_warnings(caplog) -> list[logging.LogRecord]:
    return [
        r for r in caplog.records if r.name == "game.audio.player" and r.levelno >= logging.WARNING
    ]


def test_no_device_at_start_means_a_silent_game_and_one_log_line(monkeypatch, caplog):
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    audio = Audio.create(enabled=True, volume=80, muted=False)
    assert not audio.has_device
    assert isinstance(audio.bank, SilentBank)
    audio.handle([ONE_MERGE, Spawned((0, 0), 2), Won(), Lost(), MenuMoved(), Undone(1)])
    audio.set_volume(30)
    audio.toggle_mute()
    audio.on_device_added()  # still no device: no second line
    audio.on_device_removed()
    assert audio.volume == 30 and audio.muted  # the settings still work
    assert len(audio_warnings(caplog)) == 1
    assert len(audio_warnings(caplog)[0].getMessage().splitlines()) == 1
    audio.close()


def test_each_loss_of_sound_is_for_the_player_once(audio, monkeypatch):
    assert not audio.pop_sound_lost()  # a device: nothing to tell
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    audio.on_device_removed()
    audio.on_device_added()  # tried again, in vain: the same loss
    assert audio.pop_sound_lost()
    assert not audio.pop_sound_lost()
    monkeypatch.undo()
    audio.on_device_added()
    assert audio.has_device and not audio.pop_sound_lost()
    pygame.mixer.quit()  # lost again mid-game: a new loss
    audio.handle([Won()])
    assert audio.pop_sound_lost()


def test_a_device_that_comes_back_is_picked_up(monkeypatch, caplog):
    caplog.set_level(logging.INFO, logger="game.audio.player")
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    audio = Audio.create(enabled=True, volume=60, muted=False)
    assert not audio.has_device
    monkeypatch.undo()
    audio.on_device_added(is_capture=True)  # a microphone is no use
    assert not audio.has_device
    audio.on_device_added()
    assert audio.has_device
    for volume in channel_volumes(audio):
        assert volume == pytest.approx(0.6, abs=ONE_STEP)
    audio.handle([Won()])
    assert busy_sounds(audio.bank, Voice.FANFARE) == [audio.bank.sound("win")]
    assert [r.getMessage() for r in caplog.records if r.levelno == logging.INFO] == [
        "sound is back"
    ]
    audio.close()


def test_a_device_unplugged_mid_game_goes_silent_and_comes_back(audio, monkeypatch, caplog):
    audio.handle([ONE_MERGE])
    monkeypatch.setattr(pygame.mixer, "init", no_device)  # nothing else to fall back on
    audio.on_device_removed()
    assert not audio.has_device
    assert pygame.mixer.get_init() is None
    audio.handle([BIG_MERGE, Won()])
    audio.set_volume(50)
    assert len(audio_warnings(caplog)) == 1
    monkeypatch.undo()
    audio.on_device_added()
    assert audio.has_device
    audio.handle([Won()])
    assert busy_sounds(audio.bank, Voice.FANFARE) == [audio.bank.sound("win")]


def test_removing_a_microphone_changes_nothing(audio):
    audio.on_device_removed(is_capture=True)
    assert audio.has_device


def test_a_mixer_that_dies_mid_game_never_raises(audio, caplog):
    pygame.mixer.quit()  # the mixer goes away under the bank's feet
    audio.handle([THREE_MERGES, Spawned((0, 0), 2), Won()])
    audio.set_volume(20)
    audio.handle([MenuMoved()])
    assert not audio.has_device
    assert len(audio_warnings(caplog)) == 1


def test_a_mixer_that_dies_before_a_volume_change_never_raises(audio, caplog):
    pygame.mixer.quit()
    audio.set_volume(20)
    audio.toggle_mute()
    assert not audio.has_device
    assert len(audio_warnings(caplog)) == 1


def test_no_sound_never_touches_the_mixer(monkeypatch):
    opened = []
    monkeypatch.setattr(pygame.mixer, "init", lambda *a, **k: opened.append(a))
    audio = Audio.create(enabled=False, volume=80, muted=False)
    audio.handle([ONE_MERGE, Won()])
    audio.on_device_added()
    audio.toggle_mute()
    assert opened == []
    assert not audio.has_device and not audio.enabled and audio.muted


def test_missing_sound_files_mean_silence_not_a_crash(tmp_path, caplog):
    audio = Audio.create(enabled=True, volume=80, muted=False, sfx_dir=tmp_path)
    assert not audio.has_device
    assert pygame.mixer.get_init() is None  # the half-opened mixer was closed again
    audio.handle([Won()])
    assert len(audio_warnings(caplog)) == 1
