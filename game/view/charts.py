"""The statistics of one board size as pictures (game/kept_games/charts/), a chart a page: the last
scores, the biggest tiles reached, the time played a week, the average loss of the reviewed
games. Drawn like the review's plot (game/view/plot.py): a framed band on the theme's
background, figures at the ticks, the loss on the review's log scale, and under each chart a
caption naming its unit. A chart with nothing to show says so in words, never empty axes.

The screen is a column (game/view/panel.py): the title, the chart's name, the chart taking
the height to spare, its caption, the page, and the buttons; every page is fitted at one text
size, so turning a page changes the chart, never the buttons' places. The figures' labels are
placed one by one, and one that would touch another is left out (the first and the last
first), so they never overlap however narrow the chart.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.kept_games.charts.figures import LAST_GAMES, WEEKS_SHOWN, ChartFigures
from game.screens.menus import CHART_PAGES
from game.screens.screen import Item
from game.screens.snapshot import MenuShot
from game.text import tr
from game.view.panel import (
    Block,
    Buttons,
    Graphic,
    Placed,
    Title,
    Words,
    body_px_limit,
    draw_placed,
    fit_px,
    lay_out,
)
from game.view.plot import LABEL_MIN_PX, LOSS_TOP_LEAST, loss_height, loss_ticks
from game.view.render import Text
from game.view.review_words import decimal
from game.view.theme import Theme

CHART_LINES = 8  # a chart's least height, in lines of text: its ticks stay apart
WEIGHT = "Medium"
HOURS_FROM_MINUTES = 120  # a week's most past two hours: the chart counts hours
TICKS = 4  # a linear scale's steps, about
PAGE_BUTTONS = (Item.PREV_PAGE, Item.NEXT_PAGE)  # side by side, Back under them


@dataclass(frozen=True)
class Scale:
    """A chart's upright scale: its ticks (label, height from 0 to 1) and where a value is."""

    ticks: tuple[tuple[str, float], ...]
    height: Callable[[float], float]


def draw_charts(
    surface: pygame.Surface,
    text: Text,
    theme: Theme,
    area: pygame.Rect,
    menu: MenuShot,
    lang: str,
    figures: ChartFigures | None,
    visible: bool = True,
) -> list[pygame.Rect]:
    """The charts' page of `menu` in `area` (drawn only if `visible`: a fading veil shows
    first); where each of its items is, in order."""
    assert menu.size is not None, "the charts' menu names its board size"
    if figures is None or figures.size != menu.size:
        figures = ChartFigures(menu.size, reading=True)  # asked for, not yet read
    variants = [_blocks(menu, page, figures, lang) for page in range(len(CHART_PAGES))]
    limit = max(13, round(min(area.width, area.height) / 30))  # the chart keeps the room
    px = fit_px(text, variants, area, min(limit, body_px_limit(area)))
    placed = lay_out(text, variants[menu.page], area, px, fill=True)
    if visible:
        page = CHART_PAGES[menu.page]

        def chart(surface: pygame.Surface, rect: pygame.Rect) -> None:
            draw_chart(surface, rect, text, theme, lang, page, figures, px)

        active = [menu.active(item) for item in menu.items]
        draw_placed(surface, text, theme, placed, menu.focus, active.__getitem__, {"chart": chart})
    return _item_rects(placed, len(menu.items))


def _item_rects(placed: Placed, count: int) -> list[pygame.Rect]:
    rects = placed.item_rects()
    return [rects[index] for index in range(count)]


def _blocks(menu: MenuShot, page: int, figures: ChartFigures, lang: str) -> list[Block]:
    items = menu.items
    name, caption = chart_words(CHART_PAGES[page], figures, lang)
    pairs = tuple((items.index(item), tr(item.value, lang)) for item in PAGE_BUTTONS)
    return [
        Title(tr("charts_title", lang, n=figures.size)),
        Words(name, "Bold"),
        Graphic("chart", CHART_LINES, grow=True),
        Words(caption, muted=True),
        Words(tr("help_footer", lang, page=page + 1, pages=len(CHART_PAGES)), muted=True),
        Buttons(pairs),
        Buttons(((items.index(Item.BACK), tr(Item.BACK.value, lang)),)),
    ]


def chart_words(page: str, figures: ChartFigures, lang: str) -> tuple[str, str]:
    """A chart's name and its caption (which names its unit)."""
    match page:
        case "scores":
            shown = len(figures.scores) or LAST_GAMES
            return tr("chart_scores", lang, n=shown), tr("chart_scores_caption", lang)
        case "tiles":
            return tr("chart_tiles", lang), tr("chart_tiles_caption", lang)
        case "weeks":
            unit = "chart_weeks_hours" if _in_hours(figures) else "chart_weeks_minutes"
            return tr("chart_weeks", lang), tr(unit, lang, n=WEEKS_SHOWN)
    return tr("chart_loss", lang), tr("chart_loss_caption", lang)


