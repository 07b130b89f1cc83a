"""What a menu or panel says (game/view/overlays.py lays it out and draws it): its title, its
paragraphs and which are headings or said aside, its footer, and each item's label, in the
player's language: the help pages, a statistics page, the Controls screen and every other
menu."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import accumulate

from game.core.controls import ACTIONS, DEFAULT_BUTTONS, MENU
from game.core.engine import BOARD_SIZES
from game.core.settings import SETTINGS
from game.screens.menus import HELP_PAGES, ControlItem, MenuItem, SettingItem, SizeItem
from game.screens.screen import Item, ScreenKind
from game.screens.snapshot import MenuShot, PlayShot
from game.solver.tree import kernel_available
from game.text import format_clock, help_lines, tr
from game.text.help_pages import CONTROL_WORDS
from game.view.review_words import costs_help_lines, review_help_lines

NO_BUTTON = "—"  # an action no pad button asks for
# The actions the help's gamepad lines leave out while no button asks for them.
PADLESS_ACTIONS = tuple(action for action in ACTIONS if not DEFAULT_BUTTONS[action])


@dataclass(frozen=True)
class PanelText:
    title: str
    lines: list[str]  # paragraphs, wrapped when drawn
    headings: frozenset[int] = frozenset()  # indexes of paragraphs drawn as headings
    footer: str = ""
    flush_left: bool = False  # lines start at one left edge (pages, lists), else each centred
    muted: frozenset[int] = frozenset()  # indexes of paragraphs said aside, in the muted colour
    prose: bool = False  # a help page: read in columns, its paragraphs spread to fill the page


def item_label(
    item: MenuItem,
    play: PlayShot,
    lang: str,
    values: dict[str, str],
    names: dict[str, str] | None = None,
) -> str:
    """A menu item's words; a setting shows its current value, an action of the controls its
    keys and pad buttons (`names`: game/input/names.py's words, CONTROL_WORDS unless given)."""
    match item:
        case ControlItem(action):
            return control_label(action, lang, {**CONTROL_WORDS, **(names or {})})
        case Item.UNDO:
            return tr("undo_n", lang, n=play.undos_left)
        case SettingItem(name):
            return f"{tr(SETTINGS[name].label, lang)}: {values.get(name, '')}"
        case SizeItem(size) if size == play.size:
            return tr("size_in_play", lang, size=tr(item.key, lang))
        case SizeItem():
            return tr(item.key, lang)
        case Item.SIZES:
            return tr("sizes_row", lang, size=tr(SizeItem(play.size).key, lang))
    return tr(item.value, lang)


def panel_text(
    menu: MenuShot,
    play: PlayShot,
    lang: str,
    stats_pages: dict[int, list[str]],
    pad_labels: dict[str, str] | None = None,
) -> PanelText:
    game = play
    match menu.kind:
        case ScreenKind.WON:
            detail = tr("won_detail", lang, moves=game.moves, time=format_clock(game.seconds))
            return PanelText(tr("you_win", lang), [detail])
        case ScreenKind.OVER:
            return PanelText(
                tr("game_over", lang),
                [
                    tr("over_detail", lang, score=game.score, tile=game.biggest_tile),
                    tr("over_detail2", lang, moves=game.moves, time=format_clock(game.seconds)),
                ],
            )
        case ScreenKind.PAUSE:
            return PanelText(tr("paused", lang), [])
        case ScreenKind.SETTINGS:
            return PanelText(tr("settings", lang), [tr("settings_hint", lang)])
        case ScreenKind.CONTROLS:
            return controls_text(menu.page, menu.pages, menu.waiting_for, lang)
        case ScreenKind.SIZES:
            return PanelText(tr("sizes", lang), [tr("sizes_rules", lang)])
        case ScreenKind.CONFIRM_NEW:
            return PanelText(tr("confirm_title", lang), [tr("confirm_detail", lang)])
        case ScreenKind.CONFIRM_QUIT:
            return PanelText(tr("confirm_quit_title", lang), [tr("confirm_quit_detail", lang)])
        case ScreenKind.CONFIRM_RESTORE:
            return PanelText(
                tr("confirm_restore_title", lang), [tr("confirm_restore_detail", lang)]
            )
        case ScreenKind.STATS:
            return stats_page(menu.page, menu.pages, stats_pages, lang)
        case ScreenKind.HELP:
            return help_page(menu.page, lang, pad_labels, game.size, help_parts(menu.pages))
    return PanelText("", [])


def control_label(action: str, lang: str, names: dict[str, str]) -> str:
    """An action's row on the Controls screen: its name, its keys, its pad buttons."""
    name = tr(f"action_{action}", lang)
    if action == MENU:
        return tr("control_row", lang, action=name, keys="Esc", pad=names["start"])
    keys, pad = names[f"keys_{action}"], names[f"pad_{action}"] or NO_BUTTON
    return tr("control_row", lang, action=name, keys=keys, pad=pad)


def controls_text(page: int, pages: int, waiting_for: str | None, lang: str) -> PanelText:
    """The Controls screen's words: how to change a key, or, while it waits, which action's."""
    footer = tr("help_footer", lang, page=page + 1, pages=pages)
    if waiting_for is None:
        words = tr("controls_hint", lang)
    else:
        words = tr("controls_waiting", lang, action=tr(f"action_{waiting_for}", lang))
    return PanelText(tr("controls", lang), [words], footer=footer)


def stats_page(
    page: int, pages: int, stats_pages: Mapping[int | None, list[str]], lang: str
) -> PanelText:
    """One board size's statistics, a page of its own, or a part of it (StatsPages); the
    goals' page (size None) last."""
    parts = max(1, pages // (len(BOARD_SIZES) + 1))
    index = page // parts
    size = BOARD_SIZES[index] if index < len(BOARD_SIZES) else None
    footer = tr("help_footer", lang, page=page + 1, pages=pages)
    title = tr("stats_title", lang, n=size) if size is not None else tr("goals_title", lang)
    lines = part_of(stats_pages.get(size, []), page % parts, parts)
    sections = (tr("stats_own", lang), tr("stats_assisted", lang))
    headings = frozenset(i for i, line in enumerate(lines) if line in sections)
    rules = (tr("stats_own_time_rule", lang), tr("goals_rule", lang))
    rule = frozenset(i for i, line in enumerate(lines) if line in rules)
    return PanelText(title, lines, headings, footer, flush_left=True, muted=rule)


def help_parts(pages: int) -> int:
    """In how many parts each help page is, when the help has `pages` (HelpPages)."""
    return max(1, pages // len(HELP_PAGES))


def help_page(
    index: int, lang: str, pad_labels: dict[str, str] | None = None, size: int = 4, parts: int = 1
) -> PanelText:
    """Help page `index` of the help's pages, each of HELP_PAGES in `parts`; the review's says
    the search depth of this board `size` (R23)."""
    page = HELP_PAGES[index // parts]
    if page == "review":
        lines = review_help_lines(lang, size, pad_labels)
    elif page == "costs":
        lines = costs_help_lines(lang)
    elif page == "solver":
        search = "solver_search_compiled" if kernel_available() else "solver_search_python"
        lines = help_lines(page, lang, pad_labels, search=tr(search, lang))
    elif page == "controls":
        more = _pad_more(lang, pad_labels)
        lines = [line for line in help_lines(page, lang, pad_labels, pad_more=more) if line]
    else:
        lines = help_lines(page, lang, pad_labels)
    lines = part_of(lines, index % parts, parts)
    headings = frozenset(i for i, line in enumerate(lines) if line.startswith("# "))
    body = [line.removeprefix("# ") for line in lines]
    footer = tr("help_footer", lang, page=index + 1, pages=len(HELP_PAGES) * parts)
    title = tr(f"help_{page}", lang)
    return PanelText(title, body, headings, footer, flush_left=True, prose=True)


def part_of(paragraphs: list[str], part: int, parts: int) -> list[str]:
    """Part `part` of `parts` of a page's paragraphs, of about equal length: each cut between
    two paragraphs, the nearest to its share of the words, never after a heading (a line
    starting "# ")."""
    done = list(accumulate(map(len, paragraphs)))
    total = done[-1] if done else 0
    cuts = [0]
    for k in range(1, parts):
        places = [
            index
            for index in range(cuts[-1] + 1, len(paragraphs))
            if not paragraphs[index - 1].startswith("# ")
        ]
        if places:
            cuts.append(min(places, key=lambda index: abs(done[index - 1] - total * k / parts)))
    cuts += [len(paragraphs)] * (parts + 1 - len(cuts))
    return paragraphs[cuts[part] : cuts[part + 1]]


def _pad_more(lang: str, names: dict[str, str] | None) -> str:
    """The pad's buttons the player gave actions the default layout leaves without one."""
    names = {**CONTROL_WORDS, **(names or {})}
    bound = [a for a in PADLESS_ACTIONS if names[f"pad_{a}"]]
    return " · ".join(f"{names[f'pad_{a}']}: {tr(f'action_{a}', lang)}" for a in bound)
