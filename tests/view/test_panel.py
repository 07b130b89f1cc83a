"""The column the kept games' screens are made of, as a player reads it: a line of fields
breaks between fields, never inside one, and a row of buttons has one size of label."""

from __future__ import annotations

import pygame
import pytest

from game.view.panel import Buttons, Card, Words, draw_placed, lay_out
from game.view.render import FIELDS, Text
from game.view.theme import CLASSIC


@pytest.fixture(scope="module")
def text():
    pygame.init()
    return Text()


def test_a_line_of_fields_breaks_between_fields(text):
    fields = ["Blunders 0", "Mistakes 2", "Inaccuracies 5"]
    line = FIELDS.join(fields)
    font = text.font(20, "Bold")
    width = font.size(FIELDS.join(fields[:2]))[0] + 4  # room for two fields, not three
    assert text.wrap(line, 20, width) == (FIELDS.join(fields[:2]), fields[2])


def test_a_field_too_long_for_a_line_wraps_at_its_words(text):
    width = text.font(20, "Bold").size("The solver's")[0] + 2
    lines = text.wrap(f"Move 3{FIELDS}The solver's move", 20, width)
    assert lines == ("Move 3", "The solver's", "move")


def test_a_row_of_buttons_draws_every_label_at_one_size(text, monkeypatch):
    labels = ((0, "Worst moves of the game"), (1, "Mistakes"), (2, "Back"))
    placed = lay_out(
        text, [Words("Review"), Buttons(labels, wide=True)], pygame.Rect(0, 0, 320, 400), 20
    )
    sizes = []
    render = text.render

    def spy(words, px, colour, weight="Bold"):
        if words in dict(labels).values():
            sizes.append(px)
        return render(words, px, colour, weight)

    monkeypatch.setattr(text, "render", spy)
    draw_placed(pygame.Surface((320, 400)), text, CLASSIC, placed, None, lambda i: True, {})
    assert len(sizes) == 3 and len(set(sizes)) == 1
    longest = next(p for p in placed.pieces if p.words == (labels[0][1],))
    assert text.font(sizes[0], "Bold").size(labels[0][1])[0] <= longest.rect.width


def test_a_path_too_long_for_a_line_breaks_after_its_folders_and_every_line_fits(text):
    path = "~/Documents/2048/2048-4x4-20261201-121337-score-68.2048.json"
    width = text.font(16, "Medium").size("~/Documents/2048/")[0] + 6
    lines = text.wrap(f"The game was saved as {path}.", 16, width, "Medium")
    assert "".join(lines).replace(" ", "") == f"Thegamewassavedas{path}.".replace(" ", "")
    assert "~/Documents/2048/" in lines
    assert all(text.font(16, "Medium").size(line)[0] <= width for line in lines)


def test_a_game_card_on_a_wide_screen_keeps_its_lines_together_in_the_middle(text):
    # Fullscreen, a card stretched over 1900 px left its few words at one edge.
    lines = (("2026-12-01 12:13", "4×4", "in play", "own"), ("Score 68", "Tile 16"))
    area = pygame.Rect(20, 0, 1880, 1000)
    placed = lay_out(text, [Card(0, lines)], area, 28)
    card = placed.pieces[0].rect
    assert card.centerx == area.centerx and card.width < area.width // 2
    widest = max(text.font(28, "Medium").size(line)[0] for line in placed.pieces[0].words)
    assert widest < card.width
