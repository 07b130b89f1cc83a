"""Every screen over the board, a class each holding its own state, on one stack
(navigator.py) whose foot is the game (game/play/session.py):

- screen.py: the base class, with focus and pages written once (focus.py), and what a screen
  may ask of the stack (`Stack`);
- menus.py: the pause menu, help, the statistics and their charts, the settings, the Controls
  screen, the board sizes and the two confirmations; panels.py: the win banner and game over;
- the Games screens (R22, R23), with what they share in browsing.py and games_screens.py: the
  list (games_list.py), a game's card (card.py, the game opened on a thread: opening.py), its
  replay (replay_screen.py, playing replaying.py), its review and its mistakes
  (review_screens.py, stepping through review.py) and the practice (practice_screen.py, of
  practice.py); items.py names their items.

Commands in, events out; each screen's look frozen in a snapshot (snapshot.py), which
game/view draws.

May import: game.core, game.play (the session, commands and events), game.kept_games,
game.solver. Never pygame.
"""
