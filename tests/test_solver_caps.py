"""Category caps: each is the most its category scores over every city the pool can make."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

import solver.twocities.cpsat.city.solve as solve_mod
from solver.twocities.cpsat.city.caps import (
    caps_pay,
    category_cap,
    category_caps,
    district_cap,
    may_fall,
    solved_caps,
)
from solver.twocities.cpsat.city.solve import solve_pool
from solver.twocities.cpsat.model.values import city_values
from solver.twocities.cpsat.settings import ProofSettings
from solver.twocities.game.city import Context
from solver.twocities.game.pool import Pool, pool_from_json
from solver.twocities.game.tiles import parse_tile
from solver.twocities.game.vocab import CATEGORIES, OFFICE, SHOP
from solver.twocities.rules.order import order_problems
from solver.twocities.scoring.categories import score_city
from tests.support.bruteforce import all_cities, brute_force_best, tiny_pools, tiny_rules

REFINED = ProofSettings().refined  # the caps solved beside the first checks


@settings(max_examples=6, deadline=None)
@given(tiny_pools().filter(lambda pool: pool.uses_all))
def test_each_cap_is_the_best_its_category_scores_in_any_city(pool) -> None:
    """Solved caps are each category's best; the districts' counted cap only bounds it."""
    cities = [city for city, _ in all_cities(pool)]
    best = {name: max(score_city(city, pool.rules).categories[name] for city in cities)
            for name in CATEGORIES}
    for deterministic in (True, False):
        caps = category_caps(pool, workers=1, time_limit=30, deterministic=deterministic)
        assert caps == {**best, "district": caps["district"]}
        assert caps["district"] == district_cap(pool) >= best["district"]
    assert category_cap(pool, "district", time_limit=30) == best["district"]
    counted = city_values(pool).caps()
    assert all(counted[name] >= best[name] for name in CATEGORIES)


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


@pytest.mark.slow
def test_the_full_solve_of_a_pool_with_tiles_to_choose_skips_the_caps(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Categories trade tiles when the city chooses them, so caps alone are loose: the full
    solve without the descent skips them (the descent uses them beside each composition's)."""
    def no_caps(*_args: object, **_kw: object) -> dict[str, int]:
        raise AssertionError("caps solved for a pool with tiles to choose")

    monkeypatch.setattr(solve_mod, "caps_within", no_caps)
    pool = standard_pool(["S"])
    assert not pool.uses_all
    # A work limit, not a clock: the answer must not depend on how busy the machine is.
    result = solve_pool(pool, time_limit=120, workers=1, deterministic_time=4.0, descent=False)
    assert result.status in ("optimal", "feasible")


@pytest.mark.exhaustive
@settings(max_examples=8, deadline=None)
@given(tiny_pools().filter(lambda pool: pool.uses_all))
def test_the_descent_matches_exhaustive_search(pool: Pool) -> None:
    """With the caps on, a city that takes every tile is proven by descent through exact
    scores (one check at a time, or two threads with the caps refined beside the first
    checks); the answer is the exhaustive optimum, and the full solve alone agrees."""
    best = brute_force_best(pool)
    descended = solve_pool(pool, time_limit=30, workers=1, caps=True)
    full = solve_pool(pool, time_limit=30, workers=1, caps=True, descent=False)
    assert descended.status == full.status == "optimal"
    assert descended.score == full.score == best
    assert descended.bound == best <= sum(category_caps(pool, workers=1).values())
    two = solve_pool(pool, time_limit=30, workers=2, caps=True)
    assert (two.status, two.score, two.bound) == ("optimal", best, best)


def test_a_city_meeting_every_cap_is_optimal_with_the_caps_as_its_proof() -> None:
    pool = pool_from_json({"variant": "beginner", "tiles": ["P"] * 12 + ["P|P", "P/P"]})
    caps = category_caps(pool, workers=1)
    for workers in (1, 2):  # one check at a time, or two threads
        result = solve_pool(pool, time_limit=30, workers=workers, caps=True)
        assert (result.status, result.score, result.bound) == ("optimal", 25, 25)
        assert result.breakdown.categories == caps


def test_caps_that_cannot_all_be_met_lower_the_bound_and_the_full_solve_proves_the_rest(
        ) -> None:
    """A 3x3 city of factories, an office and a house: houses away from factories and
    offices next to the tavern cannot all happen at once, so the caps' sum is not reached."""
    tiles = tuple(parse_tile(t) for t in ["Tf", "F", "F", "F", "F", "F|O", "O|H"])
    pool = Pool(tiny_rules(3, 5), (), tiles, Context((0,), ()))
    caps = category_caps(pool, workers=1)
    result = solve_pool(pool, time_limit=30, workers=1, caps=True)
    assert result.status == "optimal"
    assert result.score == brute_force_best(pool) < sum(caps.values())


