"""Banners, panels and menus drawn over the game: the win banner, the game-over panel, the
pause menu, the new-game confirmation, help, statistics and their charts, settings and the
Controls screen. Each returns where its items are, so a click can find them. What each says is
game/view/menu_text.py's.

A menu is drawn at the biggest size at which all of it fits: its text wraps to the width, it
never shrinks line by line. The help pages share one size and one place for their buttons, so
turning a page changes the words only. A line of their prose is at most MEASURE font sizes
long, a comfortable reading length; a page too long for the height of a wide window is read in
two columns, so that its text can be bigger, and a short one spreads its paragraphs apart.
A menu is a column: its measures (line and button heights, gaps, labels' fit, the biggest
size) are the ones of game/view/panel.py.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.kept_games.charts.figures import ChartFigures
from game.screens.menus import CONTROL_ROWS, MenuItem, controls_items
from game.screens.screen import Item, ScreenKind
from game.screens.snapshot import MenuShot, PlayShot
from game.text import tr
from game.view.charts import draw_charts
from game.view.layout import Layout
from game.view.menu_text import (
    PanelText,
    controls_text,
    help_page,
    help_parts,
    item_label,
    panel_text,
    stats_page,
)
from game.view.panel import (
    BODY_WEIGHT,
    BUTTON,
    GAP,
    LINE,
    biggest_px,
    body_px_limit,
    button_row,
    draw_button,
    label_px,
)
from game.view.render import LRU, Text
from game.view.theme import Theme

# Drawn side by side: the pages' buttons; a statistics page's Charts and Back, and the
# settings' Controls and Back (a row of its own would cost the page's words their size in the
# smallest window).
PAIRED_ITEMS = (
    (Item.PREV_PAGE, Item.NEXT_PAGE),
    (Item.CHARTS, Item.BACK),
    (Item.CONTROLS, Item.BACK),
)
MEASURE = 34  # a line of prose at its widest, in font sizes: about 75 characters, an easy read
LIST_MEASURE = 40  # a line of a menu or a list: a sentence among its short lines stays whole
COLUMN_MIN = 20  # two columns only if each is this wide, in font sizes (about 45 characters)
GUTTER = 2  # between two columns, in font sizes
SPREAD = 0.75  # the most a short page puts between its paragraphs, in lines


@dataclass(frozen=True)
class Sheet:
    """A menu laid out at one text size, from the top of its block."""

    body_px: int
    title_px: int
    title_y: int
    lines: tuple[Line, ...]
    footer_y: int
    items: tuple[pygame.Rect, ...]
    label_px: int  # one size for every item's label
    height: int


@dataclass(frozen=True)
class Line:
    """A line of the body: where it starts, from the body's top and left until placed."""

    words: str
    weight: str
    x: int
    y: int
    width: int
    muted: bool = False


