"""The game's sentences in English, by key: the table `tr` (game/text/strings.py) reads, its
`{name}` fields filled from tr's keyword arguments. game/text/greek.py holds the same keys in
the same order, so the two read side by side; a new sentence goes into both."""

from __future__ import annotations

ENGLISH: dict[str, str] = {
    "title": "2048",
    "score": "SCORE",
    "best": "BEST",
    "your_best": "YOUR BEST",  # an assisted game's BEST box: not this game's (R20)
    "moves": "Moves {n}",
    "undos": "Undo {n}",
    "board": "{n}×{n}",
    "assisted": "assisted",
    "new_game": "New game",
    "undo": "Undo",
    "undo_n": "Undo ({n})",
    "hint": "Hint",
    "autoplay": "Autoplay",
    "stop": "Stop",
    "menu": "Menu",
    "keep_going": "Keep going",
    "you_win": "You win!",
    "won_detail": "2048 in {moves} moves, {time}",
    "game_over": "Game over",
    "over_detail": "Score {score} · best tile {tile}",
    "over_detail2": "{moves} moves · {time}",
    "paused": "Paused",
    "resume": "Resume",
    "size_3": "Tiny 3×3",
    "size_4": "Classic 4×4",
    "size_5": "Big 5×5",
    "size_6": "Expert 6×6",
    "size_7": "Huge 7×7",
    "size_8": "Giant 8×8",
    "size_in_play": "● {size} · playing",  # the board sizes menu's size in play
    "sizes": "Board size",
    "sizes_row": "Board: {size}",  # the pause menu's row that opens the board sizes
    "sizes_rules": "The rules are written for the classic 4×4; the other boards play by the "
    "same rules.",
    "stats": "Statistics",
    "help": "Help",
    "quit": "Quit",
    "confirm_title": "Start a new game?",
    "confirm_detail": "The game in progress ends here and is kept, unfinished, in Games.",
    "confirm_new": "New game",
    "cancel": "Cancel",
    "confirm_quit_title": "Quit?",
    "confirm_quit_detail": "Your game is saved and kept in Games.",
    "confirm_restore_title": "Restore the default controls?",
    "confirm_restore_detail": "Every key and button you chose goes back to how it was at first.",
    "help_controls": "Controls",
    "help_rules": "The rules",
    "help_strategy": "Strategy",
    "help_solver": "The solver",
    "help_footer": "←/→ page {page}/{pages} · Esc back",
    "stats_title": "Statistics {n}×{n}",
    "stats_played": "Games played",
    "stats_won": "Games won",
    "stats_best": "Best score",
    "stats_tile": "Biggest tile",
    "stats_fastest": "Fastest win",
    "stats_fewest": "Fewest moves to win",
    "stats_time": "Time played",
    "stats_own": "Your own games:",
    "stats_assisted": "Assisted games (hint or autoplay):",
    "stats_own_time_rule": "Time before a game's first hint or autoplay counts as your own.",
    "stats_none": "—",
    "goals_title": "Goals",
    "goals_rule": "On the classic 4×4 unless named. Only your own play counts: no hint or "
    "autoplay in the game before it, and no undo where it says so.",
    "goal_reach_no_undo": "{tile} without undo",
    "goal_win_under_moves": "Win in under {moves} moves",
    "goal_win_on_size": "Win on {size}×{size}",
    "goal_met_on": "{goal}: met {date}",
    "goal_not_yet": "{goal}: not yet",
    "goal_met": "Goal met: {goal}",
    "prev_page": "← Previous",
    "next_page": "Next →",
    "settings": "Settings",
    "settings_hint": "←/→, Enter, a click or the wheel changes a setting",
    "back": "Back",
    "setting_theme": "Theme",
    "setting_animation": "Animation",
    "setting_volume": "Volume",
    "setting_mute": "Sound",
    "setting_fullscreen": "Fullscreen",
    "setting_undo_setting": "Undo",
    "setting_autoplay_pace": "Autoplay",
    "setting_language": "Language",
    "setting_size": "Board",
    "setting_window_size": "Window size",
    "setting_text_size": "Text size",
    "value_volume": "{n}",
    "value_window": "{w}×{h}",
    "value_classic": "Classic",
    "value_dark": "Dark",
    "value_high_contrast": "High contrast",
    "value_normal": "Normal",
    "value_fast": "Fast",
    "value_slow": "Slow",
    "value_off": "Off",
    "value_on": "On",
    "value_max": "As fast as it can",
    "value_pace": "{n} moves a second",
    "value_pace_one": "{n} move a second",
    "value_auto": "System",
    "value_en": "English",
    "value_el": "Ελληνικά",
    "value_text_normal": "Normal",
    "value_text_large": "Large",
    "value_text_largest": "Largest",
    "hint_arrow": "Hint: {direction}",
    "up": "up",
    "down": "down",
    "left": "left",
    "right": "right",
    "undo_refused_off": "Undo is off (Settings).",
    "undo_refused_none_left": "No undos left in this game.",
    "undo_refused_nothing": "No move to take back.",
    "sound_off": "Sound off ({keys})",
    "sound_on": "Sound on ({keys})",
    "controls": "Controls",
    "setting_controls": "Controls",
    "controls_hint": "Choose an action, then press its new key or button.",
    "controls_waiting": "Press a key or button for {action}… (Esc cancels)",
    "control_row": "{action}: {keys} · {pad}",
    "restore_defaults": "Restore defaults",
    "bound": "{action} now: {pressed}",
    "bind_in_use": "{pressed} already does: {action}",
    "bind_fixed": "{pressed} stays as it is: {action}",
    "bind_unusable": "{pressed} cannot be used",
    "controls_restored": "Every key and button is back as it was at first",
    "action_up": "Move up",
    "action_down": "Move down",
    "action_left": "Move left",
    "action_right": "Move right",
    "action_confirm": "Confirm",
    "action_undo": "Undo",
    "action_new_game": "New game",
    "action_hint": "Hint",
    "action_autoplay": "Autoplay",
    "action_help": "Help",
    "action_mute": "Sound on/off",
    "action_fullscreen": "Fullscreen",
    "action_menu": "Menu, back",
    "action_next_item": "Next item",
    "action_to_start": "To the start",
    "action_to_end": "To the end",
    "action_faster": "Faster",
    "action_slower": "Slower",
    "action_system": "The system's",
    "first_tip_move": "Move: arrows, swipe",
    "first_tip_help": "Help: {keys}",
    "crash_title": "2048 ran into a problem and has to close.",
    "crash_saved": "Your game and records were saved.",
    "crash_not_saved": "Your game could not be saved: it is as it was after its last save.",
    "crash_kept_nothing": "This was a replay run (--seed), which keeps nothing: your own "
    "games, records and settings are as they were.",
    "crash_log": "A report was written to {path}; the game's log, 2048.log, is beside it.",
    "crash_no_log": "No report could be written.",
    # Sound
    "no_sound": "No sound: the game could not play sound here and goes on silently (its log "
    "says why).",
    # The solver (hint and autoplay)
    "solver_stopped": "The solver stopped. Try hints and autoplay again in a minute.",
    "solver_search_compiled": "Here the compiled solver searches, about forty times "
    "faster than the Python one.",
    "solver_search_python": "Here the Python solver searches (installed without a C "
    "compiler): the same answers, less far ahead.",
    # -- kept games, their replay and review (game/kept_games/) --
    "notice_archive_failed": "Your progress and games cannot be kept from now on, because "
    "{reason}. You can keep playing; what was kept until now stays, and 2048 tries again when it "
    "next starts.",
    "notice_archive_full": "Your progress and games cannot be kept this time: the disk is full. "
    "You can keep playing; free some space on it, and 2048 keeps them again from its next start.",
    "notice_archive_read_only": "Your progress and games cannot be kept this time: their file, or "
    "its disk, is read-only. You can keep playing; make it writable, and 2048 keeps them again "
    "from its next start.",
    "notice_archive_not_allowed": "Your progress and kept games cannot be opened: 2048 is not "
    "allowed to read or write their file in its data folder. You can keep playing; give your user "
    "back the right to read and write it, and 2048 keeps them again from its next start.",
    "notice_archive_busy": "Your progress and kept games are in use by another program (a backup, "
    "perhaps). Your moves are kept meanwhile and written as soon as it lets go; keep 2048 open "
    "until then.",
    "notice_archive_free": "Your progress and kept games are free again: every move made "
    "meanwhile is written.",
    "notice_archive_held_too_long": "Your progress and kept games have been in use by another "
    "program for so long that 2048 keeps no more moves this run. The moves made until now are "
    "written as soon as it lets go; keep 2048 open until then.",
    "notice_archive_busy_at_start": "Your progress and kept games are in use by another program, "
    "so 2048 cannot open them and keeps nothing this run. Close that program (or let it finish) "
    "and start 2048 again.",
    "notice_archive_side_file_aside": "Beside the file of your progress and kept games, in the "
    "place of its journal, was something that is not a file of its own (a folder or a link). It "
    "was moved aside, untouched, as {kept}; everything is kept as before.",
    "notice_archive_emptied": "The file of your progress and kept games was found empty, so they "
    "begin again: the games, statistics and goals of before are not in it. A backup of your data "
    "folder may still hold them.",
    "notice_archive_remade": "The file of your progress and kept games was deleted while 2048 "
    "ran. 2048 wrote it again from what it still had, with everything in it, and goes on keeping "
    "it.",
    "notice_archive_replaced": "The file of your progress and kept games was replaced by another "
    "while 2048 ran. 2048 leaves the new one as it is and keeps nothing more this run; it opens "
    "the new one at its next start.",
    "notice_archive_set_aside": "The file of your progress and kept games could not be read, and "
    "no backup of it was whole, so it was set aside as {kept} and they begin again.",
    "notice_archive_restored": "The file of your progress and kept games could not be read, so it "
    "was set aside as {kept}, and everything was put back from its backup of {made} (kept "
    "games: {games}). What was played after that is lost.",
    "notice_archive_damaged": "The file of your progress and kept games is damaged. This time "
    "nothing more is kept in it; the next time 2048 starts, it is set aside and its last backup "
    "put back.",
    "notice_archive_newer": "The file of your progress and kept games was written by a newer "
    "version of 2048. It is left untouched, and this version keeps nothing; update 2048 to carry "
    "on with them.",
    "outcome_in_play": "in play",
    "outcome_in_play_won": "won, in play",
    "outcome_won": "won",
    "outcome_lost": "lost",
    "outcome_left": "unfinished",
    "imported_game": "from a file",
    "from_position": "from a position",
    "play_on": "Play from here",
    "played_on": "A new game from step {n} of that game: it counts apart from your own games",
    "practise": "Practise mistakes",
    "next_try": "Next",
    "practice_title": "Try it again · {at} of {count}",
    "practice_waiting": "The review first… {percent}%",
    "practice_none": "None of your moves in this game was a mistake or a blunder.",
    "practice_prompt": "Move {n}: in the game, {played} ({grade}). Your move?",
    "practice_best": "{answer}: the solver's best",
    "practice_good": "{answer}: good · loss {loss}",
    "practice_costly": "{answer}: still costly, {grade} · loss {loss} · best: {best}",
    "practice_done": "Done: {right} of {count} right",
    "practice_missed": "Missed last time: {missed} · right now: {now}",
    "grade_best": "Best",
    "grade_good": "Good",
    "grade_inaccuracy": "Inaccuracy",
    "grade_mistake": "Mistake",
    "grade_blunder": "Blunder",
    "review_progress": "Reviewing… {percent}%",
    "review_checking": "Checking the flagged moves deeper: {done} of {count}",
    "review_failed": "The review stopped: the solver's process ended. The moves graded so "
    "far are shown.",
    "help_review": "The review",
    "help_costs": "What a mistake costs",
    "help_practice": "Practise and play on",
    "mistake_all_directions": "All four directions",
    "mistake_all_directions_detail": "{count} of {chances} moves pulled tiles away from "
    "the sides your big tiles gather on, and cost you. Keep to two directions, a third "
    "rarely, the fourth almost never.",
    "mistake_all_directions_none": "None counted: a move counts only when a tile of {tile} or "
    "more is on the board and another move would have kept to the sides your tiles gather "
    "on; no move in this game had that choice.",
    "mistake_chased_merge": "Chasing merges",
    "mistake_chased_merge_detail": "{count} of {chances} times, a merge that cost you broke "
    "the line of big tiles along your edge. Often it is worth passing by.",
    "mistake_chased_merge_none": "None counted: a merge counts only when it breaks the line of "
    "big tiles along an edge, from a biggest tile of {tile} or more, that another move would "
    "have kept; no move in this game had that choice.",
    "mistake_trapped_tile": "Trapped tiles",
    "mistake_trapped_tile_detail": "{count} times a move that cost you walled a small tile "
    "in among tiles {ratio} times its size or more, where it cannot merge, and it was still "
    "walled in a move later. Deal with a small tile while it still has a neighbour it can "
    "reach.",
    "mistake_trapped_tile_detail_one": "Once, a move that cost you walled a small tile in "
    "among tiles {ratio} times its size or more, where it cannot merge, and it was still "
    "walled in a move later. Deal with a small tile while it still has a neighbour it can "
    "reach.",
    "mistake_trapped_tile_none": "None counted: no move in this game was yours to choose "
    "(each was the only one there was, or the solver's).",
    "mistake_fast_when_full": "Fast on a full board",
    "mistake_fast_when_full_detail": "{count} of {chances} moves with {cells} empty cells "
    "or fewer were mistakes made in under {seconds} s: slowing down pays there.",
    "mistake_fast_when_full_graded": "Hurried, {fast}% of your moves there were mistakes; "
    "unhurried, {slow}%.",
    "mistake_fast_when_full_all_hurried": "Every move of yours there took under {hasty} s: "
    "none was unhurried, to compare with.",
    "mistake_fast_when_full_none_hurried": "Every move of yours there took {seconds} s or "
    "more: none was hurried.",
    "mistake_fast_when_full_none": "None counted: no move of yours was played with {cells} "
    "empty cells or fewer.",
    "import_done": "The game was added to your games.",
    "import_already": "This game is already in your games.",
    "import_too_many": "{count} shared files are waiting to be read already: drop this one "
    "again once they are in your games.",
    "import_not_a_file": "That is not a game file: it is a link, a folder or a device.",
    "import_unreadable": "The file could not be read.",
    "import_too_big": "The file is too big to be a game of 2048.",
    "import_too_long": "The game is too long to import: this game takes shared games of up "
    "to {most} moves. Nothing was imported.",
    "import_size_not_offered": "The game was played on a board size this game does not "
    "offer. Nothing was imported.",
    "import_not_json": "The file is not a shared game: it is not JSON text.",
    "import_not_a_game": "The file is not a shared game of 2048.",
    "import_newer": "The game was shared from a newer version of 2048; update 2048 to open it.",
    "import_damaged": "The file is damaged: it holds values no game can have.",
    "import_bad_date": "The game's date cannot be right: it is before 2048 existed, or "
    "still to come (a clock may be wrong, here or where it was played). Nothing was "
    "imported.",
    "import_diverges": "The file's moves do not lead to the game it describes: it was "
    "damaged or changed. Nothing was imported.",
    "import_cannot_keep": "The game could not be kept: your list of games cannot be "
    "written right now.",
    "export_done": "The game was saved as {file}.",
    "export_failed": "The game could not be saved in {folder}.",
    "export_too_long": "The game is too long to share: a shared game holds {most} moves at most.",
    # -- the games' screens: the list, a game, its replay and review (game/screens/) --
    "games": "Games",
    "games_footer": "Page {page}/{pages} · {n} games",
    "games_footer_one": "Page {page}/{pages} · {n} game",
    "games_none": "No games kept yet. Every game you play is kept here from its first move.",
    "games_unreadable": "Your kept games cannot be read right now.",
    "game_unreadable": "This game could not be opened: its record is damaged.",
    "games_score": "Score {n}",
    "games_tile": "Tile {n}",
    "games_moves": "{n} moves",
    "games_moves_one": "{n} move",
    "own_game": "own",
    "game_title": "Game of {date}",
    "date_unknown": "date unknown",
    "game_title_undated": "Game of an unknown date",
    "game_tiles": "Biggest tiles {tiles}",
    "game_detail": "Score {score} · biggest tile {tile}",
    "replay": "Replay",
    "review": "Review",
    "review_running": "Review · {percent}%",
    "replay_preparing": "Preparing the replay · {percent}%",
    "export": "Export to a file",
    "replay_step": "Step {n} of {total}",
    "replay_undo": "undo",
    "replay_speed": "{n} moves/s",
    "replay_speed_one": "{n} move/s",
    "replay_keys": "←/→ step · Space play · Home/End · +/− speed",
    "review_summary": "Blunders {blunder} · Mistakes {mistake} · Inaccuracies {inaccuracy}",
    "review_solver_uncounted": "The solver's moves are not counted.",
    "review_all_solver": "Every move was the solver's: none of yours to count.",
    "review_move": "Move {n}: played {played}, best {best}",
    "review_move_best": "Move {n}: played {played}, the best",
    "review_move_tied": "Move {n}: {played} and {other} score the same",
    "review_grade": "{grade} · loss {loss}",
    "review_grade_solver": "{grade} · loss {loss} · the solver's move",
    "review_grade_no_clear": "{grade} · loss {loss} · no clear difference",
    "review_waiting": "Not graded yet",
    "review_only_move": "The only move",
    "review_cost_reached": "Played on {games} times: after {played} {mine}% made {tile}, "
    "after {best}, the better move, {theirs}%",
    "review_cost_survived": "Played on {games} times: after {played} {mine}% still going at "
    "move {moves}, after {best}, the better move, {theirs}%",
    "review_cost_waiting": "Games played on: estimating…",
    "review_cost_failed": "Games played on: could not be estimated",
    "review_cost_left_out": "Games played on: only for the {count} worst moves",
    "review_none": "No moves to review.",
    "track_every_move": "Every move · {at} of {count}",
    "track_worst_moves": "Worst moves · {at} of {count}",
    "track_mistake": "{name} · {at} of {count}",
    "previous_move": "← Previous",
    "next_move": "Next →",
    "worst_moves": "Worst moves",
    "mistakes": "Mistakes",
    "mistakes_title": "The four mistakes",
    "mistakes_hint": "Choose one to step through the moves where it happened.",
    "mistake_item": "{name}: {count}",
    "mistake_directions": "Your moves: ↑ {up} · ↓ {down} · ← {left} · → {right}",
    "plot_score": "Score",
    "plot_loss": "Loss, counted in your biggest tile",
    "plot_loss_unit": "Loss, counted in your biggest tile: 1 is pulling it a cell off its edge",
    "review_ready": "The review of your game is ready: Menu, Games.",
    "charts": "Charts",
    "charts_title": "Charts {n}×{n}",
    "charts_reading": "Reading your games…",
    "chart_scores": "Your last {n} scores",
    "chart_scores_one": "Your last score",
    "chart_scores_caption": "Points a game, the oldest on the left · your own games only",
    "chart_tiles": "Biggest tile reached",
    "chart_tiles_caption": "Games that ended with each tile their biggest · your own games only",
    "chart_weeks": "Time played a week",
    "chart_weeks_minutes": "Minutes a week, the last {n} weeks · every game played here",
    "chart_weeks_hours": "Hours a week, the last {n} weeks · every game played here",
    "chart_loss": "Average loss a move",
    "chart_loss_caption": "Loss counted in your biggest tile, each reviewed game of your own, "
    "the oldest on the left · lower is better",
    "chart_no_games": "No game of your own on {n}×{n} has ended yet.",
    "chart_no_time": "No time played on {n}×{n} in the last {weeks} weeks.",
    "chart_no_reviews": "No game of your own on {n}×{n} reviewed yet: Menu, Games, choose one, "
    "Review.",
}