def test_a_min_score_above_the_caps_sum_is_infeasible_without_a_solve(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pool = pool_from_json({"variant": "beginner", "tiles": ["P"] * 12 + ["P|P", "P/P"]})

    def no_model(*_args: object, **_kw: object) -> None:
        raise AssertionError("a model was built")

    two = solve_pool(pool, time_limit=30, workers=2, caps=True, min_score=26)
    assert two.status == "infeasible"  # the tiles' own bound (64) is loose: refuted by checks
    monkeypatch.setattr(solve_mod, "_capped_model", no_model)
    monkeypatch.setattr(solve_mod, "descend", no_model)
    result = solve_pool(pool, time_limit=30, workers=1, caps=True, min_score=26)
    assert result.status == "infeasible"  # the solved caps (25) settle it


def test_the_caps_solved_beside_the_checks_bound_every_buildable_city() -> None:
    """``solved_caps`` (the caps the descent refines with two workers), asked on every pool,
    solves exactly ``ProofSettings.refined``, and each is at least what any city of the pool
    scores in its category."""
    every_pool = ProofSettings(shops_where_they_may_fall=False,
                               offices_where_they_may_fall=False)
    tiles = tuple(parse_tile(t) for t in ["S", "S", "S", "O", "Tf", "S|S", "O|H"])
    pool = Pool(tiny_rules(3, 5), (), tiles, Context((1,), ()))
    registered: list[object] = []
    caps = solved_caps(pool, registered.append, settings=every_pool)
    assert set(caps) == set(REFINED) and len(registered) == len(REFINED)
    best = {name: max(score_city(city, pool.rules).categories[name]
                      for city, placed in all_cities(pool)
                      if not order_problems(city, pool, placed)) for name in REFINED}
    assert all(caps[name] >= best[name] for name in REFINED)
    assert caps == best  # on a city this small, each solved cap is reached


def test_the_shops_cap_is_solved_only_where_its_counted_cap_takes_a_set_as_long_as_a_side(
        ) -> None:
    """Two shops in a 3x3 city: their counted cap (one set of two) takes no set of three,
    so ``solved_caps`` solves the offices' cap alone (the shops' on every pool when
    ``shops_where_they_may_fall`` is off); five shops' cap takes one (a set of five), so it
    is solved.  Either way the descent on two workers proves the exhaustive optimum."""
    two = Pool(tiny_rules(3, 5), (), tuple(parse_tile(t) for t in
                                           ["S", "S", "O", "Tf", "H", "F|O", "O|H"]),
               Context((1,), ()))
    five = Pool(tiny_rules(3, 5), (), tuple(parse_tile(t) for t in
                                            ["S", "S", "S", "O", "Tf", "S|S", "O|H"]),
                Context((1,), ()))
    assert not may_fall(SHOP, two, city_values(two))
    assert may_fall(SHOP, five, city_values(five))
    offices_always = ProofSettings(offices_where_they_may_fall=False)
    registered: list[object] = []
    assert set(solved_caps(two, registered.append, settings=offices_always)) == {OFFICE}
    assert len(registered) == 1
    assert set(solved_caps(five, registered.append, settings=offices_always)) == {SHOP, OFFICE}
    for pool in (two, five):
        best = brute_force_best(pool)
        result = solve_pool(pool, time_limit=30, workers=2, settings=offices_always)
        assert (result.status, result.score, result.bound) == ("optimal", best, best)
    both_always = ProofSettings(shops_where_they_may_fall=False,
                                offices_where_they_may_fall=False)
    assert set(solved_caps(two, registered.append, settings=both_always)) == {SHOP, OFFICE}


def test_the_offices_cap_is_solved_only_where_the_offices_outnumber_four_a_tavern() -> None:
    """Five offices and one tavern in a 3x3 city: not every office can be next to the
    tavern, so the offices' cap is solved, and it falls below the counted cap (every office
    next to it); two offices and one tavern: not solved (``offices_where_they_may_fall``
    off: solved).  Either way the descent on two workers proves the exhaustive optimum."""
    five = Pool(tiny_rules(3, 5), (), tuple(parse_tile(t) for t in
                                            ["O", "O", "O", "O", "Tf", "F|O", "P/H"]),
                Context((1,), ()))
    two = Pool(tiny_rules(3, 5), (), tuple(parse_tile(t) for t in
                                           ["O", "H", "P", "F", "Tf", "F|O", "P/H"]),
               Context((1,), ()))
    assert may_fall(OFFICE, five, city_values(five))
    assert not may_fall(OFFICE, two, city_values(two))
    solved = solved_caps(five, lambda solver: None)
    assert solved[OFFICE] < city_values(five).caps()[OFFICE]
    assert OFFICE not in solved_caps(two, lambda solver: None)
    for pool in (two, five):
        best = brute_force_best(pool)
        result = solve_pool(pool, time_limit=30, workers=2)
        assert (result.status, result.score, result.bound) == ("optimal", best, best)
    offices_always = ProofSettings(offices_where_they_may_fall=False)
    assert OFFICE in solved_caps(two, lambda solver: None, settings=offices_always)
