"""Desktop entries read as the freedesktop.org specification says: the keys of the entry's
group, and an Exec value back to its arguments."""

from __future__ import annotations

from pathlib import Path

# The characters the desktop entry spec reserves in an Exec argument outside double quotes.
RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


def read_entry(path: Path) -> dict[str, str]:
    """The [Desktop Entry] group's keys, as written (no escapes undone)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    return dict(line.split("=", 1) for line in lines[1:] if line and not line.startswith("#"))


def unescape_string(value: str) -> str:
    """A desktop entry string value's escapes undone (\\s \\n \\t \\r \\\\), as the spec says."""
    out, chars = [], iter(value)
    for char in chars:
        if char == "\\":
            following = next(chars)
            out.append({"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}[following])
        else:
            out.append(char)
    return "".join(out)


def parse_exec(value: str) -> list[str]:
    """An Exec value back to its arguments, by the spec: string escapes first, then the
    quoting (inside double quotes a backslash takes the next " ` $ or \\ as it is), then %%.
    A field code stands alone, unquoted, as its own argument ("%f")."""
    text, args, current, quoted, started = unescape_string(value), [], [], False, False
    chars = iter(text)
    for char in chars:
        if quoted:
            if char == "\\":
                following = next(chars)
                assert following in '"`$\\', f"a lone backslash before {following!r}"
                current.append(following)
            elif char == '"':
                quoted = False
            else:
                current.append(char)
        elif char == '"':
            quoted = started = True
        elif char == " ":
            if started:
                args.append("".join(current))
            current, started = [], False
        else:
            assert char not in RESERVED, f"{char!r} outside quotes"
            current.append(char)
            started = True
    assert not quoted, "an unclosed quote"
    if started:
        args.append("".join(current))
    assert all("%" not in arg.replace("%%", "") for arg in args if arg != "%f"), "a field code"
    return [arg if arg == "%f" else arg.replace("%%", "%") for arg in args]
