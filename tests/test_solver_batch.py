"""Several splits of one total in one check (``descent._batch_model``): the same cities as
the splits one at a time, and the same optimum as exhaustive search."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from ortools.sat.python import cp_model

import solver.twocities.cpsat.city.descent as descent_module
from solver.common.sat import Budget
from solver.twocities.cpsat.city.descent import _Descent, _Space, _Task
from solver.twocities.cpsat.city.solve import solve_pool
from solver.twocities.cpsat.model.values import city_values, splits
from solver.twocities.game.city import Context, District
from solver.twocities.game.pool import Pool
from solver.twocities.game.tiles import parse_tile
from tests.support.bruteforce import brute_force_best, tiny_pools, tiny_rules
from tests.support.sat import holds


def _levels(pool: Pool, below: int) -> list[tuple[int, list[dict[str, int]]]]:
    values = city_values(pool)
    top = sum(values.caps().values())
    return [(t, found) for t in range(top, top - below, -1)
            if len(found := splits(values.values, values.caps(), t)) > 1]


@settings(max_examples=6, deadline=None)
@given(tiny_pools())
def test_one_check_of_a_totals_splits_holds_a_city_exactly_when_one_split_does(
        pool: Pool) -> None:
    """The model alone (no legality): the batch is feasible if and only if some split is."""
    values = city_values(pool)
    run = _Descent(pool, values.caps(), Budget.start(60, None), (), None, None)
    space = _Space(values, values.caps(), pool)
    cm = run._model_of(space)
    for total, found in _levels(pool, 6):
        alone = [holds(run._split_model(_Task(space, [s], total), cm)) for s in found]
        together = holds(run._split_model(_Task(space, found, total), cm))
        assert together == any(alone), (total, found, alone)


#: 3x3 cities with several splits at a total the descent checks (above the optimum, or it).
DESCENDING = (["O", "C+FS-O", "P", "Tf", "C+PH-T", "S/F", "O|H"],
              ["H", "O", "S", "F", "C+FS-O", "P/H", "S|S"],
              ["C+PH-T", "F", "Tf", "O", "O", "F|O", "O|H"])


def _tiny(tokens: list[str]) -> Pool:
    tiles = tuple(parse_tile(t) for t in tokens)
    return Pool(tiny_rules(3, 5), (), tiles,
                Context((2,), (District(frozenset({"shop", "office"}), (9, 3), (3,)),)))


@pytest.mark.parametrize("tokens", DESCENDING)
def test_batched_checks_prove_the_exhaustive_optimum(tokens: list[str]) -> None:
    pool = _tiny(tokens)
    best = brute_force_best(pool)
    assert best is not None
    assert any(t >= best for t, _ in _levels(pool, 20)), "several splits at or above the best"
    batched = []
    real = descent_module._batch_model

    def spy(task: _Task, cm: object) -> cp_model.CpModel:
        batched.append(len(task.splits))
        return real(task, cm)  # type: ignore[arg-type]

    descent_module._batch_model = spy  # type: ignore[assignment]
    try:
        for workers in (1, 2):
            result = solve_pool(pool, time_limit=30, workers=workers)
            assert (result.status, result.score, result.bound) == ("optimal", best, best)
    finally:
        descent_module._batch_model = real  # type: ignore[assignment]
    assert batched and max(batched) > 1


@settings(max_examples=6, deadline=None)
@given(tiny_pools())
def test_batched_descent_matches_exhaustive_search_on_tiny_cities(pool: Pool) -> None:
    result = solve_pool(pool, time_limit=30, workers=2)
    assert result.status == "optimal"
    assert result.score == brute_force_best(pool)
