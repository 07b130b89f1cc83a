"""Drawing the real view off screen and reading back what it drew: every text with its font
size, by the part of the screen that drew it.

Run as a script, it prints the smallest font size on each screen, per window size and language:
    .venv/bin/python tests/helpers/view.py
"""

from __future__ import annotations

import os
import sys
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # as conftest.py, when run as a script
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
if not __package__:  # run as a script: the checkout and tests/ on the path
    sys.path[:0] = [str(Path(__file__).resolve().parents[i]) for i in (2, 1)]

import pygame  # noqa: E402

from game.core.engine import BOARD_SIZES, Direction  # noqa: E402
from game.kept_games.review.grading import MoveGrade, Review, grade_of  # noqa: E402
from game.play.session import Session  # noqa: E402
from game.screens.menus import (
    HELP_PAGES,
    HelpPages,
    NewGameConfirm,
    PauseMenu,
    QuitConfirm,
    SettingsMenu,
    SizesMenu,
    StatsPages,
)
from game.screens.panels import OverPanel, WonPanel
from game.screens.screen import Screen
from game.text import tr  # noqa: E402
from game.view.plot import column_of  # noqa: E402
from game.view.theme import CLASSIC  # noqa: E402
from helpers.keys import STEP  # noqa: E402


def use_look(app, *, lang: str | None = None, theme: str | None = None) -> None:
    """The player's language or theme, chosen in the settings (drawn from the next frame)."""
    changes = {"language": lang, "theme": theme}
    app.use_settings(replace(app.settings, **{k: v for k, v in changes.items() if v is not None}))


# The window sizes a player must be able to read every text at: the smallest window, tall,
# wide and very wide ones, full HD and 4K.
SIZES = (
    (320, 400),
    (400, 1000),
    (540, 720),
    (640, 480),
    (700, 500),
    (1000, 500),
    (1900, 400),
    (1920, 1080),
    (3840, 2160),
)
READABLE_PX = 12


@dataclass(frozen=True)
class Drawn:
    part: str  # "hud", "board", or "menu" for whatever lies over the game
    words: str
    px: int
    weight: str


class TextLog:
    """Records each text the view renders, with the part of the screen drawing it."""

    def __init__(self, app) -> None:
        self.app = app
        self.view = view = app.view
        self.drawn: list[Drawn] = []
        self._part = "menu"
        render = view.text.render

        def logged_render(words, px, colour, weight="Bold"):
            self.drawn.append(Drawn(self._part, words, int(px), weight))
            return render(words, px, colour, weight)

        view.text.render = logged_render
        for part, owner in (("hud", view.hud), ("board", view.board)):
            owner.draw = self._tagged(part, owner.draw)

    def close(self) -> None:
        """Give the view back its own methods."""
        for owner in (self.view.text, self.view.hud, self.view.board):
            vars(owner).pop("render", None)
            vars(owner).pop("draw", None)

    def _tagged(self, part: str, draw):
        def tagged(*args, **kwargs):
            self._part = part
            try:
                return draw(*args, **kwargs)
            finally:
                self._part = "menu"

        return tagged

    def frame(self, size: tuple[int, int], session: Session) -> tuple[pygame.Surface, list]:
        """One frame of the app playing `session` drawn at `size`: the picture and every
        text in it."""
        assert session is self.app.session
        self.drawn = []
        surface = pygame.Surface(size)
        self.view.draw(surface, self.app.snapshot())
        return surface, self.drawn

    def texts(self, size: tuple[int, int], session: Session, part: str) -> list[Drawn]:
        return [text for text in self.frame(size, session)[1] if text.part == part]


def every_menu() -> list[tuple[str, Screen]]:
    """Each screen drawn over the game, named."""
    menus = []
    for index, page in enumerate(HELP_PAGES):
        menu = HelpPages()
        menu.page = index
        menus.append((f"help {page}", menu))
    goals = StatsPages(4)
    goals.page = goals.pages - 1  # the statistics' last page: the goals
    menus += [
        ("settings", SettingsMenu()),
        *((f"statistics {size}", StatsPages(size)) for size in BOARD_SIZES),
        ("goals", goals),
        ("pause", PauseMenu()),
        ("sizes", SizesMenu(4)),
        ("confirm", NewGameConfirm(4)),
        ("quit", QuitConfirm()),
        ("won", WonPanel()),
        ("over", OverPanel(can_undo=True)),
    ]
    return menus


