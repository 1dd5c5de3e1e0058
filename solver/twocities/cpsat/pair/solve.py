"""Solve a pair: the two cities of a pool's two mats, the lower city's score first.

``solve_pair`` starts from a good pair at once (``cpsat.pair.quick``), proves by the split search
(``cpsat.pair.descent``) where it applies, and gives what is left of the time to the full
model (``cpsat.model.fullmodel``), hinted with the best pair so far.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ortools.sat.python import cp_model

from solver.common.errors import CitiesError
from solver.common.sat import Budget, configure, whole
from solver.common.status import Progress, Status
from solver.twocities.cpsat.city.compositions import TooManyCompositions
from solver.twocities.cpsat.city.solve import SolveResult
from solver.twocities.cpsat.model import CityModel, build_model
from solver.twocities.cpsat.model.answers import Answer, exclude_layouts, layout_literals
from solver.twocities.cpsat.model.fullmodel import solve_model
from solver.twocities.cpsat.pair.choose import choose_apply
from solver.twocities.cpsat.pair.descent import prove_pair
from solver.twocities.cpsat.pair.quick import Pair, good_pair, greedy_pair
from solver.twocities.cpsat.pair.splits import splits_apply
from solver.twocities.cpsat.settings import DEFAULT_SETTINGS, ProofSettings
from solver.twocities.game.city import City
from solver.twocities.game.pool import Pool


@dataclass(frozen=True)
class PairResult:
    """Two cities from one pool: the lower score (a player's final score), then the higher.
    ``bound``: the most a pair's lower city can score; ``higher_bound``: where that is the
    found pair's lower score (the player's score proven), the most the higher city can
    score beside it (None: not known)."""

    status: Status
    score: int | None
    bound: int | None
    seconds: float
    cities: tuple[SolveResult, ...] = ()
    higher_bound: int | None = None

    @property
    def lower_proven(self) -> bool:
        """Whether the lower city (a player's score) is proven, the higher city beside it
        or not: no pair's lower city scores more than this one's."""
        return self.status == Status.OPTIMAL or (
            self.status == Status.FEASIBLE and self.score is not None
            and self.bound == self.score)

    @property
    def higher(self) -> int | None:
        """The found pair's higher city's score."""
        return max((c.score or 0 for c in self.cities), default=None)

    def to_json(self) -> dict[str, Any]:
        return {"status": self.status, "score": self.score, "bound": self.bound,
                "higher": self.higher, "higher_bound": self.higher_bound,
                "seconds": round(self.seconds, 3),
                "cities": [{"score": c.score, "city": c.city.to_json() if c.city else None,
                            "placements": c.to_json()["placements"]} for c in self.cities]}


def solve_pair(pool: Pool, *, time_limit: float | None = 60.0, workers: int = 2,
               deterministic_time: float | None = None,
               exclude: Sequence[Sequence[City]] = (), min_score: int | None = None,
               progress: Progress | None = None,
               settings: ProofSettings = DEFAULT_SETTINGS) -> PairResult:
    """Split the pool between the two cities of its two mats: maximise the lower city's score,
    then the higher; factories and districts rank the two against each other and the rivals.

    ``exclude`` lists pairs of cities (in the order of the pool's mats) the answer must differ
    from in at least one of its two cities; ``min_score`` requires the lower city's score;
    ``settings``: how the split search goes about it (``ProofSettings``, the solver's own
    unless told).

    A good pair comes first (``cpsat.pair.quick``: greedy, then local search, within
    ``QUICK_SHARE`` of the time and at most ``QUICK_SECONDS``); the full model starts from it
    as a hint and the better of the two is the answer, so a time limit never leaves the
    answer empty.  A deterministic limit skips the quick pair (it runs on the clock): such a
    solve stays reproducible, and as it always was.
    """
    if pool.cities != 2:
        raise CitiesError("a pair needs two mats (\"mats\": [A, B])", field="mats")
    if pool.fixed:
        raise CitiesError("fixed tiles belong to one city; a pair takes none", field="fixed")
    budget = Budget.start(time_limit, deterministic_time)
    start = None
    if deterministic_time is None:
        start = _quick_pair(pool, budget, exclude, min_score)
    splits_bound = None
    outcome = None
    left = budget.seconds_left()
    if (splits_apply(pool) or choose_apply(pool)) and (left is None or left >= SPLITS_FROM_SECONDS):
        seed = start
        if deterministic_time is not None:  # the greedy pair alone: it needs no clock
            seed = _checked(pool, greedy_pair(pool), exclude, min_score)
        part = budget.share(SPLITS_SHARE)
        try:
            outcome = prove_pair(pool, part, start=seed, exclude=exclude,
                                 min_score=min_score, workers=workers, settings=settings)
        except TooManyCompositions:  # too many splits to list: the full model alone
            outcome = None
        budget.spend(part.used)
    if outcome is not None:
        start = outcome.best or seed
        if outcome.proven:
            return _pair_result(Status.OPTIMAL if start else Status.INFEASIBLE,
                                start.answers() if start else [], budget)
        splits_bound = outcome.bound
        if budget.exhausted():
            return _pair_result(Status.FEASIBLE if start else Status.UNKNOWN,
                                start.answers() if start else [], budget, splits_bound,
                                outcome.higher)
    cm = build_model(pool, root_chain=settings.root_chain)
    a, b = cm.total(0), cm.total(1)
    top = 1000  # above any one city's score, so the lower city counts first
    low = cm.model.NewIntVar(0, top - 1, "lower_city")
    high = cm.model.NewIntVar(0, top - 1, "higher_city")
    cm.model.AddMinEquality(low, [a, b])
    cm.model.AddMaxEquality(high, [a, b])
    for pair in exclude:
        exclude_layouts(cm.model, cm.grids, pair)
    if min_score is not None:
        cm.model.Add(low >= min_score)
    cm.model.Maximize(top * low + high)
    if start is not None and deterministic_time is None:  # the hint's solve runs on the clock
        _start_from(cm, start, budget)
    status, bound, seconds, cities = solve_model(cm, pool, budget, workers, progress,
                                                 lambda v: whole(v) // top,
                                                 probing=deterministic_time is not None)
    if bound is not None and bound >= top - 1:
        bound = None  # the variable's own domain: nothing proven yet
    if splits_bound is not None:
        bound = splits_bound if bound is None else min(bound, splits_bound)
    if start is not None and (not cities or start.value() > _pair_value(cities)):
        cities = start.answers()
        status = Status.FEASIBLE
    return _pair_result(status, cities, budget, bound,
                        outcome.higher if outcome is not None else None)


#: The split search's share of a pair's time and work (``cpsat.pair.descent``), when it
#: applies; the full model takes the rest if it has not settled.
SPLITS_SHARE = 0.8
#: The least seconds left for the split search to start: listing and bounding the splits
#: alone takes 2-3 s on the pair suite's pools, so a short limit keeps the quick pair.
SPLITS_FROM_SECONDS = 10.0


def _pair_result(status: Status, cities: Sequence[Answer], budget: Budget,
                 bound: int | None = None, higher_bound: int | None = None) -> PairResult:
    """A pair's answer, timed from the budget's start; a proven pair's bounds are its
    scores.  ``higher_bound`` counts only where ``bound`` is the pair's lower score."""
    seconds = time.monotonic() - budget.began
    if not cities:
        return PairResult(status, None, bound, seconds)
    results = tuple(SolveResult(status, bd.total, None, seconds, city, pl, bd)
                    for city, pl, bd in cities)
    found = PairResult(status, min(r.score or 0 for r in results), bound, seconds, results,
                       higher_bound)
    if status == Status.OPTIMAL:
        return replace(found, bound=found.score, higher_bound=found.higher)
    return found if found.lower_proven else replace(found, higher_bound=None)


#: The quick pair's share of a pair's time limit, and its most seconds (``solve_pair``).
QUICK_SHARE = 0.6
QUICK_SECONDS = 2.0


def _quick_pair(pool: Pool, budget: Budget,
                exclude: Sequence[Sequence[City]], min_score: int | None) -> Pair | None:
    """A good pair (``cpsat.pair.quick``), checked as every answer is: legal play builds each
    city, the two use the pool's tiles at most once; None if there is none (the greedy
    placer's dead end), it is excluded, below ``min_score`` or (never expected) not
    buildable."""
    left = budget.seconds_left()
    seconds = QUICK_SECONDS if left is None else min(QUICK_SECONDS, QUICK_SHARE * left)
    # the greedy placer may take longer where the mats' middle positions run into dead ends
    # (pair suite pool 18: no pair at all within 2 s once): a pair at once matters more
    patience = None if left is None else QUICK_SHARE * left
    return _checked(pool, good_pair(pool, seconds, patience=patience), exclude, min_score)


def _checked(pool: Pool, pair: Pair | None, exclude: Sequence[Sequence[City]],
             min_score: int | None) -> Pair | None:
    """``pair`` if it is an answer (``_quick_pair``), else None."""
    if pair is None:
        return None
    used = Counter(p.tile for placed in pair.placed for p in placed)
    if any(n > 0 for n in (used - Counter(pool.tiles)).values()):
        return None
    if not pair.buildable(pool) or pair.listed(exclude):
        return None
    if min_score is not None and pair.value()[0] < min_score:
        return None
    return pair


#: The most seconds spent completing the quick pair into a full solution of the model.
HINT_SECONDS = 1.0


def _start_from(cm: CityModel, pair: Pair, budget: Budget) -> None:
    """Hint the model with the pair, every variable of it: the tiles fixed as the pair lays
    them, a short solve finds the rest (points, groups, the objective), so the full solve
    starts from a complete solution.  (A hint of the tiles alone was measured useless: the
    full solve still found no pair in 18 s on the shipped example.)"""
    fixed = cm.model.clone()
    for lit, value in layout_literals(cm.grids, list(zip(pair.cities, pair.placed,
                                                          strict=True))):
        fixed.add(fixed.get_bool_var_from_proto_index(lit.index) == value)
    solver = cp_model.CpSolver()
    left = budget.seconds_left()
    configure(solver.parameters, HINT_SECONDS if left is None else min(HINT_SECONDS, left / 2),
              1, None)
    if solver.Solve(fixed) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return  # not completed in time: the full solve starts from nothing, as it did
    for i in range(len(cm.model.proto.variables)):
        cm.model.add_hint(cm.model.get_int_var_from_proto_index(i),
                          solver.value(fixed.get_int_var_from_proto_index(i)))


def _pair_value(cities: Sequence[Answer]) -> tuple[int, int]:
    """(lower, higher) of a found pair, as the scorer counts them."""
    totals = [c.score.total for c in cities]
    return min(totals), max(totals)
