"""The storage's and the kept games' notices as sentences in the player's language.

A notice (game/storage/notices.py) carries a key and its fields; these make its sentence.
{what} is the file as a player would call it, {reason} why a save or a read failed,
{fallback} what the game does instead; {kept} names where a damaged file was kept."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.settings import SETTINGS
from game.text.catalogs import N_, Message
from game.text.messages import MESSAGES
from game.text.paths import shown_path
from game.text.strings import say, tr


def _by_notice_key(*messages: Message) -> dict[str, Message]:
    return {message.key.removeprefix("notice_"): message for message in messages}


# By the notice's key (game/storage/notices.py), each sentence's own key being notice_ and it.
NOTICES: dict[str, Message] = _by_notice_key(
    N_(
        "notice_second_copy",
        "Another copy of 2048 is already running, so this one will not save anything: your games, "
        "settings and scores stay as that copy keeps them.",
    ),
    N_(
        "notice_cannot_save",
        "The game cannot save in {folder}, because {reason}. You can still play; nothing will be "
        "kept after you quit.",
    ),
    N_(
        "notice_lock_unusable",
        "The game cannot use its lock file, game.lock in {folder}, because {reason}, so it saves "
        "nothing this time. Delete that file and start 2048 again to save as before.",
    ),
    N_(
        "notice_save_failed",
        "Your progress cannot be saved right now, because {reason}. You can keep playing; the "
        "game tries again at every save.",
    ),
    N_("notice_save_works", "Saving works again."),
    N_(
        "notice_settings_reset",
        "Some settings could not be read and are back to their defaults: {names}.",
    ),
    N_(
        "notice_newer_file",
        "Your {what} were saved by a newer version of 2048. They are left untouched, and this "
        "version will not save them; update 2048 to carry on with them.",
    ),
    N_(
        "notice_newer_backup_kept",
        "A backup of your {what} from a newer version of 2048 is kept as {kept}; this version "
        "carries on with your {what}.",
    ),
    N_(
        "notice_restored_from_backup",
        "Your {what} could not be read, so their backup copy was loaded instead.",
    ),
    N_("notice_damaged", "Your {what} could not be read and had no good backup, so {fallback}."),
    N_(
        "notice_not_readable",
        "The file of your {what} cannot be opened, because {reason}. It is left as it is, and "
        "nothing will be saved over it until 2048 starts again.",
    ),
    N_(
        "notice_backup_not_readable",
        "The backup copy of your {what} cannot be opened, because {reason}. It is left as it is; "
        "your {what} themselves were read, and are saved as ever, without a backup until 2048 "
        "starts again.",
    ),
    N_(
        "notice_load_failed",
        "Your {what} could not be loaded because of a fault in this version of 2048. Their file "
        "is left as it is, and nothing will be saved over it.",
    ),
)


_KEPT = N_("notice_kept", "The damaged file is kept as {kept}.")
# What each kept thing is to a player: the settings (the one file these notices are of, plural
# in English: the sentences above are written for them), the statistics, a size's game.
_FILES = {
    "settings.json": N_("notice_file_settings", "settings"),
    "statistics": N_("notice_file_statistics", "statistics and best scores"),
}
_GAME_FILE = N_("notice_file_game", "saved {size}×{size} game")
_FALLBACKS = {
    "settings.json": N_("notice_fallback_settings", "the default settings are used"),
    "statistics": N_("notice_fallback_statistics", "they start again from zero"),
    "game": N_("notice_fallback_game", "a new game was started"),
}
# Why a save (or the data folder) failed, by errno name; anything else is "a disk error".
_NOT_ALLOWED_TO_WRITE = N_(
    "reason_not_allowed_to_write", "the game is not allowed to write in its data folder"
)
_FILE_IN_THE_WAY = N_("reason_file_in_the_way", "there is a file where its data folder should be")
_WRITE_REASONS = {
    "ENOSPC": N_("reason_ENOSPC", "the disk is full"),
    "EROFS": N_("reason_EROFS", "the disk is read-only"),
    "EACCES": _NOT_ALLOWED_TO_WRITE,
    "EPERM": _NOT_ALLOWED_TO_WRITE,
    "EEXIST": _FILE_IN_THE_WAY,
    "ENOTDIR": _FILE_IN_THE_WAY,
    "ENAMETOOLONG": N_("reason_ENAMETOOLONG", "the path of its data folder is too long"),
    "ELOOP": N_("reason_ELOOP", "there is a link where a file of its own should be"),
    "REFUSED": N_(
        "reason_REFUSED",
        "this version of 2048 made a value it would not read back (a fault of the game, written "
        "in its log); the file on disk is kept as it was",
    ),
}
_NOT_ALLOWED_TO_READ = N_("reason_not_allowed_to_read", "the game is not allowed to read it")
_READ_REASONS = dict.fromkeys(("EACCES", "EPERM"), _NOT_ALLOWED_TO_READ)
_DISK_ERROR = N_("reason_disk_error", "of a disk error ({error})")


def is_notice(key: str) -> bool:
    """Whether `key` is a storage or archive notice's (game/storage/notices.py)."""
    return key in NOTICES or f"notice_{key}" in MESSAGES


def notice_text(notice: Any, lang: str) -> str:
    """A storage notice (game/storage/notices.py) as a sentence in the player's language."""
    return notice_words(notice.key, notice.fields, lang)


def notice_words(key: str, fields: Mapping[str, object], lang: str) -> str:
    """A notice's key and fields as a sentence in the player's language."""
    fields = dict(fields)
    name = fields.get("file", "")
    error = fields.get("error", "")
    reading = key in ("not_readable", "backup_not_readable")
    reason = (_READ_REASONS if reading else _WRITE_REASONS).get(error)
    words = {
        "what": say(_FILES[name], lang)
        if name in _FILES
        else say(_GAME_FILE, lang, size=fields.get("size", "?")),
        "fallback": say(_FALLBACKS.get(name, _FALLBACKS["game"]), lang),
        "reason": say(reason, lang) if reason else say(_DISK_ERROR, lang, error=error or "?"),
        "names": ", ".join(_setting_name(n, lang) for n in fields.get("names", "").split(",")),
        "folder": shown_path(fields["folder"]) if fields.get("folder") else "",
        "kept": fields.get("kept", ""),
        "made": fields.get("made", ""),
        "games": fields.get("games", ""),
    }
    if f"notice_{key}" in MESSAGES:  # the kept games' notices: words in MESSAGES
        return tr(f"notice_{key}", lang, **words)
    text = say(NOTICES[key], lang, **words)
    if key in ("restored_from_backup", "damaged") and words["kept"]:
        text += " " + say(_KEPT, lang, **words)
    return text


def _setting_name(name: str, lang: str) -> str:
    setting = SETTINGS.get(name)
    return tr(setting.label, lang).lower() if setting else name.replace("_", " ")
