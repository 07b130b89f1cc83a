"""Game controllers and joysticks: real pygame events posted to the queue, the commands that
follow, and what the session makes of the pad's B button."""

from __future__ import annotations

import pygame
import pytest
from helpers.screens import stacked

from game.core.engine import Direction, Game
from game.input.gamepad import GAMEPAD_EVENTS, GamepadInput, PadHandle
from game.play import commands as cmd
from game.play import events as ev
from game.play.session import Phase, Session
from game.screens.screen import ScreenKind

UP, DOWN, LEFT, RIGHT = Direction.UP, Direction.DOWN, Direction.LEFT, Direction.RIGHT
LEFTX, LEFTY = pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY
E = 0


class Rig:
    """Pretend devices behind a GamepadInput, and the real event queue in front of it."""

    def __init__(self) -> None:
        self.devices: dict[int, PadHandle] = {}  # SDL device index -> what opening gives
        self.game_controllers: set[int] = set()  # device indices SDL has a mapping for
        self.closed: list[int] = []
        self.gamepad = GamepadInput(
            open_controller=self._open,
            open_joystick=self._open,
            is_controller=lambda index: index in self.game_controllers,
        )

    def _open(self, index: int) -> PadHandle:
        if index not in self.devices:
            raise pygame.error("Invalid index")
        return self.devices[index]

    def plug(self, index, instance_id, name="Xbox Controller", controller=True, stick=(0, 0)):
        """As SDL does: JOYDEVICEADDED for every device, CONTROLLERDEVICEADDED as well for
        a game controller."""
        self.devices[index] = PadHandle(
            instance_id, name, stick, close=lambda: self.closed.append(instance_id)
        )
        if controller:
            self.game_controllers.add(index)
        post(pygame.JOYDEVICEADDED, device_index=index)
        if controller:
            post(pygame.CONTROLLERDEVICEADDED, device_index=index)
        return self.commands()

    def unplug(self, index, instance_id):
        self.devices.pop(index)
        self.game_controllers.discard(index)
        post(pygame.CONTROLLERDEVICEREMOVED, instance_id=instance_id)
        post(pygame.JOYDEVICEREMOVED, instance_id=instance_id)
        return self.commands()

    def commands(self) -> list[cmd.Command]:
        """Everything queued, in order, through the gamepad."""
        out: list[cmd.Command] = []
        for event in pygame.event.get():
            if event.type in GAMEPAD_EVENTS:
                out += self.gamepad.translate(event)
        return out


def post(kind: int, **attributes) -> None:
    pygame.event.post(pygame.event.Event(kind, **attributes))


def press(instance_id: int, button: int) -> None:
    post(pygame.CONTROLLERBUTTONDOWN, instance_id=instance_id, button=button)
    post(pygame.CONTROLLERBUTTONUP, instance_id=instance_id, button=button)


def tilt(instance_id: int, axis: int, *values: float) -> None:
    """Left-stick motion as SDL reports it: integers from -32768 to 32767."""
    for value in values:
        raw = max(-32768, min(32767, round(value * 32767)))
        post(pygame.CONTROLLERAXISMOTION, instance_id=instance_id, axis=axis, value=raw)


@pytest.fixture
def rig():
    started = pygame.display.get_init()
    pygame.display.init()
    pygame.event.clear()
    yield Rig()
    pygame.event.clear()
    if not started:
        pygame.display.quit()


# -- buttons -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("button", "command"),
    [
        (pygame.CONTROLLER_BUTTON_A, cmd.Confirm()),
        (pygame.CONTROLLER_BUTTON_B, cmd.BackOrUndo()),
        (pygame.CONTROLLER_BUTTON_X, cmd.Hint()),
        (pygame.CONTROLLER_BUTTON_Y, cmd.NewGame()),
        (pygame.CONTROLLER_BUTTON_START, cmd.Pause()),
        (pygame.CONTROLLER_BUTTON_BACK, cmd.Help()),
        (pygame.CONTROLLER_BUTTON_DPAD_UP, cmd.Move(UP)),
        (pygame.CONTROLLER_BUTTON_DPAD_DOWN, cmd.Move(DOWN)),
        (pygame.CONTROLLER_BUTTON_DPAD_LEFT, cmd.Move(LEFT)),
        (pygame.CONTROLLER_BUTTON_DPAD_RIGHT, cmd.Move(RIGHT)),
        (pygame.CONTROLLER_BUTTON_LEFTSHOULDER, cmd.Seek(-1)),  # a replay's start (R22)
        (pygame.CONTROLLER_BUTTON_RIGHTSHOULDER, cmd.Seek(1)),
        (pygame.CONTROLLER_BUTTON_GUIDE, None),
        (pygame.CONTROLLER_BUTTON_LEFTSTICK, None),
    ],
)
def test_each_button_asks_for_one_thing_on_press_only(rig, button, command):
    assert rig.plug(0, instance_id=7) == []
    press(7, button)
    assert rig.commands() == ([command] if command else [])


