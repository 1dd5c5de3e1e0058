"""Districts rank a pair's two cities against each other: a bound on a split by who leads.

Each city of a split solved alone (``cpsat.pair.descent``) ranks only against the rivals, so
both may count first place in the same district, which no pair can: in each district one
city's region is larger than the other's, or the two are the same size.  A city whose region
is the same size shares first place at best; a smaller one comes second at best.  For every
way to say how the two cities stand in each district, each city is solved with each
district's points table lowered to what its standing can pay (``standing_district``); a
split is refuted at a score when, in every case, one of its cities cannot reach it.

>>> from solver.twocities.game.city import District
>>> district = District(frozenset({"shop", "park"}), (9, 3), (4,))
>>> [standing_district(district, 25, s).points for s in (AHEAD, LEVEL, BEHIND)]
[(9, 3), (6, 3), (3, 3)]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from itertools import product

from solver.twocities.game.city import Context, District
from solver.twocities.scoring.categories import district_points

#: A city's standing in one district against the other city: its region larger, the same
#: size, or smaller.
AHEAD, LEVEL, BEHIND = 0, 1, 2
#: One city's best score with the given standings, one per contested district (an upper
#: bound when unproven); below the score asked for when it cannot reach it.
Reach = Callable[[int, tuple[int, ...]], int]


def standing_district(district: District, top: int, standing: int) -> District | None:
    """The district as a city of this standing scores it, at most: its points table lowered
    (LEVEL: first place pays what a tie with a region of the city's own size pays; BEHIND:
    both places pay second's points), checked against every size and every size of the
    other city's region that standing allows.  None: no lower table found."""
    p0, p1 = district.points
    if standing == AHEAD:
        return district
    if standing == LEVEL:
        first = max((district_points(s, [*district.rivals, s], district.points)
                     for s in range(1, top + 1)), default=0)
        points = (max(first, p1), p1)
    else:
        points = (p1, p1)
    if points[0] >= p0:
        return None
    for s in range(top + 1):
        paid = district_points(s, district.rivals, points)
        others = [s] if standing == LEVEL else range(s + 1, top + 1)
        if any(district_points(s, [*district.rivals, x], district.points) > paid
               for x in others):
            return None  # this table does not bound the city everywhere
    return replace(district, points=points)


def standing_context(context: Context, districts: list[int], standings: tuple[int, ...],
                     top: int) -> Context:
    """``context`` with each contested district (``districts``) at its standing."""
    by_index = dict(zip(districts, standings, strict=True))
    return replace(context, districts=tuple(
        standing_district(d, top, by_index[i]) or d if i in by_index else d
        for i, d in enumerate(context.districts)))


def contested(context: Context, top: int) -> list[int]:
    """The districts where a lower standing lowers what a city can score."""
    return [i for i, d in enumerate(context.districts)
            if all(standing_district(d, top, s) is not None for s in (LEVEL, BEHIND))]


#: Each district's two standings, the first city's and the second's.
CASES = ((AHEAD, BEHIND), (LEVEL, LEVEL), (BEHIND, AHEAD))


def refuted(reach: Reach, count: int, low: int, high: int | None,
            free: Reach | None = None, found: Reach | None = None
            ) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """No pair of the split has both cities at ``low`` or more (and one at ``high`` or more,
    or both above ``low``, when ``high`` is given), whatever each city's standing in each of
    the ``count`` contested districts: None, else a case where both cities can make it (each
    city's standings).  ``reach(i, standings)``: city ``i``'s best at those standings (a
    solve); ``free(i, standings)``: a bound on it known without one (the counted caps);
    ``found(i, standings)``: what a city already known scores there (None: none known),
    which spares the solve of a city that makes ``low`` where no ``high`` is asked.

    A city standing lower in a district never scores more, so a city that falls short at
    some standings falls short at every lower one: one solve can settle many cases.  The
    cases still open are settled a solve at a time, each time the city and standings
    likeliest to fail (the least room above ``low``), and among those the ones whose
    failure settles the most open cases (the highest standings): asked in the cases'
    order instead, a city was solved at three standings one below the other, each failing
    in turn, where the highest alone settles all three."""
    known: dict[tuple[int, tuple[int, ...]], int] = {}
    counted: dict[tuple[int, tuple[int, ...]], int | None] = {}

    def most(i: int, standings: tuple[int, ...]) -> int | None:
        """The least bound known of a case standing nowhere lower than ``standings``."""
        bounds = [v for (j, st), v in known.items() if j == i and _above(st, standings)]
        if free is not None:
            if (i, standings) not in counted:
                counted[(i, standings)] = free(i, standings)
            if counted[(i, standings)] is not None:
                bounds.append(counted[(i, standings)])  # type: ignore[arg-type]
        return min(bounds) if bounds else None

    witnessed: dict[tuple[int, tuple[int, ...]], bool] = {}

    def makes(i: int, standings: tuple[int, ...]) -> bool:
        """Solved, or a city known to make ``low`` there (no ``high`` asked)."""
        if (i, standings) in known:
            return True
        if found is None or high is not None:
            return False
        if (i, standings) not in witnessed:
            score = found(i, standings)
            witnessed[(i, standings)] = score is not None and score >= low
        return witnessed[(i, standings)]

    open_cases = [(tuple(c[0] for c in case), tuple(c[1] for c in case))
                  for case in product(CASES, repeat=count)]
    while True:
        left = []
        for case in open_cases:
            if not _may_beat([most(i, st) for i, st in enumerate(case)], low, high):
                continue  # one city falls short
            if all(makes(i, st) for i, st in enumerate(case)):
                return case  # both cities can make it in this case
            left.append(case)
        if not left:
            return None
        open_cases = left
        sides = {(i, case[i]) for case in left for i in (0, 1) if not makes(i, case[i])}
        side = min(sides, key=lambda s: (_room(most(*s), low),
                                         -sum(_above(s[1], case[s[0]]) for case in left), s))
        known[side] = reach(*side)


def _room(bound: int | None, low: int) -> float:
    """How far a city's bound lies above ``low`` (unknown: as far as can be)."""
    return float("inf") if bound is None else bound - low


def _above(better: tuple[int, ...], standings: tuple[int, ...]) -> bool:
    """Standing nowhere lower than ``standings`` in any district."""
    return all(a <= b for a, b in zip(better, standings, strict=True))


def _may_beat(scores: list[int | None], low: int, high: int | None) -> bool:
    """Cities with at most these scores (None: unknown) may have both at ``low`` or more and
    either one at ``high`` or more, or both above ``low``."""
    if any(s is not None and s < low for s in scores):
        return False
    if high is None or any(s is None for s in scores):
        return True
    return max(scores) >= high or min(scores) > low  # type: ignore[type-var]
