"""What the player's devices say, turned into commands (game/play/commands.py): the keyboard
and the pointer (keys_and_pointer.py), gamepads (gamepad.py).

May import: pygame, game.core, game.play.
"""
