"""Solve a pool: the best city (or pair of cities) its tiles can make, with a proof.

``solve_pool`` builds the CP-SAT model (``cpsat.model``), solves it (by descent through exact
scores, ``cpsat.descent``, where the city takes every tile), reads the city back, and checks
the answer twice: the scorer re-scores it (a mismatch with the model is a bug and raises
``ModelMismatch``) and ``check_buildable`` confirms legal play can build it.  A layout that
legal play cannot build is excluded and the solve goes on, so a proof stays a proof.

>>> from solver.twocities.game.pool import pool_from_json
>>> pool = pool_from_json({"variant": "beginner", "tiles": ["P"] * 12 + ["P|P", "P/P"]})
>>> result = solve_pool(pool, time_limit=10, workers=1)
>>> result.status, result.score
(Status.OPTIMAL, 25)
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ortools.sat.python import cp_model

from solver.common.errors import CitiesError
from solver.common.sat import Budget, configure, whole
from solver.common.status import Progress, Status
from solver.twocities.cpsat.answers import (
    Answer,
    ModelMismatch,
    exclude_layouts,
    forbid_assignment,
    layout_literals,
    read_city,
    rescore,
)
from solver.twocities.cpsat.caps import CAP_SECONDS, caps_pay, caps_within, solved_caps
from solver.twocities.cpsat.compositions import TooManyCompositions
from solver.twocities.cpsat.descent import descend
from solver.twocities.cpsat.model import CityModel, build_model
from solver.twocities.cpsat.pairchoose import choose_apply
from solver.twocities.cpsat.pairdescent import prove_pair
from solver.twocities.cpsat.pairs import Pair, good_pair, greedy_pair
from solver.twocities.cpsat.pairsplits import splits_apply
from solver.twocities.cpsat.values import city_values
from solver.twocities.game.city import City
from solver.twocities.game.pool import Placement, Pool
from solver.twocities.game.vocab import CATEGORIES
from solver.twocities.rules.buildable import check_buildable
from solver.twocities.scoring.categories import Score
from solver.twocities.scoring.rivals import against_each_other

_STATUS = {cp_model.OPTIMAL: Status.OPTIMAL, cp_model.FEASIBLE: Status.FEASIBLE,
           cp_model.INFEASIBLE: Status.INFEASIBLE, cp_model.UNKNOWN: Status.UNKNOWN}

#: The descent's share of the time and work (``solve_pool``); the full solve gets the rest
#: when the descent has not settled.  On the 50 standard pools the descent settled every one
#: within 6 s, so at the usual 60 s the full solve never runs.
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


@dataclass(frozen=True)
class PairResult:
    """Two cities from one pool: the lower score (a player's final score), then the higher."""

    status: Status
    score: int | None
    bound: int | None
    seconds: float
    cities: tuple[SolveResult, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"status": self.status, "score": self.score, "bound": self.bound,
                "seconds": round(self.seconds, 3),
                "cities": [{"score": c.score, "city": c.city.to_json() if c.city else None,
                            "placements": c.to_json()["placements"]} for c in self.cities]}


class _Watch(cp_model.CpSolverSolutionCallback):
    """Reports progress, and keeps the best solution legal play can build: when the solver's
    final answer cannot be built and no time is left, that one is the answer."""

    def __init__(self, cm: CityModel, pool: Pool, report: Progress | None,
                 decode: Callable[[float], int], best: dict[str, Any]):
        super().__init__()
        self.cm, self.pool, self.report, self.decode, self.best = cm, pool, report, decode, best

    def on_solution_callback(self) -> None:
        try:
            if self.report is not None:
                self.report(self.decode(self.ObjectiveValue()),
                            self.decode(self.BestObjectiveBound()), self.WallTime())
            value = self.ObjectiveValue()
            if self.best and value <= self.best["value"]:
                return
            answers = _against_each_other([read_city(self, g, self.pool)
                                           for g in self.cm.grids])
            if any(check_buildable(city, self.pool, placed, which=i)
                   for i, (city, placed) in enumerate(answers)):
                return
            cities = [Answer(city, placed,
                             rescore(self, self.cm, i, city, self.pool, Status.FEASIBLE))
                      for i, (city, placed) in enumerate(answers)]
            self.best.update(value=value, cities=cities)
        except Exception as err:  # noqa: BLE001 - raised again once the solver returns
            self.best["error"] = err
            self.StopSearch()


def solve_pool(pool: Pool, *, time_limit: float | None = 60.0, workers: int = 2,
               deterministic_time: float | None = None, exclude: Sequence[City] = (),
               min_score: int | None = None, progress: Progress | None = None,
               caps: bool | None = None, descent: bool = True) -> SolveResult:
    """The best city the pool can make (``status`` says whether it is proven).

    A city that takes every tile of the pool is proven by descent (``cpsat.descent``): from
    the caps' sum down, one exact score per category at a time, which presolve turns into
    deductions a bound on the total never gives.  It gets ``DESCENT_SHARE`` of the budget;
    if it has not settled by then, the full solve (maximising the total under the caps and
    the descent's bound) takes the rest and the better answer counts.  ``descent=False``
    skips it (``bench/bench_solver.py --baseline`` measures what it gains).

    ``caps``: bound each category by its own maximum (``cpsat.caps``).  The descent always
    uses them; for the full solve alone, ``None`` (the default) uses them where they pay
    (``caps_pay``); True and False force them on or off (False also skips the descent).

    With two or more workers and no deterministic limit, the descent starts from the bound
    the tiles alone give (``CityValues.caps``) while one thread solves the shops' and offices'
    caps (``caps.REFINED``) beside its first checks.  One worker, or a deterministic limit,
    solves every cap first and runs one check at a time, so a reproducible solve stays
    reproducible.
    """
    if pool.cities != 1:
        raise CitiesError("the pool names two mats: solve it as a pair", field="mats")
    budget = Budget.start(time_limit, deterministic_time)
    if descent and caps is not False:
        return _by_descent(pool, budget, workers, exclude, min_score, progress)
    use_caps = caps_pay(pool) if caps is None else caps
    found_caps = caps_within(pool, workers, time_limit, deterministic_time) if use_caps else {}
    ceiling = sum(found_caps.values()) if set(found_caps) == set(CATEGORIES) else None
    if ceiling is not None and min_score is not None and min_score > ceiling:
        return _result(Status.INFEASIBLE, None, [], budget)
    return _result(*_maximise(pool, found_caps, exclude, min_score, budget, workers, progress,
                              ceiling=ceiling), budget)


def _by_descent(pool: Pool, budget: Budget, workers: int, exclude: Sequence[City],
                min_score: int | None, progress: Progress | None) -> SolveResult:
    """``solve_pool`` by descent: caps (and compositions, for a pool with tiles to choose),
    the descent, and the full solve only if the descent has not settled within its share."""
    sequential = workers <= 1 or budget.work is not None
    refine: Callable | None = None
    if pool.uses_all:
        counted = city_values(pool).caps()
        if sequential:  # the caps first, then one check at a time: reproducible
            found = caps_within(pool, 1, budget.seconds, budget.work)
        else:  # the caps solved on one thread beside the first checks
            found = {}
            limit = min(CAP_SECONDS, (budget.seconds or 60.0) / 10)

            def refine(register: Callable) -> dict[str, int]:
                return solved_caps(pool, register, limit)
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
                          refine=refine)
    except TooManyCompositions:  # too much to choose from: the full solve alone
        return _result(*_maximise(pool, {}, exclude, min_score, budget, workers, progress),
                       budget)
    budget.spend(part.used)
    if outcome.status.proven or budget.exhausted():
        return _result(outcome.status, outcome.bound,
                       [outcome.best] if outcome.best else [], budget)
    # not settled in its share: maximise under the caps and the descent's bound
    status, bound, cities = _maximise(pool, outcome.caps, exclude, min_score, budget, workers,
                                      progress, ceiling=outcome.bound)
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
              progress: Progress | None, *, ceiling: int | None = None
              ) -> tuple[Status, int | None, list[Answer]]:
    """The full solve: the pool's city maximising its total under ``_capped_model``'s
    constraints, within ``budget`` (status, bound, the city found)."""
    cm = _capped_model(pool, found_caps, exclude, min_score, ceiling=ceiling)
    status, bound, _, cities = _run(cm, pool, budget, workers, progress, whole)
    return status, bound, cities


