"""Every string a player reads, in English and Greek, from one table.

`tr("key", lang)` looks a string up; `{name}` fields are filled from keyword arguments. A key
missing in Greek falls back to English, so a new string never shows up blank.
"""

from __future__ import annotations

import locale
import os
from typing import Any

from game.settings import SETTINGS

LANGUAGES = ("en", "el")

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "title": "2048",
        "score": "SCORE",
        "best": "BEST",
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
        "size_4": "Classic 4×4",
        "size_5": "Big 5×5",
        "size_6": "Expert 6×6",
        "stats": "Statistics",
        "help": "Help",
        "quit": "Quit",
        "confirm_title": "Start a new game?",
        "confirm_detail": "The game in progress will be lost.",
        "confirm_new": "New game",
        "cancel": "Cancel",
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
        "stats_none": "—",
        "prev_page": "← Previous",
        "next_page": "Next →",
        "settings": "Settings",
        "settings_hint": "←/→, Enter, a click on either side or the wheel changes a setting",
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
        "value_auto": "System",
        "value_en": "English",
        "value_el": "Ελληνικά",
        "hint_arrow": "Hint: {direction}",
        "up": "up",
        "down": "down",
        "left": "left",
        "right": "right",
        "undo_refused_off": "Undo is off (Settings).",
        "undo_refused_none_left": "No undos left in this game.",
        "undo_refused_nothing": "No move to take back.",
        "sound_off": "Sound off (M)",
        "sound_on": "Sound on (M)",
        "first_tip_move": "Move: arrows, swipe",
        "first_tip_help": "Help: F1",
        "crash_title": "2048 ran into a problem and has to close.",
        "crash_saved": "Your game and records were saved.",
        "crash_not_saved": "Your game could not be saved: it is as it was after its last save.",
        "crash_log": "A report was written to {path}.",
        "crash_no_log": "No report could be written.",
        # The solver (hint and autoplay)
        "solver_stopped": "The solver stopped. Try hints and autoplay again in a minute.",
        # -- kept games, their replay and review (game/archive.py, review.py, mistakes.py) --
        "notice_archive_failed": "Your games cannot be kept right now: the disk is full or "
        "cannot be written. You can keep playing; the games of this run will not be in your "
        "games list.",
        "notice_archive_set_aside": "Your list of kept games could not be read, so it was set "
        "aside as {kept} and a new one started.",
        "notice_archive_damaged": "Your list of kept games is damaged. This time no more games "
        "are kept in it; the next time 2048 starts, it is set aside and a new list begins.",
        "notice_archive_newer": "Your list of kept games was written by a newer version of "
        "2048. It is left untouched, and this version keeps no games; update 2048 to keep them "
        "again.",
        "outcome_in_play": "in play",
        "outcome_won": "won",
        "outcome_lost": "lost",
        "outcome_left": "left",
        "imported_game": "from a file",
        "grade_best": "Best",
        "grade_good": "Good",
        "grade_inaccuracy": "Inaccuracy",
        "grade_mistake": "Mistake",
        "grade_blunder": "Blunder",
        "review_progress": "Reviewing… {percent}%",
        "review_failed": "The review stopped: the solver's process ended. The moves graded so "
        "far are shown.",
        "help_review": "The review",
        "mistake_all_directions": "All four directions",
        "mistake_all_directions_detail": "{count} of {chances} moves pulled your biggest tile "
        "out of its corner. Keep to two directions, a third rarely, the fourth almost never.",
        "mistake_middle_merge": "Chasing merges",
        "mistake_middle_merge_detail": "{count} of {chances} times, a merge in the middle broke "
        "the line of big tiles from your corner, for one tile. Often it is worth passing by.",
        "mistake_trapped_tile": "Trapped tiles",
        "mistake_trapped_tile_detail": "{count} times a small tile got walled in by tiles "
        "{ratio} times its size or more, where it cannot merge. Deal with a small tile while "
        "it still has a neighbour it can reach.",
        "mistake_fast_when_full": "Fast on a full board",
        "mistake_fast_when_full_detail": "{count} of {chances} moves with {cells} empty cells "
        "or fewer took you less than {seconds} s. That is where slowing down pays.",
        "mistake_fast_when_full_graded": "Of those fast moves, {fast_bad} of {fast_graded} were "
        "mistakes; of the slower ones, {slow_bad} of {slow_graded}.",
        "import_done": "The game was added to your games.",
        "import_already": "This game is already in your games.",
        "import_not_a_file": "That is not a game file: it is a link, a folder or a device.",
        "import_unreadable": "The file could not be read.",
        "import_too_big": "The file is too big to be a game of 2048.",
        "import_not_json": "The file is not a shared game: it is not JSON text.",
        "import_not_a_game": "The file is not a shared game of 2048.",
        "import_newer": "The game was shared from a newer version of 2048; update 2048 to open it.",
        "import_damaged": "The file is damaged: it holds values no game can have.",
        "import_diverges": "The file's moves do not lead to the game it describes: it was "
        "damaged or changed. Nothing was imported.",
        "import_cannot_keep": "The game could not be kept: your list of games cannot be "
        "written right now.",
        "export_done": "The game was saved as {file}.",
        "export_failed": "The game could not be saved in {folder}.",
        # -- the games' screens: the list, a game, its replay and review (game/browser.py) --
        "games": "Games",
        "games_footer": "Page {page}/{pages} · {n} games",
        "games_none": "No games kept yet. Every game you play is kept here from its first move.",
        "games_unreadable": "Your kept games cannot be read right now.",
        "game_unreadable": "This game could not be opened: its record is damaged.",
        "games_score": "Score {n}",
        "games_tile": "Tile {n}",
        "games_moves": "{n} moves",
        "own_game": "own",
        "game_title": "Game of {date}",
        "game_detail": "Score {score} · biggest tile {tile}",
        "replay": "Replay",
        "review": "Review",
        "review_running": "Review · {percent}%",
        "export": "Export to a file",
        "replay_move": "Move {n} of {total}",
        "replay_undo": "undo",
        "replay_speed": "{n} moves/s",
        "replay_keys": "←/→ step · Space play · Home/End · +/− speed",
        "review_summary": "Blunders {blunder} · Mistakes {mistake} · Inaccuracies {inaccuracy}",
        "review_solver_uncounted": "The solver's moves are not counted.",
        "review_all_solver": "Every move was the solver's: none of yours to count.",
        "review_move": "Move {n}: played {played}, best {best}",
        "review_grade": "{grade} · loss {loss}",
        "review_grade_solver": "{grade} · loss {loss} · the solver's move",
        "review_waiting": "Not graded yet",
        "review_only_move": "The only move",
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
        "plot_loss": "Loss",
        "review_ready": "The review of your game is ready: Menu, Games.",
    },
    "el": {
        "score": "ΣΚΟΡ",
        "best": "ΡΕΚΟΡ",
        "moves": "Κινήσεις {n}",
        "undos": "Αναίρεση {n}",
        "assisted": "με βοήθεια",
        "new_game": "Νέο παιχνίδι",
        "undo": "Αναίρεση",
        "undo_n": "Αναίρεση ({n})",
        "hint": "Υπόδειξη",
        "autoplay": "Αυτόματο",
        "stop": "Διακοπή",
        "menu": "Μενού",
        "keep_going": "Συνέχισε",
        "you_win": "Νίκη!",
        "won_detail": "2048 σε {moves} κινήσεις, {time}",
        "game_over": "Τέλος παιχνιδιού",
        "over_detail": "Σκορ {score} · μεγαλύτερο πλακίδιο {tile}",
        "over_detail2": "{moves} κινήσεις · {time}",
        "paused": "Παύση",
        "resume": "Συνέχεια",
        "size_4": "Κλασικό 4×4",
        "size_5": "Μεγάλο 5×5",
        "size_6": "Για ειδικούς 6×6",
        "stats": "Στατιστικά",
        "help": "Βοήθεια",
        "quit": "Έξοδος",
        "confirm_title": "Νέο παιχνίδι;",
        "confirm_detail": "Το παιχνίδι σε εξέλιξη θα χαθεί.",
        "confirm_new": "Νέο παιχνίδι",
        "cancel": "Άκυρο",
        "help_controls": "Χειρισμοί",
        "help_rules": "Οι κανόνες",
        "help_strategy": "Στρατηγική",
        "help_solver": "Ο επιλυτής",
        "help_footer": "←/→ σελίδα {page}/{pages} · Esc πίσω",
        "stats_title": "Στατιστικά {n}×{n}",
        "stats_played": "Παιχνίδια",
        "stats_won": "Νίκες",
        "stats_best": "Καλύτερο σκορ",
        "stats_tile": "Μεγαλύτερο πλακίδιο",
        "stats_fastest": "Ταχύτερη νίκη",
        "stats_fewest": "Λιγότερες κινήσεις για νίκη",
        "stats_time": "Χρόνος παιχνιδιού",
        "prev_page": "← Προηγούμενη",
        "next_page": "Επόμενη →",
        "settings": "Ρυθμίσεις",
        "settings_hint": "←/→, Enter, ένα κλικ σε μια πλευρά ή η ροδέλα αλλάζει μια ρύθμιση",
        "back": "Πίσω",
        "setting_theme": "Θέμα",
        "setting_animation": "Κίνηση",
        "setting_volume": "Ένταση",
        "setting_mute": "Ήχος",
        "setting_fullscreen": "Πλήρης οθόνη",
        "setting_undo_setting": "Αναίρεση",
        "setting_autoplay_pace": "Αυτόματο",
        "setting_language": "Γλώσσα",
        "setting_size": "Πλάκα",
        "setting_window_size": "Μέγεθος παραθύρου",
        "value_volume": "{n}",
        "value_window": "{w}×{h}",
        "value_classic": "Κλασικό",
        "value_dark": "Σκούρο",
        "value_high_contrast": "Υψηλή αντίθεση",
        "value_normal": "Κανονική",
        "value_fast": "Γρήγορη",
        "value_slow": "Αργή",
        "value_off": "Όχι",
        "value_on": "Ναι",
        "value_max": "Όσο πιο γρήγορα",
        "value_pace": "{n} το δευτερόλεπτο",
        "value_auto": "Του συστήματος",
        "hint_arrow": "Υπόδειξη: {direction}",
        "up": "πάνω",
        "down": "κάτω",
        "left": "αριστερά",
        "right": "δεξιά",
        "undo_refused_off": "Η αναίρεση είναι κλειστή (Ρυθμίσεις).",
        "undo_refused_none_left": "Δεν έμειναν αναιρέσεις σε αυτό το παιχνίδι.",
        "undo_refused_nothing": "Δεν υπάρχει κίνηση να αναιρεθεί.",
        "sound_off": "Ήχος κλειστός (M)",
        "sound_on": "Ήχος ανοιχτός (M)",
        "first_tip_move": "Κίνηση: βέλη, σύρσιμο",
        "first_tip_help": "Βοήθεια: F1",
        "crash_title": "Το 2048 αντιμετώπισε πρόβλημα και πρέπει να κλείσει.",
        "crash_saved": "Το παιχνίδι και τα ρεκόρ σας αποθηκεύτηκαν.",
        "crash_not_saved": "Το παιχνίδι σας δεν αποθηκεύτηκε: είναι όπως στην τελευταία "
        "αποθήκευσή του.",
        "crash_log": "Μια αναφορά γράφτηκε στο {path}.",
        "crash_no_log": "Δεν ήταν δυνατό να γραφτεί αναφορά.",
        # The solver (hint and autoplay)
        "solver_stopped": "Ο επιλυτής σταμάτησε. Δοκιμάστε ξανά την υπόδειξη και το αυτόματο "
        "παιχνίδι σε ένα λεπτό.",
        # -- kept games, their replay and review --
        "notice_archive_failed": "Τα παιχνίδια σας δεν μπορούν να κρατηθούν τώρα: ο δίσκος "
        "είναι γεμάτος ή δεν δέχεται εγγραφή. Μπορείτε να συνεχίσετε να παίζετε· τα παιχνίδια "
        "αυτής της φοράς δεν θα μπουν στη λίστα των παιχνιδιών σας.",
        "notice_archive_set_aside": "Η λίστα με τα παιχνίδια σας δεν διαβάστηκε, οπότε "
        "φυλάχτηκε στην άκρη ως {kept} και ξεκίνησε καινούργια.",
        "notice_archive_damaged": "Η λίστα με τα παιχνίδια σας είναι χαλασμένη. Αυτή τη φορά "
        "δεν κρατιούνται άλλα παιχνίδια σε αυτήν· την επόμενη φορά που θα ξεκινήσει το 2048, "
        "φυλάγεται στην άκρη και ξεκινά καινούργια.",
        "notice_archive_newer": "Η λίστα με τα παιχνίδια σας γράφτηκε από νεότερη έκδοση του "
        "2048. Μένει ανέγγιχτη και αυτή η έκδοση δεν κρατά παιχνίδια· ενημερώστε το 2048 για "
        "να κρατιούνται ξανά.",
        "outcome_in_play": "σε εξέλιξη",
        "outcome_won": "νίκη",
        "outcome_lost": "ήττα",
        "outcome_left": "εγκαταλείφθηκε",
        "imported_game": "από αρχείο",
        "grade_best": "Καλύτερη",
        "grade_good": "Καλή",
        "grade_inaccuracy": "Ανακρίβεια",
        "grade_mistake": "Λάθος",
        "grade_blunder": "Γκάφα",
        "review_progress": "Ανάλυση… {percent}%",
        "review_failed": "Η ανάλυση σταμάτησε: η διεργασία του επιλυτή τερματίστηκε. "
        "Φαίνονται οι κινήσεις που βαθμολογήθηκαν ως τώρα.",
        "help_review": "Η ανάλυση",
        "mistake_all_directions": "Και οι τέσσερις κατευθύνσεις",
        "mistake_all_directions_detail": "{count} από {chances} κινήσεις τράβηξαν το "
        "μεγαλύτερο πλακίδιό σας από τη γωνία του. Κρατήστε δύο κατευθύνσεις, μια τρίτη "
        "σπάνια, την τέταρτη σχεδόν ποτέ.",
        "mistake_middle_merge": "Κυνήγι ενώσεων",
        "mistake_middle_merge_detail": "{count} από {chances} φορές, μια ένωση στη μέση χάλασε "
        "τη σειρά των μεγάλων πλακιδίων από τη γωνία σας, για ένα μόνο πλακίδιο. Συχνά αξίζει "
        "να την προσπεράσετε.",
        "mistake_trapped_tile": "Εγκλωβισμένα πλακίδια",
        "mistake_trapped_tile_detail": "{count} φορές ένα μικρό πλακίδιο εγκλωβίστηκε ανάμεσα "
        "σε πλακίδια {ratio} ή περισσότερες φορές μεγαλύτερα, όπου δεν μπορεί να ενωθεί. "
        "Χειριστείτε ένα μικρό πλακίδιο όσο έχει ακόμα γείτονα που μπορεί να φτάσει.",
        "mistake_fast_when_full": "Βιασύνη σε γεμάτη πλάκα",
        "mistake_fast_when_full_detail": "{count} από {chances} κινήσεις με {cells} ή λιγότερα "
        "κενά κελιά σάς πήραν λιγότερο από {seconds} δ. Εκεί ακριβώς αποδίδει η επιβράδυνση.",
        "mistake_fast_when_full_graded": "Από τις γρήγορες κινήσεις, {fast_bad} από "
        "{fast_graded} ήταν λάθη· από τις πιο αργές, {slow_bad} από {slow_graded}.",
        "import_done": "Το παιχνίδι προστέθηκε στα παιχνίδια σας.",
        "import_already": "Αυτό το παιχνίδι υπάρχει ήδη στα παιχνίδια σας.",
        "import_not_a_file": "Αυτό δεν είναι αρχείο παιχνιδιού: είναι σύνδεσμος, φάκελος ή "
        "συσκευή.",
        "import_unreadable": "Το αρχείο δεν διαβάστηκε.",
        "import_too_big": "Το αρχείο είναι πολύ μεγάλο για παιχνίδι του 2048.",
        "import_not_json": "Το αρχείο δεν είναι κοινοποιημένο παιχνίδι: δεν είναι κείμενο JSON.",
        "import_not_a_game": "Το αρχείο δεν είναι κοινοποιημένο παιχνίδι του 2048.",
        "import_newer": "Το παιχνίδι κοινοποιήθηκε από νεότερη έκδοση του 2048· ενημερώστε το "
        "2048 για να το ανοίξετε.",
        "import_damaged": "Το αρχείο είναι χαλασμένο: έχει τιμές που κανένα παιχνίδι δεν "
        "μπορεί να έχει.",
        "import_diverges": "Οι κινήσεις του αρχείου δεν οδηγούν στο παιχνίδι που περιγράφει: "
        "χάλασε ή αλλάχτηκε. Δεν εισήχθη τίποτα.",
        "import_cannot_keep": "Το παιχνίδι δεν κρατήθηκε: η λίστα των παιχνιδιών σας δεν "
        "γράφεται τώρα.",
        "export_done": "Το παιχνίδι αποθηκεύτηκε ως {file}.",
        "export_failed": "Το παιχνίδι δεν αποθηκεύτηκε στο {folder}.",
        # -- the games' screens --
        "games": "Παιχνίδια",
        "games_footer": "Σελίδα {page}/{pages} · {n} παιχνίδια",
        "games_none": "Δεν κρατήθηκε ακόμα κανένα παιχνίδι. Κάθε παιχνίδι σας κρατιέται εδώ "
        "από την πρώτη του κίνηση.",
        "games_unreadable": "Τα παιχνίδια σας δεν διαβάζονται αυτή τη στιγμή.",
        "game_unreadable": "Αυτό το παιχνίδι δεν άνοιξε: η καταγραφή του είναι χαλασμένη.",
        "games_score": "Σκορ {n}",
        "games_tile": "Πλακίδιο {n}",
        "games_moves": "{n} κινήσεις",
        "own_game": "δικό σας",
        "game_title": "Παιχνίδι της {date}",
        "game_detail": "Σκορ {score} · μεγαλύτερο πλακίδιο {tile}",
        "replay": "Επανάληψη",
        "review": "Ανάλυση",
        "review_running": "Ανάλυση · {percent}%",
        "export": "Εξαγωγή σε αρχείο",
        "replay_move": "Κίνηση {n} από {total}",
        "replay_undo": "αναίρεση",
        "replay_speed": "{n} κιν./δ",
        "replay_keys": "←/→ βήμα · Space παίξε · Home/End · +/− ταχύτητα",
        "review_summary": "Γκάφες {blunder} · Λάθη {mistake} · Ανακρίβειες {inaccuracy}",
        "review_solver_uncounted": "Οι κινήσεις του επιλυτή δεν μετρούν.",
        "review_all_solver": "Όλες οι κινήσεις ήταν του επιλυτή: καμία δική σας να μετρηθεί.",
        "review_move": "Κίνηση {n}: παίξατε {played}, καλύτερη {best}",
        "review_grade": "{grade} · απώλεια {loss}",
        "review_grade_solver": "{grade} · απώλεια {loss} · κίνηση του επιλυτή",
        "review_waiting": "Δεν βαθμολογήθηκε ακόμα",
        "review_only_move": "Η μόνη κίνηση",
        "review_none": "Καμία κίνηση για ανάλυση.",
        "track_every_move": "Όλες οι κινήσεις · {at} από {count}",
        "track_worst_moves": "Χειρότερες κινήσεις · {at} από {count}",
        "track_mistake": "{name} · {at} από {count}",
        "previous_move": "← Προηγούμενη",
        "next_move": "Επόμενη →",
        "worst_moves": "Χειρότερες",
        "mistakes": "Λάθη",
        "mistakes_title": "Τα τέσσερα λάθη",
        "mistakes_hint": "Διαλέξτε ένα για να δείτε τις κινήσεις όπου έγινε.",
        "mistake_item": "{name}: {count}",
        "mistake_directions": "Οι κινήσεις σας: ↑ {up} · ↓ {down} · ← {left} · → {right}",
        "plot_score": "Σκορ",
        "plot_loss": "Απώλεια",
        "review_ready": "Η ανάλυση του παιχνιδιού σας είναι έτοιμη: Μενού, Παιχνίδια.",
    },
}

