"""The session: what each command does in each state of the game, as a player sees it."""

from __future__ import annotations

import json

import pytest
from helpers.screens import stacked

from game.core.engine import UNDO_LIMIT, Direction, Game
from game.play import commands as cmd
from game.play import events as ev
from game.play.session import Phase, SaveSlots, Session
from game.screens.menus import HELP_PAGES, SizeItem
from game.screens.screen import Screen, ScreenKind

UP, DOWN, LEFT, RIGHT = Direction.UP, Direction.DOWN, Direction.LEFT, Direction.RIGHT
E = 0

# One LEFT move from the first 2048; plenty of room afterwards.
NEAR_WIN = ((1024, 1024, E, E), (E, E, E, E), (E, E, E, E), (E, E, E, E))
# As NEAR_WIN, with a second pair of 1024s waiting in the first column for a later DOWN move.
TWO_WINS = ((1024, 1024, E, E), (E, E, E, E), (1024, E, E, E), (1024, E, E, E))
# LEFT makes 2048 and fills the board with no move left, whatever tile spawns (R10a).
WIN_AND_OVER = ((1024, 1024, 8, 16), (4, 2, 4, 8), (8, 4, 2, 4), (2, 8, 4, 2))
# LEFT leaves no move, whatever tile spawns (R11); no 2048 anywhere.
NEAR_LOSS = ((2, 2, 8, 16), (32, 64, 128, 256), (4, 8, 16, 32), (32, 64, 128, 256))


def session_on(rows, seed: int = 1, **game_state) -> Session:
    return stacked(Session(Game.from_grid(rows, seed=seed, **game_state)))


def kinds(events: list[ev.Event]) -> list[type]:
    return [type(event) for event in events]


def move(session: Session, direction: Direction) -> list[ev.Event]:
    return session.handle(cmd.Move(direction))


def tiles(game: Game) -> int:
    return sum(1 for row in game.grid for value in row if value)


def merged(events: list[ev.Event]) -> tuple[int, ...]:
    return next(e.merged_values for e in events if isinstance(e, ev.Moved))


def played_session(seed: int = 5) -> Session:
    """A 4x4 game with a few moves made: a game in progress."""
    session = stacked(Session.start(4, seed=seed))
    for direction in (LEFT, UP, RIGHT, DOWN, LEFT, UP):
        move(session, direction)
    assert session.game.moves > 0
    return session


# -- playing ---------------------------------------------------------------------------------


def test_a_move_slides_merges_scores_and_spawns():
    """R4, R5, R7, R8: a valid move reports the move and the one new tile."""
    session = session_on(((2, 2, E, E), (E, E, E, E), (E, E, E, 4), (E, E, E, E)))
    events = move(session, LEFT)
    assert kinds(events) == [ev.Moved, ev.Spawned]
    moved, spawned = events
    assert moved.direction is LEFT
    assert moved.merged_values == (4,)
    game = session.game
    assert game.score == 4
    assert game.moves == 1
    row, column = spawned.cell
    assert game.grid[row][column] == spawned.value in (2, 4)
    without_spawn = [list(r) for r in game.grid]
    without_spawn[row][column] = 0
    assert without_spawn == [[4, 0, 0, 0], [0, 0, 0, 0], [4, 0, 0, 0], [0, 0, 0, 0]]
    assert session.phase is Phase.PLAYING


def test_an_invalid_move_is_blocked_and_changes_nothing():
    """R6: no spawn, no score, no move counted, no undo used, the random state untouched."""
    rows = ((2, E, E, E), (4, E, E, E), (E, E, E, E), (E, E, E, E))
    session = session_on(rows, seed=9)
    before = session.game.to_dict()
    assert move(session, LEFT) == [ev.Blocked(LEFT)]
    assert move(session, UP) == [ev.Blocked(UP)]
    assert session.game.to_dict() == before
    assert not session.game.can_undo()
    # the next valid move spawns what it would have spawned without the blocked ones
    untouched = Session(Game.from_grid(rows, seed=9))
    assert move(session, RIGHT) == move(untouched, RIGHT)


# -- winning ---------------------------------------------------------------------------------


