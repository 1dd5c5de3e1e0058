"""``cpsat.box.classes``: the branch and bound over classes of counts, and the civic capacity
cut it adds, against the scorer and exhaustive search on pools small enough to enumerate."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.common.sat import Budget
from solver.twocities.cpsat.box.classes import (
    civic_capacity_holds,
    civic_slope,
    neighbour_cells,
    solve_by_classes,
)
from solver.twocities.cpsat.model import build_model
from solver.twocities.game.city import City, Context
from solver.twocities.game.components import parse_mat
from solver.twocities.game.pool import Pool
from solver.twocities.game.rulesets import load_ruleset
from solver.twocities.game.tiles import parse_tile
from solver.twocities.game.vocab import CIVIC, HOUSE, PARK
from solver.twocities.scoring.categories import score_civics
from tests.strategies import cities
from tests.support.bruteforce import brute_force_best, tiny_rules

pytestmark = pytest.mark.exhaustive

RULES = load_ruleset("essential", "standard")


@settings(max_examples=200, deadline=None)
@given(cities(min_size=2, max_size=5))
def test_the_civic_capacity_holds_in_every_city(city: City) -> None:
    """Twice the civic points are at most twice the civic tiles plus five times the civic
    tiles next to each building of another type: the cut, with each building's own civic
    neighbours in place of the most cells next to it."""
    civic_next_to_others = sum(
        sum(1 for n in city.neighbour_buildings(cell) if n.type == CIVIC)
        for cell, b in city.buildings() if b.type != CIVIC)
    assert civic_capacity_holds(score_civics(city, RULES), len(city.of_type(CIVIC)),
                                civic_next_to_others, RULES.civic_points)


@given(st.dictionaries(st.sampled_from(["none", "one_liked", "both_liked", "disliked"]),
                       st.integers(0, 9), min_size=4, max_size=4))
def test_the_civic_slope_bounds_every_tile_for_any_points(points: dict[str, int]) -> None:
    """Whatever a ruleset pays, twice a tile's points are within the capacity's terms for
    the liked types next to it."""
    base, slope = civic_slope(points)
    for liked, pay in [(0, points["none"]), (1, points["one_liked"]),
                       (2, points["both_liked"]), (0, points["disliked"]),
                       (1, points["disliked"]), (2, points["disliked"])]:
        assert 2 * pay <= base + slope * liked


def test_neighbour_cells_count_bridges_and_skip_landscape() -> None:
    mat = parse_mat({"grid": ["~ ~ .", ". ~ ~", ". ~ ."], "bridges": [[[0, 2], [2, 2]]]})
    rules = replace(RULES, size=4, singles=7)
    pool = Pool(rules, (mat,), tuple(parse_tile(t) for t in ["S"] * 7 + ["S|S", "P/H"]),
                Context((), ()))
    grid = build_model(pool).grids[0]
    most = neighbour_cells(grid)
    for offset in grid.offsets:
        for cell in grid.cells:
            if cell in offset.landscape:
                continue
            built = [n for n in grid.cells if n not in offset.landscape
                     and abs(n[0] - cell[0]) + abs(n[1] - cell[1]) == 1]
            bridged = [b for a, b in offset.bridges if a == cell] + \
                [a for a, b in offset.bridges if b == cell]
            assert len(built) + len(bridged) <= most[cell]


def _civic_pool() -> Pool:
    """A 3x3 city choosing 5 of 6 singles (two civic tiles among the types they like and
    dislike) and 2 duplexes."""
    tiles = ["C+PH-T", "C+FS-O", "P", "H", "S", "F", "P/H", "S|S"]
    return Pool(tiny_rules(3, 5), (), tuple(parse_tile(t) for t in tiles), Context((), ()))


@pytest.fixture(scope="module")
def civic_best() -> int:
    best = brute_force_best(_civic_pool())
    assert best is not None
    return best


@pytest.mark.parametrize("root", [True, False])
def test_classes_prove_the_exhaustive_optimum(root: bool, civic_best: int) -> None:
    """From the whole pool as one class, or from the first split on (every class of the
    civic count solved, then the houses' and parks' where one stays open)."""
    outcome = solve_by_classes(_civic_pool(), Budget.start(None, 60.0), root=root,
                               order=(CIVIC, HOUSE, PARK))
    assert str(outcome.status) == "optimal"
    assert outcome.best is not None
    assert outcome.best.score.total == outcome.bound == civic_best


def test_a_floor_at_the_optimum_leaves_nothing_above_it(civic_best: int) -> None:
    pool = _civic_pool()
    above = solve_by_classes(pool, Budget.start(None, 60.0), floor_score=civic_best,
                             root=False, order=(CIVIC, HOUSE))
    assert (str(above.status), above.best, above.bound) == ("unknown", None, civic_best)
    below = solve_by_classes(pool, Budget.start(None, 60.0), floor_score=civic_best - 1,
                             root=False, order=(CIVIC, HOUSE))
    assert below.best is not None and below.best.score.total == civic_best == below.bound


def test_classes_cut_short_keep_their_bound(civic_best: int) -> None:
    """Classes left open when the work runs out bound the answer: never below the optimum,
    and no class's bound is trusted before a solve has bounded it."""
    for work in (0.01, 0.2, 1.0):
        outcome = solve_by_classes(_civic_pool(), Budget.start(None, work), root=False,
                                   order=(CIVIC, HOUSE))
        assert outcome.bound is None or outcome.bound >= civic_best
        assert str(outcome.status) != "optimal" or outcome.bound == civic_best