# The help pages: paragraphs, wrapped to the window's width when drawn; a paragraph starting
# with "# " is a heading.
HELP: dict[str, dict[str, list[str]]] = {
    "en": {
        "controls": [
            "# Keyboard",
            "Arrows, WASD or HJKL: move",
            "U, Backspace or Ctrl+Z: undo",
            "N: new game · T: hint · P: autoplay",
            "Esc: menu · F1 or ?: help · M: sound",
            "F11 or Alt+Enter: fullscreen · Ctrl+Q: quit",
            "# Gamepad",
            "D-pad or left stick: move · {a}: confirm",
            "{b}: back / undo · {x}: hint · {y}: new game",
            "{start}: menu · {back}: help",
            "# Mouse and touch",
            "Swipe or drag on the board to move",
            "Click the buttons and menu items",
        ],
        "rules": [
            "# The rules in short",
            "Every move slides all tiles as far as they go.",
            "Two equal tiles that meet merge into one of twice the value; a tile merges at most "
            "once a move.",
            "After every move that changes the board, a 2 (or, one time in ten, a 4) appears in "
            "an empty cell.",
            "Each merge adds the new tile's value to the score.",
            "Make a 2048 tile to win, then keep going if you like.",
            "The game ends when no move changes the board.",
            "Five undos a game take back your last moves.",
        ],
        "strategy": [
            "# Four mistakes that end games early",
            "Using all four directions freely: keep two, use a third rarely and the fourth "
            "almost never.",
            "Chasing every merge: a merge in the middle often pulls your structure apart for "
            "one tile.",
            "Letting a small tile get trapped among big ones: deal with it while it still has "
            "a neighbour.",
            "Moving fast on a nearly full board: with two or three cells left, slow down.",
        ],
        "solver": [
            "# How the built-in solver works",
            "It looks ahead: each of your moves, then every cell where a new tile could appear, "
            "as a 2 or a 4, weighted by how likely each is (expectimax).",
            "It scores the boards it reaches by empty cells, rows that rise or fall steadily, "
            "merges waiting, and big tiles kept on an edge.",
            "It thinks deeper while time allows, in a separate process, so the game never "
            "stutters.",
            "Games played with hints or autoplay are kept apart from your own records.",
        ],
    },
    "el": {
        "controls": [
            "# Πληκτρολόγιο",
            "Βέλη, WASD ή HJKL: κίνηση",
            "U, Backspace ή Ctrl+Z: αναίρεση",
            "N: νέο παιχνίδι · T: υπόδειξη · P: αυτόματο",
            "Esc: μενού · F1 ή ?: βοήθεια · M: ήχος",
            "F11 ή Alt+Enter: πλήρης οθόνη · Ctrl+Q: έξοδος",
            "# Χειριστήριο",
            "D-pad ή αριστερός μοχλός: κίνηση · {a}: επιλογή",
            "{b}: πίσω / αναίρεση · {x}: υπόδειξη · {y}: νέο",
            "{start}: μενού · {back}: βοήθεια",
            "# Ποντίκι και αφή",
            "Σύρετε πάνω στην πλάκα για κίνηση",
            "Πατήστε τα κουμπιά και τα στοιχεία του μενού",
        ],
        "rules": [
            "# Οι κανόνες σύντομα",
            "Κάθε κίνηση σύρει όλα τα πλακίδια όσο πάνε.",
            "Δύο ίσα πλακίδια που συναντιούνται ενώνονται σε ένα διπλάσιο· κάθε πλακίδιο "
            "ενώνεται μία φορά ανά κίνηση.",
            "Μετά από κάθε κίνηση που αλλάζει την πλάκα εμφανίζεται ένα 2 (ή, μία φορά στις "
            "δέκα, ένα 4) σε κενό κελί.",
            "Κάθε ένωση προσθέτει την αξία του νέου πλακιδίου στο σκορ.",
            "Φτιάξτε ένα 2048 για να νικήσετε, και συνεχίστε αν θέλετε.",
            "Το παιχνίδι τελειώνει όταν καμία κίνηση δεν αλλάζει την πλάκα.",
            "Πέντε αναιρέσεις ανά παιχνίδι παίρνουν πίσω τις τελευταίες κινήσεις σας.",
        ],
        "strategy": [
            "# Τέσσερα λάθη που τερματίζουν πρόωρα",
            "Ελεύθερη χρήση και των τεσσάρων κατευθύνσεων: κρατήστε δύο, μια τρίτη σπάνια, "
            "την τέταρτη σχεδόν ποτέ.",
            "Το κυνήγι κάθε ένωσης: μια ένωση στη μέση συχνά χαλά τη δομή για ένα μόνο πλακίδιο.",
            "Ένα μικρό πλακίδιο εγκλωβισμένο ανάμεσα σε μεγάλα: χειριστείτε το όσο έχει ακόμα "
            "γείτονα.",
            "Γρήγορες κινήσεις σε σχεδόν γεμάτη πλάκα: με δύο ή τρία κενά κελιά, επιβραδύνετε.",
        ],
        "solver": [
            "# Πώς δουλεύει ο επιλυτής",
            "Κοιτάζει μπροστά: κάθε κίνησή σας, μετά κάθε κελί όπου μπορεί να εμφανιστεί νέο "
            "πλακίδιο, 2 ή 4, σταθμισμένο με την πιθανότητά του (expectimax).",
            "Βαθμολογεί τις πλάκες με τα κενά κελιά, τις σειρές που ανεβαίνουν ή κατεβαίνουν "
            "σταθερά, τις ενώσεις που περιμένουν, και τα μεγάλα πλακίδια στην άκρη.",
            "Σκέφτεται βαθύτερα όσο επιτρέπει ο χρόνος, σε χωριστή διεργασία, ώστε το παιχνίδι "
            "να μην κολλά ποτέ.",
            "Παιχνίδια με υπόδειξη ή αυτόματο παιχνίδι μετρούν χωριστά από τα δικά σας ρεκόρ.",
        ],
    },
}


