"""Every game kept (R22), shared and reviewed (R23).

- archive/: the SQLite database of kept games, its threads, and the recorder that writes the
  session's events into it.
- share/: one kept game in one file (its format), and exporting and importing it as a player
  does.
- review/: grading each move against the solver, the four mistakes, what a mistake costs, and
  the review's work beside the game.
- screens/: the Games screens: the list, a game's card, its replay, its review and the
  practice of its mistakes.
- charts/: the figures of the statistics' charts, read from the archive off the frame.

May import: game.core, game.play (events, the session the recorder follows), game.solver,
game.storage, game.text. Never pygame (the view draws these screens).
"""
