"""2048 for the desktop.

The packages, top to bottom; a module imports only from its own package and those below it
(pyproject.toml's [tool.importlinter] holds the code to it: make lint):

    main.py          the entry point: the log, the guard, then the app
    app/             the composition root (root.py: builds the parts, wires them) and the
                     frame it runs (frames.py)
    view/ input/ audio/ launch/
                     drawing, the player's devices, sound, and what runs around the game
    screens/         every screen over the board, a class each, on one stack: the menus and the
                     Games screens (the list, a game's card, replay, review, practice)
    kept_games/      every game kept, shared and reviewed (the archive, the share file, the review)
    play/  cli.py    the session, autoplay, the settings as they change, the listeners; the
                     command line
    solver/ text/ storage/
                     the expectimax solver, every word a player reads, the files on disk
    core/ platform/ loop.py
                     the rules and the game (pure), the game's place on the system, the loop

Only view/, input/, audio/, launch/, app/ and main.py import pygame.
"""

import os

__version__ = "0.1.0"

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # players need no library banner