# The review's help page (R23): how moves are graded. The numbers are filled in from
# game/review.py, where the grades' bounds live (review.help_lines).
REVIEW_HELP: dict[str, list[str]] = {
    "en": [
        "# How the review grades your moves",
        "Before each move the solver scores all four directions, {depth} moves ahead. A "
        "move's loss is how far it falls below the best, counted in your biggest tile: 1.0 is "
        "what pulling it one cell off its edge costs, so a loss means the same early and late.",
        "Best: the solver's choice, or as good · Good: under {inaccuracy} · Inaccuracy: up to "
        "{mistake} · Mistake: up to {blunder} · Blunder: {blunder} or more.",
        "# Replay and review",
        "←/→ or the D-pad: step · Space or {a}: play · Home/End or {lb}/{rb}: start, end · "
        "+/− or ↑/↓: speed · Esc or {b}: back",
    ],
    "el": [
        "# Πώς η ανάλυση βαθμολογεί τις κινήσεις σας",
        "Πριν από κάθε κίνηση ο επιλυτής βαθμολογεί και τις τέσσερις κατευθύνσεις, {depth} "
        "κινήσεις μπροστά. Η απώλεια μιας κίνησης είναι πόσο υπολείπεται της καλύτερης, "
        "μετρημένη στο μεγαλύτερο πλακίδιό σας: 1,0 κοστίζει να φύγει ένα κελί από την άκρη, "
        "έτσι σημαίνει το ίδιο νωρίς και αργά.",
        "Καλύτερη: η επιλογή του επιλυτή, ή εξίσου καλή · Καλή: κάτω από {inaccuracy} · "
        "Ανακρίβεια: ως {mistake} · Λάθος: ως {blunder} · Γκάφα: {blunder} ή περισσότερο.",
        "# Επανάληψη και ανάλυση",
        "←/→ ή D-pad: βήμα · Space ή {a}: παίξε · Home/End ή {lb}/{rb}: αρχή, τέλος · "
        "+/− ή ↑/↓: ταχύτητα · Esc ή {b}: πίσω",
    ],
}


