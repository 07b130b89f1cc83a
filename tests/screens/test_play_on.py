"""Play on from here (issue: learn from your own games): from any position of a replay or a
review, a new game starts from that board, by mouse, keyboard or pad. Its score and moves are
the position's, its random state fresh, its clock from zero; it counts apart from the player's
own games, as an assisted one does (R20), and its record keeps where it began, through a
restart, the Games list and a shared file. A position with no move left offers nothing."""

from __future__ import annotations

import pygame
import pytest
from helpers.devices import button, plug_pad
from helpers.games import (
    click,
    keep_games,
    open_games,
    press,
    rect_of,
    stand_in,
    stand_in_rollouts,
    words_drawn,
)
from helpers.keys import STEP, key

from game.app import App, Options
from game.core.engine import Game
from game.core.record import Origin
from game.core.replay import replay
from game.kept_games.share.shared_file import decode_record, encode_record
from game.play import commands as cmd
from game.play.session import Session
from game.screens.items import REPLAY_ITEMS, Control
from game.screens.screen import Item, ScreenKind
from game.text import tr
from game.view.games_view import row_lines


@pytest.fixture
def kept(tmp_path):
    return tmp_path, keep_games(tmp_path, 2, moves=40)


def new_app(folder) -> App:
    app = App(Options(seed=5, data_dir=str(folder), sound=False))
    app.games_screens.analyse = stand_in(per_poll=50)
    app.games_screens.play_on = stand_in_rollouts()
    return app


def open_replay_at(app, steps: int, row: int = 0) -> None:
    """The replay of the game in `row` of the list (0: the newest), `steps` positions in."""
    open_games(app)
    press(app, *[pygame.K_DOWN] * row, pygame.K_RETURN, pygame.K_RETURN)
    assert app.screens.top.kind is ScreenKind.REPLAY
    press(app, *[pygame.K_RIGHT] * steps)


def focus_by_keys(app, item) -> None:
    """Down until the focus rests on `item` of the screen shown."""
    for _ in app.screens.top.items:
        if app.screens.top.items[app.screens.top.focus] is item:
            return
        press(app, pygame.K_DOWN)
    raise AssertionError(f"Down never reached {item}")


def first_move(app) -> None:
    """The first of the four directions that moves the game in play, by its arrow key."""
    arrows = {
        "up": pygame.K_UP,
        "down": pygame.K_DOWN,
        "left": pygame.K_LEFT,
        "right": pygame.K_RIGHT,
    }
    direction = next(iter(app.session.game.valid_directions()))
    app.frame(STEP, [key(arrows[direction.value])])


def test_a_click_on_play_from_here_starts_a_game_from_the_replay_s_position(kept):
    folder, records = kept
    app = new_app(folder)
    try:
        own_before = app.stats_keeper.stats.for_size(4).games_played
        best_before = app.stats_keeper.best(4)
        open_replay_at(app, 12)
        position = app.games_screens.replaying.position
        click(app, rect_of(app, REPLAY_ITEMS.index(Control.PLAY_ON)).center)
        game = app.session.game
        assert not app.screens.games_open and app.screens.top is None  # back in play at once
        assert game.grid == position.grid
        assert (game.score, game.moves, game.seconds) == (position.score, position.moves, 0.0)
        assert game.undos_left == 5
        assert app.session.assisted and app.session.origin == Origin(records[0].summary.uid, 12)
        app.frame(STEP, [])
        drawn = words_drawn(app)
        assert tr("played_on", n=12) in " ".join(drawn)  # told where it began, the replay's step 12
        assert tr("your_best") in drawn  # the box shows the player's own best (R20)
        first_move(app)
        app.archive.flush()
        newest = app.archive.list_games(limit=1)[0]
        assert newest.origin == Origin(records[0].summary.uid, 12)
        assert newest.assisted_from == 0 and newest.moves == position.moves + 1
        assert app.stats_keeper.stats.for_size(4).games_played == own_before  # not the player's own
        assert app.stats_keeper.stats.for_size(4, assisted=True).games_played == 1
        assert app.stats_keeper.best(4) == best_before
    finally:
        app.close()


