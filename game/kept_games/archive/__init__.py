"""Every game kept (R22): a local SQLite database in the data folder, one small write per move.

    archive = Archive.open(data_dir, read_only=storage.read_only)   # never raises
    keeper = GameKeeper(archive)  # the session's events in
    archive.list_games(limit=50)  # GameSummary rows, newest first
    record = archive.load(game_id)  # GameRecord; game.core.replay.replay(record) replays it
    for notice in archive.pop_notices(): show(notice_text(notice, lang))
    archive.close()

The promises: a SIGKILL at any moment loses at most the last move; a damaged database never
crashes the game; a disk error never stops it; another program holding the database never
stops a frame, and loses nothing.

Which module holds what:
- games_archive.py: `Archive`, which writes the kept games on its writer thread and reads them after
  the writes; ArchiveError and ArchiveBusy when it cannot answer.
- database_file.py: the file opened safely at the start (`open_database`, `connect`), set
  aside when damaged, made again when deleted while the game runs (its name, ARCHIVE_FILE, is
  game/storage/schema.py's, so that the storage moves it without importing the archive).
- tables.py: its tables and versions, and the check that a file is ours
  (ARCHIVE_APPLICATION_ID, in game/storage/schema.py).
- changes.py: its rows written (`AddGame`, `AddSteps`, ..., `write_changes`) and a moment as
  written (`utc_text`); rows.py: its rows read back (`summary_of`, `record_of`, `parse_utc`).
- failures.py: a failure as the notice the player can act on; a busy or damaged file.
- wal.py: whether its write-ahead log would lose committed moves.
- threads.py: its writer and integrity-check threads.
- game_keeper.py: `GameKeeper`, the session's every move into it.
"""
