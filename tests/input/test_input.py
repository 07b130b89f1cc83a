"""Keys, clicks and swipes into commands: what each key does, and what it must not do."""

from __future__ import annotations

import pygame
import pytest
from helpers.keys import key

from game.core.engine import Direction
from game.input.keys_and_pointer import PointerInput, keyboard_command, swipe_direction
from game.play import commands as cmd

UP, DOWN, LEFT, RIGHT = Direction.UP, Direction.DOWN, Direction.LEFT, Direction.RIGHT


@pytest.mark.parametrize(
    ("code", "direction"),
    [
        (pygame.K_UP, UP),
        (pygame.K_DOWN, DOWN),
        (pygame.K_LEFT, LEFT),
        (pygame.K_RIGHT, RIGHT),
        (pygame.K_w, UP),
        (pygame.K_a, LEFT),
        (pygame.K_s, DOWN),
        (pygame.K_d, RIGHT),
        (pygame.K_k, UP),
        (pygame.K_h, LEFT),
        (pygame.K_j, DOWN),
        (pygame.K_l, RIGHT),
    ],
)
def test_arrows_wasd_and_hjkl_move(code, direction):
    assert keyboard_command(key(code)) == cmd.Move(direction)


@pytest.mark.parametrize("mod", [pygame.KMOD_SHIFT, pygame.KMOD_NUM, pygame.KMOD_CAPS])
def test_shift_and_lock_keys_do_not_stop_a_move(mod):
    assert keyboard_command(key(pygame.K_LEFT, mod)) == cmd.Move(LEFT)


@pytest.mark.parametrize(
    ("event", "command"),
    [
        (key(pygame.K_u, unicode="u"), cmd.Undo()),
        (key(pygame.K_BACKSPACE), cmd.Undo()),
        (key(pygame.K_z, pygame.KMOD_LCTRL), cmd.Undo()),
        (key(pygame.K_z, pygame.KMOD_RCTRL), cmd.Undo()),
        (key(pygame.K_n, unicode="n"), cmd.NewGame()),
        (key(pygame.K_ESCAPE), cmd.Back()),
        (key(pygame.K_F1), cmd.Help()),
        (key(pygame.K_SLASH, pygame.KMOD_LSHIFT, "?"), cmd.Help()),
        (key(pygame.K_F11), cmd.ToggleFullscreen()),
        (key(pygame.K_RETURN, pygame.KMOD_LALT), cmd.ToggleFullscreen()),
        (key(pygame.K_KP_ENTER, pygame.KMOD_RALT), cmd.ToggleFullscreen()),
        (key(pygame.K_q, pygame.KMOD_LCTRL), cmd.Quit()),
        (key(pygame.K_q, pygame.KMOD_LMETA), cmd.Quit()),  # Cmd+Q on macOS
        (key(pygame.K_RETURN), cmd.Confirm()),
        (key(pygame.K_TAB), cmd.MenuFocus(1)),
        (key(pygame.K_TAB, pygame.KMOD_SHIFT), cmd.MenuFocus(-1)),
    ],
)
def test_command_keys(event, command):
    assert keyboard_command(event) == command


@pytest.mark.parametrize(
    "event",
    [
        key(pygame.K_LEFT, pygame.KMOD_LCTRL),  # desktop shortcuts, not moves
        key(pygame.K_RIGHT, pygame.KMOD_RCTRL),
        key(pygame.K_UP, pygame.KMOD_LALT),
        key(pygame.K_a, pygame.KMOD_LALT),
        key(pygame.K_w, pygame.KMOD_LMETA),
        key(pygame.K_d, pygame.KMOD_LGUI),
        key(pygame.K_u, pygame.KMOD_LCTRL),
        key(pygame.K_n, pygame.KMOD_LCTRL),
        key(pygame.K_s, pygame.KMOD_LCTRL),
        key(pygame.K_RETURN, pygame.KMOD_LCTRL),
        key(pygame.K_z, pygame.KMOD_LALT),
        key(pygame.K_F4, pygame.KMOD_LALT),
        key(pygame.K_x, unicode="x"),
        key(pygame.K_SLASH, unicode="/"),
        key(pygame.K_F2),
        key(pygame.K_LSHIFT, pygame.KMOD_LSHIFT),
    ],
)
def test_other_keys_and_held_modifiers_do_nothing(event):
    assert keyboard_command(event) is None