def tr(key: str, lang: str = "en", **fields: object) -> str:
    table = STRINGS.get(lang, STRINGS["en"])
    text = table.get(key) or STRINGS["en"].get(key, key)
    return text.format(**fields) if fields else text


PAD_LABELS = {
    "a": "A",
    "b": "B",
    "x": "X",
    "y": "Y",
    "back": "Back",
    "start": "Start",
    "lb": "LB",
    "rb": "RB",
}


def help_lines(page: str, lang: str = "en", pad_labels: dict[str, str] | None = None) -> list[str]:
    """A help page's paragraphs; the gamepad's buttons named as the player's pad prints them."""
    lines = HELP.get(lang, HELP["en"]).get(page) or HELP["en"][page]
    labels = {**PAD_LABELS, **(pad_labels or {})}
    return [line.format(**labels) for line in lines]


def system_language() -> str:
    """The player's language from the system's locale: Greek if it is Greek, else English."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if value:
            return "el" if value.lower().startswith("el") else "en"
    try:
        code = locale.getlocale()[0] or ""
    except ValueError:
        code = ""
    return "el" if code.lower().startswith(("el", "greek")) else "en"


def first_tip(lang: str) -> tuple[str, ...]:
    """A newcomer's words on how to play, in the info line's place until the first move."""
    return (tr("first_tip_move", lang), tr("first_tip_help", lang))


def format_clock(seconds: float) -> str:
    """m:ss under an hour, then h:mm:ss."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