# -- the stick ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("axis", "sign", "direction"),
    [(LEFTX, 1, RIGHT), (LEFTX, -1, LEFT), (LEFTY, 1, DOWN), (LEFTY, -1, UP)],
)
def test_one_move_per_push_through_jitter_at_both_dead_zones(rig, axis, sign, direction):
    rig.plug(0, instance_id=7)
    jitter = (0.1, 0.29, 0.31, 0.29, 0.31, 0.49, 0.51, 0.49, 0.52, 0.48, 0.9, 1.0, 0.95)
    tilt(7, axis, *(sign * v for v in jitter))
    assert rig.commands() == [cmd.Move(direction)]
    # Held, then let back through the jitter around the fire line: still nothing.
    tilt(7, axis, *(sign * v for v in (1.0, 1.0, 0.6, 0.49, 0.51, 0.49, 0.51, 0.35, 0.31)))
    assert rig.commands() == []
    # Under the lower line it re-arms; the next push is the next move.
    tilt(7, axis, *(sign * v for v in (0.29, 0.31, 0.29, 0.5)))
    assert rig.commands() == [cmd.Move(direction)]


def test_full_tilt_both_ways_from_sdl_extremes(rig):
    rig.plug(0, instance_id=7)
    post(pygame.CONTROLLERAXISMOTION, instance_id=7, axis=LEFTX, value=-32768)
    post(pygame.CONTROLLERAXISMOTION, instance_id=7, axis=LEFTX, value=0)
    post(pygame.CONTROLLERAXISMOTION, instance_id=7, axis=LEFTX, value=32767)
    assert rig.commands() == [cmd.Move(LEFT), cmd.Move(RIGHT)]


def test_a_diagonal_moves_nothing_until_the_player_straightens_it(rig):
    rig.plug(0, instance_id=7)
    tilt(7, LEFTY, 0.45)
    tilt(7, LEFTX, 0.6)  # past the line, but leading y by less than 1.5 times
    tilt(7, LEFTY, 0.6)
    tilt(7, LEFTX, 0.7)
    tilt(7, LEFTY, 0.7)
    assert rig.commands() == []
    tilt(7, LEFTX, 0.3)  # straightened: down
    assert rig.commands() == [cmd.Move(DOWN)]


def test_a_push_a_little_off_straight_still_moves(rig):
    rig.plug(0, instance_id=7)
    tilt(7, LEFTY, -0.4)
    tilt(7, LEFTX, 0.65)
    assert rig.commands() == [cmd.Move(RIGHT)]


def test_rolling_around_the_rim_does_not_move_again_without_the_centre(rig):
    rig.plug(0, instance_id=7)
    tilt(7, LEFTX, 0.9)
    tilt(7, LEFTY, -0.5, -0.9)
    tilt(7, LEFTX, 0.5, 0.1)  # now straight up, never through the centre
    assert rig.commands() == [cmd.Move(RIGHT)]
    tilt(7, LEFTY, -0.2)
    tilt(7, LEFTY, -0.8)
    assert rig.commands() == [cmd.Move(UP)]


def test_the_right_stick_and_triggers_move_nothing(rig):
    rig.plug(0, instance_id=7)
    for axis in (
        pygame.CONTROLLER_AXIS_RIGHTX,
        pygame.CONTROLLER_AXIS_RIGHTY,
        pygame.CONTROLLER_AXIS_TRIGGERLEFT,
    ):
        tilt(7, axis, 1.0, 0.0, -1.0)
    assert rig.commands() == []


