"""The proof behind a puzzle: its optimum, proven, and whether one layout or several reach it.

A pair's layouts are counted too, but a pair whose count does not conclude within its budget
is still published with its optimum proven and its layouts ``"not counted"``: the count is a
second, harder solve (the found pair excluded), and the optimum does not depend on it.

The proof must not depend on the machine: the solver runs on one worker with a deterministic
time limit (CP-SAT's own measure of work), so a candidate is accepted or rejected the same way
everywhere and every run.  The wall-clock limit is only a safety net far above it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from puzzles.difficulty import NOT_COUNTED
from solver.common.status import Progress, Status
from solver.twocities.game.city import City
from solver.twocities.game.pool import Pool

#: Deterministic-time budgets (CP-SAT work units; about 1-3 s each on the 2-core machine).
PROOF_BUDGET = 10.0
LAYOUT_BUDGET = 5.0
#: Wall-clock safety net: far above the deterministic budget, so it never decides.
WALL_LIMIT = 3600.0



@dataclass(frozen=True)
class Proof:
    """A proven optimum and one city (or pair) reaching it."""

    optimum: int  # the player's score: the city's total, or the lower of two cities
    city_scores: tuple[int, ...]
    cities: tuple[City, ...]
    layouts: str  # "one", "several", or (a pair only) "not counted"


def _solve(pool: Pool, budget: float, progress: Progress | None, **kw: Any) -> Any:
    from solver.twocities.cpsat import solve_pair, solve_pool

    solve = solve_pair if pool.cities == 2 else solve_pool
    return solve(pool, time_limit=WALL_LIMIT, workers=1, deterministic_time=budget,
                 progress=progress, **kw)


def prove(pool: Pool, progress: Progress | None = None) -> Proof | None:
    """Prove the pool's optimum and count its optimal layouts; None if not within budget."""
    first = _solve(pool, PROOF_BUDGET, progress)
    # the player's score proven: a city's optimum, or a pair's lower city (the higher only
    # breaks a tie between players, and a puzzle has one player)
    if not (first.status == Status.OPTIMAL or (pool.cities == 2 and first.lower_proven)):
        return None
    results = tuple(first.cities) if pool.cities == 2 else (first,)
    cities = tuple(r.city for r in results)
    # Solve again with the optimal city excluded: another city at the optimum means several
    # layouts; a proof that there is none means exactly one.
    second = _solve(pool, LAYOUT_BUDGET, progress,
                    exclude=cities if pool.cities == 1 else (cities,), min_score=first.score)
    if second.status.found and second.score >= first.score:
        layouts = "several"
    elif second.status == Status.INFEASIBLE:
        layouts = "one"
    elif pool.cities == 2:
        layouts = NOT_COUNTED  # the optimum stands; the count is left honest, not guessed
    else:
        return None
    return Proof(first.score, tuple(r.score for r in results), cities, layouts)
