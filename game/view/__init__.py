"""Drawing: the one window (window.py), and on it the board and its tweens (board.py, tween.py),
the score boxes and buttons (hud.py), the menus and panels (overlays.py, panel.py, menu_text.py),
the Games screens (games_screens_view.py, games_view.py, replay_view.py, practice_view.py, with
the review's words in review_words.py) and the statistics' charts (charts.py, plot.py); what the
game tells (notice_board.py); where each goes (layout.py), the text and its sizes (render.py),
the colours (theme.py), and the facts handed to it in the player's words (model.py). view.py is
its face: `View.handle(events, grid)`, `step`, `draw(surface, snapshot, ahead)`, `hit_test`,
where the snapshot (game/screens/snapshot.py) is what is on screen, frozen: the game's figures,
the menu or the kept games' screen as they show. No module here reads the session, a screen or
a running review.

May import: pygame, and every package below game.app but game.input, game.audio and
game.launch (the view draws the game and the screen on top of the stack as they are).
"""
