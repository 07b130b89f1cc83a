"""The review's and the replay's pictures as a player reads them (R22, R23): the move played
and the better one as two arrows told apart by colour and by shape, the tiles' numbers
readable through both; the plot's losses on a scale with figures and a unit; a loss shown with
the places that keep it on its grade's side of each bound; the four mistakes' words even where
one found nothing, under a list that keeps its place; and each replayed step's direction."""

from __future__ import annotations

import re

import pygame
import pytest
from helpers.archive import kept_game
from helpers.games import (
    finish,
    keep_games,
    open_replay,
    open_review,
    press,
    rect_of,
    settle,
    stand_in,
    stand_in_rollouts,
    words_drawn,
)
from helpers.view import Scored, bar_heights, review_of, use_look

import game.view.replay_view as replay_view
from game.core.engine import Direction
from game.core.record import Action
from game.core.replay import replay
from game.kept_games.review.grading import GRADE_FLOORS, grade_of
from game.kept_games.review.mistakes import Finding, Mistake
from game.play import commands as cmd
from game.screens.items import REVIEW_ITEMS, Control, MistakeItem
from game.screens.screen import ScreenKind
from game.text import LANGUAGES, tr
from game.view.board import REVIEW_ARROW, arrow_points
from game.view.plot import Plot
from game.view.render import Text
from game.view.review_words import bounds_words, decimal, describe
from game.view.theme import THEMES, contrast_ratio, theme_named

U, D, L, R = Direction.UP, Direction.DOWN, Direction.LEFT, Direction.RIGHT
# A game whose biggest tile never reaches 64: no move can pull the big tiles from their sides.
SMALL = ((4, 0, 2, 0), (0, 0, 0, 0), (2, 0, 0, 0), (0, 0, 0, 0))
SIZE = (540, 720)


@pytest.fixture(scope="module")
def kept(tmp_path_factory):
    """A played game of 60 steps, then (the newest) a short one that never makes a 64."""
    folder = tmp_path_factory.mktemp("kept")
    keep_games(folder, 1, moves=60)
    kept_game(folder, SMALL, [R, L, U, R, D, L, U, L])
    return folder


@pytest.fixture
def app(kept_app):
    kept_app.games_screens.analyse = stand_in(per_poll=50, scale=100)
    kept_app.games_screens.play_on = stand_in_rollouts(per_poll=50)
    return kept_app


def picture(app) -> pygame.Surface:
    surface = pygame.Surface(SIZE)
    app.view.draw(surface, app.snapshot())
    return surface


def with_and_without_arrows(app, monkeypatch):
    """The review's frame with its arrows, where they were drawn, and the same frame without."""
    drawn = []
    real = replay_view.draw_move_arrows

    def spy(surface, board, layout, theme, played, best):
        drawn.append((layout, played, best))
        real(surface, board, layout, theme, played, best)

    with monkeypatch.context() as patch:
        patch.setattr(replay_view, "draw_move_arrows", spy)
        shown = picture(app)
    with monkeypatch.context() as patch:
        patch.setattr(replay_view, "draw_move_arrows", lambda *drawn: None)
        bare = picture(app)
    assert drawn, "no arrows drawn"
    return shown, bare, drawn[-1]


def spots(board: pygame.Rect, direction: Direction) -> tuple[tuple[int, int], tuple[int, int]]:
    """An arrow's tip, and the middle of its shaft."""
    points = arrow_points(board, direction, *REVIEW_ARROW)
    base, head = (points[0] + points[6]) / 2, (points[1] + points[5]) / 2
    middle = (base + head) / 2
    return (round(points[3].x), round(points[3].y)), (round(middle.x), round(middle.y))


def numbers_kept(app, shown, bare, layout, theme) -> int:
    """How many pixels of the tiles' numbers the arrows hid (0: every number reads as bare)."""
    hidden = 0
    for r, row in enumerate(app.view.games_view.board.grid):
        for c, value in enumerate(row):
            if not value:
                continue
            cell = layout.cell_rect(r, c)
            ink = theme.number_colour(value)
            before = pygame.mask.from_threshold(bare.subsurface(cell), ink, (1, 1, 1, 255))
            after = pygame.mask.from_threshold(shown.subsurface(cell), ink, (1, 1, 1, 255))
            hidden += before.count() - before.overlap_area(after, (0, 0))
    return hidden


def step_to(app, played_is_best: bool):
    """Right through the moves to the next one whose played move is (or is not) the best (a
    move that ties the solver's choice is drawn as the best)."""
    job = app.games_screens.job
    for _ in range(len(job.moves)):
        press(app, pygame.K_RIGHT)
        settle(app)
        grade = job.grade_at(app.games_screens.stepping.position)
        if not grade.forced and (grade.played == grade.better) == played_is_best:
            return grade
    raise AssertionError("no such move")