def test_the_first_2048_shows_the_win_banner():
    """R10: the win is announced and the banner offers Keep going or New game."""
    session = session_on(NEAR_WIN)
    events = move(session, LEFT)
    assert kinds(events) == [ev.Moved, ev.Spawned, ev.Won]
    assert session.phase is Phase.WON_BANNER
    assert session.game.won
    assert session.menu.kind is ScreenKind.WON
    assert session.menu.items == ["keep_going", "new_game"]


def test_moves_under_the_banner_do_not_touch_the_board():
    session = session_on(NEAR_WIN)
    move(session, LEFT)
    before = session.game.to_dict()
    for direction in (RIGHT, DOWN, UP, LEFT):
        events = move(session, direction)
        assert not any(isinstance(e, ev.Moved | ev.Spawned | ev.Blocked) for e in events)
    assert session.game.to_dict() == before
    assert session.phase is Phase.WON_BANNER


@pytest.mark.parametrize(
    "answer",
    [[cmd.KeepGoing()], [cmd.Back()], [cmd.Confirm()], [cmd.Select(0)]],
    ids=["keep_going", "back", "confirm", "click"],
)
def test_keep_going_plays_on_with_the_same_board(answer):
    """R10: Keep going (the banner's first button, or Escape) continues the same board."""
    session = session_on(NEAR_WIN)
    move(session, LEFT)
    grid = session.game.grid
    events = [e for command in answer for e in session.handle(command)]
    assert ev.KeptGoing() in events
    assert session.phase is Phase.CONTINUING
    assert session.menu is None
    assert session.game.grid == grid
    assert kinds(move(session, RIGHT))[:2] == [ev.Moved, ev.Spawned]


def test_a_second_2048_shows_no_banner():
    """R10: a game is won only once."""
    session = session_on(TWO_WINS)
    assert ev.Won() in move(session, LEFT)
    session.handle(cmd.KeepGoing())
    events = move(session, DOWN)
    assert 2048 in merged(events)
    assert ev.Won() not in events
    assert session.phase is Phase.CONTINUING
    assert session.menu is None


def test_a_win_that_ends_the_game_shows_the_banner_first():
    """R10a: the win is shown first; after Keep going the game-over screen follows."""
    session = session_on(WIN_AND_OVER)
    events = move(session, LEFT)
    assert ev.Won() in events
    assert ev.Lost() not in events
    assert session.phase is Phase.WON_BANNER
    assert session.game.over
    events = session.handle(cmd.KeepGoing())
    assert events == [ev.KeptGoing(), ev.Lost()]
    assert session.phase is Phase.GAME_OVER
    assert session.menu.kind is ScreenKind.OVER


# -- losing and undo -------------------------------------------------------------------------


def test_no_move_left_ends_the_game_with_undo_and_new_game():
    """R11, R12: the game-over panel offers Undo while undos are left, and New game."""
    session = session_on(NEAR_LOSS)
    events = move(session, LEFT)
    assert kinds(events) == [ev.Moved, ev.Spawned, ev.Lost]
    assert session.phase is Phase.GAME_OVER
    assert session.menu.kind is ScreenKind.OVER
    assert session.menu.items == ["undo", "new_game"]
    grid = session.game.grid
    for direction in Direction:
        move(session, direction)
    assert session.game.grid == grid


@pytest.mark.parametrize("game_state", [{"undos_left": 0}, {"undo_enabled": False}])
def test_game_over_offers_only_new_game_without_undos(game_state):
    """R12, R14: no Undo button when none is left or undo is turned off."""
    session = session_on(NEAR_LOSS, **game_state)
    move(session, LEFT)
    assert session.phase is Phase.GAME_OVER
    assert session.menu.items == ["new_game"]
    why = "none_left" if "undos_left" in game_state else "off"
    assert session.handle(cmd.Undo()) == [ev.UndoRefused(why)]  # said, not silent
    assert session.phase is Phase.GAME_OVER


@pytest.mark.parametrize("command", [cmd.Undo(), cmd.Confirm()], ids=["key", "button"])
def test_undo_from_game_over_makes_the_game_playable_again(command):
    """R14: undo works on a game-over board; the game goes on."""
    session = session_on(NEAR_LOSS)
    move(session, LEFT)
    events = session.handle(command)
    assert ev.Undone(UNDO_LIMIT - 1) in events
    assert session.phase is Phase.PLAYING
    assert session.menu is None
    assert session.game.grid == NEAR_LOSS
    assert not session.game.over
    assert kinds(move(session, RIGHT))[:2] == [ev.Moved, ev.Spawned]


