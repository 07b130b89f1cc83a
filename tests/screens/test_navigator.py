"""The one stack of screens over the board (game/screens/navigator.py): the game's panels come
and go with its phase, and a session handed in starts on the board, its clock free (R17)."""

from __future__ import annotations

from game.core.engine import Direction, Game
from game.play import commands as cmd
from game.play.session import Phase, Session
from game.screens.navigator import Navigator
from game.screens.screen import Item, ScreenKind

E = 0
NEAR_WIN = ((1024, 1024, E, E), (E, E, E, E), (E, E, E, E), (E, E, E, E))
# LEFT leaves no move, whatever tile spawns (R11); no 2048 anywhere.
NEAR_LOSS = ((2, 2, 8, 16), (32, 64, 128, 256), (4, 8, 16, 32), (32, 64, 128, 256))


def test_the_win_banner_stays_one_screen_while_it_shows_and_is_new_at_the_next_phase():
    """The banner keeps its focus frame after frame, and the game over after it opens on its
    first button again (a reflex Enter never starts a new game by surprise)."""
    nav = Navigator(Session(Game.from_grid(NEAR_WIN, seed=1)))
    nav.handle(cmd.Move(Direction.LEFT))
    banner = nav.top
    assert banner is not None and banner.kind is ScreenKind.WON
    nav.handle(cmd.MenuFocus(1))
    assert nav.top is banner and banner.focused_item is Item.NEW_GAME
    nav.handle(cmd.KeepGoing())
    assert nav.top is None and nav.session.phase is Phase.CONTINUING


def test_a_game_over_panel_is_made_again_when_undo_runs_out():
    nav = Navigator(Session(Game.from_grid(NEAR_LOSS, seed=1, undos_left=1)))
    nav.handle(cmd.Move(Direction.LEFT))
    first = nav.top
    assert first is not None and first.items == [Item.UNDO, Item.NEW_GAME]
    nav.handle(cmd.Undo())
    assert nav.top is None
    nav.handle(cmd.Move(Direction.LEFT))  # over again, no undo left
    assert nav.top is not first and nav.top.items == [Item.NEW_GAME]


def test_a_session_handed_in_starts_on_the_board_with_its_clock_free():
    nav = Navigator(Session.start(4, seed=2))
    nav.handle(cmd.Pause())
    nav.handle(cmd.Help())
    assert [s.kind for s in nav.stack] == [ScreenKind.PAUSE, ScreenKind.HELP]
    fresh = Session.start(4, seed=3)
    nav.use_session(fresh)
    assert nav.stack == [] and nav.top is None
    nav.handle(cmd.Move(fresh.game.valid_directions()[0]))
    assert fresh.clock_running and fresh.pass_time(1.0) == 1.0


def test_home_and_end_reach_the_first_and_last_item_of_a_menu(tmp_path):
    """They did nothing in the Board menu (issue 33); the pad's shoulders do the same."""
    import pygame
    from helpers.keys import STEP, key

    from game.app import App, Options

    app = App(Options(seed=1, data_dir=str(tmp_path), sound=False))
    try:
        app.command(cmd.Pause())
        app.command(cmd.Select(app.screens.top.items.index(Item.SIZES)))
        menu = app.screens.top
        assert menu.kind is ScreenKind.SIZES
        app.frame(STEP, [key(pygame.K_END)])
        assert menu.focus == len(menu.items) - 1  # Back
        app.frame(STEP, [key(pygame.K_HOME)])
        assert menu.focus == 0  # the smallest board
    finally:
        app.close()
