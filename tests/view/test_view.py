"""What the player reads, measured as drawn by the real view in every window size and both
languages: each text at a readable size that grows with the window, help that wraps instead of
shrinking, and HUD text that neither jumps about nor scrambles its neighbours."""

from __future__ import annotations

import itertools

import pygame
import pytest
from helpers.view import (
    READABLE_PX,
    SIZES,
    TextLog,
    changed,
    every_menu,
    ink,
    points,
    show,
    use_look,
)

from game.core.engine import Direction, Game
from game.play import commands as cmd
from game.play.session import Session
from game.screens.menus import HelpPages
from game.screens.screen import ScreenKind
from game.text import LANGUAGES, MESSAGES, tr
from game.text.catalogs import Message
from game.view.theme import THEMES, contrast_ratio

SMALLEST = SIZES[0]
# A game whose info line is as long as it gets: four-digit moves, an undo count, assisted.
LONG_GAME = {"score": 123456, "moves": 1234, "seconds": 3599.0}
GRID = [[2, 4, 8, 16], [32, 64, 128, 256], [512, 1024, 2048, 4096], [0, 2, 0, 4]]


APP_SEED = 1


@pytest.fixture(scope="module")
def app(module_app):
    return module_app


@pytest.fixture
def log(app):
    log = TextLog(app)
    yield log
    log.close()
    use_look(app, theme="classic")


def playing(app, lang: str, grid=GRID, **state) -> Session:
    session = Session.restore(Game.from_grid(grid, seed=1, **{**LONG_GAME, **state}), {})
    session.assisted = True
    app.use_session(session)
    app.view.hint = None
    app.view.hud.floats = []
    autoplay(app, False)
    use_look(app, lang=lang)
    app.show()  # the settings' values in that language
    return session


def autoplay(app, playing: bool) -> None:
    """Whether the solver plays, as the HUD's Autoplay / Stop button reads it."""
    app.session.autoplaying = playing


def too_small(texts) -> list[tuple[str, int]]:
    return [(text.words, text.px) for text in texts if text.px < READABLE_PX and text.words]


# -- every text readable, everywhere ----------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_hud_text_is_readable_at_every_window_size(app, log, lang):
    session = playing(app, lang)
    for size in SIZES:
        for autoplaying in (False, True):
            autoplay(app, autoplaying)
            texts = log.texts(size, session, "hud")
            assert len(texts) >= 10, size
            assert not too_small(texts), (size, too_small(texts))


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_menu_text_is_readable_and_fits_at_every_window_size(app, log, lang):
    session = playing(app, lang)
    for size in SIZES:
        for name, menu in every_menu():
            show(app, session, menu)
            texts = log.texts(size, session, "menu")
            assert texts, (size, name)
            assert not too_small(texts), (size, name, too_small(texts))
            for text in texts:
                width = app.view.text.font(text.px, text.weight).size(text.words)[0]
                assert width <= size[0] * 0.96, (size, name, text.words)
            window = pygame.Rect(0, 0, *size)
            assert all(window.contains(rect) for rect in app.view.menu_rects), (size, name)


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_help_pages_wrap_at_one_size_never_under_page_one(app, log, lang):
    """The old pages shrank their long lines: Greek rules at 60% of page 1's size."""
    session = playing(app, lang)
    for size in SIZES:
        body = {}
        for name, menu in every_menu():
            if menu.kind is ScreenKind.HELP:
                show(app, session, menu)
                texts = log.texts(size, session, "menu")
                body[name] = {text.px for text in texts if text.weight == "Regular"}
        first = min(body["help controls"])
        assert all(min(sizes) >= first for sizes in body.values()), (size, body)
        assert len(set().union(*body.values())) == 1, (size, body)  # one size: one text


@pytest.mark.slow
def test_help_buttons_stay_put_from_page_to_page(app, log):
    session = playing(app, "el")
    for size in SIZES:
        places = []
        for page in range(4):
            menu = HelpPages()
            menu.page = page
            show(app, session, menu)
            log.frame(size, session)
            places.append(app.view.menu_rects)
        assert all(rects == places[0] for rects in places), size


