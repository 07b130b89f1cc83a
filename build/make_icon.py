"""Makes the game's icon from its own font and palette, for every system, from one drawing:

    assets/icon/icon.png     256 px, the window's icon
    assets/icon/icon.ico     PNG-in-ICO, 16 to 256 px, for the Windows executable
    assets/icon/icon.icns    PNG-in-ICNS, 32 to 1024 px, for the macOS app bundle
    assets/linux/icons/hicolor/<N>x<N>/apps/APP_ID.png  16 to 512 px, for the Linux menu

Run from the repository root: python build/make_icon.py [--out FOLDER]
(--out writes the same tree under FOLDER instead of the game's assets, for a test to compare).
The drawing is the same on every run for one pygame-ce (SDL_ttf, FreeType): no randomness, and
the colours are the palette's own, so a change of the palette's 2048 tile or of the font's
rendering shows as changed icons, which are then made again and committed.
"""

from __future__ import annotations

import argparse
import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"  # the checkout's, where the icons are written
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.launch.desktop_entry import ICON_SIZES, icon_path  # noqa: E402
from game.view.theme import CLASSIC  # noqa: E402

ICO_SIZES = (16, 32, 48, 64, 128, 256)
# The PNG types of an ICNS file and their sides in pixels ("@2x" is for Retina screens), the
# set PyInstaller's own PNG-to-ICNS conversion writes through Pillow; the 16 and 32 point
# sizes are drawn from the @2x images, which every macOS since 10.8 reads.
ICNS_TYPES = (
    (b"ic11", 32),  # 16 pt @2x
    (b"ic12", 64),  # 32 pt @2x
    (b"ic07", 128),
    (b"ic13", 256),  # 128 pt @2x
    (b"ic08", 256),
    (b"ic14", 512),  # 256 pt @2x
    (b"ic09", 512),
    (b"ic10", 1024),  # 512 pt @2x
)


def render(side: int) -> pygame.Surface:
    icon = pygame.Surface((side, side), pygame.SRCALPHA)
    radius = max(2, side // 8)
    pygame.draw.rect(icon, CLASSIC.tile_colour(2048), icon.get_rect(), 0, radius)
    font_path = ASSETS / "fonts" / "ClearSans-Bold.ttf"
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


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """An ICNS file: b"icns" and the file's length, then a table of contents, then each image
    as its type, its length (the 8-byte header included) and the PNG; big-endian throughout."""
    blocks = [(kind, pngs[side]) for kind, side in ICNS_TYPES]
    toc = b"TOC " + struct.pack(">I", 8 + 8 * len(blocks))
    toc += b"".join(kind + struct.pack(">I", 8 + len(png)) for kind, png in blocks)
    body = toc + b"".join(kind + struct.pack(">I", 8 + len(png)) + png for kind, png in blocks)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ASSETS, help="the assets folder to write")
    write_icons(parser.parse_args().out)


def write_icons(assets: Path) -> None:
    pygame.font.init()
    sides = sorted({*ICO_SIZES, *ICON_SIZES, *(side for _, side in ICNS_TYPES)})
    pngs = {side: png_bytes(render(side)) for side in sides}
    icon = assets / "icon"
    linux = assets / "linux"
    written = {
        icon / "icon.png": pngs[256],
        icon / "icon.ico": ico_bytes([(side, pngs[side]) for side in ICO_SIZES]),
        icon / "icon.icns": icns_bytes(pngs),
        **{linux / icon_path(side): pngs[side] for side in ICON_SIZES},
    }
    for path, data in written.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
