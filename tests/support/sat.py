"""Whether a CP-SAT model holds a city, asked as the solver's checks ask it."""

from __future__ import annotations

from ortools.sat.python import cp_model

from solver.common.sat import feasibility


def holds(model: cp_model.CpModel) -> bool:
    """The model holds a city (the checks' own settings)."""
    solver = cp_model.CpSolver()
    feasibility(solver.parameters, 30.0)
    code = solver.Solve(model)
    assert code in (cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.INFEASIBLE)
    return code != cp_model.INFEASIBLE
