"""`play2048 --status`: what the game keeps for this player, as one JSON document on standard
output, for scripts and for a bug report. It only reads: no window, no lock, none of the
player's files written (SQLite may touch its own shared-memory file beside the kept games), so
it answers while the game runs too, from the files as they are.

    {"status_version": 1, "data_dir": "...", "kept_games": 12,
     "goals_met": ["reach_512", ...],
     "notices": [{"key": "archive_newer"}],
     "sizes": {"4": {"in_play": {"score": 1204, "moves": 130, "biggest_tile": 128,
                                 "seconds": 95.2, "undos_left": 5, "won": false},
                     "best_score": 20412, "games_played": 31, "games_won": 2,
                     "own_seconds": 5410.0, "assisted_seconds": 120.5}, ...}}

A size is listed when the player has a game saved or a figure on it; `in_play` is null once
its game is over; `kept_games` is null when the kept games cannot be read; `notices` are what
the game would tell the player of what it keeps (a damaged or newer one), by key
(game/storage/notices.py). The README lists the fields.
"""

from __future__ import annotations

import json
from typing import Any

from game.core.engine import BOARD_SIZES
from game.core.goals import GOAL_IDS
from game.kept_games.archive.games_archive import Archive, ArchiveError
from game.storage.folders import Folders

STATUS_VERSION = 1  # a field's meaning changes: this goes up


def status(folders: Folders) -> dict[str, Any]:
    """What the game keeps in these folders, read without writing anything."""
    archive = Archive.open(folders.data, background=False, read_only=True)  # no lock taken
    try:
        kept = archive.load_kept()
        count = archive.count_games()
    except ArchiveError:
        count = None  # another program holds it, or it cannot be read: said as unknown
    finally:
        archive.close()
    stats = kept.stats
    sizes: dict[str, Any] = {}
    for size in BOARD_SIZES:
        saved = kept.in_play.get(size)
        own, assisted = stats.for_size(size), stats.for_size(size, assisted=True)
        if saved is None and size not in stats.sizes():
            continue
        game = saved[0] if saved is not None and not saved[0].over else None
        sizes[str(size)] = {
            "in_play": None
            if game is None
            else {
                "score": game.score,
                "moves": game.moves,
                "biggest_tile": game.biggest_tile(),
                "seconds": game.seconds,
                "undos_left": game.undos_left,
                "won": game.won,
            },
            "best_score": stats.best_score(size),
            "games_played": own.games_played + assisted.games_played,
            "games_won": own.games_won + assisted.games_won,
            "own_seconds": own.total_seconds,
            "assisted_seconds": assisted.total_seconds,
        }
    notices = archive.pop_notices()
    return {
        "status_version": STATUS_VERSION,
        "data_dir": str(folders.data),
        "kept_games": count,
        "goals_met": [goal for goal in GOAL_IDS if stats.goal(goal) is not None],
        "notices": [{"key": notice.key.value, **notice.fields} for notice in notices],
        "sizes": sizes,
    }


def print_status(folders: Folders) -> int:
    print(json.dumps(status(folders), indent=2, ensure_ascii=False))
    return 0
