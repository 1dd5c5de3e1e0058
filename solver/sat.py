"""CP-SAT settings and readings every solve shares (the full model's and each category cap's).

>>> from ortools.sat.python import cp_model
>>> solver = cp_model.CpSolver()
>>> safe_presolve(solver.parameters)
>>> solver.parameters.presolve_inclusion_work_limit
0
"""

from __future__ import annotations

import math
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
