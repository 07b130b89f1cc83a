"""What the player's devices say, turned into commands (game/play/commands.py): the keyboard
and the pointer (keys_and_pointer.py), gamepads (gamepad.py), both by the player's controls
(game/core/controls.py) and the one table of what each action asks for (actions.py); and those
controls in the player's words (names.py).

May import: pygame, game.core, game.play (its commands), game.text (the pad's labels).
"""