def test_the_review_s_play_from_here_by_keyboard_and_by_pad(kept):
    folder, records = kept
    app = new_app(folder)
    try:
        open_games(app)
        press(app, pygame.K_RETURN, pygame.K_DOWN, pygame.K_RETURN)  # the game, then Review
        assert app.screens.top.kind is ScreenKind.REVIEW
        press(app, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RIGHT)
        index = app.games_screens.stepping.position
        position = app.games_screens.positions[index]
        focus_by_keys(app, Control.PLAY_ON)
        press(app, pygame.K_RETURN)
        assert app.session.game.grid == position.grid
        assert app.session.origin == Origin(records[0].summary.uid, index)
        # Again by the pad, from a later position of the same review.
        open_games(app)
        press(app, pygame.K_RETURN, pygame.K_DOWN, pygame.K_RETURN)
        press(app, pygame.K_RIGHT)
        later = app.games_screens.positions[app.games_screens.stepping.position]
        plug_pad(app)
        while app.screens.top.items[app.screens.top.focus] is not Control.PLAY_ON:
            down = app.screens.top.focus
            app.frame(STEP, [button(pygame.CONTROLLER_BUTTON_DPAD_DOWN)])
            assert app.screens.top.focus != down  # the pad moves the focus on
        app.frame(STEP, [button(pygame.CONTROLLER_BUTTON_A)])
        assert app.session.game.grid == later.grid and not app.screens.games_open
    finally:
        app.close()


def test_a_position_with_no_move_left_offers_no_play_from_here(tmp_path):
    app = new_app(tmp_path)
    # Right fills the last cell, and a 2 or a 4 there leaves no move either way.
    rows = [[2, 4, 2, 4], [4, 2, 4, 2], [8, 4, 2, 4], [16, 32, 16, 0]]
    app.use_session(Session(Game.from_grid(rows, seed=1)))
    try:
        app.frame(STEP, [key(pygame.K_RIGHT)])
        assert app.session.game.over
        open_replay_at(app, 1)
        assert app.games_screens.replaying.position.over
        play_on = REPLAY_ITEMS.index(Control.PLAY_ON)
        assert not app.screens.top.active(Control.PLAY_ON)
        grid = app.session.game.grid
        click(app, rect_of(app, play_on).center)
        assert app.screens.games_open and app.session.game.grid == grid
    finally:
        app.close()


def test_the_game_played_on_keeps_its_origin_through_a_restart_and_the_games_list(kept):
    folder, records = kept
    app = new_app(folder)
    try:
        open_replay_at(app, 5)
        click(app, rect_of(app, REPLAY_ITEMS.index(Control.PLAY_ON)).center)
        first_move(app)
        grid = app.session.game.grid
        app.frame(STEP, [pygame.event.Event(pygame.WINDOWCLOSE)])
    finally:
        app.close()
    again = new_app(folder)
    try:
        assert again.session.game.grid == grid
        assert again.session.origin == Origin(records[0].summary.uid, 5)
        assert again.session.assisted
        first_move(again)  # the same record goes on
        again.archive.flush()
        games = again.archive.list_games()
        played_on = [g for g in games if g.origin is not None]
        assert len(played_on) == 1 and played_on[0].moves == again.session.game.moves
        words = [w for line in row_lines(played_on[0], "en") for w in line]
        assert tr("from_position") in words
    finally:
        again.close()


def test_a_game_of_another_size_stays_in_its_slot(kept):
    folder, _ = kept
    app = new_app(folder)
    try:
        app.command(cmd.NewGame(5))
        first_move(app)
        for _ in range(3):
            app.frame(1.0, [])  # its clock runs on after its last move (R17)
        five = app.session.game.grid, app.session.game.seconds
        assert five[1] >= 3.0
        open_replay_at(app, 3, row=1)  # under the 5x5 game, the newest 4x4
        click(app, rect_of(app, REPLAY_ITEMS.index(Control.PLAY_ON)).center)
        assert app.session.game.size == 4
        app.command(cmd.NewGame(5))  # back to 5x5: its game resumed as it was (R18)
        assert (app.session.game.grid, app.session.game.seconds) == five
    finally:
        app.close()


def test_a_shared_file_carries_the_origin(kept):
    folder, _ = kept
    app = new_app(folder)
    try:
        open_replay_at(app, 7)
        click(app, rect_of(app, REPLAY_ITEMS.index(Control.PLAY_ON)).center)
        first_move(app)
        app.archive.flush()
        newest = app.archive.list_games(limit=1)[0]
        record = app.archive.load(newest.game_id)
    finally:
        app.close()
    back = decode_record(encode_record(record))
    assert back.summary.origin == record.summary.origin and back.summary.origin is not None
    assert replay(back)[-1].grid == replay(record)[-1].grid


