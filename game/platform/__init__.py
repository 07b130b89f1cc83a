"""The game's place on the player's system, the low-level facts every part reads: its id
(identity.py), where its assets are (assets.py), the terminal kept to the game's own words
(terminal.py), and one file at a time, safely (files.py: the storage, the archive, the logs
and the solver's table cache write through it).

May import: the standard library only (no pygame, nothing of the game's).
"""
