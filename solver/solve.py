"""Solve a pool: the best city (or pair of cities) its tiles can make, with a proof.

``solve_pool`` builds the CP-SAT model (``solver.model``), solves it, reads the city back, and
checks the answer twice: the scorer re-scores it (a mismatch with the model is a bug and raises
``ModelMismatch``) and ``check_buildable`` confirms legal play can build it.  A layout that legal
play cannot build is excluded and the solve goes on, so a proof stays a proof.

>>> from solver.pool import pool_from_json
>>> pool = pool_from_json({"variant": "beginner", "tiles": ["P"] * 12 + ["P|P", "P/P"]})
>>> result = solve_pool(pool, time_limit=10, workers=1)
>>> result.status, result.score
('optimal', 25)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ortools.sat.python import cp_model

from solver.buildable import check_buildable
from solver.caps import caps_pay, caps_within
from solver.city import City, Context
from solver.components import Coord
from solver.errors import CitiesError
from solver.layout import empty_city
from solver.model import CityModel, build_model
from solver.model.grid import CityGrid
from solver.pool import Pool
from solver.sat import configure, feasibility, first_settled, whole
from solver.scoring import Score, district_size, score_city
from solver.tiles import LANDSCAPE, Building
from solver.vocab import CATEGORIES, DISTRICT, FACTORY, PARK, SHOP

Progress = Callable[[int, int, float], None]
PlacedTile = tuple[str, tuple[Coord, ...]]
_STATUS = {cp_model.OPTIMAL: "optimal", cp_model.FEASIBLE: "feasible",
           cp_model.INFEASIBLE: "infeasible", cp_model.UNKNOWN: "unknown"}


_FROM_BELOW = (SHOP, PARK, DISTRICT)

#: Meeting every cap at once (see ``solve_pool``) gets this share of the time and work left
#: after the caps; the full solve gets the rest.
MEET_CAPS_SHARE = 0.25
#: Seconds for that step when the caller sets no limit of either kind.
MEET_CAPS_SECONDS = 15.0


class ModelMismatch(AssertionError):
    """The model's points for a city differ from the scorer's: a bug in the model."""


@dataclass(frozen=True)
class SolveResult:
    """The answer for one city: status, score, proven bound, time, and the city itself."""

    status: str
    score: int | None
    bound: int | None
    seconds: float
    city: City | None
    placements: tuple[PlacedTile, ...] = ()
    breakdown: Score | None = None

    @property
    def proven(self) -> bool:
        return self.status in ("optimal", "infeasible")

    def to_json(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "score": self.score,
            "bound": self.bound,
            "seconds": round(self.seconds, 3),
            "city": self.city.to_json() if self.city else None,
            "placements": [{"tile": t, "cells": [list(c) for c in cells]}
                           for t, cells in self.placements],
        }


@dataclass(frozen=True)
class PairResult:
    """Two cities from one pool: the lower score (a player's final score), then the higher."""

    status: str
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
            answers = _against_each_other([_read_city(self, g, self.pool)
                                           for g in self.cm.grids])
            if any(check_buildable(city, self.pool, placed, which=i)
                   for i, (city, placed) in enumerate(answers)):
                return
            cities = [(city, placed, _rescore(self, self.cm, i, city, self.pool, "feasible"))
                      for i, (city, placed) in enumerate(answers)]
            self.best.update(value=value, cities=cities)
        except Exception as err:  # noqa: BLE001 - raised again once the solver returns
            self.best["error"] = err
            self.StopSearch()


def solve_pool(pool: Pool, *, time_limit: float | None = 60.0, workers: int = 2,
               deterministic_time: float | None = None, exclude: Sequence[City] = (),
               min_score: int | None = None, progress: Progress | None = None,
               caps: bool | None = None, meet_caps: bool = True, race: bool = True
               ) -> SolveResult:
    """The best city the pool can make (``status`` says whether it is proven).

    ``caps``: first bound each category by its own maximum (``solver.caps``), proven bounds
    that let the full solve stop as soon as a city meets them.  ``None`` (the default) uses
    them where they pay (``caps_pay``); True and False force them on or off.

    With every category capped, a city that meets every cap at once is optimal: their sum
    bounds every city.  So the first solve asks for exactly that (each category's points equal
    to its cap, which presolve turns into strong deductions, category by category); it finds
    such a city, or proves there is none (the bound drops by one), within ``MEET_CAPS_SHARE``
    of the budget.  The full solve, under the caps, takes what is left.  ``meet_caps=False``
    skips that first solve (``bench/bench_solver.py --baseline`` measures what it gains).

    ``race``: with two or more workers and no deterministic limit, that first solve races a
    plain search for any city meeting the caps against the optimising one
    (``_race_for_any_city``).  One worker, or a deterministic limit, keeps the one search, so
    a reproducible solve stays reproducible.
    """
    if pool.cities != 1:
        raise CitiesError("the pool names two mats: solve it as a pair", field="mats")
    start = time.monotonic()
    use_caps = caps_pay(pool) if caps is None else caps
    found_caps = caps_within(pool, workers, time_limit, deterministic_time) if use_caps else {}
    budget = _Budget(start, time_limit, deterministic_time)
    ceiling = sum(found_caps.values()) if set(found_caps) == set(CATEGORIES) else None
    if ceiling is not None and meet_caps:
        if min_score is not None and min_score > ceiling:
            return SolveResult("infeasible", None, None, time.monotonic() - start, None)
        part = budget.share(MEET_CAPS_SHARE, MEET_CAPS_SECONDS)
        status, _, _, cities = _run(_capped_model(pool, found_caps, exclude, min_score,
                                                  exact=True),
                                    pool, part, workers, progress, whole,
                                    race=race and workers > 1 and deterministic_time is None)
        budget.spend(part.used)
        if cities:
            return _met_every_cap(cities, ceiling, time.monotonic() - start)
        if status == "infeasible":
            ceiling -= 1
    cm = _capped_model(pool, found_caps, exclude, min_score, exact=False, ceiling=ceiling)
    status, bound, _, cities = _run(cm, pool, budget, workers, progress, whole)
    seconds = time.monotonic() - start
    if not cities:
        return SolveResult(status, None, bound, seconds, None)
    (city, placements, breakdown), = cities
    return SolveResult(status, breakdown.total, bound, seconds, city, placements, breakdown)


def _capped_model(pool: Pool, found_caps: dict[str, int], exclude: Sequence[City],
                  min_score: int | None, *, exact: bool, ceiling: int | None = None
                  ) -> CityModel:
    """The model of the pool's city maximising its total: each capped category at most its
    cap (exactly its cap when ``exact``), the total at most ``ceiling``, at least
    ``min_score``, and every city of ``exclude`` ruled out."""
    cm = build_model(pool)
    total = cm.total(0)
    for name, cap in found_caps.items():
        points = cm.points[0][name]
        if not isinstance(points, int):
            cm.model.Add(points == cap if exact else points <= cap)
    if ceiling is not None:
        cm.model.Add(total <= ceiling)
    for city in exclude:
        _exclude_layout(cm.grids, [city])
    if min_score is not None:
        cm.model.Add(total >= min_score)
    cm.model.Maximize(total)
    return cm


def _met_every_cap(cities: list[tuple[City, tuple[PlacedTile, ...], Score]], ceiling: int,
                   seconds: float) -> SolveResult:
    """A city that scores every category's cap: optimal, since the caps' sum bounds all."""
    (city, placements, breakdown), = cities
    if breakdown.total != ceiling:
        raise ModelMismatch(f"a city meeting every cap scores {breakdown.total}, not the "
                            f"caps' sum {ceiling}: {city.notation()}")
    return SolveResult("optimal", ceiling, ceiling, seconds, city, placements, breakdown)


def solve_pair(pool: Pool, *, time_limit: float | None = 60.0, workers: int = 2,
               deterministic_time: float | None = None,
               exclude: Sequence[Sequence[City]] = (), min_score: int | None = None,
               progress: Progress | None = None) -> PairResult:
    """Split the pool between the two cities of its two mats: maximise the lower city's score,
    then the higher; factories and districts rank the two against each other and the rivals.

    ``exclude`` lists pairs of cities (in the order of the pool's mats) the answer must differ
    from in at least one of its two cities; ``min_score`` requires the lower city's score.
    """
    if pool.cities != 2:
        raise CitiesError("a pair needs two mats (\"mats\": [A, B])", field="mats")
    if pool.fixed:
        raise CitiesError("fixed tiles belong to one city; a pair takes none", field="fixed")
    cm = build_model(pool)
    a, b = cm.total(0), cm.total(1)
    top = 1000  # above any one city's score, so the lower city counts first
    low = cm.model.NewIntVar(0, top - 1, "lower_city")
    high = cm.model.NewIntVar(0, top - 1, "higher_city")
    cm.model.AddMinEquality(low, [a, b])
    cm.model.AddMaxEquality(high, [a, b])
    for pair in exclude:
        _exclude_layout(cm.grids, pair)
    if min_score is not None:
        cm.model.Add(low >= min_score)
    cm.model.Maximize(top * low + high)
    budget = _Budget(time.monotonic(), time_limit, deterministic_time)
    status, bound, seconds, cities = _run(cm, pool, budget, workers, progress,
                                          lambda v: whole(v) // top)
    if not cities:
        return PairResult(status, None, bound, seconds)
    results = tuple(SolveResult(status, bd.total, None, seconds, city, pl, bd)
                    for city, pl, bd in cities)
    return PairResult(status, min(r.score or 0 for r in results), bound, seconds, results)


@dataclass
class _Budget:
    """The wall-clock seconds and CP-SAT work units (deterministic time) a solve may use;
    None: no limit of that kind."""

    start: float
    seconds: float | None
    work: float | None
    used: float = 0.0  # work units spent so far

    def seconds_left(self) -> float | None:
        if self.seconds is None:
            return None
        return self.seconds - (time.monotonic() - self.start)

    def work_left(self) -> float | None:
        return None if self.work is None else max(0.0, self.work - self.used)

    def exhausted(self) -> bool:
        left, work = self.seconds_left(), self.work_left()
        return (left is not None and left <= 0) or (work is not None and work <= 0)

    def spend(self, work: float) -> None:
        self.used += work

    def share(self, fraction: float, default_seconds: float) -> _Budget:
        """A part of what is left, from now (``default_seconds`` when nothing limits this)."""
        left, work = self.seconds_left(), self.work_left()
        if left is None and work is None:
            return _Budget(time.monotonic(), default_seconds, None)
        return _Budget(time.monotonic(), None if left is None else max(0.0, left) * fraction,
                       None if work is None else work * fraction)


def _run(cm: CityModel, pool: Pool, budget: _Budget, workers: int, progress: Progress | None,
         decode: Callable[[float], int], race: bool = False
         ) -> tuple[str, int | None, float, list[tuple[City, tuple[PlacedTile, ...], Score]]]:
    """Solve within ``budget`` (its work is spent); exclude any city legal play cannot build
    and solve again.  ``race``: any solution is optimal (every category is held at its cap),
    so a plain search for one races the optimising search (``_race_for_any_city``)."""
    start = time.monotonic()
    best: dict[str, Any] = {}
    bound: int | None = None  # the least proven bound over the solves so far
    while True:
        solver = cp_model.CpSolver()
        left = budget.seconds_left()
        watch = _Watch(cm, pool, progress, decode, best)
        if race:
            solver, code = _race_for_any_city(cm, solver, watch, left, workers)
        else:
            configure(solver.parameters, left, workers, budget.work_left())
            code = solver.Solve(cm.model, watch)
        # a solve again after an unbuildable answer shares the budget
        budget.spend(solver.deterministic_time)
        if "error" in best:
            raise best["error"]
        status = _STATUS.get(code)
        if status is None:
            raise ModelMismatch(f"CP-SAT rejected the model: {solver.StatusName(code)}")
        seconds = time.monotonic() - start
        if status in ("optimal", "feasible") and not race:
            # excluding an unbuildable layout only removes cities, so an earlier bound holds;
            # a race may be won by the plain search, which has no objective to bound (the
            # caller knows the first step's bound: the caps' sum)
            proven = decode(solver.BestObjectiveBound())
            bound = proven if bound is None else min(bound, proven)
        if status not in ("optimal", "feasible"):
            if best and status == "unknown":
                return "feasible", bound, seconds, best["cities"]
            return status, None if status == "infeasible" else bound, seconds, []
        answers = _against_each_other([_read_city(solver, g, pool) for g in cm.grids])
        problems = [check_buildable(city, pool, placed, which=i)
                    for i, (city, placed) in enumerate(answers)]
        if not any(problems):
            if status == "feasible" and best and best["value"] > solver.ObjectiveValue():
                return status, bound, seconds, best["cities"]
            cities = [(city, placed, _rescore(solver, cm, i, city, pool, status))
                      for i, (city, placed) in enumerate(answers)]
            return status, bound, seconds, cities
        for g, found in zip(cm.grids, problems, strict=True):
            if found:
                _forbid_assignment(solver, g)
        if budget.exhausted():
            if best:
                return "feasible", bound, seconds, best["cities"]
            return "unknown", bound, seconds, []


def _race_for_any_city(cm: CityModel, lp: cp_model.CpSolver, watch: _Watch,
                       seconds: float | None, workers: int) -> tuple[cp_model.CpSolver, int]:
    """Whether any city meets every cap, asked two ways at once: the optimising LP search on
    every worker, and beside it, on one thread of its own, a plain search for any city at all
    (the objective dropped: ``sat.feasibility``).  The first to settle answers; both have the
    first step's whole time.

    The plain search settles most standard pools in under 2 s, where the LP search takes a
    median 2.5 s.  It is also the better prover that no city meets every cap: alone on a
    core it did so on 10 of the 15 slowest standard pools in 1.3-49 s, 4 of them pools where
    the full LP solve's bound had not left the caps' sum after 60 s.  So it is not cut
    short (session 5 stopped it at 3 s): on the standard suite the pools took a mean 13.6 s
    against 18.5 s with the cut-off, same process (``README``, session 6).
    """
    configure(lp.parameters, seconds, workers, None)
    plain_model = cm.model.clone()
    plain_model.clear_objective()
    plain = cp_model.CpSolver()
    feasibility(plain.parameters, seconds)
    return first_settled([(lp, cm.model, watch), (plain, plain_model, None)])


def _against_each_other(answers: list[tuple[City, tuple[PlacedTile, ...]]]
                        ) -> list[tuple[City, tuple[PlacedTile, ...]]]:
    """Each city of a pair with the other as one more rival (factories and districts), so
    its city file scores the same on its own."""
    if len(answers) < 2:
        return answers
    out = []
    for i, (city, placed) in enumerate(answers):
        others = [c for j, (c, _) in enumerate(answers) if j != i]
        ctx = city.context
        factories = (*ctx.rival_factories, *(len(c.of_type(FACTORY)) for c in others))
        districts = tuple(replace(d, rivals=(*d.rivals, *(district_size(c, d.types)
                                                          for c in others)))
                          for d in ctx.districts)
        out.append((city.with_context(Context(factories, districts)), placed))
    return out


def _rescore(solver: Any, cm: CityModel, i: int, city: City, pool: Pool,
             status: str) -> Score:
    """The scorer's breakdown; it must agree with the model category by category.

    The model counts some categories from below and lets maximising make them exact: shops
    by any partition into straight sets, park groups' bonuses by the roots it names, a
    district by any connected region.  A solution not proven optimal may count those below
    the city's real points, and the scorer's figure is its real score then.
    """
    score = score_city(city, pool.rules)
    for name, expr in cm.points[i].items():
        model_value = expr if isinstance(expr, int) else int(solver.Value(expr))
        real = score.categories[name]
        if model_value == real or (name in _FROM_BELOW and model_value < real
                                   and status != "optimal"):
            continue
        raise ModelMismatch(f"{name}: the model counts {model_value}, the scorer {real} "
                            f"for {city.notation()}")
    return score


def _read_city(solver: Any, grid: CityGrid,
               pool: Pool) -> tuple[City, tuple[PlacedTile, ...]]:
    """The solved city in city coordinates, and the pool tiles on it."""
    offset = next(o for o in grid.offsets if solver.BooleanValue(o.lit))
    city = empty_city(grid.size, grid.mat, offset.at, pool.rules.edition, pool.context)
    rows = [list(row) for row in city.grid]
    placed: list[PlacedTile] = []
    for cell, b in offset.fixed.items():
        rows[cell[0]][cell[1]] = b
    for cell in grid.cells:
        for token, lit in grid.single[cell].items():
            if solver.BooleanValue(lit):
                rows[cell[0]][cell[1]] = grid.building_of[token]
                placed.append((token, (cell,)))
    for token, anchors in grid.duplex.items():
        tile = grid.duplex_tile[token]
        for a, lit in anchors.items():
            if solver.BooleanValue(lit):
                b = (a[0] + tile.offset[0], a[1] + tile.offset[1])
                rows[a[0]][a[1]], rows[b[0]][b[1]] = tile.first, tile.second
                placed.append((token, (a, b)))
    return City(tuple(tuple(r) for r in rows), city.bridges, city.context, city.edition), \
        tuple(placed)


def _forbid_assignment(solver: cp_model.CpSolver, grid: CityGrid) -> None:
    """No later answer may repeat this exact placement of tiles (legal play cannot build it)."""
    lits = [o.lit for o in grid.offsets if solver.BooleanValue(o.lit)]
    lits += [lit for c in grid.cells for lit in grid.single[c].values()
             if solver.BooleanValue(lit)]
    lits += [lit for per in grid.duplex.values() for lit in per.values()
             if solver.BooleanValue(lit)]
    grid.model.AddBoolOr([lit.Not() for lit in lits])


def _exclude_layout(grids: Sequence[CityGrid], cities: Sequence[City]) -> None:
    """The answer's grids must differ from ``cities`` (one per grid) in at least one cell."""
    matches: list = []
    cells = 0
    for grid, city in zip(grids, cities, strict=True):
        if city.size != grid.size:
            return
        for cell in grid.cells:
            x = city.at(cell)
            if x is LANDSCAPE:
                matches += grid.landscape_lits(cell)
            elif isinstance(x, Building):
                matches += grid.kind[cell].get(x.token, [])
            else:
                return  # an unfinished city differs from every answer
        cells += len(grid.cells)
    grids[0].model.Add(sum(matches) <= cells - 1)

def box_pool(edition: str = "essential", variant: str = "standard", mat: str | None = None,
             components: Any = None) -> Pool:
    """The whole box as a pool: every single tile and every duplex, around ``mat``.

    >>> box_pool(variant="beginner").to_choose()
    (12, 2)
    """
    from solver.components import load_components
    from solver.pool import pool_from_json
    from solver.rulesets import load_ruleset

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
