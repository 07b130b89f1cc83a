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
from game.screens.snapshot import Look, Snapshot
from game.text import told_text, tr
from game.view.board import BoardView, draw_arrow
from game.view.games_screens_view import GamesScreensView
from game.view.hud import Hud
from game.view.layout import Layout, compute_layout
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

    def layout_for(self, size: tuple[int, int], board_size: int) -> Layout:
        if self.layout is None or (self.layout.width, self.layout.height, self.layout.size) != (
            size[0],
            size[1],
            board_size,
        ):
            old = self.layout
            if old is not None and (old.width, old.height) != tuple(size):
                self._forget_drawings(smaller=size[0] * size[1] < old.width * old.height)
            large_text = self.text.scale > 1.0
            self.layout = compute_layout(size[0], size[1], board_size, large_text)
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
        self._use_look(shot.look)
        theme, lang, play, top = self.theme, shot.look.lang, shot.play, shot.games
        if top is not None:
            area = self.games_view.draw(surface, top, theme, lang, ahead)
            if self.notices:
                replaying = top.kind in (ScreenKind.REPLAY, ScreenKind.REVIEW)
                self.notice_board.draw_on_screens(
                    surface, self.theme, area, self.games_view.pieces, beside_board=replaying
                )
            self.dirty = False
            return
        layout = self.layout_for(surface.get_size(), play.size)
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
        if self.notices:
            self.notice_board.draw_in_header(surface, theme, layout)
        self.dirty = False

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
