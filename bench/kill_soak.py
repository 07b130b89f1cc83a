"""SIGKILLs at random moments of play, of autoplay and of first starts, each followed by the
next start of the real game, which must show the last move made or the one before it, keep one
record a game, and hold statistics equal to what the kept games say.

    python bench/kill_soak.py [--kills 300] [--seed 1]

Each round starts a child process playing the real app (`child` below) in one data folder that
lives through all the rounds: a player at a player's pace (0 to 0.15 s between keys, an undo
now and then), autoplay, or a first start in a new folder. The child prints each step it has
made once it is handed to the autosave; the round kills it at a random moment. Then the game
is started here as the next start would, and checked:
  - the board is the last step printed or the one before (a kill loses at most the move in
    flight; how many were lost is counted);
  - every kept game replays, at most one of each size is in play, and the game on the board is
    its size's newest record's end;
  - for each size and column (own, assisted): games played and won, the best score, and the
    time played equal what the kept games say.
It prints the figures, and exits 1 at the first round that breaks one.
"""

from __future__ import annotations

import argparse
import collections
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.app import App, Options  # noqa: E402
from game.core.record import Outcome  # noqa: E402
from game.core.replay import replay  # noqa: E402
from game.play import commands as cmd  # noqa: E402

KEYS = {"left": pygame.K_LEFT, "down": pygame.K_DOWN, "right": pygame.K_RIGHT, "up": pygame.K_UP}
MODES = ("play", "autoplay", "first start")