def test_a_short_drag_is_not_a_swipe():
    """A drag shorter than a fifth of a tile is a click."""
    assert swipe_direction((100, 100), (100, 100), 100) is None
    assert swipe_direction((100, 100), (119.9, 100), 100) is None
    assert swipe_direction((100, 100), (85, 115), 100) is None


@pytest.mark.parametrize(
    ("end", "direction"),
    [
        ((120.1, 100), RIGHT),
        ((60, 110), LEFT),
        ((95, 40), UP),
        ((130, 250), DOWN),
        ((140, 130), RIGHT),  # the longer axis wins
        ((70, 40), UP),
    ],
)
def test_a_longer_drag_moves_in_its_main_direction(end, direction):
    assert swipe_direction((100, 100), end, 100) is direction


def test_the_swipe_threshold_scales_with_the_tile():
    assert swipe_direction((0, 0), (30, 0), 200) is None
    assert swipe_direction((0, 0), (30, 0), 100) is RIGHT


WINDOW = (800, 600)
TILE = 100
CLICK = cmd.Select(2)  # a click on the third item of a menu
ITEM_2 = cmd.Target(item=2)


class Clicks:
    """A hit test that remembers where it was asked and answers with a fixed target."""

    def __init__(self, answer: cmd.Target | None) -> None:
        self.answer = answer
        self.asked: list[tuple[int, int]] = []

    def __call__(self, pos: tuple[int, int]) -> cmd.Target | None:
        self.asked.append(pos)
        return self.answer


def pointer(answer: cmd.Target | None = ITEM_2) -> tuple[PointerInput, Clicks]:
    clicks = Clicks(answer)
    return PointerInput(clicks, lambda: TILE, lambda: WINDOW), clicks


def mouse(kind: int, pos: tuple[int, int], button: int = 1, **extra) -> pygame.event.Event:
    return pygame.event.Event(kind, pos=pos, button=button, **extra)


def finger(kind: int, x: float, y: float, finger_id: int = 0) -> pygame.event.Event:
    return pygame.event.Event(kind, x=x, y=y, dx=0.0, dy=0.0, finger_id=finger_id, touch_id=1)


def test_a_mouse_drag_moves():
    inp, clicks = pointer()
    assert inp.translate(mouse(pygame.MOUSEBUTTONDOWN, (300, 300))) == []
    assert inp.translate(mouse(pygame.MOUSEBUTTONUP, (300, 380))) == [cmd.Move(DOWN)]
    assert clicks.asked == []


def test_a_mouse_click_uses_the_hit_test():
    inp, clicks = pointer(cmd.Target(item=3))
    inp.translate(mouse(pygame.MOUSEBUTTONDOWN, (300, 300)))
    assert inp.translate(mouse(pygame.MOUSEBUTTONUP, (305, 302))) == [cmd.Select(3)]
    assert clicks.asked == [(305, 302)]


def test_a_click_on_nothing_gives_no_command():
    inp, _ = pointer(None)
    inp.translate(mouse(pygame.MOUSEBUTTONDOWN, (10, 10)))
    assert inp.translate(mouse(pygame.MOUSEBUTTONUP, (10, 10))) == []


def test_other_buttons_and_stray_releases_do_nothing():
    inp, clicks = pointer()
    assert inp.translate(mouse(pygame.MOUSEBUTTONUP, (300, 300))) == []  # no press before
    inp.translate(mouse(pygame.MOUSEBUTTONDOWN, (300, 300), button=2))  # the middle one
    assert inp.translate(mouse(pygame.MOUSEBUTTONUP, (100, 300), button=2)) == []
    inp.translate(mouse(pygame.MOUSEBUTTONDOWN, (300, 300)))
    inp.translate(mouse(pygame.MOUSEBUTTONUP, (300, 300)))
    assert inp.translate(mouse(pygame.MOUSEBUTTONUP, (300, 300))) == []  # released once only
    assert clicks.asked == [(300, 300)]


def test_mouse_events_made_from_touches_are_left_to_the_finger_events():
    """A touch must not count twice: SDL sends it as a finger and as a mouse event."""
    inp, _ = pointer()
    inp.translate(finger(pygame.FINGERDOWN, 0.5, 0.5))
    assert inp.translate(mouse(pygame.MOUSEBUTTONDOWN, (400, 300), touch=True)) == []
    assert inp.translate(mouse(pygame.MOUSEBUTTONUP, (200, 300), touch=True)) == []
    assert inp.translate(finger(pygame.FINGERUP, 0.25, 0.5)) == [cmd.Move(LEFT)]