def smallest(log, app, session, size, menu) -> int:
    show(app, session, menu)
    texts = log.texts(size, session, "menu" if menu else "hud")
    return min(text.px for text in texts if text.words)


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_text_grows_with_the_window(app, log, lang):
    """A window with more room both ways never draws smaller text, and a big one draws
    much bigger text; a very wide window uses its width (its labels were 8 px tall), a very
    tall one its height."""
    session = playing(app, lang)
    menus = [None, *(menu for _, menu in every_menu())]
    for menu in menus:
        sizes = {size: smallest(log, app, session, size, menu) for size in SIZES}
        for small in SIZES:
            for big in SIZES:
                if big[0] >= small[0] and big[1] >= small[1]:
                    assert sizes[big] >= sizes[small], (menu and menu.kind, small, big, sizes)
        assert sizes[(1920, 1080)] >= 2 * sizes[SMALLEST], sizes
        assert sizes[(3840, 2160)] >= 4 * sizes[SMALLEST], sizes
    hud = {size: smallest(log, app, session, size, None) for size in SIZES}
    assert hud[(1900, 400)] >= 1.5 * hud[SMALLEST], hud
    assert hud[(400, 1000)] >= 1.25 * hud[SMALLEST], hud  # and a tall one its height


@pytest.mark.parametrize("lang", LANGUAGES)
def test_notices_are_readable_at_every_window_size(app, log, lang):
    session = playing(app, lang)
    show(app, session, None)
    app.view.notices = []
    app.view.show_notice(tr("confirm_detail", lang) * 3)
    for size in SIZES:
        texts = log.texts(size, session, "menu")
        assert texts and not too_small(texts), (size, too_small(texts))
    app.view.notices = []


# -- the HUD: steady, one size a row, the "+N" apart from the label ---------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_hud_buttons_share_one_font_size(app, log, lang):
    session = playing(app, lang)
    labels = {tr(key, lang) for key in ("new_game", "undo", "hint", "autoplay", "stop", "menu")}
    words = {part for label in labels for part in (label, *label.split(" "))}
    for size in SIZES:
        sizes = set()
        for autoplaying in (False, True):
            autoplay(app, autoplaying)
            texts = log.texts(size, session, "hud")
            shown = {t.words for t in texts}
            assert (tr("stop", lang) in shown) == autoplaying, "autoplay() sets what the HUD reads"
            sizes |= {t.px for t in texts if t.words in words}
        assert len(sizes) == 1, (size, sizes)


def info_frame(app, log, size, seconds):
    app.session.game.seconds = seconds
    surface, texts = log.frame(size, app.session)
    info = app.view.layout.info
    line = [t for t in texts if t.part == "hud" and ":" in t.words and "Esc" not in t.words]
    return ink(surface, info, app.view.theme.background), {t.px for t in line}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_clock_line_stays_put_as_the_seconds_tick(app, log, lang):
    """Its left edge and its size hold from 0:09 to 0:10 and from 9:59 to 10:00."""
    playing(app, lang, moves=7)
    for size in SIZES:
        for before, after in ((9, 10), (599, 600), (59, 60)):
            (old_box, old_px), (new_box, new_px) = (
                info_frame(app, log, size, before),
                info_frame(app, log, size, after),
            )
            assert old_box.left == new_box.left, (size, before, after)
            assert old_px == new_px, (size, before, after)