def child(mode: str, data_dir: str, seed: int) -> None:
    """The game played until killed; `step MOVES SCORE UNDOS` printed after each step."""
    chooser = random.Random(seed)
    app = App(Options(data_dir=data_dir, sound=False))
    os.write(1, b"started\n")
    step = app.loop.step
    if mode == "autoplay":
        app.command(cmd.ToggleAutoplay())
    while True:
        game = app.session.game
        if game.over or game.won:  # a new game, as a player starts one (R15: asked first)
            app.command(cmd.NewGame())
            if app.session.game is game:
                app.command(cmd.Confirm())
            if mode == "autoplay":
                app.command(cmd.ToggleAutoplay())
            continue
        before = (game.moves, game.undos_left)
        events = []
        if mode == "autoplay":
            time.sleep(step)  # the loop's pace: the clock runs as the wall's
        else:
            time.sleep(chooser.uniform(0.0, 0.15))
            if chooser.random() < 0.1 and game.can_undo():
                key = pygame.K_u
            else:
                key = KEYS[chooser.choice(game.valid_directions()).value]
            events = [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")]
        app.frame(step, events)
        game = app.session.game
        if (game.moves, game.undos_left) != before:
            line = f"step {game.moves} {game.score} {game.undos_left}\n"
            os.write(1, line.encode())


def kill_round(data: Path, mode: str, seed: int) -> list[tuple[int, int, int]]:
    """One child killed at a random moment; the steps it printed, (moves, score, undos)."""
    process = subprocess.Popen(
        [sys.executable, __file__, "child", mode, str(data), str(seed)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    chooser = random.Random(seed)
    if mode == "first start":
        time.sleep(chooser.uniform(0.0, 1.5))  # anywhere in the start, or just after it
    else:
        assert process.stdout.readline() == b"started\n"
        time.sleep(chooser.uniform(0.05, 2.0))
    process.send_signal(signal.SIGKILL)
    out, _ = process.communicate(timeout=60)
    return [tuple(map(int, line.split()[1:])) for line in out.decode().splitlines()
            if line.startswith("step ")]  # fmt: skip


def check(data: Path, printed: list[tuple[int, int, int]]) -> tuple[int, list[str]]:
    """The next start: how many printed steps it lost, and what it breaks."""
    app = App(Options(data_dir=str(data), sound=False))
    broken = []
    try:
        app.archive.flush()
        game = app.session.game
        shown = (game.moves, game.score, game.undos_left)
        lost = 0
        if printed:
            lost = next((i for i, step in enumerate(reversed(printed)) if step == shown), -1)
            if lost == -1 and _one_step_after(printed[-1], shown):
                lost = 0  # the last step made, kept before the kill let it be printed
            if lost not in (0, 1):
                broken.append(f"the board {shown} is not the last step or the one before")
        kept = app.archive.list_games(limit=10**6)
        by_size = collections.defaultdict(list)
        for summary in kept:
            by_size[summary.size].append(summary)
        figures = collections.defaultdict(lambda: [0, 0, 0, 0.0])  # played, won, best, seconds
        for summary in kept:
            scores = [p.score for p in replay(app.archive.load(summary.game_id))]
            # Assisted from its first hinted step; the game on the board from its hint on,
            # though no step followed it yet (R20).
            split = summary.assisted_from
            if split is None and summary.uid == app.session.game_id and app.session.assisted:
                split = summary.steps
            assisted = split is not None
            column = figures[(summary.size, assisted)]
            column[0] += 1
            column[1] += summary.won
            column[3] += summary.seconds
            own_part = scores[1 : (split if assisted else len(scores)) + 1]
            figures[(summary.size, False)][2] = max(figures[(summary.size, False)][2], 0, *own_part)
            if assisted:
                column[2] = max(column[2], 0, *scores[split + 1 :])
        for size, summaries in by_size.items():
            if sum(s.outcome is Outcome.IN_PLAY for s in summaries) > 1:
                broken.append(f"two {size}x{size} games in play")
        newest = by_size[game.size][0] if by_size[game.size] else None
        if newest is not None and newest.uid == app.session.game_id:
            end = replay(app.archive.load(newest.game_id))[-1]
            if (end.grid, end.moves) != (game.grid, game.moves):
                broken.append("the board is not its record's end")
        stats = app.stats_keeper.stats
        for (size, assisted), (played, won, best, _) in figures.items():
            mine = stats.for_size(size, assisted=assisted)
            said = (mine.games_played, mine.games_won, mine.best_score)
            if said != (played, won, best):
                column = "assisted" if assisted else "own"
                broken.append(
                    f"{size}x{size} {column}: statistics {said}, kept games {played, won, best}"
                )
        # Time: a game's seconds before its first hint stay in the own column (R20).
        for size in by_size:
            said = sum(stats.for_size(size, assisted=a).total_seconds for a in (False, True))
            kept_seconds = sum(figures[(size, a)][3] for a in (False, True))
            if abs(said - kept_seconds) > 0.01:
                broken.append(
                    f"{size}x{size}: {said:.3f} s played, kept games {kept_seconds:.3f} s"
                )
    finally:
        app.close()
    return lost, broken


def _one_step_after(last: tuple[int, int, int], shown: tuple[int, int, int]) -> bool:
    """Whether `shown` (moves, score, undos left) is one move or one undo after `last`."""
    moved = shown[0] == last[0] + 1 and shown[1] >= last[1]
    undone = shown[0] == last[0] - 1 and shown[2] == last[2] - 1
    return moved or undone


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    chooser = random.Random(args.seed)
    losses: collections.Counter = collections.Counter()
    rounds: collections.Counter = collections.Counter()
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "data"
        for index in range(args.kills):
            mode = MODES[index % len(MODES)]
            if mode == "first start":
                data = Path(folder) / f"data-{index}"  # a new player's first start
            printed = kill_round(data, mode, chooser.getrandbits(32))
            lost, broken = check(data, printed)
            rounds[mode] += 1
            losses[lost] += 1
            if broken:
                print(f"round {index} ({mode}, {len(printed)} steps printed): {broken}")
                return 1
    minutes = (time.monotonic() - started) / 60
    print(f"{args.kills} kills in {minutes:.1f} min: {dict(rounds)}; nothing broken")
    print(f"moves a kill lost (0: none, 1: the move in flight): {dict(sorted(losses.items()))}")
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["child"]:
        child(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    else:
        sys.exit(main())
