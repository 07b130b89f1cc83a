"""Drawing the real view off screen and reading back what it drew: every text with its font
size, by the part of the screen that drew it.

Run as a script, it prints the smallest font size on each screen, per window size and language:
    .venv/bin/python tests/helpers/view.py
"""

from __future__ import annotations

import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # as conftest.py, when run as a script
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the checkout

import pygame  # noqa: E402

from game.core.engine import BOARD_SIZES  # noqa: E402
from game.play.menus import (  # noqa: E402
    HELP_PAGES,
    Menu,
    confirm_menu,
    help_menu,
    over_panel,
    pause_menu,
    quit_confirm,
    settings_menu,
    sizes_menu,
    stats_menu,
    won_panel,
)
from game.play.session import Session  # noqa: E402

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

    def __init__(self, view) -> None:
        self.view = view
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
        """One frame drawn at `size`: the picture and every text in it."""
        self.drawn = []
        surface = pygame.Surface(size)
        self.view.draw(surface, session)
        return surface, self.drawn

    def texts(self, size: tuple[int, int], session: Session, part: str) -> list[Drawn]:
        return [text for text in self.frame(size, session)[1] if text.part == part]


def every_menu() -> list[tuple[str, Menu]]:
    """Each screen drawn over the game, named."""
    menus = []
    for index, page in enumerate(HELP_PAGES):
        menu = help_menu()
        menu.page = index
        menus.append((f"help {page}", menu))
    goals = stats_menu(4)
    goals.page = goals.pages - 1  # the statistics' last page: the goals
    menus += [
        ("settings", settings_menu()),
        *((f"statistics {size}", stats_menu(size)) for size in BOARD_SIZES),
        ("goals", goals),
        ("pause", pause_menu()),
        ("sizes", sizes_menu(4)),
        ("confirm", confirm_menu(4)),
        ("quit", quit_confirm()),
        ("won", won_panel()),
        ("over", over_panel(can_undo=True)),
    ]
    return menus


def show(app, session: Session, menu: Menu | None) -> None:
    """Put `menu` (or none) on screen, faded in."""
    session.overlays[:] = [menu] if menu is not None else []
    app.view.step(1.0, session)  # the view sees the menu, and starts fading it in
    app.view.step(1.0, session)


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


def main() -> None:
    from game.app import App, Options
    from game.core.engine import Game

    app = App(Options(seed=1, data_dir=tempfile.mkdtemp(), sound=False))
    log = TextLog(app.view)
    grid = [[2, 4, 8, 16], [32, 64, 128, 256], [512, 1024, 2048, 4096], [0, 2, 0, 4]]
    game = Game.from_grid(grid, seed=1, score=123456, moves=1234, seconds=3599.0)
    session = Session.restore(game, {})
    session.assisted = True  # the info line as long as it gets
    app.use_session(session)
    screens = [("hud", None), *every_menu()]
    print("smallest font size (px) on each screen")
    print(
        "lang window     " + " ".join(f"{name.removeprefix('help ')[:9]:>9}" for name, _ in screens)
    )
    for lang in ("en", "el"):
        app.view.lang = lang
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