def _capped_model(pool: Pool, found_caps: dict[str, int], exclude: Sequence[City],
                  min_score: int | None, *, ceiling: int | None = None) -> CityModel:
    """The model of the pool's city maximising its total: each capped category at most its
    cap, the total at most ``ceiling``, at least ``min_score``, and every city of
    ``exclude`` ruled out."""
    cm = build_model(pool)
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


def solve_pair(pool: Pool, *, time_limit: float | None = 60.0, workers: int = 2,
               deterministic_time: float | None = None,
               exclude: Sequence[Sequence[City]] = (), min_score: int | None = None,
               progress: Progress | None = None) -> PairResult:
    """Split the pool between the two cities of its two mats: maximise the lower city's score,
    then the higher; factories and districts rank the two against each other and the rivals.

    ``exclude`` lists pairs of cities (in the order of the pool's mats) the answer must differ
    from in at least one of its two cities; ``min_score`` requires the lower city's score.

    A good pair comes first (``cpsat.pairs``: greedy, then local search, within
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
                                 min_score=min_score, workers=workers)
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
                                start.answers() if start else [], budget, splits_bound)
    cm = build_model(pool)
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
    status, bound, seconds, cities = _run(cm, pool, budget, workers, progress,
                                          lambda v: whole(v) // top,
                                          probing=deterministic_time is not None)
    if bound is not None and bound >= top - 1:
        bound = None  # the variable's own domain: nothing proven yet
    if splits_bound is not None:
        bound = splits_bound if bound is None else min(bound, splits_bound)
    if start is not None and (not cities or start.value() > _pair_value(cities)):
        cities = start.answers()
        status = Status.FEASIBLE
    return _pair_result(status, cities, budget, bound)


#: The split search's share of a pair's time and work (``cpsat.pairdescent``), when it
#: applies; the full model takes the rest if it has not settled.
SPLITS_SHARE = 0.8
#: The least seconds left for the split search to start: listing and bounding the splits
#: alone takes 2-3 s on the pair suite's pools, so a short limit keeps the quick pair.
SPLITS_FROM_SECONDS = 10.0


def _pair_result(status: Status, cities: Sequence[Answer], budget: Budget,
                 bound: int | None = None) -> PairResult:
    """A pair's answer, timed from the budget's start; a proven pair's bound is its score."""
    seconds = time.monotonic() - budget.began
    if not cities:
        return PairResult(status, None, bound, seconds)
    results = tuple(SolveResult(status, bd.total, None, seconds, city, pl, bd)
                    for city, pl, bd in cities)
    score = min(r.score or 0 for r in results)
    return PairResult(status, score, score if status == Status.OPTIMAL else bound, seconds,
                      results)