def test_the_game_over_panel_runs_out_of_undos():
    """R14: five undos a game; then the panel offers only New game."""
    session = session_on(NEAR_LOSS)
    for used in range(1, UNDO_LIMIT + 1):
        move(session, LEFT)
        assert session.menu.items == ["undo", "new_game"]
        assert session.handle(cmd.Undo()) == [ev.Undone(UNDO_LIMIT - used)]
    move(session, LEFT)
    assert session.phase is Phase.GAME_OVER
    assert session.menu.items == ["new_game"]


def test_undoing_the_winning_move_keeps_the_win():
    """R14: the win stays recorded, and winning again shows no second banner."""
    session = session_on(NEAR_WIN)
    move(session, LEFT)
    session.handle(cmd.KeepGoing())
    assert session.handle(cmd.Undo()) == [ev.Undone(UNDO_LIMIT - 1)]
    assert session.game.grid == NEAR_WIN
    assert session.game.won
    assert session.phase is Phase.CONTINUING
    events = move(session, LEFT)
    assert merged(events) == (2048,)
    assert ev.Won() not in events
    assert session.phase is Phase.CONTINUING


def test_undo_in_play_takes_back_one_move():
    """R13, R16."""
    session = played_session()
    before = session.game.to_dict()
    events = move(session, LEFT) or move(session, UP)
    assert ev.Blocked not in kinds(events)
    assert session.handle(cmd.Undo()) == [ev.Undone(UNDO_LIMIT - 1)]
    after = session.game.to_dict()
    for key in ("grid", "score", "moves", "random_state"):
        assert after[key] == before[key]


# -- new game --------------------------------------------------------------------------------


def assert_fresh(session: Session, size: int = 4) -> None:
    game = session.game
    assert (game.size, game.score, game.moves, game.seconds) == (size, 0, 0, 0.0)
    assert tiles(game) == 2
    assert session.phase is Phase.PLAYING
    assert session.menu is None


def test_new_game_asks_first_while_a_game_is_in_progress():
    """R15: a stray N must not throw a long game away."""
    session = played_session()
    game = session.game
    events = session.handle(cmd.NewGame())
    assert events == [ev.MenuOpened("confirm_new")]
    assert session.menu.kind is ScreenKind.CONFIRM_NEW
    assert session.menu.items == ["confirm_new", "cancel"]
    assert session.game is game
    assert session.handle(cmd.NewGame()) == []  # pressing N again does not confirm


@pytest.mark.parametrize(
    "answer",
    [cmd.Back(), cmd.Select(1)],
    ids=["escape", "cancel"],
)
def test_declining_a_new_game_keeps_the_game(answer):
    session = played_session()
    before = session.game.to_dict()
    session.handle(cmd.NewGame())
    session.handle(answer)
    assert session.menu is None
    assert session.game.to_dict() == before
    assert session.phase is Phase.PLAYING


def test_the_confirmation_focuses_the_safe_answer():
    """A reflex Enter keeps the game (R15)."""
    session = played_session()
    before = session.game.to_dict()
    session.handle(cmd.NewGame())
    assert session.menu.focused_item == "cancel"
    session.handle(cmd.Confirm())
    assert session.menu is None and session.game.to_dict() == before


@pytest.mark.parametrize(
    "answer", [[cmd.MenuFocus(-1), cmd.Confirm()], [cmd.Select(0)]], ids=["enter", "click"]
)
def test_confirming_starts_a_fresh_game(answer):
    session = played_session()
    session.handle(cmd.NewGame())
    events = [event for command in answer for event in session.handle(command)]
    assert ev.GameStarted(4) in events
    assert_fresh(session)


def test_new_game_from_the_pause_menu_also_asks():
    session = played_session()
    session.handle(cmd.Back())
    events = session.handle(cmd.Select(session.menu.items.index("new_game")))
    assert ev.MenuOpened("confirm_new") in events
    assert [m.kind for m in session.screens.stack] == [ScreenKind.CONFIRM_NEW]


def test_new_game_is_immediate_before_the_first_move():
    session = stacked(Session.start(4, seed=3))
    assert session.handle(cmd.NewGame()) == [ev.GameStarted(4)]
    assert_fresh(session)


