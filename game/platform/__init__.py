"""The game's place on the player's system: its id (identity.py) and its assets (assets.py),
which every part may read; and what runs around the game: the Linux desktop entry
(desktop_entry.py), the last line of defence and its crash logs (guard.py, crashlog.py), the
log (gamelog.py), and starting every part at once for the tests (start_all.py).

May import: identity.py and assets.py the standard library only; the rest anything below
game.app (start_all.py names the App for its types only).
"""
