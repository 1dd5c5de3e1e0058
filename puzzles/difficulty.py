"""Difficulty from measurement: how far a greedy player lands below the optimum, and whether
only one layout reaches it.

>>> rate(optimum=80, greedy=76, layouts="several").rating
1
>>> rate(optimum=80, greedy=60, layouts="one").label
'fiendish'

A pair's layouts may be left uncounted (the count did not conclude within its budget); the
rating then rests on the greedy gap alone, never on a guess:

>>> rate(optimum=80, greedy=68, layouts=NOT_COUNTED).label
'hard'
>>> layouts_text(NOT_COUNTED)
'optimal layouts not counted'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from puzzles.common.difficulty import LABELS, GreedyGap, gap_percent
from solver.common.errors import CitiesError

#: Greedy gap (percent below the optimum) at which each rating above 1 starts.
GAP_STEPS = (6, 10, 14, 19)
#: A pair puzzle whose layouts were not counted within budget (see ``puzzles.prove``).
NOT_COUNTED = "not counted"
LAYOUTS = ("one", "several", NOT_COUNTED)
_LAYOUTS_TEXT = {"one": "a single optimal layout", "several": "several optimal layouts",
                 NOT_COUNTED: "optimal layouts not counted"}


def layouts_text(layouts: str) -> str:
    """How many layouts reach the optimum, in words."""
    return _LAYOUTS_TEXT[layouts]


@dataclass(frozen=True)
class Difficulty(GreedyGap):
    """A 1-5 rating and the measurements it comes from."""

    layouts: str  # how many optimal layouts: "one", "several" or "not counted"

    def describe(self) -> str:
        layouts = layouts_text(self.layouts)
        return (f"{self.stars} {self.rating}/5 {self.label}: a greedy player scores {self.greedy}, "
                f"{self.gap_percent}% below the optimum; {layouts}")

    def to_json(self) -> dict[str, Any]:
        return {"rating": self.rating, "label": self.label, "greedy_score": self.greedy,
                "greedy_gap_percent": self.gap_percent, "optimal_layouts": self.layouts}


def rate(optimum: int, greedy: int, layouts: str) -> Difficulty:
    """Rate a proven puzzle: the greedy gap sets the level; a proven unique optimum adds one."""
    gap = gap_percent(optimum, greedy)
    rating = 1 + sum(gap >= step for step in GAP_STEPS) + (layouts == "one")
    return Difficulty(min(rating, len(LABELS)), greedy, gap, layouts)


def difficulty_from_json(data: Any, where: str = "difficulty") -> Difficulty:
    if not isinstance(data, dict):
        raise CitiesError("expected an object", field=where)
    try:
        rating, greedy, gap = (int(data[k]) for k in
                               ("rating", "greedy_score", "greedy_gap_percent"))
        layouts = str(data["optimal_layouts"])
    except (KeyError, TypeError, ValueError) as err:
        raise CitiesError(f"missing or bad {err}", field=where) from None
    if layouts not in LAYOUTS or not 1 <= rating <= len(LABELS):
        raise CitiesError("bad rating or optimal_layouts", field=where)
    return Difficulty(rating, greedy, gap, layouts)
