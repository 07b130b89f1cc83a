"""Giving memory back to the system once the drawings of a bigger window are dropped.

glibc keeps freed memory in its heap for the program's next allocations: after a 16384 px
square window was shrunk back, the game held 1.3 GB of drawings it had dropped (800 MB even
after dropping them). `malloc_trim` hands it back. Other systems' allocators return blocks that
big by themselves, and a libc without `malloc_trim` (musl) has nothing to ask.
"""

from __future__ import annotations

import ctypes
import sys


def release_freed_memory() -> None:
    if not sys.platform.startswith("linux"):
        return
    try:
        trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return
    trim(0)
