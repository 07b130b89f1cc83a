"""The player's settings and controls (game/play/preferences.py), through the real app and a
restart: a change applies at once, is kept, and is told only where the player would not see it."""

from __future__ import annotations

import pygame
from helpers.keys import press

from game.app import App, Options
from game.play import commands as cmd
from game.screens.screen import Item
from game.text import tr


def test_stepping_the_volume_turns_a_muted_sound_back_on_and_it_stays_on(tmp_path):
    app = App(Options(data_dir=str(tmp_path), sound=False))
    try:
        press(app, pygame.K_m)  # muted by its key: said, as nothing else shows it
        assert app.settings.muted and app.audio.muted
        assert app.view.notices[-1] == tr("sound_off", app.lang, keys="M")
        app.change_setting("volume", -1)  # a volume is asked for to be heard
        assert not app.settings.muted and not app.audio.muted
        assert app.settings.volume == 70
    finally:
        app.close()
    again = App(Options(data_dir=str(tmp_path), sound=False))
    try:
        assert not again.settings.muted and again.settings.volume == 70
    finally:
        again.close()


def test_sound_stepped_in_the_settings_menu_is_not_told_over_it(app):
    """The menu shows the value it steps: no notice covers it (its key, M, is told)."""
    app.command(cmd.Pause())
    app.command(cmd.Select(app.screens.top.items.index(Item.SETTINGS)))
    items = app.screens.top.items
    sound = next(i for i, item in enumerate(items) if getattr(item, "name", "") == "muted")
    app.view.notices = []
    app.command(cmd.Select(sound))  # as Enter or a click steps it
    assert app.settings.muted and app.view.notices == []
