"""Difficulty from a greedy player's gap below the proven optimum, as both games rate it: a
1-5 rating, its label and stars.  Each game sets its own steps and adds what it measures
(``puzzles.difficulty``, ``puzzles.usa.difficulty``).

>>> gap_percent(optimum=80, greedy=68)
15
>>> GreedyGap(rating=2, greedy=68, gap_percent=15).label, stars(2)
('easy', '★★☆☆☆')
"""

from __future__ import annotations

from dataclasses import dataclass

LABELS = ("gentle", "easy", "medium", "hard", "fiendish")


def stars(rating: int) -> str:
    """A 1-5 rating as five stars: ``stars(2) == "★★☆☆☆"``."""
    return "★" * rating + "☆" * (len(LABELS) - rating)


def gap_percent(optimum: int, greedy: int) -> int:
    """How far (percent of the optimum, rounded) a greedy score lies below the optimum."""
    if greedy > optimum:
        raise ValueError(f"greedy score {greedy} above the proven optimum {optimum}")
    return round(100 * (optimum - greedy) / optimum) if optimum else 0


@dataclass(frozen=True)
class GreedyGap:
    """A 1-5 rating measured by a greedy player's gap below the optimum (both games)."""

    rating: int
    greedy: int  # the greedy player's score
    gap_percent: int  # how far (percent of the optimum) the greedy score lies below it

    @property
    def label(self) -> str:
        return LABELS[self.rating - 1]

    @property
    def stars(self) -> str:
        return stars(self.rating)