# -- storage's notices ----------------------------------------------------------------------
# A notice (game/storage/notices.py) carries a key and its fields; these make its sentence.
# {what} is the file as a player would call it, {reason} why a save or a read failed,
# {fallback} what the game does instead; {kept} names where a damaged file was kept.

NOTICES: dict[str, dict[str, str]] = {
    "en": {
        "second_copy": "Another copy of 2048 is already running, so this one will not save "
        "anything: your games, settings and scores stay as that copy keeps them.",
        "cannot_save": "The game cannot save in {folder}, because {reason}. You can still "
        "play; nothing will be kept after you quit.",
        "save_failed": "Your progress cannot be saved right now, because {reason}. You can "
        "keep playing; the game tries again at every save.",
        "save_works": "Saving works again.",
        "settings_reset": "Some settings could not be read and are back to their defaults: "
        "{names}.",
        "newer_file": "Your {what} was saved by a newer version of 2048. It is left untouched, "
        "and this version will not save it; update 2048 to carry on with it.",
        "newer_backup_kept": "A backup of your {what} from a newer version of 2048 is kept "
        "as {kept}; this version carries on with your {what}.",
        "restored_from_backup": "Your {what} could not be read, so its backup copy was loaded "
        "instead.",
        "damaged": "Your {what} could not be read and had no good backup, so {fallback}.",
        "not_readable": "Your {what} cannot be opened, because {reason}. It is left as it is, "
        "and nothing will be saved over it until 2048 starts again.",
        "load_failed": "Your {what} could not be loaded because of a fault in this version of "
        "2048. It is left as it is, and nothing will be saved over it.",
    },
    "el": {
        "second_copy": "Ένα άλλο αντίγραφο του 2048 τρέχει ήδη, οπότε αυτό δεν θα αποθηκεύσει "
        "τίποτα: τα παιχνίδια, οι ρυθμίσεις και τα ρεκόρ σας μένουν όπως τα κρατά εκείνο.",
        "cannot_save": "Το παιχνίδι δεν μπορεί να αποθηκεύσει στο {folder}, επειδή {reason}. "
        "Μπορείτε να παίξετε· τίποτα δεν θα κρατηθεί μετά την έξοδο.",
        "save_failed": "Η πρόοδός σας δεν αποθηκεύεται τώρα, επειδή {reason}. Συνεχίστε να "
        "παίζετε· το παιχνίδι ξαναδοκιμάζει σε κάθε αποθήκευση.",
        "save_works": "Η αποθήκευση λειτουργεί ξανά.",
        "settings_reset": "Κάποιες ρυθμίσεις δεν διαβάστηκαν και επανήλθαν στις αρχικές: {names}.",
        "newer_file": "Το αρχείο «{what}» γράφτηκε από νεότερη έκδοση του 2048. Μένει ανέγγιχτο "
        "και αυτή η έκδοση δεν θα το αποθηκεύσει· ενημερώστε το 2048 για να συνεχίσετε.",
        "newer_backup_kept": "Ένα αντίγραφο ασφαλείας του αρχείου «{what}» από νεότερη έκδοση "
        "του 2048 κρατήθηκε ως {kept}· αυτή η έκδοση συνεχίζει με το αρχείο σας.",
        "restored_from_backup": "Το αρχείο «{what}» δεν διαβάστηκε, οπότε φορτώθηκε το "
        "αντίγραφο ασφαλείας του.",
        "damaged": "Το αρχείο «{what}» δεν διαβάστηκε και δεν είχε καλό αντίγραφο ασφαλείας, "
        "οπότε {fallback}.",
        "not_readable": "Το αρχείο «{what}» δεν ανοίγει, επειδή {reason}. Μένει όπως είναι, "
        "και τίποτα δεν θα γραφτεί πάνω του μέχρι να ξεκινήσει ξανά το 2048.",
        "load_failed": "Το αρχείο «{what}» δεν φορτώθηκε λόγω σφάλματος αυτής της έκδοσης του "
        "2048. Μένει όπως είναι, και τίποτα δεν θα γραφτεί πάνω του.",
    },
}
_KEPT = {
    "en": "The damaged file is kept as {kept}.",
    "el": "Το χαλασμένο αρχείο κρατήθηκε ως {kept}.",
}
# What each file is to a player; a game file by its board size.
_FILES = {
    "en": {"settings.json": "settings", "stats.json": "statistics and best scores"},
    "el": {"settings.json": "ρυθμίσεις", "stats.json": "στατιστικά και ρεκόρ"},
}
_GAME_FILE = {"en": "saved {size}×{size} game", "el": "παιχνίδι {size}×{size}"}
_FALLBACKS = {
    "en": {
        "settings.json": "the default settings are used",
        "stats.json": "they start again from zero",
        "game": "a new game was started",
    },
    "el": {
        "settings.json": "ισχύουν οι αρχικές ρυθμίσεις",
        "stats.json": "ξεκινούν ξανά από το μηδέν",
        "game": "ξεκίνησε νέο παιχνίδι",
    },
}
# Why a save (or the data folder) failed, by errno name; anything else is "a disk error".
_WRITE_REASONS = {
    "en": {
        "ENOSPC": "the disk is full",
        "EROFS": "the disk is read-only",
        "EACCES": "the game is not allowed to write in its data folder",
        "EPERM": "the game is not allowed to write in its data folder",
        "EEXIST": "there is a file where its data folder should be",
        "ENOTDIR": "there is a file where its data folder should be",
        "ENAMETOOLONG": "the path of its data folder is too long",
    },
    "el": {
        "ENOSPC": "ο δίσκος είναι γεμάτος",
        "EROFS": "ο δίσκος είναι μόνο για ανάγνωση",
        "EACCES": "δεν επιτρέπεται η εγγραφή στον φάκελο δεδομένων",
        "EPERM": "δεν επιτρέπεται η εγγραφή στον φάκελο δεδομένων",
        "EEXIST": "υπάρχει ένα αρχείο εκεί που πρέπει να είναι ο φάκελος δεδομένων",
        "ENOTDIR": "υπάρχει ένα αρχείο εκεί που πρέπει να είναι ο φάκελος δεδομένων",
        "ENAMETOOLONG": "η διαδρομή του φακέλου δεδομένων είναι πολύ μεγάλη",
    },
}
_NOT_ALLOWED_TO_READ = {
    "en": "the game is not allowed to read it",
    "el": "δεν επιτρέπεται στο παιχνίδι να το διαβάσει",
}
_READ_REASONS = {
    lang: dict.fromkeys(("EACCES", "EPERM"), text) for lang, text in _NOT_ALLOWED_TO_READ.items()
}
_DISK_ERROR = {"en": "of a disk error ({error})", "el": "σφάλματος του δίσκου ({error})"}


