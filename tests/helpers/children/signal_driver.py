"""A child process for the signal tests: plays a few moves, prints the game, then runs the real
loop until a signal ends it. Usage: signal_driver.py DATA_DIR"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the checkout

from game.app import App, Options  # noqa: E402
from game.launch.guard import run_guarded  # noqa: E402
from game.play import commands as cmd  # noqa: E402


def main() -> None:
    data_dir = Path(sys.argv[1])
    app = App(Options(data_dir=str(data_dir), sound=False))
    for _ in range(5):
        app.command(cmd.Move(app.session.game.valid_directions()[0]))
        app.frame(1.0, [])
    app.archive.flush()
    print(json.dumps(app.session.game.to_dict()), flush=True)
    sys.exit(run_guarded(lambda: app, data_dir / "logs"))


if __name__ == "__main__":
    main()
