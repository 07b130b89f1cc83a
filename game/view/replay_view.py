"""The replay and the review on screen (R22, R23): the board, animated as in play, and beside
or under it a column with the position's numbers, the seek bar or the plot, and the controls.

The board takes what the column leaves: under it in tall windows, beside it in wide ones,
whichever gives the bigger board. The column is measured with its longest words (the
biggest numbers), so the board stays put while the numbers change.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.core.record import Action
from game.screens.items import REPLAY_ITEMS, REVIEW_ITEMS, Control
from game.screens.review import TrackKind
from game.screens.screen import Item, ScreenKind
from game.screens.snapshot import GamesShot
from game.text import format_clock, tr
from game.view.board import BoardView, draw_move_arrows
from game.view.layout import Layout, board_alone
from game.view.panel import Block, Buttons, Graphic, Placed, Title, Words, draw_placed, lay_out
from game.view.plot import Plot
from game.view.render import Text
from game.view.review_words import (
    cost_words,
    grade_words,
    longest_cost_words,
    longest_grade_words,
    played_words,
    summary_lines,
)
from game.view.shapes import rounded_rect
from game.view.theme import Theme

COLUMN_WIDTH = 18  # the column beside the board, in font sizes
STEP_ARROWS = {Action.UP: "↑", Action.DOWN: "↓", Action.LEFT: "←", Action.RIGHT: "→"}
LEAST_LABEL_PX = 12  # a button's words are never drawn smaller
LAST_ROW = (Control.PLAY_ON, Item.BACK)  # under the replay's and the review's controls
ICONS = {
    Control.TO_START: "to_start",
    Control.STEP_BACK: "step_back",
    Control.PLAY: "play",
    Control.STEP_FORWARD: "step_forward",
    Control.TO_END: "to_end",
    Control.SLOWER: "slower",
    Control.FASTER: "faster",
}


@dataclass(frozen=True)
class Arrangement:
    board: Layout
    column: pygame.Rect
    px: int


def arrange(
    text: Text, width: int, height: int, size: int, variants: list[list[Block]]
) -> Arrangement:
    """The board and the column, at the biggest text a readable board leaves room for: at a
    larger text size the board yields more of the window to the words."""
    margin = max(6, round(min(width, height) * 0.025))
    px = max(12, text.most(min(width, height) / 26))
    while True:
        tall_w = width - 2 * margin
        tall_h = _height(_placed(text, variants, tall_w, px))
        tall_side = min(tall_w, height - tall_h - 3 * margin)
        # At a larger text size the column is wider, in font sizes and in the window: its
        # words take fewer lines, so that they can grow in the window's height.
        wide_w = min(round(px * COLUMN_WIDTH * text.scale), round(width * (1 - 0.5 / text.scale)))
        wide = _placed(text, variants, wide_w, px)
        wide_h = _height(wide)
        wide_side = min(height - 2 * margin, width - wide_w - 3 * margin)
        if wide_h > height - 2 * margin or not _labels_read(wide):
            wide_side = 0  # a board beside words that do not fit, or buttons too small to read
        side = max(tall_side, wide_side)
        if side >= min(width, height) * 0.45 / text.scale or px <= 12:
            break
        px -= 1
    side = max(side, 1)
    if wide_side > tall_side:
        left = (width - side - margin - wide_w) // 2
        board = board_alone(width, height, size, left, (height - side) // 2, side)
        column = pygame.Rect(left + side + margin, (height - wide_h) // 2, wide_w, wide_h)
    else:
        top = max(margin, (height - side - margin - tall_h) // 2)
        board = board_alone(width, height, size, (width - side) // 2, top, side)
        column = pygame.Rect(margin, top + side + margin, tall_w, tall_h)
    return Arrangement(board, column, px)


def _placed(text: Text, variants: list[list[Block]], width: int, px: int) -> list[Placed]:
    """Each variant of the column laid out `width` wide, once for both measures below."""
    area = pygame.Rect(0, 0, max(width, 1), 1 << 20)
    return [lay_out(text, blocks, area, px) for blocks in variants]


def _height(placed: list[Placed]) -> int:
    return max(column.height for column in placed)


def _labels_read(placed: list[Placed]) -> bool:
    """Whether every button's words are drawn at LEAST_LABEL_PX or more: a narrow column
    beside the board squeezes a row of two long labels."""
    pieces = (piece for column in placed for piece in column.pieces)
    return all(piece.px >= LEAST_LABEL_PX for piece in pieces if piece.kind == "button")


# -- the replay --------------------------------------------------------------------------------


def replay_blocks(shot: GamesShot, lang: str, longest: bool = False) -> list[Block]:
    replaying, record = shot.replay, shot.record
    assert replaying is not None and record is not None
    # Where it is among the game's steps (an undo is one): its move counter would read "Move 6
    # of 5" after an undo.
    position, step, total = replaying.position, replaying.index, replaying.last
    score, seconds = position.score, position.seconds
    if longest:  # the numbers at their widest: the column's size never jumps
        step, score, seconds = total, record.summary.score * 10 + 9, max(seconds, 36000.0)
    where = tr("replay_step", lang, n=step, total=total)
    actions = list(Action) if longest else [position.step.action] if position.step else []
    if actions:  # the step just played, its widest while measuring
        where = f"{where} · {max((step_words(a, lang) for a in actions), key=len)}"
    per_second = replaying.fastest if longest else replaying.per_second
    speed = tr("replay_speed", lang, n=f"{per_second:g}")
    numbers = f"{tr('games_score', lang, n=score)} · {format_clock(seconds)} · {speed}"
    play = "pause" if replaying.playing else "play"
    controls = tuple(
        (index, f"icon:{play if item is Control.PLAY else ICONS[item]}")
        for index, item in enumerate(REPLAY_ITEMS)
        if item in ICONS
    )
    return [
        Title(tr("replay", lang)),
        Words(where, "Bold"),
        Words(numbers, "Medium"),
        Graphic("seek", 1.0, REPLAY_ITEMS.index(Control.SEEK)),
        Buttons(controls, wide=True),
        Buttons(tuple((REPLAY_ITEMS.index(item), tr(item.value, lang)) for item in LAST_ROW)),
        Words(tr("replay_keys", lang), muted=True),
    ]


def step_words(action: Action, lang: str) -> str:
    """Which way a step went: "← left", or "undo"."""
    if action is Action.UNDO:
        return tr("replay_undo", lang)
    return f"{STEP_ARROWS[action]} {tr(action.value, lang)}"


def draw_seek(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, fraction: float) -> None:
    """A bar along the game, filled to the position shown, with a knob there."""
    bar = pygame.Rect(rect.x, rect.centery - rect.height // 6, rect.width, max(2, rect.height // 3))
    rounded_rect(surface, theme.empty_cell, bar, bar.height // 2)
    filled = bar.copy()
    filled.width = max(bar.height, round(bar.width * fraction))
    rounded_rect(surface, theme.panel, filled, bar.height // 2)
    knob = (min(max(bar.x + round(bar.width * fraction), bar.x), bar.right), bar.centery)
    pygame.draw.aacircle(surface, theme.accent, knob, max(3, rect.height * 2 // 5))


def draw_icon(surface: pygame.Surface, rect: pygame.Rect, name: str, colour) -> None:
    """A replay control's icon, drawn (no font has them all): triangles and bars."""
    side = min(rect.width, rect.height)
    box = pygame.Rect(0, 0, side, side)
    box.center = rect.center
    bar_w = max(2, side // 6)
    x, y, s = box.x, box.y, side

    def triangle(left: float, right: float, pointing: int) -> None:
        tip, back = (right, left) if pointing > 0 else (left, right)
        points = [(x + back * s, y), (x + tip * s, y + s / 2), (x + back * s, y + s)]
        pygame.draw.polygon(surface, colour, points)

    def bar(at: float) -> None:
        surface.fill(colour, pygame.Rect(round(x + at * s - bar_w / 2), y, bar_w, s))

    match name:
        case "play":
            triangle(0.2, 0.9, 1)
        case "pause":
            bar(0.3), bar(0.7)
        case "step_back":
            triangle(0.1, 0.65, -1), bar(0.85)
        case "step_forward":
            bar(0.15), triangle(0.35, 0.9, 1)
        case "to_start":
            bar(0.08), triangle(0.15, 0.55, -1), triangle(0.55, 0.95, -1)
        case "to_end":
            triangle(0.05, 0.45, 1), triangle(0.45, 0.85, 1), bar(0.92)
        case "slower" | "faster":
            surface.fill(colour, pygame.Rect(x, round(y + s / 2 - bar_w / 2), s, bar_w))
            if name == "faster":
                bar(0.5)


# -- the review --------------------------------------------------------------------------------


def review_blocks(
    shot: GamesShot, lang: str, longest: bool = False, running: bool | None = None
) -> list[Block]:
    """The review's column; `longest`: at its longest while the review runs (`running`) or
    once it is done, so that the board keeps its size through both."""
    job = shot.review
    assert job is not None
    running = job.running if running is None else running
    blocks: list[Block] = []
    if running:
        percent = round(job.fraction * 100)
        blocks += [Words(tr("review_progress", lang, percent=percent), "Bold")]
        blocks += [Graphic("progress", 0.6)]
    elif job.checking is not None and not longest:  # the counts would not hold meanwhile
        done, count = job.checking
        blocks += [Words(tr("review_checking", lang, done=done, count=count), "Bold")]
    else:
        blocks += [Words(line, "Bold") for line in summary_lines(job.result, lang, longest)]
    blocks += [Words(line, "Medium") for line in move_lines(shot, lang, longest, running)]
    buttons = [(index, tr(item.value, lang)) for index, item in enumerate(REVIEW_ITEMS)]
    return [
        *blocks,
        Graphic("plot", 3.5, REVIEW_ITEMS.index(Control.SEEK), grow=True),
        Buttons(tuple(buttons[1:3])),
        Buttons(tuple(buttons[3:5])),
        Buttons(tuple(buttons[5:])),
    ]


def move_lines(
    shot: GamesShot, lang: str, longest: bool = False, running: bool = False
) -> list[str]:
    """Which moves are stepped through and where, then the move: played, best, its grade, and
    for a flagged move its games played on."""
    job, track = shot.review, shot.track
    assert job is not None and track is not None
    if not track.where and not longest:
        return [tr("review_none", lang)]
    count = len(track.where)
    name = track.kind.value
    fields = {"at": count if longest else track.at + 1, "count": count}
    if track.kind is TrackKind.MISTAKE and track.mistake is not None:
        name = "mistake"
        fields["name"] = tr(f"mistake_{track.mistake.value}", lang)
    if longest:
        name, fields["name"] = "mistake", tr("mistake_all_directions", lang)
    lines = [tr(f"track_{name}", lang, **fields)]
    index = track.position or 0
    grade = job.grade
    number = shot.positions[min(index + 1, len(shot.positions) - 1)].moves
    if grade is None and not longest:
        return [*lines, tr("review_move", lang, n=number, played="…", best="…")]
    lines.append(played_words(grade, number, lang, longest))
    if longest:
        return [*lines, f"{longest_grade_words(lang)}\n{longest_cost_words(lang, running)}"]
    assert grade is not None
    if grade.forced:
        return [*lines, tr("review_only_move", lang)]
    words = cost_words(job.estimate, grade, lang)
    # The games played on go right under the grade: one block, no gap between them.
    return [*lines, grade_words(grade, lang) + (f"\n{words}" if words else "")]


def draw_progress(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, fraction: float):
    bar = rect.inflate(0, -rect.height // 4)
    rounded_rect(surface, theme.empty_cell, bar, bar.height // 2)
    filled = bar.copy()
    filled.width = max(bar.height, round(bar.width * fraction))
    rounded_rect(surface, theme.accent, filled, bar.height // 2)


# -- both --------------------------------------------------------------------------------------


def draw_board_screen(
    surface: pygame.Surface,
    text: Text,
    theme: Theme,
    lang: str,
    shot: GamesShot,
    board: BoardView,
    plot: Plot,
    ahead: float,
) -> tuple[Placed, pygame.Rect]:
    """The replay or the review: where each of its pieces was drawn, and the board's
    rectangle."""
    replay = shot.kind is ScreenKind.REPLAY
    if replay:
        variants = [
            replay_blocks(shot, lang),
            replay_blocks(shot, lang, longest=True),
        ]
    else:
        variants = [
            review_blocks(shot, lang),
            *(review_blocks(shot, lang, longest=True, running=r) for r in (True, False)),
        ]
    record = shot.record
    assert record is not None
    width, height = surface.get_size()
    arrangement = arrange(text, width, height, record.size, variants)
    layout = arrangement.board
    board.draw(surface, layout, theme, ahead)
    job = shot.review
    graphics = {}
    if replay:
        replaying = shot.replay
        fraction = replaying.index / replaying.last if replaying and replaying.last else 0.0
        graphics["seek"] = lambda s, r: draw_seek(s, r, theme, fraction)
    else:
        assert job is not None and shot.track is not None
        index = shot.track.position
        grade = job.grade
        if grade is not None and not board.animating:
            draw_move_arrows(surface, board, layout, theme, grade.played, grade.better)
        graphics["progress"] = lambda s, r: draw_progress(s, r, theme, job.fraction)
        graphics["plot"] = lambda s, r: plot.draw(
            s,
            r,
            theme,
            lang,
            shot.positions,
            job.result,
            index,
            round(arrangement.px * 0.85),
        )
    placed = lay_out(text, variants[0], arrangement.column, arrangement.px, fill=True)
    draw_placed(
        surface,
        text,
        theme,
        placed,
        shot.focus,
        shot.active,
        graphics,
        draw_icon,
    )
    return placed, layout.board
