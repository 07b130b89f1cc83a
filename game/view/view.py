"""The whole screen: board, HUD and whatever menu is open. Drawing never changes game state;
the same session and the same `ahead` draw the same frame."""

from __future__ import annotations

import pygame

from game.core.engine import Direction
from game.core.settings import TEXT_SIZE_FACTOR, Settings
from game.play import commands as cmd
from game.play import events as ev
from game.play.session import Phase, Session
from game.screens.browsing import BrowsingScreen
from game.screens.navigator import Navigator
from game.screens.screen import ScreenKind
from game.text import language_of, told_text, tr
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


def clock_paused(session: Session) -> bool:
    """The clock is held while it would run (R17): the window lost focus or a menu is open.
    A clock that has not started, or has stopped at a win or the end, has not paused."""
    playing = session.phase in (Phase.PLAYING, Phase.CONTINUING) and not session.game.over
    return bool(session.started) and playing and not session.clock_running


def inactive_buttons(session: Session) -> frozenset[str]:
    """The HUD buttons that cannot act now: Undo with none left or undo off (R14), Hint and
    Autoplay once the game is over (Stop always can)."""
    game = session.game
    inactive = set()
    if not game.can_undo():
        inactive.add("undo")
    if game.over and not session.autoplaying:
        inactive |= {"hint", "autoplay"}
    return frozenset(inactive)


class View:
    def __init__(
        self,
        session: Session,
        theme: str = "classic",
        lang: str = "en",
        speed: str = "normal",
    ) -> None:
        self.text = Text()
        self.board = BoardView(self.text, session.game.grid, speed)
        self.hud = Hud(self.text)
        self.theme: Theme = theme_named(theme)
        self.lang = lang
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
        """The player's look: theme, text size, animation speed and language."""
        self.set_theme(settings.theme)
        self.set_text_size(settings.text_size)
        self.board.set_speed(settings.animation)
        self.lang = language_of(settings)

    def set_theme(self, name: str) -> None:
        self.theme = theme_named(name)
        self.dirty = True

    def set_text_size(self, name: str) -> None:
        """The player's text size: every text may grow by its factor where it fits."""
        scale = TEXT_SIZE_FACTOR.get(name, 1.0)
        if scale != self.text.scale:
            self.text.scale = scale
            self.layout = None  # the header's arrangement may change with it
            self.board.clear()  # its tiles were drawn with numbers of the old size
            self.games_view.clear()
            self.dirty = True

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

    def handle(self, events: list[ev.Event], session: Session) -> None:
        for event in events:
            self.board.handle(event)
            self.hud.handle(event, self.board.speed)
            if isinstance(event, ev.Undone | ev.GameStarted | ev.GameResumed):
                self.board.reset(session.game.grid)
            if isinstance(event, ev.Moved | ev.Undone | ev.GameStarted | ev.GameResumed):
                self.hint = None
            if isinstance(event, ev.HintShown):
                self.hint = event.direction
            if isinstance(event, ev.OnScreens):
                self.browsed(event.events)
            if isinstance(event, ev.Told):
                self.tell(event)
            if isinstance(event, ev.UndoRefused):
                words = tr(f"undo_refused_{event.reason}", self.lang)
                self.show_notice(words, BRIEF_NOTICE_SECONDS)
        if events:
            self.dirty = True

    def browsed(self, events: tuple[ev.Event, ...]) -> None:
        """The kept games' screens' events: their board's moves, and what to tell."""
        self.games_view.board.speed = self.board.speed
        for event in events:
            self.games_view.handle(event)
            if isinstance(event, ev.Told):
                self.tell(event)
        if events:
            self.dirty = True

    def tell(self, told: ev.Told) -> None:
        """A notice, in the player's words, on screen at once."""
        words = told_text(told.key, told.fields, self.lang)
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

    def pass_time(self, seconds: float, session: Session) -> None:
        """Real time passed: a notice on screen stays its seconds, and the clock shown moves
        on."""
        if self.notice_board.pass_time(seconds):
            self.dirty = True
        second = int(session.game.seconds)
        if second != self._shown_second:
            self._shown_second = second
            self.dirty = True

    def seconds_until_change(self, session: Session) -> float | None:
        """How long until a frame would look different with nothing happening (the clock's
        next second, a notice leaving); None: never."""
        waits = self.notice_board.seconds_left()
        if session.clock_running:
            waits.append(1.0 - session.game.seconds % 1.0)
        return min(waits, default=None)

    def step(self, dt: float, screens: Navigator) -> None:
        """One fixed step of the animations."""
        was_animating = self.animating
        self.board.step(dt)
        self.games_view.step(dt)
        self.hud.step(dt)
        self._fade.step(dt)
        menu = screens.top
        key = (menu.kind, id(menu)) if menu is not None else None
        if key != self._menu_key:
            self._menu_key = key
            banner = menu is not None and menu.kind in (ScreenKind.WON, ScreenKind.OVER)
            seconds = BANNER_FADE_SECONDS if banner else FADE_SECONDS
            self._fade = Tween(seconds * self.board.speed)
            self.dirty = True
        busy = screens.games_open and screens.games_screens.busy  # type: ignore[union-attr]
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

    def draw(self, surface: pygame.Surface, screens: Navigator, ahead: float = 0.0) -> None:
        theme, session = self.theme, screens.session
        top = screens.top
        if isinstance(top, BrowsingScreen):
            area = self.games_view.draw(surface, top, theme, self.lang, ahead)
            if self.notices:
                replaying = top.kind in (ScreenKind.REPLAY, ScreenKind.REVIEW)
                self.notice_board.draw_on_screens(
                    surface, self.theme, area, self.games_view.pieces, beside_board=replaying
                )
            self.dirty = False
            return
        layout = self.layout_for(surface.get_size(), session.game.size)
        surface.fill(theme.background)
        game, model = session.game, self.model
        self.hud.draw(
            surface,
            layout,
            theme,
            self.lang,
            score=game.score,
            best=model.best,
            moves=game.moves,
            seconds=game.seconds,
            undos_left=game.undos_left if game.undo_enabled else None,
            assisted=session.assisted,
            focus=self.button_focus,
            autoplaying=session.autoplaying,
            ahead=ahead,
            inactive=inactive_buttons(session),
            tip=model.tip,
            clock_paused=clock_paused(session),
        )
        self.board.draw(surface, layout, theme, ahead)
        menu = screens.top
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
                session,
                self.lang,
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

    def hit_test(self, pos: tuple[int, int], screens: Navigator) -> cmd.Target | None:
        """What is at `pos`: an item of the open menu (and which half of it), else a button."""
        if screens.games_open:
            return self.games_view.hit_test(pos)
        if screens.top is not None:
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
