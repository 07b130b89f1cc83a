"""The settings file and the lock: a small JSON file written atomically, one writer.

Everything else the game keeps (the game in play on each size, the statistics, the kept games)
is in one SQLite database: game/kept_games/archive/. Storage keeps the settings, with the
controls and the text size, and the lock that makes one running copy the one that writes.

The promise to the player: no bad file, full disk, unreadable file or second copy of the game
costs anything. The game writes only its own files, only in its own folders.

How the app uses it (all of it pure Python; nothing here touches pygame):

    folders = Folders.for_player(args.data_dir)    # folders.py
    storage = Storage(folders.data, config_dir=folders.config, background=True)   # store.py
    storage.open()                                 # takes game.lock, or stays read-only
    settings = storage.load_settings()             # Settings, defaults for anything unreadable
    storage.save_settings(settings)                # written only when they changed
    for notice in storage.pop_notices():           # each to show once, in the player's words:
        show(text.notice_text(notice, lang))
    storage.close()                                # on quit: writes what is pending, unlocks

Saving never raises for a disk problem: the game plays on, one notice tells the player, and
the next save tries again (making the folder again if it was deleted). With `background`, one
writer thread writes the file; loads wait for the writes before them; `flush()` waits for all;
`close()` flushes, and so does the end of the program even without `close()`.

Files (folders made 0700; files 0600), each kind in its folder (game/storage/folders.py: where
the system keeps it, or all in one folder the player names with --data-dir):

  the data folder
    games.sqlite3 (-wal, -shm)              everything the game keeps (game/kept_games/archive/)
    game.lock                               held by the running copy that may write
  the configuration folder
    settings.json                           the settings
    settings.json.bak                       its last good copy, rewritten after every good save
    settings.json.corrupt-YYYYmmdd-HHMMSS   a damaged file, set aside, never deleted
    settings.json.bak.newer-YYYYmmdd-HHMMSS a newer version's backup beside a good file, kept
    .settings.json.<16 hex>.tmp             a save on its way (a leftover is cleared at start)
  the logs folder (logs/ in a folder the player names)
    2048.log, crash-*.txt                   the game's log (game/launch/gamelog.py), crash logs
                                            (game/launch/crashlog.py)
  the cache folder
    solver-rows-4x4-v2.bin                  the solver's row tables (game/solver/table_cache.py),
                                            rebuilt when missing

A seeded run (--seed) never calls open(), so takes no lock: it reads the player's files, and
of all these it may write only the logs and the cache.

What is found at the settings' place decides what happens (`Status`): a good file is used; a
damaged one (bad bytes, bad data, not a regular file, too big) is set aside and its backup used;
a file the game may not read (EACCES, as another user's) is left in place, and not saved for the
rest of the run, nor one written by a newer version, nor one the game failed to read through a
fault of its own (logged).

Which module holds what:
- store.py: `Storage`, the settings' load and save and the lock (LOCK_NAME).
- folders.py: where each kind of file is (`Folders`, DATA_DIR_ENV, `resolve_data_dir`).
- schema.py: what each file holds and how its data is checked (`parse_settings`,
  `check_session_state`, BACKUP_SUFFIX, ARCHIVE_FILE); envelope.py: the envelope the settings
  are written in (SETTINGS_FORMAT, `encode_document`, `decode_document`).
- game/platform/files.py: one file at a time, safely (`atomic_write`, `DamagedFile`,
  MAX_FILE_BYTES); copies.py: what one file's place holds (`Status`); writer.py: the writer thread.
- notices.py: what storage tells the player (`Notice`, `NoticeKey`).

May import: game.core, game.platform. Never pygame.
"""