def test_new_game_is_immediate_after_a_win():
    """R15: after a won game, New game starts at once (banner button or N)."""
    session = session_on(NEAR_WIN)
    move(session, LEFT)
    assert session.handle(cmd.NewGame()) == [ev.GameStarted(4)]
    assert_fresh(session)

    session = session_on(NEAR_WIN)
    move(session, LEFT)
    assert ev.GameStarted(4) in session.handle(cmd.Select(1))
    assert_fresh(session)


def test_new_game_is_immediate_after_a_loss():
    session = session_on(NEAR_LOSS)
    move(session, LEFT)
    assert session.handle(cmd.NewGame()) == [ev.GameStarted(4)]
    assert_fresh(session)

    session = session_on(NEAR_LOSS)
    move(session, LEFT)
    assert ev.GameStarted(4) in session.handle(cmd.Select(1))
    assert_fresh(session)


def test_a_game_kept_going_asks_before_it_is_thrown_away():
    session = session_on(NEAR_WIN)
    move(session, LEFT)
    session.handle(cmd.KeepGoing())
    assert session.handle(cmd.NewGame()) == [ev.MenuOpened("confirm_new")]


def test_a_new_game_is_no_longer_assisted():
    """R20: the assisted mark belongs to the game in which hint or autoplay was used."""
    session = played_session()
    session.handle(cmd.Hint())
    assert session.assisted
    session.handle(cmd.NewGame())
    session.handle(cmd.Select(0))
    assert not session.assisted


def test_a_new_games_panels_open_on_their_first_button():
    """Enter on the next banner or game-over screen must not start a new game by surprise."""
    session = stacked(
        Session(
            Game.from_grid(NEAR_LOSS, seed=1),
            new_game_factory=lambda size: Game.from_grid(NEAR_WIN, seed=2),
        )
    )
    move(session, LEFT)
    session.handle(cmd.MenuFocus(1))
    assert session.menu.focused_item == "new_game"
    session.handle(cmd.Confirm())
    assert session.phase is Phase.PLAYING
    move(session, LEFT)
    assert session.phase is Phase.WON_BANNER
    assert session.menu.focused_item == "keep_going"
    session.handle(cmd.MenuFocus(1))
    session.handle(cmd.Confirm())
    move(session, LEFT)
    assert session.menu.focused_item == "keep_going"


def test_the_game_over_panel_opens_on_undo_again_after_an_undo():
    session = session_on(NEAR_LOSS)
    move(session, LEFT)
    session.handle(cmd.MenuFocus(1))
    session.handle(cmd.Undo())
    move(session, LEFT)
    assert session.phase is Phase.GAME_OVER
    assert session.menu.focused_item == "undo"


# -- the clock -------------------------------------------------------------------------------


def run(session: Session, seconds: float, dt: float = 0.25) -> float:
    """Let `seconds` of real time pass; return how much the game clock moved."""
    start = session.game.seconds
    ran = sum(session.pass_time(dt) for _ in range(round(seconds / dt)))
    assert session.game.seconds - start == pytest.approx(ran)
    return ran


def started_session(seed: int = 2) -> Session:
    """A fresh 4x4 game after its first valid move: its clock runs (R17)."""
    session = stacked(Session.start(4, seed=seed))
    move(session, session.game.valid_directions()[0])
    assert session.game.moves == 1
    return session


def test_the_clock_starts_with_the_first_valid_move():
    """R17: a fresh board waiting for its first move shows 0:00."""
    session = stacked(Session.start(4, seed=2))
    assert run(session, 2.0) == 0.0
    move(session, session.game.valid_directions()[0])
    assert run(session, 1.0) == pytest.approx(1.0)


def test_the_clock_keeps_running_after_the_first_move_is_undone():
    """The game has started: an undo does not make it a fresh board again (R13, R17)."""
    session = started_session()
    session.handle(cmd.Undo())
    assert session.game.moves == 0
    assert run(session, 1.0) == pytest.approx(1.0)


def test_a_blocked_move_does_not_start_the_clock():
    session = session_on(((2, E, E, E), (E, E, E, E), (E, E, E, E), (E, E, E, E)))
    assert kinds(move(session, LEFT)) == [ev.Blocked]
    assert run(session, 1.0) == 0.0


