"""The Games screens' state (R22, R23), drawn by game/view: the navigator between them
(games_screens.py), their items (items.py) and moving about them (games_focus.py), the list
(games_list.py), a game being opened (opening.py), its replay (replay.py) and the steps of its
review (review.py), and the practice of its mistakes (practice.py, practice_answers.py).
Commands in, events out, as the session's menus.

May import: game.core, game.play (commands and events), game.kept_games, game.solver. Never
pygame.
"""
