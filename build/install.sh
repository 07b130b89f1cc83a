#!/bin/sh
# Puts 2048 into your applications menu: the game goes to ~/.local/bin/2048, and then the game
# itself writes its desktop entry, its icons, the file type of its shared games (so they open
# in it by a double-click) and its AppStream metadata (for software centres) under
# ~/.local/share ($XDG_DATA_HOME when set).
#
#     ./install.sh               install, or update an earlier install
#     ./install.sh --uninstall   take out everything the install put in
set -eu

here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
bin="$HOME/.local/bin"
partial="$bin/.2048.partial"

case "${1-}" in
"")
    mkdir -p "$bin"
    trap 'rm -f "$partial"' EXIT
    cp "$here/2048" "$partial"
    chmod 755 "$partial"
    mv -f "$partial" "$bin/2048" # whole or not at all; a game still running keeps its file
    echo "Copied the game to $bin/2048"
    "$bin/2048" --install-desktop-entry
    ;;
--uninstall)
    game="$bin/2048"
    [ -x "$game" ] || game="$here/2048" # the copy here knows the same files
    "$game" --uninstall-desktop-entry
    if [ -e "$bin/2048" ]; then
        rm -f "$bin/2048"
        echo "Removed $bin/2048"
    fi
    rmdir "$bin" 2>/dev/null || true # the install may have made it: gone if nothing else is in it
    ;;
*)
    echo "usage: $0 [--uninstall]" >&2
    exit 2
    ;;
esac
