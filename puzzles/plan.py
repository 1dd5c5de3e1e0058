"""The calendar: which kind of puzzle each weekday gets, and the generator's version.

A puzzle is a pure function of (date, ``GENERATOR_VERSION``); its candidates, of (date,
``DRAW_VERSION``).  Monday is the easiest day and Sunday the hardest: the plan grows the
choice (extra tiles), takes away freedom (tiles already built) and finally asks for two
cities at once.

>>> from puzzles.common.days import parse_date
>>> plan_for(parse_date("2026-12-07")).kind        # a Monday
'complete'
>>> plan_for(parse_date("2026-12-13")).kind        # a Sunday
'pair'
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

#: Bump when anything changes what a date generates (draws, kinds, budgets, rating, or
#: which candidates the prover proves within the budget).
GENERATOR_VERSION = "12"
#: The draws' seed (``draw.rng_for``): bumped only when what a draw deals changes.  A prover
#: that proves more keeps every date's candidates, so a date changes only where a candidate
#: once passed over is now proven (and its earlier candidates are published sooner).
DRAW_VERSION = "8"

KINDS = ("full", "choose", "complete", "pair")
KIND_TEXT = {
    "full": "build a city from exactly the tiles it takes",
    "choose": "choose the best tiles from a larger pool",
    "complete": "complete a city already part-built",
    "pair": "build two cities from one pool; your score is the lower one",
}


@dataclass(frozen=True)
class DayPlan:
    """What a weekday's puzzle looks like before any tile is drawn."""

    kind: str
    extra_singles: int = 0  # tiles in the pool beyond what the city takes
    extra_duplexes: int = 0
    fixed: int = 0  # single tiles already built (kind "complete")
    fixed_duplexes: int = 0  # duplexes already built too (the city after round 2)
    districts: bool = True


#: Monday to Sunday, easiest first: each day leaves more to decide than the day before.
#: Fewer tiles already built (8 singles and both duplexes, then 8, 6, 4 singles), then none,
#: then tiles to leave out, then two cities.  A wider choice than two spare singles, or spare
#: duplexes, is rarely proven within the budget (measured in the README), so it is not planned.
WEEK: tuple[DayPlan, ...] = (
    DayPlan("complete", fixed=8, fixed_duplexes=2, districts=False),  # after round 2
    DayPlan("complete", fixed=8),  # the city after round 1
    DayPlan("complete", fixed=6),
    DayPlan("complete", fixed=4),
    DayPlan("full"),
    DayPlan("choose", extra_singles=2),
    DayPlan("pair"),
)
#: Candidates drawn with each plan: first the weekday's own plan, then each further pair of
#: candidates steps one day back in the week (an easier kind), so a date always gets a proven
#: puzzle.  Two tries per plan publish the day's own kind more often; ``cities daily`` proves
#: the two at the same time on a 2-core machine (``puzzles.generate``), so they cost about
#: the wall time of one.
TRIES_PER_PLAN = 2


def plan_for(date: dt.date, attempt: int = 0) -> DayPlan:
    """The plan of candidate number ``attempt`` for ``date``."""
    level = date.weekday() - attempt // TRIES_PER_PLAN
    return WEEK[max(level, 0)]
