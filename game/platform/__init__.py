"""The game's place on the player's system, the low-level facts every part reads: its id
(identity.py) and where its assets are (assets.py).

May import: the standard library only (no pygame, nothing of the game's).
"""
