"""Every screen over the board, a class each, on one stack (navigator.py) whose foot is the
game (game/play/session.py): the base class with focus and pages written once (screen.py,
focus.py), the menus (menus.py), the game's panels (panels.py), and the Games screens (R22,
R23): their navigator (games_screens.py, one entry of the stack: games_entry.py), their items
(items.py) and moving about them (games_focus.py), the list (games_list.py), a game being
opened (opening.py), its replay (replay.py) and the steps of its review (review.py), and the
practice of its mistakes (practice.py, practice_answers.py). Commands in, events out; drawn by
game/view.

May import: game.core, game.play (commands and events), game.kept_games, game.solver. Never
pygame.
"""
