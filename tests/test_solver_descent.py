"""The descent (``cpsat.city.descent``): exact splits level by level, against exhaustive search,
with layouts legal play cannot build, time limits, exclusions and required scores."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise
from pathlib import Path

import pytest

import solver.twocities.cpsat.model.answers as answers_module
from solver.common.sat import Budget
from solver.twocities.cpsat.city.descent import descend
from solver.twocities.cpsat.city.solve import solve_pool
from solver.twocities.cpsat.model.values import city_values
from solver.twocities.game.city import Context
from solver.twocities.game.components import parse_mat
from solver.twocities.game.pool import Pool, load_pool
from solver.twocities.game.rulesets import load_ruleset
from solver.twocities.game.tiles import parse_tile
from solver.twocities.rules.order import order_problems
from solver.twocities.scoring.categories import score_city
from tests.support.bruteforce import brute_force_best, tiny_rules

EXAMPLES = Path(__file__).parent.parent / "examples"


def mat_pool() -> Pool:
    """A 4x4 square around a small mat with a bridge: mat positions, bridges, landscape."""
    mat = parse_mat({"grid": ["~ ~ .", ". ~ ~", ". ~ ."], "bridges": [[[0, 2], [2, 2]]]})
    rules = replace(load_ruleset("essential", "standard"), size=4, singles=7)
    tiles = tuple(parse_tile(t) for t in ["S"] * 3 + ["P"] * 2 + ["Tm", "O", "S|S", "P/H"])
    return Pool(rules, (mat,), tiles, Context((3,), ()))


@pytest.mark.exhaustive
def test_the_descent_around_a_mat_matches_exhaustive_search() -> None:
    pool = mat_pool()
    best = brute_force_best(pool)
    # about 12 s with two workers and 23 s with one on a quiet machine: the limit is room for
    # a loaded one, never what decides
    for workers in (1, 2):
        result = solve_pool(pool, time_limit=300, workers=workers, caps=True)
        assert (result.status, result.score, result.bound) == ("optimal", best, best)


@pytest.mark.exhaustive
def test_a_split_whose_city_legal_play_cannot_build_is_searched_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The first city a check finds is refused (as if legal play could not build it): the
    check forbids that layout and searches again, and the optimum is unchanged."""
    pool = mat_pool()
    best = brute_force_best(pool)
    calls = {"n": 0}

    def refuse_the_first(city: object, pool_: object, placed: object, which: int = 0
                         ) -> list[str]:
        calls["n"] += 1
        return ["refused by the test"] if calls["n"] == 1 else order_problems(
            city, pool_, placed, which=which)  # type: ignore[arg-type]

    monkeypatch.setattr(answers_module, "order_problems", refuse_the_first)
    result = solve_pool(pool, time_limit=300, workers=1, caps=True)
    assert calls["n"] >= 2
    assert (result.status, result.score) == ("optimal", best)


@pytest.mark.slow
def test_excluding_the_optimum_and_requiring_its_score() -> None:
    """As the daily puzzles count layouts: another city at the optimum, or a proof that none
    exists; and a required score above the optimum is infeasible."""
    pool = mat_pool()
    # Work limits, not the clock: the proofs must not depend on how busy the machine is.
    budget = {"time_limit": 600, "deterministic_time": 120.0, "workers": 1, "caps": True}
    first = solve_pool(pool, **budget)  # type: ignore[arg-type]
    again = solve_pool(pool, exclude=[first.city], min_score=first.score,
                       **budget)  # type: ignore[arg-type]
    assert again.status in ("optimal", "infeasible")
    if again.status == "optimal":
        assert again.score == first.score and again.city.grid != first.city.grid
    above = solve_pool(pool, min_score=first.score + 1, **budget)  # type: ignore[arg-type]
    assert above.status == "infeasible"


def test_a_standard_pool_is_proven_and_its_answer_rescored_and_legal() -> None:
    pool = load_pool(EXAMPLES / "pool-standard.json")
    result = solve_pool(pool, time_limit=60, workers=2)
    assert result.status == "optimal" and result.score == result.bound
    assert score_city(result.city).total == result.score
    assert order_problems(result.city, pool, result.placements) == []


@pytest.mark.slow
def test_one_worker_with_a_work_limit_gives_the_same_answer_every_time() -> None:
    pool = load_pool(EXAMPLES / "pool-standard.json")
    runs = [solve_pool(pool, time_limit=None, workers=1, deterministic_time=20)
            for _ in range(2)]
    assert runs[0].status == runs[1].status == "optimal"
    assert runs[0].city == runs[1].city


def test_a_descent_out_of_time_says_what_it_knows() -> None:
    pool = load_pool(EXAMPLES / "pool-standard.json")
    outcome = descend(pool, city_values(pool).caps(), Budget.start(0.0, None), workers=2)
    assert outcome.status == "unknown" and outcome.best is None
    assert outcome.bound == sum(city_values(pool).caps().values())


def test_the_descent_reports_progress_with_a_bound_never_below_the_score() -> None:
    pool = replace(mat_pool(), rules=replace(tiny_rules(4, 7), modules={
        "mats": True, "civics": True, "districts": True}))
    seen: list[tuple[int | None, int]] = []
    result = solve_pool(pool, time_limit=300, workers=1, caps=True,
                        progress=lambda score, bound, _s: seen.append((score, bound)))
    assert result.status == "optimal"
    # before the first city the bound alone (score None), then never below the score
    assert seen and all(score is None or score <= bound for score, bound in seen)
    assert all(later <= earlier for (_, earlier), (_, later) in pairwise(seen))
    assert all(bound >= result.score for _, bound in seen)
    assert seen[-1] == (result.score, result.bound)
