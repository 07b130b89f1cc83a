"""Headless test set-up: SDL's dummy video and audio drivers, set before pygame is imported.

Then the fixtures every folder shares: the real app, headless and muted, in a data folder of
its own. Its games are seeded, so that a test sees the same tiles every run: a module names
its seed with APP_SEED (11 unless it does), as the seed its tests were written against."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import platformdirs  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402
from helpers.games import reading_app  # noqa: E402
from helpers.solver import KERNEL_NOT_BUILT, solver_line  # noqa: E402

import game.view.overlays  # noqa: E402
import game.view.panel  # noqa: E402
from game.app import App, Options  # noqa: E402

DEFAULT_SEED = 11


def pytest_report_header(config):
    return solver_line()


@pytest.fixture(scope="session", autouse=True)
def documents(tmp_path_factory):
    """The player's documents, where Export writes, in a folder of the tests' own: no test
    writes into the home of whoever runs them."""
    folder = tmp_path_factory.mktemp("documents")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(platformdirs, "user_documents_path", lambda: folder)
        yield folder


def app_seed(request: pytest.FixtureRequest) -> int:
    return getattr(request.module, "APP_SEED", DEFAULT_SEED)


@pytest.fixture
def app(request, tmp_path):
    """The real app in a fresh data folder, closed after the test."""
    app = App(Options(seed=app_seed(request), data_dir=str(tmp_path), sound=False))
    yield app
    app.close()


@pytest.fixture(scope="module")
def module_app(request, tmp_path_factory):
    """One real app for all of a module's tests, for those that only look at what it draws:
    opening an app for each would cost them more than their checks."""
    folder = tmp_path_factory.mktemp("data")
    app = App(Options(seed=app_seed(request), data_dir=str(folder), sound=False))
    yield app
    app.close()


@pytest.fixture
def kept_app(kept):
    """A seeded run over the module's kept games, closed after the test. The module's `kept`
    fixture gives their folder, or a pair of the folder and their records."""
    app = reading_app(kept[0] if isinstance(kept, tuple) else kept)
    yield app
    app.close()


@pytest.fixture
def drawn_buttons(monkeypatch):
    """Each button drawn, by the menus and the kept games' screens: (its rect, words, size)."""
    drawn: list[tuple[pygame.Rect, str, int]] = []
    draw_button = game.view.panel.draw_button

    def spy(surface, text, theme, rect, words, px, focused, active=True):
        drawn.append((rect.copy(), words, px))
        draw_button(surface, text, theme, rect, words, px, focused, active)

    monkeypatch.setattr(game.view.panel, "draw_button", spy)
    monkeypatch.setattr(game.view.overlays, "draw_button", spy)
    return drawn


# A test of a second or more is marked `slow`, so that make test-fast stays the edit-test loop:
# each one that is not is named at the end of the run, with its time (setup and teardown in).
SLOW_SECONDS = 1.0
_unmarked_seconds: dict[str, float] = {}


def pytest_runtest_logreport(report):
    if "slow" not in report.keywords and "packaging" not in report.keywords:
        taken = _unmarked_seconds.get(report.nodeid, 0.0)
        _unmarked_seconds[report.nodeid] = taken + report.duration


def pytest_terminal_summary(terminalreporter):
    slow = sorted(
        ((seconds, test) for test, seconds in _unmarked_seconds.items() if seconds >= SLOW_SECONDS),
        reverse=True,
    )
    if slow:
        terminalreporter.section("tests of a second or more not marked slow")
        for seconds, test in slow:
            terminalreporter.write_line(f"{seconds:5.1f} s  {test}")
    if solver_line() == KERNEL_NOT_BUILT:  # said again under the counts, where skips are read
        terminalreporter.write_line(KERNEL_NOT_BUILT, yellow=True, bold=True)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A test's captured output as text any worker can send (make test runs the tests in
    parallel): a path named in Latin-1 bytes logs surrogates, which UTF-8 cannot carry."""
    outcome = yield
    report = outcome.get_result()
    report.sections = [
        (name, text.encode("utf-8", "backslashreplace").decode()) for name, text in report.sections
    ]
