"""The vocabulary of the kept games' screens (game/screens/games_screens.py): the items
each shows in order. The view draws a screen's items in this order, so that a
click on the n-th drawn thing is `Select(n)`."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from game.core.engine import Direction
from game.core.record import GameSummary
from game.kept_games.review.mistakes import Mistake
from game.screens.screen import Item


class Control(enum.StrEnum):
    """A button or control of the screens; the value is the text key of its words."""

    SEEK = "seek"  # the replay's bar, the review's plot: a click jumps along it
    TO_START = "to_start"
    STEP_BACK = "step_back"
    PLAY = "play"
    STEP_FORWARD = "step_forward"
    TO_END = "to_end"
    SLOWER = "slower"
    FASTER = "faster"
    REPLAY = "replay"
    REVIEW = "review"
    EXPORT = "export"
    PREVIOUS_MOVE = "previous_move"
    NEXT_MOVE = "next_move"
    WORST = "worst_moves"
    MISTAKES = "mistakes"
    PLAY_ON = "play_on"  # a new game from the position shown
    PRACTISE = "practise"
    NEXT_TRY = "next_try"  # the practice's next position


@dataclass(frozen=True)
class GameRow:
    summary: GameSummary


@dataclass(frozen=True)
class MistakeItem:
    mistake: Mistake


@dataclass(frozen=True)
class AnswerItem:
    """A move to answer with in the practice (the arrow keys', the D-pad's, a click's)."""

    direction: Direction


GamesItem = GameRow | MistakeItem | AnswerItem | Control | Item
LIST_BUTTONS = (Item.PREV_PAGE, Item.NEXT_PAGE, Item.BACK)
GAME_ITEMS = (Control.REPLAY, Control.REVIEW, Control.PRACTISE, Control.EXPORT, Item.BACK)
REPLAY_ITEMS = (
    Control.SEEK,
    Control.TO_START,
    Control.STEP_BACK,
    Control.PLAY,
    Control.STEP_FORWARD,
    Control.TO_END,
    Control.SLOWER,
    Control.FASTER,
    Control.PLAY_ON,
    Item.BACK,
)
REVIEW_ITEMS = (
    Control.SEEK,
    Control.PREVIOUS_MOVE,
    Control.NEXT_MOVE,
    Control.WORST,
    Control.MISTAKES,
    Control.PLAY_ON,
    Item.BACK,
)
MISTAKE_ITEMS = (*(MistakeItem(mistake) for mistake in Mistake), Item.BACK)
ANSWER_ORDER = (Direction.UP, Direction.LEFT, Direction.RIGHT, Direction.DOWN)  # as on a pad
PRACTICE_ITEMS = (*(AnswerItem(d) for d in ANSWER_ORDER), Control.NEXT_TRY, Item.BACK)
