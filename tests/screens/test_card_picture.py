"""A kept game's card shows a small picture of its final board, as players of other apps
expect (issue 24, item 11): the tiles in the theme's colours where the game ended, their
numbers where they can be read (a number under 12 px is left off, the colour still tells it),
an empty board of the same size while the game opens (so nothing moves when the tiles come),
and every button on screen from the smallest window up."""

from __future__ import annotations

import threading
from dataclasses import replace

import pygame
import pytest
from helpers.games import corner_game, keep_games, open_games, press, until_opened
from helpers.keys import STEP, key
from helpers.view import READABLE_PX, TextLog, drawn, use_look, window

from game.app import App, Options
from game.core.replay import replay
from game.core.settings import TEXT_SIZES
from game.kept_games.archive.games_archive import Archive
from game.screens.items import GAME_ITEMS
from game.screens.screen import ScreenKind
from game.text import tr
from game.view.games_view import TILES_NAMED, tiles_words
from game.view.render import FIELDS
from game.view.theme import THEMES, theme_named


@pytest.fixture(scope="module")
def kept(tmp_path_factory):
    folder = tmp_path_factory.mktemp("kept")
    return folder, keep_games(folder, 2, moves=80)


@pytest.fixture
def app(kept_app):
    return kept_app


def board_on(surface: pygame.Surface, colour) -> pygame.Rect | None:
    """The biggest patch of the board's colour: the picture's board, its gaps and edge."""
    mask = pygame.mask.from_threshold(surface, colour, (1, 1, 1, 255))
    boxes = mask.connected_component().get_bounding_rects() if mask.count() else []
    return boxes[0] if boxes else None


def cell_colours(surface: pygame.Surface, board: pygame.Rect, size: int):
    """Each cell's colour, read near its top, clear of its number."""
    pitch = board.width / size
    return [
        [
            tuple(
                surface.get_at(
                    (round(board.x + (c + 0.5) * pitch), round(board.y + (r + 0.2) * pitch))
                )
            )[:3]
            for c in range(size)
        ]
        for r in range(size)
    ]


def expected(theme, grid):
    return [[theme.tile_colour(v) if v else theme.empty_cell for v in row] for row in grid]


@pytest.mark.parametrize("theme", THEMES)
def test_the_card_shows_the_final_board_in_the_theme_s_colours(app, kept, theme):
    _, records = kept
    final = replay(records[0])[-1].grid
    assert sum(v > 0 for row in final for v in row) >= 6  # a board worth picturing
    window(app, (540, 720))
    use_look(app, theme=theme)
    open_games(app)
    press(app, pygame.K_RETURN)
    assert (
        app.screens.top.kind is ScreenKind.GAME and app.games_screens.chosen == records[0].summary
    )
    surface = drawn(app)
    palette = theme_named(theme)
    board = board_on(surface, palette.board)
    assert board is not None and board.width >= 100 and abs(board.width - board.height) <= 2
    assert cell_colours(surface, board, len(final)) == expected(palette, final)
    buttons = app.view.games_view.rects.values()
    assert all(not board.colliderect(rect) for rect in buttons)
    log = TextLog(app)
    try:
        app.view.games_view.clear()  # its tiles made afresh, their numbers with them
        _, texts = log.frame((540, 720), app.session)
    finally:
        log.close()
    numbers = {t.words for t in texts if t.px >= READABLE_PX}
    assert {str(v) for row in final for v in row if v} <= numbers


def test_while_the_game_opens_an_empty_board_holds_its_place(app, kept, monkeypatch):
    """The tiles come into the same square, and no button moves."""
    _, records = kept
    window(app, (540, 720))
    gate = threading.Event()
    load = app.games_screens.archive.load
    monkeypatch.setattr(
        app.games_screens.archive, "load", lambda game_id: gate.wait(30) and load(game_id)
    )
    open_games(app)
    app.frame(STEP, [key(pygame.K_RETURN)])
    assert app.games_screens.opening is not None
    palette = app.view.theme
    before = drawn(app)
    board = board_on(before, palette.board)
    size = records[0].summary.size
    assert board is not None and board.width >= 100
    assert cell_colours(before, board, size) == expected(palette, ((0,) * size,) * size)
    buttons = dict(app.view.games_view.rects)
    gate.set()
    until_opened(app)
    after = drawn(app)
    assert board_on(after, palette.board) == board
    final = replay(records[0])[-1].grid
    assert cell_colours(after, board, size) == expected(palette, final)
    assert app.view.games_view.rects == buttons


