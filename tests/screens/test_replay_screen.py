"""R22: a kept game replayed as a player works it: stepping forward and back shows every
position exactly as replay() makes it, with its move, score and clock, and the game's own
animations; play and pause at several speeds keep real time (the real loop on a fake clock);
Home / End and a pad's shoulders jump to the ends; the on-screen controls work by mouse."""

from __future__ import annotations

import pygame
import pytest
from helpers.devices import button, plug_pad
from helpers.games import click, keep_games, open_replay, press, reading_app, rect_of, words_drawn
from helpers.keys import STEP, key
from helpers.loop import ScriptedClock

from game.core.replay import replay
from game.screens.items import REPLAY_ITEMS, Control
from game.screens.replaying import DEFAULT_SPEED, SPEEDS
from game.screens.screen import Item, ScreenKind
from game.text import format_clock, tr


@pytest.fixture(scope="module")
def kept(tmp_path_factory):
    folder = tmp_path_factory.mktemp("kept")
    records = keep_games(folder, 2, moves=60)
    assert any(step.is_undo for step in records[0].steps)  # undos are replayed too
    return folder, records


@pytest.fixture
def app(kept_app):
    return kept_app


def shown(app):
    return app.games_screens.replaying.position


def check_shown(app, record, position) -> None:
    """The board, the move number, the score and the clock of `position`, as drawn."""
    assert shown(app) == position
    assert app.view.games_view.board.grid == position.grid
    drawn = " · ".join(words_drawn(app))
    move = tr("replay_step", n=app.games_screens.replaying.index, total=len(record.steps))
    assert move in drawn
    assert f"{tr('games_score', n=position.score)} · {format_clock(position.seconds)}" in drawn
    undo = position.step is not None and position.step.is_undo
    assert (f"{move} · {tr('replay_undo')}" in drawn) == undo


def test_stepping_forward_and_back_shows_every_position_exactly_R22(app, kept):
    _, records = kept
    record = records[0]
    positions = replay(record)
    open_replay(app)
    check_shown(app, record, positions[0])
    for position in positions[1:]:
        press(app, pygame.K_RIGHT)
        check_shown(app, record, position)
    press(app, pygame.K_RIGHT)  # nothing after the end
    assert shown(app) == positions[-1]
    for position in reversed(positions[:-1]):
        press(app, pygame.K_LEFT)
        check_shown(app, record, position)


def test_a_step_forward_plays_the_game_s_own_animation_and_an_undo_shows_at_once(app, kept):
    positions = replay(kept[1][0])
    open_replay(app)
    press(app, pygame.K_RIGHT)
    animation = app.view.games_view.board.animation
    assert animation is not None and animation.motions == positions[1].outcome.shift.motions
    assert app.view.animating
    undo = next(i for i, p in enumerate(positions) if p.step is not None and p.step.is_undo)
    while app.games_screens.replaying.index < undo:
        press(app, pygame.K_RIGHT)
    assert app.view.games_view.board.animation is None  # an undo is shown, not slid
    press(app, pygame.K_LEFT)
    assert app.view.games_view.board.animation is None  # nor is a step back


@pytest.mark.slow
def test_play_and_pause_keep_real_time_at_each_speed(kept):
    """The real loop on a fake clock: a step at once when play is pressed, then one every
    1 / speed seconds; paused, none; played to the end, it stops there."""
    clock = ScriptedClock(end=12.0)
    app = reading_app(kept[0], clock)
    open_replay(app)
    seen = {}

    def note(name):
        return lambda: seen.update({name: app.games_screens.replaying.index})

    clock.at(0.5, key(pygame.K_SPACE))  # 2 a second: at 0.5, 1.0, 1.5, 2.0, 2.5
    clock.at(2.75, note("two a second"))
    clock.at(2.8, key(pygame.K_SPACE))  # pause
    clock.at(3.9, note("paused"))
    clock.at(4.0, key(pygame.K_PLUS))
    clock.at(4.1, key(pygame.K_SPACE))  # 4 a second: at 4.1, 4.35, 4.6, 4.85, 5.1
    clock.at(5.2, note("four a second"))
    clock.at(5.3, key(pygame.K_END))
    clock.at(5.4, key(pygame.K_HOME))
    for moment in (5.5, 5.6, 5.7):
        clock.at(moment, key(pygame.K_PLUS))  # on to 16 a second, the fastest
    clock.at(6.0, key(pygame.K_SPACE))
    clock.at(11.9, note("the end"))
    try:
        assert app.run() == 0
    finally:
        app.close()
    assert SPEEDS[DEFAULT_SPEED] == 2
    assert seen["two a second"] == 5
    assert seen["paused"] == 5
    assert seen["four a second"] == 10
    assert seen["the end"] == app.games_screens.replaying.last  # 60 steps at 16 a second: done
    assert not app.games_screens.replaying.playing


def test_home_end_the_pad_s_shoulders_and_the_d_pad(app, kept):
    last = len(replay(kept[1][0])) - 1
    open_replay(app)
    press(app, pygame.K_END)
    assert app.games_screens.replaying.index == last
    press(app, pygame.K_HOME)
    assert app.games_screens.replaying.index == 0
    plug_pad(app)
    app.frame(STEP, [button(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)])
    assert app.games_screens.replaying.index == last
    app.frame(STEP, [button(pygame.CONTROLLER_BUTTON_LEFTSHOULDER)])
    app.frame(STEP, [button(pygame.CONTROLLER_BUTTON_DPAD_RIGHT)])
    assert app.games_screens.replaying.index == 1
    app.frame(STEP, [button(pygame.CONTROLLER_BUTTON_DPAD_UP)])  # faster
    assert app.games_screens.replaying.speed == DEFAULT_SPEED + 1
    app.frame(STEP, [button(pygame.CONTROLLER_BUTTON_A)])
    assert app.games_screens.replaying.playing
    app.frame(STEP, [button(pygame.CONTROLLER_BUTTON_B)])  # back to the game, paused
    assert app.screens.top.kind is ScreenKind.GAME and not app.games_screens.replaying.playing


def test_the_on_screen_controls_by_mouse(app, kept):
    last = len(replay(kept[1][0])) - 1
    open_replay(app)

    def press_control(control):
        click(app, rect_of(app, REPLAY_ITEMS.index(control)).center)

    press_control(Control.TO_END)
    assert app.games_screens.replaying.index == last
    press_control(Control.STEP_BACK)
    assert app.games_screens.replaying.index == last - 1
    press_control(Control.TO_START)
    press_control(Control.STEP_FORWARD)
    assert app.games_screens.replaying.index == 1
    press_control(Control.FASTER)
    press_control(Control.FASTER)
    press_control(Control.SLOWER)
    assert app.games_screens.replaying.speed == DEFAULT_SPEED + 1
    press_control(Control.PLAY)
    assert app.games_screens.replaying.playing
    bar = rect_of(app, REPLAY_ITEMS.index(Control.SEEK))
    click(app, (bar.x + bar.width * 3 // 4, bar.centery))  # three quarters of the way
    assert abs(app.games_screens.replaying.index - 0.75 * last) <= 1
    assert not app.games_screens.replaying.playing  # a jump pauses
    press_control(Item.BACK)
    assert app.screens.top.kind is ScreenKind.GAME
