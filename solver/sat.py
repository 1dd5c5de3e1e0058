"""CP-SAT settings every solve shares (the full model's and each category cap's).

>>> from ortools.sat.python import cp_model
>>> solver = cp_model.CpSolver()
>>> safe_presolve(solver.parameters)
>>> solver.parameters.presolve_inclusion_work_limit
0
"""

from __future__ import annotations

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
