"""``solver.common.sat``: the shared solver settings and the budget solves share."""

from __future__ import annotations

from ortools.sat.python import cp_model

from solver.common.sat import Budget, configure, feasibility, whole


def test_a_budget_shares_what_is_left_and_spends_work() -> None:
    budget = Budget.start(None, 10.0)
    part = budget.share(0.8)
    assert (part.seconds, part.work) == (None, 8.0)
    budget.spend(2.0)
    assert budget.work_left() == 8.0 and not budget.exhausted()
    budget.spend(8.0)
    assert budget.exhausted()
    unlimited = Budget.start(None, None)
    assert unlimited.share(0.5).seconds is None and not unlimited.exhausted()
    timed = Budget.start(100.0, None)
    assert 0 < timed.share(0.5).seconds <= 50.0


def test_a_budget_of_no_seconds_is_exhausted() -> None:
    assert Budget.start(0.0, None).exhausted()


def test_checks_search_plainly_and_every_solve_presolves_safely() -> None:
    """A check (``feasibility``) runs one thread without LP, probing or symmetry; every
    solve skips the inclusion presolve that can certify a wrong optimum (or-tools#5293)."""
    check, full = cp_model.CpSolver(), cp_model.CpSolver()
    feasibility(check.parameters, 5)
    configure(full.parameters, 5, 2, None)
    assert (check.parameters.num_workers, check.parameters.linearization_level) == (1, 0)
    assert check.parameters.cp_model_probing_level == 0
    assert check.parameters.presolve_inclusion_work_limit == 0
    assert full.parameters.presolve_inclusion_work_limit == 0
    assert full.parameters.linearization_level == 2
    assert "max_lp" in full.parameters.extra_subsolvers


def test_a_plain_check_proves_an_impossible_model() -> None:
    model = cp_model.CpModel()
    x, y = model.NewBoolVar("x"), model.NewBoolVar("y")
    model.Add(x + y == 3)
    solver = cp_model.CpSolver()
    feasibility(solver.parameters, 10)
    assert solver.Solve(model) == cp_model.INFEASIBLE


def test_a_bound_read_as_a_float_rounds_to_the_whole_number_it_stands_for() -> None:
    assert whole(24.999999999999996) == 25
    assert whole(25.5) == 25
