"""Draws every screen of the game into a folder, so that a change of the code that should change
no pixel can be checked: draw the frames before it, again after it, and compare.

    python build/screen_frames.py draw OUT_DIR [--sizes 320x400,540x720,1920x1080]
    python build/screen_frames.py compare BEFORE_DIR AFTER_DIR

It runs the real app headless from a data folder of its own: a few kept games of fixed dates,
the player's settings in each language and window size. It reaches each screen as a player
does, by keys (and the board's positions for the win banner and the game over), lets the fades
and slides end, and saves the window. Every frame's time is a fixed step, and the threads (a
review, a game opening, the charts) are waited for, so the same code draws the same pictures.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.app import App, Options  # noqa: E402
from game.core.engine import Direction, Game  # noqa: E402
from game.core.record import Action, GameRecord, GameSummary, Outcome, Step  # noqa: E402
from game.core.settings import Settings  # noqa: E402

STEP = 1 / 120
SIZES = ((320, 400), (540, 720), (1920, 1080))
LANGUAGES = ("en", "el")
THEMES = ("classic", "dark", "high_contrast")
SEED = 7
K = pygame


def key(code: int, unicode: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=unicode, scancode=0)


# -- the data folder ------------------------------------------------------------------------------


def kept_game(seed: int, moves: int, size: int, day: int) -> GameRecord:
    """A game of `moves` steps by a fixed rule (with an undo every 15th step), started on a
    fixed day of 2026."""
    game = Game.new(size, seed=seed)
    start, steps = game.to_dict(), []
    order = (Direction.LEFT, Direction.DOWN, Direction.RIGHT, Direction.UP)
    while len(steps) < moves and not game.over:
        if steps and len(steps) % 15 == 0 and game.undo():
            steps.append(Step(Action.UNDO, round(0.9 * (len(steps) + 1), 1)))
            continue
        turn = (len(steps) * 7 + seed) % 4
        direction = next(d for d in order[turn:] + order[:turn] if game.move(d))
        steps.append(Step(Action.move(direction), round(0.9 * (len(steps) + 1), 1)))
    summary = GameSummary(
        game_id=None,
        uid=f"{seed:032x}",
        size=size,
        started_at=datetime(2026, 11, day, 10, 30, tzinfo=UTC),
        outcome=Outcome.LOST if game.over else Outcome.IN_PLAY,
        won=game.won,
        score=game.score,
        biggest_tile=game.biggest_tile(),
        moves=game.moves,
        seconds=steps[-1].seconds,
        steps=len(steps),
        assisted_from=None,
    )
    return GameRecord(summary, start, tuple(steps))


def prepare(data_dir: Path, size: tuple[int, int], lang: str, theme: str, text: str) -> None:
    """The player's settings, and (once) the kept games."""
    from game.kept_games.archive.games_archive import Archive
    from game.storage.store import Storage

    storage = Storage(str(data_dir)).open()
    settings = Settings(language=lang, window_size=size, theme=theme, text_size=text)
    storage.save_settings(settings)
    storage.close()
    if not (data_dir / "games.sqlite3").exists():
        archive = Archive.open(str(data_dir), background=False, durable=False)
        for seed, moves, board, day in ((2, 400, 3, 20), (3, 120, 5, 21), (1, 300, 4, 22)):
            archive.add_record(kept_game(seed, moves, board, day), imported=False)
        archive.close()


# -- playing ---------------------------------------------------------------------------------------


class Player:
    def __init__(self, app: App, out: Path, prefix: str) -> None:
        self.app = app
        self.out = out
        self.prefix = prefix

    def frames(self, count: int) -> None:
        for _ in range(count):
            self.app.frame(STEP, [])

    def press(self, *codes: int, unicode: str = "") -> None:
        for code in codes:
            self.app.frame(STEP, [key(code, unicode)])
            self.frames(3)

    def until(self, done: Callable[[], bool], limit_s: float = 120.0) -> None:
        """Frames (and real time, for the threads) until `done`."""
        deadline = time.monotonic() + limit_s
        while not done():
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.prefix}: waited {limit_s:.0f} s")
            time.sleep(0.01)
            self.app.frame(STEP, [])

    def shot(self, name: str, screen: str | None = None) -> None:
        """The screen once its fades and slides are over, drawn afresh; `screen`: the one that
        must be on top (see `where`)."""
        self.frames(120)
        if screen is not None and where(self.app) != screen:
            raise RuntimeError(f"{self.prefix}-{name}: {where(self.app)} on top, not {screen}")
        self.app.view.dirty = True
        self.app.frame(STEP, [])
        path = self.out / f"{self.prefix}-{name}.png"
        pygame.image.save(self.app.window.get_surface(), path)


