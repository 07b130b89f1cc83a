"""Gamepads in, commands out: SDL game controllers, plugged in and out at any time, and plain
joysticks. A controller's buttons ask for what the player's controls say (game/core/controls.py:
pad_commands); a plain joystick's first two buttons are fixed. Like all input, it never changes
game state."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

import pygame
from pygame._sdl2 import controller as sdl_controller

from game.core.controls import ACTIONS, FIXED_BUTTONS, MENU, Controls
from game.core.engine import Direction
from game.input.actions import ACTION_COMMANDS
from game.play import commands as cmd
from game.text import PAD_LABELS

STICK_FIRE = 0.5  # a left-stick push past this, of full tilt, fires one move ...
STICK_REARM = 0.3  # ... and the next waits until the stick is back under this on both axes
STICK_LEAD = 1.5  # the firing axis must lead the other this many times over: no diagonals

GAMEPAD_EVENTS = frozenset(
    {
        pygame.CONTROLLERDEVICEADDED,
        pygame.CONTROLLERDEVICEREMOVED,
        pygame.CONTROLLERDEVICEREMAPPED,
        pygame.CONTROLLERBUTTONDOWN,
        pygame.CONTROLLERBUTTONUP,
        pygame.CONTROLLERAXISMOTION,
        pygame.JOYDEVICEADDED,
        pygame.JOYDEVICEREMOVED,
        pygame.JOYHATMOTION,
        pygame.JOYAXISMOTION,
        pygame.JOYBUTTONDOWN,
        pygame.JOYBUTTONUP,
    }
)
"""The event types GamepadInput.translate understands; the app routes these to it."""

# Each button SDL's game-controller layout has, by the name the controls keep (controls.BUTTONS).
BUTTON_CODES: Mapping[str, int] = MappingProxyType(
    {
        "a": pygame.CONTROLLER_BUTTON_A,
        "b": pygame.CONTROLLER_BUTTON_B,
        "x": pygame.CONTROLLER_BUTTON_X,
        "y": pygame.CONTROLLER_BUTTON_Y,
        "back": pygame.CONTROLLER_BUTTON_BACK,
        "start": pygame.CONTROLLER_BUTTON_START,
        "guide": pygame.CONTROLLER_BUTTON_GUIDE,
        "lb": pygame.CONTROLLER_BUTTON_LEFTSHOULDER,
        "rb": pygame.CONTROLLER_BUTTON_RIGHTSHOULDER,
        "ls": pygame.CONTROLLER_BUTTON_LEFTSTICK,
        "rs": pygame.CONTROLLER_BUTTON_RIGHTSTICK,
        "dpup": pygame.CONTROLLER_BUTTON_DPAD_UP,
        "dpdown": pygame.CONTROLLER_BUTTON_DPAD_DOWN,
        "dpleft": pygame.CONTROLLER_BUTTON_DPAD_LEFT,
        "dpright": pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
    }
)
BUTTON_NAMES = {code: name for name, code in BUTTON_CODES.items()}
# A pad's B undoes in play and goes back in a menu, whichever button the player gives undo;
# Start opens the menu, or goes back to it (the keyboard's Escape closes one menu at a time).
PAD_ACTION_COMMANDS = {**ACTION_COMMANDS, "undo": cmd.BackOrUndo(), MENU: cmd.Pause()}


def pad_commands(controls: Controls) -> Mapping[int, cmd.Command]:
    """Each controller button's command: the player's buttons for their actions, and the fixed
    ones (Start; the shoulders, to a replay's start and end, R22, R23)."""
    table = {
        BUTTON_CODES[button]: PAD_ACTION_COMMANDS[action]
        for action, buttons in FIXED_BUTTONS.items()
        if action in PAD_ACTION_COMMANDS
        for button in buttons
    }
    for action in ACTIONS:
        codes = (BUTTON_CODES[button] for button in controls.buttons_of(action))
        table.update(dict.fromkeys(codes, PAD_ACTION_COMMANDS[action]))
    return MappingProxyType(table)


DEFAULT_PAD = pad_commands(Controls())

JOYSTICK_BUTTONS: dict[int, cmd.Command] = {0: cmd.Confirm(), 1: cmd.Back()}
"""A joystick SDL has no game-controller mapping for: its first two buttons."""

# What each pad prints on the buttons bound above, for the help screen. SDL reports a
# Nintendo pad's buttons by their labels unless SDL_GAMECONTROLLER_USE_BUTTON_LABELS is 0,
# so its A is the button marked A, as on the other pads.
DPAD_LABELS = {"dpup": "D-pad ↑", "dpdown": "D-pad ↓", "dpleft": "D-pad ←", "dpright": "D-pad →"}
# The names the help uses when no pad is known.
XBOX_LABELS = {**PAD_LABELS, "guide": "Guide", "ls": "LS", "rs": "RS", **DPAD_LABELS}
PLAYSTATION_LABELS = {
    "a": "Cross",
    "b": "Circle",
    "x": "Square",
    "y": "Triangle",
    "back": "Share",
    "start": "Options",
    "guide": "PS",
    "lb": "L1",
    "rb": "R1",
    "ls": "L3",
    "rs": "R3",
    **DPAD_LABELS,
}
NINTENDO_LABELS = {
    "a": "A",
    "b": "B",
    "x": "X",
    "y": "Y",
    "back": "Minus",
    "start": "Plus",
    "guide": "Home",
    "lb": "L",
    "rb": "R",
    "ls": "LS",
    "rs": "RS",
    **DPAD_LABELS,
}
NINTENDO_BY_POSITION = {**NINTENDO_LABELS, "a": "B", "b": "A", "x": "Y", "y": "X"}
JOYSTICK_LABELS = {"a": "1", "b": "2"}

_PLAYSTATION_NAMES = ("playstation", "ps3", "ps4", "ps5", "dualshock", "dualsense", "sony")
_NINTENDO_NAMES = ("nintendo", "switch", "joy-con", "joycon")


def _nothing() -> None:
    pass


@dataclass(frozen=True)
class PadHandle:
    """An opened pad, as far as GamepadInput needs it. The real ones wrap pygame's objects;
    tests make their own."""

    instance_id: int
    name: str = ""
    stick: tuple[float, float] = (0.0, 0.0)  # the left stick when opened, -1..1, y down
    close: Callable[[], None] = _nothing


class Stick:
    """One stick's state: a push fires one move when the leading axis passes STICK_FIRE and
    leads the other STICK_LEAD times over (a diagonal fires nothing until the player
    straightens it). No more moves until both axes are back under STICK_REARM, so holding
    does not repeat and jitter around either threshold moves nothing."""

    def __init__(self, x: float = 0.0, y: float = 0.0) -> None:
        self.x, self.y = x, y
        self.armed = max(abs(x), abs(y)) < STICK_REARM  # opened mid-push: wait for centre

    def update(self, x: float | None = None, y: float | None = None) -> Direction | None:
        self.x = self.x if x is None else x
        self.y = self.y if y is None else y
        across, down = abs(self.x), abs(self.y)
        if not self.armed:
            self.armed = max(across, down) < STICK_REARM
            return None
        if across >= STICK_FIRE and across >= STICK_LEAD * down:
            self.armed = False
            return Direction.RIGHT if self.x > 0 else Direction.LEFT
        if down >= STICK_FIRE and down >= STICK_LEAD * across:
            self.armed = False
            return Direction.DOWN if self.y > 0 else Direction.UP
        return None


@dataclass
class _Pad:
    handle: PadHandle
    stick: Stick
    hats: dict[int, tuple[int, int]] = field(default_factory=dict)


def _axis(value: float) -> float:
    """An SDL game-controller axis (-32768..32767) as -1..1."""
    return max(-1.0, min(1.0, value / 32767))


def _open_sdl_controller(device_index: int) -> PadHandle:
    pad = sdl_controller.Controller(device_index)
    return PadHandle(
        instance_id=pad.as_joystick().get_instance_id(),
        name=pad.name or "",
        stick=(
            _axis(pad.get_axis(pygame.CONTROLLER_AXIS_LEFTX)),
            _axis(pad.get_axis(pygame.CONTROLLER_AXIS_LEFTY)),
        ),
        close=pad.quit,
    )


def _open_sdl_joystick(device_index: int) -> PadHandle:
    joystick = pygame.joystick.Joystick(device_index)
    two_axes = joystick.get_numaxes() >= 2
    return PadHandle(
        instance_id=joystick.get_instance_id(),
        name=joystick.get_name() or "",
        stick=(joystick.get_axis(0), joystick.get_axis(1)) if two_axes else (0.0, 0.0),
        close=joystick.quit,
    )


def _safely(call: Callable, *args):
    """A call into SDL; a device that vanished or will not open is no error: None."""
    try:
        return call(*args)
    except pygame.error:
        return None


class GamepadInput:
    """SDL game controllers, plugged in and out at any time, and plain joysticks.

    The app hands it every event whose type is in GAMEPAD_EVENTS. Pads are opened when SDL
    adds them and closed when it removes them, by instance id; events from pads not open
    are ignored. Several pads work at once, each with its own stick. Without factories it
    starts SDL's game-controller subsystem and opens real devices; tests pass their own.
    """

    def __init__(
        self,
        open_controller: Callable[[int], PadHandle] | None = None,
        open_joystick: Callable[[int], PadHandle] | None = None,
        is_controller: Callable[[int], bool] | None = None,
    ) -> None:
        if open_controller is None:
            # SDL sends no game-controller events until this subsystem runs, and
            # pygame.init() leaves it off; pads plugged in already then arrive as
            # CONTROLLERDEVICEADDED. If it fails, is_controller fails too and every pad
            # works as a plain joystick.
            _safely(sdl_controller.init)
        self._open_controller = open_controller or _open_sdl_controller
        self._open_joystick = open_joystick or _open_sdl_joystick
        self._is_controller = is_controller or sdl_controller.is_controller
        self._controllers: dict[int, _Pad] = {}
        self._joysticks: dict[int, _Pad] = {}
        self._current: int | None = None  # the pad used or plugged in last

    @property
    def pads(self) -> tuple[int, ...]:
        """Instance ids of the pads open now."""
        return (*self._controllers, *self._joysticks)

    def translate(
        self,
        event: pygame.event.Event,
        buttons: Mapping[int, cmd.Command] = DEFAULT_PAD,
        binding: bool = False,
    ) -> list[cmd.Command]:
        """The commands of one event, by the player's `buttons` (pad_commands). `binding`: the
        Controls screen waits for a button, and a controller's press is that button itself
        (cmd.Pressed), but Start, which goes back."""
        kind = event.type
        if kind == pygame.CONTROLLERDEVICEADDED:
            self._add(self._controllers, self._open_controller, event.device_index)
        elif kind == pygame.JOYDEVICEADDED:
            # SDL also sends JOY* events for game controllers: those are handled above.
            if not _safely(self._is_controller, event.device_index):
                self._add(self._joysticks, self._open_joystick, event.device_index)
        elif kind == pygame.CONTROLLERDEVICEREMOVED:
            self._remove(self._controllers, event.instance_id)
        elif kind == pygame.JOYDEVICEREMOVED:
            self._remove(self._joysticks, event.instance_id)
        elif kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERAXISMOTION):
            return self._controller_input(event, buttons, binding)
        elif kind in (pygame.JOYBUTTONDOWN, pygame.JOYAXISMOTION, pygame.JOYHATMOTION):
            return self._joystick_input(event)
        return []  # button releases and remappings change nothing

    def button_labels(self, instance_id: int | None = None) -> dict[str, str]:
        """What the pad prints on its buttons, by the controls' name for them ("a", "b", "x",
        "y", "back", "start", ...). None: the pad used or plugged in last."""
        if instance_id is None:
            instance_id = self._current
        if instance_id in self._joysticks:
            return dict(JOYSTICK_LABELS)
        pad = self._controllers.get(instance_id)
        name = pad.handle.name.lower() if pad else ""
        if any(word in name for word in _PLAYSTATION_NAMES):
            return dict(PLAYSTATION_LABELS)
        if any(word in name for word in _NINTENDO_NAMES):
            by_label = os.environ.get("SDL_GAMECONTROLLER_USE_BUTTON_LABELS", "1")
            by_position = by_label.strip().lower() in ("0", "false")
            return dict(NINTENDO_BY_POSITION if by_position else NINTENDO_LABELS)
        return dict(XBOX_LABELS)

    # -- devices -------------------------------------------------------------------------------

    def _add(self, pads: dict[int, _Pad], opener: Callable[[int], PadHandle], index) -> None:
        handle = _safely(opener, index)
        if handle is None or handle.instance_id in self.pads:
            return  # could not open it, or it is open already
        pads[handle.instance_id] = _Pad(handle, Stick(*handle.stick))
        self._current = handle.instance_id

    def close(self) -> None:
        """Let go of every pad (before pygame quits: a device handle must not outlive SDL)."""
        for pads in (self._controllers, self._joysticks):
            for instance_id in list(pads):
                self._remove(pads, instance_id)

    def _remove(self, pads: dict[int, _Pad], instance_id: int) -> None:
        """Only the pad goes: nothing pauses, and the other pads keep their state."""
        pad = pads.pop(instance_id, None)
        if pad is None:
            return
        _safely(pad.handle.close)
        if self._current == instance_id:
            self._current = next(reversed(self.pads), None)

    # -- input ---------------------------------------------------------------------------------

    def _controller_input(
        self, event: pygame.event.Event, buttons: Mapping[int, cmd.Command], binding: bool
    ) -> list[cmd.Command]:
        pad = self._controllers.get(event.instance_id)
        if pad is None:
            return []  # removed, unknown, or a plain joystick
        if event.type == pygame.CONTROLLERBUTTONDOWN:
            name = BUTTON_NAMES.get(event.button)
            if binding and name is not None and name != "start":
                return self._used(event.instance_id, [cmd.Pressed(button=name)])
            command = buttons.get(event.button)
            return self._used(event.instance_id, [command] if command is not None else [])
        if event.axis == pygame.CONTROLLER_AXIS_LEFTX:
            direction = pad.stick.update(x=_axis(event.value))
        elif event.axis == pygame.CONTROLLER_AXIS_LEFTY:
            direction = pad.stick.update(y=_axis(event.value))
        else:
            return []  # right stick and triggers
        return self._used(event.instance_id, _moves(direction))

    def _joystick_input(self, event: pygame.event.Event) -> list[cmd.Command]:
        pad = self._joysticks.get(event.instance_id)
        if pad is None:
            return []  # removed, unknown, or a game controller (its CONTROLLER* events count)
        if event.type == pygame.JOYBUTTONDOWN:
            command = JOYSTICK_BUTTONS.get(event.button)
            return self._used(event.instance_id, [command] if command is not None else [])
        if event.type == pygame.JOYHATMOTION:
            direction = _hat_press(pad.hats, event.hat, tuple(event.value))
        elif event.axis == 0:  # pygame gives joystick axes as -1..1 already
            direction = pad.stick.update(x=event.value)
        elif event.axis == 1:
            direction = pad.stick.update(y=event.value)
        else:
            return []
        return self._used(event.instance_id, _moves(direction))

    def _used(self, instance_id: int, commands: list[cmd.Command]) -> list[cmd.Command]:
        """The pad that asked for something is the one the help screen names."""
        if commands:
            self._current = instance_id
        return commands


def _moves(direction: Direction | None) -> list[cmd.Command]:
    return [cmd.Move(direction)] if direction is not None else []


def _hat_directions(value: tuple[int, int]) -> set[Direction]:
    x, y = value  # pygame: y is +1 up
    horizontal = {-1: {Direction.LEFT}, 1: {Direction.RIGHT}}.get(x, set())
    vertical = {1: {Direction.UP}, -1: {Direction.DOWN}}.get(y, set())
    return horizontal | vertical


def _hat_press(hats: dict[int, tuple[int, int]], hat: int, value) -> Direction | None:
    """A hat moves like a D-pad: the one direction newly pressed, if exactly one is."""
    before = _hat_directions(hats.get(hat, (0, 0)))
    hats[hat] = value
    pressed = _hat_directions(value) - before
    return pressed.pop() if len(pressed) == 1 else None