def show(app, session: Session, menu: Screen | None) -> None:
    """Put `menu` (or none) on screen, faded in."""
    app.screens.clear()
    if menu is not None:
        app.screens.open(menu)
    app.view.step(1.0, app.snapshot())  # the view sees the menu, and starts fading it in
    app.view.step(1.0, app.snapshot())


def ink(surface: pygame.Surface, rect: pygame.Rect, background) -> pygame.Rect | None:
    """The bounding box of the pixels in `rect` that are not `background`."""
    mask = pygame.mask.from_threshold(surface.subsurface(rect), background, (1, 1, 1, 255))
    mask.invert()
    box = mask.get_bounding_rects()
    return box[0].unionall(box[1:]).move(rect.topleft) if box else None


def changed(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect) -> pygame.mask.Mask:
    """A mask of the pixels of `rect` that differ between two frames."""
    a, b = a.subsurface(rect).copy(), b.subsurface(rect)
    reverse = b.copy()
    reverse.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    a.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    a.blit(reverse, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    mask = pygame.mask.from_threshold(a, (0, 0, 0), (1, 1, 1, 255))
    mask.invert()
    return mask


def points(mask: pygame.mask.Mask) -> list[tuple[int, int]]:
    """The set pixels of a mask."""
    return [
        (x, y)
        for box in mask.get_bounding_rects()
        for x in range(box.left, box.right)
        for y in range(box.top, box.bottom)
        if mask.get_at((x, y))
    ]


# -- labels on their buttons --------------------------------------------------------------------

LABEL_MARGIN = 0.18  # the least room on each side of a label, in button heights
# A board of every tile up to 4096, under the HUD's figures at their longest.
GRID = [[2, 4, 8, 16], [32, 64, 128, 256], [512, 1024, 2048, 4096], [0, 2, 0, 4]]
# Every size the HUD must serve (1900x400: short buttons), and narrow windows whose header
# is just wide enough for a row of five buttons.
HUD_WINDOWS = (*SIZES, (380, 420), (480, 640), (500, 700))


def label_ink(surface: pygame.Surface, rect: pygame.Rect, theme) -> pygame.Rect | None:
    """Where the words' colour lies in a button, its rounded corners' rows left out (their
    smoothing blends the face into the background, which may be as light as the words). A
    button that cannot act now (Undo with none left) is an outline with muted words."""
    face = surface.get_at((rect.left + rect.height // 8, rect.centery))[:3]
    ink = theme.panel_text if face == theme.panel else theme.muted_text
    outline = max(1, rect.height // 16) + 1  # an outline button's edge: muted as its words
    band = rect.inflate(-2 * outline, -2 * (rect.height // 8 + 1))
    mask = pygame.mask.from_threshold(surface.subsurface(band), ink, (48, 48, 48, 255))
    boxes = mask.get_bounding_rects()
    return boxes[0].unionall(boxes[1:]).move(band.topleft) if boxes else None


def check_hud_labels(app, lang: str) -> None:
    """Each HUD button's label, in every window size, autoplaying or not: drawn whole, on one
    line, at a readable size, its ink clear of the button's edges."""
    use_look(app, lang=lang)
    log = TextLog(app)
    try:
        for window in HUD_WINDOWS:
            for autoplaying in (False, True):
                app.session.autoplaying = autoplaying
                surface, texts = log.frame(window, app.session)
                drawn = {t.words: t.px for t in texts if t.part == "hud"}
                layout = app.view.layout
                for name, rect in layout.buttons.items():
                    key = "stop" if name == "autoplay" and autoplaying else name
                    label = tr(key, lang)
                    where = (window, label)
                    assert label in drawn, where  # whole: not broken into its words
                    px = drawn[label]
                    assert px >= READABLE_PX, (where, px)
                    font = app.view.text.font(px)
                    ink = label_ink(surface, rect, app.view.theme)
                    assert ink is not None, where
                    assert ink.height <= font.get_linesize(), where  # one line
                    room = min(ink.left - rect.left, rect.right - ink.right)
                    assert room >= LABEL_MARGIN * rect.height, (where, room, rect)
    finally:
        log.close()
        app.session.autoplaying = False


def misfits(app, drawn, window) -> list[tuple[str, int, float]]:
    """The labels of one frame at `window` drawn too small or too close to their button's
    edges: (words, size, room on each side in button heights)."""
    drawn.clear()
    app.view.dirty = True
    app.view.draw(pygame.Surface(window), app.snapshot())
    assert drawn, window
    bad = []
    for rect, words, px in drawn:
        room = (rect.width - app.view.text.font(px).size(words)[0]) / 2
        if px < READABLE_PX or room < LABEL_MARGIN * rect.height:
            bad.append((words, px, round(room / rect.height, 2)))
    return bad


# -- the review's plot ---------------------------------------------------------------------

PLOT_SIZE = (480, 90)  # about the plot of a 540x720 window


def review_of(losses: list[float]) -> Review:
    grades = tuple(
        MoveGrade(i, Direction.UP, Direction.LEFT, loss, grade_of(loss), False, False)
        for i, loss in enumerate(losses)
    )
    return Review(depth=2, grades=grades, findings=(), complete=True)


def bar_heights(plot, losses: list[float]) -> dict[int, int]:
    """How tall each move's bar is drawn, in pixels (the accent's or the muted text's)."""
    theme = CLASSIC
    surface = pygame.Surface(PLOT_SIZE)
    positions = [Scored(i * 10) for i in range(len(losses) + 1)]
    plot.clear()
    plot.draw(surface, surface.get_rect(), theme, "en", positions, review_of(losses), None)
    heights = {}
    bars = [tuple(colour)[:3] for colour in (theme.accent, theme.muted_text)]
    for i in range(len(losses)):
        x = column_of(i, len(positions), PLOT_SIZE[0])
        y = PLOT_SIZE[1] - 1 - max(1, PLOT_SIZE[1] // 45)  # a bar stands on the band's bottom
        tall = 0
        while surface.get_at((x, y - tall))[:3] in bars:
            tall += 1
        heights[i] = tall
    return heights


class Scored:
    """A position as the plot reads it: its score alone."""

    def __init__(self, score: int) -> None:
        self.score = score


# -- the window --------------------------------------------------------------------------------


def window(app, size: tuple[int, int]) -> None:
    app.window.size = size
    app.frame(STEP, [pygame.event.Event(pygame.WINDOWSIZECHANGED)])


def drawn(app) -> pygame.Surface:
    """The window as the app draws it now."""
    app.view.dirty = True
    app.frame(0.0, [])
    return app.window.get_surface().copy()


def main() -> None:
    from game.app import App, Options
    from game.core.engine import Game

    app = App(Options(seed=1, data_dir=tempfile.mkdtemp(), sound=False))
    log = TextLog(app)
    game = Game.from_grid(GRID, seed=1, score=123456, moves=1234, seconds=3599.0)
    session = Session.restore(game, {})
    session.assisted = True  # the info line as long as it gets
    app.use_session(session)
    screens = [("hud", None), *every_menu()]
    print("smallest font size (px) on each screen")
    print(
        "lang window     " + " ".join(f"{name.removeprefix('help ')[:9]:>9}" for name, _ in screens)
    )
    for lang in ("en", "el"):
        use_look(app, lang=lang)
        app.show()  # the settings' values in that language
        for size in SIZES:
            row = []
            for _, menu in screens:
                show(app, session, menu)
                part = "hud" if menu is None else "menu"
                row.append(min(t.px for t in log.texts(size, session, part) if t.words.strip()))
            window = f"{size[0]}x{size[1]}"
            print(f"{lang:4} {window:10} " + " ".join(f"{px:>9}" for px in row))
    app.close()


if __name__ == "__main__":
    main()
