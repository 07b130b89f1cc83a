"""A small goal met, through the real app (issue 23): told once by keyboard, gamepad or mouse,
kept across a restart, voided by an undo or a hint before its moment, and listed on the
statistics' goals page, readable from the smallest window up in both languages. Each goal's
check: tests/core/test_goals.py."""

from __future__ import annotations

from datetime import date

import pygame
import pytest
from helpers.archive import kept_in
from helpers.devices import button, click, plug_pad, run
from helpers.keys import key
from helpers.loop import PolicyWorker, ScriptedClock
from helpers.view import READABLE_PX, TextLog, use_look

from game.app import App, Options
from game.core.engine import Game
from game.core.goals import GOAL_IDS, GOALS, WIN_UNDER_MOVES
from game.play.session import Session
from game.screens.screen import Item, ScreenKind
from game.text import LANGUAGES, tr
from game.text.records_words import goal_met_text, goals_lines

BY_ID = {goal.id: goal for goal in GOALS}
REACH_512, REACH_1024, REACH_2048 = (f"reach_{t}_no_undo" for t in (512, 1024, 2048))
WIN_FAST, WIN_5 = f"win_under_{WIN_UNDER_MOVES}_moves", "win_on_5x5"
NEAR_512 = [[256, 256, 0, 0], [0] * 4, [0] * 4, [0, 0, 0, 2]]  # Left makes 512; Up does not
NEAR_WIN = [[1024, 1024, 0, 0], [0] * 4, [0] * 4, [0, 0, 0, 2]]


# -- through the real app -----------------------------------------------------------------------


def new_app(data_dir, **options) -> App:
    return App(Options(data_dir=str(data_dir), sound=False, **options))


def play_from(app: App, rows, **state) -> None:
    """A game some moves in (40 unless told) on this board, new to the records: nothing of it
    is judged before its next move."""
    state.setdefault("moves", 40)
    app.use_session(Session(Game.from_grid(rows, seed=1, **state), started=False))


def told(app: App, goal_id: str, lang: str = "en") -> bool:
    return goal_met_text(BY_ID[goal_id], lang) in app.view.notices


def goals_told(app: App) -> set[str]:
    return {goal_id for goal_id in GOAL_IDS if told(app, goal_id, app.lang)}


def swipe_left(app: App) -> None:
    board = app.view.layout.board
    run(
        app,
        pygame.event.Event(
            pygame.MOUSEBUTTONDOWN, pos=(board.right - 10, board.centery), button=1, touch=False
        ),
        pygame.event.Event(
            pygame.MOUSEBUTTONUP, pos=(board.x + 10, board.centery), button=1, touch=False
        ),
    )


class Keyboard:
    def setup(self, app):
        pass

    def left(self, app):
        run(app, key(pygame.K_LEFT))

    def open_goals(self, app):
        run(app, key(pygame.K_ESCAPE))
        while app.screens.top.focused_item is not Item.STATS:
            run(app, key(pygame.K_DOWN), frames=2)
        run(app, key(pygame.K_RETURN))
        while app.screens.top.page < app.screens.top.pages - 1:
            run(app, key(pygame.K_RIGHT), frames=2)


class Gamepad(Keyboard):
    def setup(self, app):
        plug_pad(app)

    def left(self, app):
        run(app, button(pygame.CONTROLLER_BUTTON_DPAD_LEFT))

    def open_goals(self, app):
        run(app, button(pygame.CONTROLLER_BUTTON_START))
        while app.screens.top.focused_item is not Item.STATS:
            run(app, button(pygame.CONTROLLER_BUTTON_DPAD_DOWN), frames=2)
        run(app, button(pygame.CONTROLLER_BUTTON_A))
        while app.screens.top.page < app.screens.top.pages - 1:
            run(app, button(pygame.CONTROLLER_BUTTON_DPAD_RIGHT), frames=2)


class Mouse(Keyboard):
    def setup(self, app):
        run(app)  # drawn once: the board's place is known

    def left(self, app):
        swipe_left(app)

    def open_goals(self, app):
        click(app, app.view.layout.buttons["menu"].center)
        click(app, app.view.menu_rects[app.screens.top.items.index(Item.STATS)].center)
        while app.screens.top.page < app.screens.top.pages - 1:
            click(app, app.view.menu_rects[app.screens.top.items.index(Item.NEXT_PAGE)].center)


def goals_page(app: App, lang: str, size: tuple[int, int]):
    """The goals' page drawn at `size` in `lang`: its body's lines, and every text drawn."""
    use_look(app, lang=lang)
    app.show()
    run(app, frames=2)
    log = TextLog(app)
    try:
        drawn = [text for text in log.frame(size, app.session)[1] if text.part == "menu"]
    finally:
        log.close()
    words = [text.words for text in drawn]
    menu = app.screens.top
    title = words.index(tr("goals_title", lang))
    footer = words.index(tr("help_footer", lang, page=menu.pages, pages=menu.pages))
    return words[title + 1 : footer], drawn


