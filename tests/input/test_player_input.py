"""The player's devices as one (game/input/player_input.py), through the real app: a press that
asks for nothing here, from any device, takes the game back from autoplay and does nothing else."""

from __future__ import annotations

import pygame
import pytest
from helpers.devices import button, plug_pad
from helpers.keys import STEP, key

from game.play import commands as cmd

NOTHING = {  # a press of each device that means nothing on the board
    "key": key(pygame.K_F5),
    "pad": button(pygame.CONTROLLER_BUTTON_RIGHTSTICK),
    "click": pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(2, 2), touch=False),
}


@pytest.mark.parametrize("device", NOTHING)
def test_a_press_that_means_nothing_stops_autoplay_and_plays_no_move(app, device):
    if device == "pad":
        plug_pad(app)
    app.command(cmd.ToggleAutoplay())
    assert app.session.autoplaying
    moves = app.session.game.moves
    app.handle_event(NOTHING[device])
    assert not app.session.autoplaying
    app.frame(STEP, [])
    assert app.session.game.moves == moves