def test_a_finger_swipe_moves():
    """Finger positions are fractions of the window: 0.1 of 800 px is 80 px, a swipe."""
    inp, clicks = pointer()
    assert inp.translate(finger(pygame.FINGERDOWN, 0.5, 0.5)) == []
    assert inp.translate(finger(pygame.FINGERUP, 0.6, 0.52)) == [cmd.Move(RIGHT)]
    inp.translate(finger(pygame.FINGERDOWN, 0.5, 0.5))
    assert inp.translate(finger(pygame.FINGERUP, 0.49, 0.3)) == [cmd.Move(UP)]
    assert clicks.asked == []


def test_a_finger_tap_uses_the_hit_test_in_window_pixels():
    inp, clicks = pointer(cmd.Target(button="undo"))
    inp.translate(finger(pygame.FINGERDOWN, 0.5, 0.5))
    # 0.01 of the width is 8 px, below a fifth of a tile: a tap
    assert inp.translate(finger(pygame.FINGERUP, 0.51, 0.5)) == [cmd.Undo()]
    assert clicks.asked == [(408, 300)]


def test_two_fingers_are_tracked_apart():
    inp, _ = pointer()
    inp.translate(finger(pygame.FINGERDOWN, 0.2, 0.2, finger_id=1))
    inp.translate(finger(pygame.FINGERDOWN, 0.8, 0.8, finger_id=2))
    assert inp.translate(finger(pygame.FINGERUP, 0.8, 0.6, finger_id=2)) == [cmd.Move(UP)]
    assert inp.translate(finger(pygame.FINGERUP, 0.2, 0.4, finger_id=1)) == [cmd.Move(DOWN)]
    assert inp.translate(finger(pygame.FINGERUP, 0.2, 0.4, finger_id=1)) == []


@pytest.mark.parametrize(
    "bad", [float("nan"), float("inf"), float("-inf")], ids=["nan", "inf", "-inf"]
)
def test_a_touch_with_a_coordinate_that_is_not_a_number_is_ignored(bad):
    """A driver's bad touch event must not end the game (R: nothing a device does crashes)."""
    inp, clicks = pointer()
    inp.translate(finger(pygame.FINGERDOWN, 0.5, 0.5))
    assert inp.translate(finger(pygame.FINGERUP, bad, 0.5)) == []
    inp.translate(finger(pygame.FINGERDOWN, bad, bad))
    assert inp.translate(finger(pygame.FINGERUP, 0.5, 0.5)) == []
    assert clicks.asked == []


def test_a_touch_outside_the_window_counts_from_its_edge():
    inp, clicks = pointer()
    inp.translate(finger(pygame.FINGERDOWN, 0.5, 0.5))
    assert inp.translate(finger(pygame.FINGERUP, 7.0, 0.5)) == [cmd.Move(RIGHT)]
    inp.translate(finger(pygame.FINGERDOWN, 1e300, -1e300))
    assert inp.translate(finger(pygame.FINGERUP, 1e300, -1e300)) == [CLICK]
    assert clicks.asked == [(WINDOW[0], 0)]


def test_a_click_on_either_half_of_a_setting_steps_it_down_or_up():
    """The view says which half was clicked; a setting steps by it (issue 14, point 7)."""
    for side in (-1, 1):
        inp, _ = pointer(cmd.Target(item=4, side=side))
        inp.translate(mouse(pygame.MOUSEBUTTONDOWN, (300, 300)))
        assert inp.translate(mouse(pygame.MOUSEBUTTONUP, (300, 300))) == [cmd.Select(4, side)]


def test_the_wheel_and_the_right_button_adjust_the_item_under_the_mouse():
    inp, clicks = pointer(cmd.Target(item=1))
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
    assert inp.translate(wheel) == []  # no idea yet where the mouse is
    assert inp.translate(mouse(pygame.MOUSEMOTION, (50, 60))) == [cmd.Point(1)]
    assert inp.translate(wheel) == [cmd.Adjust(1, 1)]
    down = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False)
    assert inp.translate(down) == [cmd.Adjust(1, -1)]
    inp.translate(mouse(pygame.MOUSEBUTTONDOWN, (50, 60), button=3))
    assert inp.translate(mouse(pygame.MOUSEBUTTONUP, (50, 60), button=3)) == [cmd.Adjust(1, -1)]
    assert clicks.asked[-1] == (50, 60)


def test_the_mouse_over_a_button_is_reported_for_its_highlight():
    inp, _ = pointer(cmd.Target(button="hint"))
    assert inp.translate(mouse(pygame.MOUSEMOTION, (10, 10))) == []
    assert inp.hovered_button == "hint"
