"""The storage's and the kept games' notices as sentences in the player's language.

A notice (game/storage/notices.py) carries a key and its fields; these make its sentence.
{what} is the file as a player would call it, {reason} why a save or a read failed,
{fallback} what the game does instead; {kept} names where a damaged file was kept."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.settings import SETTINGS
from game.text.messages import MESSAGES
from game.text.paths import shown_path
from game.text.strings import tr

NOTICES: dict[str, dict[str, str]] = {
    "en": {
        "second_copy": "Another copy of 2048 is already running, so this one will not save "
        "anything: your games, settings and scores stay as that copy keeps them.",
        "cannot_save": "The game cannot save in {folder}, because {reason}. You can still "
        "play; nothing will be kept after you quit.",
        "lock_unusable": "The game cannot use its lock file, game.lock in {folder}, because "
        "{reason}, so it saves nothing this time. Delete that file and start 2048 again to "
        "save as before.",
        "save_failed": "Your progress cannot be saved right now, because {reason}. You can "
        "keep playing; the game tries again at every save.",
        "save_works": "Saving works again.",
        "settings_reset": "Some settings could not be read and are back to their defaults: "
        "{names}.",
        "newer_file": "Your {what} were saved by a newer version of 2048. They are left "
        "untouched, and this version will not save them; update 2048 to carry on with them.",
        "newer_backup_kept": "A backup of your {what} from a newer version of 2048 is kept "
        "as {kept}; this version carries on with your {what}.",
        "restored_from_backup": "Your {what} could not be read, so their backup copy was "
        "loaded instead.",
        "damaged": "Your {what} could not be read and had no good backup, so {fallback}.",
        "not_readable": "The file of your {what} cannot be opened, because {reason}. It is left "
        "as it is, and nothing will be saved over it until 2048 starts again.",
        "backup_not_readable": "The backup copy of your {what} cannot be opened, because "
        "{reason}. It is left as it is; your {what} themselves were read, and are saved as "
        "ever, without a backup until 2048 starts again.",
        "load_failed": "Your {what} could not be loaded because of a fault in this version of "
        "2048. Their file is left as it is, and nothing will be saved over it.",
    },
    "el": {
        "second_copy": "Ένα άλλο αντίγραφο του 2048 τρέχει ήδη, οπότε αυτό δεν θα αποθηκεύσει "
        "τίποτα: τα παιχνίδια, οι ρυθμίσεις και τα ρεκόρ σας μένουν όπως τα κρατά εκείνο.",
        "cannot_save": "Το παιχνίδι δεν μπορεί να αποθηκεύσει στο {folder}, επειδή {reason}. "
        "Μπορείτε να παίξετε· τίποτα δεν θα κρατηθεί μετά την έξοδο.",
        "lock_unusable": "Το παιχνίδι δεν μπορεί να χρησιμοποιήσει το αρχείο κλειδώματος "
        "game.lock στο {folder}, επειδή {reason}, οπότε αυτή τη φορά δεν αποθηκεύει τίποτα. "
        "Διαγράψτε το αρχείο και ξεκινήστε ξανά το 2048 για να αποθηκεύει όπως πριν.",
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
        "backup_not_readable": "Το αντίγραφο ασφαλείας του αρχείου «{what}» δεν ανοίγει, "
        "επειδή {reason}. Μένει όπως είναι· το ίδιο το αρχείο διαβάστηκε και αποθηκεύεται "
        "κανονικά, χωρίς αντίγραφο ασφαλείας μέχρι να ξεκινήσει ξανά το 2048.",
        "load_failed": "Το αρχείο «{what}» δεν φορτώθηκε λόγω σφάλματος αυτής της έκδοσης του "
        "2048. Μένει όπως είναι, και τίποτα δεν θα γραφτεί πάνω του.",
    },
}
_KEPT = {
    "en": "The damaged file is kept as {kept}.",
    "el": "Το χαλασμένο αρχείο κρατήθηκε ως {kept}.",
}
# What each kept thing is to a player: the settings (the one file these notices are of, plural
# in English: the sentences above are written for them), the statistics, a size's game.
_FILES = {
    "en": {"settings.json": "settings", "statistics": "statistics and best scores"},
    "el": {"settings.json": "ρυθμίσεις", "statistics": "στατιστικά και ρεκόρ"},
}
_GAME_FILE = {"en": "saved {size}×{size} game", "el": "παιχνίδι {size}×{size}"}
_FALLBACKS = {
    "en": {
        "settings.json": "the default settings are used",
        "statistics": "they start again from zero",
        "game": "a new game was started",
    },
    "el": {
        "settings.json": "ισχύουν οι αρχικές ρυθμίσεις",
        "statistics": "ξεκινούν ξανά από το μηδέν",
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
        "ELOOP": "there is a link where a file of its own should be",
        "REFUSED": "this version of 2048 made a value it would not read back (a fault of the "
        "game, written in its log); the file on disk is kept as it was",
    },
    "el": {
        "ENOSPC": "ο δίσκος είναι γεμάτος",
        "EROFS": "ο δίσκος είναι μόνο για ανάγνωση",
        "EACCES": "δεν επιτρέπεται η εγγραφή στον φάκελο δεδομένων",
        "EPERM": "δεν επιτρέπεται η εγγραφή στον φάκελο δεδομένων",
        "EEXIST": "υπάρχει ένα αρχείο εκεί που πρέπει να είναι ο φάκελος δεδομένων",
        "ENOTDIR": "υπάρχει ένα αρχείο εκεί που πρέπει να είναι ο φάκελος δεδομένων",
        "ENAMETOOLONG": "η διαδρομή του φακέλου δεδομένων είναι πολύ μεγάλη",
        "ELOOP": "υπάρχει ένας σύνδεσμος εκεί που πρέπει να είναι δικό του αρχείο",
        "REFUSED": "αυτή η έκδοση του 2048 έφτιαξε μια τιμή που δεν θα διάβαζε ξανά (σφάλμα του "
        "παιχνιδιού, γραμμένο στο αρχείο καταγραφής του)· το αρχείο στον δίσκο μένει ως είχε",
    },
}
_NOT_ALLOWED_TO_READ = {
    "en": "the game is not allowed to read it",
    "el": "δεν επιτρέπεται στο παιχνίδι να το διαβάσει",
}
_READ_REASONS = {
    lang: dict.fromkeys(("EACCES", "EPERM"), text) for lang, text in _NOT_ALLOWED_TO_READ.items()
}
_DISK_ERROR = {"en": "of a disk error ({error})", "el": "έγινε σφάλμα του δίσκου ({error})"}


def is_notice(key: str) -> bool:
    """Whether `key` is a storage or archive notice's (game/storage/notices.py)."""
    return key in NOTICES["en"] or f"notice_{key}" in MESSAGES


