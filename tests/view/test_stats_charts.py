"""The statistics as pictures, through the real app: from a size's statistics page, Charts
shows the scores of the last 50 of the player's own games, the biggest tiles reached, the time
played a week and the average review loss of the player's own moves, a chart a page. An empty
archive says so in words; the figures are read off the frame; every chart reads at 320x400
and full HD, in both languages and every theme; keyboard, pad and mouse reach it."""

from __future__ import annotations

import contextlib
import itertools
import sqlite3
import threading
import time
import uuid
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta

import pygame
import pytest
from helpers.archive import Keeping, play, random_actions, seeded_session, send
from helpers.devices import button, keyboard_choose, mouse_choose, pad_choose, plug_pad
from helpers.games import corner_game, grades_of, keep_games, reading_app
from helpers.keys import STEP
from helpers.view import READABLE_PX, TextLog, misfits, use_look

import game.view.charts
from game.app import App
from game.core.record import Outcome
from game.core.replay import move_positions, replay
from game.kept_games.archive.games_archive import Archive
from game.kept_games.charts import reading as charts_reading
from game.kept_games.charts.figures import WEEKS_SHOWN, monday_of
from game.kept_games.review.grading import grade_move
from game.play import commands as cmd
from game.screens.menus import CHART_PAGES
from game.screens.screen import Item, ScreenKind
from game.solver.analysis import review_depth
from game.solver.bitboard import DIRECTIONS
from game.storage.schema import ARCHIVE_FILE
from game.text import LANGUAGES, tr
from game.view.plot import LOSS_TOP_LEAST, loss_height
from game.view.theme import THEMES, theme_named

NOW = datetime.now(UTC)
OWN_GAMES = 60  # the last of them still in play: 59 ended, of which the charts show 50
ASSISTED_AT = (12, 40)  # the games (in the order played) that ask for a hint at their 10th move
REVIEWED = (5, 30, 40, 52, 58)  # 40: the assisted one
WINDOWS = ((320, 400), (1920, 1080))


@dataclass(frozen=True)
class Kept:
    own_scores: list[int]  # the player's own ended games, oldest first
    tiles: dict[int, int]  # their biggest tiles, counted
    week_seconds: dict  # Monday -> seconds, every game played here
    losses: list[float]  # the reviewed games' own moves' average loss, oldest first
    assisted_loss_if_counted: float  # the assisted game's average with its assisted moves


def _fill(folder) -> Kept:
    """Own and assisted games of 4x4 played through the session over ten weeks, an imported
    game of someone else's (big score, this week), and five games reviewed: one assisted, its
    own moves the solver's best and its assisted moves blunders."""
    moment = [NOW]
    archive = Archive.open(folder, background=False, durable=False, now=lambda: moment[0])
    keeper = Keeping(archive)
    played = OWN_GAMES + len(ASSISTED_AT)
    for index in range(played):
        moment[0] = NOW - timedelta(days=70) + timedelta(days=70 * index / played)
        session = seeded_session(4, index + 1)
        keeper.new_game(session)  # the game before ends ("left") for this one
        actions = random_actions(index + 1, 30 + index % 25)
        think = [0.5 + (i % 3) for i in range(len(actions))]
        if index in ASSISTED_AT:
            play(session, keeper, actions[:10], think=think[:10])
            send(session, keeper, cmd.Hint())
            actions, think = actions[10:], think[10:]
        play(session, keeper, actions, think=think)
    someone_else = corner_game(size=4)
    imported = replace(someone_else.summary, started_at=NOW, uid=uuid.uuid4().hex)
    archive.add_record(replace(someone_else, summary=imported), imported=True)
    summaries = list(reversed(archive.list_games(limit=1000)))  # oldest first
    own = [
        s
        for s in summaries
        if not (s.imported or s.assisted or s.origin) and s.outcome is not Outcome.IN_PLAY
    ]
    tiles: dict[int, int] = {}
    for summary in own:
        tiles[summary.biggest_tile] = tiles.get(summary.biggest_tile, 0) + 1
    weeks: dict = {}
    for summary in summaries:
        if not summary.imported:
            monday = monday_of(summary.started_at.astimezone().date())
            weeks[monday] = weeks.get(monday, 0.0) + summary.seconds
    losses, with_assisted = [], 0.0
    depth = review_depth(4)
    for index in REVIEWED:
        summary = summaries[index]
        record = archive.load(summary.game_id)
        positions = replay(record)
        scores, own_losses, all_losses = {}, [], []
        for position in move_positions(positions):  # as the review scores them
            played = record.steps[position].action.direction
            mine = summary.assisted_from is None or position < summary.assisted_from
            if summary.assisted:  # its own moves: the best; its assisted ones: blunders
                scores[position] = tuple(
                    0.0 if d == played else (-1e6 if mine else 1e9) for d in DIRECTIONS
                )
            else:
                crude = grades_of(positions.grid(position))  # a cell less left empty: 0.1 or so
                scores[position] = tuple(None if v is None else v * 100 for v in crude)
            loss = grade_move(positions.grid(position), scores[position], played)[1]
            all_losses.append(loss)
            if mine:
                own_losses.append(loss)
        archive.save_scores(summary.game_id, depth, scores)
        losses.append(sum(own_losses) / len(own_losses))
        if summary.assisted:
            with_assisted = sum(all_losses) / len(all_losses)
    archive.close()
    scores = [s.score for s in own][-50:]
    return Kept(scores, tiles, weeks, losses, with_assisted)


