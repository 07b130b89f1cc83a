"""The solver's process killed again and again under autoplay: the game must play on.

    python bench/solver_kills.py                       # killed every 4 s for 75 s
    python bench/solver_kills.py --every 15            # slower than the restart budget
    python bench/solver_kills.py --window              # in a real window (needs a display)

Runs the real game (headless unless --window) in a fresh data folder, autoplay as fast as it
can on 4x4, and kills the solver's process (SIGKILL, or TerminateProcess on Windows) every
`--every` seconds for `--seconds`. Like a player, it presses P again `--retry` seconds after
autoplay stopped, Enter and P on the win banner, and starts a new game at game over;
at the end it makes a move with an arrow key. It prints what held: kills, notices, moves made,
stops, frames and the longest frame, and exits 1 if anything raised or the game stopped
answering.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

KILL = getattr(signal, "SIGKILL", signal.SIGTERM)
FRAME_S = 1 / 60


def key(pygame, code: int):
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")


def solver_pids(app) -> list[int]:
    return [
        process.pid
        for worker in app.autoplay._workers.values()
        for process, _ in worker._slots
        if process.is_alive()
    ]


def attack(args: argparse.Namespace, data_dir: str) -> int:
    import pygame

    from game.app import App, Options
    from game.core.engine import Game
    from game.play.session import Session
    from game.screens.screen import ScreenKind

    app = App(Options(seed=args.seed, data_dir=data_dir, sound=False))
    shown: list[str] = []
    show = app.view.show_notice

    def record(text: str) -> None:
        shown.append(text)
        print(f"  {time.monotonic() - start:5.1f} s  notice: {text}", flush=True)
        show(text)

    app.view.show_notice = record
    kills = stops = games = made = 0
    frame_times: list[float] = []
    start = last = time.monotonic()
    next_kill = start + args.every
    stopped_at: float | None = None
    try:
        app.use_session(Session(Game.new(4, seed=args.seed)))
        app.autoplay.set_pace("max")
        app.frame(FRAME_S, [key(pygame, pygame.K_p)])
        while (now := time.monotonic()) < start + args.seconds:
            events = []
            session = app.session
            if session.menu is not None and session.menu.kind is ScreenKind.WON:
                events += [key(pygame, pygame.K_RETURN), key(pygame, pygame.K_p)]  # keep going
            elif session.game.over:
                games += 1
                made += session.game.moves
                app.use_session(Session(Game.new(4, seed=args.seed + games)))
                events.append(key(pygame, pygame.K_p))
            elif not app.autoplay.playing:
                if stopped_at is None:
                    stopped_at, stops = now, stops + 1
                    print(f"  {now - start:5.1f} s  autoplay stopped", flush=True)
                elif now - stopped_at >= args.retry:
                    events.append(key(pygame, pygame.K_p))
                    stopped_at = None
            if now >= next_kill:
                next_kill += args.every
                for pid in solver_pids(app):
                    os.kill(pid, KILL)
                    kills += 1
                    print(f"  {now - start:5.1f} s  killed solver {pid}", flush=True)
            frame_start = time.perf_counter()
            app.frame(now - last, events)
            frame_times.append(time.perf_counter() - frame_start)
            last = now
            time.sleep(max(0.0, FRAME_S - (time.monotonic() - now)))
        moves = app.session.game.moves
        made += moves
        app.autoplay.stop()
        direction = app.session.game.valid_directions()[0]
        arrow = getattr(pygame, f"K_{direction.value.upper()}")
        app.frame(FRAME_S, [key(pygame, arrow)])
        answered = app.session.game.moves == moves + 1
    finally:
        app.close()
    ordered = sorted(frame_times)
    p99 = ordered[round(0.99 * (len(ordered) - 1))] * 1000
    print(f"killed the solver {kills} times in {args.seconds:.0f} s (every {args.every:g} s)")
    print(f"autoplay stopped: {stops} time(s); notices shown: {len(shown)}")
    print(f"moves made: {made}; games played to the end: {games}")
    print(f"frames: {len(frame_times)}, p99 {p99:.1f} ms, longest {ordered[-1] * 1000:.1f} ms")
    print(f"the game took the player's move at the end: {'yes' if answered else 'NO'}")
    return 0 if answered else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=75.0)
    parser.add_argument("--every", type=float, default=4.0, help="seconds between kills")
    parser.add_argument("--retry", type=float, default=10.0, help="press P again after")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--window", action="store_true", help="a real window, not headless")
    args = parser.parse_args(argv)
    if not args.window:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    with tempfile.TemporaryDirectory(prefix="2048-kills-") as data_dir:
        return attack(args, data_dir)


if __name__ == "__main__":
    import multiprocessing

    multiprocessing.freeze_support()
    sys.exit(main())
