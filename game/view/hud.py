"""The heads-up display: title, score and best (with the "+N" that floats up from the score on
a move's merges), the info line (moves, clock, undos, board size) and the buttons."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

import pygame

from game.play import events as ev
from game.text import format_clock, tr
from game.view.layout import Layout
from game.view.panel import draw_button, label_px
from game.view.render import Text
from game.view.shapes import rounded_rect
from game.view.theme import Theme
from game.view.tween import Tween, ease_out

FLOAT_SECONDS = 0.600
INFO_WEIGHT = "Medium"
SEPARATOR = "  ·  "
# The info line is sized for up to 9999 moves and a clock up to 59:59, so it keeps its size as
# the numbers grow.
MIN_MOVE_DIGITS = 4
MIN_CLOCK = "00:00"
# Room kept after the clock for its pause sign, so nothing moves when it comes: a space and a
# digit's width.
PAUSE_ROOM = " 0"


@dataclass(frozen=True)
class InfoLine:
    """The info line's fields, and each with room for more digits: the templates that fix the
    font size, so the line keeps its size as the numbers grow. Each field is drawn in a place
    of its own (`places`, its digits counted as the font's widest), so a digit that changes
    width moves nothing after it."""

    fields: tuple[str, ...]
    templates: tuple[str, ...]
    clock_first: bool = True  # the moves and the clock share the first row
    places: tuple[str, ...] = ()  # each field's widest text; none: the fields themselves
    clock: int | None = None  # which field is the clock
    paused: bool = False  # the clock is held (R17): drawn muted, with a pause sign


def info_line(
    lang: str,
    *,
    moves: int,
    seconds: float,
    undos_left: int | None,
    size: int,
    assisted: bool,
    paused: bool = False,
) -> InfoLine:
    clock = format_clock(seconds)
    # The clock's place holds any time up to 59:59 and the pause sign: the fields after it
    # stay put while it ticks, pauses and passes 9:59.
    clock_place = _zeros(clock if len(clock) > len(MIN_CLOCK) else MIN_CLOCK) + PAUSE_ROOM
    fields = [tr("moves", lang, n=moves), clock]
    templates = [tr("moves", lang, n="0" * max(MIN_MOVE_DIGITS, len(str(moves)))), clock_place]
    places = [_zeros(fields[0]), clock_place]
    if undos_left is not None:
        fields.append(tr("undos", lang, n=undos_left))
        templates.append(_zeros(fields[-1]))
        places.append(templates[-1])
    fields.append(tr("board", lang, n=size))
    if assisted:
        fields.append(tr("assisted", lang))
    templates += fields[len(templates) :]
    places += fields[len(places) :]
    return InfoLine(tuple(fields), tuple(templates), True, tuple(places), 1, paused)


def _zeros(text: str) -> str:
    return re.sub(r"\d", "0", text)


def _splits(count: int, lines: int, clock_first: bool = True) -> list[list[range]]:
    """Every way to put `count` fields in order on `lines` rows, none empty; with
    `clock_first`, the moves and the clock on one row: the row's first word stays put,
    whatever the numbers do."""
    return [
        [range(a, b) for a, b in itertools.pairwise((0, *cuts, count))]
        for cuts in itertools.combinations(range(2 if clock_first else 1, count), lines - 1)
    ]


class Hud:
    def __init__(self, text: Text) -> None:
        self.text = text
        self.floats: list[tuple[int, Tween]] = []  # the "+N" rising from the score
        self.clock_place: pygame.Rect | None = None  # the clock's place as last drawn
        self.pause_sign: pygame.Rect | None = None  # the pause sign as last drawn, if it was

    @property
    def animating(self) -> bool:
        return bool(self.floats)

    def handle(self, event: ev.Event, speed: float) -> None:
        """One "+N" a move, with all its merges' points; the next move's replaces it, as in
        the original: two rising in the same room read as one blob ("+1|6")."""
        if isinstance(event, ev.Moved) and event.outcome.points and speed > 0:
            self.floats = [(event.outcome.points, Tween(FLOAT_SECONDS * speed))]

    def step(self, dt: float) -> None:
        for _, tween in self.floats:
            tween.step(dt)
        self.floats = [item for item in self.floats if not item[1].done]

    def draw(
        self,
        surface: pygame.Surface,
        layout: Layout,
        theme: Theme,
        lang: str,
        *,
        score: int,
        best: int,
        moves: int,
        seconds: float,
        undos_left: int | None,
        assisted: bool,
        focus: str | None,
        autoplaying: bool,
        ahead: float,
        inactive: frozenset[str] = frozenset(),
        tip: tuple[str, ...] = (),
        clock_paused: bool = False,
    ) -> None:
        """`inactive`: the buttons that cannot act now (Undo with none left), drawn so.
        `tip`: words shown in the info line's place (a newcomer's first board).
        `clock_paused`: the clock is held (focus lost, a menu open), and shows it."""
        title = self.text.fitted(
            tr("title", lang), round(layout.title.height * 0.8), layout.title.size, theme.text
        )
        surface.blit(title, title.get_rect(midleft=layout.title.midleft))
        self._box(surface, layout.score, theme, tr("score", lang), score)
        # An assisted game's score never raises the player's best (R20): the box says whose
        # best it shows, so a 0 beside an assisted 1276 does not read as broken.
        self._box(surface, layout.best, theme, tr("your_best" if assisted else "best", lang), best)
        self._floats(surface, layout, theme, ahead)
        line = info_line(
            lang,
            moves=moves,
            seconds=seconds,
            undos_left=undos_left,
            size=layout.size,
            assisted=assisted,
            paused=clock_paused,
        )
        if tip:  # a newcomer's first board: how to play, where the moves and clock will be
            line = InfoLine(tip, tip, clock_first=False)
        self._info(surface, layout.info, theme, line)
        px = self.buttons_px(layout, lang)
        for name, rect in layout.buttons.items():
            label = tr("stop" if name == "autoplay" and autoplaying else name, lang)
            draw_button(
                surface, self.text, theme, rect, label, px, name == focus, name not in inactive
            )

    # -- score boxes and the "+N" ----------------------------------------------------------------

    def _box(self, surface, rect: pygame.Rect, theme: Theme, label: str, value: int) -> None:
        rounded_rect(surface, theme.panel, rect, max(3, rect.height // 12))
        width = round(rect.width * 0.9)
        head = self.text.fitted(
            label, round(rect.height * 0.32), (width, rect.height * 0.36), theme.panel_text
        )
        surface.blit(head, head.get_rect(midtop=(rect.centerx, rect.y + rect.height * 0.06)))
        number = self.text.fitted(
            str(value), round(rect.height * 0.48), (width, rect.height * 0.54), theme.panel_text
        )
        surface.blit(number, number.get_rect(midbottom=(rect.centerx, rect.bottom - rect.h * 0.04)))

    def _floats(self, surface, layout: Layout, theme: Theme, ahead: float) -> None:
        """Each "+N" rises from the top of the score box through the room above it, fading out,
        and never leaves that room: the label under it stays readable."""
        rise = layout.rise
        clip = surface.get_clip()
        surface.set_clip(rise)
        for points, tween in self.floats:
            label = f"+{points}"
            px = self.text.fit_size(label, round(rise.height * 0.85), rise.size)
            ink_top, ink_bottom = _ink_rows(self.text.font(px), label)
            t = tween.progress(ahead)
            travel = max(0, rise.height - (ink_bottom - ink_top))
            image = self.text.render(label, px, theme.text).copy()
            image.set_alpha(round(255 * (1 - t)))
            bottom = round(rise.bottom - ease_out(t) * travel)  # where the ink ends
            surface.blit(image, (rise.centerx - image.get_width() // 2, bottom - ink_bottom))
        surface.set_clip(clip)

    # -- the info line ---------------------------------------------------------------------------

    def info_layout(self, line: InfoLine, rect: pygame.Rect) -> tuple[int, list[range]]:
        """The font size and the fields of each row: the rows that make the text biggest."""
        best: tuple[int, list[range]] | None = None
        for lines in range(1, min(3, len(line.fields)) + 1):
            if lines > 1 and rect.height / lines < 10:
                break
            box = (round(rect.width * 0.96), round(rect.height / lines))
            # Rows a line apart: at this size a line fills its row, and a bigger one (a larger
            # text size) would spill out of the rectangle; so it does not grow.
            max_px = round(rect.height / lines * 0.72)
            for rows in _splits(len(line.fields), lines, line.clock_first):
                px = min(
                    self.text.fit_size(
                        SEPARATOR.join(line.templates[i] for i in row),
                        max_px,
                        box,
                        INFO_WEIGHT,
                        grows=False,
                    )
                    for row in rows
                )
                if best is None or px > best[0]:
                    best = (px, rows)
        assert best is not None
        return best

    def _info(self, surface, rect: pygame.Rect, theme: Theme, line: InfoLine) -> None:
        """Rows from the rectangle's left edge, each field at its place's start: a number
        that changes, or a digit of another width, moves nothing after it."""
        px, rows = self.info_layout(line, rect)
        font = self.text.font(px, INFO_WEIGHT)
        line_h = font.get_linesize()
        top = rect.centery - line_h * len(rows) / 2
        separator = self.text.render(SEPARATOR, px, theme.text, INFO_WEIGHT)
        places = line.places or line.fields
        self.clock_place = self.pause_sign = None
        for index, row in enumerate(rows):
            x, y = rect.x, round(top + index * line_h)
            for field in row:
                if field != row[0]:
                    surface.blit(separator, (x, y))
                    x += separator.get_width()
                paused = field == line.clock and line.paused
                colour = theme.muted_text if paused else theme.text
                image = self.text.render(line.fields[field], px, colour, INFO_WEIGHT)
                surface.blit(image, (x, y))
                width = _widest_width(font, places[field])
                if field == line.clock:
                    self.clock_place = pygame.Rect(x, y, width, line_h)
                if paused:
                    self.pause_sign = _pause_sign(surface, font, x + image.get_width(), y, colour)
                x += width

    # -- buttons ---------------------------------------------------------------------------------

    def buttons_px(self, layout: Layout, lang: str) -> int:
        """One font size for every button, whichever label it shows (Autoplay or Stop): the
        size at which the longest fits its button on one line, clear of its edges, as the
        menus' buttons."""
        return min(
            label_px(self.text, tr(key, lang), rect.size)
            for name, rect in layout.buttons.items()
            for key in (("autoplay", "stop") if name == "autoplay" else (name,))
        )


def _widest_width(font: pygame.font.Font, text: str) -> int:
    """How wide `text` is with each digit the font's widest: the place it keeps whatever its
    digits become."""
    widest = max("0123456789", key=lambda digit: font.size(digit)[0])
    return font.size(re.sub(r"\d", widest, text))[0]


def _pause_sign(surface, font: pygame.font.Font, x: int, y: int, colour) -> pygame.Rect:
    """Two bars as tall as a digit, a space after `x` (the font has no pause sign)."""
    top, bottom = _ink_rows(font, "0")
    digit = font.size("0")[0]
    bar = max(1, round(digit * 0.28))
    left = pygame.Rect(x + font.size(" ")[0], y + top, bar, bottom - top)
    right = left.move(bar + max(1, round(digit * 0.24)), 0)
    pygame.draw.rect(surface, colour, left)
    pygame.draw.rect(surface, colour, right)
    return left.union(right)


def _ink_rows(font: pygame.font.Font, label: str) -> tuple[int, int]:
    """Where a label's ink starts and ends, in rows from the top of its rendered surface."""
    metrics = [m for m in font.metrics(label) if m is not None]
    ascent = font.get_ascent()
    return ascent - max(m[3] for m in metrics), ascent - min(m[2] for m in metrics)