@pytest.fixture(scope="module")
def full(tmp_path_factory):
    folder = tmp_path_factory.mktemp("charts")
    return folder, _fill(folder)


@pytest.fixture(scope="module")
def kept(full):
    return full[0]


@pytest.fixture
def app(kept_app):
    return kept_app


@pytest.fixture
def charted(monkeypatch):
    """Each chart drawn: its rectangle and where its words went."""
    drawn: list[tuple[pygame.Rect, list[pygame.Rect]]] = []
    draw_chart = game.view.charts.draw_chart

    def spy(surface, rect, *args):
        words = draw_chart(surface, rect, *args)
        drawn.append((rect.copy(), words))
        return words

    monkeypatch.setattr(game.view.charts, "draw_chart", spy)
    return drawn


def open_charts(app: App) -> None:
    """Menu, Statistics (the page of the size played, 4x4), Charts; the figures read."""
    app.command(cmd.Pause())
    app.command(cmd.Select(app.screens.top.items.index(Item.STATS)))
    app.command(cmd.Select(app.screens.top.items.index(Item.CHARTS)))
    until_read(app)


def until_read(app: App) -> None:
    if app.charts.reading is not None:
        assert app.charts.reading.wait(30), "the charts were not read"
    for _ in range(40):  # and the menu faded in
        app.frame(STEP, [])
    assert not app.charts.busy and not app.charts.figures.reading


def turn_to(app: App, page: str) -> None:
    menu = app.screens.top
    while CHART_PAGES[menu.page] != page:
        app.command(cmd.Move("right" if CHART_PAGES.index(page) > menu.page else "left"))


def frame(app: App, charted, size) -> tuple[pygame.Surface, pygame.Rect, list[pygame.Rect]]:
    """The page shown drawn at `size`: the picture, the chart's rectangle, its words' places."""
    charted.clear()
    surface = pygame.Surface(size)
    app.view.dirty = True
    app.view.draw(surface, app.snapshot())
    assert len(charted) == 1
    return surface, *charted[0]


def words_at(app: App, size) -> list[str]:
    log = TextLog(app)
    try:
        return [text.words for text in log.frame(size, app.session)[1] if text.part == "menu"]
    finally:
        log.close()


def marks(surface: pygame.Surface, rect: pygame.Rect, theme) -> list[pygame.Rect]:
    """The chart's points or bars (drawn in the accent colour), left to right."""
    inside = rect.inflate(-4, -4)
    mask = pygame.mask.from_threshold(surface.subsurface(inside), theme.accent, (1, 1, 1, 255))
    boxes = [box.move(inside.topleft) for box in mask.get_bounding_rects()]
    return sorted(boxes, key=lambda box: box.x)