def test_the_replay_s_play_from_here_by_tab_and_enter_by_n_and_by_the_pad_s_new_game(kept):
    folder, _ = kept
    app = new_app(folder)
    try:
        open_replay_at(app, 4)
        position = app.games_screens.replaying.position
        for _ in REPLAY_ITEMS:  # Tab along the buttons to Play from here
            if REPLAY_ITEMS[app.screens.top.focus] is Control.PLAY_ON:
                break
            press(app, pygame.K_TAB)
        assert REPLAY_ITEMS[app.screens.top.focus] is Control.PLAY_ON
        press(app, pygame.K_RETURN)
        assert app.session.game.grid == position.grid and not app.screens.games_open
        # New game's key in a replay: a new game from the position shown.
        open_replay_at(app, 6, row=1)
        position = app.games_screens.replaying.position
        press(app, pygame.K_n)
        assert app.session.game.grid == position.grid and not app.screens.games_open
        # And the pad's New game button (Y) in a review.
        open_games(app)
        press(app, pygame.K_DOWN, pygame.K_RETURN, pygame.K_DOWN, pygame.K_RETURN)
        press(app, pygame.K_RIGHT, pygame.K_RIGHT)
        later = app.games_screens.positions[app.games_screens.stepping.position]
        plug_pad(app)
        app.frame(STEP, [button(pygame.CONTROLLER_BUTTON_Y)])
        assert app.session.game.grid == later.grid and not app.screens.games_open
    finally:
        app.close()


def test_a_game_in_progress_of_that_size_is_not_ended_without_asking(kept):
    """R15: Play from here ends the game of its size in progress, so it asks first, Cancel
    focused; Cancel keeps the game, the confirmation starts the game played on."""
    folder, _ = kept
    app = new_app(folder)
    try:
        first_move(app)  # a 4x4 game in progress
        game = app.session.game
        open_replay_at(app, 5, row=1)  # a kept 4x4 game
        position = app.games_screens.replaying.position
        press(app, pygame.K_n)
        menu = app.screens.top
        assert menu.kind is ScreenKind.CONFIRM_NEW and menu.focused_item is Item.CANCEL
        press(app, pygame.K_RETURN)  # a reflex Enter: Cancel
        assert app.session.game is game
        open_replay_at(app, 2, row=1)  # the replay goes on where it was left: 7 steps in
        position = app.games_screens.replaying.position
        press(app, pygame.K_n)
        app.command(cmd.Select(app.screens.top.items.index(Item.CONFIRM_NEW)))
        assert app.session.game.grid == position.grid and app.session.origin is not None
        # Not yet moved in, the game played on holds nothing: another one asks nothing.
        open_replay_at(app, 1, row=1)
        press(app, pygame.K_n)
        assert app.screens.top is None and app.session.origin.step == 8
    finally:
        app.close()


def test_a_game_in_progress_left_for_another_size_is_asked_for_too(kept):
    folder, _ = kept
    app = new_app(folder)
    try:
        first_move(app)  # a 4x4 game in progress, then left for 5x5 (R18: kept in its slot)
        app.command(cmd.NewGame(5))
        assert app.session.game.size == 5
        open_replay_at(app, 4, row=1)  # a kept 4x4 game
        press(app, pygame.K_n)
        assert app.screens.top.kind is ScreenKind.CONFIRM_NEW and app.session.game.size == 5
    finally:
        app.close()


@pytest.mark.parametrize("how", ["escape", "b", "start"])
def test_cancelling_play_from_here_goes_back_to_the_position_it_was_asked_from(kept, how):
    """Cancel threw the player out to the pause menu, and with a pad the next B presses
    resumed the game and undid a move."""
    folder, _ = kept
    app = new_app(folder)
    try:
        if how != "escape":
            plug_pad(app)
        first_move(app)
        first_move(app)  # a game in progress: Play from here asks first (R15)
        moves = app.session.game.moves
        open_replay_at(app, 12, row=1)  # a kept game, before the one in progress
        where = app.games_screens.replaying.index
        click(app, rect_of(app, REPLAY_ITEMS.index(Control.PLAY_ON)).center)
        assert app.screens.top.kind is ScreenKind.CONFIRM_NEW
        pad = {"b": pygame.CONTROLLER_BUTTON_B, "start": pygame.CONTROLLER_BUTTON_START}
        if how == "escape":
            press(app, pygame.K_ESCAPE)
        else:
            app.frame(STEP, [button(pad[how])])
        assert app.screens.top.kind is ScreenKind.REPLAY
        assert app.games_screens.replaying.index == where == 12  # where it was
        assert app.session.game.moves == moves  # nothing undone, nothing new
    finally:
        app.close()
