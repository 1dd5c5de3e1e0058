"""Solve a pool: the best city its tiles can make, with a proof (a pair: ``cpsat.pair.solve``).

``solve_pool`` proves by descent through exact scores (``cpsat.city.descent``), and gives what is
left of the time to the full model (``cpsat.model.fullmodel``).  It reads the city back, and checks
the answer twice: the scorer re-scores it (a mismatch with the model is a bug and raises
``ModelMismatch``) and ``order_problems`` confirms legal play can build it.  A layout that
legal play cannot build is excluded and the solve goes on, so a proof stays a proof.

>>> from solver.twocities.game.pool import pool_from_json
>>> pool = pool_from_json({"variant": "beginner", "tiles": ["P"] * 12 + ["P|P", "P/P"]})
>>> result = solve_pool(pool, time_limit=10, workers=1)
>>> result.status, result.score
(Status.OPTIMAL, 25)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from solver.common.errors import CitiesError
from solver.common.sat import Budget, whole
from solver.common.status import Progress, Status
from solver.twocities.cpsat.city.caps import CAP_SECONDS, caps_pay, caps_within, solved_caps
from solver.twocities.cpsat.city.compositions import TooManyCompositions
from solver.twocities.cpsat.city.descent import descend
from solver.twocities.cpsat.model import CityModel, build_model
from solver.twocities.cpsat.model.answers import Answer, exclude_layouts
from solver.twocities.cpsat.model.fullmodel import solve_model
from solver.twocities.cpsat.model.values import city_values
from solver.twocities.cpsat.settings import DEFAULT_SETTINGS, ProofSettings
from solver.twocities.game.city import City
from solver.twocities.game.pool import Placement, Pool
from solver.twocities.game.vocab import CATEGORIES
from solver.twocities.scoring.categories import Score

#: The descent's share of the time and work (``solve_pool``); the full solve gets the rest
#: when the descent has not settled (a standard pool's descent settles within seconds, so at
#: the usual 60 s the full solve seldom runs).
DESCENT_SHARE = 0.8


@dataclass(frozen=True)
class SolveResult:
    """The answer for one city: status, score, proven bound, time, and the city itself."""

    status: Status
    score: int | None
    bound: int | None
    seconds: float
    city: City | None
    placements: tuple[Placement, ...] = ()
    breakdown: Score | None = None

    @property
    def proven(self) -> bool:
        return self.status.proven

    def to_json(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "score": self.score,
            "bound": self.bound,
            "seconds": round(self.seconds, 3),
            "city": self.city.to_json() if self.city else None,
            "placements": [p.cells_json() for p in self.placements],
        }


def solve_pool(pool: Pool, *, time_limit: float | None = 60.0, workers: int = 2,
               deterministic_time: float | None = None, exclude: Sequence[City] = (),
               min_score: int | None = None, progress: Progress | None = None,
               caps: bool | None = None, descent: bool = True,
               settings: ProofSettings = DEFAULT_SETTINGS) -> SolveResult:
    """The best city the pool can make (``status`` says whether it is proven).

    A city that takes every tile of the pool is proven by descent (``cpsat.city.descent``): from
    the caps' sum down, one exact score per category at a time, which presolve turns into
    deductions a bound on the total never gives.  It gets ``DESCENT_SHARE`` of the budget;
    if it has not settled by then, the full solve (maximising the total under the caps and
    the descent's bound) takes the rest and the better answer counts.  ``descent=False``
    skips it (``bench/bench_solver.py --baseline`` measures what it gains).

    ``caps``: bound each category by its own maximum (``cpsat.city.caps``).  The descent always
    uses them; for the full solve alone, ``None`` (the default) uses them where they pay
    (``caps_pay``); True and False force them on or off (False also skips the descent).

    With two or more workers and no deterministic limit, the descent starts from the bound
    the tiles alone give (``CityValues.caps``) while one thread solves the shops' and offices'
    caps (``ProofSettings.refined``) beside its first checks.  One worker, or a deterministic limit,
    solves every cap first and runs one check at a time, so a reproducible solve stays
    reproducible.  ``settings``: how the proof searches (``ProofSettings``; the solver's own
    unless told).
    """
    if pool.cities != 1:
        raise CitiesError("the pool names two mats: solve it as a pair", field="mats")
    budget = Budget.start(time_limit, deterministic_time)
    if descent and caps is not False:
        return _by_descent(pool, budget, workers, exclude, min_score, progress, settings)
    use_caps = caps_pay(pool) if caps is None else caps
    found_caps = caps_within(pool, workers, time_limit, deterministic_time) if use_caps else {}
    ceiling = sum(found_caps.values()) if set(found_caps) == set(CATEGORIES) else None
    if ceiling is not None and min_score is not None and min_score > ceiling:
        return _result(Status.INFEASIBLE, None, [], budget)
    return _result(*_maximise(pool, found_caps, exclude, min_score, budget, workers, progress,
                              settings, ceiling=ceiling), budget)


def _by_descent(pool: Pool, budget: Budget, workers: int, exclude: Sequence[City],
                min_score: int | None, progress: Progress | None,
                settings: ProofSettings) -> SolveResult:
    """``solve_pool`` by descent: caps (and compositions, for a pool with tiles to choose),
    the descent, and the full solve only if the descent has not settled within its share."""
    sequential = workers <= 1 or budget.work is not None
    refine: Callable | None = None
    if pool.uses_all:
        values = city_values(pool)
        counted = values.caps()
        if sequential:  # the caps first, then one check at a time: reproducible
            found = caps_within(pool, 1, budget.seconds, budget.work)
        else:  # the caps solved on one thread beside the first checks
            found = {}
            limit = min(CAP_SECONDS, (budget.seconds or 60.0) / 10)

            def refine(register: Callable) -> dict[str, int]:
                return solved_caps(pool, register, limit, values, settings)
        start_caps = {k: min(v, found.get(k, v)) for k, v in counted.items()}
        if min_score is not None and min_score > sum(start_caps.values()):
            return _result(Status.INFEASIBLE, None, [], budget)
    else:
        # each composition has its own counted caps; the pool's solved caps are loose here
        # (categories trade tiles) and measured no help: 46/50 choose pools proven either
        # way, median 1.19 s with them against 1.01 s without
        start_caps = {}
    part = budget.share(DESCENT_SHARE)
    try:
        outcome = descend(pool, start_caps, part, 1 if sequential else workers,
                          exclude=exclude, min_score=min_score, progress=progress,
                          refine=refine, settings=settings)
    except TooManyCompositions:  # too much to choose from: the full solve alone
        return _result(*_maximise(pool, {}, exclude, min_score, budget, workers, progress,
                                  settings), budget)
    budget.spend(part.used)
    if outcome.status.proven or budget.exhausted():
        return _result(outcome.status, outcome.bound,
                       [outcome.best] if outcome.best else [], budget)
    # not settled in its share: maximise under the caps and the descent's bound
    status, bound, cities = _maximise(pool, outcome.caps, exclude, min_score, budget, workers,
                                      progress, settings, ceiling=outcome.bound)
    if outcome.bound is not None:
        bound = outcome.bound if bound is None else min(bound, outcome.bound)
    if outcome.best and (not cities or cities[0].score.total < outcome.best.score.total):
        cities = [outcome.best]
    if cities and bound is not None and cities[0].score.total >= bound:
        status = Status.OPTIMAL
    elif cities:
        status = Status.FEASIBLE
    return _result(status, bound, cities, budget)


def _result(status: Status, bound: int | None,
            cities: Sequence[Answer],
            budget: Budget) -> SolveResult:
    """The answer, timed from the budget's start (no city: score and city None)."""
    seconds = time.monotonic() - budget.began
    if not cities:
        return SolveResult(status, None, bound, seconds, None)
    (city, placements, breakdown), = cities
    return SolveResult(status, breakdown.total, bound, seconds, city, placements, breakdown)


def _maximise(pool: Pool, found_caps: dict[str, int], exclude: Sequence[City],
              min_score: int | None, budget: Budget, workers: int,
              progress: Progress | None, settings: ProofSettings, *,
              ceiling: int | None = None) -> tuple[Status, int | None, list[Answer]]:
    """The full solve: the pool's city maximising its total under ``_capped_model``'s
    constraints, within ``budget`` (status, bound, the city found)."""
    cm = _capped_model(pool, found_caps, exclude, min_score, ceiling=ceiling,
                       root_chain=settings.root_chain)
    status, bound, _, cities = solve_model(cm, pool, budget, workers, progress, whole)
    return status, bound, cities


def _capped_model(pool: Pool, found_caps: dict[str, int], exclude: Sequence[City],
                  min_score: int | None, *, ceiling: int | None = None,
                  root_chain: bool = True) -> CityModel:
    """The model of the pool's city maximising its total: each capped category at most its
    cap, the total at most ``ceiling``, at least ``min_score``, and every city of
    ``exclude`` ruled out."""
    cm = build_model(pool, root_chain=root_chain)
    total = cm.total(0)
    for name, cap in found_caps.items():
        points = cm.points[0][name]
        if not isinstance(points, int):
            cm.model.Add(points <= cap)
    if ceiling is not None:
        cm.model.Add(total <= ceiling)
    for city in exclude:
        exclude_layouts(cm.model, cm.grids, [city])
    if min_score is not None:
        cm.model.Add(total >= min_score)
    cm.model.Maximize(total)
    return cm
