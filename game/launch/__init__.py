"""What runs around the game: the log (gamelog.py), the last line of defence and its crash logs
(guard.py, crashlog.py), the Linux desktop entry (desktop_entry.py), what the game keeps printed
as JSON (status.py, `--status`), everything kept in one file and back (backup.py, `--backup`,
`--restore`), and starting every part at once for the tests (start_all.py).

May import: pygame and anything below game.app (game.cli, game.play, game.kept_games,
game.solver, game.storage,
game.text, game.platform); start_all.py names what it needs of the app as a protocol. Within
the game, only game.app and game.main import it.
"""
