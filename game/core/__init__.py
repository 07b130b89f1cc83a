"""The game itself, pure: the rules of a move (rules.py), a game of 2048 (engine.py), the
record of a kept game (record.py) and its replay (replay.py), statistics (stats.py), the player's
settings (settings.py), and the checks of what comes from outside (checks.py).

May import: the standard library only (and each other). No pygame, no clock, no files.
"""