# -- hot-plug ----------------------------------------------------------------------------------


def test_a_pad_plugged_in_mid_push_leaves_the_push_alone(rig):
    rig.plug(0, instance_id=7)
    tilt(7, LEFTX, 0.4, 0.8)
    assert rig.commands() == [cmd.Move(RIGHT)]
    assert rig.plug(1, instance_id=8) == []  # while pad 7 is still held right
    tilt(7, LEFTX, 0.9, 0.7)
    tilt(8, LEFTY, 0.6)
    tilt(7, LEFTX, 0.8)
    assert rig.commands() == [cmd.Move(DOWN)]  # pad 8's only; pad 7 still held
    tilt(8, LEFTY, 0.0)
    tilt(7, LEFTX, 0.0, -0.7)
    assert rig.commands() == [cmd.Move(LEFT)]


def test_a_pad_unplugged_mid_push_is_closed_and_its_late_events_ignored(rig):
    rig.plug(0, instance_id=7)
    tilt(7, LEFTY, -0.9)
    assert rig.commands() == [cmd.Move(UP)]
    assert rig.unplug(0, instance_id=7) == []
    assert rig.closed == [7]
    assert rig.gamepad.pads == ()
    tilt(7, LEFTY, 0.0, 0.9)
    press(7, pygame.CONTROLLER_BUTTON_A)
    post(pygame.JOYHATMOTION, instance_id=7, hat=0, value=(1, 0))
    assert rig.commands() == []


def test_a_pad_plugged_back_in_while_held_waits_for_the_centre(rig):
    rig.plug(0, instance_id=7)
    rig.unplug(0, instance_id=7)
    rig.plug(0, instance_id=9, stick=(0.9, 0.0))  # SDL gives a new instance id
    tilt(9, LEFTX, 0.95, 0.9)
    assert rig.commands() == []
    tilt(9, LEFTX, 0.1, 0.8)
    assert rig.commands() == [cmd.Move(RIGHT)]


def test_several_pads_work_at_once(rig):
    rig.plug(0, instance_id=7)
    rig.plug(1, instance_id=8, name="PS5 Controller")
    press(7, pygame.CONTROLLER_BUTTON_A)
    press(8, pygame.CONTROLLER_BUTTON_DPAD_LEFT)
    tilt(7, LEFTX, 0.9)
    tilt(8, LEFTY, 0.9)
    assert rig.commands() == [cmd.Confirm(), cmd.Move(LEFT), cmd.Move(RIGHT), cmd.Move(DOWN)]
    assert set(rig.gamepad.pads) == {7, 8}


def test_events_from_pads_never_plugged_in_are_ignored(rig):
    press(42, pygame.CONTROLLER_BUTTON_A)
    tilt(42, LEFTX, 1.0)
    post(pygame.JOYBUTTONDOWN, instance_id=42, button=0)
    post(pygame.CONTROLLERDEVICEREMOVED, instance_id=42)
    assert rig.commands() == []


def test_a_device_that_will_not_open_or_close_raises_nothing(rig):
    post(pygame.CONTROLLERDEVICEADDED, device_index=5)  # nothing at index 5: pygame.error
    post(pygame.JOYDEVICEADDED, device_index=5)
    assert rig.commands() == []

    def fail():
        raise pygame.error("gone")

    rig.devices[0] = PadHandle(7, close=fail)
    rig.game_controllers.add(0)
    post(pygame.CONTROLLERDEVICEADDED, device_index=0)
    post(pygame.CONTROLLERDEVICEREMOVED, instance_id=7)
    assert rig.commands() == []
    assert rig.gamepad.pads == ()


# -- plain joysticks ---------------------------------------------------------------------------


def test_a_game_controller_counts_once_though_sdl_also_sends_joystick_events(rig):
    rig.plug(0, instance_id=7)
    post(pygame.JOYHATMOTION, instance_id=7, hat=0, value=(0, 1))
    post(pygame.CONTROLLERBUTTONDOWN, instance_id=7, button=pygame.CONTROLLER_BUTTON_DPAD_UP)
    post(pygame.JOYBUTTONDOWN, instance_id=7, button=0)
    post(pygame.CONTROLLERBUTTONDOWN, instance_id=7, button=pygame.CONTROLLER_BUTTON_A)
    post(pygame.JOYAXISMOTION, instance_id=7, axis=0, value=0.9)
    assert rig.commands() == [cmd.Move(UP), cmd.Confirm()]


