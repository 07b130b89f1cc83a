"""Every string a player reads, in English and Greek, from one table.

`tr("key", lang)` looks a string up; `{name}` fields are filled from keyword arguments. A key
missing in Greek falls back to English, so a new string never shows up blank.
"""

from __future__ import annotations

import locale
import os

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
        "settings_hint": "←/→ or Enter changes a setting",
        "back": "Back",
        "setting_theme": "Theme",
        "setting_animation": "Animation",
        "setting_volume": "Volume",
        "setting_mute": "Sound",
        "setting_fullscreen": "Fullscreen",
        "setting_undo_setting": "Undo",
        "setting_autoplay_pace": "Autoplay",
        "setting_language": "Language",
        "value_classic": "classic",
        "value_dark": "dark",
        "value_high_contrast": "high contrast",
        "value_normal": "normal",
        "value_fast": "fast",
        "value_slow": "slow",
        "value_off": "off",
        "value_on": "on",
        "value_max": "as fast as it can",
        "value_pace": "{n} moves a second",
        "value_auto": "system",
        "value_en": "English",
        "value_el": "Ελληνικά",
        "hint_arrow": "Hint: {direction}",
        "up": "up",
        "down": "down",
        "left": "left",
        "right": "right",
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
        "settings_hint": "←/→ ή Enter αλλάζει μια ρύθμιση",
        "back": "Πίσω",
        "setting_theme": "Θέμα",
        "setting_animation": "Κίνηση",
        "setting_volume": "Ένταση",
        "setting_mute": "Ήχος",
        "setting_fullscreen": "Πλήρης οθόνη",
        "setting_undo_setting": "Αναίρεση",
        "setting_autoplay_pace": "Αυτόματο",
        "setting_language": "Γλώσσα",
        "value_classic": "κλασικό",
        "value_dark": "σκούρο",
        "value_high_contrast": "υψηλή αντίθεση",
        "value_normal": "κανονική",
        "value_fast": "γρήγορη",
        "value_slow": "αργή",
        "value_off": "όχι",
        "value_on": "ναι",
        "value_max": "όσο πιο γρήγορα",
        "value_pace": "{n} το δευτερόλεπτο",
        "value_auto": "συστήματος",
        "hint_arrow": "Υπόδειξη: {direction}",
        "up": "πάνω",
        "down": "κάτω",
        "left": "αριστερά",
        "right": "δεξιά",
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


def tr(key: str, lang: str = "en", **fields: object) -> str:
    table = STRINGS.get(lang, STRINGS["en"])
    text = table.get(key) or STRINGS["en"].get(key, key)
    return text.format(**fields) if fields else text


PAD_LABELS = {"a": "A", "b": "B", "x": "X", "y": "Y", "back": "Back", "start": "Start"}


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


def format_clock(seconds: float) -> str:
    """m:ss under an hour, then h:mm:ss."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


# Storage's notices in Greek, by the notice's key; its fields fill the blanks. English notices
# come from storage itself, written out in full.
_NOTICES_EL = {
    "second_copy": "Ένα άλλο αντίγραφο του 2048 τρέχει ήδη, οπότε αυτό δεν θα αποθηκεύσει "
    "τίποτα: τα παιχνίδια, οι ρυθμίσεις και τα ρεκόρ σας μένουν όπως τα κρατά εκείνο.",
    "cannot_save": "Το παιχνίδι δεν μπορεί να αποθηκεύσει, επειδή {reason}. Μπορείτε να "
    "παίξετε· τίποτα δεν θα κρατηθεί μετά την έξοδο.",
    "save_failed": "Η πρόοδός σας δεν αποθηκεύεται τώρα, επειδή {reason}. Συνεχίστε να παίζετε· "
    "το παιχνίδι ξαναδοκιμάζει σε κάθε αποθήκευση.",
    "save_works": "Η αποθήκευση λειτουργεί ξανά.",
    "settings_reset": "Κάποιες ρυθμίσεις δεν διαβάστηκαν και επανήλθαν στις αρχικές: {names}.",
    "newer_file": "Το αρχείο «{what}» γράφτηκε από νεότερη έκδοση του 2048. Μένει ανέγγιχτο "
    "και αυτή η έκδοση δεν θα το αποθηκεύσει· ενημερώστε το 2048 για να συνεχίσετε.",
    "restored_from_backup": "Το αρχείο «{what}» δεν διαβάστηκε, οπότε φορτώθηκε το αντίγραφο "
    "ασφαλείας του.",
    "unreadable": "Το αρχείο «{what}» δεν διαβάστηκε και δεν είχε καλό αντίγραφο ασφαλείας, "
    "οπότε ξεκινά από την αρχή.",
}
_FILES_EL = {"settings.json": "ρυθμίσεις", "stats.json": "στατιστικά και ρεκόρ"}
_REASONS_EL = {
    "ENOSPC": "ο δίσκος είναι γεμάτος",
    "EROFS": "ο δίσκος είναι μόνο για ανάγνωση",
    "EACCES": "δεν επιτρέπεται η εγγραφή στον φάκελο δεδομένων",
    "EPERM": "δεν επιτρέπεται η εγγραφή στον φάκελο δεδομένων",
}


def notice_text(notice: str, lang: str) -> str:
    """A storage notice in the player's language (English is the notice's own text)."""
    key = getattr(notice, "key", None)
    fields = getattr(notice, "fields", {})
    if lang != "el" or key not in _NOTICES_EL:
        return str(notice)
    name = fields.get("file", "")
    size = name.removeprefix("game-").removesuffix(".json")
    what = _FILES_EL.get(name, f"παιχνίδι {size}×{size}")
    reason = _REASONS_EL.get(fields.get("error", ""), "σφάλματος του δίσκου")
    text = _NOTICES_EL[key].format(what=what, reason=reason, names=fields.get("names", ""))
    if fields.get("kept"):
        text += f" Το χαλασμένο αρχείο κρατήθηκε ως {fields['kept']}."
    return text
