"""Two searches side by side on one model, each on its own core: one finds cities fast (a
light LP relaxation), the other proves bounds (the strongest relaxation). The race ends as
soon as a city found meets a bound proven, or at the limit.

On 3x3 pools neither search alone suffices: the light one found a 27-point city with a bound
of 55, the strong one proved the bound of 27 having found only 19 (same pool, 30 s each).
With one worker only the light search runs, and the answer is reproducible. With one worker
and ``then_strong`` the light search has half the limits, and when it has not proven its city
the strong search, hinted with that city, has the other half: both on one core, one after the
other, so a deterministic limit still reproduces the answer.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Any

from ortools.sat.python import cp_model

from solver.common.sat import configure, whole
from solver.common.status import Progress, Status


def light(params: Any, time_limit: float | None, deterministic_time: float | None) -> None:
    """One worker, the light LP relaxation: finds good cities early."""
    configure(params, time_limit, 1, deterministic_time)
    params.linearization_level = 1
    params.random_seed = 0


def strong(params: Any, time_limit: float | None, workers: int) -> None:
    """The strongest LP relaxation (``common.sat.configure``): proves bounds."""
    configure(params, time_limit, workers, None)
    params.random_seed = 0


@dataclass
class _Shared:
    began: float
    report: Progress | None
    best: int | None = None
    bound: int | None = None
    solvers: list[cp_model.CpSolver] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def found(self, value: float) -> None:
        with self.lock:
            v = whole(value)
            self.best = v if self.best is None else max(self.best, v)
        self._settle()

    def bounded(self, value: float) -> None:
        with self.lock:
            v = whole(value)
            self.bound = v if self.bound is None else min(self.bound, v)
        self._settle()

    def _settle(self) -> None:
        if self.report is not None and self.bound is not None:
            self.report(self.best, self.bound, time.monotonic() - self.began)
        if self.best is not None and self.bound is not None and self.best >= self.bound:
            for s in self.solvers:
                s.StopSearch()


class _Found(cp_model.CpSolverSolutionCallback):
    def __init__(self, shared: _Shared):
        super().__init__()
        self.shared = shared

    def on_solution_callback(self) -> None:
        self.shared.found(self.ObjectiveValue())
        self.shared.bounded(self.BestObjectiveBound())


@dataclass(frozen=True)
class Outcome:
    """The race's result: status, the solver holding the best city (None: no city), bound."""

    status: Status
    solver: cp_model.CpSolver | None
    bound: int | None


def race(model: cp_model.CpModel, time_limit: float | None, workers: int,
         deterministic_time: float | None, report: Progress | None,
         began: float, *, then_strong: bool = False) -> Outcome:
    """Solve ``model`` (a maximisation) with ``workers`` cores: the light search on one, the
    strong search on the rest (one worker and ``then_strong``: the strong search after the
    light one)."""
    if then_strong and workers == 1:
        return _light_then_strong(model, time_limit, deterministic_time, report, began)
    return _race(model, time_limit, workers, deterministic_time, report, began)


def _half(limit: float | None) -> float | None:
    return None if limit is None else limit / 2


def _light_then_strong(model: cp_model.CpModel, time_limit: float | None,
                       deterministic_time: float | None, report: Progress | None,
                       began: float) -> Outcome:
    start = time.monotonic()
    first = _race(model, _half(time_limit), 1, _half(deterministic_time), report, began)
    if first.status in (Status.OPTIMAL, Status.INFEASIBLE):
        return first
    hinted = model.Clone()
    if first.solver is not None:
        for i in range(len(hinted.Proto().variables)):
            var = hinted.GetIntVarFromProtoIndex(i)
            hinted.AddHint(var, first.solver.Value(model.GetIntVarFromProtoIndex(i)))
    shared = _Shared(began, report)
    if first.solver is not None:
        shared.found(first.solver.ObjectiveValue())
    prover = cp_model.CpSolver()
    strong(prover.parameters, None if time_limit is None
           else time_limit - (time.monotonic() - start), 1)
    if deterministic_time is not None:
        prover.parameters.max_deterministic_time = deterministic_time / 2
    prover.best_bound_callback = shared.bounded
    shared.solvers.append(prover)
    code = prover.Solve(hinted, _Found(shared))
    if code == cp_model.MODEL_INVALID:
        raise ValueError(f"invalid model: {hinted.Validate()}")
    if code == cp_model.INFEASIBLE:
        return Outcome(Status.INFEASIBLE, None, None)
    bounds = [whole(prover.BestObjectiveBound())]
    if first.bound is not None:
        bounds.append(first.bound)
    if code == cp_model.OPTIMAL:
        bounds.append(whole(prover.ObjectiveValue()))
    bound = min(bounds)
    holders = [s for s, ok in ((first.solver, first.solver is not None),
                               (prover, code in (cp_model.OPTIMAL, cp_model.FEASIBLE))) if ok]
    if not holders:
        return Outcome(Status.UNKNOWN, None, bound)
    best = max(holders, key=lambda s: s.ObjectiveValue())  # type: ignore[union-attr]
    proven = whole(best.ObjectiveValue()) >= bound  # type: ignore[union-attr]
    return Outcome(Status.OPTIMAL if proven else Status.FEASIBLE, best, bound)


def _race(model: cp_model.CpModel, time_limit: float | None, workers: int,
          deterministic_time: float | None, report: Progress | None,
          began: float) -> Outcome:
    shared = _Shared(began, report)
    finder = cp_model.CpSolver()
    light(finder.parameters, time_limit, deterministic_time)
    shared.solvers.append(finder)
    prover = None
    if workers > 1:
        prover = cp_model.CpSolver()
        strong(prover.parameters, time_limit, workers - 1)
        prover.best_bound_callback = shared.bounded
        shared.solvers.append(prover)
    finder.best_bound_callback = shared.bounded
    codes: dict[int, Any] = {}

    def run(i: int, solver: cp_model.CpSolver) -> None:
        codes[i] = solver.Solve(model, _Found(shared))
        # Either search ending ends the race: a proof or the limit (the light search's
        # deterministic limit too) settles it for both.
        for other in shared.solvers:
            other.StopSearch()

    threads = [threading.Thread(target=run, args=(i, s)) for i, s in enumerate(shared.solvers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if any(c == cp_model.MODEL_INVALID for c in codes.values()):
        raise ValueError(f"invalid model: {model.Validate()}")
    if any(c == cp_model.INFEASIBLE for c in codes.values()):
        return Outcome(Status.INFEASIBLE, None, None)
    holders = [s for i, s in enumerate(shared.solvers)
               if codes[i] in (cp_model.OPTIMAL, cp_model.FEASIBLE)]
    bounds = [whole(s.BestObjectiveBound()) for s in shared.solvers]
    bounds += [whole(s.ObjectiveValue()) for i, s in enumerate(shared.solvers)
               if codes[i] == cp_model.OPTIMAL]
    bound = min(bounds)
    if not holders:
        return Outcome(Status.UNKNOWN, None, bound)
    best = max(holders, key=lambda s: s.ObjectiveValue())
    proven = whole(best.ObjectiveValue()) >= bound
    return Outcome(Status.OPTIMAL if proven else Status.FEASIBLE, best, bound)
