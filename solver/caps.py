"""Caps: the most each scoring category can reach on its own, a proven bound for the whole.

A city's total is the sum of its categories, so the sum of each category's own maximum bounds
it.  Each cap is a small solve (the city's placement rules plus one category), and it is often
far tighter than the full model's linear relaxation: the full solve, given ``points[k] <=
cap[k]``, stops the moment a city reaches every cap at once.  A cap is a bound whatever the
cap's solve status, so a solve cut short still gives one (its proven bound).  The districts'
cap is counted from the tiles instead (``district_cap``): a bound too, free, and on every
standard pool measured the same figure.

>>> from solver.pool import pool_from_json
>>> pool = pool_from_json({"variant": "beginner", "tiles": ["P"] * 12 + ["P|P", "P/P"]})
>>> category_caps(pool, workers=1)["park"]
25
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from ortools.sat.python import cp_model

from solver.model import build_model
from solver.pool import Pool
from solver.sat import configure, whole
from solver.scoring import district_points
from solver.vocab import CATEGORIES, CIVIC, DISTRICT, FACTORY, HOUSE, OFFICE, PARK, SHOP, TAVERN

#: Limits for one category's solve: wall-clock seconds, and CP-SAT's deterministic work units
#: when the caller asks for determinism (a daily puzzle must not depend on the machine).
CAP_SECONDS = 2.0
CAP_WORK = 1.0
#: The smallest square where the caps pay for their own solves (see ``caps_pay``).
CAPS_FROM_SIZE = 5


def category_cap(pool: Pool, category: str, *, time_limit: float = CAP_SECONDS,
                 deterministic: bool = False) -> int | None:
    """The most ``category`` scores in any city the pool can make (None: no bound found,
    or no city at all)."""
    cm = build_model(pool, categories=(category,))
    points = cm.points[0][category]
    if isinstance(points, int):
        return points
    cm.model.Maximize(points)
    solver = cp_model.CpSolver()
    configure(solver.parameters, time_limit, 1, CAP_WORK if deterministic else None)
    code = solver.Solve(cm.model)
    if code not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return whole(solver.BestObjectiveBound())


#: The categories' cap solves, slowest first (measured on 10 standard pools: districts 0.2-2 s,
#: civics about 0.35 s, parks 0.17 s, the rest under 0.1 s), so the longest starts at once
#: and the others share the remaining workers beside it.
SLOWEST_FIRST = (DISTRICT, CIVIC, PARK, SHOP, OFFICE, HOUSE, FACTORY, TAVERN)
assert sorted(SLOWEST_FIRST) == sorted(CATEGORIES)


def district_cap(pool: Pool) -> int:
    """A bound on the districts' points from tile counts alone: a district's region holds at
    most every tile of its types in the pool (fixed tiles included), and earns at most the
    best its points table pays for any size up to that.

    It ignores where tiles can go, so it can exceed the most the districts really score; on
    all 50 standard pools of the benchmark it equalled the solved cap, and it costs nothing
    where that solve took 0.15-2 s.

    >>> from solver.pool import pool_from_json
    >>> pool = pool_from_json({"mat": "lake", "tiles": ["P"] * 16 + ["P|P", "P/P"],
    ...     "context": {"districts": [{"types": ["park", "shop"], "points": [9, 3],
    ...                                "rivals": [7]}]}})
    >>> district_cap(pool)
    9
    """
    cells = pool.rules.size * pool.rules.size
    total = 0
    for district in pool.context.districts:
        most = min(cells, sum(b.type in district.types for b in pool.buildings))
        total += max(district_points(size, district.rivals, district.points)
                     for size in range(most + 1))
    return total


def category_caps(pool: Pool, *, workers: int = 2, time_limit: float = CAP_SECONDS,
                  deterministic: bool = False) -> dict[str, int]:
    """Each category's cap for the pool's one city, solved ``workers`` at a time.

    The districts' cap is counted (``district_cap``) instead of solved, except for a
    deterministic solve: the daily puzzles' proofs keep the solved cap, so the shipped
    archive still regenerates exactly.
    """
    solved = SLOWEST_FIRST if deterministic else tuple(n for n in SLOWEST_FIRST
                                                       if n != DISTRICT)
    with ThreadPoolExecutor(max_workers=max(1, workers)) as pool_of_threads:
        found: dict[str, int | None] = dict(zip(solved, pool_of_threads.map(
            lambda name: category_cap(pool, name, time_limit=time_limit,
                                      deterministic=deterministic), solved), strict=True))
    if not deterministic:
        found[DISTRICT] = district_cap(pool)
    return {name: cap for name in CATEGORIES if (cap := found[name]) is not None}


def caps_pay(pool: Pool) -> bool:
    """Whether category caps are worth their time for the full solve (measured with
    ``bench/bench_solver.py --baseline``): in a 5x5 city that takes every tile.  When the
    city chooses its tiles, the categories trade tiles and the caps are 50+ points loose; a
    4x4 beginner city proves in a fifth of a second, and the caps' own solves would double it.

    >>> from solver.pool import pool_from_json
    >>> caps_pay(pool_from_json({"variant": "beginner", "tiles": ["P"] * 12 + ["P|P", "P/P"]}))
    False
    """
    return pool.uses_all and pool.rules.size >= CAPS_FROM_SIZE


def caps_within(pool: Pool, workers: int, time_limit: float | None,
                deterministic_time: float | None) -> dict[str, int]:
    """Category caps within a tenth of the time limit (deterministic work units when the
    caller needs a machine-independent answer; the wall clock is then only a safety net)."""
    if deterministic_time is not None:
        return category_caps(pool, workers=workers, time_limit=time_limit or 3600.0,
                             deterministic=True)
    return category_caps(pool, workers=workers,
                         time_limit=min(CAP_SECONDS, (time_limit or 60.0) / 10))
