"""CP-SAT settings and readings every solve shares (the full model's and each category cap's).

>>> from ortools.sat.python import cp_model
>>> solver = cp_model.CpSolver()
>>> safe_presolve(solver.parameters)
>>> solver.parameters.presolve_inclusion_work_limit
0
"""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from typing import Any

from ortools.sat.python import cp_model

#: Statuses that settle a solve: nothing another search could add.
SETTLED = (cp_model.OPTIMAL, cp_model.INFEASIBLE)


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


def feasibility(params: Any, time_limit: float | None) -> None:
    """Settings for "is there any such city?": one worker, plain clause-learning search.

    Asking each category for exactly its cap (``solver.solve``) leaves one question, whether
    any city meets them all.  The LP relaxation that proves optima only slows that search
    down where the answer comes soon: on 12 standard pools a one-worker search with no LP and
    no objective found the city or proved there is none in a median 0.75 s (two runs: 0.75
    and 0.84 s), the optimising LP search on two workers in 2.5 s.  On three of the 12 it took
    9-20 s, where the LP search was the faster, so it races that search rather than
    replacing it (``solver.solve._race_for_any_city``).
    """
    params.num_workers = 1
    params.linearization_level = 0
    safe_presolve(params)
    if time_limit is not None:
        params.max_time_in_seconds = max(0.01, time_limit)


def first_settled(runs: Sequence[tuple[cp_model.CpSolver, cp_model.CpModel,
                                       cp_model.CpSolverSolutionCallback | None]]
                  ) -> tuple[cp_model.CpSolver, int]:
    """Solve each ``(solver, model, callback)`` on its own thread, all at once; the first to
    settle (optimal or infeasible) stops the others.  Returns that solver and its status, or,
    when none settles, the first run's (the one whose answer counts then).

    The models must share their variables (``CpModel.clone``), so any solver's values read
    the same variables.
    """
    codes: dict[int, int] = {}
    errors: list[BaseException] = []
    lock = threading.Lock()

    def solve(i: int) -> None:
        solver, model, callback = runs[i]
        with lock:
            if any(c in SETTLED for c in codes.values()):  # settled before this one began
                codes[i] = cp_model.UNKNOWN
                return
        try:
            code = solver.Solve(model, callback) if callback else solver.Solve(model)
        except BaseException as err:  # noqa: BLE001 - raised again on the caller's thread
            errors.append(err)
            code = cp_model.UNKNOWN
        with lock:
            codes[i] = code
            if code in SETTLED and not any(c in SETTLED for j, c in codes.items() if j != i):
                for j, (other, _, _) in enumerate(runs):
                    if j != i:
                        other.StopSearch()

    threads = [threading.Thread(target=solve, args=(i,)) for i in range(len(runs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    winner = next((i for i in codes if codes[i] in SETTLED), 0)
    return runs[winner][0], codes[winner]
