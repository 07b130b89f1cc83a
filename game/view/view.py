"""The whole screen: board, HUD and whatever menu is open, drawn from a snapshot of what is
on screen (snapshot.py). Drawing never changes game state; the same snapshot and the same
`ahead` draw the same frame."""

from __future__ import annotations

import pygame

from game.core.engine import Direction, Grid
from game.core.settings import TEXT_SIZE_FACTOR, Settings
from game.play import commands as cmd
from game.play import events as ev
from game.screens.screen import ScreenKind
from game.screens.snapshot import GamesShot, Look, Snapshot
from game.text import told_text, tr
from game.view.board import BoardView, draw_arrow
from game.view.games_screens_view import GamesScreensView
from game.view.hud import Hud
from game.view.layout import Layout, compute_layout, header_above
from game.view.memory import release_freed_memory
from game.view.model import ViewModel
from game.view.notice_board import BRIEF_NOTICE_SECONDS, NOTICE_SECONDS, NoticeBoard
from game.view.overlays import draw_menu
from game.view.render import LRU, Text
from game.view.theme import Theme, theme_named
from game.view.tween import Tween

FADE_SECONDS = 0.200
BANNER_FADE_SECONDS = 0.300


class View:
    def __init__(self, grid: Grid, speed: str = "normal") -> None:
        self.text = Text()
        self.board = BoardView(self.text, grid, speed)
        self.hud = Hud(self.text)
        self.look: Look | None = None  # the player's look the last frame was drawn in
        self.theme: Theme = theme_named("classic")  # its colours
        self.layout: Layout | None = None
        self.model = ViewModel()  # what the app hands over to draw (game/view/model.py)
        self._was_busy = False  # the screens were busy at the last step
        self.hint: Direction | None = None
        self.games_view = GamesScreensView(self.text)
        self.menu_rects: list[pygame.Rect] = []
        self.offset = 0  # how far down the window the screen was drawn, under notices
        self.button_focus: str | None = None  # the button under the mouse
        self.dirty = True
        self._veils = LRU(8)
        self._menu_key: tuple | None = None
        self._fade = Tween(0.0)
        self._shown_second = -1
        self.notice_board = NoticeBoard(self.text)  # what the game tells, over whatever shows

    # -- state from the outside ----------------------------------------------------------------

    def use_settings(self, settings: Settings) -> None:
        """The animations' speed (the look comes with each snapshot)."""
        self.board.set_speed(settings.animation)
        self.dirty = True  # a snapshot of the new look comes

    def _use_look(self, look: Look) -> None:
        """The colours and the text size of the snapshot drawn: every text may grow by its
        factor where it fits."""
        if look == self.look:
            return
        self.look = look
        self.theme = theme_named(look.theme)
        scale = TEXT_SIZE_FACTOR.get(look.text_size, 1.0)
        if scale != self.text.scale:
            self.text.scale = scale
            self.layout = None  # the header's arrangement may change with it
            self.board.clear()  # its tiles were drawn with numbers of the old size
            self.games_view.clear()

    def layout_for(self, size: tuple[int, int], board_size: int, band: int = 0) -> Layout:
        """The game's layout in a window of `size`, under a band of notices `band` tall."""
        old = self.layout
        window = (old.width, old.height + old.top) if old is not None else None
        if old is None or (window, old.size, old.top) != (tuple(size), board_size, band):
            if window is not None and window != tuple(size):
                self._forget_drawings(smaller=size[0] * size[1] < window[0] * window[1])
            large_text = self.text.scale > 1.0
            above = None
            if band:  # the window's own arrangement, under the band too
                above = header_above(compute_layout(*size, board_size, large_text))
            layout = compute_layout(size[0], size[1] - band, board_size, large_text, above)
            self.layout = layout.below(band)
            self.dirty = True
        return self.layout

    def _forget_drawings(self, smaller: bool) -> None:
        """The window changed size: what was drawn for the old size is not drawn again soon,
        and at the biggest sizes it is gigabytes (a 16384 px square veil alone is 1 GB)."""
        self.board.clear()
        self.text.forget_drawings()
        self._veils.clear()
        if smaller:
            release_freed_memory()

    def handle(self, events: list[ev.Event], grid: Grid, lang: str) -> None:
        """A listener: the session's events (`grid`: the board now) start the tweens and say
        the notices (in `lang`)."""
        for event in events:
            self.board.handle(event)
            self.hud.handle(event, self.board.speed)
            if isinstance(event, ev.Undone | ev.GameStarted | ev.GameResumed):
                self.board.reset(grid)
            if isinstance(event, ev.Moved | ev.Undone | ev.GameStarted | ev.GameResumed):
                self.hint = None
            if isinstance(event, ev.HintShown):
                self.hint = event.direction
            if isinstance(event, ev.OnScreens):
                self.browsed(event.events, lang)
            if isinstance(event, ev.Told):
                self.tell(event, lang)
            if isinstance(event, ev.UndoRefused):
                words = tr(f"undo_refused_{event.reason}", lang)
                self.show_notice(words, BRIEF_NOTICE_SECONDS)
        if events:
            self.dirty = True

    def browsed(self, events: tuple[ev.Event, ...], lang: str) -> None:
        """The kept games' screens' events: their board's moves, and what to tell."""
        self.games_view.board.speed = self.board.speed
        for event in events:
            self.games_view.handle(event)
            if isinstance(event, ev.Told):
                self.tell(event, lang)
        if events:
            self.dirty = True

    def tell(self, told: ev.Told, lang: str) -> None:
        """A notice, in the player's words, on screen at once."""
        words = told_text(told.key, told.fields, lang)
        self.show_notice(words, BRIEF_NOTICE_SECONDS if told.brief else NOTICE_SECONDS)

    def show_notice(self, text: str, seconds: float = NOTICE_SECONDS) -> None:
        self.notice_board.show(text, seconds)
        self.dirty = True

    @property
    def notices(self) -> list[str]:
        """The notices' words, oldest first (game/view/notice_board.py)."""
        return self.notice_board.shown

    @notices.setter
    def notices(self, shown: list[str]) -> None:
        self.notice_board.shown = shown

    @property
    def notice_rects(self) -> list[pygame.Rect]:
        return self.notice_board.rects

    def pass_time(self, seconds: float, clock: float) -> None:
        """Real time passed: a notice on screen stays its seconds, and the clock shown moves
        on."""
        if self.notice_board.pass_time(seconds):
            self.dirty = True
        second = int(clock)
        if second != self._shown_second:
            self._shown_second = second
            self.dirty = True

    def seconds_until_change(self, shot: Snapshot) -> float | None:
        """How long until a frame would look different with nothing happening (the clock's
        next second, a notice leaving); None: never."""
        waits = self.notice_board.seconds_left()
        if shot.play.clock_running:
            waits.append(1.0 - shot.play.seconds % 1.0)
        return min(waits, default=None)

    def step(self, dt: float, shot: Snapshot) -> None:
        """One fixed step of the animations."""
        was_animating = self.animating
        self.board.step(dt)
        self.games_view.step(dt)
        self.hud.step(dt)
        self._fade.step(dt)
        menu = shot.menu
        key = (menu.kind, menu.opened) if menu is not None else None
        if key != self._menu_key:
            self._menu_key = key
            banner = menu is not None and menu.kind in (ScreenKind.WON, ScreenKind.OVER)
            seconds = BANNER_FADE_SECONDS if banner else FADE_SECONDS
            self._fade = Tween(seconds * self.board.speed)
            self.dirty = True
        busy = shot.games is not None and shot.games_busy
        if was_animating or self.animating or busy or self._was_busy:
            self.dirty = True  # a replay plays, a review's progress moves, or they just ended
        self._was_busy = busy

    @property
    def animating(self) -> bool:
        screens = self.games_view.animating
        return self.board.animating or self.hud.animating or not self._fade.done or screens

    def close(self) -> None:
        """Let go of every drawing: none may outlive pygame."""
        self.text.clear()
        self.board.clear()
        self.games_view.clear()

    # -- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, shot: Snapshot, ahead: float = 0.0) -> None:
        """The frame of `shot`. Notices go where the screen leaves room; where it leaves none,
        a band across the top holds them and the screen is drawn under it (`offset` down):
        every rectangle the view keeps is the window's all the same."""
        self._use_look(shot.look)
        self.offset = 0
        self.notice_board.rects = []
        size = surface.get_size()
        if shot.games is not None:
            if not self._draw_games(surface, shot.games, shot.look.lang, ahead) and self.notices:
                self.offset = self.notice_board.band_height(size)
                screen = surface.subsurface((0, self.offset, size[0], size[1] - self.offset))
                self._draw_games(screen, shot.games, shot.look.lang, ahead)
                self.games_view.move(self.offset)
                self.notice_board.draw_band(surface, self.theme, self.offset)
        else:
            header = shot.menu is None or shot.menu.kind in (ScreenKind.WON, ScreenKind.OVER)
            if self.notices and not (header and self._fit_header(size, shot.play.size)):
                self.offset = self.notice_board.band_height(size)
            self._draw_play(surface, shot, ahead)
            if self.offset:
                self.notice_board.draw_band(surface, self.theme, self.offset)
        self.dirty = False

    def _fit_header(self, size: tuple[int, int], board_size: int) -> bool:
        """Whether the notices fit the info line's band of the whole window's layout."""
        layout = compute_layout(*size, board_size, large_text=self.text.scale > 1.0)
        return self.notice_board.fits_header(layout)

    def _draw_games(self, surface: pygame.Surface, top: GamesShot, lang: str, ahead) -> bool:
        """A kept games' screen, its notices in room it leaves clear; whether they found
        room (or there were none)."""
        area = self.games_view.draw(surface, top, self.theme, lang, ahead)
        if not self.notices or self.offset:
            return True
        replaying = top.kind in (ScreenKind.REPLAY, ScreenKind.REVIEW)
        pieces, items = self.games_view.pieces, list(self.games_view.rects.values())
        return self.notice_board.draw_on_screens(
            surface, self.theme, area, pieces, items, beside_board=replaying
        )

    def _draw_play(self, surface: pygame.Surface, shot: Snapshot, ahead: float) -> None:
        """The game: the header, the board, a menu or panel over them, and the notices in the
        info line's band, unless a band of their own holds them."""
        theme, lang, play = self.theme, shot.look.lang, shot.play
        layout = self.layout_for(surface.get_size(), play.size, self.offset)
        surface.fill(theme.background)
        model = self.model
        self.hud.draw(
            surface,
            layout,
            theme,
            lang,
            score=play.score,
            best=model.best,
            moves=play.moves,
            seconds=play.seconds,
            undos_left=play.undos_left if play.undo_enabled else None,
            assisted=play.assisted,
            focus=self.button_focus,
            autoplaying=play.autoplaying,
            ahead=ahead,
            inactive=play.inactive,
            tip=model.tip,
            clock_paused=play.clock_paused,
        )
        self.board.draw(surface, layout, theme, ahead)
        menu = shot.menu
        if self.hint is not None and menu is None:
            draw_arrow(surface, layout.board, theme, self.hint)
            self.board.draw_numbers(surface, layout, theme)  # the digits read over the arrow
        self.menu_rects = []
        if menu is not None:
            self.menu_rects = draw_menu(
                surface,
                layout,
                theme,
                self.text,
                menu,
                play,
                lang,
                self._fade.progress(ahead) if self._fade.duration > 0 else 1.0,
                model.stats_pages,
                self._veils,
                model.setting_values,
                model.pad_labels,
                model.charts,
            )
        if self.notices and not self.offset:
            self.notice_board.draw_in_header(surface, theme, layout)

    # -- pointing ------------------------------------------------------------------------------

    def hit_test(self, pos: tuple[int, int], shot: Snapshot) -> cmd.Target | None:
        """What is at `pos`: an item of the open menu (and which half of it), else a button."""
        if shot.games is not None:
            return self.games_view.hit_test(pos)
        if shot.menu is not None:
            for index, rect in enumerate(self.menu_rects):
                if rect.collidepoint(pos):
                    return cmd.Target(item=index, side=-1 if pos[0] < rect.centerx else 1)
            return None
        name = self.button_at(pos)
        return cmd.Target(button=name) if name is not None else None

    def button_at(self, pos: tuple[int, int]) -> str | None:
        if self.layout is None:
            return None
        for name, rect in self.layout.buttons.items():
            if rect.collidepoint(pos):
                return name
        return None
