"""The review's words (R23): a grade's name, a loss as a player reads it, a finding of the four
mistakes described, the help pages of the review and of what a mistake costs, and a review's
summary, each move's grade and its figure as the review's screen shows them. The review
itself (game/kept_games/review/) finds the facts and says no word; these put them in the player's
language.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.kept_games.review.costs import (
    ESTIMATED_MOVES,
    REAL_COST_MOVES,
    REAL_COST_POINTS,
    SURE_PERCENT,
    Estimate,
    MoveCost,
)
from game.kept_games.review.grades import Grade
from game.kept_games.review.grading import DEEPER, GRADE_FLOORS, MoveGrade, Review
from game.kept_games.review.mistakes import (
    HASTY_S,
    NEARLY_FULL,
    STRUCTURE_MIN_TILE,
    TRAP_RATIO,
    UNHURRIED_S,
    Finding,
    Mistake,
)
from game.solver.analysis import review_depth
from game.solver.bitboard import DIRECTIONS
from game.solver.rollout import QUICK, ROLLOUT_MOVES, STRONG, PlayedOn
from game.text import COSTS_HELP, PAD_LABELS, REVIEW_HELP, say, tr


def grade_name(grade: Grade, lang: str = "en") -> str:
    return tr(f"grade_{grade.value}", lang)


SHOWN_LEAST = 0.005  # the least loss two places show: under it, a loss reads "<0.01"
MOST_PLACES = 4  # past them, a loss just under a grade's bound reads "<" the bound
BOUNDS = tuple(floor for floor in GRADE_FLOORS.values() if floor > 0)
NOT_YET = ("waiting", "failed", "left_out")  # the games played on, not there (yet)


def decimal(value: float, lang: str = "en") -> str:
    """A loss as a player reads it: 0.02 in English, 0,02 in Greek, with as many places as it
    takes to stay on its side of each grade's bound (0.0199, good, is not read as 0.02, an
    inaccuracy); a loss too small for two places reads "<0.01", so that a move graded good
    never reads as losing nothing."""
    if 0 < value < SHOWN_LEAST:
        text = "<0.01"
    elif not value:
        text = "0"
    else:
        text = _places(value)
    return text.replace(".", ",") if lang == "el" else text


def _places(value: float) -> str:
    for places in range(2, MOST_PLACES + 1):
        text = f"{value:.{places}f}"
        if all((float(text) < bound) == (value < bound) for bound in BOUNDS):
            return text.rstrip("0").rstrip(".")
    bound = min(bound for bound in BOUNDS if value < bound)  # the one it would round up to
    return f"<{bound:g}"


def review_help_lines(
    lang: str = "en", size: int = 4, pad_labels: Mapping[str, str] | None = None
) -> list[str]:
    """The review's help page: how the grades are made, with their bounds, which moves the
    four mistakes count, and the keys of the replay and the review (the pad's buttons as the
    player's pad names them)."""
    bounds = {grade.value: decimal(floor, lang) for grade, floor in GRADE_FLOORS.items()}
    labels = {**PAD_LABELS, **(pad_labels or {})}
    depth = review_depth(size)
    fields = {"depth": depth, "deep": depth + DEEPER, **bounds, **bounds_words(lang), **labels}
    return [say(line, lang, **fields) for line in REVIEW_HELP]


def describe(finding: Finding, lang: str = "en") -> tuple[str, str]:
    """The finding in the player's words: its name, and how often it happened; with no move
    where it could have happened, why none is counted."""
    name = finding.mistake.value
    fields = {"count": finding.count, "chances": finding.chances, **bounds_words(lang)}
    if not finding.chances:
        return tr(f"mistake_{name}", lang), tr(f"mistake_{name}_none", lang, **fields)
    detail = tr(f"mistake_{name}_detail", lang, **fields)
    if finding.mistake is Mistake.FAST_WHEN_FULL:
        detail = " ".join([detail, *haste_words(finding, lang)])
    return tr(f"mistake_{name}", lang), detail


def haste_words(finding: Finding, lang: str) -> list[str]:
    """Fast on a full board: how often the hurried and the unhurried moves there were bad, or
    plainly that all were one or the other (nothing, while none is graded yet)."""
    bounds = bounds_words(lang)
    fast, slow = finding.fast_graded, finding.slow_graded
    if fast and slow:
        shares = {
            "fast": round(100 * finding.fast_bad / fast),
            "slow": round(100 * finding.slow_bad / slow),
        }
        return [tr("mistake_fast_when_full_graded", lang, **shares, **bounds)]
    if fast:
        return [tr("mistake_fast_when_full_all_hurried", lang, **bounds)]
    if slow:
        return [tr("mistake_fast_when_full_none_hurried", lang, **bounds)]
    return []


def bounds_words(lang: str = "en") -> dict[str, object]:
    """The detectors' bounds as a player reads them (their words, the review's help page)."""
    seconds = {"hasty": f"{HASTY_S:g}", "seconds": f"{UNHURRIED_S:g}"}
    if lang == "el":
        seconds = {key: text.replace(".", ",") for key, text in seconds.items()}
    return {"ratio": TRAP_RATIO, "cells": NEARLY_FULL, "tile": STRUCTURE_MIN_TILE, **seconds}


def costs_help_lines(lang: str = "en") -> list[str]:
    """The help page of the games played on: the method, its numbers, the rule."""
    fields = {
        "worst": ESTIMATED_MOVES,
        "games": STRONG.games,
        "moves": ROLLOUT_MOVES,
        "depth": STRONG.depth,
        "few": QUICK.games,
        "shallow": QUICK.depth,
        "sure": SURE_PERCENT,
        "unsure": 100 - SURE_PERCENT,
        "points": REAL_COST_POINTS,
        "lasted": REAL_COST_MOVES,
    }
    return [say(line, lang, **fields) for line in COSTS_HELP]


# -- a review's summary, its moves and their figures, in words ----------------------------------


def summary_lines(result: Review | None, lang: str, longest: bool = False) -> list[str]:
    """The player's own moves by grade; the solver's (a hint's, autoplay's) are left out, and
    the summary says so."""
    grades = result.grades if result is not None else ()
    own = sum(1 for g in grades if not g.assisted)
    if grades and not own and not longest:
        return [tr("review_all_solver", lang)]
    counts = {g.value: result.count(g) if result is not None else 0 for g in Grade}
    lines = [tr("review_summary", lang, **counts)]
    if longest or own < len(grades):
        lines.append(tr("review_solver_uncounted", lang))
    return lines


def played_words(grade: MoveGrade | None, number: int, lang: str, longest: bool = False) -> str:
    """The move played and the better one; a move as good as the solver's says it was the
    best, or that it ties the solver's choice, rather than naming a better move there is not.
    `longest`: the longest these words can be, for the layout."""
    if longest:
        word = max((tr(direction.value, lang) for direction in DIRECTIONS), key=len)
        fields = {"played": word, "other": word, "best": word}
        keys = ("review_move", "review_move_best", "review_move_tied")
        return max((tr(key, lang, n=number, **fields) for key in keys), key=len)
    assert grade is not None
    played, other = tr(grade.played.value, lang), tr(grade.best.value, lang)
    if grade.tied:
        return tr("review_move_tied", lang, n=number, played=played, other=other)
    if grade.best == grade.played:
        return tr("review_move_best", lang, n=number, played=played)
    return tr("review_move", lang, n=number, played=played, best=other)


def grade_words(grade: MoveGrade, lang: str) -> str:
    """Its grade and loss; a flagged move whose games played on could not tell it from its
    better move says so after them."""
    named, loss = grade_name(grade.grade, lang), decimal(grade.loss, lang)
    if grade.cost is not None and not grade.cost.real:
        return tr("review_grade_no_clear", lang, grade=named, loss=loss)
    key = "review_grade_solver" if grade.assisted else "review_grade"
    return tr(key, lang, grade=named, loss=loss)


def longest_grade_words(lang: str) -> str:
    named = grade_name(Grade.INACCURACY, lang)
    # A figure at its longest: all its places, just under a grade's bound ("0.2999").
    loss = decimal(BOUNDS[-1] - 10**-MOST_PLACES, lang)
    return max(
        tr("review_grade_solver", lang, grade=named, loss=loss),
        tr("review_grade_no_clear", lang, grade=named, loss=loss),
        key=len,
    )


def cost_words(estimate: Estimate, grade: MoveGrade, lang: str) -> str | None:
    """A flagged move's games played on (where they stand: `estimate`), in words: its figure
    and its better move's; or that they are on their way, left out, or could not be had.
    None: a move not played on."""
    match estimate:
        case Estimate.DONE:
            assert grade.cost is not None
            return figure_words(grade.played, grade.best, grade.cost, lang)
        case Estimate.WAITING:
            return tr("review_cost_waiting", lang)
        case Estimate.LEFT_OUT:
            return tr("review_cost_left_out", lang, count=ESTIMATED_MOVES)
        case Estimate.FAILED:
            return tr("review_cost_failed", lang)
    return None


def figure_words(played: str, best: str, cost: MoveCost, lang: str) -> str:
    """What the games played on after both moves showed: "Played on 128 times: after Down,
    62% made 1024; after Left, the better move, 91%", or on the moves lasted "after Down the
    games lasted 180 moves on average; after Left, the better move, 212"."""
    fields = {
        "played": tr(played, lang).capitalize(),  # a sentence starts with its direction
        "best": tr(best, lang).capitalize(),
        "mine": cost.played_shown,
        "theirs": cost.best_shown,
        "tile": cost.played.target,
        "moves": ROLLOUT_MOVES,
        "games": cost.played.games,
    }
    return tr(f"review_cost_{cost.figure.value}", lang, **fields)


def longest_cost_words(lang: str, running: bool) -> str:
    """The games played on in words at their longest: while the review runs, only that they
    are on their way."""
    if running:
        return tr("review_cost_waiting", lang)
    direction = max(DIRECTIONS, key=lambda d: len(tr(d, lang)))
    games = max(STRONG.games, QUICK.games)
    most = games * ROLLOUT_MOVES
    lost = PlayedOn(games, 0, 0, 131072, 0)
    made = PlayedOn(games, games, 0, 131072, 0)
    alive = PlayedOn(games, games, games, 131072, most)
    lasting = PlayedOn(games, 0, games, 131072, most)
    # 0% and 100% on the next tile, then on the survivors; the most moves lasted
    shown = [MoveCost(lost, alive), MoveCost(made, alive), MoveCost(lasting, lasting)]
    words = [figure_words(direction, direction, cost, lang) for cost in shown]
    words += [tr(f"review_cost_{key}", lang, count=ESTIMATED_MOVES) for key in NOT_YET]
    return max(words, key=len)
