"""The game itself, pure: the rules of a move (rules.py), a game of 2048 (engine.py), the
record of a kept game and its replay (record.py), statistics (stats.py) and the player's
settings (settings.py).

May import: the standard library only (and each other). No pygame, no clock, no files.
"""