def test_the_clock_stops_without_focus():
    session = started_session()
    session.set_focus(False)
    assert run(session, 2.0) == 0.0
    session.set_focus(True)
    assert run(session, 1.0) == pytest.approx(1.0)


@pytest.mark.parametrize(
    "opening",
    [cmd.Back(), cmd.Pause(), cmd.Help()],
    ids=["escape", "pause", "help"],
)
def test_the_clock_stops_while_a_menu_is_open(opening):
    session = started_session()
    session.handle(opening)
    assert session.menu is not None
    assert run(session, 2.0) == 0.0
    session.handle(cmd.Back())
    assert session.menu is None
    assert run(session, 1.0) == pytest.approx(1.0)


def test_the_clock_stops_while_a_new_game_is_being_confirmed():
    session = played_session()
    session.handle(cmd.NewGame())
    assert run(session, 2.0) == 0.0


def test_the_clock_stops_under_the_win_banner_and_keep_going_restarts_it():
    session = session_on(NEAR_WIN)
    assert run(session, 1.0) == 0.0  # no move made yet
    move(session, LEFT)
    assert run(session, 3.0) == 0.0
    session.handle(cmd.KeepGoing())
    assert run(session, 1.0) == pytest.approx(1.0)
    assert session.game.seconds == pytest.approx(1.0)


def test_the_clock_stops_at_game_over_and_undo_restarts_it():
    session = session_on(NEAR_LOSS)
    move(session, LEFT)
    assert run(session, 3.0) == 0.0
    session.handle(cmd.Undo())
    assert run(session, 1.0) == pytest.approx(1.0)


def test_undo_does_not_turn_the_clock_back():
    """R13."""
    session = played_session()
    start = session.game.seconds
    move(session, session.game.valid_directions()[0])
    run(session, 1.0)
    session.handle(cmd.Undo())
    assert session.game.seconds == pytest.approx(start + 1.0)


# -- menus -----------------------------------------------------------------------------------


def test_escape_in_play_opens_the_pause_menu_and_closes_it_again():
    session = stacked(Session.start(4, seed=2))
    assert session.handle(cmd.Back()) == [ev.MenuOpened("pause")]
    menu = session.menu
    assert menu.kind is ScreenKind.PAUSE
    assert menu.focused_item == "resume"
    assert {"new_game", "sizes", "help", "quit"} <= set(menu.items)
    assert session.handle(cmd.Back()) == [ev.MenuClosed("pause")]
    assert session.menu is None


def test_pause_menu_focus_moves_and_holds_at_its_ends():
    """Up from Resume never lands on Quit (issue 24)."""
    session = stacked(Session.start(4, seed=2))
    grid = session.game.grid
    session.handle(cmd.Pause())
    menu = session.menu
    last = len(menu.items) - 1
    assert move(session, DOWN) == [ev.MenuMoved()]
    assert menu.focus == 1
    move(session, UP)
    assert move(session, UP) == []
    assert menu.focus == 0
    assert session.handle(cmd.MenuFocus(-1)) == []
    assert menu.focus == 0
    menu.focus = last
    assert menu.focused_item == "quit"
    assert move(session, DOWN) == [] and session.handle(cmd.MenuFocus(1)) == []
    assert menu.focus == last
    assert session.game.grid == grid  # the board never moved
    assert session.game.moves == 0


def test_confirm_runs_the_focused_item():
    session = stacked(Session.start(4, seed=2))
    session.handle(cmd.Pause())
    assert session.handle(cmd.Confirm()) == [ev.MenuConfirmed(), ev.MenuClosed("pause")]
    assert session.menu is None


def test_select_runs_the_clicked_item():
    session = stacked(Session.start(4, seed=2))
    session.handle(cmd.Pause())
    items = session.menu.items
    assert session.handle(cmd.Select(items.index("help"))) == [
        ev.MenuConfirmed(),
        ev.MenuOpened("help"),
    ]
    session.handle(cmd.Back())
    assert session.handle(cmd.Select(len(items))) == []  # a click beside the items


