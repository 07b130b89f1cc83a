"""The project's own id, one home for it.

APP_ID is the reverse-DNS id of this game, its name wherever a system must tell it from every
other program (and from every other 2048): the folders that keep its files (game/storage/
folders.py), the Linux desktop entry and its icons, the macOS bundle, and the AppStream
component. Never change it lightly: a new id is a new set of folders, which a player's files
would have to move to.
"""

APP_ID = "io.github.desktop2048.Desktop2048"