# -- an empty archive ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_empty_archive_says_so_on_every_chart(tmp_path, charted, lang):
    app = reading_app(tmp_path)
    use_look(app, lang=lang)
    try:
        open_charts(app)
        expected = {
            "scores": tr("chart_no_games", lang, n=4),
            "tiles": tr("chart_no_games", lang, n=4),
            "weeks": tr("chart_no_time", lang, n=4, weeks=WEEKS_SHOWN),
            "loss": tr("chart_no_reviews", lang, n=4),
        }
        for page in CHART_PAGES:
            turn_to(app, page)
            log = TextLog(app)
            try:
                surface, drawn = log.frame((320, 400), app.session)
            finally:
                log.close()
            chart = [t.words for t in drawn if t.part == "menu" and t.weight == "Medium"]
            assert " ".join(chart) == expected[page]  # the words, and no figure of empty axes
            theme = app.view.theme
            rect = frame(app, charted, (320, 400))[1]
            assert not marks(surface, rect, theme)
    finally:
        app.close()


# -- a full archive -----------------------------------------------------------------------------


@pytest.mark.slow
def test_the_scores_are_the_last_50_own_games_oldest_first(full, app, charted):
    kept = full[1]
    open_charts(app)
    assert app.charts.figures.scores == tuple(kept.own_scores)
    assert len(kept.own_scores) == 50
    for size in WINDOWS:
        surface, rect, _ = frame(app, charted, size)
        points = marks(surface, rect, app.view.theme)
        assert len(points) == 50, size
        ys = [p.centery for p in points]
        low, high = min(kept.own_scores), max(kept.own_scores)
        top, foot = ys[kept.own_scores.index(high)], ys[kept.own_scores.index(low)]
        for score, y in zip(kept.own_scores, ys, strict=True):  # a straight scale, in order
            assert abs(y - (foot + (top - foot) * (score - low) / (high - low))) <= 1.5, size


def test_each_biggest_tile_reached_is_a_bar_as_tall_as_its_count(full, app, charted):
    kept = full[1]
    open_charts(app)
    turn_to(app, "tiles")
    ladder = [t for t in (2**n for n in range(1, 18)) if min(kept.tiles) <= t <= max(kept.tiles)]
    assert app.charts.figures.tiles == tuple((t, kept.tiles.get(t, 0)) for t in ladder)
    counts = [kept.tiles[t] for t in ladder if t in kept.tiles]
    assert len(counts) >= 2
    for size in WINDOWS:
        surface, rect, _ = frame(app, charted, size)
        bars = marks(surface, rect, app.view.theme)
        assert len(bars) == len(counts), size
        tallest = max(bar.height for bar in bars) - 1
        for count, bar in zip(counts, bars, strict=True):
            assert abs(bar.height - 1 - tallest * count / max(counts)) <= 1, size
    words = words_at(app, (1920, 1080))
    assert [w for w in words if w in map(str, ladder)] == [str(t) for t in ladder]


def test_the_time_played_a_week_counts_every_game_played_here(full, app, charted):
    kept = full[1]
    open_charts(app)
    turn_to(app, "weeks")
    weeks = app.charts.figures.weeks
    assert len(weeks) == WEEKS_SHOWN and weeks[-1].monday == monday_of(datetime.now().date())
    for week in weeks:
        assert week.seconds == pytest.approx(kept.week_seconds.get(week.monday, 0.0))
    assert sum(week.seconds for week in weeks) == pytest.approx(sum(kept.week_seconds.values()))
    played = [week.seconds for week in weeks if week.seconds > 0]
    for size in WINDOWS:
        surface, rect, _ = frame(app, charted, size)
        bars = marks(surface, rect, app.view.theme)
        assert len(bars) == len(played), size
        tallest = max(bar.height for bar in bars) - 1
        for seconds, bar in zip(played, bars, strict=True):
            assert abs(bar.height - 1 - tallest * seconds / max(played)) <= 1, size