def where(app: App) -> str:
    """The screen on top, as a word: "play", or the menu's or the games screen's name."""
    top = app.screens.top
    return "play" if top is None else top.kind.value


def focused(app: App) -> str:
    """The item the keyboard acts on, as a word: its text key."""
    item = app.screens.top.focused_item
    return getattr(item, "value", type(item).__name__)


def choose(p: Player, item: str) -> None:
    """Down to `item`, then Enter."""
    for _ in range(12):
        if focused(p.app) == item:
            p.press(K.K_RETURN)
            return
        p.press(K.K_DOWN)
    raise RuntimeError(f"{p.prefix}: no {item} on {where(p.app)}")


def back_to_play(p: Player) -> None:
    while where(p.app) not in ("play", "won", "over"):
        p.press(K.K_ESCAPE)


def menu_screens(p: Player) -> None:
    """Every menu, each reached from the board by keys as a player would."""
    app = p.app
    p.shot("newcomer", "play")
    for code in (K.K_LEFT, K.K_DOWN, K.K_RIGHT, K.K_DOWN, K.K_LEFT, K.K_DOWN):
        p.press(code)
    p.frames(200)  # the clock shows time played
    p.shot("play", "play")
    pause = (K.K_ESCAPE,)
    paths = {  # each screen's name, where it is on top (see `where`), and the keys to it
        "pause": pause,
        "sizes": (*pause, *[K.K_DOWN] * 3, K.K_RETURN),
        "settings": (*pause, *[K.K_DOWN] * 5, K.K_RETURN),
        "controls": (*pause, *[K.K_DOWN] * 5, K.K_RETURN, K.K_UP, K.K_UP, K.K_RETURN),
        "controls-waiting": (
            *pause,
            *[K.K_DOWN] * 5,
            K.K_RETURN,
            K.K_UP,
            K.K_UP,
            K.K_RETURN,
            K.K_RETURN,
        ),
        "controls-2": (*pause, *[K.K_DOWN] * 5, K.K_RETURN, K.K_UP, K.K_UP, K.K_RETURN, K.K_RIGHT),
        "quit": (*pause, *[K.K_DOWN] * 8, K.K_RETURN),
        "confirm-new": (K.K_n,),
    }
    tops = {
        "controls-waiting": "controls",
        "controls-2": "controls",
        "quit": "confirm_quit",
        "confirm-new": "confirm_new",
    }
    for name, keys in paths.items():
        p.press(*keys)
        p.shot(name, tops.get(name, name))
        if name == "controls-waiting":
            p.press(K.K_ESCAPE)
        back_to_play(p)
    p.press(*pause, *[K.K_DOWN] * 6, K.K_RETURN, K.K_LEFT)
    for page in range(7):
        p.shot(f"stats-{page}", "stats")
        p.press(K.K_RIGHT)
    back_to_play(p)
    p.press(*pause, *[K.K_DOWN] * 6, K.K_RETURN, K.K_DOWN, K.K_RETURN)
    p.until(lambda: not app.charts.busy)
    for page in range(4):
        p.shot(f"charts-{page}", "charts")
        p.press(K.K_RIGHT)
    back_to_play(p)
    p.press(K.K_F1)
    for page in range(7):
        p.shot(f"help-{page}", "help")
        p.press(K.K_RIGHT)
    back_to_play(p)
    p.press(K.K_m)
    p.frames(2)
    p.shot("notice", "play")
    p.press(K.K_m)
    p.frames(400)


def end_screens(p: Player) -> None:
    app = p.app
    grid = [[1024, 1024, 4, 8], [16, 32, 64, 128], [2, 4, 8, 16], [32, 64, 128, 0]]
    place(app, Game.from_grid(grid, seed=3, score=20000, moves=900, seconds=615.0))
    p.frames(60)
    p.press(K.K_LEFT)
    p.shot("won", "won")
    p.press(K.K_RETURN)
    p.shot("kept-going", "play")
    grid = [[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 8, 8]]
    seed = next(s for s in range(100) if Game.from_grid(grid, seed=s).move(Direction.LEFT).over_now)
    place(app, Game.from_grid(grid, seed=seed, score=300, moves=40, seconds=75.0))
    p.frames(60)
    p.press(K.K_LEFT)
    p.shot("over", "over")


