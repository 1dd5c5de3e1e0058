"""What every daily puzzle's grade shares, whatever the game: the percentage of the optimum
and the share line's head.

>>> percent_of(73, 80)
91
>>> share_head("Cities USA", "2026-12-01", "★★☆☆☆", 25, 25, legal=True)
'Cities USA daily 2026-12-01 (★★☆☆☆): 25/25 (100%) 🏆'
"""

from __future__ import annotations


def percent_of(score: int, optimum: int) -> int:
    """The score as a percentage of the optimum, rounded down."""
    return 100 * score // optimum if optimum else 0


def share_head(game: str, date: str, detail: str, score: int, optimum: int, *,
               legal: bool) -> str:
    """The share line's first line: game, date, detail (kind, stars), score/optimum, percent,
    and a trophy for a legal answer at the optimum."""
    mark = " 🏆" if legal and score >= optimum else ""
    percent = percent_of(score, optimum)
    return f"{game} daily {date} ({detail}): {score}/{optimum} ({percent}%){mark}"