def panel_area(menu: MenuShot, layout: Layout) -> pygame.Rect:
    """Banners cover the board, as in the original; menus cover the window."""
    if menu.kind in (ScreenKind.WON, ScreenKind.OVER):
        return layout.board.copy()
    margin = max(6, min(layout.width, layout.height) // 40)
    window = pygame.Rect(0, layout.top, layout.width, layout.height)
    return window.inflate(-2 * margin, -2 * margin)


def draw_menu(
    surface: pygame.Surface,
    layout: Layout,
    theme: Theme,
    text: Text,
    menu: MenuShot,
    play: PlayShot,
    lang: str,
    opacity: float,
    stats_pages: dict[int, list[str]],
    veils: LRU,
    setting_values: dict[str, str],
    pad_labels: dict[str, str] | None = None,
    charts: ChartFigures | None = None,
) -> list[pygame.Rect]:
    """Draw `menu` faded in to `opacity` (0..1); return the rectangle of each item. The veil
    fades in first and the words come once it is whole, so they never mix with the tiles.
    `charts`: the figures the statistics' pictures show (game/view/charts.py)."""
    area = panel_area(menu, layout)
    if menu.kind is ScreenKind.WON:
        theme = theme.under_win_banner()  # a win reads as one: gold, as in the original
    covers_window = menu.kind not in (ScreenKind.WON, ScreenKind.OVER)
    window = pygame.Rect(0, layout.top, layout.width, layout.height)
    veil_rect = window if covers_window else area
    red, green, blue, alpha = theme.overlay
    if covers_window:
        alpha = 255  # menus are read, not seen through: no tile shows behind their words
    shown = min(1.0, opacity * 2)
    colour = (red, green, blue, min(255, round(alpha * shown / 16) * 16))  # few distinct veils
    if colour[3] == 255:
        surface.fill(colour[:3], veil_rect)  # opaque: a fill, far cheaper than blending
    else:
        veil = veils.get_or_make((veil_rect.size, colour), lambda: _veil(veil_rect, colour))
        surface.blit(veil, veil_rect)
    if menu.kind is ScreenKind.CHARTS:
        return draw_charts(surface, text, theme, area, menu, lang, charts, shown >= 1.0)
    content = panel_text(menu, play, lang, stats_pages, pad_labels)
    labels = [item_label(item, play, lang, setting_values, pad_labels) for item in menu.items]
    sheet = menu_sheet(text, menu, content, labels, area, lang, pad_labels, stats_pages, play.size)
    if shown < 1.0:
        return list(sheet.items)
    title = text.render(content.title, sheet.title_px, theme.text)
    surface.blit(title, title.get_rect(midtop=(area.centerx, sheet.title_y)))
    for line in sheet.lines:
        colour = theme.muted_text if line.muted else theme.text
        surface.blit(text.render(line.words, sheet.body_px, colour, line.weight), (line.x, line.y))
    if content.footer:
        footer = text.render(content.footer, sheet.body_px, theme.muted_text, BODY_WEIGHT)
        surface.blit(footer, footer.get_rect(midtop=(area.centerx, sheet.footer_y)))
    for index, (rect, words) in enumerate(zip(sheet.items, labels, strict=True)):
        active = menu.active(menu.items[index])
        draw_button(surface, text, theme, rect, words, sheet.label_px, index == menu.focus, active)
    return list(sheet.items)


def menu_sheet(
    text: Text,
    menu: MenuShot,
    content: PanelText,
    labels: list[str],
    area: pygame.Rect,
    lang: str,
    pad_labels: dict[str, str] | None = None,
    stats_pages: dict[int, list[str]] | None = None,
    size: int = 4,
) -> Sheet:
    """Where everything of `menu` goes in `area`. The pages of a paged menu (help, statistics)
    are fitted together: the size is the one at which the longest page fits, and their
    buttons stay put from page to page."""
    pages = [content]
    if menu.kind is ScreenKind.HELP:
        parts = help_parts(menu.pages)
        pages = [help_page(index, lang, pad_labels, size, parts) for index in range(menu.pages)]
    elif menu.kind is ScreenKind.STATS:
        pages = [
            stats_page(page, menu.pages, stats_pages or {}, lang) for page in range(menu.pages)
        ]
    rows = _item_rows(menu.items)
    fit_labels, fit_rows = labels, rows
    if menu.kind is ScreenKind.CONTROLS:
        # Fitted waiting or not, as a full page: turning a page or choosing an action moves
        # nothing; the words of the longest action name it waits for make the room.
        longest = max(CONTROL_ROWS, key=lambda action: len(tr(f"action_{action}", lang)))
        pages = [controls_text(menu.page, menu.pages, w, lang) for w in (None, longest)]
        full = controls_items(0)
        fit_labels, fit_rows = [""] * len(full), _item_rows(full)
    key = (
        area.size,
        text.scale,
        tuple(map(_page_key, pages)),
        tuple(fit_labels),
        tuple(map(tuple, fit_rows)),
    )
    px, block = _FITTED.get_or_make(key, lambda: _fitted(text, pages, fit_labels, fit_rows, area))
    top = area.y + max(0, (area.height - block) // 2)
    return _sheet(text, content, labels, rows, area, px, top, block)


# The size a menu's pages fit at, and the height of the tallest, by all that decides them: a
# frame looks them up, where it searched them (a help page at 1920x1080: 10 ms a frame).
_FITTED = LRU(64)


def _page_key(page: PanelText) -> tuple:
    return (page.title, tuple(page.lines), page.headings, page.footer, page.flush_left, page.prose)


def _fitted(text: Text, pages, labels, rows, area: pygame.Rect) -> tuple[int, int]:
    """The biggest body size at which every page fits `area`, and the tallest page's height."""

    def fits(px: int) -> bool:
        return all(_sheet(text, p, labels, rows, area, px).height <= area.height for p in pages)

    px = biggest_px(fits, text.most(body_px_limit(area)))
    return px, max(_sheet(text, page, labels, rows, area, px).height for page in pages)


def _item_rows(items: list[MenuItem]) -> list[list[int]]:
    rows: list[list[int]] = []
    for index, item in enumerate(items):
        if rows and len(rows[-1]) == 1 and (items[rows[-1][0]], item) in PAIRED_ITEMS:
            rows[-1].append(index)
        else:
            rows.append([index])
    return rows


def _sheet(
    text: Text,
    content: PanelText,
    labels: list[str],
    rows: list[list[int]],
    area: pygame.Rect,
    px: int,
    top: int = 0,
    block: int | None = None,
) -> Sheet:
    """The menu laid out with body text of `px`, from `top`; with `block`, the items sit at the
    block's foot (the same place on every help page). A page too tall for `area` in one
    column is laid in two, when the area is wide enough for two at this size. A page shorter
    than `block` spreads its paragraphs apart, up to SPREAD lines, rather than leave the
    room under it empty. Both for prose only."""
    common = (text, content, labels, rows, area, px, top)
    columns = 1
    sheet = _sheet_in(*common, None, columns)
    long = sheet.height > area.height and content.prose and len(content.lines) > 1
    if long and _two_columns_wide(area, px):
        columns = 2
        sheet = _sheet_in(*common, None, columns)
    if block is None:
        return sheet
    return _sheet_in(*common, block, columns, spare=max(0, block - sheet.height))


def _two_columns_wide(area: pygame.Rect, px: int) -> bool:
    return _width(area) >= px * (2 * COLUMN_MIN + GUTTER)


def _width(area: pygame.Rect) -> int:
    return round(area.width * 0.92)


def _sheet_in(
    text, content, labels, rows, area, px, top, block, columns: int, spare: int = 0
) -> Sheet:
    width = _width(area)
    title_px = text.fit_size(content.title, round(px * 1.7), (width, round(px * 2.2)), grows=False)
    y = top
    title_y = y
    y += text.font(title_px).get_linesize() + round(px * 0.3)
    line_h = round(px * LINE)
    gutter = px * GUTTER
    measure = px * (MEASURE if content.prose else LIST_MEASURE)
    column_w = min(measure, width if columns == 1 else (width - gutter) // 2)
    paragraphs = _paragraphs(text, content, px, column_w)
    parts = [paragraphs] if columns == 1 else _halves(paragraphs, line_h)
    gaps = max(_gaps(part) for part in parts)
    spread = min(round(line_h * SPREAD), spare // gaps) if content.prose and gaps else 0
    laid = [_column(part, line_h, spread) for part in parts]
    widths = [widest for _, widest, _ in laid]
    left = area.centerx - (sum(widths) + gutter * (len(laid) - 1)) // 2
    lines = []
    for column_lines, widest, _ in laid:
        for line, line_y in column_lines:
            x = left + line.x if content.flush_left else area.centerx - line.width // 2
            lines.append(Line(line.words, line.weight, x, y + line_y, line.width, line.muted))
        left += widest + gutter
    y += max(height for _, _, height in laid)
    footer_y = y + round(line_h * 0.3)
    if content.footer:
        y = footer_y + line_h
    item_h = round(px * BUTTON)
    item_gap = round(px * GAP)
    items_h = len(rows) * item_h + max(0, len(rows) - 1) * item_gap
    y += round(px * 0.8) if rows else 0
    if block is not None:
        y = max(y, top + block - items_h)
    rects: list[pygame.Rect | None] = [None] * len(labels)
    for row in rows:
        for index, rect in zip(row, button_row(area.centerx, y, width, len(row), px), strict=True):
            rects[index] = rect
        y += item_h + item_gap
    placed = tuple(rect for rect in rects if rect is not None)
    labels_px = min(
        (label_px(text, label, rect.size) for label, rect in zip(labels, placed, strict=True)),
        default=px,
    )
    height = (y - item_gap if rows else y) - top
    return Sheet(px, title_px, title_y, tuple(lines), footer_y, placed, labels_px, height)


# A paragraph wrapped: its lines (x: the indent, y: 0) and whether it is a heading.
Paragraph = tuple[list[Line], bool]


def _paragraphs(text: Text, content: PanelText, px: int, width: int) -> list[Paragraph]:
    """Each paragraph wrapped to `width`. Its later lines are indented on a page, so each
    paragraph's start shows at no cost of height."""
    indent = px if content.flush_left else 0
    paragraphs = []
    for index, paragraph in enumerate(content.lines):
        weight = "Bold" if index in content.headings else BODY_WEIGHT
        muted = index in content.muted
        lines = []
        for number, words in enumerate(text.wrap(paragraph, px, width - indent, weight) or ("",)):
            line_w = text.font(px, weight).size(words)[0]
            lines.append(Line(words, weight, indent if number else 0, 0, line_w, muted))
        paragraphs.append((lines, index in content.headings))
    return paragraphs


def _column(
    paragraphs: list[Paragraph], line_h: int, spread: int = 0
) -> tuple[list[tuple[Line, int]], int, int]:
    """The paragraphs one under the other, `spread` apart: their lines with the height of
    each, the widest line's width and the column's height. A heading below a paragraph is set
    off from it, and its own paragraph kept close."""
    lines = []
    widest = y = 0
    for number, (wrapped, heading) in enumerate(paragraphs):
        if number and heading:
            y += spread + round(line_h * 0.4)
        elif number and not paragraphs[number - 1][1]:
            y += spread
        for line in wrapped:
            lines.append((line, y))
            widest = max(widest, line.x + line.width)
            y += line_h
    return lines, widest, y


def _gaps(paragraphs: list[Paragraph]) -> int:
    """Where a column's paragraphs are spread apart: a heading keeps to its paragraph."""
    return sum(1 for number in range(1, len(paragraphs)) if not paragraphs[number - 1][1])


def _halves(paragraphs: list[Paragraph], line_h: int) -> list[list[Paragraph]]:
    """The paragraphs in two columns of heights as close as can be, split between two
    paragraphs (never right after a heading), at a heading where that is as good."""

    def cost(split: int) -> tuple[int, bool]:
        heights = (_column(paragraphs[:split], line_h)[2], _column(paragraphs[split:], line_h)[2])
        return max(heights), not paragraphs[split][1]

    splits = [k for k in range(1, len(paragraphs)) if not paragraphs[k - 1][1]]
    split = min(splits or [len(paragraphs) // 2], key=cost)
    return [paragraphs[:split], paragraphs[split:]]


def _veil(rect: pygame.Rect, colour: tuple[int, int, int, int]) -> pygame.Surface:
    veil = pygame.Surface(rect.size, pygame.SRCALPHA)
    veil.fill(colour)
    return veil