def chart_message(page: str, figures: ChartFigures, lang: str) -> str | None:
    """What a chart says instead, when it has nothing to draw; None when it has."""
    if figures.reading:
        return tr("charts_reading", lang)
    if figures.unreadable:
        return tr("games_unreadable", lang)
    n = figures.size
    match page:
        case "scores" | "tiles" if not figures.scores and not figures.tiles:
            return tr("chart_no_games", lang, n=n)
        case "weeks" if not figures.played_lately:
            return tr("chart_no_time", lang, n=n, weeks=WEEKS_SHOWN)
        case "loss" if not figures.losses:
            return tr("chart_no_reviews", lang, n=n)
    return None


def draw_chart(
    surface: pygame.Surface,
    rect: pygame.Rect,
    text: Text,
    theme: Theme,
    lang: str,
    page: str,
    figures: ChartFigures,
    px: int,
) -> list[pygame.Rect]:
    """One chart in `rect`, its labels at about the column's size `px`; where its words went."""
    surface.fill(theme.background, rect)
    pygame.draw.rect(surface, theme.empty_cell, rect, max(1, rect.height // 90))
    lpx = max(LABEL_MIN_PX, round(px * 0.85))
    message = chart_message(page, figures, lang)
    if message is not None:
        return _say(surface, rect, text, theme, message, max(LABEL_MIN_PX, px))
    match page:
        case "scores":
            scale = _linear(max(figures.scores), _score_figure)
            return _line(surface, rect, text, theme, figures.scores, scale, lpx)
        case "tiles":
            counts = [count for _, count in figures.tiles]
            scale = _linear(max(counts), lambda count: f"{count:g}")
            labels = [str(tile) for tile, _ in figures.tiles]
            return _bars(surface, rect, text, theme, counts, labels, scale, lpx)
        case "weeks":
            per = 3600 if _in_hours(figures) else 60
            amounts = [week.seconds / per for week in figures.weeks]
            scale = _linear(max(amounts), lambda v: _decimal_figure(v, lang), whole=per == 60)
            labels = [week.monday.strftime("%m-%d") for week in figures.weeks]
            return _bars(surface, rect, text, theme, amounts, labels, scale, lpx)
    top = max(LOSS_TOP_LEAST, *figures.losses)
    ticks = tuple((decimal(loss, lang), loss_height(loss, top)) for loss in loss_ticks(top))
    scale = Scale(ticks, lambda loss: loss_height(loss, top))
    return _line(surface, rect, text, theme, figures.losses, scale, lpx)


def _in_hours(figures: ChartFigures) -> bool:
    most = max((week.seconds for week in figures.weeks), default=0.0)
    return most >= HOURS_FROM_MINUTES * 60


def _say(surface, rect: pygame.Rect, text: Text, theme: Theme, words: str, px: int):
    """`words` in the middle of the chart's frame, wrapped to it."""
    width = round(rect.width * 0.9)
    lines = text.wrap(words, px, width, WEIGHT)
    line_h = text.font(px, WEIGHT).get_linesize()
    y = rect.centery - line_h * len(lines) // 2
    drawn = []
    for line in lines:
        image = text.render(line, px, theme.text, WEIGHT)
        box = image.get_rect(midtop=(rect.centerx, y))
        surface.blit(image, box)
        drawn.append(box)
        y += line_h
    return drawn


# -- scales -----------------------------------------------------------------------------------


def _linear(most: float, figure: Callable[[float], str], whole: bool = True) -> Scale:
    """From 0 to a round figure at or above `most`, in about TICKS round steps (1, 2 or 5
    times a power of ten; whole numbers only if `whole`)."""
    step = nice_step(most)
    if whole:
        step = max(1.0, step)
    steps = max(1, math.ceil(most / step - 1e-9))
    top = steps * step
    ticks = tuple((figure(n * step), n / steps) for n in range(steps + 1))
    return Scale(ticks, lambda value: value / top)


def nice_step(most: float) -> float:
    """The round step that cuts 0 to `most` into TICKS parts or a few fewer."""
    if most <= 0:
        return 1.0
    power = 10.0 ** math.floor(math.log10(most / TICKS))
    return next(m * power for m in (1, 2, 5, 10) if m * power * TICKS >= most)


def _score_figure(value: float) -> str:
    """A score on the scale: 5000, then 10k, 15k (a round step's figures stay short)."""
    if value >= 10_000:
        return f"{value / 1000:g}k"
    return f"{value:g}"


def _decimal_figure(value: float, lang: str) -> str:
    words = f"{round(value, 2):g}"
    return words.replace(".", ",") if lang == "el" else words


# -- the drawing ------------------------------------------------------------------------------


def _axes(
    surface: pygame.Surface,
    rect: pygame.Rect,
    text: Text,
    theme: Theme,
    scale: Scale,
    across: Sequence[tuple[str, float]],
    lpx: int,
) -> tuple[pygame.Rect, list[pygame.Rect]]:
    """The scale's lines and figures at the left, and the `across` labels (words, where from 0
    to 1) under the chart: the chart's own rectangle, and where the words went."""
    font = text.font(lpx, WEIGHT)
    pad = max(2, lpx // 3)
    line_h = font.get_linesize()
    label_w = max(font.size(label)[0] for label, _ in scale.ticks)
    left = rect.x + 2 * pad + label_w
    top = rect.y + pad + line_h // 2
    plot = pygame.Rect(left, top, rect.right - 2 * pad - left, rect.bottom - 2 * pad - line_h - top)
    inside = rect.inflate(-2 * pad, -2 * pad)
    taken: list[pygame.Rect] = []
    for label, height in _first_and_last_first(scale.ticks):
        y = height_y(plot, height)
        pygame.draw.line(surface, theme.empty_cell, (plot.x, y), (plot.right - 1, y), 1)
        image = text.render(label, lpx, theme.muted_text, WEIGHT)
        _place(surface, image, image.get_rect(midright=(plot.x - pad, y)), inside, taken, pad)
    pygame.draw.line(surface, theme.muted_text, plot.bottomleft, plot.topleft, 1)
    pygame.draw.line(surface, theme.muted_text, plot.bottomleft, plot.bottomright, 1)
    under = pygame.Rect(plot.x, inside.y, inside.right - plot.x, inside.height)  # clear of "0"
    for label, where in _first_and_last_first(across):
        image = text.render(label, lpx, theme.muted_text, WEIGHT)
        box = image.get_rect(midtop=(plot.x + round(where * (plot.width - 1)), plot.bottom + pad))
        _place(surface, image, box, under, taken, pad)
    return plot, taken


def height_y(plot: pygame.Rect, height: float) -> int:
    """The row of a height from 0 (the chart's foot) to 1 (its top)."""
    return plot.bottom - 1 - round(min(1.0, max(0.0, height)) * (plot.height - 1))


def _first_and_last_first(labels: Sequence[tuple[str, float]]) -> list[tuple[str, float]]:
    """The first and the last labels are placed before the others, so they always show."""
    if len(labels) < 3:
        return list(labels)
    return [labels[0], labels[-1], *labels[1:-1]]


def _place(surface, image, box: pygame.Rect, inside: pygame.Rect, taken, gap: int) -> None:
    """Draw a label in `box`, moved inside `inside`, unless it would touch one drawn before."""
    box = box.clamp(inside)
    if not any(box.colliderect(other.inflate(gap, 0)) for other in taken):
        surface.blit(image, box)
        taken.append(box)


def _line(surface, rect, text: Text, theme: Theme, values: Sequence[float], scale: Scale, lpx):
    """A point a game, oldest on the left, joined by a line; the games counted underneath."""
    count = len(values)
    across = [
        (str(n), (n - 1) / max(1, count - 1))
        for n in range(1, count + 1)
        if n in (1, count) or n % 10 == 0
    ]
    if count == 1:
        across = [("1", 0.5)]
    plot, words = _axes(surface, rect, text, theme, scale, across, lpx)
    spacing = (plot.width - 1) / max(1, count - 1)
    points = [
        (
            plot.x + (round(n * spacing) if count > 1 else plot.width // 2),
            height_y(plot, scale.height(value)),
        )
        for n, value in enumerate(values)
    ]
    width = max(1, plot.height // 90)
    if count > 1:
        pygame.draw.lines(surface, theme.text, False, points, width)
        dot = max(2, min(round(lpx / 3), int(spacing) - 2))
    else:  # one game: its level across the chart and a mark as big as a word, not a 5 px dot
        [(_, y)] = points
        pygame.draw.line(surface, theme.text, (plot.x, y), (plot.right - 1, y), width)
        dot = max(6, lpx)
    for x, y in points:
        surface.fill(theme.accent, pygame.Rect(x - dot // 2, y - dot // 2, dot, dot))
    return words


def _bars(surface, rect, text: Text, theme: Theme, values, labels, scale: Scale, lpx):
    """A bar a value, each as tall as the value on the scale, labelled underneath."""
    count = len(values)
    slot = 1 / count
    across = [(label, (n + 0.5) * slot) for n, label in enumerate(labels)]
    plot, words = _axes(surface, rect, text, theme, scale, across, lpx)
    width = max(1, min(round(plot.width * slot * 0.7), lpx * 4))  # a few bars stay bars
    for n, value in enumerate(values):
        if value <= 0:
            continue
        top = height_y(plot, scale.height(value))  # the row its figure's tick is at
        x = plot.x + round((n + 0.5) * slot * (plot.width - 1)) - width // 2
        surface.fill(theme.accent, pygame.Rect(x, top, width, plot.bottom - top))
    return words