def test_quit_in_the_pause_menu_asks_first_and_quits_when_confirmed():
    session = stacked(Session.start(4, seed=2))
    session.handle(cmd.Pause())
    pause = session.menu
    assert session.handle(cmd.Select(pause.items.index("quit"))) == [
        ev.MenuConfirmed(),
        ev.MenuOpened("confirm_quit"),
    ]
    assert session.menu.focused_item == "cancel"  # the safe answer
    assert session.handle(cmd.Back()) == [ev.MenuClosed("confirm_quit")]
    assert session.menu is pause
    session.handle(cmd.Select(pause.items.index("quit")))
    assert session.handle(cmd.Confirm()) == [ev.MenuConfirmed(), ev.MenuClosed("confirm_quit")]
    assert session.menu is pause
    session.handle(cmd.Select(pause.items.index("quit")))
    quit_at = session.menu.items.index("quit")
    assert session.handle(cmd.Select(quit_at)) == [ev.MenuConfirmed(), ev.QuitRequested()]


def test_back_closes_one_level_at_a_time():
    session = stacked(Session.start(4, seed=2))
    session.handle(cmd.Back())
    session.handle(cmd.Select(session.menu.items.index("help")))
    assert [m.kind for m in session.screens.stack] == [ScreenKind.PAUSE, ScreenKind.HELP]
    assert session.handle(cmd.Back()) == [ev.MenuClosed("help")]
    assert session.menu.kind is ScreenKind.PAUSE
    assert session.handle(cmd.Back()) == [ev.MenuClosed("pause")]
    assert session.menu is None


def test_help_pages_turn_left_and_right_and_stop_at_the_ends():
    """R21: the help screens are pages turned with left and right."""
    session = stacked(Session.start(4, seed=2))
    session.handle(cmd.Help())
    menu = session.menu
    assert menu.kind is ScreenKind.HELP
    assert menu.page == 0
    assert move(session, LEFT) == []
    assert menu.page == 0
    for page in range(1, len(HELP_PAGES)):
        assert move(session, RIGHT) == [ev.MenuMoved()]
        assert menu.page == page
    assert move(session, RIGHT) == []
    assert menu.page == len(HELP_PAGES) - 1
    move(session, LEFT)
    assert menu.page == len(HELP_PAGES) - 2
    assert session.game.moves == 0
    assert session.handle(cmd.Help()) == [ev.MenuClosed("help")]  # F1 again closes it


def test_quit_is_asked_for_from_anywhere():
    session = stacked(Session.start(4, seed=2))
    assert session.handle(cmd.Quit()) == [ev.QuitRequested()]
    session.handle(cmd.Pause())
    assert session.handle(cmd.Quit()) == [ev.QuitRequested()]
    won = session_on(NEAR_WIN)
    move(won, LEFT)
    assert won.handle(cmd.Quit()) == [ev.QuitRequested()]


# -- sizes and saving ------------------------------------------------------------------------


def choose(session: Session, item) -> list[ev.Event]:
    session.handle(cmd.Pause())
    if isinstance(item, SizeItem):  # the board sizes have a menu of their own
        session.handle(cmd.Select(session.menu.items.index("sizes")))
    return session.handle(cmd.Select(session.menu.items.index(item)))


def test_switching_size_keeps_one_game_per_size():
    """R18: switching back resumes the earlier game exactly, undo history and all."""
    session = stacked(Session(Game.new(4, seed=11), slots=SaveSlots()))
    for direction in (LEFT, UP, LEFT, DOWN):
        move(session, direction)
    run(session, 5.0)
    four = session.game.to_dict()

    events = choose(session, SizeItem(5))
    assert ev.GameStarted(5) in events
    assert session.game.size == 5
    assert_fresh(session, size=5)
    move(session, session.game.valid_directions()[0])
    run(session, 2.0)
    five = session.game.to_dict()

    choose(session, SizeItem(4))
    assert session.game.to_dict() == four
    assert session.menu is None
    choose(session, SizeItem(5))
    assert session.game.to_dict() == five
    session.handle(cmd.NewGame(4))
    assert session.game.to_dict() == four
    # the resumed game plays on exactly: undo reaches the moves made before the switch
    assert session.handle(cmd.Undo()) == [ev.Undone(UNDO_LIMIT - 1)]


def test_switching_size_keeps_the_won_state():
    session = stacked(Session(Game.from_grid(NEAR_WIN, seed=1), slots=SaveSlots()))
    move(session, LEFT)
    session.handle(cmd.KeepGoing())
    choose(session, SizeItem(6))
    assert session.phase is Phase.PLAYING
    assert session.game.size == 6
    choose(session, SizeItem(4))
    assert session.phase is Phase.CONTINUING
    assert session.game.won


