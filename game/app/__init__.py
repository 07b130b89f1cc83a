"""The running game, the only package that knows every part: the composition root (root.py)
builds the parts and wires them in the listeners' order; what each frame does (time passes,
the queue's events come, the view draws) is frames.py's.
"""

from game.app.root import App
from game.cli import Options, parse_args

__all__ = ["App", "Options", "parse_args"]
