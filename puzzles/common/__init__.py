"""What the daily puzzles of every game share: dates, the archive's files and the cache,
difficulty from a greedy player's gap, the share line.  It imports neither game (checked by
``lint-imports``): each game's daily (``puzzles`` for Between Two Cities, ``puzzles.usa`` for
Cities USA) builds on it.
"""