@pytest.mark.slow
@pytest.mark.parametrize("device", [Keyboard(), Gamepad(), Mouse()], ids=type)
def test_a_goal_met_is_told_once_and_listed_with_its_day_on_the_goals_page(tmp_path, device):
    app = new_app(tmp_path)
    try:
        device.setup(app)
        play_from(app, NEAR_512)
        device.left(app)  # 256 + 256: a 512, with no undo and no hint in this game
        assert app.session.game.biggest_tile() == 512
        assert goals_told(app) == {REACH_512}
        met = app.stats_keeper.stats.goal(REACH_512)
        assert met.game_id == app.session.game_id and met.day == date.today()
        for _ in range(10):
            app.frame(1.0, [])  # the notice has had its time
        assert not told(app, REACH_512)
        moves = app.session.game.moves
        run(app, key(pygame.K_UP))
        run(app, key(pygame.K_DOWN))
        assert app.session.game.moves == moves + 2
        assert goals_told(app) == set()  # the 512 still stands: not told again
        device.open_goals(app)
        assert app.screens.top.kind is ScreenKind.STATS
        for lang in LANGUAGES:
            for size in ((320, 400), (1920, 1080)):
                body, drawn = goals_page(app, lang, size)
                assert " ".join(body) == " ".join(goals_lines(app.stats_keeper.stats, lang))
                joined = " ".join(body)
                name = tr("goal_reach_no_undo", lang, tile=512)
                day = date.today().isoformat()
                assert tr("goal_met_on", lang, goal=name, date=day) in joined
                not_yet = tr("goal_not_yet", lang, goal=tr("goal_win_on_size", lang, size=5))
                assert not_yet in joined
                font = app.view.text.font
                for text in drawn:
                    assert text.px >= READABLE_PX, (text.words, text.px)
                    assert font(text.px, text.weight).size(text.words)[0] <= size[0], text.words
    finally:
        app.close()


@pytest.mark.slow
def test_a_goal_met_is_kept_across_a_restart_and_never_told_again(tmp_path):
    """Through the real loop: the notice stays its time and goes; the goal stays met."""
    clock = ScriptedClock(end=15.0)
    app = App(Options(data_dir=str(tmp_path), sound=False), clock=clock)
    play_from(app, NEAR_512)
    seen = {}
    clock.at(1.0, key(pygame.K_LEFT))
    clock.at(2.0, lambda: seen.update(at_2=goals_told(app)))
    clock.at(12.0, lambda: seen.update(at_12=goals_told(app)))
    try:
        assert app.run() == 0
    finally:
        app.close()
    assert seen == {"at_2": {REACH_512}, "at_12": set()}
    kept = kept_in(tmp_path).stats.goal(REACH_512)
    assert kept is not None and kept.day == date.today()
    again = new_app(tmp_path)
    try:
        assert again.stats_keeper.stats.goal(REACH_512) == kept
        play_from(again, NEAR_512)  # another game makes a 512 without undo
        run(again, key(pygame.K_LEFT))
        assert goals_told(again) == set()
        assert again.stats_keeper.stats.goal(REACH_512) == kept  # its first day and game
    finally:
        again.close()


def test_an_undo_before_the_moment_voids_the_goals_without_undo(tmp_path):
    app = new_app(tmp_path)
    try:
        play_from(app, NEAR_512)
        run(app, key(pygame.K_UP))  # only the 2 moves
        run(app, key(pygame.K_u))
        assert app.session.game.undos_left == 4
        run(app, key(pygame.K_LEFT))
        assert app.session.game.biggest_tile() == 512
        assert goals_told(app) == set() and app.stats_keeper.stats.goal(REACH_512) is None
    finally:
        app.close()


def test_a_hint_before_the_moment_leaves_every_goal_unmet(tmp_path):
    app = new_app(tmp_path)
    try:
        app.autoplay._workers[4] = PolicyWorker()  # the solver, answering at once
        play_from(app, NEAR_WIN)
        run(app, key(pygame.K_t))
        assert app.session.assisted
        run(app, key(pygame.K_LEFT))
        assert app.session.game.won
        assert goals_told(app) == set()
        assert all(app.stats_keeper.stats.goal(goal_id) is None for goal_id in GOAL_IDS)
    finally:
        app.close()


@pytest.mark.parametrize(
    ("state", "met"),
    [
        ({"moves": WIN_UNDER_MOVES - 2}, {REACH_512, REACH_1024, REACH_2048, WIN_FAST}),
        ({"moves": WIN_UNDER_MOVES - 1}, {REACH_512, REACH_1024, REACH_2048}),  # not under
        ({"moves": 500, "undos_left": 3}, {WIN_FAST}),  # undos used: a fast win all the same
    ],
)
def test_a_win_on_4x4_meets_its_goals(tmp_path, state, met):
    app = new_app(tmp_path)
    try:
        play_from(app, NEAR_WIN, **state)
        run(app, key(pygame.K_LEFT))
        assert app.screens.top.kind is ScreenKind.WON
        assert goals_told(app) == met
        assert {goal_id for goal_id in GOAL_IDS if app.stats_keeper.stats.goal(goal_id)} == met
    finally:
        app.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_win_on_5x5_is_told_in_the_players_language_readable_in_the_smallest_window(
    tmp_path, lang
):
    app = new_app(tmp_path)
    try:
        use_look(app, lang=lang)
        rows = [[1024, 1024, 0, 0, 0], *([0] * 5 for _ in range(3)), [0, 0, 0, 0, 2]]
        play_from(app, rows, moves=3000, undos_left=0)
        run(app, key(pygame.K_UP))  # a move on 5x5 that wins nothing meets nothing
        assert app.session.game.moves == 3001 and goals_told(app) == set()
        run(app, key(pygame.K_LEFT))
        assert goals_told(app) == {WIN_5}
        assert app.screens.top.kind is ScreenKind.WON  # the notice shows over it
        for size in ((320, 400), (1920, 1080)):
            log = TextLog(app)
            try:
                drawn = [t for t in log.frame(size, app.session)[1] if t.part == "menu"]
            finally:
                log.close()
            notice = goal_met_text(BY_ID[WIN_5], lang)
            assert notice in " ".join(text.words for text in drawn)
            assert all(text.px >= READABLE_PX for text in drawn)
    finally:
        app.close()
