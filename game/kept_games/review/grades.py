"""The grades the review gives a move (R23), and what they say of its cost. Their bounds in
loss live with the grading, in game/kept_games/review/grading.py; the four mistakes
(game/kept_games/review/mistakes.py) read the grades to count only the moves that cost."""

from __future__ import annotations

import enum


class Grade(enum.StrEnum):
    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


COSTLY_GRADES = frozenset({Grade.INACCURACY, Grade.MISTAKE, Grade.BLUNDER})  # it cost something
BAD_GRADES = frozenset({Grade.MISTAKE, Grade.BLUNDER})  # it cost a lot
