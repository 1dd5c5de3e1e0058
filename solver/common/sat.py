"""CP-SAT settings and readings every solve shares (the full model's, each cap's, each check's),
and the budget of time and work they share.

>>> from ortools.sat.python import cp_model
>>> solver = cp_model.CpSolver()
>>> safe_presolve(solver.parameters)
>>> solver.parameters.presolve_inclusion_work_limit
0
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any


def safe_presolve(params: Any) -> None:
    """Switch off the presolve step that can certify a wrong optimum in this OR-Tools release.

    CP-SAT 9.15 can report OPTIMAL for a value below the true optimum after its at-most-one
    and linear inclusion step (google/or-tools#5293, open; reproduced on one worker); our
    models are full of exactly-one and linear constraints, and a wrong "proven" optimum is the
    one answer this tool must never give.  ``presolve_inclusion_work_limit = 0`` skips that
    step and keeps the rest of presolve.
    """
    params.presolve_inclusion_work_limit = 0


def whole(value: float) -> int:
    """An objective value or bound as the whole number it stands for: CP-SAT reports floats,
    and once presolve has scaled the objective a proven 25 can read 24.999999999999996
    (``int`` would make the bound 24, below the score).  Objectives are whole numbers, so a
    fractional bound rounds down.

    >>> whole(24.999999999999996), whole(25.5)
    (25, 25)
    """
    return math.floor(value + 1e-6)


def configure(params: Any, time_limit: float | None, workers: int,
              deterministic_time: float | None) -> None:
    """Solver settings that prove these models: a strong LP relaxation on every worker.

    Worker subsolvers override the global linearization level, so with several workers the
    ``max_lp`` subsolver (linearization level 2) is among them.  ``safe_presolve`` guards the
    proofs themselves.
    """
    params.num_workers = max(1, workers)
    params.linearization_level = 2
    safe_presolve(params)
    if workers > 1:
        params.extra_subsolvers.append("max_lp")
    if time_limit is not None:
        params.max_time_in_seconds = max(0.01, time_limit)
    if deterministic_time is not None:
        params.max_deterministic_time = deterministic_time


def feasibility(params: Any, time_limit: float | None, *, inprocessing: bool = True) -> None:
    """Settings for "is there a city scoring exactly this?" (``cpsat.city.descent``): one
    worker, a plain clause-learning search, light presolve.

    Exact scores per category leave no objective to bound, so the LP relaxation that proves
    optima only slows the search down.  Presolve's probing and symmetry detection took about
    0.25 s of every check; without them the checks that find a city took a median 0.23 s
    against 0.43 s (28 standard pools, the check meeting every cap), and the hard refutations
    were no slower (12 pools, within noise both ways).  One round of presolve instead of the
    default's repeats: the 12 slowest and easiest standard pools 9-10% faster in all (two
    runs, same process).  Never none: with ``max_presolve_iterations = 0`` this OR-Tools
    release (9.15) reports INFEASIBLE at once for checks that hold a city (standard pools 38
    and 46 at their top totals, with these settings and with CP-SAT's defaults alike), a
    wrong refutation, so the descent would prove a wrong optimum.

    ``inprocessing=False`` skips the SAT search's periodic inprocessing (clause vivification,
    probing and minimisation between restarts): the single-city descent's checks are short,
    and on the 50 standard pools (one worker, a work limit, both ways in one process) the
    descent took 19 % less CP-SAT work and 13 % less CPU without it, faster on 39 pools.

    >>> from ortools.sat.python import cp_model
    >>> solver = cp_model.CpSolver()
    >>> feasibility(solver.parameters, 1.0)
    >>> solver.parameters.max_presolve_iterations >= 1, solver.parameters.num_workers
    (True, 1)
    """
    params.num_workers = 1
    params.linearization_level = 0
    params.cp_model_probing_level = 0
    params.symmetry_level = 0
    params.max_presolve_iterations = 1
    if not inprocessing:
        params.use_sat_inprocessing = False
    safe_presolve(params)
    if time_limit is not None:
        params.max_time_in_seconds = max(0.01, time_limit)


@dataclass
class Budget:
    """The wall-clock seconds and CP-SAT work units (deterministic time) a solve may use;
    None: no limit of that kind.  Work is spent as solves report it (``spend``).

    >>> budget = Budget.start(None, 10.0)
    >>> budget.spend(4.0)
    >>> budget.work_left(), budget.share(0.5).work
    (6.0, 3.0)
    """

    began: float
    seconds: float | None
    work: float | None
    used: float = 0.0  # work units spent so far

    @classmethod
    def start(cls, seconds: float | None, work: float | None) -> Budget:
        return cls(time.monotonic(), seconds, work)

    def seconds_left(self) -> float | None:
        if self.seconds is None:
            return None
        return self.seconds - (time.monotonic() - self.began)

    def work_left(self) -> float | None:
        return None if self.work is None else max(0.0, self.work - self.used)

    def exhausted(self) -> bool:
        left, work = self.seconds_left(), self.work_left()
        return (left is not None and left <= 0) or (work is not None and work <= 0)

    def spend(self, work: float) -> None:
        self.used += work

    def share(self, fraction: float) -> Budget:
        """A part of what is left, from now (no limit stays no limit)."""
        left, work = self.seconds_left(), self.work_left()
        return Budget.start(None if left is None else max(0.0, left) * fraction,
                            None if work is None else work * fraction)
