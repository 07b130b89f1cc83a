"""Everything the game keeps (R18, R19, R21, R22): one SQLite database in the data folder, one
transaction a move.

    archive = Archive.open(data_dir, read_only=storage.read_only)   # never raises
    kept = archive.load_kept()     # each size's game in play, their records, the statistics
    autosave = Autosave(archive, GameKeeper(archive, kept.records), stats_keeper)
    autosave.handle(events, session)   # the step, the game in play and the statistics: together
    archive.list_games(limit=50)  # GameSummary rows, newest first
    record = archive.load(game_id)  # GameRecord; game.core.replay.replay(record) replays it
    for notice in archive.pop_notices(): show(notice_text(notice, lang))
    archive.close()

The promises: a SIGKILL at any moment loses at most the last move and never leaves the game in
play, its record and the statistics apart; a damaged database never crashes the game; a disk
error never stops it; another program holding the database never stops a frame, and loses
nothing.

How `Archive` (games_archive.py) keeps them:

- One transaction a move: the autosave (autosave.py) hands the archive, in one batch, the
  move's step and its record's summary (game_keeper.py), the game in play with its undo
  history (`in_play`), and the statistics (`statistics`, one row). They agree by construction,
  so nothing is reconciled at the next start: it reads them once (`load_kept`) and plays on.
- The statistics are a summary row written with the move, not figures derived by queries from
  the kept games: a game counts from its first move, moves to the assisted column when it turns
  assisted, and meets goals on a given day (game/core/stats.py, R19 to R21), none of which the
  kept steps alone say; and a row read at the start costs nothing, where queries over every
  kept step grow with the player's history.
- Durability: each transaction is committed with `synchronous=FULL` in WAL mode, so a commit is
  on disk even across a power cut. The commits run on one writer thread, because written on
  the frame a commit stalls it: measured on a two-core machine (bench/archive.py), FULL costs
  3.5 ms a move at the median and 16 ms at p99 (63 ms at worst). The frame hands each batch
  over and goes on; the writer commits every batch waiting in one transaction. Only when
  MAX_UNCOMMITTED_BATCHES are still unwritten (a disk stalled for several moves) does `write`
  wait for them (WRITE_WAIT_SECONDS at most), so a kill loses at most those moves.
- Another program holding the database (a backup tool, `BEGIN EXCLUSIVE`): a commit waits for
  it BUSY_WAIT_SECONDS at most, on the writer thread; then the batches queue, in order, in
  memory (MAX_PENDING_BATCHES at most), the writer tries again every RETRY_SECONDS and writes
  them all in one transaction when it lets go. Meanwhile the frame never waits for a write,
  and a read (the games list) says the kept games are busy rather than answer without the
  moves still queued. The player is told once that it is held, and once that it was written.
- Damage: a damaged file is set aside, never deleted, and a new database started; a newer
  version's is left untouched (game/kept_games/archive/database_file.py). Whether every page is
  whole, `PRAGMA quick_check` tells in the background (it takes 1.5 s for a million kept moves,
  too long for the start to wait): damage found stops the recording for the run, with one
  notice, and the file is set aside at the next start.
- Disk errors: a write the disk refuses for now (full, an I/O error) waits, its batches queued
  as when the database is held, and is tried again until the disk takes it; one notice says
  why, and one that saving works again (game/kept_games/archive/failures.py). A read-only file
  or any other error switches recording off for the run, with one notice.
- The file deleted while the game runs (its folder removed): each commit first looks whether
  the path is still the file the connection writes (a stat); if it is gone, it is made again
  (game/kept_games/archive/database_file.py) and recording goes on there; the player is told
  once. A file put in its place is not written to.

Which module holds what:
- games_archive.py: `Archive`, which writes on its writer thread and reads after the writes
  (`load_kept` at the start); ArchiveError and ArchiveBusy when it cannot answer.
- database_file.py: the file opened safely at the start (`open_database`, `connect`), set
  aside when damaged, made again when deleted while the game runs (its name, ARCHIVE_FILE, is
  game/storage/schema.py's, with the data folder's other files).
- tables.py: its tables (games, steps, in_play, statistics, analyses, practice) and versions,
  and the check that a file is ours (ARCHIVE_APPLICATION_ID, in game/storage/schema.py).
- changes.py: its rows written (`AddGame`, `AddSteps`, ..., `write_changes`) and a moment as
  written (`utc_text`); rows.py: its rows read back (`summary_of`, `record_of`, `parse_utc`).
- failures.py: a failure as the notice the player can act on; a busy or damaged file.
- backups.py: its own backups, made at each quit and before a change of layout, and put in
  place of a damaged database.
- threads.py: its writer and integrity-check threads.
- game_keeper.py: `GameKeeper`, the session's every move as changes to its record;
  autosave.py: `Autosave`, the listener that writes them with the game in play and the
  statistics.
"""
