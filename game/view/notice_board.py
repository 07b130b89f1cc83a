"""What the game tells the player (`ev.Told`, worded by game/text), on screen for its time: in
room the screen leaves clear (the play screen's info line, beside or under what a Games screen
drew), else in a band across the window's top with the screen drawn under it. A notice never
hides a button, the score or the board's tiles.

    board = NoticeBoard(text)
    board.show(words, seconds)        # at once, over the one before it
    board.pass_time(seconds)          # True when one left
    board.draw_in_header(surface, theme, layout)   # False: no room there
    board.draw_on_screens(surface, theme, area, pieces, beside_board=...)  # likewise
    board.band_height(size); board.draw_band(surface, theme, height)
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.view.layout import Layout
from game.view.render import Text, largest_size
from game.view.shapes import rounded_rect
from game.view.theme import Theme

NOTICE_SECONDS = 8.0
BRIEF_NOTICE_SECONDS = 2.5  # a word on what a key just did (sound off, no undo left)
NOTICES_AT_ONCE = 2  # the newest on top, the one before it under it; older ones wait
READABLE_PX = 12  # a notice's words never get smaller than this
BAND_SHARE = 3  # a band of notices over the screen takes at most a third of the window

# Where notices go: their room, the newest ones shown (newest first) and their size.
Fitted = tuple[pygame.Rect, list[str], int]


@dataclass
class TimedNotice:
    """A notice's time: it stays `seconds` on screen, counted from its first frame, so one
    that waited under newer ones is still read for its whole time."""

    seconds: float
    shown: float = 0.0  # how long it has been on screen
    drawn: bool = False

    @property
    def brief(self) -> bool:
        """A word on what a key just did: the next such word replaces it."""
        return self.seconds <= BRIEF_NOTICE_SECONDS


class NoticeBoard:
    def __init__(self, text: Text) -> None:
        self.text = text
        self.shown: list[str] = []  # plain-words messages, oldest first: the newest show
        self._times: dict[str, TimedNotice] = {}  # each notice's time
        self.rects: list[pygame.Rect] = []  # where the notices were last drawn

    def show(self, text: str, seconds: float = NOTICE_SECONDS) -> None:
        """A message for the player, on screen at once for `seconds`, over the one before it
        (which stays under it for the rest of its time). A word on what a key did replaces
        the last such word: U then M says "Sound off" at once, not after "No move to take
        back". A message already told is told afresh, once (P asked of a stopped solver)."""
        told = TimedNotice(seconds)
        if told.brief:
            self.shown = [n for n in self.shown if not self._time_of(n).brief]
        self.shown = [n for n in self.shown if n != text] + [text]
        self._times = {n: self._time_of(n) for n in self.shown} | {text: told}

    def _time_of(self, notice: str) -> TimedNotice:
        return self._times.setdefault(notice, TimedNotice(NOTICE_SECONDS))

    def pass_time(self, seconds: float) -> bool:
        """A notice on screen stays its seconds; whether one left."""
        staying = []
        for notice in self.shown:
            told = self._time_of(notice)
            told.shown += seconds if told.drawn else 0.0
            if told.shown < told.seconds:
                staying.append(notice)
        left = staying != self.shown
        self.shown = staying
        return left

    def seconds_left(self) -> list[float]:
        """How long each notice on screen stays."""
        on_screen = [told for told in map(self._time_of, self.shown) if told.drawn]
        return [told.seconds - told.shown for told in on_screen]

    def fits_header(self, layout: Layout) -> bool:
        """Whether the newest notice fits the info line's band (`draw_in_header`)."""
        return self._fitted(*self._header_room(layout)) is not None

    def draw_in_header(self, surface: pygame.Surface, theme: Theme, layout: Layout) -> bool:
        """In the info line's band, if the newest notices fit there at two thirds of the
        header's size or more (the score, the best and the buttons stay in sight); whether
        they were drawn."""
        fitted = self._fitted(*self._header_room(layout))
        if fitted is not None:
            surface.fill(theme.background, fitted[0])  # the info line's words hidden whole
            self._draw(surface, theme, fitted)
        return fitted is not None

    def _header_room(self, layout: Layout) -> tuple[list[pygame.Rect], int, int]:
        """The info line's band, under the score boxes as wide as the header; the notices'
        biggest size there and their least."""
        line = pygame.Rect(layout.title.x, layout.score.bottom + 1, 0, 0)
        line.width = layout.best.right - line.x
        line.height = layout.info.bottom - line.top
        px = max(READABLE_PX, self.text.most(layout.score.height * 0.3))
        return [line], px, max(READABLE_PX, px * 2 // 3)

    def draw_on_screens(
        self,
        surface: pygame.Surface,
        theme: Theme,
        area: pygame.Rect,
        pieces: list[pygame.Rect],
        items: list[pygame.Rect],
        *,
        beside_board: bool,
    ) -> bool:
        """Over the kept games' screens: beside the board of a replay or review (`area`), else
        in `area`; under or over what the screen drew there (`pieces`; `items`: those that
        act), if they fit at two thirds of their size or more (smaller, a notice is easily
        missed). Beside a board with no such room (a small window, where a band would leave
        the replay's buttons none), over the words above its first item, hiding those it
        reaches whole. Whether they were drawn."""
        width, height = surface.get_size()
        px = self._screen_px((width, height))
        least = max(READABLE_PX, px * 2 // 3)
        room = area
        if beside_board:
            margin = max(6, min(width, height) // 40)
            room = beside(pygame.Rect(0, 0, width, height).inflate(-2 * margin, -2 * margin), area)
        fitted = self._fitted(clear_of(room, pieces, max(2, px // 3)), px, least)
        if fitted is None and beside_board:
            fitted = self._fitted([above_items(room, items, max(2, px // 3))], px, least)
            for piece in pieces if fitted is not None else ():
                if piece.colliderect(fitted[0]):
                    surface.fill(theme.background, piece)
        if fitted is not None:
            self._draw(surface, theme, fitted)
        return fitted is not None

    def band_height(self, size: tuple[int, int]) -> int:
        """How tall a band across the window's top must be for the newest notices, where they
        found no room clear of what the screen shows: the screen is drawn under it."""
        room, newest, px = self._in_band(size, size[1])
        boxes = [self._lines(notice, px, room.width)[1] for notice in newest]
        total = sum(box.height for box in boxes) + max(2, px // 3) * (len(boxes) - 1)
        return min(total, room.height) + 2 * self._margin(size)

    def draw_band(self, surface: pygame.Surface, theme: Theme, height: int) -> None:
        """The newest notices in the band `height` tall across the window's top."""
        size = surface.get_size()
        surface.fill(theme.background, (0, 0, size[0], height))
        self._draw(surface, theme, self._in_band(size, height - 2 * self._margin(size)))

    def _in_band(self, size: tuple[int, int], height: int) -> Fitted:
        """The newest notices in a band across the window's top, at most a BAND_SHARE of its
        height: at 12 px or more, else the newest alone, cut at the band's foot."""
        margin = self._margin(size)
        room = pygame.Rect(margin, margin, size[0] - 2 * margin, min(height, size[1] // BAND_SHARE))
        fitted = self._fitted([room], self._screen_px(size), READABLE_PX)
        return fitted or (room, self.shown[-1:], READABLE_PX)

    @staticmethod
    def _margin(size: tuple[int, int]) -> int:
        return max(6, min(size) // 40)

    def _screen_px(self, size: tuple[int, int]) -> int:
        return max(READABLE_PX, self.text.most(min(size) / 36))

    def _draw(self, surface: pygame.Surface, theme: Theme, fitted: Fitted) -> None:
        """The notices `fitted` to their room, the newest on top, at its foot."""
        room, newest, px = fitted
        boxes = [self._lines(notice, px, room.width) for notice in newest]
        gap = max(2, px // 3)
        total = sum(box.height for _, box in boxes) + gap * (len(boxes) - 1)
        top = max(room.top, room.bottom - total)
        clip = surface.get_clip()
        surface.set_clip(room)
        surface.fill(theme.background, (room.x, top, room.width, total))
        self.rects = [box for _, box in boxes]
        for notice, (lines, box) in zip(newest, boxes, strict=True):
            box.topleft = (room.x, top)
            self._box(surface, theme, box, lines, px)
            self._time_of(notice).drawn = True
            top = box.bottom + gap
        surface.set_clip(clip)

    def _fitted(self, rooms: list[pygame.Rect], max_px: int, least_px: int) -> Fitted | None:
        """The first of `rooms` the newest notices fit at `least_px` or more: the room, the
        notices (newest first; an older one waits if it does not fit beside the newest) and
        their size; None if none."""
        for room in rooms:
            for count in range(min(NOTICES_AT_ONCE, len(self.shown)), 0, -1):
                newest = self.shown[: -count - 1 : -1]
                px = self._px(newest, room.width, room.height, max_px)
                if px is not None and px >= least_px:
                    return room, newest, px
        return None

    def _px(self, notices: list[str], width: int, height: int, max_px: int) -> int | None:
        """The biggest size at which `notices` stacked fit `height`; None: not even at 12 px."""

        def fits(px: int) -> bool:
            boxes = [self._lines(notice, px, width)[1] for notice in notices]
            return sum(box.height for box in boxes) + max(2, px // 3) * (len(boxes) - 1) <= height

        px = largest_size(fits, READABLE_PX - 1, max(READABLE_PX, max_px))
        return px if px >= READABLE_PX else None

    def _lines(self, notice: str, px: int, width: int) -> tuple[tuple[str, ...], pygame.Rect]:
        """A notice's lines at `px` in a box `width` wide, and that box."""
        lines = self.text.wrap(notice, px, round(width * 0.92), "Medium")
        line_h = self.text.font(px, "Medium").get_linesize()
        return lines, pygame.Rect(0, 0, width, line_h * len(lines) + px)

    def _box(
        self, surface, theme: Theme, box: pygame.Rect, lines: tuple[str, ...], px: int
    ) -> None:
        radius = max(3, px // 2)
        rounded_rect(surface, theme.panel, box, radius)
        rounded_rect(surface, theme.accent, box, radius, max(1, px // 8))
        y = box.y + px // 2
        line_h = self.text.font(px, "Medium").get_linesize()
        for line in lines:
            image = self.text.render(line, px, theme.panel_text, "Medium")
            surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
            y += line_h


def beside(window: pygame.Rect, board: pygame.Rect) -> pygame.Rect:
    """The biggest room of `window` above, below, left or right of `board`, a gap apart."""
    gap = max(2, min(window.size) // 60)
    rooms = (
        pygame.Rect(window.x, window.y, window.width, board.top - gap - window.y),
        pygame.Rect(window.x, board.bottom + gap, window.width, window.bottom - board.bottom - gap),
        pygame.Rect(window.x, window.y, board.left - gap - window.x, window.height),
        pygame.Rect(board.right + gap, window.y, window.right - board.right - gap, window.height),
    )
    return max(rooms, key=lambda room: max(0, room.width) * max(0, room.height))


def above_items(room: pygame.Rect, items: list[pygame.Rect], gap: int) -> pygame.Rect:
    """The part of `room` above the first of `items` in it, `gap` apart."""
    inside = [rect.top for rect in items if rect.colliderect(room)]
    bottom = min(inside, default=room.bottom + gap) - gap
    return pygame.Rect(room.x, room.y, room.width, max(0, bottom - room.y))


def clear_of(room: pygame.Rect, drawn: list[pygame.Rect], gap: int) -> list[pygame.Rect]:
    """The bands of `room` under and over all of `drawn` that lies in it, `gap` apart; the
    whole room if nothing is drawn there."""
    inside = [rect for rect in drawn if rect.colliderect(room)]
    if not inside:
        return [room]
    used = inside[0].unionall(inside[1:])
    under = pygame.Rect(room.x, used.bottom + gap, room.width, room.bottom - used.bottom - gap)
    over = pygame.Rect(room.x, room.top, room.width, used.top - gap - room.top)
    return [band for band in (under, over) if band.height > 0]