def test_the_loss_line_counts_only_the_player_s_own_moves(full, app, charted):
    kept = full[1]
    open_charts(app)
    turn_to(app, "loss")
    assert app.charts.figures.losses == pytest.approx(kept.losses)
    assisted = REVIEWED.index(ASSISTED_AT[1])
    assert kept.losses[assisted] == 0.0 < kept.assisted_loss_if_counted
    for size in WINDOWS:
        surface, rect, _ = frame(app, charted, size)
        points = marks(surface, rect, app.view.theme)
        assert len(points) == len(kept.losses), size
        ys = [p.centery for p in points]
        assert ys[assisted] == max(ys)  # its own moves lost nothing: at the foot
        # The review's log scale, each game in the order played.
        top = max(LOSS_TOP_LEAST, *kept.losses)
        heights = [loss_height(loss, top) for loss in kept.losses]
        foot, high = ys[heights.index(min(heights))], ys[heights.index(max(heights))]
        low = min(heights)
        for height, y in zip(heights, ys, strict=True):
            expected = foot + (high - foot) * (height - low) / (max(heights) - low)
            assert abs(y - expected) <= 1.5, size


# -- readable everywhere --------------------------------------------------------------------------


def readable(app: App, charted, buttons, size) -> None:
    log = TextLog(app)
    try:
        _, texts = log.frame(size, app.session)
    finally:
        log.close()
    small = [(t.words, t.px) for t in texts if t.px < READABLE_PX and t.words.strip()]
    assert not small, small
    for text in texts:
        assert app.view.text.font(text.px, text.weight).size(text.words)[0] <= size[0]
    _, rect, words = frame(app, charted, size)
    window = pygame.Rect(0, 0, *size)
    items = app.view.menu_rects
    assert window.contains(rect) and all(window.contains(r) for r in items)
    assert words and all(rect.contains(box) for box in words)
    for a, b in itertools.combinations([*words, *items], 2):
        assert not a.colliderect(b), (a, b)
    assert not any(rect.colliderect(item) for item in items)
    assert not misfits(app, buttons, size)


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_chart_reads_at_the_smallest_window_and_full_hd(app, charted, request, lang):
    buttons = request.getfixturevalue("drawn_buttons")  # test_labels_fit's: each button drawn
    use_look(app, lang=lang)
    open_charts(app)
    for theme, page, size in itertools.product(THEMES, CHART_PAGES, WINDOWS):
        use_look(app, theme=theme)
        turn_to(app, page)
        readable(app, charted, buttons, size)
    for text_size in ("large", "largest"):  # the labels grow, and still never touch
        app.use_settings(replace(app.settings, text_size=text_size))
        for page, size in itertools.product(CHART_PAGES, WINDOWS):
            turn_to(app, page)
            readable(app, charted, buttons, size)


# -- off the frame ------------------------------------------------------------------------------


def test_frames_go_on_while_a_big_archive_is_read(full, app, charted, monkeypatch):
    """A reading held up (a big archive): the menu answers and the charts say they are being
    read; the figures show once they are in."""
    held = threading.Event()
    reviewed = charts_reading.reviewed_games

    def slow(*args):
        held.wait(10)
        return reviewed(*args)

    monkeypatch.setattr(charts_reading, "reviewed_games", slow)
    app.command(cmd.Pause())
    app.command(cmd.Select(app.screens.top.items.index(Item.STATS)))
    app.command(cmd.Select(app.screens.top.items.index(Item.CHARTS)))
    for _ in range(40):
        app.frame(STEP, [])
    app.command(cmd.Move("right"))
    assert app.screens.top.page == 1 and app.busy
    assert tr("charts_reading", "en") in words_at(app, (320, 400))
    held.set()
    until_read(app)
    assert app.charts.figures.scores == tuple(full[1].own_scores)


# -- every device --------------------------------------------------------------------------------


