"""The statistics as pictures: the figures of one board size read from the kept games
(figures.py, pure), on a thread of their own so that no frame waits for them (reading.py)."""