def test_a_plain_joystick_moves_with_its_hat_and_first_axes(rig):
    rig.plug(0, instance_id=3, name="Generic USB Joystick", controller=False)
    for value in ((0, 1), (0, 0), (1, 0), (1, 1), (0, 1), (-1, -1), (0, 0), (0, -1)):
        post(pygame.JOYHATMOTION, instance_id=3, hat=0, value=value)
    # A hat is a D-pad: each newly pressed direction moves, two at once move nothing.
    assert rig.commands() == [cmd.Move(UP), cmd.Move(RIGHT), cmd.Move(UP), cmd.Move(DOWN)]
    for axis, value in ((0, 0.4), (0, 0.9), (0, 0.45), (0, 0.2), (1, -0.6), (2, 1.0)):
        post(pygame.JOYAXISMOTION, instance_id=3, axis=axis, value=value)
    assert rig.commands() == [cmd.Move(RIGHT), cmd.Move(UP)]


def test_a_plain_joysticks_first_buttons_confirm_and_go_back(rig):
    rig.plug(0, instance_id=3, controller=False)
    for button in (0, 1, 2, 9):
        post(pygame.JOYBUTTONDOWN, instance_id=3, button=button)
        post(pygame.JOYBUTTONUP, instance_id=3, button=button)
    assert rig.commands() == [cmd.Confirm(), cmd.Back()]
    rig.unplug(0, instance_id=3)
    post(pygame.JOYBUTTONDOWN, instance_id=3, button=0)
    assert rig.commands() == []
    assert rig.closed == [3]


def test_without_the_controller_subsystem_a_pad_still_works_as_a_joystick(rig):
    def refuse(index):
        raise pygame.error("Controller system not initialized")

    rig.gamepad = GamepadInput(rig._open, rig._open, is_controller=refuse)
    rig.devices[0] = PadHandle(7)
    post(pygame.JOYDEVICEADDED, device_index=0)
    post(pygame.JOYBUTTONDOWN, instance_id=7, button=0)
    assert rig.commands() == [cmd.Confirm()]


def test_the_real_sdl_calls_survive_devices_that_are_not_there(rig):
    from pygame._sdl2 import controller

    try:
        gamepad = GamepadInput()
        for kind in (pygame.CONTROLLERDEVICEADDED, pygame.JOYDEVICEADDED):
            assert gamepad.translate(pygame.event.Event(kind, device_index=99)) == []
        assert gamepad.pads == ()
    finally:
        controller.quit()


def test_the_app_routes_pad_events_here_and_nothing_else():
    assert pygame.CONTROLLERBUTTONDOWN in GAMEPAD_EVENTS
    assert pygame.JOYHATMOTION in GAMEPAD_EVENTS
    for kind in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.FINGERUP, pygame.QUIT):
        assert kind not in GAMEPAD_EVENTS


# -- button names for the help screen ----------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "a", "b", "x", "y"),
    [
        ("Xbox Series X Controller", "A", "B", "X", "Y"),
        ("PS4 Controller", "Cross", "Circle", "Square", "Triangle"),
        ("DualSense Wireless Controller", "Cross", "Circle", "Square", "Triangle"),
        ("Nintendo Switch Pro Controller", "A", "B", "X", "Y"),
        ("Some Unknown Pad", "A", "B", "X", "Y"),
    ],
)
def test_button_names_follow_the_pads_layout(rig, monkeypatch, name, a, b, x, y):
    monkeypatch.delenv("SDL_GAMECONTROLLER_USE_BUTTON_LABELS", raising=False)
    rig.plug(0, instance_id=7, name=name)
    labels = rig.gamepad.button_labels(7)
    assert (labels["a"], labels["b"], labels["x"], labels["y"]) == (a, b, x, y)


def test_a_nintendo_pad_reported_by_position_swaps_its_names(rig, monkeypatch):
    monkeypatch.setenv("SDL_GAMECONTROLLER_USE_BUTTON_LABELS", "0")
    rig.plug(0, instance_id=7, name="Nintendo Switch Pro Controller")
    labels = rig.gamepad.button_labels(7)
    assert (labels["a"], labels["b"], labels["x"], labels["y"]) == ("B", "A", "Y", "X")


