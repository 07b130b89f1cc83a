"""The review's plot over the game (R23): the score along the top, the loss of each move as a
bar along the bottom, on a scale marked with the grades' bounds, and a line at the move shown.
A click along it jumps there.

A long game has more positions than the plot has pixels: each pixel column shows the score at
its last position and the worst loss among its moves, so no blunder hides between pixels. The
picture is made once per grading (the review grades again at most twice a second) and only
the cursor is drawn each frame.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.core.replay import Position, scores_of
from game.kept_games.review.grades import BAD_GRADES, Grade
from game.kept_games.review.grading import GRADE_FLOORS, Review
from game.text import tr
from game.view.board import RING
from game.view.render import Text
from game.view.review_words import SHOWN_LEAST, decimal
from game.view.theme import Theme

# The losses on a log scale, each tenfold the same height: a slip of 0.02 and a loss of 27
# both read, and neither clips. The band runs from the least loss a figure shows (less reads
# "<0.01") to the game's worst, but to 1.0 at least (the biggest tile pulled a cell off its
# edge, the loss's unit): a game of small slips does not look like one of blunders.
LOSS_TOP_LEAST = 1.0
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
        middle = height // 3  # the losses, which a player looks for, get the larger band
        line = max(1, height // 45)
        count = len(positions)
        scores = scores_of(positions)
        top = max(scores, default=0) or 1
        columns = {x: scores[index] for x, index in last_in_columns(count, width).items()}
        px = max(LABEL_MIN_PX, min(px, round(height * 0.3)))
        label = self.text.render(tr("plot_score", lang), px, theme.muted_text, "Medium")
        image.blit(label, (2 * line + 2, line))  # under the data: a bar is never hidden
        band = middle - 2 * line
        points = [(x, middle - line - round(score / top * band)) for x, score in columns.items()]
        if len(points) > 1:
            pygame.draw.lines(image, theme.text, False, points, line)
        # The losses' name and unit in a row of their own, between the two bands: long
        # words under the bars would hide them, and be hidden.
        caption, caption_px = self._caption(lang, px, width - 4 * line - 4)
        y = middle
        for words in caption:
            label = self.text.render(words, caption_px, theme.muted_text, "Medium")
            image.blit(label, (2 * line + 2, y))
            y += label.get_height()
        losses = pygame.Rect(0, y, width, max(1, height - line - y))
        figures = self._scale(image, theme, lang, loss_top(review), losses, line, px)
        self._losses(image, theme, review, count, losses, line)
        for figure, rect in figures:  # over the bars, ringed in the background: both read
            ring = self.text.render(figure, px, theme.background, "Medium")
            for dx, dy in RING:
                image.blit(ring, rect.move(dx, dy))
            image.blit(self.text.render(figure, px, theme.muted_text, "Medium"), rect)
        return image

    def _caption(self, lang: str, px: int, room: int) -> tuple[tuple[str, ...], int]:
        """The losses' name with their unit, on a line, and its size: at the labels' size `px`
        or a little smaller; where that does not fit, the name and where the unit is counted,
        wrapped at the least size if need be."""
        least = max(LABEL_MIN_PX, round(px * 0.75))
        for words in (tr("plot_loss_unit", lang), tr("plot_loss", lang)):
            size = self.text.fit_size(words, px, (room, px * 2), "Medium", grows=False)
            if size >= least:
                return (words,), size
        return self.text.wrap(tr("plot_loss", lang), LABEL_MIN_PX, room, "Medium"), LABEL_MIN_PX

    def _scale(
        self, image, theme: Theme, lang: str, top: float, losses, line, px
    ) -> list[tuple[str, pygame.Rect]]:
        """The losses' scale, under the bars: a line at each of `loss_ticks`. Returns its
        figures and where they go, at the left where they have room (the biggest always), to
        be written over the bars."""
        width = image.get_width()
        taken: list[tuple[str, pygame.Rect]] = []
        for loss in reversed(loss_ticks(top)):
            y = losses.bottom - round(loss_height(loss, top) * losses.height)
            pygame.draw.line(image, theme.empty_cell, (0, y), (width, y), 1)
            words = decimal(loss, lang)
            size = self.text.font(px, "Medium").size(words)
            rect = pygame.Rect((0, 0), size)
            rect.midleft = (2 * line + 2, y)
            rect = rect.clamp(losses)
            if not any(rect.colliderect(other.inflate(0, 2)) for _, other in taken):
                taken.append((words, rect))
        return taken

    def _losses(self, image, theme: Theme, review: Review | None, count, losses, line) -> None:
        """A bar a move, as tall as its loss on the scale (`loss_height`), the bad ones in the
        accent colour."""
        if review is None:
            return
        width = image.get_width()
        top = loss_top(review)
        worst: dict[int, tuple[float, Grade]] = {}
        for grade in review.grades:
            x = column_of(grade.position, count, width)
            if grade.loss > worst.get(x, (-1.0, Grade.BEST))[0]:
                worst[x] = (grade.loss, grade.grade)
        bar = max(1, min(width // max(1, count), line * 3))
        for x, (loss, grade) in worst.items():
            if grade is Grade.BEST or loss <= 0:
                continue
            tall = max(1, round(loss_height(loss, top) * losses.height))
            colour = theme.accent if grade in BAD_GRADES else theme.muted_text
            image.fill(colour, pygame.Rect(x - bar // 2, losses.bottom - tall, bar, tall))


def loss_top(review: Review | None) -> float:
    """The loss a full bar stands for in this game's plot (see LOSS_TOP_LEAST)."""
    worst = max((g.loss for g in review.grades), default=0.0) if review is not None else 0.0
    return max(LOSS_TOP_LEAST, worst)


def loss_height(loss: float, top: float) -> float:
    """How far up the band a loss reaches, from 0 to 1 at `top`: its place on a log scale from
    the least loss shown."""
    if loss <= SHOWN_LEAST:
        return 0.0
    return min(1.0, math.log(loss / SHOWN_LEAST) / math.log(top / SHOWN_LEAST))


def loss_ticks(top: float) -> list[float]:
    """The losses the scale marks: the grades' bounds, and each power of ten up to `top`."""
    ticks = {floor for floor in GRADE_FLOORS.values() if floor > SHOWN_LEAST}
    power = 1.0
    while power <= top:
        ticks.add(power)
        power *= 10
    return sorted(ticks)


def _same(made: tuple, before: tuple) -> bool:
    """The same game and grading (the very objects: they are never changed), size, theme and
    language."""
    return made[0] is before[0] and made[1] is before[1] and made[2:] == before[2:]
