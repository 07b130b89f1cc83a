"""The game's place on the player's system: its id (identity.py), its assets (assets.py), the
Linux desktop entry (desktop_entry.py), the last line of defence and its crash logs (guard.py,
crashlog.py), the log (gamelog.py), and starting every part at once for the tests
(start_all.py).

May import: anything below game.app; nothing imports game.app but start_all.py.
"""
