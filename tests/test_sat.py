"""``solver.sat.first_settled``: solves raced on threads; the first settled one stops the rest."""

from __future__ import annotations

import time

import pytest
from ortools.sat.python import cp_model

from solver.sat import feasibility, first_settled


class _Slow(cp_model.CpSolverSolutionCallback):
    """Makes a solve that lists every solution take about a second per ten."""

    def on_solution_callback(self) -> None:
        time.sleep(0.1)


def _endless() -> tuple[cp_model.CpSolver, cp_model.CpModel, _Slow]:
    """A solve listing 2**20 solutions a tenth of a second apart: it never settles in time."""
    model = cp_model.CpModel()
    for i in range(20):
        model.NewBoolVar(f"x{i}")
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = 60
    return solver, model, _Slow()


def _impossible() -> tuple[cp_model.CpSolver, cp_model.CpModel, None]:
    model = cp_model.CpModel()
    x = model.NewBoolVar("x")
    y = model.NewBoolVar("y")
    model.Add(x + y == 3)
    solver = cp_model.CpSolver()
    feasibility(solver.parameters, 60)
    return solver, model, None


def test_the_first_settled_answer_stops_the_other_solve() -> None:
    endless, impossible = _endless(), _impossible()
    start = time.monotonic()
    solver, code = first_settled([endless, impossible])
    assert solver is impossible[0]
    assert code == cp_model.INFEASIBLE
    assert time.monotonic() - start < 30  # the endless one was stopped, not run to its limit


def test_when_nothing_settles_the_first_run_answers() -> None:
    a, b = _endless(), _endless()
    a[0].parameters.max_time_in_seconds = 0.5
    b[0].parameters.max_time_in_seconds = 0.5
    solver, code = first_settled([a, b])
    assert solver is a[0]
    assert code == cp_model.FEASIBLE


def test_an_error_on_a_solve_thread_reaches_the_caller() -> None:
    with pytest.raises(Exception):  # noqa: B017, PT011 - whatever CP-SAT raises for a non-model
        first_settled([(cp_model.CpSolver(), "not a model", None), _impossible()])
