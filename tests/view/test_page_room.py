"""The help and statistics pages as a player reads them (issue 24, items 12 and 16), drawn by
the real view: on a big window the help fills the screen with bigger text at a readable line
length, a long page goes to two columns on a wide window, the small windows read as they did;
the statistics' two sections are told apart at a glance (bold headings set off, the rule that
splits them in the muted colour)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame
import pytest
from helpers.keys import STEP, key
from helpers.view import READABLE_PX, SIZES, use_look

from game.app import App
from game.core.stats import Stats
from game.play import commands as cmd
from game.screens.menus import HELP_PAGES, StatsPages
from game.screens.screen import Item, ScreenKind
from game.text import LANGUAGES, tr
from game.view.theme import THEMES, theme_named

BIG = ((1920, 1080), (2560, 1440))
MEASURE_CHARS = 80  # a readable line of prose, at most
# The help's body size in the small windows before the pages used a big window's room: they
# must read no smaller.
SMALL_AS_BEFORE = {("en", (320, 400)): 12, ("el", (320, 400)): 12}
SMALL_AS_BEFORE |= {("en", (540, 720)): 21, ("el", (540, 720)): 20}


@dataclass(frozen=True)
class Placed:
    words: str
    px: int
    colour: tuple[int, int, int]
    weight: str
    rect: pygame.Rect


class Window(pygame.Surface):
    """A window that notes where each text the view renders is put on it."""

    def __init__(self, size: tuple[int, int], rendered: dict) -> None:
        super().__init__(size)
        self.rendered = rendered
        self.placed: list[Placed] = []

    def blit(self, source, dest, area=None, special_flags=0):
        rect = super().blit(source, dest, area, special_flags)
        if id(source) in self.rendered:
            words, px, colour, weight = self.rendered[id(source)][1]
            self.placed.append(Placed(words, px, tuple(colour)[:3], weight, rect))
        return rect


APP_SEED = 3


@pytest.fixture(scope="module")
def app(module_app):
    app = module_app
    rendered = {}
    render = app.view.text.render

    def noted(words, px, colour, weight="Bold"):
        image = render(words, px, colour, weight)
        rendered[id(image)] = (image, (words, int(px), colour, weight))  # alive: ids unique
        return image

    app.view.text.render = noted
    app.rendered = rendered
    yield app
    vars(app.view.text).pop("render")
    use_look(app, theme="classic")


def in_language(app: App, lang: str) -> None:
    use_look(app, lang=lang)
    app.show()


def frame(app: App, size: tuple[int, int]) -> list[Placed]:
    """The menu's texts drawn in a window of `size`, faded in."""
    app.frame(1.0, [])
    app.frame(1.0, [])
    app.rendered.clear()  # what this frame renders
    window = Window(size, app.rendered)
    app.view.draw(window, app.snapshot())
    menu_top = min(rect.top for rect in app.view.menu_rects)
    title = tr(f"help_{HELP_PAGES[app.screens.top.page]}", app.lang)
    if app.screens.top.kind is ScreenKind.STATS:
        title = tr("stats_title", app.lang, n=4)
    start = next(i for i, p in enumerate(window.placed) if p.words == title)
    return [p for p in window.placed[start:] if p.rect.top < menu_top or p.words == title]


def help_pages(app: App, lang: str, size: tuple[int, int]) -> dict[str, list[Placed]]:
    """Each help page's body lines (its prose, not the title, headings nor footer), opened
    with F1 and turned with the arrow key as a player does."""
    in_language(app, lang)
    app.frame(STEP, [key(pygame.K_F1)])
    assert app.screens.top.kind is ScreenKind.HELP and app.screens.top.page == 0
    pages = {}
    for page in HELP_PAGES:
        text = app.view.theme.text
        drawn = frame(app, size)
        pages[page] = [p for p in drawn if p.weight == "Regular" and p.colour == text]
        app.frame(STEP, [key(pygame.K_RIGHT)])
    app.frame(STEP, [key(pygame.K_ESCAPE)])
    assert app.screens.top is None
    return pages


