"""The Games list reads the game's clock (R17, R22), not the time of its last move: the clock
runs on between moves, and a game left (the window losing focus, a quit, another size) shows
the time it was played. Issue 24, item 11."""

from __future__ import annotations

import pygame
from helpers.games import open_games, press, settle, words_drawn

from game.app import App, Options
from game.play import commands as cmd
from game.text import format_clock

FOCUS_LOST = pygame.event.Event(pygame.WINDOWFOCUSLOST)


def listed_seconds(app, size: int) -> float:
    app.archive.flush()
    [summary] = [s for s in app.archive.list_games() if s.size == size]
    return summary.seconds


def test_a_game_left_for_the_window_or_for_another_size_lists_its_clock(tmp_path):
    app = App(Options(data_dir=str(tmp_path), sound=False))
    try:
        press(app, pygame.K_LEFT, pygame.K_UP)  # the clock runs from the first move
        for _ in range(40):
            app.frame(0.1, [])  # four seconds of thought, no move
        clock = app.session.game.seconds
        assert clock > 4.0 > listed_seconds(app, 4)  # the last move was at the start
        app.frame(0.0, [FOCUS_LOST])  # the game is saved, its clock on its record
        assert listed_seconds(app, 4) == clock
        app.frame(0.0, [pygame.event.Event(pygame.WINDOWFOCUSGAINED)])
        press(app, pygame.K_RIGHT)
        for _ in range(20):
            app.frame(0.1, [])
        clock = app.session.game.seconds
        app.command(cmd.NewGame(5))  # another size: the 4x4 game is left in play
        assert listed_seconds(app, 4) == clock
        open_games(app)
        settle(app, 2)
        drawn = words_drawn(app)
        four = drawn.index(next(words for words in drawn if "4×4" in words))
        assert format_clock(clock) in drawn[four + 1]  # the second line of the 4x4 game's row
    finally:
        app.close()
