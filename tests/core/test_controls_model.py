"""The controls' model (game/core/controls.py) as the settings keep it: a player's own keys and
pad buttons come back whole. Changing them through the real app: tests/input/test_controls.py."""

from __future__ import annotations

import pygame

from game.core.controls import Controls
from game.core.settings import Settings


def test_a_good_saved_entry_is_read_back_whole():
    changed = Controls().with_key("undo", pygame.K_F7).with_button("hint", "ls")
    loaded, rejected = Settings.from_dict(Settings(controls=changed).to_dict())
    assert loaded.controls == changed and rejected == []
