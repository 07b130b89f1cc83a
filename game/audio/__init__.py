"""Sound: which sound each event makes (cues.py, pure) and playing them (player.py, the mixer;
a game without a sound device plays on silently).

May import: pygame, game.core, game.play, game.platform (the assets, the terminal).
"""
