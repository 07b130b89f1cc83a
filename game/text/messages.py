"""The game's sentences in English, the source language of its catalogs, each marked with its key:
tr("key", lang) (game/text/strings.py) reads one in the player's language.

Babel extracts every N_ and NP_ call here (and in help_pages.py and notice_words.py) into
game/text/locale/game2048.pot (docs/translating.md): the key is the message's context (msgctxt),
the English its msgid, so a translator reads English and the key tells apart two sentences that
read alike ("Undo" the button, the action and the setting). NP_ gives the singular and the
plural: gettext picks the form a language needs for the number in field `n` or `count`. A
comment starting "Translators:" goes into the template with the sentence below it."""

from __future__ import annotations

from game.text.catalogs import N_, NP_, by_key

MESSAGES = by_key(
    N_("title", "2048"),
    N_("score", "SCORE"),
    N_("best", "BEST"),
    # Translators: an assisted game's BEST box: not this game's (R20)
    N_("your_best", "YOUR BEST"),
    N_("moves", "Moves {n}"),
    N_("undos", "Undo {n}"),
    N_("board", "{n}×{n}"),
    N_("assisted", "assisted"),
    N_("new_game", "New game"),
    N_("undo", "Undo"),
    N_("undo_n", "Undo ({n})"),
    N_("hint", "Hint"),
    N_("autoplay", "Autoplay"),
    N_("stop", "Stop"),
    N_("menu", "Menu"),
    N_("keep_going", "Keep going"),
    N_("you_win", "You win!"),
    N_("won_detail", "2048 in {moves} moves, {time}"),
    N_("game_over", "Game over"),
    N_("over_detail", "Score {score} · best tile {tile}"),
    N_("over_detail2", "{moves} moves · {time}"),
    N_("paused", "Paused"),
    N_("resume", "Resume"),
    N_("size_3", "Tiny 3×3"),
    N_("size_4", "Classic 4×4"),
    N_("size_5", "Big 5×5"),
    N_("size_6", "Expert 6×6"),
    N_("size_7", "Huge 7×7"),
    N_("size_8", "Giant 8×8"),
    # Translators: the board sizes menu's size in play
    N_("size_in_play", "● {size} · playing"),
    N_("sizes", "Board size"),
    # Translators: the pause menu's row that opens the board sizes
    N_("sizes_row", "Board: {size}"),
    N_(
        "sizes_rules",
        "The rules are written for the classic 4×4; the other boards play by the same rules.",
    ),
    N_("stats", "Statistics"),
    N_("help", "Help"),
    N_("quit", "Quit"),
    N_("confirm_title", "Start a new game?"),
    N_("confirm_detail", "The game in progress ends here and is kept, unfinished, in Games."),
    N_("confirm_new", "New game"),
    N_("cancel", "Cancel"),
    N_("confirm_quit_title", "Quit?"),
    N_("confirm_quit_detail", "Your game is saved and kept in Games."),
    N_("confirm_restore_title", "Restore the default controls?"),
    N_(
        "confirm_restore_detail",
        "Every key and button you chose goes back to how it was at first.",
    ),
    N_("help_controls", "Controls"),
    N_("help_rules", "The rules"),
    N_("help_strategy", "Strategy"),
    N_("help_solver", "The solver"),
    N_("help_footer", "←/→ page {page}/{pages} · Esc back"),
    N_("stats_title", "Statistics {n}×{n}"),
    N_("stats_played", "Games played"),
    N_("stats_won", "Games won"),
    N_("stats_best", "Best score"),
    N_("stats_tile", "Biggest tile"),
    N_("stats_fastest", "Fastest win"),
    N_("stats_fewest", "Fewest moves to win"),
    N_("stats_time", "Time played"),
    N_("stats_own", "Your own games:"),
    N_("stats_assisted", "Assisted games (hint or autoplay):"),
    N_("stats_own_time_rule", "Time before a game's first hint or autoplay counts as your own."),
    N_("stats_none", "—"),
    N_("goals_title", "Goals"),
    N_(
        "goals_rule",
        "On the classic 4×4 unless named. Only your own play counts: no hint or autoplay in the "
        "game before it, and no undo where it says so.",
    ),
    N_("goal_reach_no_undo", "{tile} without undo"),
    N_("goal_win_under_moves", "Win in under {moves} moves"),
    N_("goal_win_on_size", "Win on {size}×{size}"),
    N_("goal_met_on", "{goal}: met {date}"),
    N_("goal_not_yet", "{goal}: not yet"),
    N_("goal_met", "Goal met: {goal}"),
    N_("prev_page", "← Previous"),
    N_("next_page", "Next →"),
    N_("settings", "Settings"),
    N_("settings_hint", "←/→, Enter, a click or the wheel changes a setting"),
    N_("back", "Back"),
    N_("setting_theme", "Theme"),
    N_("setting_animation", "Animation"),
    N_("setting_volume", "Volume"),
    N_("setting_mute", "Sound"),
    N_("setting_fullscreen", "Fullscreen"),
    N_("setting_undo_setting", "Undo"),
    N_("setting_autoplay_pace", "Autoplay"),
    N_("setting_language", "Language"),
    N_("setting_size", "Board"),
    N_("setting_window_size", "Window size"),
    N_("setting_text_size", "Text size"),
    N_("value_volume", "{n}"),
    N_("value_window", "{w}×{h}"),
    N_("value_classic", "Classic"),
    N_("value_dark", "Dark"),
    N_("value_high_contrast", "High contrast"),
    N_("value_normal", "Normal"),
    N_("value_fast", "Fast"),
    N_("value_slow", "Slow"),
    N_("value_off", "Off"),
    N_("value_on", "On"),
    N_("value_max", "As fast as it can"),
    NP_("value_pace", "{n} move a second", "{n} moves a second"),
    N_("value_auto", "System"),
    N_("value_en", "English"),
    N_("value_el", "Ελληνικά"),
    N_("value_text_normal", "Normal"),
    N_("value_text_large", "Large"),
    N_("value_text_largest", "Largest"),
    N_("hint_arrow", "Hint: {direction}"),
    N_("up", "up"),
    N_("down", "down"),
    N_("left", "left"),
    N_("right", "right"),
    N_("undo_refused_off", "Undo is off (Settings)."),
    N_("undo_refused_none_left", "No undos left in this game."),
    N_("undo_refused_nothing", "No move to take back."),
    N_("sound_off", "Sound off ({keys})"),
    N_("sound_on", "Sound on ({keys})"),
    N_("controls", "Controls"),
    N_("setting_controls", "Controls"),
    N_("controls_hint", "Choose an action, then press its new key or button."),
    N_("controls_waiting", "Press a key or button for {action}… (Esc cancels)"),
    N_("control_row", "{action}: {keys} · {pad}"),
    N_("restore_defaults", "Restore defaults"),
    N_("bound", "{action} now: {pressed}"),
    N_("bind_in_use", "{pressed} already does: {action}"),
    N_("bind_fixed", "{pressed} stays as it is: {action}"),
    N_("bind_unusable", "{pressed} cannot be used"),
    N_("controls_restored", "Every key and button is back as it was at first"),
    N_("action_up", "Move up"),
    N_("action_down", "Move down"),
    N_("action_left", "Move left"),
    N_("action_right", "Move right"),
    N_("action_confirm", "Confirm"),
    N_("action_undo", "Undo"),
    N_("action_new_game", "New game"),
    N_("action_hint", "Hint"),
    N_("action_autoplay", "Autoplay"),
    N_("action_help", "Help"),
    N_("action_mute", "Sound on/off"),
    N_("action_fullscreen", "Fullscreen"),
    N_("action_menu", "Menu, back"),
    N_("action_next_item", "Next item"),
    N_("action_to_start", "To the start"),
    N_("action_to_end", "To the end"),
    N_("action_faster", "Faster"),
    N_("action_slower", "Slower"),
    N_("action_system", "The system's"),
    N_("first_tip_move", "Move: arrows, swipe"),
    N_("first_tip_help", "Help: {keys}"),
    N_("crash_title", "2048 ran into a problem and has to close."),
    N_("crash_saved", "Your game and records were saved."),
    N_("crash_not_saved", "Your game could not be saved: it is as it was after its last save."),
    N_(
        "crash_kept_nothing",
        "This was a replay run (--seed), which keeps nothing: your own games, records and "
        "settings are as they were.",
    ),
    N_("crash_log", "A report was written to {path}; the game's log, 2048.log, is beside it."),
    N_("crash_no_log", "No report could be written."),
    # Sound
    N_(
        "no_sound",
        "No sound: the game could not play sound here and goes on silently (its log says why).",
    ),
    # The solver (hint and autoplay)
    N_("solver_stopped", "The solver stopped. Try hints and autoplay again in a minute."),
    N_(
        "solver_search_compiled",
        "Here the compiled solver searches, about forty times faster than the Python one.",
    ),
    N_(
        "solver_search_python",
        "Here the Python solver searches (installed without a C compiler): the same answers, less "
        "far ahead.",
    ),
    # -- kept games, their replay and review (game/kept_games/) --
    N_(
        "notice_archive_failed",
        "Your progress and games cannot be kept from now on, because {reason}. You can keep "
        "playing; what was kept until now stays, and 2048 tries again when it next starts.",
    ),
    N_(
        "notice_archive_full",
        "Your progress and games cannot be kept this time: the disk is full. You can keep "
        "playing; free some space on it, and 2048 keeps them again from its next start.",
    ),
    N_(
        "notice_archive_read_only",
        "Your progress and games cannot be kept this time: their file, or its disk, is read-only. "
        "You can keep playing; make it writable, and 2048 keeps them again from its next start.",
    ),
    N_(
        "notice_archive_not_allowed",
        "Your progress and kept games cannot be opened: 2048 is not allowed to read or write "
        "their file in its data folder. You can keep playing; give your user back the right to "
        "read and write it, and 2048 keeps them again from its next start.",
    ),
    N_(
        "notice_archive_busy",
        "Your progress and kept games are in use by another program (a backup, perhaps). Your "
        "moves are kept meanwhile and written as soon as it lets go; keep 2048 open until then.",
    ),
    N_(
        "notice_archive_free",
        "Your progress and kept games are free again: every move made meanwhile is written.",
    ),
    N_(
        "notice_archive_held_too_long",
        "Your progress and kept games have been in use by another program for so long that 2048 "
        "keeps no more moves this run. The moves made until now are written as soon as it lets "
        "go; keep 2048 open until then.",
    ),
    N_(
        "notice_archive_busy_at_start",
        "Your progress and kept games are in use by another program, so 2048 cannot open them and "
        "keeps nothing this run. Close that program (or let it finish) and start 2048 again.",
    ),
    N_(
        "notice_archive_side_file_aside",
        "Beside the file of your progress and kept games, in the place of its journal, was "
        "something that is not a file of its own (a folder or a link). It was moved aside, "
        "untouched, as {kept}; everything is kept as before.",
    ),
    N_(
        "notice_archive_emptied",
        "The file of your progress and kept games was found empty, so they begin again: the "
        "games, statistics and goals of before are not in it. A backup of your data folder may "
        "still hold them.",
    ),
    N_(
        "notice_archive_remade",
        "The file of your progress and kept games was deleted while 2048 ran. 2048 wrote it again "
        "from what it still had, with everything in it, and goes on keeping it.",
    ),
    N_(
        "notice_archive_replaced",
        "The file of your progress and kept games was replaced by another while 2048 ran. 2048 "
        "leaves the new one as it is and keeps nothing more this run; it opens the new one at its "
        "next start.",
    ),
    N_(
        "notice_archive_set_aside",
        "The file of your progress and kept games could not be read, and no backup of it was "
        "whole, so it was set aside as {kept} and they begin again.",
    ),
    N_(
        "notice_archive_restored",
        "The file of your progress and kept games could not be read, so it was set aside as "
        "{kept}, and everything was put back from its backup of {made} (kept games: {games}). "
        "What was played after that is lost.",
    ),
    N_(
        "notice_archive_damaged",
        "The file of your progress and kept games is damaged. This time nothing more is kept in "
        "it; the next time 2048 starts, it is set aside and its last backup put back.",
    ),
    N_(
        "notice_archive_newer",
        "The file of your progress and kept games was written by a newer version of 2048. It is "
        "left untouched, and this version keeps nothing; update 2048 to carry on with them.",
    ),
    N_("outcome_in_play", "in play"),
    N_("outcome_in_play_won", "won, in play"),
    N_("outcome_won", "won"),
    N_("outcome_lost", "lost"),
    N_("outcome_left", "unfinished"),
    N_("imported_game", "from a file"),
    N_("from_position", "from a position"),
    N_("play_on", "Play from here"),
    N_("played_on", "A new game from step {n} of that game: it counts apart from your own games"),
    N_("practise", "Practise mistakes"),
    N_("next_try", "Next"),
    N_("practice_title", "Try it again · {at} of {count}"),
    N_("practice_waiting", "The review first… {percent}%"),
    N_("practice_none", "None of your moves in this game was a mistake or a blunder."),
    N_("practice_prompt", "Move {n}: in the game, {played} ({grade}). Your move?"),
    N_("practice_best", "{answer}: the solver's best"),
    N_("practice_good", "{answer}: good · loss {loss}"),
    N_("practice_costly", "{answer}: still costly, {grade} · loss {loss} · best: {best}"),
    N_("practice_done", "Done: {right} of {count} right"),
    N_("practice_missed", "Missed last time: {missed} · right now: {now}"),
    N_("grade_best", "Best"),
    N_("grade_good", "Good"),
    N_("grade_inaccuracy", "Inaccuracy"),
    N_("grade_mistake", "Mistake"),
    N_("grade_blunder", "Blunder"),
    N_("review_progress", "Reviewing… {percent}%"),
    N_("review_checking", "Checking the flagged moves deeper: {done} of {count}"),
    N_(
        "review_failed",
        "The review stopped: the solver's process ended. The moves graded so far are shown.",
    ),
    N_("help_review", "The review"),
    N_("help_costs", "What a mistake costs"),
    N_("help_practice", "Practise and play on"),
    N_("mistake_all_directions", "All four directions"),
    N_(
        "mistake_all_directions_detail",
        "{count} of {chances} moves pulled tiles away from the sides your big tiles gather on, "
        "and cost you. Keep to two directions, a third rarely, the fourth almost never.",
    ),
    N_(
        "mistake_all_directions_none",
        "None counted: a move counts only when a tile of {tile} or more is on the board and "
        "another move would have kept to the sides your tiles gather on; no move in this game had "
        "that choice.",
    ),
    N_("mistake_chased_merge", "Chasing merges"),
    N_(
        "mistake_chased_merge_detail",
        "{count} of {chances} times, a merge that cost you broke the line of big tiles along your "
        "edge. Often it is worth passing by.",
    ),
    N_(
        "mistake_chased_merge_none",
        "None counted: a merge counts only when it breaks the line of big tiles along an edge, "
        "from a biggest tile of {tile} or more, that another move would have kept; no move in "
        "this game had that choice.",
    ),
    N_("mistake_trapped_tile", "Trapped tiles"),
    NP_(
        "mistake_trapped_tile_detail",
        "Once, a move that cost you walled a small tile in among tiles {ratio} times its size or "
        "more, where it cannot merge, and it was still walled in a move later. Deal with a small "
        "tile while it still has a neighbour it can reach.",
        "{count} times a move that cost you walled a small tile in among tiles {ratio} times its "
        "size or more, where it cannot merge, and it was still walled in a move later. Deal with "
        "a small tile while it still has a neighbour it can reach.",
    ),
    N_(
        "mistake_trapped_tile_none",
        "None counted: no move in this game was yours to choose (each was the only one there was, "
        "or the solver's).",
    ),
    N_("mistake_fast_when_full", "Fast on a full board"),
    N_(
        "mistake_fast_when_full_detail",
        "{count} of {chances} moves with {cells} empty cells or fewer were mistakes made in under "
        "{seconds} s: slowing down pays there.",
    ),
    N_(
        "mistake_fast_when_full_graded",
        "Hurried, {fast}% of your moves there were mistakes; unhurried, {slow}%.",
    ),
    N_(
        "mistake_fast_when_full_all_hurried",
        "Every move of yours there took under {hasty} s: none was unhurried, to compare with.",
    ),
    N_(
        "mistake_fast_when_full_none_hurried",
        "Every move of yours there took {seconds} s or more: none was hurried.",
    ),
    N_(
        "mistake_fast_when_full_none",
        "None counted: no move of yours was played with {cells} empty cells or fewer.",
    ),
    N_("import_done", "The game was added to your games."),
    N_("import_already", "This game is already in your games."),
    N_(
        "import_too_many",
        "{count} shared files are waiting to be read already: drop this one again once they are "
        "in your games.",
    ),
    N_("import_not_a_file", "That is not a game file: it is a link, a folder or a device."),
    N_("import_unreadable", "The file could not be read."),
    N_("import_too_big", "The file is too big to be a game of 2048."),
    N_(
        "import_too_long",
        "The game is too long to import: this game takes shared games of up to {most} moves. "
        "Nothing was imported.",
    ),
    N_(
        "import_size_not_offered",
        "The game was played on a board size this game does not offer. Nothing was imported.",
    ),
    N_("import_not_json", "The file is not a shared game: it is not JSON text."),
    N_("import_not_a_game", "The file is not a shared game of 2048."),
    N_("import_newer", "The game was shared from a newer version of 2048; update 2048 to open it."),
    N_("import_damaged", "The file is damaged: it holds values no game can have."),
    N_(
        "import_bad_date",
        "The game's date cannot be right: it is before 2048 existed, or still to come (a clock "
        "may be wrong, here or where it was played). Nothing was imported.",
    ),
    N_(
        "import_diverges",
        "The file's moves do not lead to the game it describes: it was damaged or changed. "
        "Nothing was imported.",
    ),
    N_(
        "import_cannot_keep",
        "The game could not be kept: your list of games cannot be written right now.",
    ),
    N_("export_done", "The game was saved as {file}."),
    N_("export_failed", "The game could not be saved in {folder}."),
    N_(
        "export_too_long",
        "The game is too long to share: a shared game holds {most} moves at most.",
    ),
    # -- the games' screens: the list, a game, its replay and review (game/screens/) --
    N_("games", "Games"),
    NP_("games_footer", "Page {page}/{pages} · {n} game", "Page {page}/{pages} · {n} games"),
    N_("games_none", "No games kept yet. Every game you play is kept here from its first move."),
    N_("games_unreadable", "Your kept games cannot be read right now."),
    N_("game_unreadable", "This game could not be opened: its record is damaged."),
    N_("games_score", "Score {n}"),
    N_("games_tile", "Tile {n}"),
    NP_("games_moves", "{n} move", "{n} moves"),
    N_("own_game", "own"),
    N_("game_title", "Game of {date}"),
    N_("date_unknown", "date unknown"),
    N_("game_title_undated", "Game of an unknown date"),
    N_("game_tiles", "Biggest tiles {tiles}"),
    N_("game_detail", "Score {score} · biggest tile {tile}"),
    N_("replay", "Replay"),
    N_("review", "Review"),
    N_("review_running", "Review · {percent}%"),
    N_("replay_preparing", "Preparing the replay · {percent}%"),
    N_("export", "Export to a file"),
    N_("replay_step", "Step {n} of {total}"),
    N_("replay_undo", "undo"),
    NP_("replay_speed", "{n} move/s", "{n} moves/s"),
    N_("replay_keys", "←/→ step · Space play · Home/End · +/− speed"),
    N_("review_summary", "Blunders {blunder} · Mistakes {mistake} · Inaccuracies {inaccuracy}"),
    N_("review_solver_uncounted", "The solver's moves are not counted."),
    N_("review_all_solver", "Every move was the solver's: none of yours to count."),
    N_("review_move", "Move {n}: played {played}, best {best}"),
    N_("review_move_best", "Move {n}: played {played}, the best"),
    N_("review_move_tied", "Move {n}: {played} and {other} score the same"),
    N_("review_grade", "{grade} · loss {loss}"),
    N_("review_grade_solver", "{grade} · loss {loss} · the solver's move"),
    N_("review_grade_no_clear", "{grade} · loss {loss} · no clear difference"),
    N_("review_waiting", "Not graded yet"),
    N_("review_only_move", "The only move"),
    N_(
        "review_cost_reached",
        "Played on {games} times: after {played}, {mine}% made {tile}; after {best}, the better "
        "move, {theirs}%",
    ),
    N_(
        "review_cost_survived",
        "Played on {games} times: after {played}, {mine}% still going at move {moves}; after "
        "{best}, the better move, {theirs}%",
    ),
    N_(
        "review_cost_lasted",
        "Played on {games} times: after {played} the games lasted {mine} moves on average; after "
        "{best}, the better move, {theirs}",
    ),
    N_("review_cost_waiting", "Games played on: estimating…"),
    N_("review_cost_failed", "Games played on: could not be estimated"),
    N_("review_cost_left_out", "Games played on: only for the {count} worst moves"),
    N_("review_none", "No moves to review."),
    N_("track_every_move", "Every move · {at} of {count}"),
    N_("track_worst_moves", "Worst moves · {at} of {count}"),
    N_("track_mistake", "{name} · {at} of {count}"),
    N_("previous_move", "← Previous"),
    N_("next_move", "Next →"),
    N_("worst_moves", "Worst moves"),
    N_("mistakes", "Mistakes"),
    N_("mistakes_title", "The four mistakes"),
    N_("mistakes_hint", "Choose one to step through the moves where it happened."),
    N_("mistake_item", "{name}: {count}"),
    N_("mistake_directions", "Your moves: ↑ {up} · ↓ {down} · ← {left} · → {right}"),
    N_("plot_score", "Score"),
    N_("plot_loss", "Loss, counted in your biggest tile"),
    N_("plot_loss_unit", "Loss, counted in your biggest tile: 1 is pulling it a cell off its edge"),
    N_("review_ready", "The review of your game is ready: Menu, Games."),
    N_("charts", "Charts"),
    N_("charts_title", "Charts {n}×{n}"),
    N_("charts_reading", "Reading your games…"),
    NP_("chart_scores", "Your last score", "Your last {n} scores"),
    N_("chart_scores_caption", "Points a game, the oldest on the left · your own games only"),
    N_("chart_tiles", "Biggest tile reached"),
    N_(
        "chart_tiles_caption",
        "Games that ended with each tile their biggest · your own games only",
    ),
    N_("chart_weeks", "Time played a week"),
    N_("chart_weeks_minutes", "Minutes a week, the last {n} weeks · every game played here"),
    N_("chart_weeks_hours", "Hours a week, the last {n} weeks · every game played here"),
    N_("chart_loss", "Average loss a move"),
    N_(
        "chart_loss_caption",
        "Loss counted in your biggest tile, each reviewed game of your own, the oldest on the "
        "left · lower is better",
    ),
    N_("chart_no_games", "No game of your own on {n}×{n} has ended yet."),
    N_("chart_no_time", "No time played on {n}×{n} in the last {weeks} weeks."),
    N_(
        "chart_no_reviews",
        "No game of your own on {n}×{n} reviewed yet: Menu, Games, choose one, Review.",
    ),
)