def notice_text(notice: Any, lang: str) -> str:
    """A storage notice (game/storage/notices.py) as a sentence in the player's language."""
    return notice_words(notice.key, notice.fields, lang)


def notice_words(key: str, fields: Mapping[str, object], lang: str) -> str:
    """A notice's key and fields as a sentence in the player's language."""
    lang = lang if lang in NOTICES else "en"
    fields = dict(fields)
    name = fields.get("file", "")
    error = fields.get("error", "")
    reading = key in ("not_readable", "backup_not_readable")
    reasons = _READ_REASONS if reading else _WRITE_REASONS
    words = {
        "what": _FILES[lang].get(name) or _GAME_FILE[lang].format(size=fields.get("size", "?")),
        "fallback": _FALLBACKS[lang].get(name, _FALLBACKS[lang]["game"]),
        "reason": reasons[lang].get(error) or _DISK_ERROR[lang].format(error=error or "?"),
        "names": ", ".join(_setting_name(n, lang) for n in fields.get("names", "").split(",")),
        "folder": shown_path(fields["folder"]) if fields.get("folder") else "",
        "kept": fields.get("kept", ""),
        "made": fields.get("made", ""),
        "games": fields.get("games", ""),
    }
    if f"notice_{key}" in MESSAGES:  # the kept games' notices: words in MESSAGES
        return tr(f"notice_{key}", lang, **words)
    text = NOTICES[lang][key].format(**words)
    if key in ("restored_from_backup", "damaged") and words["kept"]:
        text += " " + _KEPT[lang].format(**words)
    return text


def _setting_name(name: str, lang: str) -> str:
    setting = SETTINGS.get(name)
    return tr(setting.label, lang).lower() if setting else name.replace("_", " ")
