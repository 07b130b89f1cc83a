"""The kept games' database (R22): the store (store.py, the Archive), its schema and rows
(schema.py), its write-ahead log's check (wal.py), its writer and integrity threads
(threads.py), and the recorder that keeps the session's every move in it (recorder.py).
"""