@pytest.mark.parametrize("lang", ["en", "el"])
@pytest.mark.parametrize("theme", THEMES)
def test_at_the_smallest_window_the_picture_and_every_button_are_on_screen(app, lang, theme):
    window(app, (320, 400))
    use_look(app, lang=lang)
    use_look(app, theme=theme)
    open_games(app)
    press(app, pygame.K_RETURN)
    surface = drawn(app)
    board = board_on(surface, app.view.theme.board)
    screen = surface.get_rect()
    assert board is not None and board.width >= 64 and screen.contains(board)
    rects = list(app.view.games_view.rects.values())
    assert len(rects) == len(GAME_ITEMS) and all(screen.contains(rect) for rect in rects)
    assert all(not board.colliderect(rect) for rect in rects)


def test_a_small_picture_s_numbers_are_readable_or_left_off(tmp_path):
    """A 6x6 game at the smallest window: its tiles too small for a readable number show
    their colours alone."""
    record = keep_games(tmp_path, 1, moves=200, size=6)[0]
    final = replay(record)[-1].grid
    app = App(Options(seed=5, leave_files=True, data_dir=str(tmp_path), sound=False))
    log = TextLog(app)
    try:
        window(app, (320, 400))
        open_games(app)
        press(app, pygame.K_RETURN)
        app.view.games_view.clear()  # its tiles made afresh, their numbers with them
        surface, texts = log.frame((320, 400), app.session)
        board = board_on(surface, app.view.theme.board)
        assert board is not None and board.width >= 64
        assert cell_colours(surface, board, 6) == expected(app.view.theme, final)
        small = [(t.words, t.px) for t in texts if t.px < READABLE_PX]
        assert not small and texts
    finally:
        log.close()
        app.close()


@pytest.mark.slow
@pytest.mark.parametrize("size", [3, 4, 6, 8])
def test_a_card_never_shows_its_board_as_coloured_squares_alone(tmp_path, size):
    """Issue 33: a card at 320x400 hid every number of a 4x4 board, and of an 8x8 one at
    540x720. In every window and text size, a tile's number is in the picture or its value
    is said under it: the biggest tiles, the biggest first; every word readable."""
    archive = Archive.open(tmp_path, background=False, durable=False)
    record = corner_game(size)
    archive.add_record(record, imported=True)
    archive.close()
    final = replay(record)[-1].grid
    values = sorted({v for row in final for v in row if v}, reverse=True)
    app = App(Options(seed=5, leave_files=True, data_dir=str(tmp_path), sound=False))
    log = TextLog(app)
    try:
        open_games(app)
        press(app, pygame.K_RETURN)
        for text_size in TEXT_SIZES:
            app.use_settings(replace(app.settings, text_size=text_size))
            for shape in ((320, 400), (540, 720), (1920, 1080)):
                app.view.games_view.clear()  # its tiles made afresh, their numbers with them
                _, texts = log.frame(shape, app.session)
                where = (text_size, shape)
                assert all(t.px >= READABLE_PX for t in texts if t.words.strip()), where
                numbers = {t.words for t in texts if t.part == "menu"}
                unnumbered = [v for v in values if str(v) not in numbers]
                said = tr("game_tiles", "en", tiles=tiles_words(app.snapshot().games))
                lines = FIELDS.join(t.words for t in texts)  # a long line wraps at its fields
                if unnumbered:
                    assert said in lines, where
                    assert said.split()[2] == str(values[0]), said  # the biggest first
                    assert all(str(v) in said for v in unnumbered[:TILES_NAMED]), said
                else:
                    assert said.split(FIELDS)[0] not in lines, where
    finally:
        log.close()
        app.close()
