"""Makes the game's icon from its own font and palette: assets/icon/icon.png (256 px) and
assets/icon/icon.ico (PNG-in-ICO, 16 to 256 px) for the Windows executable.

Run from the repository root: python build/make_icon.py
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.view.theme import CLASSIC  # noqa: E402

SIZES = (16, 32, 48, 64, 128, 256)


def render(side: int) -> pygame.Surface:
    icon = pygame.Surface((side, side), pygame.SRCALPHA)
    radius = max(2, side // 8)
    pygame.draw.rect(icon, CLASSIC.tile_colour(2048), icon.get_rect(), 0, radius)
    font_path = ROOT / "assets" / "fonts" / "ClearSans-Bold.ttf"
    px = side
    while px > 4:
        font = pygame.font.Font(font_path, px)
        if font.size("2048")[0] <= side * 0.84:
            break
        px -= 1
    label = font.render("2048", True, CLASSIC.number_colour(2048))
    icon.blit(label, label.get_rect(center=(side / 2, side / 2)))
    return icon


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(images: list[tuple[int, bytes]]) -> bytes:
    """An ICO file holding PNG images (supported since Windows Vista)."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, blobs = b"", b""
    for side, blob in images:
        dim = 0 if side >= 256 else side  # 0 means 256 in an ICO entry
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(blob), offset)
        offset += len(blob)
        blobs += blob
    return header + entries + blobs


def main() -> None:
    pygame.font.init()
    out = ROOT / "assets" / "icon"
    out.mkdir(parents=True, exist_ok=True)
    images = [(side, png_bytes(render(side))) for side in SIZES]
    (out / "icon.png").write_bytes(images[-1][1])
    (out / "icon.ico").write_bytes(ico_bytes(images))
    print(f"wrote {out / 'icon.png'} and {out / 'icon.ico'}")


if __name__ == "__main__":
    main()
