"""The kept games' screens on screen (R22, R23): whichever the Games screens shows, drawn over the
whole window, and what is under the pointer. Its board plays the replay's and the review's
moves with the game's own animations, a still one pictures a game's final board on its card;
drawing never changes the Games screens."""

from __future__ import annotations

import pygame

from game.play import commands as cmd
from game.play import events as ev
from game.screens.screen import ScreenKind
from game.screens.snapshot import GamesShot
from game.view.board import BoardView
from game.view.games_view import NUMBER_MIN_PX, SCREENS, draw_game
from game.view.panel import Placed
from game.view.plot import Plot
from game.view.practice_view import draw_practice
from game.view.render import Text
from game.view.replay_view import draw_board_screen
from game.view.theme import Theme


class GamesScreensView:
    def __init__(self, text: Text) -> None:
        self.text = text
        self.board = BoardView(text, ((0,) * 4,) * 4)
        self.picture = BoardView(text, ((0,) * 4,) * 4, least_number_px=NUMBER_MIN_PX)
        self.plot = Plot(text)
        self.rects: dict[int, pygame.Rect] = {}  # where each item of the screen was drawn
        self.pieces: list[pygame.Rect] = []  # where each thing on the screen was drawn

    @property
    def animating(self) -> bool:
        return self.board.animating

    def handle(self, event: ev.Event) -> None:
        if isinstance(event, ev.Moved):
            self.board.handle(event)
        elif isinstance(event, ev.PositionShown):
            self.board.reset(event.grid)

    def step(self, dt: float) -> None:
        self.board.step(dt)

    def clear(self) -> None:
        self.board.clear()
        self.picture.clear()
        self.plot.clear()

    def draw(
        self,
        surface: pygame.Surface,
        shot: GamesShot,
        theme: Theme,
        lang: str,
        ahead: float,
    ) -> pygame.Rect:
        """The screen the Games screens shows; returns where a notice may go over it."""
        surface.fill(theme.background)
        width, height = surface.get_size()
        margin = max(6, min(width, height) // 40)
        area = pygame.Rect(0, 0, width, height).inflate(-2 * margin, -2 * margin)
        if shot.kind in (ScreenKind.REPLAY, ScreenKind.REVIEW):
            placed, board = draw_board_screen(
                surface, self.text, theme, lang, shot, self.board, self.plot, ahead
            )
            self._placed(placed)
            return board
        if shot.kind is ScreenKind.PRACTICE:
            placed, board = draw_practice(surface, self.text, theme, lang, shot, self.board, ahead)
            self._placed(placed)
            return board
        if shot.kind is ScreenKind.GAME:
            placed = draw_game(surface, self.text, theme, lang, shot, area, self.picture)
        else:
            placed = SCREENS[shot.kind](surface, self.text, theme, lang, shot, area)
        self._placed(placed)
        notices = area.copy()  # as wide as a board would be: a notice's words stay near
        notices.width = min(area.width, area.height)
        notices.centerx = area.centerx
        return notices

    def move(self, down: int) -> None:
        """The screen was drawn `down` pixels lower in the window than it was told."""
        self.rects = {index: rect.move(0, down) for index, rect in self.rects.items()}
        self.pieces = [rect.move(0, down) for rect in self.pieces]

    def _placed(self, placed: Placed) -> None:
        self.rects = placed.item_rects()
        self.pieces = [piece.rect for piece in placed.pieces]

    def hit_test(self, pos: tuple[int, int]) -> cmd.Target | None:
        """The item under the pointer, which half of it, and how far across."""
        for index, rect in self.rects.items():
            if rect.collidepoint(pos):
                side = -1 if pos[0] < rect.centerx else 1
                fraction = (pos[0] - rect.x) / max(1, rect.width - 1)
                return cmd.Target(item=index, side=side, fraction=fraction)
        return None
