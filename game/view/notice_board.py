"""What the game tells the player (`ev.Told`, worded by game/text), on screen for its time over
whatever shows: in the header over the play screen, beside or under what a Games screen drew.
A notice never covers the board's tiles, and what it reaches of the screen is hidden whole.

    board = NoticeBoard(text)
    board.show(words, seconds)        # at once, over the one before it
    board.pass_time(seconds)          # True when one left
    board.draw_in_header(surface, theme, layout)
    board.draw_on_screens(surface, theme, area, pieces, beside_board=...)
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

    def draw_in_header(self, surface: pygame.Surface, theme: Theme, layout: Layout) -> None:
        """In the header, never over the tiles: a notice alone in the info line's band if it
        fits there (the score and best stay in sight), else from the info line's foot up over
        the scores, and down over the buttons only if its words need it."""
        parts = [layout.title, layout.rise, layout.score, layout.best, layout.info]
        above = parts[0].unionall(parts[1:])
        line = pygame.Rect(above.x, layout.score.bottom + 1, above.width, 0)
        line.height = layout.info.bottom - line.top
        parts += layout.buttons.values()
        rooms = [above, above.unionall(parts)]
        if len(self.shown) == 1:  # one alone: the info line's band, if it fits there
            rooms.insert(0, line)
        px = max(READABLE_PX, self.text.most(layout.score.height * 0.3))
        self._draw(surface, theme, rooms, layout.info.bottom, px, parts)

    def draw_on_screens(
        self,
        surface: pygame.Surface,
        theme: Theme,
        area: pygame.Rect,
        pieces: list[pygame.Rect],
        *,
        beside_board: bool,
    ) -> None:
        """Over the kept games' screens: beside the board of a replay or review (`area`), else
        in `area`; under or over what the screen drew there if they fit at two thirds of
        their size or more (smaller, a notice is easily missed), else at the room's foot,
        whatever of the screen they reach hidden whole."""
        width, height = surface.get_size()
        px = max(READABLE_PX, self.text.most(min(width, height) / 36))
        room = area
        if beside_board:
            margin = max(6, min(width, height) // 40)
            room = beside(pygame.Rect(0, 0, width, height).inflate(-2 * margin, -2 * margin), area)
        rooms = [*clear_of(room, pieces, max(2, px // 3)), room]
        self._draw(surface, theme, rooms, None, px, pieces, max(READABLE_PX, px * 2 // 3))

    def _draw(
        self,
        surface: pygame.Surface,
        theme: Theme,
        rooms: list[pygame.Rect],
        foot: int | None,
        max_px: int,
        parts: list[pygame.Rect] | None = None,
        least_px: int = READABLE_PX,
    ) -> None:
        """The newest notices, the newest on top, in boxes as wide as the first of `rooms`
        they fit in at `least_px` or more (the last: at 12 px or more; an older one waits if
        it does not fit beside the newest), ending at `foot` (None: the room's foot), at the
        biggest size up to max_px. Each of `parts` (the HUD's, a screen's) they reach is
        hidden whole, never cut in half."""
        room, newest, px = self._fitted(rooms, max_px, least_px)
        width = room.width
        boxes = [self._lines(notice, px, width) for notice in newest]
        gap = max(2, px // 3)
        total = sum(box.height for _, box in boxes) + gap * (len(boxes) - 1)
        top = room.bottom - total if foot is None else foot - total
        top = max(room.top, min(top, room.bottom - total))
        band = pygame.Rect(room.x, top, width, total)
        for part in parts or ():
            if part.colliderect(band):
                surface.fill(theme.background, part)
        clip = surface.get_clip()
        surface.set_clip(room)
        surface.fill(theme.background, band)
        self.rects = [box for _, box in boxes]
        for notice, (lines, box) in zip(newest, boxes, strict=True):
            box.topleft = (room.x, top)
            self._box(surface, theme, box, lines, px)
            self._time_of(notice).drawn = True
            top = box.bottom + gap
        surface.set_clip(clip)

    def _fitted(
        self, rooms: list[pygame.Rect], max_px: int, least_px: int
    ) -> tuple[pygame.Rect, list[str], int]:
        """Which room, which notices (newest first) and what size: in a room before the last
        at `least_px` or more, in the last at 12 px or more."""
        for room in rooms:
            for count in range(min(NOTICES_AT_ONCE, len(self.shown)), 0, -1):
                newest = self.shown[: -count - 1 : -1]
                px = self._px(newest, room.width, room.height, max_px)
                if px is not None and (px >= least_px or room is rooms[-1]):
                    return room, newest, px
        return rooms[-1], self.shown[-1:], READABLE_PX  # too long even alone: cut at the edge

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
