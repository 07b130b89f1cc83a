"""The controls' model (game/core/controls.py) as the settings keep it: a player's own keys and
pad buttons come back whole. Changing them through the real app: tests/input/test_controls.py."""

from __future__ import annotations

import pygame

from game.core.controls import LAST_CHARACTER, SCANCODE_KEY, SCANCODES, Controls, is_key
from game.core.settings import Settings


def test_a_good_saved_entry_is_read_back_whole():
    changed = Controls().with_key("undo", pygame.K_F7).with_button("hint", "ls")
    loaded, rejected = Settings.from_dict(Settings(controls=changed).to_dict())
    assert loaded.controls == changed and rejected == []


def test_every_key_the_model_takes_is_one_pygame_can_name():
    """A surrogate (0xD800 to 0xDFFF) once passed the check, and pygame raised naming it at
    every start."""
    pygame.init()
    try:
        edges = [1, 0xD7FF, 0xE000, LAST_CHARACTER, SCANCODE_KEY, SCANCODE_KEY | (SCANCODES - 1)]
        for key in edges:
            assert is_key(key)
            pygame.key.name(key)  # no error
        for key in (0, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, LAST_CHARACTER + 1, SCANCODE_KEY - 1):
            assert not is_key(key)
    finally:
        pygame.quit()
