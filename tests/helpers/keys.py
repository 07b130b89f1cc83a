"""The player's input as the real app gets it, a frame at a time: the fixed step the tests
advance a frame by, and key presses as pygame events."""

from __future__ import annotations

import pygame

STEP = 1 / 120  # a frame of the tests: the loop's fixed step


def key(code: int, mod: int = 0, unicode: str = "") -> pygame.event.Event:
    """A key pressed, as pygame posts it."""
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=unicode, scancode=0)


def press(app, *codes: int) -> None:
    """Each key in a frame of its own."""
    for code in codes:
        app.frame(STEP, [key(code)])
