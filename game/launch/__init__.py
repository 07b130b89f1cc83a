"""What runs around the game: the log (gamelog.py), the last line of defence and its crash logs
(guard.py, crashlog.py), the Linux desktop entry (desktop_entry.py), and starting every part at
once for the tests (start_all.py).

May import: anything below game.app (pygame, game.storage, game.text, game.play, game.solver,
game.platform, ...); start_all.py names the App for its types only. Within the game, only
game.app and game.cli import it.
"""
