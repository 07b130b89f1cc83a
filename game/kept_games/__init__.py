"""Every game kept (R22), shared and reviewed (R23).

- archive/: the one SQLite database of everything the game keeps (every game and its steps,
  the game in play on each size, the statistics, the practice), its threads, and the autosave
  that writes the session's events into it, one transaction a move.
- share/: one kept game in one file (its format), and exporting and importing it as a player
  does.
- review/: grading each move against the solver, the four mistakes, what a mistake costs, and
  the review's work beside the game.
- charts/: the figures of the statistics' charts, read from the archive off the frame.

May import: game.core, game.platform, game.play (events, the session the keeper follows, the
statistics' keeper),
game.solver, game.storage. Never pygame: game/screens shows these, game/view draws them.
"""