def merge(app, lang: str, size: tuple[int, int]) -> Session:
    """A merge has just been made: its "+N" is about to rise."""
    session = playing(app, lang, grid=[[1024, 1024, 0, 0], [0] * 4, [0] * 4, [0] * 4], score=0)
    app.view.layout_for(size, 4)
    app.view.handle(session.handle(cmd.Move(Direction.LEFT)), session.game.grid, app.lang)
    assert app.view.hud.floats
    return session


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_score_float_rises_in_the_text_colour_and_never_touches_the_label(
    app, log, lang, monkeypatch
):
    """The old "+N" was drawn over the SCORE label, nearly in the box's colour."""
    for size in SIZES:
        session = merge(app, lang, size)
        score = app.view.layout.score
        with monkeypatch.context() as patch:
            floats = app.view.hud.floats
            app.view.hud.floats = []
            plain = log.frame(size, session)[0]
            patch.setitem(MESSAGES, "score", Message("score", " "))  # no catalog has it
            unlabelled = log.frame(size, session)[0]
            app.view.hud.floats = floats
        label = changed(plain, unlabelled, score)
        label_pixels = label.count()
        assert label_pixels > 20, size
        window = pygame.Rect(0, 0, *size)
        risen = []
        for _ in range(12):
            with_float, texts = log.frame(size, session)
            floats = app.view.hud.floats
            app.view.hud.floats = []
            without = log.frame(size, session)[0]
            app.view.hud.floats = floats
            drawn = changed(with_float, without, window)
            if not drawn.count():
                break
            # Nothing of the float lands on the label's pixels.
            overlap = drawn.overlap_area(label, (score.x, score.y))
            assert overlap == 0, (size, lang)
            boxes = drawn.get_bounding_rects()
            # It keeps to the room above the score box: over no other text either.
            assert all(app.view.layout.rise.contains(box) for box in boxes), (size, boxes)
            risen.append(min(box.top for box in boxes))
            app.view.step(0.05, app.snapshot())
        assert len(risen) >= 3 and risen[-1] < risen[0], (size, risen)  # it rises


@pytest.mark.slow
def test_the_score_float_is_readable_in_the_text_colour(app, log):
    for size in SIZES:
        session = merge(app, "en", size)
        with_float, texts = log.frame(size, session)
        floats = app.view.hud.floats
        app.view.hud.floats = []
        without = log.frame(size, session)[0]
        app.view.hud.floats = floats
        label = [t for t in texts if t.part == "hud" and t.words == "+2048"]
        assert label and label[0].px >= READABLE_PX, size
        drawn = changed(with_float, without, pygame.Rect(0, 0, *size))
        colours = {tuple(with_float.get_at(point))[:3] for point in points(drawn)}
        assert app.view.theme.text in colours, size


# -- what lies over the board ----------------------------------------------------------------


def test_menus_hide_the_board_entirely(app, log):
    """Faded tiles showed through the menus and mixed with their words."""
    for size in ((320, 400), (1000, 500)):
        frames = []
        for grid in (GRID, [[0, 2, 0, 0], [0] * 4, [0] * 4, [0, 0, 0, 2]]):
            session = playing(app, "en", grid=grid)
            show(app, session, every_menu()[4][1])  # the settings
            frames.append(log.frame(size, session)[0])
        assert changed(*frames, pygame.Rect(0, 0, *size)).count() == 0, size


@pytest.mark.parametrize("theme", THEMES)
def test_the_banners_words_stand_out_from_the_tiles_under_them(app, log, theme):
    """Over the board, the win and game-over banners let the tiles show only faintly: their
    words keep 3:1 (large text) against the veiled tile of any value."""
    size = (540, 720)
    won = every_menu()[-2][1]

    def banner_over(grid) -> pygame.Surface:
        session = playing(app, "en", grid=grid)
        use_look(app, theme=theme)
        show(app, session, won)
        return log.frame(size, session)[0]

    empty = banner_over([[0, 2, 0, 0], [0] * 4, [0] * 4, [0, 0, 0, 2]])
    values = [2**exponent for exponent in range(1, 18)]
    seen = set()
    for start in range(0, len(values), 4):
        row = (values[start : start + 4] * 4)[:4]
        grid = [row, row[::-1], row, row[::-1]]
        surface = banner_over(grid)
        words = app.view.theme.win_text  # the win banner's words, on its gold
        for r, c in itertools.product(range(4), repeat=2):
            cell = app.view.layout.cell_rect(r, c)
            for corner in (cell.move(3, 3).topleft, cell.move(-4, -4).bottomright):
                on_item = any(rect.collidepoint(corner) for rect in app.view.menu_rects)
                under = tuple(surface.get_at(corner))[:3]
                if on_item or under == tuple(empty.get_at(corner))[:3]:
                    continue  # a button, the banner's words, or no tile there
                seen.add(grid[r][c])
                assert contrast_ratio(words, under) >= 3.0, (theme, grid[r][c], under)
    assert len(seen) >= 15  # nearly every value was seen under the veil


