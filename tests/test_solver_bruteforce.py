"""The solver's optimum against exhaustive search on pools small enough to enumerate.

Tiny cities (a 3x3 square, or a 4x4 square around a small mat) use a ruleset with fewer tiles;
the rules of scoring and legality are the real ones.  Every layout the pool allows is scored by
the scorer; the best one legal play can build must score exactly what the solver proves.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings

from solver.twocities.cpsat.city.solve import solve_pool
from solver.twocities.game.city import Context, District
from solver.twocities.game.components import parse_mat
from solver.twocities.game.pool import Pool
from solver.twocities.game.rulesets import load_ruleset
from solver.twocities.game.tiles import parse_tile
from tests.support.bruteforce import brute_force_best, tiny_pools, tiny_rules

pytestmark = pytest.mark.exhaustive


@settings(max_examples=8, deadline=None)
@given(tiny_pools())
def test_solver_matches_exhaustive_search_on_tiny_cities(pool: Pool) -> None:
    result = solve_pool(pool, time_limit=30, workers=1)
    assert result.status == "optimal"
    assert result.score == brute_force_best(pool)


def test_solver_matches_exhaustive_search_around_a_mat() -> None:
    """A 4x4 square around a small mat with a bridge: mat positions, bridges and landscape."""
    mat = parse_mat({"grid": ["~ ~ .", ". ~ ~", ". ~ ."], "bridges": [[[0, 2], [2, 2]]]})
    rules = replace(load_ruleset("essential", "standard"), size=4, singles=7)
    tiles = tuple(parse_tile(t) for t in ["S"] * 5 + ["P"] * 2 + ["S|S", "P/H"])
    pool = Pool(rules, (mat,), tiles, Context((3,), ()))
    result = solve_pool(pool, time_limit=30, workers=1)
    assert result.status == "optimal"
    assert result.score == brute_force_best(pool)


def test_choosing_from_a_larger_pool_matches_exhaustive_search() -> None:
    rules = tiny_rules(3, 5)
    tiles = tuple(parse_tile(t) for t in ["S", "S", "S", "P", "P", "H", "F", "S|S", "P/H", "F|O"])
    pool = Pool(rules, (), tiles, Context((2,), (District(frozenset({"shop", "office"}), (9, 3),
                                                           (3,)),)))
    result = solve_pool(pool, time_limit=30, workers=1)
    assert result.status == "optimal"
    assert result.score == brute_force_best(pool)
    assert Counter(p.tile.token for p in result.placements) <= Counter(t.token for t in tiles)

