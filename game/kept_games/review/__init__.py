"""The review of a kept game (R23): the grades (grades.py) and grading (grading.py), the four
mistakes (mistakes.py), what a flagged move cost (costs.py), and the review's work beside the
game (job.py, batches.py).
"""
