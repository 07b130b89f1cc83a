"""Saves, settings and statistics on disk: small JSON files, written atomically, one writer.

The promise to the player: the game in progress comes back exactly after any quit or crash, the
best scores only ever rise, and no bad file, full disk, unreadable file or second copy of the
game costs anything. The game writes only its own files, only in its own folders.

How the app uses it (all of it pure Python; nothing here touches pygame):

    folders = Folders.for_player(args.data_dir)    # folders.py
    storage = Storage(folders.data, config_dir=folders.config, background=True)   # store.py
    storage.open()                                 # takes game.lock, or stays read-only
    settings = storage.load_settings()             # Settings, defaults for anything unreadable
    stats = storage.load_stats()                   # Stats (game/core/stats.py), with its backup's
    saved = storage.load_game(4)                   # SavedGame(game, session) or None
    storage.save_game(game, session.state_dict())  # after every move, on quit, focus loss, minimise
    storage.save_settings(settings); storage.save_stats(stats)
    for notice in storage.pop_notices():           # each to show once, in the player's words:
        show(text.notice_text(notice, lang))
    storage.close()                                # on quit: writes what is pending, unlocks

After an unexpected exception: save_game(...), then `saved = flush(timeout=...)`, then
crashlog.write_crash_log(...); `saved` is True only if every save asked for is on disk, so the
player is told the truth.

New game needs no call of its own: save the new game, and it replaces the old one. Saving never
raises for a disk problem: the game plays on in memory, one notice tells the player, and the
next save tries again (making the data folder again if it was deleted).

A save costs about 0.25 ms of JSON and 1 ms of disk on a quiet machine, but the disk part (two
fsyncs) can stall for 20 ms or more while other programs write. `Storage(data_dir,
background=True)` takes the disk part off the frame: the save is encoded on the spot, and one
writer thread writes it, the newest save of each file winning over one not yet written. Loads
wait for the writes before them; `flush()` waits for all; `close()` flushes, and so does the end
of the program even without `close()`. Without `background`, every save is written before it
returns (what the tests mostly use).

Files (folders made 0700; files 0600), each kind in its folder (game/storage/folders.py: where
the system keeps it, or all in one folder the player names with --data-dir):

  the data folder
    game-4.json, game-5.json, game-6.json   the game in progress per board size (R18)
    stats.json                              statistics and best scores (R9, R19, R20)
    games.sqlite3 (-wal, -shm)              the kept games (game/kept_games/archive/)
    game.lock                               held by the running copy that may write
  the configuration folder
    settings.json                           the settings
  beside each of those files
    NAME.bak                                the last good copy, rewritten after every good save
    NAME.corrupt-YYYYmmdd-HHMMSS            a damaged file, set aside, never deleted
    NAME.bak.newer-YYYYmmdd-HHMMSS          a newer version's backup beside a good file, kept
    .NAME.<16 hex>.tmp                      a save on its way (a leftover is cleared at start)
  the logs folder (logs/ in a folder the player names)
    2048.log, crash-*.txt                   the game's log (game/launch/gamelog.py), crash logs
                                            (game/launch/crashlog.py)
  the cache folder
    solver-rows-4x4-v2.bin                  the solver's row tables (game/solver/table_cache.py),
                                            rebuilt when missing

A seeded run (--seed) never calls open(), so takes no lock: it reads the player's files, and
of all these it may write only the logs and the cache.

What is found at a file's place decides what happens (`Status`): a good file is used; a
damaged one (bad bytes, bad data, not a regular file, too big) is set aside and its backup used;
a file the game may not read (EACCES, as another user's) is left in place, and that file is not
saved for the rest of the run, nor one written by a newer version, nor one the game failed to
read through a fault of its own (logged).

Which module holds what:
- store.py: `Storage`, the loads and saves above and the lock (LOCK_NAME).
- folders.py: where each kind of file is (`Folders`, DATA_DIR_ENV, `resolve_data_dir`).
- schema.py: what each file holds and how its data is checked (`SavedGame`, `game_file`,
  BACKUP_SUFFIX); envelope.py: the envelope every file is written in (GAME_FORMAT, ...,
  `encode_document`, `decode_document`).
- game/platform/files.py: one file at a time, safely (`atomic_write`, `DamagedFile`,
  MAX_FILE_BYTES); copies.py: what one file's place holds (`Status`); writer.py: the writer thread.
- notices.py: what storage tells the player (`Notice`, `NoticeKey`).

May import: game.core, game.platform. Never pygame.
"""