@pytest.mark.slow
def test_keyboard_pad_and_mouse_reach_every_chart(app):
    def key(code):
        return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)

    def on(*events):
        for event in events:
            app.frame(STEP, [event])
            for _ in range(30):
                app.frame(STEP, [])

    # Keyboard: Esc, Statistics, Charts; Right to the last chart; Esc back to the statistics.
    on(key(pygame.K_ESCAPE))
    keyboard_choose(app, Item.STATS)
    keyboard_choose(app, Item.CHARTS)
    assert app.screens.top.kind is ScreenKind.CHARTS
    until_read(app)
    on(*[key(pygame.K_RIGHT)] * 3)
    assert app.screens.top.page == 3
    on(key(pygame.K_ESCAPE))
    assert app.screens.top.kind is ScreenKind.STATS
    # The pad: A on Charts, the d-pad through the charts, B back.
    plug_pad(app)
    pad_choose(app, Item.CHARTS)
    assert app.screens.top.kind is ScreenKind.CHARTS
    until_read(app)
    on(button(pygame.CONTROLLER_BUTTON_DPAD_RIGHT))
    assert app.screens.top.page == 1
    on(button(pygame.CONTROLLER_BUTTON_B))
    assert app.screens.top.kind is ScreenKind.STATS
    # The mouse: Charts, Next, Back.
    mouse_choose(app, Item.CHARTS)
    assert app.screens.top.kind is ScreenKind.CHARTS
    until_read(app)
    mouse_choose(app, Item.NEXT_PAGE)
    assert app.screens.top.page == 1
    mouse_choose(app, Item.BACK)
    assert app.screens.top.kind is ScreenKind.STATS


def test_the_goals_page_has_no_charts(app):
    app.command(cmd.Pause())
    app.command(cmd.Select(app.screens.top.items.index(Item.STATS)))
    menu = app.screens.top
    while menu.page < menu.pages - 1:
        app.command(cmd.Move("right"))
    assert not menu.active(Item.CHARTS)
    app.command(cmd.Select(menu.items.index(Item.CHARTS)))
    assert app.screens.top.kind is ScreenKind.STATS


def test_the_charts_draw_in_every_theme_s_own_colours(app, charted):
    open_charts(app)
    for name in THEMES:
        use_look(app, theme=name)
        surface, rect, _ = frame(app, charted, (320, 400))
        assert len(marks(surface, rect, theme_named(name))) == 50


def test_a_game_dated_past_the_last_local_day_is_in_no_week_and_the_charts_open(
    tmp_path, monkeypatch
):
    """9999-12-31T23:59:59Z in a time zone ahead of UTC is past the last day a date can have:
    turning it into a local date overflowed, and the charts crashed at each opening."""
    [record] = keep_games(tmp_path, 1)
    with contextlib.closing(sqlite3.connect(tmp_path / ARCHIVE_FILE)) as doctor, doctor:
        doctor.execute("UPDATE games SET started_at = '9999-12-31T23:59:59Z'")
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    try:
        app = reading_app(tmp_path)
        try:
            open_charts(app)
            turn_to(app, "weeks")
            assert sum(week.seconds for week in app.charts.figures.weeks) == 0.0
            app.frame(STEP, [])  # drawn without trouble
        finally:
            app.close()
    finally:
        monkeypatch.undo()
        time.tzset()
    assert record.summary.steps > 0


def test_one_game_is_a_mark_as_big_as_a_word_on_a_line_across_not_a_dot(tmp_path, charted):
    """A one-game chart drew a 5 px dot (issue 33)."""
    keep_games(tmp_path, 2)  # the first ended (left for the second, still in play)
    app = reading_app(tmp_path)
    try:
        open_charts(app)
        turn_to(app, "scores")
        for size in ((320, 400), (540, 720)):
            surface, rect, _ = frame(app, charted, size)
            [mark] = marks(surface, rect, app.view.theme)
            assert min(mark.size) >= READABLE_PX, (size, mark)
            level = mark.centery
            row = [surface.get_at((x, level))[:3] for x in range(rect.x + 8, mark.left - 2)]
            assert tuple(app.view.theme.text[:3]) in row, size  # the level, drawn across
    finally:
        app.close()
