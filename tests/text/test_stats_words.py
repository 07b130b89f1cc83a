"""The Statistics screen as a player reads it (R19, R20), played through the real app: every
figure named, the player's own games and the assisted ones apart, the assisted time shown, and
the rule that keeps a game's time before its first hint in the own column, in both languages
and readable from the smallest window up."""

from __future__ import annotations

import re

import pygame
import pytest
from helpers.keys import STEP, key
from helpers.view import READABLE_PX, TextLog, use_look

from game.app import App
from game.core.stats import Stats
from game.play import commands as cmd
from game.screens.screen import Item, ScreenKind
from game.text import LANGUAGES, tr
from game.text.records_words import stats_lines

ARROWS = {"left": pygame.K_LEFT, "right": pygame.K_RIGHT, "up": pygame.K_UP, "down": pygame.K_DOWN}
FIGURES = ("played", "won", "best", "tile", "fastest", "fewest", "time")


def move(app: App) -> None:
    direction = app.session.game.valid_directions()[0]
    app.frame(STEP, [key(ARROWS[direction])])


def wait(app: App, seconds: int) -> None:
    for _ in range(seconds):
        app.frame(1.0, [])


def choose(app: App, item: Item) -> None:
    app.command(cmd.Select(app.screens.top.items.index(item)))


APP_SEED = 5


@pytest.fixture(scope="module")
def app(module_app):
    """An own game played for 30 s, then a game played 20 s on its own and 40 s after a hint,
    with the Statistics open on 4x4."""
    app = module_app
    move(app)
    wait(app, 30)
    move(app)
    app.frame(STEP, [key(pygame.K_n)])
    choose(app, Item.CONFIRM_NEW)
    move(app)
    wait(app, 20)
    app.frame(STEP, [key(pygame.K_t)])  # a hint: assisted from now
    wait(app, 40)
    move(app)
    app.frame(STEP, [key(pygame.K_ESCAPE)])
    choose(app, Item.STATS)
    assert app.screens.top.kind is ScreenKind.STATS and app.session.game.size == 4
    return app


def page(app: App, lang: str, size: tuple[int, int]):
    """The Statistics page drawn at `size` in `lang`: the body's lines, and every menu text."""
    use_look(app, lang=lang)
    app.show()
    app.frame(1.0, [])
    app.frame(1.0, [])  # faded in
    log = TextLog(app)
    try:
        drawn = [text for text in log.frame(size, app.session)[1] if text.part == "menu"]
    finally:
        log.close()
    words = [text.words for text in drawn]
    title = words.index(tr("stats_title", lang, n=4))
    menu = app.screens.top
    footer = words.index(tr("help_footer", lang, page=menu.page + 1, pages=menu.pages))
    return words[title + 1 : footer], drawn


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_figure_is_named_own_and_assisted_apart_with_the_rule(app, lang):
    body, _ = page(app, lang, (1920, 1080))
    labels = "|".join(re.escape(tr(f"stats_{name}", lang)) for name in FIGURES)
    words = [tr(name, lang) for name in ("stats_own", "stats_assisted", "stats_own_time_rule")]
    figures = [line for line in body if line not in words]
    assert len(figures) == 12  # seven own figures, five assisted; nothing else unnamed
    for line in figures:
        assert re.fullmatch(rf"({labels}): (\d+(:\d\d)*|—)", line), line
    own, assisted = body.index(tr("stats_own", lang)), body.index(tr("stats_assisted", lang))
    time = tr("stats_time", lang)
    # Own: the first game whole and the second's 20 s before its hint; assisted: the 40 s after.
    assert own < body.index(f"{time}: 0:50") < assisted < body.index(f"{time}: 0:40")
    played = tr("stats_played", lang)
    assert own < body.index(f"{played}: 1") < assisted < body.index(f"{played}: 1", assisted)
    assert tr("stats_own_time_rule", lang) in " ".join(body)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", [(320, 400), (540, 720), (1920, 1080)])
def test_the_page_is_whole_and_readable_from_the_smallest_window(app, lang, size):
    body, drawn = page(app, lang, size)
    assert " ".join(stats_lines(app.stats_keeper.stats, 4, lang)) == " ".join(body)  # nothing cut
    font = app.view.text.font
    for text in drawn:
        assert text.px >= READABLE_PX, (text.words, text.px)
        assert font(text.px, text.weight).size(text.words)[0] <= size[0] * 0.96, text.words
    window = pygame.Rect(0, 0, *size)
    assert all(window.contains(rect) for rect in app.view.menu_rects)


def test_without_assisted_games_there_is_no_assisted_part_nor_its_rule():
    stats = (
        Stats()
        .game_counted(4, "a1", assisted=False)
        .time_played(4, "a1", assisted=False, seconds=9.0)
    )
    for lang in LANGUAGES:
        lines = stats_lines(stats, 4, lang)
        assert lines[0] == tr("stats_own", lang)
        assert f"{tr('stats_time', lang)}: 0:09" in lines
        assert tr("stats_assisted", lang) not in lines
        assert tr("stats_own_time_rule", lang) not in lines