def place(app: App, game: Game) -> None:
    from game.play.session import Session

    app.use_session(Session.restore(game, {}))


def games_screens(p: Player) -> None:
    """The kept games' screens, from a board with no move made (the game in play is not yet
    kept: the list holds the games of fixed dates alone)."""
    app = p.app
    games_screens = app.games_screens
    p.press(K.K_ESCAPE)
    choose(p, "games")
    p.shot("games", "games")
    p.press(K.K_RETURN)
    p.until(lambda: games_screens.opening is None)
    p.shot("card", "game")
    choose(p, "replay")
    p.shot("replay", "replay")
    p.press(*[K.K_RIGHT] * 5)
    p.shot("replay-5", "replay")
    p.press(K.K_ESCAPE)
    choose(p, "review")
    p.until(lambda: games_screens.job is not None and games_screens.job.settled)
    p.shot("review", "review")
    p.press(K.K_RIGHT, K.K_RIGHT)
    p.shot("review-2", "review")
    choose(p, "worst_moves")
    p.shot("review-worst", "review")
    p.press(K.K_ESCAPE)
    choose(p, "mistakes")
    p.shot("mistakes", "mistakes")
    p.press(K.K_DOWN)
    p.shot("mistakes-2", "mistakes")
    p.press(K.K_ESCAPE, K.K_ESCAPE)
    choose(p, "practise")
    p.until(lambda: app.screens.top.practice is not None)
    p.shot("practice", "practice")
    p.press(K.K_UP)
    p.shot("practice-answered", "practice")
    back_to_play(p)


def options_for(data_dir: Path) -> Options:
    return Options(data_dir=str(data_dir), seed=SEED, size=4, fullscreen=False, sound=False)


def draw(out: Path, sizes: list[tuple[int, int]]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    looks = [(lang, theme, "normal") for lang in LANGUAGES for theme in THEMES]
    looks.append(("en", "classic", "largest"))
    with tempfile.TemporaryDirectory() as folder:
        for size in sizes:
            for lang, theme, text in looks:
                prefix = f"{size[0]}x{size[1]}-{lang}-{theme}-{text}"
                parts = [end_screens]
                if theme == "classic":
                    parts += [menu_screens, games_screens]
                else:
                    parts.append(lambda p: p.shot("newcomer"))
                for number, part in enumerate(parts):
                    data_dir = Path(folder) / f"{prefix}-{number}"
                    prepare(data_dir, size, lang, theme, text)
                    app = App(options_for(data_dir))
                    try:
                        part(Player(app, out, prefix))
                    finally:
                        app.close()
                print(f"drew {prefix}", flush=True)


def compare(before: Path, after: Path) -> int:
    """Each frame's pixels that differ; 0 when every frame is the same."""
    names = sorted({p.name for p in before.glob("*.png")} | {p.name for p in after.glob("*.png")})
    differ = 0
    for name in names:
        a, b = before / name, after / name
        if not a.exists() or not b.exists():
            print(f"{name}: only in {'after' if b.exists() else 'before'}")
            differ += 1
            continue
        one, two = pygame.image.load(a), pygame.image.load(b)
        if one.get_size() != two.get_size():
            print(f"{name}: sizes differ")
            differ += 1
            continue
        one_bytes, two_bytes = pygame.image.tobytes(one, "RGB"), pygame.image.tobytes(two, "RGB")
        pixels = sum(
            one_bytes[i : i + 3] != two_bytes[i : i + 3] for i in range(0, len(one_bytes), 3)
        )
        if pixels:
            print(f"{name}: {pixels} pixels differ")
            differ += 1
    print(f"{len(names)} frames, {differ} differ")
    return 1 if differ else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    verbs = parser.add_subparsers(dest="verb", required=True)
    drawing = verbs.add_parser("draw")
    drawing.add_argument("out", type=Path)
    drawing.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in SIZES))
    comparing = verbs.add_parser("compare")
    comparing.add_argument("before", type=Path)
    comparing.add_argument("after", type=Path)
    args = parser.parse_args()
    if args.verb == "draw":
        sizes = [tuple(int(n) for n in size.split("x")) for size in args.sizes.split(",")]
        draw(args.out, sizes)  # type: ignore[arg-type]
    else:
        sys.exit(compare(args.before, args.after))


if __name__ == "__main__":
    main()
