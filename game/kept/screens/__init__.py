"""The Games screens' state (R22, R23), drawn by game/view: the navigator between them
(navigator.py), their items (items.py) and moving about them (screen_moves.py), the list
(games_list.py), a game being opened (opening.py), its replay (replay.py) and the steps of its
review (review.py).
"""