def notice_text(notice: Any, lang: str) -> str:
    """A storage notice (game/storage/notices.py) as a sentence in the player's language."""
    lang = lang if lang in NOTICES else "en"
    fields = dict(notice.fields)
    name = fields.get("file", "")
    error = fields.get("error", "")
    reasons = _READ_REASONS if notice.key == "not_readable" else _WRITE_REASONS
    words = {
        "what": _FILES[lang].get(name) or _GAME_FILE[lang].format(size=fields.get("size", "?")),
        "fallback": _FALLBACKS[lang].get(name, _FALLBACKS[lang]["game"]),
        "reason": reasons[lang].get(error) or _DISK_ERROR[lang].format(error=error or "?"),
        "names": ", ".join(_setting_name(n, lang) for n in fields.get("names", "").split(",")),
        "folder": fields.get("folder", ""),
        "kept": fields.get("kept", ""),
    }
    if f"notice_{notice.key}" in STRINGS["en"]:  # the kept games' notices: words in STRINGS
        return tr(f"notice_{notice.key}", lang, **words)
    text = NOTICES[lang][notice.key].format(**words)
    if notice.key in ("restored_from_backup", "damaged") and words["kept"]:
        text += " " + _KEPT[lang].format(**words)
    return text


def _setting_name(name: str, lang: str) -> str:
    setting = SETTINGS.get(name)
    return tr(setting.label, lang).lower() if setting else name.replace("_", " ")
