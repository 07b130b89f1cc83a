"""A kept game in a file of its own (R22): the file's format and the import's checks
(shared_file.py), exporting and importing as a player does it, off the frame (transfer.py),
the files handed over at once, read one at a time (import_queue.py), and a file opened while
the game runs, handed from the second start to the running copy (inbox.py).
"""
