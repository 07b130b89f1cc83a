"""The kept games' menus (R22, R23): the list of games, one game's choices with a picture of
its final board, and the four mistakes of a reviewed game. Each screen is a column
(game/view/panel.py) drawn at the biggest size at which it fits, and at one size whatever is
focused or on the page."""

from __future__ import annotations

from collections import Counter
from datetime import datetime

import pygame

from game.core.record import GameSummary, Outcome
from game.core.rules import Grid
from game.kept_games.review.mistakes import Finding, Mistake
from game.screens.items import Control, MistakeItem
from game.screens.screen import Item, ScreenKind
from game.screens.snapshot import GamesShot
from game.text import format_clock, tr
from game.view.board import BoardView
from game.view.layout import board_alone
from game.view.panel import (
    LINE,
    Block,
    Buttons,
    Card,
    Graphic,
    Graphics,
    Placed,
    Title,
    Words,
    draw_placed,
    fit_px,
    lay_out,
)
from game.view.render import FIELDS, Text
from game.view.review_words import describe
from game.view.theme import Theme

PAGE_BUTTONS = (Item.PREV_PAGE, Item.NEXT_PAGE)  # side by side, under the games
MEASURE = 1.5  # the four mistakes' column at its widest, in its heights
PICTURE_LINES = 5  # the picture of a game's final board, in lines of text
PICTURE_MIN_PX = 64  # a smaller picture shows specks, not tiles: the card goes without it
NUMBER_MIN_PX = 12  # a picture's tile whose number would be smaller shows its colour alone
TILES_NAMED = 4  # a picture too small for its numbers: its biggest tiles said in words
# A long game's row, so that the list keeps its size from page to page (a longer one still
# fits: the rows on the page are measured too).
_LONG = GameSummary(
    game_id=0,
    uid="",
    size=6,
    started_at=datetime(2028, 12, 28, 23, 58),
    outcome=Outcome.IN_PLAY,
    won=False,
    score=999_999,
    biggest_tile=65_536,
    moves=9_999,
    seconds=9 * 3600 + 59 * 60,
    steps=0,
    assisted_from=0,
)


def when(moment: datetime | None, lang: str = "en") -> str:
    """A date and time as the player's clock shows them (kept in UTC), or "date unknown"."""
    return local_time(moment) or tr("date_unknown", lang)


def local_time(moment: datetime | None) -> str | None:
    """None for a date that cannot be read or turned into local time (9999-12-31 ahead of
    UTC is past the last day a date can have)."""
    if moment is not None:
        try:
            return moment.astimezone().strftime("%Y-%m-%d %H:%M")
        except (OverflowError, OSError):  # past the range (OSError: Windows' local time)
            pass
    return None


def whose(summary: GameSummary, lang: str) -> str:
    if summary.imported:
        return tr("imported_game", lang)
    if summary.origin is not None:
        return tr("from_position", lang)
    return tr("assisted" if summary.assisted else "own_game", lang)


def outcome_words(summary: GameSummary, lang: str) -> str:
    """How the game stands: in play, won, lost or unfinished; a game played on past its 2048
    says it was won while it is still in play."""
    if summary.outcome is Outcome.IN_PLAY and summary.won:
        return tr("outcome_in_play_won", lang)
    return tr(f"outcome_{summary.outcome.value}", lang)


def row_lines(summary: GameSummary, lang: str) -> tuple[tuple[str, ...], ...]:
    """What the list says of a game: when, the board, how it ended, whose; then the score,
    the biggest tile, the moves and the time."""
    return (
        (
            when(summary.started_at, lang),
            tr("board", lang, n=summary.size),
            outcome_words(summary, lang),
            whose(summary, lang),
        ),
        (
            tr("games_score", lang, n=summary.score),
            tr("games_tile", lang, n=summary.biggest_tile),
            tr("games_moves", lang, n=summary.moves),
            format_clock(summary.seconds),
        ),
    )


def draw_column(
    surface: pygame.Surface,
    text: Text,
    theme: Theme,
    shot: GamesShot,
    variants: list[list[Block]],
    area: pygame.Rect,
    graphics: Graphics | None = None,
) -> Placed:
    """The first variant drawn at the size at which every variant fits, centred in `area`:
    where each of its pieces went."""
    placed = place_column(text, variants, area)

    def shown_active(index: int) -> bool:
        # The focus may rest on a mistake that found nothing, for its words: drawn ringed.
        return index == shot.focus or shot.active(index)

    draw_placed(surface, text, theme, placed, shot.focus, shown_active, graphics or {})
    return placed


