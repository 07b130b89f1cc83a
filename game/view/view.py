"""The whole screen: board, HUD and whatever menu is open. Drawing never changes game state;
the same session and the same `ahead` draw the same frame."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.core.engine import Direction
from game.core.settings import TEXT_SIZE_FACTOR
from game.play import commands as cmd
from game.play import events as ev
from game.play.menus import MenuKind
from game.play.session import Phase, Session
from game.screens.games_screens import GamesScreens
from game.screens.items import Screen
from game.text import told_text, tr
from game.view.board import BoardView, draw_arrow
from game.view.games_screens_view import GamesScreensView
from game.view.hud import Hud
from game.view.layout import Layout, compute_layout
from game.view.memory import release_freed_memory
from game.view.model import ViewModel
from game.view.overlays import draw_menu
from game.view.render import LRU, Text, largest_size
from game.view.shapes import rounded_rect
from game.view.theme import Theme, theme_named
from game.view.tween import Tween

FADE_SECONDS = 0.200
NOTICE_SECONDS = 8.0
BRIEF_NOTICE_SECONDS = 2.5  # a word on what a key just did (sound off, no undo left)
BANNER_FADE_SECONDS = 0.300
NOTICES_AT_ONCE = 2  # the newest on top, the one before it under it; older ones wait
READABLE_PX = 12  # a notice's words never get smaller than this


@dataclass
class _Told:
    """A notice's time: it stays `seconds` on screen, counted from its first frame, so one
    that waited under newer ones is still read for its whole time."""

    seconds: float
    shown: float = 0.0  # how long it has been on screen
    drawn: bool = False

    @property
    def brief(self) -> bool:
        """A word on what a key just did: the next such word replaces it."""
        return self.seconds <= BRIEF_NOTICE_SECONDS


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
        games_screens: GamesScreens | None = None,
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
        self.games_screens = games_screens  # the kept games' screens, drawn while open
        self.screens = GamesScreensView(self.text)
        self.menu_rects: list[pygame.Rect] = []
        self.button_focus: str | None = None  # the button under the mouse
        self.dirty = True
        self._veils = LRU(8)
        self._menu_key: tuple | None = None
        self._fade = Tween(0.0)
        self._shown_second = -1
        self.notices: list[str] = []  # plain-words messages, oldest first: the newest show
        self._told: dict[str, _Told] = {}  # each notice's time
        self.notice_rects: list[pygame.Rect] = []  # where the notices were last drawn

    # -- state from the outside ----------------------------------------------------------------

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
            self.screens.clear()
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

    def show_notice(self, text: str, seconds: float = NOTICE_SECONDS) -> None:
        """A message for the player, on screen at once for `seconds`, over the one before it
        (which stays under it for the rest of its time). A word on what a key did replaces
        the last such word: U then M says "Sound off" at once, not after "No move to take
        back". A message already told is told afresh, once (P asked of a stopped solver)."""
        told = _Told(seconds)
        if told.brief:
            self.notices = [n for n in self.notices if not self._told_of(n).brief]
        self.notices = [n for n in self.notices if n != text] + [text]
        self._told = {n: self._told_of(n) for n in self.notices} | {text: told}
        self.dirty = True

    def _told_of(self, notice: str) -> _Told:
        return self._told.setdefault(notice, _Told(NOTICE_SECONDS))

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
                self.show_notice(told_text(event.key, event.fields, self.lang))
            if isinstance(event, ev.UndoRefused):
                words = tr(f"undo_refused_{event.reason}", self.lang)
                self.show_notice(words, BRIEF_NOTICE_SECONDS)
        if events:
            self.dirty = True

    def browsed(self, events: tuple[ev.Event, ...]) -> None:
        """The kept games' screens' events: their board's moves, and what to tell."""
        self.screens.board.speed = self.board.speed
        for event in events:
            self.screens.handle(event)
            if isinstance(event, ev.Told):
                self.show_notice(told_text(event.key, event.fields, self.lang))
        if events:
            self.dirty = True

    @property
    def browsing(self) -> bool:
        return self.games_screens is not None and self.games_screens.is_open

    def pass_time(self, seconds: float, session: Session) -> None:
        """Real time passed: a notice on screen stays its seconds, and the clock shown moves
        on."""
        staying = []
        for notice in self.notices:
            told = self._told_of(notice)
            told.shown += seconds if told.drawn else 0.0
            if told.shown < told.seconds:
                staying.append(notice)
        if staying != self.notices:
            self.notices = staying
            self.dirty = True
        second = int(session.game.seconds)
        if second != self._shown_second:
            self._shown_second = second
            self.dirty = True

    def seconds_until_change(self, session: Session) -> float | None:
        """How long until a frame would look different with nothing happening (the clock's
        next second, a notice leaving); None: never."""
        on_screen = [told for told in map(self._told_of, self.notices) if told.drawn]
        waits = [told.seconds - told.shown for told in on_screen]
        if session.clock_running:
            waits.append(1.0 - session.game.seconds % 1.0)
        return min(waits, default=None)

    def step(self, dt: float, session: Session) -> None:
        """One fixed step of the animations."""
        was_animating = self.animating
        self.board.step(dt)
        self.screens.step(dt)
        self.hud.step(dt)
        self._fade.step(dt)
        menu = session.menu
        key = (menu.kind, id(menu)) if menu is not None else None
        if key != self._menu_key:
            self._menu_key = key
            banner = menu is not None and menu.kind in (MenuKind.WON, MenuKind.OVER)
            seconds = BANNER_FADE_SECONDS if banner else FADE_SECONDS
            self._fade = Tween(seconds * self.board.speed)
            self.dirty = True
        busy = self.browsing and self.games_screens.busy  # type: ignore[union-attr]
        if was_animating or self.animating or busy or self._was_busy:
            self.dirty = True  # a replay plays, a review's progress moves, or they just ended
        self._was_busy = busy

    @property
    def animating(self) -> bool:
        screens = self.screens.animating
        return self.board.animating or self.hud.animating or not self._fade.done or screens

    # -- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, session: Session, ahead: float = 0.0) -> None:
        theme = self.theme
        if self.browsing:
            area = self.screens.draw(surface, self.games_screens, theme, self.lang, ahead)  # type: ignore[arg-type]
            if self.notices:
                self._notices_on_screens(surface, area)
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
        if self.hint is not None and session.menu is None:
            draw_arrow(surface, layout.board, theme, self.hint)
        menu = session.menu
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
            # In the header, never over the tiles: a notice alone in the info line's band if
            # it fits there (the score and best stay in sight), else from the info line's foot
            # up over the scores, and down over the buttons only if its words need it.
            parts = [layout.title, layout.rise, layout.score, layout.best, layout.info]
            above = parts[0].unionall(parts[1:])
            line = pygame.Rect(above.x, layout.score.bottom + 1, above.width, 0)
            line.height = layout.info.bottom - line.top
            parts += layout.buttons.values()
            rooms = [above, above.unionall(parts)]
            if len(self.notices) == 1:  # one alone: the info line's band, if it fits there
                rooms.insert(0, line)
            px = max(READABLE_PX, self.text.most(layout.score.height * 0.3))
            self._draw_notices(surface, rooms, layout.info.bottom, px, parts)
        self.dirty = False

    def _notices_on_screens(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Over the kept games' screens: beside the board of a replay or review (`area`), else
        in `area`; under or over what the screen drew there if they fit at two thirds of
        their size or more (smaller, a notice is easily missed), else at the room's foot,
        whatever of the screen they reach hidden whole."""
        width, height = surface.get_size()
        px = max(READABLE_PX, self.text.most(min(width, height) / 36))
        room = area
        if self.games_screens is not None and self.games_screens.screen in (
            Screen.REPLAY,
            Screen.REVIEW,
        ):
            margin = max(6, min(width, height) // 40)
            room = beside(pygame.Rect(0, 0, width, height).inflate(-2 * margin, -2 * margin), area)
        pieces = self.screens.pieces
        rooms = [*clear_of(room, pieces, max(2, px // 3)), room]
        self._draw_notices(surface, rooms, None, px, pieces, max(READABLE_PX, px * 2 // 3))

    def _draw_notices(
        self,
        surface: pygame.Surface,
        rooms: list[pygame.Rect],
        foot: int | None,
        max_px: int,
        parts: list[pygame.Rect] | None = None,
        least_px: int = READABLE_PX,
    ) -> None:
        """The newest notices, the newest on top, in boxes as wide as the first of `rooms`
        they fit in at `least_px` or more (the last: at 12 px or more; an older one waits if
        it does not fit beside the newest), ending at `foot` (None: the room's foot), at the
        biggest size up to max_px. Each of `parts` (the HUD's, a screen's) they reach is
        hidden whole, never cut in half."""
        room, newest, px = self._notices_fitted(rooms, max_px, least_px)
        width = room.width
        boxes = [self._notice_lines(notice, px, width) for notice in newest]
        gap = max(2, px // 3)
        total = sum(box.height for _, box in boxes) + gap * (len(boxes) - 1)
        top = room.bottom - total if foot is None else foot - total
        top = max(room.top, min(top, room.bottom - total))
        band = pygame.Rect(room.x, top, width, total)
        for part in parts or ():
            if part.colliderect(band):
                surface.fill(self.theme.background, part)
        clip = surface.get_clip()
        surface.set_clip(room)
        surface.fill(self.theme.background, band)
        self.notice_rects = [box for _, box in boxes]
        for notice, (lines, box) in zip(newest, boxes, strict=True):
            box.topleft = (room.x, top)
            self._notice_box(surface, box, lines, px)
            self._told_of(notice).drawn = True
            top = box.bottom + gap
        surface.set_clip(clip)

    def _notices_fitted(
        self, rooms: list[pygame.Rect], max_px: int, least_px: int
    ) -> tuple[pygame.Rect, list[str], int]:
        """Which room, which notices (newest first) and what size: in a room before the last
        at `least_px` or more, in the last at 12 px or more."""
        for room in rooms:
            for count in range(min(NOTICES_AT_ONCE, len(self.notices)), 0, -1):
                newest = self.notices[: -count - 1 : -1]
                px = self._notices_px(newest, room.width, room.height, max_px)
                if px is not None and (px >= least_px or room is rooms[-1]):
                    return room, newest, px
        return rooms[-1], self.notices[-1:], READABLE_PX  # too long even alone: cut at the edge

    def _notices_px(self, notices: list[str], width: int, height: int, max_px: int) -> int | None:
        """The biggest size at which `notices` stacked fit `height`; None: not even at 12 px."""

        def fits(px: int) -> bool:
            boxes = [self._notice_lines(notice, px, width)[1] for notice in notices]
            return sum(box.height for box in boxes) + max(2, px // 3) * (len(boxes) - 1) <= height

        px = largest_size(fits, READABLE_PX - 1, max(READABLE_PX, max_px))
        return px if px >= READABLE_PX else None

    def _notice_lines(
        self, notice: str, px: int, width: int
    ) -> tuple[tuple[str, ...], pygame.Rect]:
        """A notice's lines at `px` in a box `width` wide, and that box."""
        lines = self.text.wrap(notice, px, round(width * 0.92), "Medium")
        line_h = self.text.font(px, "Medium").get_linesize()
        return lines, pygame.Rect(0, 0, width, line_h * len(lines) + px)

    def _notice_box(self, surface, box: pygame.Rect, lines: tuple[str, ...], px: int) -> None:
        theme = self.theme
        radius = max(3, px // 2)
        rounded_rect(surface, theme.panel, box, radius)
        rounded_rect(surface, theme.accent, box, radius, max(1, px // 8))
        y = box.y + px // 2
        line_h = self.text.font(px, "Medium").get_linesize()
        for line in lines:
            image = self.text.render(line, px, theme.panel_text, "Medium")
            surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
            y += line_h

    # -- pointing ------------------------------------------------------------------------------

    def hit_test(self, pos: tuple[int, int], session: Session) -> cmd.Target | None:
        """What is at `pos`: an item of the open menu (and which half of it), else a button."""
        if self.browsing:
            return self.screens.hit_test(pos)
        if session.menu is not None:
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


def beside(window: pygame.Rect, board: pygame.Rect) -> pygame.Rect:
    """The biggest room of `window` above, below, left or right of `board`, a gap apart."""
    gap = max(2, min(window.size) // 60)
    rooms = (
        pygame.Rect(window.x, window.y, window.width, board.top - gap - window.y),
        pygame.Rect(window.x, board.bottom + gap, window.width, window.bottom - board.bottom - gap),
        pygame.Rect(window.x, window.y, board.left - gap - window.x, window.height),
        pygame.Rect(board.right + gap, window.y, window.right - board.right - gap, window.height),
    )
    return max(rooms, key=lambda room: max(0, room.width) * max(0, room.height))


def clear_of(room: pygame.Rect, drawn: list[pygame.Rect], gap: int) -> list[pygame.Rect]:
    """The bands of `room` under and over all of `drawn` that lies in it, `gap` apart; the
    whole room if nothing is drawn there."""
    inside = [rect for rect in drawn if rect.colliderect(room)]
    if not inside:
        return [room]
    used = inside[0].unionall(inside[1:])
    under = pygame.Rect(room.x, used.bottom + gap, room.width, room.bottom - used.bottom - gap)
    over = pygame.Rect(room.x, room.top, room.width, used.top - gap - room.top)
    return [band for band in (under, over) if band.height > 0]