def test_while_a_menu_fades_in_its_words_never_lie_over_the_tiles(app, log):
    size = (540, 720)
    runs = []
    for grid in (GRID, [[0, 2, 0, 0], [0] * 4, [0] * 4, [0, 0, 0, 2]]):
        session = playing(app, "en", grid=grid)
        app.screens.open(every_menu()[4][1])  # the settings
        frames = []
        for _ in range(15):
            app.view.step(0.02, app.snapshot())
            surface, texts = log.frame(size, session)
            frames.append((surface, any(t.part == "menu" for t in texts)))
        runs.append(frames)
    worded = [index for index, (_, words) in enumerate(runs[0]) if words]
    assert 0 < len(worded) < len(runs[0])  # the words come during the fade
    for index in worded:  # and from their first frame the board does not show
        assert changed(runs[0][index][0], runs[1][index][0], pygame.Rect(0, 0, *size)).count() == 0


def hinted(app, log):
    """A board with tiles in the middle, drawn at 540x720 without the hint's arrow and with
    it: (its session, the plain frame, the hinted frame)."""
    size = (540, 720)
    session = playing(app, "en", grid=[[0] * 4, [0, 2, 8, 0], [0, 64, 512, 0], [0] * 4])
    plain = log.frame(size, session)[0]
    app.view.hint = Direction.LEFT
    return session, plain, log.frame(size, session)[0]


def test_the_hint_arrow_lets_the_middle_tiles_show(app, log):
    """The old arrow was nearly opaque and hid the tiles under it."""
    _, plain, hinted_frame = hinted(app, log)
    theme = app.view.theme
    board = app.view.layout.board
    arrow = changed(plain, hinted_frame, board)
    shown = []
    for x in range(0, board.width, 2):
        for y in range(0, board.height, 2):
            point = (board.x + x, board.y + y)
            under = tuple(hinted_frame.get_at(point))[:3]
            if not arrow.get_at((x, y)) or under == theme.text:  # off the arrow, its outline
                continue
            tile = tuple(plain.get_at(point))[:3]
            # How much of the tile's own colour still shows through the arrow's body.
            shown += [
                (u - a) / (t - a)
                for u, t, a in zip(under, tile, theme.accent, strict=True)
                if abs(t - a) > 60
            ]
    assert len(shown) > 100
    assert sorted(shown)[len(shown) // 2] > 0.5


def test_the_hint_arrow_leaves_every_digit_as_it_was(app, log):
    """Issue 33: the arrow tinted the digits under it; they are written again over it."""
    session, plain, hinted_frame = hinted(app, log)
    layout, theme = app.view.layout, app.view.theme
    under_arrow = 0
    for row, column in ((1, 1), (1, 2), (2, 1), (2, 2)):
        value = session.game.grid[row][column]
        cell = layout.cell_rect(row, column)
        ink = pygame.mask.from_threshold(
            plain.subsurface(cell), theme.number_colour(value), (1, 1, 1, 255)
        )
        digits = points(ink)
        assert digits
        kept = sum(
            hinted_frame.get_at((cell.x + x, cell.y + y)) == plain.get_at((cell.x + x, cell.y + y))
            for x, y in digits
        )
        assert kept == len(digits), (value, kept, len(digits))
        under_arrow += changed(plain, hinted_frame, cell).count() > 0
    assert under_arrow >= 2  # the arrow lies over the middle tiles


def test_the_game_over_panel_fits_on_the_smallest_board(app):
    full = [[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 4, 2]]
    app.use_session(Session.restore(Game.from_grid(full), {}))
    app.window.size = SMALLEST
    app.frame(1 / 120, [pygame.event.Event(pygame.WINDOWSIZECHANGED)])
    assert app.screens.top.kind is ScreenKind.OVER
    board = app.view.layout.board
    assert all(board.contains(rect) for rect in app.view.menu_rects)