def place_column(text: Text, variants: list[list[Block]], area: pygame.Rect) -> Placed:
    """The first variant laid out at the size at which every variant fits, its growing
    graphics given the height to spare, centred in `area`."""
    px = fit_px(text, variants, area)
    height = max(lay_out(text, blocks, area, px, fill=True).height for blocks in variants)
    top = area.move(0, max(0, (area.height - height) // 2))
    return lay_out(text, variants[0], top, px, fill=True)


def list_blocks(
    shot: GamesShot, lang: str, rows: tuple[GameSummary, ...] | None = None
) -> list[Block]:
    games = shot.games
    assert games is not None
    rows = games.rows if rows is None else rows
    items = shot.items
    blocks: list[Block] = [Title(tr("games", lang))]
    blocks += [Card(index, row_lines(summary, lang)) for index, summary in enumerate(rows)]
    if not rows:
        blocks.append(Words(tr("games_unreadable" if games.unreadable else "games_none", lang)))
    pages = tr("games_footer", lang, page=games.page + 1, pages=games.pages, n=games.total)
    blocks += [
        Buttons(tuple((items.index(item), tr(item.value, lang)) for item in PAGE_BUTTONS)),
        Words(pages, muted=True),
        Buttons(((items.index(Item.BACK), tr("back", lang)),)),
    ]
    return blocks


def draw_list(surface, text: Text, theme: Theme, lang: str, shot: GamesShot, area):
    assert shot.games is not None
    longest = (_LONG,) * shot.games.per_page
    variants = [list_blocks(shot, lang), list_blocks(shot, lang, longest)]
    return draw_column(surface, text, theme, shot, variants, area)


def game_blocks(
    shot: GamesShot, lang: str, picture: bool = True, tiles: bool = False, scale: float = 1.0
) -> list[Block]:
    """A game's date, its final board's picture (unless left out) or, with `tiles`, its
    biggest tiles in words too (a picture too small to number them), what it was, and its
    buttons. At a larger text size (`scale`) Replay and Review (short words) share a row, so
    that the words can grow."""
    s, job = shot.chosen, shot.review
    assert s is not None
    review = tr("review", lang)
    if job is not None and job.running:
        review = tr("review_running", lang, percent=round(job.fraction * 100))
    replay = tr("replay", lang)
    if shot.opening is not None:
        replay = tr("replay_preparing", lang, percent=round(shot.opening * 100))
    labels = {
        Control.REPLAY: replay,
        Control.REVIEW: review,
        Control.PRACTISE: tr("practise", lang),
        Control.EXPORT: tr("export", lang),
        Item.BACK: tr("back", lang),
    }
    how = (tr("board", lang, n=s.size), outcome_words(s, lang), whose(s, lang))
    played = (tr("games_moves", lang, n=s.moves), format_clock(s.seconds))
    date = local_time(s.started_at)
    buttons = [(index, labels[item]) for index, item in enumerate(shot.items)]  # type: ignore[index]
    rows = [buttons[:2], *([button] for button in buttons[2:])] if scale > 1.0 else None
    board = Graphic("final_board", PICTURE_LINES, grow=True, square=True)
    return [
        Title(tr("game_title", lang, date=date) if date else tr("game_title_undated", lang)),
        *([board] if picture else []),
        *([Words(tr("game_tiles", lang, tiles=tiles_words(shot)))] if tiles else []),
        Words(FIELDS.join(how)),
        Words(tr("game_detail", lang, score=s.score, tile=s.biggest_tile)),
        Words(FIELDS.join(played)),
        *(Buttons(tuple(row)) for row in rows or ([button] for button in buttons)),
    ]


def draw_game(
    surface,
    text: Text,
    theme: Theme,
    lang: str,
    shot: GamesShot,
    area,
    picture: BoardView,
) -> Placed:
    """A game's card; `picture` draws its final board."""
    scale = text.scale
    blocks = game_blocks(shot, lang, scale=scale)
    if fit_px(text, [blocks], area) * LINE * PICTURE_LINES < PICTURE_MIN_PX:
        blocks = game_blocks(shot, lang, picture=False, tiles=True, scale=scale)
    elif not numbered(picture, shot, place_column(text, [blocks], area)):
        blocks = game_blocks(shot, lang, tiles=True, scale=scale)

    def final_board(surface: pygame.Surface, rect: pygame.Rect) -> None:
        draw_final_board(surface, rect, theme, shot, picture)

    return draw_column(surface, text, theme, shot, [blocks], area, {"final_board": final_board})


def final_grid(shot: GamesShot) -> Grid:
    """The chosen game's last position; while the game opens, an empty board of its size."""
    assert shot.chosen is not None
    size = shot.chosen.size
    return shot.positions[-1].grid if shot.positions else ((0,) * size,) * size


def numbered(picture: BoardView, shot: GamesShot, placed: Placed) -> bool:
    """Whether the picture laid out in `placed` shows every tile's number."""
    rect = next(piece.rect for piece in placed.pieces if piece.name == "final_board")
    grid = final_grid(shot)
    side = min(rect.width, rect.height)
    cell = board_alone(side, side, len(grid), 0, 0, side).cell
    return all(picture.shows_number(value, cell) for row in grid for value in row if value)


def tiles_words(shot: GamesShot) -> str:
    """The final board's biggest tiles, the biggest first: "2048 · 1024 · 512 ×2"."""
    tiles = Counter(value for row in final_grid(shot) for value in row if value)
    biggest = sorted(tiles, reverse=True)[:TILES_NAMED]
    return FIELDS.join(f"{v} ×{tiles[v]}" if tiles[v] > 1 else str(v) for v in biggest)


def draw_final_board(
    surface: pygame.Surface,
    rect: pygame.Rect,
    theme: Theme,
    shot: GamesShot,
    view: BoardView,
) -> None:
    """The chosen game's last position, a square centred in `rect`; while the game opens, its
    board empty, the same size, so that nothing moves when the tiles come."""
    grid = final_grid(shot)
    size = len(grid)
    side = min(rect.width, rect.height)
    at = (rect.centerx - side // 2, rect.y + (rect.height - side) // 2)
    view.reset(grid)
    view.draw(surface, board_alone(*surface.get_size(), size, *at, side), theme, 0.0)


def finding_words(finding: Finding | None, lang: str) -> list[str]:
    """A mistake's sentence: how often, and for the four directions the moves of each."""
    if finding is None:
        return [tr("mistakes_hint", lang)]
    _, detail = describe(finding, lang)
    if finding.mistake is not Mistake.ALL_DIRECTIONS:
        return [detail]
    up, down, left, right = finding.directions
    moves = tr("mistake_directions", lang, up=up, down=down, left=left, right=right)
    return [detail, moves]


def mistakes_blocks(shot: GamesShot, lang: str, shown: Finding | None) -> list[Block]:
    """The four mistakes, Back, then the focused one's words: under the list, so that the
    list keeps its place whatever their length."""
    job = shot.review
    buttons: list[Block] = []
    for index, item in enumerate(shot.items):
        if isinstance(item, MistakeItem):
            finding = job.finding(item.mistake) if job is not None else None
            name = tr(f"mistake_{item.mistake.value}", lang)
            label = tr("mistake_item", lang, name=name, count=finding.count if finding else 0)
        else:
            label = tr("back", lang)
        buttons.append(Buttons(((index, label),)))
    words = [Words(line) for line in finding_words(shown, lang)]
    return [Title(tr("mistakes_title", lang)), *buttons, *words]


def draw_mistakes(surface, text: Text, theme: Theme, lang: str, shot: GamesShot, area):
    job = shot.review
    findings = list(job.result.findings) if job is not None and job.result is not None else []
    focused = shot.items[shot.focus] if shot.items and shot.focus is not None else None
    shown = None
    if isinstance(focused, MistakeItem) and job is not None:
        shown = job.finding(focused.mistake)
    variants = [mistakes_blocks(shot, lang, shown)]
    variants += [mistakes_blocks(shot, lang, finding) for finding in [None, *findings]]
    # Their words at a measure that reads, not across the whole of a wide window, and clear
    # of its edges (they fill their lines, where buttons leave a margin).
    wide = min(round(area.width * 0.94), round(area.height * MEASURE))
    column = pygame.Rect(0, 0, wide, area.height)
    column.center = area.center
    return draw_column(surface, text, theme, shot, variants, column)


SCREENS = {ScreenKind.GAMES: draw_list, ScreenKind.MISTAKES: draw_mistakes}  # a game's: draw_game