def test_choosing_the_current_size_changes_nothing():
    session = played_session()
    before = session.game.to_dict()
    choose(session, SizeItem(4))
    assert session.menu is None
    assert session.game.to_dict() == before


def round_trip(session: Session) -> Session:
    """Through JSON, as storage would keep it."""
    game = Game.from_dict(json.loads(json.dumps(session.game.to_dict())))
    return stacked(Session.restore(game, json.loads(json.dumps(session.state_dict()))))


def test_a_saved_session_comes_back_exactly():
    """R18: phase, assisted mark and the game, random state included."""
    session = session_on(TWO_WINS, seed=4)
    move(session, LEFT)
    session.handle(cmd.KeepGoing())
    session.handle(cmd.Hint())
    run(session, 3.0)
    restored = round_trip(session)
    assert restored.phase is Phase.CONTINUING
    assert restored.assisted
    assert restored.game.to_dict() == session.game.to_dict()
    assert move(restored, DOWN) == move(session, DOWN)  # the same tile spawns


@pytest.mark.parametrize(
    ("rows", "commands", "phase"),
    [
        (NEAR_WIN, [], Phase.WON_BANNER),
        (NEAR_LOSS, [], Phase.GAME_OVER),
        (WIN_AND_OVER, [], Phase.WON_BANNER),
        (WIN_AND_OVER, [cmd.KeepGoing()], Phase.GAME_OVER),
    ],
)
def test_a_saved_banner_or_game_over_comes_back(rows, commands, phase):
    session = session_on(rows)
    move(session, LEFT)
    for command in commands:
        session.handle(command)
    assert session.phase is phase
    restored = round_trip(session)
    assert restored.phase is phase
    assert restored.menu.kind is session.menu.kind
    assert not restored.assisted


# -- the solver's commands (R20) -------------------------------------------------------------


def test_a_hint_marks_the_game_assisted_once():
    session = played_session()
    assert session.handle(cmd.Hint()) == [ev.Assisted(), ev.HintRequested()]
    assert session.handle(cmd.Hint()) == [ev.HintRequested()]
    assert session.assisted


def test_no_hint_in_a_menu_or_at_game_over():
    session = played_session()
    session.handle(cmd.Pause())
    assert session.handle(cmd.Hint()) == []
    over = session_on(NEAR_LOSS)
    move(over, LEFT)
    assert over.handle(cmd.Hint()) == [] and not over.assisted


def test_autoplay_starts_and_any_key_of_the_players_only_stops_it():
    session = played_session()
    assert session.handle(cmd.ToggleAutoplay()) == [ev.Assisted(), ev.AutoplayStarted()]
    before = session.game.to_dict()
    for command in (cmd.Move(LEFT), cmd.Undo(), cmd.Pause(), cmd.Interrupt(), cmd.Hint()):
        if not session.autoplaying:
            assert session.handle(cmd.ToggleAutoplay()) == [ev.AutoplayStarted()]
        assert session.handle(command) == [ev.AutoplayStopped()]  # and nothing else
        assert session.game.to_dict() == before and session.menu is None
    assert not session.autoplaying


def test_the_solvers_moves_play_only_while_autoplay_is_on():
    session = played_session()
    grid = session.game.grid
    assert session.handle(cmd.SolverMove(session.game.valid_directions()[0])) == []
    assert session.game.grid == grid
    session.handle(cmd.ToggleAutoplay())
    assert ev.Moved in kinds(session.handle(cmd.SolverMove(session.game.valid_directions()[0])))


def test_autoplay_stops_at_the_win_banner_and_at_game_over():
    for rows, phase in ((NEAR_WIN, Phase.WON_BANNER), (NEAR_LOSS, Phase.GAME_OVER)):
        session = session_on(rows)
        session.handle(cmd.ToggleAutoplay())
        events = session.handle(cmd.SolverMove(LEFT))
        assert session.phase is phase and ev.AutoplayStopped() in events
        assert not session.autoplaying


def test_muting_and_fullscreen_do_not_stop_autoplay():
    session = played_session()
    session.handle(cmd.ToggleAutoplay())
    assert session.handle(cmd.ToggleMute()) == [ev.SettingChanged("muted", 1, said=True)]
    assert session.handle(cmd.ToggleFullscreen()) == [ev.SettingChanged("fullscreen", 1)]
    assert session.autoplaying


