"""Difficulty from measurement: how far the greedy builder (``solver.usa.rules.greedy``) lands
below the proven optimum.  Both numbers are exact (a proof and a deterministic builder), so the
rating never depends on how fast the solver is or how many cores it had.

>>> rate_usa(optimum=30, greedy=29).rating
1
>>> rate_usa(optimum=30, greedy=15).label
'medium'
>>> rate_usa(optimum=30, greedy=5).label
'fiendish'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from puzzles.common.difficulty import LABELS, GreedyGap, gap_percent
from solver.common.errors import CitiesError

#: Greedy gap (percent below the optimum) at which each rating above 1 starts: the quintiles
#: of the shipped 3x3 archive's gaps, rounded, so its ratings spread about evenly (docs/daily.md,
#: "Cities USA").
USA_GAP_STEPS = (25, 40, 60, 80)


@dataclass(frozen=True)
class UsaDifficulty(GreedyGap):
    """A 1-5 rating and the measurement it comes from (the greedy builder's gap)."""

    def describe(self) -> str:
        return (f"{self.stars} {self.rating}/5 {self.label}: a greedy builder scores "
                f"{self.greedy}, {self.gap_percent}% below the optimum")

    def to_json(self) -> dict[str, Any]:
        return {"rating": self.rating, "label": self.label, "greedy_score": self.greedy,
                "greedy_gap_percent": self.gap_percent}


def rate_usa(optimum: int, greedy: int) -> UsaDifficulty:
    """Rate a proven puzzle by the greedy builder's gap below the optimum."""
    if optimum <= 0:
        raise ValueError(f"a puzzle's optimum must be positive, not {optimum}")
    gap = gap_percent(optimum, greedy)
    rating = 1 + sum(gap >= step for step in USA_GAP_STEPS)
    return UsaDifficulty(rating, greedy, gap)


def usa_difficulty_from_json(data: Any, where: str = "difficulty") -> UsaDifficulty:
    if not isinstance(data, dict):
        raise CitiesError("expected an object", field=where)
    try:
        rating, greedy, gap = (data[k] for k in ("rating", "greedy_score", "greedy_gap_percent"))
    except KeyError as err:
        raise CitiesError(f"missing {err}", field=where) from None
    if not all(type(v) is int for v in (rating, greedy, gap)) or not 1 <= rating <= len(LABELS):
        raise CitiesError("expected whole numbers and a rating 1-5", field=where)
    return UsaDifficulty(rating, greedy, gap)
