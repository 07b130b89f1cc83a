"""A child process for the seeded-run tests: a --seed run, open beside the player's own game,
that changes a setting and plays, prints what it did, then runs the real loop until a signal
ends it. Usage: seeded_driver.py DATA_DIR"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the checkout

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.cli import parse_args  # noqa: E402
from game.launch.guard import run_guarded  # noqa: E402
from game.play import commands as cmd  # noqa: E402


def main() -> None:
    data_dir = Path(sys.argv[1])
    app = App(parse_args(["--seed", "5", "--data-dir", str(data_dir), "--no-sound"]))
    mute = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m", scancode=0)
    app.frame(1 / 60, [mute])
    for _ in range(6):
        app.command(cmd.Move(app.session.game.valid_directions()[0]))
        app.frame(1.0, [])
    app.frame(1 / 60, [pygame.event.Event(pygame.WINDOWFOCUSLOST)])  # a normal run saves here
    print(json.dumps({"muted": app.settings.muted, "moves": app.session.game.moves}), flush=True)
    sys.exit(run_guarded(lambda: app, data_dir / "logs"))


if __name__ == "__main__":
    main()
