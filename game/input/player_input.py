"""The player's devices as one: a key, a pad's button or stick, a click, a drag or the wheel
turned into the commands they ask for now (the player's controls), the key or button pressed
on the Controls screen, and each action's keys and buttons in words.

    player_input = PlayerInput(hit_test, tile_px, window_size)
    player_input.use_controls(settings.controls)      # at start and whenever they change
    commands = player_input.commands(event, binding)  # None: no device's event
    player_input.hovered_button                       # the HUD button under the mouse
    player_input.names(controls)                      # game/input/names.py's words, pad's labels
    player_input.pressed_word(key, button)            # the key or button pressed, in words
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.core.controls import Controls
from game.core.settings import Settings
from game.input.gamepad import GAMEPAD_EVENTS, GamepadInput, pad_commands
from game.input.keys_and_pointer import (
    POINTER_EVENTS,
    PointerInput,
    key_commands,
    key_name,
    key_to_bind,
    keyboard_command,
)
from game.input.names import button_word, control_words
from game.play import commands as cmd

# A press that asks for nothing still ends what runs: a replay playing, autoplay (cmd.Interrupt).
_RELEASES = (pygame.MOUSEBUTTONUP, pygame.FINGERUP)
_PAD_PRESSES = (pygame.CONTROLLERBUTTONDOWN, pygame.JOYBUTTONDOWN)


class PlayerInput:
    def __init__(
        self,
        hit_test: Callable[[tuple[int, int]], cmd.Target | None],
        tile_px: Callable[[], float],
        window_size: Callable[[], tuple[int, int]],
    ) -> None:
        self.pointer = PointerInput(hit_test, tile_px, window_size)
        self.gamepad = GamepadInput()
        self.use_controls(Controls())

    def use_settings(self, settings: Settings) -> None:
        self.use_controls(settings.controls)

    def use_controls(self, controls: Controls) -> None:
        """What each key and pad button asks for from now on."""
        self._keys = key_commands(controls)
        self._pad_buttons = pad_commands(controls)

    @property
    def hovered_button(self) -> str | None:
        return self.pointer.hovered_button

    def commands(self, event: pygame.event.Event, binding: bool) -> list[cmd.Command] | None:
        """What a device's event asks for (`binding`: the Controls screen waits for a key or a
        button to give an action); None for an event of no device."""
        kind = event.type
        if kind == pygame.KEYDOWN:
            command = key_to_bind(event) if binding else keyboard_command(event, self._keys)
            return [command or cmd.Interrupt()]
        if kind in GAMEPAD_EVENTS:
            commands = self.gamepad.translate(event, self._pad_buttons, binding)
            return commands or ([cmd.Interrupt()] if kind in _PAD_PRESSES else [])
        if kind in POINTER_EVENTS:
            commands = self.pointer.translate(event)
            return commands or ([cmd.Interrupt()] if kind in _RELEASES else [])
        return None

    def names(self, controls: Controls) -> dict[str, str]:
        """What the pad in use prints on its buttons, and the words of each action's keys and
        buttons now (game/input/names.py), for the help's pages and the Controls screen."""
        labels = self.gamepad.button_labels()
        return {**labels, **control_words(controls, labels)}

    def pressed_word(self, key: int | None, button: str | None) -> str:
        """The key or pad button pressed on the Controls screen, in words."""
        if key is not None:
            return key_name(key)
        return button_word(button, self.gamepad.button_labels())

    def close(self) -> None:
        self.gamepad.close()
