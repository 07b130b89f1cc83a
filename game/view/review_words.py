"""The review's words (R23): a grade's name, a loss as a player reads it, a finding of the four
mistakes described, and the help pages of the review and of what a mistake costs. The review
itself (game/kept_games/review/) finds the facts and says no word; these put them in the player's
language.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.kept_games.review.costs import ESTIMATED_MOVES, REAL_COST_POINTS, SURE_PERCENT
from game.kept_games.review.grades import Grade
from game.kept_games.review.grading import GRADE_FLOORS
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
from game.solver.rollout import ROLLOUT_DEPTH, ROLLOUT_GAMES, ROLLOUT_MOVES
from game.text import COSTS_HELP, PAD_LABELS, REVIEW_HELP, tr


def grade_name(grade: Grade, lang: str = "en") -> str:
    return tr(f"grade_{grade.value}", lang)


SHOWN_LEAST = 0.005  # the least loss two places show: under it, a loss reads "<0.01"
MOST_PLACES = 4  # past them, a loss just under a grade's bound reads "<" the bound
BOUNDS = tuple(floor for floor in GRADE_FLOORS.values() if floor > 0)


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
    lines = REVIEW_HELP.get(lang, REVIEW_HELP["en"])
    fields = {"depth": review_depth(size), **bounds, **bounds_words(lang), **labels}
    return [line.format(**fields) for line in lines]


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
        "games": ROLLOUT_GAMES,
        "moves": ROLLOUT_MOVES,
        "depth": ROLLOUT_DEPTH,
        "sure": SURE_PERCENT,
        "points": REAL_COST_POINTS,
    }
    return [line.format(**fields) for line in COSTS_HELP.get(lang, COSTS_HELP["en"])]
