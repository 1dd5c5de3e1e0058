"""A check as cases (``descent._cases``: the mat's positions shared among the workers): the
cases together hold a city exactly when the check does, and the descent by cases proves the
exhaustive optimum around a mat."""

from __future__ import annotations

import threading
from dataclasses import replace

import pytest

import solver.twocities.cpsat.city.descent as descent_module
from solver.common.sat import Budget
from solver.twocities.cpsat.city.caps import solved_caps
from solver.twocities.cpsat.city.descent import _Descent, _Space, _Task, descend
from solver.twocities.cpsat.city.solve import solve_pool
from solver.twocities.cpsat.model.values import city_values, splits
from solver.twocities.game.city import Context, District
from solver.twocities.game.components import parse_mat
from solver.twocities.game.pool import Pool
from solver.twocities.game.rulesets import load_ruleset
from solver.twocities.game.tiles import parse_tile
from tests.support.bruteforce import brute_force_best
from tests.support.sat import holds

#: A 4x4 square around a small mat with a bridge (four positions), tiles to fill it.
MAT = {"grid": ["~ ~ .", ". ~ ~", ". ~ ."], "bridges": [[[0, 2], [2, 2]]]}
TILES = (["S"] * 5 + ["P"] * 2 + ["S|S", "P/H"], ["P"] * 4 + ["H"] * 3 + ["S/F", "P/H"])


def _pool(tokens: list[str]) -> Pool:
    rules = replace(load_ruleset("essential", "standard"), size=4, singles=7)
    tiles = tuple(parse_tile(t) for t in tokens)
    return Pool(rules, (parse_mat(MAT),), tiles,
                Context((3,), (District(frozenset({"shop", "office"}), (9, 3), (3,)),)))


def test_the_cases_hold_a_city_exactly_when_the_check_does() -> None:
    """The model alone (no legality), splits of the top totals: whole, and as 2 or 3 cases
    (the mat's four positions shared two and two, or two, one and one)."""
    pool = _pool(TILES[0])
    values = city_values(pool)
    top = sum(values.caps().values())
    run = _Descent(pool, values.caps(), Budget.start(60, None), (), None, None, 2)
    space = _Space(values, values.caps(), pool)
    cm = run._model_of(space)
    assert len(cm.grids[0].offsets) > 1
    asked = 0
    for total in range(top, top - 6, -1):
        for split in splits(values.values, values.caps(), total)[:2]:
            whole = holds(run._split_model(_Task(space, [split], total), cm))
            for n in (2, 3):
                held = []
                for k in range(n):
                    model = run._split_model(_Task(space, [split], total), cm)
                    model.AddBoolOr([o.lit for o in cm.grids[0].offsets[k::n]])
                    held.append(holds(model))
                assert any(held) == whole, (total, split, n, held)
            asked += 1
    assert asked


@pytest.mark.exhaustive
@pytest.mark.parametrize("tokens", TILES)
def test_the_descent_by_cases_proves_the_exhaustive_optimum(tokens: list[str]) -> None:
    pool = _pool(tokens)
    best = brute_force_best(pool)
    assert best is not None
    cased = []
    real = _Descent._check

    def spy(self: _Descent, task: _Task) -> object:
        cased.append(task.cases)
        return real(self, task)

    descent_module._Descent._check = spy  # type: ignore[method-assign]
    try:
        result = solve_pool(pool, time_limit=30, workers=2)
        assert (result.status, result.score, result.bound) == ("optimal", best, best)
        assert max(cased) == 2  # a check was asked as cases
        cased.clear()
        result = solve_pool(pool, time_limit=None, deterministic_time=30, workers=2)
        assert (result.status, result.score, result.bound) == ("optimal", best, best)
        assert set(cased) == {1}  # a reproducible solve asks each check whole
    finally:
        descent_module._Descent._check = real  # type: ignore[method-assign]


@pytest.mark.exhaustive
@pytest.mark.parametrize("tokens", TILES)
def test_the_refining_thread_asks_a_check_before_its_caps_and_the_proof_holds(
        tokens: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """With two workers, the thread that solves the refined caps takes a check first (the
    top total's cases start on both threads), then its caps, which bound every check after;
    the answer is the exhaustive optimum."""
    pool = _pool(tokens)
    best = brute_force_best(pool)
    counted = city_values(pool).caps()
    real = _Descent._check
    events: dict[int, list[str]] = {}  # each thread's checks and caps, in order

    def spy(self: _Descent, task: _Task) -> object:
        events.setdefault(threading.get_ident(), []).append("check")
        return real(self, task)

    def refine(register: object) -> dict[str, int]:
        events.setdefault(threading.get_ident(), []).append("caps")
        return solved_caps(pool, register)  # type: ignore[arg-type]

    monkeypatch.setattr(_Descent, "_check", spy)
    outcome = descend(pool, dict(counted), Budget.start(30, None), 2, refine=refine)
    assert outcome.best is not None
    assert (outcome.status, outcome.bound, outcome.best.score.total) == ("optimal", best, best)
    refining = [e for e in events.values() if "caps" in e]
    if refining:  # the descent may settle before the refining thread's first check ends
        assert refining[0].index("caps") == 1