@pytest.mark.slow
def test_the_played_and_the_better_move_are_two_arrows_apart_by_colour_and_shape(app, monkeypatch):
    open_review(app, 1)
    finish(app)
    for name in THEMES:
        use_look(app, theme=name)
        theme = theme_named(name)
        grade = step_to(app, played_is_best=False)
        shown, bare, (layout, played, best) = with_and_without_arrows(app, monkeypatch)
        assert (played, best) == (grade.played, grade.best)
        (played_tip, played_shaft), (best_tip, best_shaft) = (
            spots(layout.board, played),
            spots(layout.board, best),
        )
        assert shown.get_at(played_tip)[:3] == theme.played_arrow, name
        assert shown.get_at(best_tip)[:3] == theme.accent, name
        # Apart in lightness as well as hue: told apart by every eye (colour-blind ones too).
        assert contrast_ratio(theme.played_arrow, theme.accent) >= 1.5, name
        # By shape too: the better move's is filled, the played one's hollow.
        assert shown.get_at(best_shaft) != bare.get_at(best_shaft), name
        assert shown.get_at(played_shaft) == bare.get_at(played_shaft), name
        assert numbers_kept(app, shown, bare, layout, theme) == 0, name
    use_look(app, theme="classic")


def test_a_move_that_was_the_best_is_one_arrow_filled_and_outlined(app, monkeypatch):
    open_review(app, 1)
    finish(app)
    theme = theme_named("classic")
    grade = step_to(app, played_is_best=True)
    shown, bare, (layout, played, best) = with_and_without_arrows(app, monkeypatch)
    assert played == best == grade.better  # a tie with the solver's first choice, too
    tip, shaft = spots(layout.board, played)
    assert shown.get_at(tip)[:3] == theme.played_arrow  # the played move's outline
    assert shown.get_at(shaft) != bare.get_at(shaft)  # filled: the best
    for other in Direction:
        if other is not played:
            other_tip, other_shaft = spots(layout.board, other)
            assert shown.get_at(other_tip) == bare.get_at(other_tip)
            assert shown.get_at(other_shaft) == bare.get_at(other_shaft)
    assert numbers_kept(app, shown, bare, layout, theme) == 0


def words_on_plot(plot: Plot, lang: str, width: int) -> set[str]:
    """The words the plot shows at `width`: each text it renders is drawn as a block of a
    colour of its own, and read back where it is seen."""
    rendered: dict[tuple[int, int, int], str] = {}

    def marked(words, px, colour, weight="Bold"):
        size = plot.text.font(px, weight).size(words)
        marker = (len(rendered) + 1, 0, 255 - len(rendered))
        rendered[marker] = words
        block = pygame.Surface(size)
        block.fill(marker)
        return block

    plot.text.render = marked
    try:
        surface = pygame.Surface((width, 120))
        review = review_of([0.32, 0.0, 27.29, 0.0, 0.05])
        plot.clear()
        positions = [Scored(i) for i in range(6)]
        classic = theme_named("classic")
        plot.draw(surface, surface.get_rect(), classic, lang, positions, review, None)
    finally:
        del plot.text.render
        plot.clear()
    seen = {tuple(surface.get_at((x, y)))[:3] for x in range(width) for y in range(120)}
    return {words for marker, words in rendered.items() if marker in seen}


def test_the_plot_shows_a_small_and_a_huge_loss_apart_on_a_scale_with_its_unit():
    pygame.init()
    plot = Plot(Text())
    heights = bar_heights(plot, [0.32, 0.0, 27.29, 0.0, 0.05])
    assert 0 < heights[4] < heights[0] < heights[2]
    assert heights[2] - heights[0] >= 10  # a difference a player sees
    for lang in LANGUAGES:
        for width in (300, 510, 700):
            shown = words_on_plot(plot, lang, width)
            unit, name = tr("plot_loss_unit", lang), tr("plot_loss", lang)
            # The losses' name and unit, or where narrow the name (a line of it, wrapped).
            assert any(words == unit or words in name for words in shown), (lang, width, shown)
            figures = {decimal(value, lang) for value in (0.02, 0.1, 0.3, 1.0, 10.0)}
            assert len(figures & shown) >= 2, (lang, width, shown)  # the scale's figures


