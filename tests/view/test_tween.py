"""Easing curves and tweens: the slide, the pop of a merge, a new tile growing in."""

from __future__ import annotations

import pytest

from game.view.tween import Tween, appear, ease_in_out, ease_out, linear, nudge, pop

SAMPLES = [i / 200 for i in range(201)]


@pytest.mark.parametrize("easing", [linear, ease_in_out, ease_out, appear])
def test_easings_run_from_0_to_1(easing):
    assert easing(0.0) == pytest.approx(0.0)
    assert easing(1.0) == pytest.approx(1.0)


@pytest.mark.parametrize("easing", [linear, ease_in_out, ease_out, appear])
def test_easings_never_go_back(easing):
    values = [easing(t) for t in SAMPLES]
    assert all(b > a for a, b in zip(values, values[1:], strict=False))


def test_ease_in_out_is_slow_at_both_ends_and_symmetric():
    assert ease_in_out(0.5) == pytest.approx(0.5)
    assert ease_in_out(0.1) < 0.1  # starts slower than linear
    assert ease_in_out(0.9) > 0.9  # and arrives gently
    for t in SAMPLES:
        assert ease_in_out(t) + ease_in_out(1 - t) == pytest.approx(1.0)


def test_pop_grows_to_1_2_half_way_then_settles_at_1():
    """A merged tile pops: scale 0 -> 1.2 -> 1 (the original game's 200 ms pop)."""
    assert pop(0.0) == pytest.approx(0.0)
    assert pop(0.5) == pytest.approx(1.2)
    assert pop(1.0) == pytest.approx(1.0)
    values = [pop(t) for t in SAMPLES]
    assert max(values) == pytest.approx(1.2)
    rising = [pop(t) for t in SAMPLES if t <= 0.5]
    falling = [pop(t) for t in SAMPLES if t >= 0.5]
    assert all(b >= a for a, b in zip(rising, rising[1:], strict=False))
    assert all(b <= a for a, b in zip(falling, falling[1:], strict=False))


def test_appear_grows_from_nothing_to_full_size():
    assert appear(0.0) == pytest.approx(0.0)
    assert 0.0 < appear(0.5) < 1.0
    assert appear(1.0) == pytest.approx(1.0)


def test_nudge_returns_to_rest():
    assert nudge(0.0) == pytest.approx(0.0)
    assert nudge(1.0) == pytest.approx(0.0)
    assert max(nudge(t) for t in SAMPLES) > 0.1


def test_tween_progress_runs_over_its_duration():
    tween = Tween(0.2)
    assert tween.progress() == 0.0
    assert not tween.done
    tween.step(0.05)
    assert tween.progress() == pytest.approx(0.25)
    tween.step(0.1)
    assert tween.progress() == pytest.approx(0.75)
    assert not tween.done
    tween.step(0.05)
    assert tween.done
    assert tween.progress() == pytest.approx(1.0)
    tween.step(1.0)
    assert tween.progress() == 1.0  # never past the end


def test_tween_waits_for_its_delay():
    tween = Tween(0.1, delay=0.1)
    tween.step(0.05)
    assert not tween.started
    assert tween.progress() == 0.0
    tween.step(0.1)
    assert tween.started
    assert tween.progress() == pytest.approx(0.5)
    assert not tween.done
    tween.step(0.05)
    assert tween.done


def test_tween_progress_looks_ahead_by_extra():
    """The loop's alpha times its step: drawing between two fixed steps."""
    tween = Tween(0.1)
    tween.step(0.05)
    assert tween.progress(0.025) == pytest.approx(0.75)
    assert tween.elapsed == pytest.approx(0.05)  # looking ahead changes nothing


def test_tween_value_applies_its_easing():
    tween = Tween(1.0, easing=ease_out)
    tween.step(0.5)
    assert tween.value() == pytest.approx(ease_out(0.5))
    assert tween.value() != pytest.approx(0.5)


def test_finish_ends_a_tween_at_once():
    """A move during an animation finishes the running one at once."""
    tween = Tween(0.1, easing=pop, delay=0.05)
    tween.step(0.06)
    tween.finish()
    assert tween.done
    assert tween.value() == pytest.approx(1.0)


def test_a_zero_length_tween_is_already_at_its_end():
    tween = Tween(0.0)
    assert tween.done
    assert tween.progress() == 1.0
