"""The review's plot over the game (R23): the score along the top, the loss of each move as a
bar along the bottom, and a line at the move shown. A click along it jumps there.

A long game has more positions than the plot has pixels: each pixel column shows the score at
its last position and the worst loss among its moves, so no blunder hides between pixels. The
picture is made once per grading (the review grades again at most twice a second) and only
the cursor is drawn each frame.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.core.record import Position, scores_of
from game.kept.review.grades import BAD_GRADES, Grade
from game.kept.review.grading import GRADE_FLOORS, Review
from game.text import tr
from game.view.render import Text
from game.view.theme import Theme

# The loss that fills the band: the game's worst, but never less than twice a mistake's floor
# (a game of small slips does not look like one of blunders) nor more than twice a blunder's
# (one huge loss does not flatten every other bar).
LOSS_TOP_LEAST = 2 * GRADE_FLOORS[Grade.MISTAKE]
LOSS_TOP_MOST = 2 * GRADE_FLOORS[Grade.BLUNDER]
LABEL_MIN_PX = 12


def column_of(index: int, count: int, width: int) -> int:
    """The pixel column of position `index` of `count`, across `width` pixels."""
    return round(index * (width - 1) / max(1, count - 1))


def last_in_columns(count: int, width: int) -> dict[int, int]:
    """The last position of each pixel column that has one, found from the column (a guess,
    then a step or two for the rounding): a game of 100,000 positions costs what one of a
    thousand does."""
    lasts = {}
    per_column = max(1, count - 1) / max(1, width - 1)
    for x in range(width):
        index = min(count - 1, int((x + 0.5) * per_column))
        while index + 1 < count and column_of(index + 1, count, width) <= x:
            index += 1
        while index >= 0 and column_of(index, count, width) > x:
            index -= 1
        if index >= 0 and column_of(index, count, width) == x:
            lasts[x] = index
    return lasts


class Plot:
    def __init__(self, text: Text) -> None:
        self.text = text
        self._made: tuple | None = None  # what the picture was made of (held, so ids stay)
        self._image: pygame.Surface | None = None

    def clear(self) -> None:
        self._made = self._image = None

    def draw(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        theme: Theme,
        lang: str,
        positions: Sequence[Position],
        review: Review | None,
        current: int | None,
        px: int = LABEL_MIN_PX,
    ) -> None:
        """`px`: the labels' size (the column's text); the cursor is at position `current`."""
        made = (positions, review, rect.size, theme.name, lang, px)
        if self._made is None or not _same(made, self._made):
            self._image = self._render(rect.size, theme, lang, positions, review, px)
            self._made = made
        surface.blit(self._image, rect)
        if current is not None and positions:
            x = rect.x + column_of(current, len(positions), rect.width)
            width = max(2, rect.height // 30)
            pygame.draw.line(surface, theme.accent, (x, rect.y), (x, rect.bottom - 1), width)

    def _render(self, size, theme: Theme, lang: str, positions, review, px) -> pygame.Surface:
        width, height = size
        image = pygame.Surface(size)
        image.fill(theme.background)
        pygame.draw.rect(image, theme.empty_cell, image.get_rect(), max(1, height // 50))
        middle = height * 9 // 20  # the losses, which a player looks for, get the larger band
        line = max(1, height // 45)
        count = len(positions)
        scores = scores_of(positions)
        top = max(scores, default=0) or 1
        columns = {x: scores[index] for x, index in last_in_columns(count, width).items()}
        px = max(LABEL_MIN_PX, min(px, round(height * 0.3)))
        for words, y in ((tr("plot_score", lang), line), (tr("plot_loss", lang), middle + line)):
            label = self.text.render(words, px, theme.muted_text, "Medium")
            image.blit(label, (2 * line + 2, y))  # under the data: a bar is never hidden
        band = middle - 2 * line
        points = [(x, middle - line - round(score / top * band)) for x, score in columns.items()]
        if len(points) > 1:
            pygame.draw.lines(image, theme.text, False, points, line)
        self._losses(image, theme, review, count, middle, line)
        return image

    def _losses(self, image, theme: Theme, review: Review | None, count, middle, line) -> None:
        """A bar a move, as tall as its loss (the game's `loss_top`: the full band), the bad ones in
        the accent colour; a thin line where a mistake starts."""
        width, height = image.get_size()
        band = height - middle - 2 * line
        bottom = height - line - 1
        top = loss_top(review)
        floor = bottom - round(GRADE_FLOORS[Grade.MISTAKE] / top * band)
        pygame.draw.line(image, theme.empty_cell, (0, floor), (width, floor), 1)
        if review is None:
            return
        worst: dict[int, tuple[float, Grade]] = {}
        for grade in review.grades:
            x = column_of(grade.position, count, width)
            if grade.loss > worst.get(x, (-1.0, Grade.BEST))[0]:
                worst[x] = (grade.loss, grade.grade)
        bar = max(1, min(width // max(1, count), line * 3))
        for x, (loss, grade) in worst.items():
            if grade is Grade.BEST or loss <= 0:
                continue
            tall = max(1, round(min(loss / top, 1.0) * band))
            colour = theme.accent if grade in BAD_GRADES else theme.muted_text
            image.fill(colour, pygame.Rect(x - bar // 2, bottom - tall, bar, tall))


def loss_top(review: Review | None) -> float:
    """The loss a full bar stands for in this game's plot (see LOSS_TOP_LEAST)."""
    worst = max((g.loss for g in review.grades), default=0.0) if review is not None else 0.0
    return min(LOSS_TOP_MOST, max(LOSS_TOP_LEAST, worst))


def _same(made: tuple, before: tuple) -> bool:
    """The same game and grading (the very objects: they are never changed), size, theme and
    language."""
    return made[0] is before[0] and made[1] is before[1] and made[2:] == before[2:]
