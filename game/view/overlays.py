"""Banners, panels and menus drawn over the game: the win banner, the game-over panel, the
pause menu, the new-game confirmation, help and statistics. Each returns where its items are,
so a click can find them."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.menus import HELP_PAGES, Menu, MenuKind
from game.session import Session
from game.settings import SETTINGS
from game.text import format_clock, help_lines, tr
from game.view.layout import Layout
from game.view.render import LRU, Text
from game.view.theme import Theme


@dataclass(frozen=True)
class PanelText:
    title: str
    lines: list[str]
    headings: frozenset[int] = frozenset()  # indexes of lines drawn as headings


def item_label(item: str, session: Session, lang: str, values: dict[str, str]) -> str:
    """A menu item's words; a setting shows its current value."""
    if item == "undo":
        return tr("undo_n", lang, n=session.game.undos_left)
    if item in values:
        return f"{tr(SETTINGS[item].label, lang)}: {values[item]}"
    return tr(item, lang)


def panel_text(
    menu: Menu,
    session: Session,
    lang: str,
    stats_lines: list[str],
    pad_labels: dict[str, str] | None = None,
) -> PanelText:
    game = session.game
    match menu.kind:
        case MenuKind.WON:
            detail = tr("won_detail", lang, moves=game.moves, time=format_clock(game.seconds))
            return PanelText(tr("you_win", lang), [detail])
        case MenuKind.OVER:
            return PanelText(
                tr("game_over", lang),
                [
                    tr("over_detail", lang, score=game.score, tile=game.biggest_tile()),
                    tr("over_detail2", lang, moves=game.moves, time=format_clock(game.seconds)),
                ],
            )
        case MenuKind.PAUSE:
            return PanelText(tr("paused", lang), [])
        case MenuKind.SETTINGS:
            return PanelText(tr("settings", lang), [tr("settings_hint", lang)])
        case MenuKind.CONFIRM_NEW:
            return PanelText(tr("confirm_title", lang), [tr("confirm_detail", lang)])
        case MenuKind.STATS:
            return PanelText(tr("stats_title", lang, n=game.size), stats_lines)
        case MenuKind.HELP:
            page = HELP_PAGES[menu.page]
            lines = help_lines(page, lang, pad_labels)
            headings = frozenset(i for i, line in enumerate(lines) if line.startswith("# "))
            body = [line.removeprefix("# ") for line in lines]
            footer = tr("help_footer", lang, page=menu.page + 1, pages=len(HELP_PAGES))
            return PanelText(tr(f"help_{page}", lang), [*body, footer], headings)
    return PanelText("", [])


def panel_area(menu: Menu, layout: Layout) -> pygame.Rect:
    """Banners cover the board, as in the original; menus cover the window."""
    if menu.kind in (MenuKind.WON, MenuKind.OVER):
        return layout.board.copy()
    margin = max(6, min(layout.width, layout.height) // 30)
    return pygame.Rect(0, 0, layout.width, layout.height).inflate(-2 * margin, -2 * margin)


def draw_menu(
    surface: pygame.Surface,
    layout: Layout,
    theme: Theme,
    text: Text,
    menu: Menu,
    session: Session,
    lang: str,
    opacity: float,
    stats_lines: list[str],
    veils: LRU,
    setting_values: dict[str, str],
    pad_labels: dict[str, str] | None = None,
) -> list[pygame.Rect]:
    """Draw `menu` faded in to `opacity` (0..1); return the rectangle of each item."""
    area = panel_area(menu, layout)
    covers_window = menu.kind not in (MenuKind.WON, MenuKind.OVER)
    veil_rect = pygame.Rect(0, 0, layout.width, layout.height) if covers_window else area
    red, green, blue, alpha = theme.overlay
    if covers_window:
        alpha = max(alpha, 242)  # menus are read, not seen through
    colour = (red, green, blue, round(alpha * opacity / 16) * 16)  # few distinct veils
    surface.blit(
        veils.get_or_make((veil_rect.size, colour), lambda: _veil(veil_rect, colour)), veil_rect
    )
    content = panel_text(menu, session, lang, stats_lines, pad_labels)
    rows = 2.2 + len(content.lines) * 0.8 + len(menu.items) * 1.25
    row = max(8, min(area.height / (rows + 1), area.width / 9, layout.unit * 1.6))
    y = area.y + (area.height - rows * row) / 2
    title_box = (round(area.width * 0.9), round(row * 1.8))
    title = text.fitted(content.title, round(row * 1.2), title_box, theme.text)
    surface.blit(title, title.get_rect(midtop=(area.centerx, round(y))))
    y += row * 2.2
    line_box = (round(area.width * 0.92), round(row * 0.8))
    # One size for the whole body, so that lines read as one text.
    body_px = min(
        (text.fit_size(line, round(row * 0.55), line_box) for line in content.lines if line),
        default=round(row * 0.55),
    )
    for index, line in enumerate(content.lines):
        if line:
            weight = "Bold" if index in content.headings else "Regular"
            image = text.render(line, body_px, theme.text, weight)
            surface.blit(image, image.get_rect(midtop=(area.centerx, round(y))))
        y += row * 0.8
    rects = []
    item_w = round(min(area.width * 0.8, row * 9))
    for index, item in enumerate(menu.items):
        rect = pygame.Rect(0, 0, item_w, round(row * 1.05))
        rect.midtop = (area.centerx, round(y + row * 0.1))
        radius = max(3, rect.height // 8)
        pygame.draw.rect(surface, theme.panel, rect, 0, radius)
        if index == menu.focus:
            pygame.draw.rect(surface, theme.accent, rect, max(2, rect.height // 12), radius)
        words = item_label(item, session, lang, setting_values)
        label = text.render(words, item_px(text, words, rect), theme.panel_text)
        surface.blit(label, label.get_rect(center=rect.center))
        rects.append(rect)
        y += row * 1.25
    return rects


def item_px(text: Text, label: str, rect: pygame.Rect) -> int:
    """The font size of a menu item's label: as big as fits its button."""
    box = (round(rect.width * 0.9), round(rect.height * 0.75))
    return text.fit_size(label, round(rect.height * 0.5), box)


def _veil(rect: pygame.Rect, colour: tuple[int, int, int, int]) -> pygame.Surface:
    veil = pygame.Surface(rect.size, pygame.SRCALPHA)
    veil.fill(colour)
    return veil
