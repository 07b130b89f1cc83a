"""2048 for the desktop."""

import os

__version__ = "0.1.0"

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # players need no library banner
