"""Caps: the most each scoring category can reach on its own, a proven bound for the whole.

A city's total is the sum of its categories, so the sum of each category's own maximum bounds
it.  Each cap is a small solve (the city's placement rules plus one category), and it is often
far tighter than the full model's linear relaxation.  A cap is a bound whatever the cap's
solve status, so a solve cut short still gives one (its proven bound).  The districts' cap is
counted from the tiles instead (``district_cap``): a bound too, free, and on every standard
pool measured the same figure.  For a city that takes every tile, ``cpsat.model.values`` counts a
bound for every category the same way; the solved caps can only lower it.

>>> from solver.twocities.game.pool import pool_from_json
>>> pool = pool_from_json({"variant": "beginner", "tiles": ["P"] * 12 + ["P|P", "P/P"]})
>>> category_caps(pool, workers=1)["park"]
25
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from ortools.sat.python import cp_model

from solver.common.sat import configure, whole
from solver.twocities.cpsat.model import build_model
from solver.twocities.cpsat.model.values import CityValues, city_values, district_values
from solver.twocities.cpsat.settings import DEFAULT_SETTINGS, ProofSettings
from solver.twocities.game.pool import Pool
from solver.twocities.game.vocab import (
    CATEGORIES,
    CIVIC,
    DISTRICT,
    FACTORY,
    HOUSE,
    OFFICE,
    PARK,
    SHOP,
    TAVERN,
)

#: Limits for one category's solve: wall-clock seconds, and CP-SAT's deterministic work units
#: when the caller asks for determinism (a daily puzzle must not depend on the machine).
CAP_SECONDS = 2.0
CAP_WORK = 1.0
#: The smallest square where the caps pay for their own solves (see ``caps_pay``).
CAPS_FROM_SIZE = 5


def category_cap(pool: Pool, category: str, *, time_limit: float = CAP_SECONDS,
                 deterministic: bool = False,
                 register: Callable[[cp_model.CpSolver], None] | None = None) -> int | None:
    """The most ``category`` scores in any city the pool can make (None: no bound found,
    or no city at all).  ``register`` is handed the solver before it starts (so another
    thread may stop it)."""
    cm = build_model(pool, categories=(category,))
    points = cm.points[0][category]
    if isinstance(points, int):
        return points
    cm.model.Maximize(points)
    solver = cp_model.CpSolver()
    configure(solver.parameters, time_limit, 1, CAP_WORK if deterministic else None)
    if register is not None:
        register(solver)
    code = solver.Solve(cm.model)
    if code not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return whole(solver.BestObjectiveBound())


#: The categories whose caps are solved, slowest first (civics and parks take several times
#: the others' solves), so the longest starts at once and the others share the remaining
#: workers beside it.  Factories and taverns
#: score a constant in a city that takes every tile (their "solve" is no solve), districts
#: are counted.
SOLVED = (CIVIC, PARK, SHOP, OFFICE, HOUSE, FACTORY, TAVERN)
assert sorted((*SOLVED, DISTRICT)) == sorted(CATEGORIES)


def district_cap(pool: Pool) -> int:
    """A bound on the districts' points from tile counts alone: a district's region holds at
    most every tile of its types in the pool (fixed tiles included), and earns at most the
    best its points table pays for any size up to that.

    It ignores where tiles can go, so it can exceed the most the districts really score; on
    all 50 standard pools of the benchmark it equalled the solved cap, and it costs nothing
    where that solve took 0.15-2 s.  The values are ``values.district_values``, the descent's own.

    >>> from solver.twocities.game.pool import pool_from_json
    >>> pool = pool_from_json({"mat": "lake", "tiles": ["P"] * 16 + ["P|P", "P/P"],
    ...     "context": {"districts": [{"types": ["park", "shop"], "points": [9, 3],
    ...                                "rivals": [7]}]}})
    >>> district_cap(pool)
    9
    """
    count = Counter(b.type for b in pool.buildings)
    return sum(max(district_values(d, count, pool.rules)) for d in pool.context.districts)


def category_caps(pool: Pool, *, workers: int = 2, time_limit: float = CAP_SECONDS,
                  deterministic: bool = False) -> dict[str, int]:
    """Each category's cap for the pool's one city, solved ``workers`` at a time (the
    districts' cap counted, ``district_cap``)."""
    with ThreadPoolExecutor(max_workers=max(1, workers)) as pool_of_threads:
        found: dict[str, int | None] = dict(zip(SOLVED, pool_of_threads.map(
            lambda name: category_cap(pool, name, time_limit=time_limit,
                                      deterministic=deterministic), SOLVED), strict=True))
    found[DISTRICT] = district_cap(pool)
    return {name: cap for name in CATEGORIES if (cap := found[name]) is not None}


#: The most buildings next to one building (its four sides), so the most offices next to a
#: tavern is four a tavern.
SIDES = 4


def solved_caps(pool: Pool, register: Callable[[cp_model.CpSolver], None],
                time_limit: float = CAP_SECONDS, values: CityValues | None = None,
                settings: ProofSettings = DEFAULT_SETTINGS) -> dict[str, int]:
    """The caps of ``settings.refined`` that may fall below their counted cap (``may_fall``), one
    after another on this thread, each solver handed to ``register`` first
    (``cpsat.city.descent`` runs this beside its first checks).  Any subset of the caps is a
    bound; these are the ones that pay for their solve.  ``values``: the pool's city's
    (``city_values``), when the caller holds them; ``settings``: whether ``may_fall`` decides
    (``ProofSettings.shops_where_they_may_fall`` and ``offices_where_they_may_fall``)."""
    values = values or city_values(pool)
    found = {name: category_cap(pool, name, time_limit=time_limit, register=register)
             for name in settings.refined if may_fall(name, pool, values, settings)}
    return {name: cap for name, cap in found.items() if cap is not None}


def may_fall(name: str, pool: Pool, values: CityValues,
             settings: ProofSettings = DEFAULT_SETTINGS) -> bool:
    """Whether ``name``'s solved cap may fall below its counted cap (``values``, the pool's
    city's), where a cap depends on where the tiles go rather than on their counts alone:

    - the shops': where every way to score the counted cap takes a straight set as long as
      the city's side (a whole row or column, which the mat's landscape and the other tiles
      may leave no room for).  On the 50 standard pools it fell on 3 of the 6 pools whose
      counted cap takes a set of five (20 to 17), on none of the other 44;
    - the offices': where the offices outnumber ``SIDES`` a tavern, so not every office can
      be next to one, as the counted cap has it.  On the 50 standard pools it fell on the
      one such pool (5 offices, 1 tavern: 20 to 19), on none of the other 49.

    Elsewhere the solves held the refining thread back from the checks for nothing
    (``bench/bench_caps.py --refined``).  Any other category, or one whose ``settings``
    say every pool: always.

    >>> from solver.twocities.game.pool import pool_from_json
    >>> def both(tiles: list[str]) -> tuple[bool, bool]:
    ...     pool = pool_from_json({"mat": "lake", "tiles": tiles})
    ...     return may_fall(SHOP, pool, city_values(pool)), may_fall(OFFICE, pool,
    ...                                                             city_values(pool))
    >>> both(["S"] * 4 + ["O"] * 5 + ["Tf"] + ["P"] * 6 + ["S|S", "O|H"])  # 6 shops, 6 offices
    (True, True)
    >>> both(["S"] * 3 + ["O"] * 3 + ["Tf"] * 2 + ["P"] * 8 + ["S/F", "O|H"])  # 4 and 4
    (False, False)
    """
    if name == SHOP and settings.shops_where_they_may_fall:
        cap = max(values.values[SHOP])
        return all(any(parts[pool.rules.size - 1:])
                   for parts in values.rows[SHOP].get(cap, ((),)))
    if name == OFFICE and settings.offices_where_they_may_fall:
        count = Counter(b.type for b in pool.buildings)
        return 0 < count[TAVERN] * SIDES < count[OFFICE]
    return True


def caps_pay(pool: Pool) -> bool:
    """Whether category caps are worth their time for the full solve alone (without the
    descent, which always uses them; measured with ``bench/bench_solver.py --baseline``): in
    a 5x5 city that takes every tile.  When the city chooses its tiles, the categories trade
    tiles and the caps are 50+ points loose; a 4x4 beginner city proves in a fifth of a
    second, and the caps' own solves would double it.

    >>> from solver.twocities.game.pool import pool_from_json
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