#: The quick pair's share of a pair's time limit, and its most seconds (``solve_pair``).
QUICK_SHARE = 0.6
QUICK_SECONDS = 2.0


def _quick_pair(pool: Pool, budget: Budget,
                exclude: Sequence[Sequence[City]], min_score: int | None) -> Pair | None:
    """A good pair (``cpsat.pairs``), checked as every answer is: legal play builds each
    city, the two use the pool's tiles at most once; None if there is none (the greedy
    placer's dead end), it is excluded, below ``min_score`` or (never expected) not
    buildable."""
    left = budget.seconds_left()
    seconds = QUICK_SECONDS if left is None else min(QUICK_SECONDS, QUICK_SHARE * left)

    return _checked(pool, good_pair(pool, seconds), exclude, min_score)


def _checked(pool: Pool, pair: Pair | None, exclude: Sequence[Sequence[City]],
             min_score: int | None) -> Pair | None:
    """``pair`` if it is an answer (``_quick_pair``), else None."""
    if pair is None:
        return None
    used = Counter(p.tile for placed in pair.placed for p in placed)
    if any(n > 0 for n in (used - Counter(pool.tiles)).values()):
        return None
    if any(check_buildable(city, pool, placed, which=i)
           for i, (city, placed) in enumerate(zip(pair.cities, pair.placed, strict=True))):
        return None
    if min_score is not None and pair.value()[0] < min_score:
        return None
    for other in exclude:
        if len(other) == 2 and all(c.grid == o.grid
                                   for c, o in zip(pair.cities, other, strict=True)):
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


