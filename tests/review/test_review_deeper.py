"""Grades from a deeper look where they matter (issue 32, R23): once every move is graded,
each one the first look graded a mistake or a blunder, or near the mistake's bound, is
searched again two plies deeper and graded by that search; a mistake it finds below twice its
bound, two plies deeper still, where the machine has a third look. Meanwhile the screen says
the moves are being checked, not counts that would change; the games played on start after,
after the moves still found bad; the scores are kept, so a second look searches nothing.

A stand-in scores the positions (tests/helpers/games.py): at the first look's depth its crude
scores are a hundredfold (a cell less left empty is a blunder); two plies deeper, as they are,
so that most of what the first look flagged is a slip there; at the third look, halved."""

from __future__ import annotations

import pygame
import pytest
from helpers.games import keep_games, open_games, press, stand_in, stand_in_rollouts, words_drawn
from helpers.keys import STEP

from game.app import App, Options
from game.kept_games.review import job as job_module
from game.kept_games.review.grades import BAD_GRADES, Grade
from game.kept_games.review.grading import CHECK_FROM, DEEPER, SETTLE_BELOW, grade_move
from game.solver.analysis import review_depth
from game.text import tr
from game.view.review_words import summary_lines

# The first look's scores a hundredfold, the check's as they are, the third look's halved: a
# mistake the check finds near its bound is a slip there.
SCALES = (100, 1, 0.5)


def looks():
    """An `analyse` factory: each depth asked for, shallowest first, scores at its scale."""
    made = [stand_in(per_poll=40, scale=SCALES[0])]
    made += [stand_in(per_poll=2, scale=scale) for scale in SCALES[1:]]
    depths: list[int] = []

    def analyse(grids, size, depth):
        if depth not in depths:
            depths.append(depth)
        return made[depths.index(depth)](grids, size, depth)

    analyse.made = tuple(m.made for m in made)  # type: ignore[attr-defined]
    return analyse


@pytest.fixture(params=[True, False], ids=["a third look", "no third look"])
def third_look(request, monkeypatch) -> bool:
    """Whether this machine has a third look (the compiled tree) for the board's size."""
    deepest = (lambda size: review_depth(size) + 2 * DEEPER) if request.param else (lambda _: None)
    monkeypatch.setattr(job_module, "third_look_depth", deepest)
    return request.param


def new_app(folder, analyse) -> App:
    app = App(Options(seed=5, data_dir=str(folder), sound=False))
    app.games_screens.analyse = analyse
    app.games_screens.play_on = stand_in_rollouts(per_poll=2)
    return app


def open_review(app) -> None:
    open_games(app)
    press(app, pygame.K_RETURN, pygame.K_DOWN, pygame.K_RETURN)


def test_the_flagged_moves_are_graded_by_a_search_two_plies_deeper(tmp_path, third_look):
    keep_games(tmp_path, 1, moves=80)
    analyse = looks()
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
        shallow, deep, third = analyse.made
        assert len(shallow) == 1 and len(deep) == 1 and deep[0].depth == job.depth + DEEPER

        def graded_by(scores, index):
            return grade_move(
                job.positions.grid(index), scores, job.record.steps[index].action.direction
            )

        first = {index: graded_by(scores, index) for index, scores in shallow[0].scores.items()}
        near = {index for index, (_, loss, _) in first.items() if loss >= CHECK_FROM}
        flagged = {index for index, (_, _, grade) in first.items() if grade in BAD_GRADES}
        assert flagged and flagged <= near
        checked = {g.position for g in job.result.grades if g.checked}
        assert checked == {i for i in near if not job.grade_at(i).forced}
        assert set(deep[0].grids) == checked  # those, and no other, searched deeper
        at_check = {index: graded_by(deep[0].scores[index], index) for index in checked}
        near_bound = {
            index
            for index, (_, loss, grade) in at_check.items()
            if grade is Grade.MISTAKE and loss < SETTLE_BELOW
        }
        assert near_bound  # the game has mistakes for the third look to settle
        if third_look:  # those, and no other, searched again two plies deeper still
            assert len(third) == 1 and third[0].depth == job.depth + 2 * DEEPER
            assert set(third[0].grids) == near_bound
        else:
            assert third == []
        for index in checked:
            looked = third_look and index in near_bound
            scores = third[0].scores[index] if looked else deep[0].scores[index]
            assert job.grade_at(index).grade is graded_by(scores, index)[2]
        third_grades = {job.grade_at(i).grade for i in near_bound}
        assert third_grades == ({Grade.INACCURACY} if third_look else {Grade.MISTAKE})
        assert sum(g.grade in BAD_GRADES for g in job.result.grades) < len(flagged)
        # Meanwhile the screen said it was checking them, not counts that would change.
        assert said and not played_on_before
        counting = tr("review_checking", done=0, count=len(checked))
        assert counting in said[0] and summary_lines(job.result, "en")[0] not in said[-1]
        looking = tr("review_checking", done=0, count=len(near_bound))
        assert any(looking in words for words in said) is third_look
        assert all(job.grade_at(p).grade in BAD_GRADES for p in job.estimated)
        settled = summary_lines(job.result, "en")
        assert settled[0] in words_drawn(app)
    finally:
        app.close()
    again = looks()
    app = new_app(tmp_path, again)
    try:
        open_review(app)
        job = app.games_screens.job
        while not job.settled:
            app.frame(STEP, [])
        assert again.made == ([], [], [])  # every look's scores were kept
        assert summary_lines(job.result, "en") == settled
    finally:
        app.close()
