"""Grades from a deeper look where they matter (issue 32, R23): once every move is graded,
each one the first look graded a mistake or a blunder, or near the mistake's bound, is
searched again two plies deeper and graded by that search. Meanwhile the screen says the
counts are being checked, not counts that would change; the games played on start after it,
after the moves it still finds bad; its scores are kept, so a second look searches nothing.

A stand-in scores the positions (tests/helpers/games.py): at the first look's depth its crude
scores are a hundredfold (a cell less left empty is a blunder); two plies deeper, as they are,
so that most of what the first look flagged is a slip there."""

from __future__ import annotations

import pygame
from helpers.games import keep_games, open_games, press, stand_in, stand_in_rollouts, words_drawn
from helpers.keys import STEP

from game.app import App, Options
from game.kept_games.review.grades import BAD_GRADES
from game.kept_games.review.grading import CHECK_FROM, DEEPER, grade_move
from game.text import tr
from game.view.review_words import summary_lines

SHALLOW_SCALE, DEEP_SCALE = 100, 1


def two_looks():
    """An `analyse` factory: the first look's depth scores a hundredfold, a deeper one as is."""
    shallow = stand_in(per_poll=40, scale=SHALLOW_SCALE)
    deep = stand_in(per_poll=2, scale=DEEP_SCALE)
    first_depth: list[int] = []

    def analyse(grids, size, depth):
        first_depth[:] = first_depth or [depth]
        return (shallow if depth == first_depth[0] else deep)(grids, size, depth)

    analyse.made = shallow.made, deep.made  # type: ignore[attr-defined]
    return analyse


def new_app(folder, analyse) -> App:
    app = App(Options(seed=5, data_dir=str(folder), sound=False))
    app.games_screens.analyse = analyse
    app.games_screens.play_on = stand_in_rollouts(per_poll=2)
    return app


def open_review(app) -> None:
    open_games(app)
    press(app, pygame.K_RETURN, pygame.K_DOWN, pygame.K_RETURN)


def test_the_flagged_moves_are_graded_by_a_search_two_plies_deeper(tmp_path):
    keep_games(tmp_path, 1, moves=80)
    analyse = two_looks()
    app = new_app(tmp_path, analyse)
    try:
        open_review(app)
        job = app.games_screens.job
        said, played_on_before = [], False
        while not job.settled:
            app.frame(STEP, [])
            if job.check_progress is not None:
                said.append(words_drawn(app))
                played_on_before |= job.estimating.value == "running"
        shallow, deep = analyse.made
        assert len(shallow) == 1 and len(deep) == 1 and deep[0].depth == job.depth + DEEPER
        first = {
            index: grade_move(grid, scores, job.record.steps[index].action.direction)
            for index, scores in shallow[0].scores.items()
            for grid in [job.positions.grid(index)]
        }
        near = {index for index, (_, loss, _) in first.items() if loss >= CHECK_FROM}
        flagged = {index for index, (_, _, grade) in first.items() if grade in BAD_GRADES}
        assert flagged and flagged <= near
        checked = {g.position for g in job.result.grades if g.checked}
        assert checked == {i for i in near if not job.grade_at(i).forced}
        assert set(deep[0].grids) == checked  # those, and no other, searched deeper
        for index in checked:
            played = job.record.steps[index].action.direction
            assert (
                job.grade_at(index).grade
                is grade_move(job.positions.grid(index), deep[0].scores[index], played)[2]
            )
        assert sum(g.grade in BAD_GRADES for g in job.result.grades) < len(flagged)
        # Meanwhile the screen said it was checking them, not counts that would change.
        assert said and not played_on_before
        counting = tr("review_checking", done=0, count=len(checked))
        assert counting in said[0] and summary_lines(job.result, "en")[0] not in said[-1]
        assert all(job.grade_at(p).grade in BAD_GRADES for p in job.estimated)
        settled = summary_lines(job.result, "en")
        assert settled[0] in words_drawn(app)
    finally:
        app.close()
    again = two_looks()
    app = new_app(tmp_path, again)
    try:
        open_review(app)
        job = app.games_screens.job
        while not job.settled:
            app.frame(STEP, [])
        assert again.made == ([], [])  # both looks' scores were kept
        assert summary_lines(job.result, "en") == settled
    finally:
        app.close()