def _run(cm: CityModel, pool: Pool, budget: Budget, workers: int, progress: Progress | None,
         decode: Callable[[float], int], *, probing: bool = True
         ) -> tuple[Status, int | None, float, list[Answer]]:
    """Solve within ``budget`` (its work is spent); exclude any city legal play cannot build
    and solve again.  ``probing=False`` skips presolve's probing: on the pair model it took
    about 3 of the 4.6 s presolve needed on the shipped example (a loaded machine), before
    any bound; without it the search starts after 1 s and its bound after 18 s was 102
    against 153 with it."""
    start = time.monotonic()
    best: dict[str, Any] = {}
    bound: int | None = None  # the least proven bound over the solves so far
    while True:
        solver = cp_model.CpSolver()
        watch = _Watch(cm, pool, progress, decode, best)
        configure(solver.parameters, budget.seconds_left(), workers, budget.work_left())
        if not probing:
            solver.parameters.cp_model_probing_level = 0
        code = solver.Solve(cm.model, watch)
        # a solve again after an unbuildable answer shares the budget
        budget.spend(solver.deterministic_time)
        if "error" in best:
            raise best["error"]
        status = _STATUS.get(code)
        if status is None:
            raise ModelMismatch(f"CP-SAT rejected the model: {solver.StatusName(code)}")
        seconds = time.monotonic() - start
        if status.found:
            # excluding an unbuildable layout only removes cities, so an earlier bound holds
            proven = decode(solver.BestObjectiveBound())
            bound = proven if bound is None else min(bound, proven)
        if not status.found:
            if best and status == Status.UNKNOWN:
                return Status.FEASIBLE, bound, seconds, best["cities"]
            return status, None if status == Status.INFEASIBLE else bound, seconds, []
        answers = _against_each_other([read_city(solver, g, pool) for g in cm.grids])
        problems = [check_buildable(city, pool, placed, which=i)
                    for i, (city, placed) in enumerate(answers)]
        if not any(problems):
            if status == Status.FEASIBLE and best and best["value"] > solver.ObjectiveValue():
                return status, bound, seconds, best["cities"]
            cities = [Answer(city, placed, rescore(solver, cm, i, city, pool, status))
                      for i, (city, placed) in enumerate(answers)]
            return status, bound, seconds, cities
        for g, found in zip(cm.grids, problems, strict=True):
            if found:
                forbid_assignment(cm.model, solver, g)
        if budget.exhausted():
            if best:
                return Status.FEASIBLE, bound, seconds, best["cities"]
            return Status.UNKNOWN, bound, seconds, []


def _against_each_other(answers: list[tuple[City, tuple[Placement, ...]]]
                        ) -> list[tuple[City, tuple[Placement, ...]]]:
    """Each city of a pair with the other as one more rival (factories and districts), so
    its city file scores the same on its own."""
    if len(answers) < 2:
        return answers
    ranked = against_each_other([city for city, _ in answers])
    return [(city, placed) for city, (_, placed) in zip(ranked, answers, strict=True)]


def box_pool(edition: str = "essential", variant: str = "standard", mat: str | None = None,
             components: Any = None) -> Pool:
    """The whole box as a pool: every single tile and every duplex, around ``mat``.

    >>> box_pool(variant="beginner").to_choose()
    (12, 2)
    """
    from solver.twocities.game.components import load_components
    from solver.twocities.game.pool import pool_from_json
    from solver.twocities.game.rulesets import load_ruleset

    comps = components or load_components()
    rules = load_ruleset(edition, variant)
    singles = comps.single_pool(civics=rules.modules["civics"])
    data: dict[str, Any] = {"edition": edition, "variant": variant,
                            "tiles": [t for t, n in sorted(singles.items()) for _ in range(n)]
                            + [d.token for d in comps.duplexes]}
    if rules.modules["mats"]:
        data["mat"] = mat or sorted(comps.mats)[0]
    elif mat:
        raise CitiesError(f"the {variant} variant uses no landscape mats", field="--mat")
    return pool_from_json(data, comps)


def box_pools(edition: str = "essential", variant: str = "standard", mat: str | None = None,
              components: Any = None) -> list[tuple[str | None, Pool]]:
    """The whole box as pools, one per mat: ``mat`` alone when given, else every mat of the
    components (none when the variant plays without mats).

    >>> [m for m, _ in box_pools(variant="beginner")]
    [None]
    """
    from solver.twocities.game.components import load_components
    from solver.twocities.game.rulesets import load_ruleset

    comps = components or load_components()
    mats: list[str | None] = [mat]
    if mat is None and load_ruleset(edition, variant).modules["mats"]:
        mats = sorted(comps.mats)
    return [(m, box_pool(edition, variant, m, comps)) for m in mats]


def solve_box(edition: str = "essential", variant: str = "standard", mat: str | None = None,
              components: Any = None, *, time_limit: float = 60.0, workers: int = 2,
              progress: Progress | None = None) -> Iterator[tuple[str | None, SolveResult]]:
    """The best city the whole box makes on each mat (``box_pools``), one mat after another;
    the mats share ``time_limit``, each taking an even part of what is left when it starts.

    A short limit still answers with a city and the bound it could not beat (proving the
    beginner box's 69 takes about 30 s of CPU):

    >>> [(m, r.status.found, r.score <= r.bound)
    ...  for m, r in solve_box(variant="beginner", time_limit=5, workers=1)]
    [(None, True, True)]
    """
    deadline = time.monotonic() + time_limit
    pools = box_pools(edition, variant, mat, components)
    for i, (m, pool) in enumerate(pools):
        share = max(0.1, (deadline - time.monotonic()) / (len(pools) - i))
        yield m, solve_pool(pool, time_limit=share, workers=workers, progress=progress)
