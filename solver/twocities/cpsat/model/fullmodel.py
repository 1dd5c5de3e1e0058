"""The full model solved within a budget, for one city or a pair: each answer read back,
checked by legal play (a layout it cannot build is forbidden and the model solved again),
and re-scored by the scorer (``ModelMismatch`` when the two disagree).

The descent (``cpsat.city.descent``) and the split search (``cpsat.pair.descent``) prove most
pools; this is what ``solve_pool`` and ``solve_pair`` fall back to when they have not
settled, or where they do not apply.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ortools.sat.python import cp_model

from solver.common.errors import ModelMismatch
from solver.common.sat import Budget, configure
from solver.common.status import Progress, Status
from solver.twocities.cpsat.model import CityModel
from solver.twocities.cpsat.model.answers import (
    Answer,
    forbid_assignment,
    read_city,
    rescore,
)
from solver.twocities.game.city import City
from solver.twocities.game.pool import Placement, Pool
from solver.twocities.rules.order import order_problems
from solver.twocities.scoring.rivals import against_each_other

_STATUS = {cp_model.OPTIMAL: Status.OPTIMAL, cp_model.FEASIBLE: Status.FEASIBLE,
           cp_model.INFEASIBLE: Status.INFEASIBLE, cp_model.UNKNOWN: Status.UNKNOWN}


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
            if any(order_problems(city, self.pool, placed, which=i)
                   for i, (city, placed) in enumerate(answers)):
                return
            cities = [Answer(city, placed,
                             rescore(self, self.cm, i, city, self.pool, Status.FEASIBLE))
                      for i, (city, placed) in enumerate(answers)]
            self.best.update(value=value, cities=cities)
        except Exception as err:  # noqa: BLE001 - raised again once the solver returns
            self.best["error"] = err
            self.StopSearch()


def solve_model(cm: CityModel, pool: Pool, budget: Budget, workers: int, progress: Progress | None,
         decode: Callable[[float], int], *, probing: bool = True
         ) -> tuple[Status, int | None, float, list[Answer]]:
    """Solve within ``budget`` (its work is spent); exclude any city legal play cannot build
    and solve again.  ``probing=False`` skips presolve's probing: on the pair model it took
    about 3 of the 4.6 s presolve needed on the shipped example, before
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
        problems = [order_problems(city, pool, placed, which=i)
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
