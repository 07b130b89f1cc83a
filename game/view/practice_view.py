"""The practice of a game's mistakes on screen (game/screens/practice.py): the board of
the position, the move played there in the game, the four moves to answer with, and once
answered, the verdict with the review's figures and the two arrows (the answer, the best). It
lays out as the review does (game/view/replay_view.py), its column measured at its longest so
that the board keeps its size from one position to the next."""

from __future__ import annotations

import pygame

from game.core.engine import Direction
from game.kept_games.review.grades import Grade
from game.screens.items import PRACTICE_ITEMS, AnswerItem, Control
from game.screens.practice import Attempt
from game.screens.screen import Item
from game.screens.snapshot import GamesShot, PracticeShot
from game.solver.analysis import AnalysisState
from game.solver.bitboard import DIRECTIONS
from game.text import tr
from game.view.board import BoardView, draw_move_arrows
from game.view.panel import Block, Buttons, Graphic, Placed, Title, Words, draw_placed, lay_out
from game.view.render import Text
from game.view.replay_view import arrange, draw_progress
from game.view.review_words import (
    BOUNDS,
    MOST_PLACES,
    cost_words,
    decimal,
    grade_name,
    longest_cost_words,
)
from game.view.theme import Theme

STOPPED = (AnalysisState.FAILED, AnalysisState.CANCELLED)  # no review: no practice
ARROWS = {Direction.UP: "↑", Direction.LEFT: "←", Direction.RIGHT: "→", Direction.DOWN: "↓"}


def practice_blocks(shot: GamesShot, lang: str, longest: bool = False) -> list[Block]:
    """The practice's column; `longest`: with every line at its longest."""
    practice, job = shot.practice, shot.review
    answers = tuple(
        (index, ARROWS[item.direction])
        for index, item in enumerate(PRACTICE_ITEMS)
        if isinstance(item, AnswerItem)
    )
    last = tuple(
        (PRACTICE_ITEMS.index(i), tr(i.value, lang)) for i in (Control.NEXT_TRY, Item.BACK)
    )
    buttons = [Buttons(answers), Buttons(last)]
    back = Buttons(((PRACTICE_ITEMS.index(Item.BACK), tr("back", lang)),))  # nothing to answer
    if longest:
        return [*_longest_words(lang), *buttons]
    if practice is None and job is not None and job.state in STOPPED:
        return [Title(tr("practise", lang)), Words(tr("review_failed", lang)), back]
    if practice is None:
        percent = round(job.fraction * 100) if job is not None else 0
        waiting = [Words(tr("practice_waiting", lang, percent=percent), "Bold")]
        if job is not None and job.checking is not None:  # graded: the flagged ones deeper
            done, count = job.checking
            waiting.append(Words(tr("review_checking", lang, done=done, count=count), "Medium"))
        return [Title(tr("practise", lang)), *waiting, Graphic("progress", 0.6), *buttons]
    if not practice.count:
        return [Title(tr("practise", lang)), Words(tr("practice_none", lang)), back]
    count = practice.count
    # How the positions missed last time went, when there were some: the player's progress.
    missed = [Words(_missed_words(practice, lang), muted=True)] if practice.missed else []
    if practice.done:
        done = tr("practice_done", lang, right=practice.right_now, count=count)
        return [Title(tr("practise", lang)), Words(done, "Bold"), *missed, back]
    title = Title(tr("practice_title", lang, at=practice.at + 1, count=count))
    # The buttons right under the question: the answer's words come under them, so nothing
    # the player clicks moves when they come.
    prompt, *answer = (Words(line, "Medium") for line in _position_lines(shot, lang))
    return [title, prompt, *buttons, *answer, *missed]


def _position_lines(shot: GamesShot, lang: str) -> list[str]:
    """The move played in the game; once answered, the verdict and the review's figures."""
    practice, job, positions = shot.practice, shot.review, shot.positions
    assert practice is not None and job is not None
    grade = job.grade
    assert grade is not None
    number = positions[min(grade.position + 1, len(positions) - 1)].moves
    played, named = tr(grade.played.value, lang), grade_name(grade.grade, lang).lower()
    lines = [tr("practice_prompt", lang, n=number, played=played, grade=named)]
    answer = practice.answer
    if answer is not None:
        lines.append(verdict_words(answer, lang))
        figures = cost_words(job.estimate, grade, lang)
        if figures:
            lines.append(figures)
    return lines


def verdict_words(answer: Attempt, lang: str) -> str:
    """Whether the answer is the solver's best, good, or still costly, with its loss."""
    said = tr(answer.direction.value, lang).capitalize()
    if answer.grade is Grade.BEST:
        return tr("practice_best", lang, answer=said)
    loss = decimal(answer.loss, lang)
    if answer.right:
        return tr("practice_good", lang, answer=said, loss=loss)
    named, best = grade_name(answer.grade, lang).lower(), tr(answer.best.value, lang)
    return tr("practice_costly", lang, answer=said, grade=named, loss=loss, best=best)


def _missed_words(practice: PracticeShot, lang: str) -> str:
    return tr("practice_missed", lang, missed=practice.missed, now=practice.missed_now)


def _longest_words(lang: str) -> list[Block]:
    """Every line of a position at its longest: the widest direction and grade, a loss with
    all its places, the figures at their longest."""
    word = max((tr(d, lang) for d in DIRECTIONS), key=len)
    named = max((grade_name(g, lang).lower() for g in Grade), key=len)
    loss = decimal(BOUNDS[-1] - 10**-MOST_PLACES, lang)
    prompt = tr("practice_prompt", lang, n=99_999, played=word, grade=named)
    costly = tr(
        "practice_costly", lang, answer=word.capitalize(), grade=named, loss=loss, best=word
    )
    title = tr("practice_title", lang, at=999, count=999)
    missed = tr("practice_missed", lang, missed=999, now=999)
    figures = longest_cost_words(lang, running=False)
    lines = [prompt, costly, figures]
    return [Title(title), *(Words(line, "Medium") for line in lines), Words(missed, muted=True)]


def draw_practice(
    surface: pygame.Surface,
    text: Text,
    theme: Theme,
    lang: str,
    shot: GamesShot,
    board: BoardView,
    ahead: float,
) -> tuple[Placed, pygame.Rect]:
    """The practice: where each of its pieces was drawn, and the board's rectangle."""
    record = shot.record
    assert record is not None
    variants = [
        practice_blocks(shot, lang),
        practice_blocks(shot, lang, longest=True),
    ]
    width, height = surface.get_size()
    arrangement = arrange(text, width, height, record.size, variants)
    layout = arrangement.board
    board.draw(surface, layout, theme, ahead)
    practice, job = shot.practice, shot.review
    answer = practice.answer if practice is not None else None
    if answer is not None and not board.animating:
        draw_move_arrows(surface, board, layout, theme, answer.direction, answer.best)
    fraction = job.fraction if job is not None else 0.0
    graphics = {"progress": lambda s, r: draw_progress(s, r, theme, fraction)}
    placed = lay_out(text, variants[0], arrangement.column, arrangement.px)
    draw_placed(
        surface,
        text,
        theme,
        placed,
        shot.focus,
        shot.active,
        graphics,
    )
    return placed, layout.board