# -- the undo setting (R14) ------------------------------------------------------------------


def test_the_undo_setting_holds_for_every_game_it_plays():
    session = played_session()
    session.set_undo_enabled(False)
    assert session.handle(cmd.Undo()) == [ev.UndoRefused("off")]
    choose(session, SizeItem(5))
    move(session, session.game.valid_directions()[0])
    assert session.handle(cmd.Undo()) == [ev.UndoRefused("off")]  # the new size's game too
    session.set_undo_enabled(True)
    assert kinds(session.handle(cmd.Undo())) == [ev.Undone]


def test_undo_off_at_game_over_leaves_only_new_game():
    session = session_on(NEAR_LOSS)
    move(session, LEFT)
    assert session.menu.items == ["undo", "new_game"]
    session.set_undo_enabled(False)
    assert session.menu.items == ["new_game"]


# -- menus -----------------------------------------------------------------------------------


def test_a_menu_already_open_is_returned_to_not_stacked():
    session = played_session()
    for _ in range(10):  # ten rounds of Pause, Help
        session.handle(cmd.Pause())
        session.handle(cmd.Help())
    assert [m.kind for m in session.screens.stack] == [ScreenKind.PAUSE, ScreenKind.HELP]
    session.handle(cmd.Back())
    session.handle(cmd.Back())
    assert session.screens.stack == []
    session.handle(cmd.Pause())
    session.handle(cmd.Select(session.menu.items.index("settings")))
    session.handle(cmd.Help())
    session.handle(cmd.Pause())  # the pause menu is open below: back to it
    assert [m.kind for m in session.screens.stack] == [ScreenKind.PAUSE]


def test_reading_the_menu_changes_nothing():
    """Drawing never changes state: the menu property is a plain read."""
    session = session_on(NEAR_LOSS)
    move(session, LEFT)
    first = session.menu
    session.handle(cmd.MenuFocus(1))
    assert session.menu is first and session.menu is first and first.focus == 1


# -- the one stack of screens (issue 19) ---------------------------------------------------------


class Probe(Screen):
    """A screen that takes every command it is handed; Back closes it."""

    kind = ScreenKind.GAMES

    def __init__(self) -> None:
        super().__init__([])
        self.handed: list[cmd.Command] = []

    def handle(self, command: cmd.Command, nav) -> list[ev.Event]:
        self.handed.append(command)
        if isinstance(command, cmd.Back):
            return nav.close(self)
        return [ev.MenuMoved()]


def a_screen_over_the_pause_menu() -> tuple[Session, Probe]:
    session = started_session()
    session.handle(cmd.Pause())
    probe = Probe()
    assert session.screens.open(probe) == [ev.MenuOpened("games")]
    return session, probe


def test_a_screen_on_the_stack_stops_the_clock_itself():
    """The clock stands still under any screen, whatever is below it (R17)."""
    session, probe = a_screen_over_the_pause_menu()
    assert [m.kind for m in session.screens.stack] == [ScreenKind.PAUSE, ScreenKind.GAMES]
    session.screens.clear()
    session.screens.push(probe)  # nothing below it
    assert run(session, 2.0) == 0.0


def test_the_top_of_the_stack_takes_the_commands_and_back_returns_to_the_menu_below():
    session, probe = a_screen_over_the_pause_menu()
    pause = session.screens.stack[0]
    events = session.handle(cmd.Move(DOWN))
    assert events == [ev.MenuMoved()]  # the screen's, never a game move
    assert session.game.moves == 1 and pause.focus == 0
    for everywhere in (cmd.ToggleMute(), cmd.Quit()):  # answered the same everywhere
        session.handle(everywhere)
    assert probe.handed == [cmd.Move(DOWN)]
    assert session.handle(cmd.Back()) == [ev.MenuClosed("games")]
    assert session.screens.stack == [pause] and session.menu is pause
    session.handle(cmd.Back())
    assert session.menu is None and run(session, 1.0) == pytest.approx(1.0)


def test_no_games_screens_no_games_entry():
    session = started_session()
    session.handle(cmd.Pause())
    assert session.handle(cmd.Select(session.menu.items.index("games"))) == []
    assert [m.kind for m in session.screens.stack] == [ScreenKind.PAUSE]
