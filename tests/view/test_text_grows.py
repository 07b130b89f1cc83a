"""Every screen's words grow with the text size (issue 33): Large and Largest enlarged the
buttons only, and help, the statistics, the Games list, the card and the review stayed at the
Normal size. A page of help or statistics comes in parts at the larger sizes, the list holds
fewer games a page, the card's short buttons share a row, and the review's board yields room
to its words: the words a screen says read at least GROWN times as tall at Largest, in the
first window and full HD, and never smaller in the smallest window, where some screens fill it
at the least readable size already."""

from __future__ import annotations

import statistics
from dataclasses import replace

import pytest
from helpers.games import keep_games, screens, stand_in, stand_in_rollouts
from helpers.view import READABLE_PX, TextLog, every_menu, show

from game.app import App, Options
from game.screens.menus import HELP_PAGES, HelpPages, StatsPages
from game.text import LANGUAGES

GROWN = 1.15  # the words' median height at Largest, at least, against Normal's
# Screens whose words fill their width at Normal already, in a window: their least growth.
# The four mistakes in Greek at 540x720: the longest name ("Και οι τέσσερις κατευθύνσεις")
# spans its button, and the longest finding (six lines) fills the height under them.
FILLED = {("el", (540, 720), "mistakes"): 1.05}
GROWN_SENTENCES = 1.1  # a card's three sentences, beside its buttons' words


@pytest.fixture(scope="module")
def kept(tmp_path_factory):
    folder = tmp_path_factory.mktemp("kept")
    keep_games(folder, 8, moves=60)
    return folder


def at_text_size(name: str, menu, text_size: str):
    """`menu` as the player's text size opens it: help and the statistics in parts."""
    if name.startswith("help"):
        help_pages = HelpPages(text_size)
        help_pages.page = HELP_PAGES.index(name.removeprefix("help ")) * help_pages.parts
        return help_pages
    if isinstance(menu, StatsPages):
        stats = StatsPages(4, text_size)
        stats.page = menu.page * stats.parts
        return stats
    return menu


def words_heights(folder, lang: str, text_size: str, window) -> dict[str, float]:
    """The median height of the words each screen draws (not the tiles' numbers), by name."""
    app = App(Options(seed=5, leave_files=True, data_dir=str(folder), sound=False))
    app.use_settings(replace(app.settings, text_size=text_size, language=lang))
    app.games_screens.analyse = stand_in(per_poll=20, scale=100)
    app.games_screens.play_on = stand_in_rollouts(per_poll=1)
    log = TextLog(app)
    heights = {}
    try:
        for name, menu in every_menu():
            show(app, app.session, at_text_size(name, menu, text_size))
            heights[name] = median_words(log.texts(window, app.session, "menu"))
        app.screens.clear()
        for name in screens(app):
            _, drawn = log.frame(window, app.session)
            heights[name] = median_words([t for t in drawn if t.part == "menu"])
            if name == "game":  # the card's sentences, under its picture
                heights["game's sentences"] = median_words(drawn, sentences=True)
    finally:
        log.close()
        app.close()
    return heights


def median_words(drawn, sentences: bool = False) -> float:
    """The median size of the screen's words, its buttons' and titles' among them; or of its
    `sentences` alone (not bold)."""
    words = [t for t in drawn if t.words.strip() and not t.words.strip().isdigit()]
    assert words and min(t.px for t in words) >= READABLE_PX
    return statistics.median(t.px for t in words if not sentences or t.weight != "Bold")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("lang", "window"), [(lang, (540, 720)) for lang in LANGUAGES] + [("en", (1920, 1080))]
)
def test_every_screen_s_words_grow_at_largest(kept, lang, window):
    normal = words_heights(kept, lang, "normal", window)
    largest = words_heights(kept, lang, "largest", window)
    least = {name: FILLED.get((lang, window, name), GROWN) for name in normal}
    least["game's sentences"] = GROWN_SENTENCES
    short = {
        name: (normal[name], largest[name])
        for name in normal
        if largest[name] < least[name] * normal[name]
    }
    assert not short, short


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_in_the_smallest_window_no_screen_s_words_shrink_at_largest(kept, lang):
    normal = words_heights(kept, lang, "normal", (320, 400))
    largest = words_heights(kept, lang, "largest", (320, 400))
    shrunk = {
        name: (normal[name], largest[name]) for name in normal if largest[name] < normal[name]
    }
    assert not shrunk, shrunk
