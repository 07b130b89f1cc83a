"""The heads-up display: title, score and best (with the "+N" that floats up on a merge),
the info line (moves, clock, undos, board size) and the buttons."""

from __future__ import annotations

import pygame

from game import events as ev
from game.text import format_clock, tr
from game.tween import Tween, ease_out
from game.view.layout import Layout
from game.view.render import Text
from game.view.theme import Theme

FLOAT_SECONDS = 0.600
READABLE_PX = 10  # below this a one-line button label wraps onto two lines


class Hud:
    def __init__(self, text: Text) -> None:
        self.text = text
        self.floats: list[tuple[int, Tween]] = []  # "+N" labels rising from the score

    @property
    def animating(self) -> bool:
        return bool(self.floats)

    def handle(self, event: ev.Event, speed: float) -> None:
        if isinstance(event, ev.Moved) and event.outcome.points and speed > 0:
            self.floats.append((event.outcome.points, Tween(FLOAT_SECONDS * speed)))
            del self.floats[:-3]  # a burst of merges shows the latest few, not a pile

    def step(self, dt: float) -> None:
        for _, tween in self.floats:
            tween.step(dt)
        self.floats = [item for item in self.floats if not item[1].done]

    def draw(
        self,
        surface: pygame.Surface,
        layout: Layout,
        theme: Theme,
        lang: str,
        *,
        score: int,
        best: int,
        moves: int,
        seconds: float,
        undos_left: int | None,
        assisted: bool,
        focus: str | None,
        autoplaying: bool,
        ahead: float,
    ) -> None:
        title = self.text.fitted(
            tr("title", lang), layout.title.height, layout.title.size, theme.text
        )
        surface.blit(title, title.get_rect(midleft=layout.title.midleft))
        self._box(surface, layout.score, theme, tr("score", lang), score)
        self._box(surface, layout.best, theme, tr("best", lang), best)
        self._floats(surface, layout, theme, ahead)
        parts = [tr("moves", lang, n=moves), format_clock(seconds)]
        if undos_left is not None:
            parts.append(tr("undos", lang, n=undos_left))
        parts.append(tr("board", lang, n=layout.size))
        if assisted:
            parts.append(tr("assisted", lang))
        line = "  ·  ".join(parts)
        info = self.text.fitted(
            line, round(layout.info.height * 0.8), layout.info.size, theme.text, "Medium"
        )
        surface.blit(info, info.get_rect(center=layout.info.center))
        for name, rect in layout.buttons.items():
            label = tr("stop" if name == "autoplay" and autoplaying else name, lang)
            self._button(surface, rect, theme, label, focused=name == focus)

    def _box(self, surface, rect: pygame.Rect, theme: Theme, label: str, value: int) -> None:
        pygame.draw.rect(surface, theme.panel, rect, 0, max(3, rect.height // 12))
        label_box = (round(rect.width * 0.9), round(rect.height * 0.3))
        head = self.text.fitted(label, round(rect.height * 0.26), label_box, theme.panel_text)
        surface.blit(head, head.get_rect(midtop=(rect.centerx, rect.y + rect.height * 0.1)))
        value_box = (round(rect.width * 0.9), round(rect.height * 0.5))
        number = self.text.fitted(
            str(value), round(rect.height * 0.45), value_box, theme.panel_text
        )
        surface.blit(number, number.get_rect(midbottom=(rect.centerx, rect.bottom - rect.h * 0.08)))

    def _floats(self, surface, layout: Layout, theme: Theme, ahead: float) -> None:
        rect = layout.score
        for points, tween in self.floats:
            t = tween.progress(ahead)
            label = self.text.fitted(
                f"+{points}", round(rect.height * 0.4), rect.size, theme.text
            ).copy()
            label.set_alpha(round(255 * (1 - t)))
            # Up from the score, but never past the window's top edge.
            highest = rect.centery - label.get_height() / 2
            rise = ease_out(t) * min(rect.height * 0.9, highest)
            surface.blit(label, label.get_rect(center=(rect.centerx, rect.centery - rise)))

    def _button(self, surface, rect: pygame.Rect, theme: Theme, label: str, focused: bool) -> None:
        radius = max(3, rect.height // 8)
        pygame.draw.rect(surface, theme.panel, rect, 0, radius)
        if focused:
            pygame.draw.rect(surface, theme.accent, rect, max(2, rect.height // 14), radius)
        lines = self.button_lines(label, rect)
        px = self.button_px(lines, rect)
        height = self.text.font(px).get_linesize()
        top = rect.centery - height * len(lines) / 2
        for index, line in enumerate(lines):
            image = self.text.render(line, px, theme.panel_text)
            surface.blit(image, image.get_rect(center=(rect.centerx, top + height * (index + 0.5))))

    def button_lines(self, label: str, rect: pygame.Rect) -> list[str]:
        """One line, or two where one line would shrink too far (long words, narrow buttons)."""
        one = [label]
        single = self.button_px(one, rect)
        if " " not in label or single >= max(READABLE_PX, rect.height * 0.22):
            return one
        first, _, rest = label.partition(" ")
        two = [first, rest]
        return two if self.button_px(two, rect) > single else one

    def button_px(self, lines: list[str], rect: pygame.Rect) -> int:
        box = (round(rect.width * 0.86), round(rect.height * 0.7 / len(lines)))
        return min(self.text.fit_size(line, round(rect.height * 0.42), box) for line in lines)
