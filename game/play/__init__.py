"""Playing: the session, the one state machine around the game (session.py), with the
commands it takes (commands.py), the events it tells (events.py) and its save slots
(slots.py); the player's settings and controls as they change (preferences.py); the solver's
hint and autoplay (autoplay.py); and the statistics kept of what happens (stats_keeper.py),
which the autosave writes (game/kept_games/archive/autosave.py). game/app/root.py calls the
listeners in the order it writes down.

May import: game.core, game.solver. Never pygame.
"""