def shown_value(text: str) -> tuple[float, bool]:
    """A loss as read back from its figure, and whether it reads "less than"."""
    less = text.startswith("<")
    return float(text.lstrip("<").replace(",", ".")), less


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("bound", [floor for floor in GRADE_FLOORS.values() if floor > 0])
def test_a_loss_reads_on_its_grade_s_side_of_each_bound(lang, bound):
    unders = [bound - 0.001, bound - 0.0001, bound - 1e-7]
    overs = [bound, bound + 1e-7, bound + 0.0001]
    for under in unders:
        for over in overs:
            low, high = decimal(under, lang), decimal(over, lang)
            assert low != high, (under, over)
            (low_value, less), (high_value, _) = shown_value(low), shown_value(high)
            assert low_value < high_value or (less and low_value == high_value), (low, high)
    for value in unders + overs:
        figure, less = shown_value(decimal(value, lang))
        read = figure - 1e-9 if less else figure  # "<0.02" reads just under 0.02
        assert grade_of(read) is grade_of(value), (value, decimal(value, lang))
    assert decimal(0.32, lang) == ("0,32" if lang == "el" else "0.32")  # far from a bound: two
    near = decimal(bound - 0.0001, lang)  # near one, as many as it takes
    assert shown_value(near) == (pytest.approx(bound - 0.0001), False), near


def to_mistakes(app) -> None:
    app.command(cmd.Select(REVIEW_ITEMS.index(Control.MISTAKES)))
    assert app.screens.top.kind is ScreenKind.MISTAKES


@pytest.mark.parametrize("lang", LANGUAGES)
def test_all_four_directions_reads_with_its_breakdown_where_no_move_could_count(app, lang):
    use_look(app, lang=lang)
    open_review(app, 0)  # the game that never makes a 64
    finish(app)
    finding = app.games_screens.job.finding(Mistake.ALL_DIRECTIONS)
    assert finding.chances == 0 and finding.count == 0
    to_mistakes(app)
    index = app.screens.top.items.index(MistakeItem(Mistake.ALL_DIRECTIONS))
    press(app, pygame.K_UP, pygame.K_DOWN)  # it can be reached with the keys
    assert app.screens.top.focus == index
    ring = rect_of(app, index)  # and is seen to be: ringed
    window = app.window.get_surface()
    assert window.get_at((ring.x + 1, ring.centery))[:3] == theme_named("classic").accent
    drawn = " ".join(words_drawn(app))
    assert tr("mistake_all_directions_none", lang, tile=64) in drawn
    up, down, left, right = finding.directions
    assert tr("mistake_directions", lang, up=up, down=down, left=left, right=right) in drawn
    assert not re.search(r"\b0 (of|από) 0\b", drawn)
    press(app, pygame.K_RETURN)  # nothing to step through: it stays
    assert app.screens.top.kind is ScreenKind.MISTAKES


@pytest.mark.parametrize("lang", LANGUAGES)
def test_fast_on_a_full_board_says_plainly_when_there_is_nothing_to_compare(lang):
    nothing = describe(Finding(Mistake.FAST_WHEN_FULL, (), 0), lang)[1]
    assert nothing == tr("mistake_fast_when_full_none", lang, cells=3)
    hurried = Finding(Mistake.FAST_WHEN_FULL, (4,), 3, fast_graded=3.0, fast_bad=1.0)
    words = describe(hurried, lang)[1]
    assert tr("mistake_fast_when_full_all_hurried", lang, **bounds_words(lang)) in words
    assert "%" not in words  # no share of nothing
    for mistake in Mistake:
        assert not re.search(r"\b0 (of|από) 0\b", describe(Finding(mistake, (), 0), lang)[1])


def test_the_mistakes_list_keeps_its_place_whichever_mistake_is_focused(app):
    open_review(app, 1)
    finish(app)
    to_mistakes(app)
    tops, words = set(), set()
    for index in range(len(app.screens.top.items)):
        app.command(cmd.Point(index))
        assert app.screens.top.focus == index
        tops.add((rect_of(app, 0).y, rect_of(app, len(app.screens.top.items) - 1).y))
        words.add(" ".join(words_drawn(app)))
    assert len(words) == len(app.screens.top.items)  # each shows words of its own
    assert len(tops) == 1  # and the list, Back with it, stays put


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_replay_says_which_way_each_step_went(app, lang):
    use_look(app, lang=lang)
    open_replay(app)
    positions = replay(app.games_screens.record)
    arrows = {Action.UP: "↑", Action.DOWN: "↓", Action.LEFT: "←", Action.RIGHT: "→"}
    seen = set()
    for position in positions[1:30]:
        press(app, pygame.K_RIGHT)
        step = position.step.action
        replaying = app.games_screens.replaying
        move = tr("replay_step", lang, n=replaying.index, total=replaying.last)
        went = tr("replay_undo", lang)
        if step is not Action.UNDO:
            went = f"{arrows[step]} {tr(step.value, lang)}"
        assert f"{move} · {went}" in words_drawn(app), (lang, step)
        seen.add(step)
    assert len(seen) >= 3
