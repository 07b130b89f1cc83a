"""What comes from outside, checked before it is believed: a save, the statistics, a kept
game's rows, a shared file. Every reader uses these few checks; none writes its own.

Each takes the value and its name (the field's path: "stats.own.4.best_score") and returns the
value as the game uses it, or raises ValueError naming the field, so that a damaged file is told
from a good one and the log says where. JSON's types are taken as they are: bool is an int in
Python, but a check never lets True pass for a number, nor 1 for a flag.

    data = fields(raw, "save", {"size", "grid", "score", "won"})
    score = field(data, "score", count)   # a check: the value as the game uses it
    won = field(data, "won", bool)        # a type: exactly that type
"""

from __future__ import annotations

from collections.abc import Callable, Set
from typing import Any

from game.core.rules import MAX_COUNT, MAX_SECONDS, MAX_SIZE, MIN_SIZE


def mapping(value: Any, name: str) -> dict:
    if type(value) is not dict:
        raise ValueError(f"{name}: not a mapping")
    return value


def fields(value: Any, name: str, required: Set[str], optional: Set[str] = frozenset()) -> dict:
    """A mapping with every `required` key, and no other than the `optional` ones."""
    data = mapping(value, name)
    if not required <= set(data) <= required | optional:
        odd = sorted((required - set(data)) | (set(data) - required - optional))
        raise ValueError(f"{name}: unexpected or missing fields {odd}")
    return data


def field(
    data: dict,
    key: str,
    check: type | tuple[type, ...] | Callable[[Any, str], Any],
    name: str = "",
) -> Any:
    """`data[key]`, present, and of exactly the type (or one of the types) `check` names, or
    as the check `check` (count, seconds, ...) returns it; `name`: the mapping's own."""
    path = f"{name}.{key}" if name else key
    if key not in data:
        raise ValueError(f"{path}: missing")
    value = data[key]
    if not isinstance(check, type | tuple):
        return check(value, path)
    kinds = check if isinstance(check, tuple) else (check,)
    if type(value) not in kinds:
        raise ValueError(f"{path}: expected {' or '.join(k.__name__ for k in kinds)}")
    return value


def count(value: Any, name: str, limit: int = MAX_COUNT) -> int:
    """A whole number from 0 to `limit` (a score, a number of moves or games, a step)."""
    if type(value) is not int or not 0 <= value <= limit:
        raise ValueError(f"{name}: must be a whole number from 0 to {limit}")
    return value


def seconds(value: Any, name: str, limit: float = MAX_SECONDS) -> float:
    """A clock: a number of seconds from 0 to `limit` (the bound also refuses NaN, and an int
    too big to be a float)."""
    if type(value) not in (int, float) or not 0 <= value <= limit:
        raise ValueError(f"{name}: must be a number of seconds from 0 to {limit:.0f}")
    return float(value)


def flag(value: Any, name: str) -> bool:
    if type(value) is not bool:
        raise ValueError(f"{name}: not a flag")
    return value


def by_size(value: Any, name: str) -> dict[int, Any]:
    """A mapping keyed by board sizes written as text ("4"), with its keys as numbers."""
    out = {}
    for key, item in mapping(value, name).items():
        size = int(key) if key.isascii() and key.isdigit() else -1
        if str(size) != key or not MIN_SIZE <= size <= MAX_SIZE:
            raise ValueError(f"{name}: {key!r} is not a board size")
        out[size] = item
    return out