def test_button_names_default_to_the_pad_in_use(rig):
    assert rig.gamepad.button_labels()["a"] == "A"  # no pad yet
    rig.plug(0, instance_id=7, name="PS5 Controller")
    rig.plug(1, instance_id=8, name="Xbox One Controller")
    assert rig.gamepad.button_labels()["a"] == "A"  # the one plugged in last
    press(7, pygame.CONTROLLER_BUTTON_A)
    tilt(8, LEFTX, 0.1, -0.2, 0.1)  # an idle stick's drift is no use
    rig.commands()
    assert rig.gamepad.button_labels()["a"] == "Cross"
    rig.unplug(0, instance_id=7)
    assert rig.gamepad.button_labels()["a"] == "A"
    rig.plug(2, instance_id=3, controller=False)
    assert rig.gamepad.button_labels() == {"a": "1", "b": "2"}


# -- what the session makes of it --------------------------------------------------------------

NEAR_WIN = ((1024, 1024, E, E), (E, E, E, E), (E, E, E, E), (E, E, E, E))
NEAR_LOSS = ((2, 2, 8, 16), (32, 64, 128, 256), (4, 8, 16, 32), (32, 64, 128, 256))


def played() -> Session:
    session = stacked(Session.start(4, seed=5))
    for direction in (LEFT, UP, RIGHT, DOWN):
        session.handle(cmd.Move(direction))
    return session


def test_b_in_play_undoes():
    session = played()
    moves = session.game.moves
    assert session.handle(cmd.BackOrUndo()) == [ev.Undone(session.game.undos_left)]
    assert session.game.moves == moves - 1
    assert session.menu is None


def test_b_in_a_menu_goes_back_one_level():
    session = played()
    session.handle(cmd.Pause())
    session.handle(cmd.Help())
    assert session.handle(cmd.BackOrUndo()) == [ev.MenuClosed("help")]
    assert session.handle(cmd.BackOrUndo()) == [ev.MenuClosed("pause")]
    session.handle(cmd.NewGame())
    assert session.menu.kind is ScreenKind.CONFIRM_NEW
    moves = session.game.moves
    assert session.handle(cmd.BackOrUndo()) == [ev.MenuClosed("confirm_new")]
    assert session.game.moves == moves  # declined; nothing undone


def test_b_on_the_game_over_panel_undoes_or_else_opens_the_pause_menu():
    session = stacked(Session(Game.from_grid(NEAR_LOSS, seed=1)))
    session.handle(cmd.Move(LEFT))
    assert session.phase is Phase.GAME_OVER
    assert ev.Undone(session.game.undos_left - 1) in session.handle(cmd.BackOrUndo())
    assert session.phase is Phase.PLAYING
    session = stacked(Session(Game.from_grid(NEAR_LOSS, seed=1, undos_left=0)))
    session.handle(cmd.Move(LEFT))
    assert session.handle(cmd.BackOrUndo()) == [ev.MenuOpened("pause")]


def test_a_pad_wins_keeps_going_and_unplugging_it_pauses_and_loses_nothing(rig):
    session = stacked(Session(Game.from_grid(NEAR_WIN, seed=1)))
    rig.plug(0, instance_id=7)
    rig.plug(1, instance_id=8)
    tilt(7, LEFTX, -0.9)
    for command in rig.commands():
        session.handle(command)
    assert session.phase is Phase.WON_BANNER
    press(7, pygame.CONTROLLER_BUTTON_A)  # A on the focused Keep going
    assert [session.handle(c) for c in rig.commands()] == [[ev.MenuConfirmed(), ev.KeptGoing()]]
    assert session.phase is Phase.CONTINUING
    grid, score, moves = session.game.grid, session.game.score, session.game.moves
    assert rig.unplug(0, instance_id=7) == []
    assert session.menu is None and session.clock_running
    assert (session.game.grid, session.game.score, session.game.moves) == (grid, score, moves)
    press(8, pygame.CONTROLLER_BUTTON_DPAD_DOWN)  # the other pad plays on
    assert rig.commands() == [cmd.Move(DOWN)]
