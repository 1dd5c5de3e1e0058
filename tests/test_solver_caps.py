"""Category caps: each is the most its category scores over every city the pool can make."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

import solver.solve as solve_mod
from solver.caps import caps_pay, category_caps
from solver.model import CATEGORIES
from solver.pool import Pool, pool_from_json
from solver.scoring import score_city
from solver.solve import solve_pool
from tests.test_solver_bruteforce import all_cities, tiny_pools


@settings(max_examples=6, deadline=None)
@given(tiny_pools().filter(lambda pool: pool.uses_all))
def test_each_cap_is_the_best_its_category_scores_in_any_city(pool) -> None:
    caps = category_caps(pool, workers=1, time_limit=30)
    cities = [city for city, _ in all_cities(pool)]
    best = {name: max(score_city(city, pool.rules).categories[name] for city in cities)
            for name in CATEGORIES}
    assert caps == best


def test_caps_change_the_speed_never_the_answer() -> None:
    pool = pool_from_json({"variant": "beginner", "edition": "classic",
                           "tiles": ["S"] * 4 + ["P"] * 3 + ["O", "O", "Tm", "H", "F",
                                                              "F|O", "P/H"]})
    with_caps = solve_pool(pool, time_limit=60, workers=1, caps=True)
    without = solve_pool(pool, time_limit=60, workers=1, caps=False)
    assert with_caps.status == without.status == "optimal"
    assert with_caps.score == without.score
    caps = category_caps(pool, workers=1, time_limit=30)
    assert with_caps.score <= sum(caps.values())
    assert all(with_caps.breakdown.categories[name] <= cap for name, cap in caps.items())


STANDARD = ["F", "F", "S", "S", "S", "P", "P", "P", "O", "O", "H", "H", "Tm", "Tb",
            "C:library", "C:museum"]


def standard_pool(extra: list[str]) -> Pool:
    return pool_from_json({"variant": "standard", "mat": "lake",
                           "tiles": STANDARD + extra + ["F|O", "P/H"]})


def test_caps_are_used_only_where_they_pay() -> None:
    assert caps_pay(standard_pool([]))
    assert not caps_pay(standard_pool(["S"]))  # a tile to leave out
    assert not caps_pay(pool_from_json({"variant": "beginner",
                                        "tiles": ["P"] * 12 + ["P|P", "P/P"]}))


def test_a_pool_with_tiles_to_choose_skips_the_caps(monkeypatch: pytest.MonkeyPatch) -> None:
    """Categories trade tiles when the city chooses them, so caps would be loose: skipped."""
    def no_caps(*_args: object, **_kw: object) -> dict[str, int]:
        raise AssertionError("caps solved for a pool with tiles to choose")

    monkeypatch.setattr(solve_mod, "caps_within", no_caps)
    pool = standard_pool(["S"])
    assert not pool.uses_all
    assert solve_pool(pool, time_limit=2, workers=1).status in ("optimal", "feasible")
