"""Each device driving the real app as a player does: keys, a pretend gamepad and the mouse,
each event followed by the frames that let its animations and fades run out."""

from __future__ import annotations

import pygame

from game.input.gamepad import GamepadInput, PadHandle
from helpers.keys import STEP, key

PAD = 7  # the pretend pad's instance id


def run(app, *events: pygame.event.Event, frames: int = 40) -> None:
    app.frame(STEP, list(events))
    for _ in range(frames):  # let animations and fades run out
        app.frame(STEP, [])


# -- keyboard ---------------------------------------------------------------------------------


def keyboard_choose(app, item: str) -> None:
    """Walk the open menu's focus to `item` with the arrow keys and press Enter."""
    menu = app.screens.top
    while menu.focused_item != item:
        run(app, key(pygame.K_DOWN))
    run(app, key(pygame.K_RETURN))


# -- gamepad ----------------------------------------------------------------------------------


def plug_pad(app, name: str = "Xbox Controller") -> None:
    handle = PadHandle(PAD, name, (0, 0), close=lambda: None)
    app.input.gamepad = GamepadInput(
        open_controller=lambda index: handle,
        open_joystick=lambda index: handle,
        is_controller=lambda index: True,
    )
    run(app, pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=0))


def button(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=PAD, button=code)


def pad_choose(app, item: str) -> None:
    menu = app.screens.top
    while menu.focused_item != item:
        run(app, button(pygame.CONTROLLER_BUTTON_DPAD_DOWN))
    run(app, button(pygame.CONTROLLER_BUTTON_A))


# -- mouse ------------------------------------------------------------------------------------


def click(app, pos) -> None:
    pos = (round(pos[0]), round(pos[1]))
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)
    run(app, down, up)


def mouse_choose(app, item: str) -> None:
    index = app.screens.top.items.index(item)
    click(app, app.view.menu_rects[index].center)
