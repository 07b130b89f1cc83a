"""The pause menu as a player works it with the keyboard (issue 24): it names the board size in
play, it holds at its ends (Up from Resume never lands on Quit), and Quit asks first, the safe
answer focused, while Ctrl+Q and the window's close button still quit at once. The New game
confirmation says what becomes of the game in progress: it is kept, unfinished, in Games."""

from __future__ import annotations

import pygame
import pytest
from helpers.keys import STEP, key, press
from helpers.view import TextLog, use_look

from game.app import App
from game.core.record import Outcome
from game.screens.menus import SizeItem
from game.screens.screen import Item, ScreenKind
from game.text import LANGUAGES, tr

SIZE = (540, 720)


def menu_words(app: App, lang: str) -> list[str]:
    """The words of the menu on top, as drawn."""
    use_look(app, lang=lang)
    app.show()
    for _ in range(2):  # faded in: its words show once its veil is whole
        app.view.step(1.0, app.snapshot())
    log = TextLog(app)
    try:
        texts = log.texts(SIZE, app.session, "menu")
    finally:
        log.close()
    return [text.words for text in texts]


def play_a_few_moves(app: App) -> None:
    for code in (pygame.K_LEFT, pygame.K_UP, pygame.K_RIGHT, pygame.K_DOWN):
        press(app, code)
    assert app.session.game.moves > 0


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pause_menu_names_the_board_size_in_play(app, lang):
    for size in (4, 5):
        press(app, pygame.K_ESCAPE)
        menu = app.screens.top
        if size != app.session.game.size:  # play on 5x5, chosen in the board sizes' menu
            while menu.focused_item is not Item.SIZES:
                press(app, pygame.K_DOWN)
            press(app, pygame.K_RETURN)
            while app.screens.top.focused_item != SizeItem(size):
                press(app, pygame.K_DOWN)
            press(app, pygame.K_RETURN, pygame.K_ESCAPE)
        assert app.session.game.size == size and app.screens.top.kind is ScreenKind.PAUSE
        labels = menu_words(app, lang)
        for other in (4, 5, 6):
            row = tr("sizes_row", lang, size=tr(f"size_{other}", lang))
            assert (row in labels) == (other == size), (lang, size, other)
        press(app, pygame.K_ESCAPE)


def test_up_from_resume_stays_on_resume_and_down_from_quit_stays_on_quit(app):
    press(app, pygame.K_ESCAPE)
    menu = app.screens.top
    assert menu.kind is ScreenKind.PAUSE and menu.focused_item is Item.RESUME
    press(app, pygame.K_UP)
    assert menu.focused_item is Item.RESUME
    while menu.focused_item is not Item.QUIT:
        press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    assert menu.focused_item is Item.QUIT
    assert app.running


def test_enter_on_quit_asks_first_with_the_safe_answer_focused(app):
    play_a_few_moves(app)
    press(app, pygame.K_ESCAPE)
    menu = app.screens.top
    while menu.focused_item is not Item.QUIT:
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    confirm = app.screens.top
    assert app.running and confirm.kind is ScreenKind.CONFIRM_QUIT
    assert confirm.focused_item is Item.CANCEL
    assert app.session.game.moves > 0
    for lang in LANGUAGES:  # it says the game is not lost: saved, and kept in Games
        words = " ".join(menu_words(app, lang))
        assert tr("confirm_quit_detail", lang) in words and tr("games", lang) in words
    press(app, pygame.K_RETURN)  # a reflex Enter: Cancel, back to the pause menu
    assert app.running and app.screens.top is menu
    while menu.focused_item is not Item.QUIT:
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN, pygame.K_ESCAPE)  # Escape in the confirmation: back too
    assert app.running and app.screens.top is menu
    press(app, pygame.K_RETURN, pygame.K_UP, pygame.K_RETURN)  # Quit, then Quit again
    assert not app.running


@pytest.mark.parametrize(
    "quit_event",
    [key(pygame.K_q, pygame.KMOD_LCTRL), pygame.event.Event(pygame.WINDOWCLOSE)],
    ids=["ctrl_q", "close_button"],
)
def test_ctrl_q_and_the_close_button_still_quit_at_once(app, quit_event):
    press(app, pygame.K_ESCAPE)
    app.frame(STEP, [quit_event])
    assert not app.running


def test_a_click_on_quit_asks_too(app):
    press(app, pygame.K_ESCAPE)
    app.view.draw(pygame.Surface(SIZE), app.snapshot())
    quit_at = app.view.menu_rects[app.screens.top.items.index(Item.QUIT)].center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.frame(STEP, [pygame.event.Event(kind, pos=quit_at, button=1, touch=False)])
    assert app.running and app.screens.top.kind is ScreenKind.CONFIRM_QUIT


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_new_game_confirmation_says_the_game_is_kept_in_games_and_it_is(app, lang):
    play_a_few_moves(app)
    moves = app.session.game.moves
    use_look(app, lang=lang)
    press(app, pygame.K_n)
    assert app.screens.top.kind is ScreenKind.CONFIRM_NEW
    words = " ".join(menu_words(app, lang))
    assert tr("confirm_detail", lang) in words and tr("games", lang) in words
    press(app, pygame.K_UP, pygame.K_RETURN)  # New game
    assert app.screens.top is None and app.session.game.moves == 0
    app.archive.flush()
    kept = [(summary.outcome, summary.moves) for summary in app.archive.list_games()]
    assert (Outcome.LEFT, moves) in kept  # kept, unfinished, as the words say