def body_px(pages: dict[str, list[Placed]]) -> int:
    sizes = {line.px for lines in pages.values() for line in lines}
    assert len(sizes) == 1, sizes  # the pages share one size
    return sizes.pop()


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", BIG)
def test_on_a_big_window_every_help_page_fills_the_screen(app, lang, size):
    """They left the lower half empty: the shortest pages' last line stood at 49% of 1080."""
    pages = help_pages(app, lang, size)
    for page, lines in pages.items():
        lowest = max(line.rect.bottom for line in lines)
        assert lowest >= 0.6 * size[1], (page, lowest / size[1])
    assert body_px(pages) > 1.8 * body_px(help_pages(app, lang, (540, 720)))


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_help_reads_at_a_comfortable_line_length_and_never_overlaps(app, lang):
    """No line of prose longer than about 80 characters (92 at full HD before), none past
    the window, none at an unreadable size, and no two lines on one another, columns or not."""
    for size in SIZES:
        pages = help_pages(app, lang, size)
        assert body_px(pages) >= SMALL_AS_BEFORE.get((lang, size), READABLE_PX), size
        for page, lines in pages.items():
            window = pygame.Rect(0, 0, *size)
            for line in lines:
                assert len(line.words) <= MEASURE_CHARS, (size, page, line.words)
                assert window.contains(line.rect), (size, page, line.words)
            # A font's line is taller than the lines' step: each line's em box.
            boxes = [pygame.Rect(line.rect.topleft, (line.rect.width, line.px)) for line in lines]
            for index, box in enumerate(boxes):
                assert box.collidelist(boxes[index + 1 :]) == -1, (size, page, lines[index])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_long_page_goes_to_two_columns_on_a_wide_window(app, lang):
    """1900x400: the pages at one column drew 13 px text, barely more than the smallest
    window's; in two columns the text is half as big again."""
    pages = help_pages(app, lang, (1900, 400))
    lines = pages["controls"]
    start = min(line.rect.left for line in lines)
    beside = [line for line in lines if line.rect.left > start + 2 * line.px]  # past an indent
    under = [line for line in lines if line not in beside]
    assert len(beside) >= 3 and len(under) >= 3, lines
    assert min(line.rect.left for line in beside) > max(line.rect.right for line in under)
    assert body_px(pages) >= 1.4 * body_px(help_pages(app, lang, (320, 400)))


# -- the statistics: two sections told apart ---------------------------------------------------


def stats_frame(app: App, lang: str, size: tuple[int, int]) -> list[Placed]:
    """The 4x4 statistics page, opened from the pause menu, with own and assisted games."""
    stats = Stats()
    for game_id, assisted in (("own", False), ("helped", True)):
        stats = stats.game_counted(4, game_id, assisted=False)
        stats = stats.time_played(4, game_id, assisted=False, seconds=30.0)
        if assisted:
            stats = stats.game_assisted(4, game_id).time_played(
                4, game_id, assisted=True, seconds=40.0
            )
    app.stats_keeper.stats = stats
    in_language(app, lang)
    app.frame(STEP, [key(pygame.K_ESCAPE)])
    app.command(cmd.Select(app.screens.top.items.index(Item.STATS)))
    assert app.screens.top.kind is ScreenKind.STATS and app.session.game.size == 4
    drawn = frame(app, size)
    app.frame(STEP, [key(pygame.K_ESCAPE)])
    app.frame(STEP, [key(pygame.K_ESCAPE)])
    assert app.screens.top is None
    return drawn


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("theme", list(THEMES))
def test_the_statistics_sections_are_told_apart_at_a_glance(app, lang, theme):
    use_look(app, theme=theme)
    text, muted = theme_named(theme).text, theme_named(theme).muted_text
    assert text != muted
    own, assisted = tr("stats_own", lang), tr("stats_assisted", lang)
    headings = {own, assisted}
    rule = tr("stats_own_time_rule", lang)
    for size in ((320, 400), (540, 720), (1920, 1080)):
        drawn = stats_frame(app, lang, size)
        assert all(line.px >= READABLE_PX for line in drawn), size
        menu = StatsPages(4)  # the 4x4 page among a page a size and the goals'
        footer = tr("help_footer", lang, page=menu.page + 1, pages=menu.pages)
        body = [line for line in drawn[1:] if line.words != footer]  # under the title
        kinds = {
            "heading": [line for line in body if line.words in headings],
            "rule": [line for line in body if line.words in rule],
        }
        kinds["figure"] = [line for line in body if line.words not in headings | {*rule}]
        kinds["figure"] = [line for line in kinds["figure"] if line not in kinds["rule"]]
        assert [line.words for line in kinds["heading"]] == [own, assisted], size
        assert " ".join(line.words for line in kinds["rule"]) == rule, size
        assert len(kinds["figure"]) == 12, size  # seven own figures, five assisted
        assert all(line.weight == "Bold" and line.colour == text for line in kinds["heading"])
        assert all(line.colour == muted for line in kinds["rule"]), size
        assert all(f.weight == "Regular" and f.colour == text for f in kinds["figure"]), size
        # The assisted section is set off from the own figures above it.
        at = body.index(kinds["heading"][1])
        step = body[2].rect.top - body[1].rect.top
        assert body[at].rect.top - body[at - 1].rect.top > 1.2 * step, size
