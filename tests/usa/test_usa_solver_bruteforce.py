"""`optimal` is a proof: on small pools (1x2, 1x3 and 2x2 cities, few pieces) no finished city
that legal play builds scores more than the solver's answer, and the answer scores the best
there is. Legal play follows the rulebook's turn order: the starting tile grants no bridge,
each city tile brings the bridges its dead ends force and at most one voluntary bridge."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ortools.sat.python import cp_model

from solver.common.status import Status
from solver.usa.cpsat import race as race_module
from solver.usa.cpsat.layout import new_city_model
from solver.usa.cpsat.solve import claim_met, solve_pool
from solver.usa.game.components import (
    load_components,
)
from solver.usa.game.pool import Pool, pool_from_json
from solver.usa.rules.order import play_order
from solver.usa.scoring.categories import score_city
from tests.usa.bruteforce import (
    Layout,
    best_score,
    layout_key,
    layouts,
    legal_layouts,
    replay,
)
from tests.usa.pools import SYMMETRIC, components, geometry_pool, pieces_pool

pytestmark = pytest.mark.exhaustive

def check_against_bruteforce(pool: Pool, best: int | None = None, *,
                             then_strong: bool = False) -> None:
    """The solver's optimum is the exhaustive best, and its order of play replays in turn
    order through the rules engine to its city."""
    result = solve_pool(pool, time_limit=120, workers=1, then_strong=then_strong)
    best = best_score(pool) if best is None else best
    assert result.status == Status.OPTIMAL
    assert result.city is not None
    assert result.score == best == score_city(result.city).total
    built = replay(pool, list(result.order))
    assert built.tiles == result.city.tiles and built.bridges == result.city.bridges


@pytest.mark.parametrize("pool", [0, 1, 2])
def test_the_strong_search_after_the_light_one_proves_the_exhaustive_best(
        pool: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """One worker, ``then_strong``: the light search here stops at its first city, so the
    strong search, hinted with it, has the proof to make."""
    real = race_module.light

    def first_city(params: Any, time_limit: float | None,
                   deterministic_time: float | None) -> None:
        real(params, time_limit, deterministic_time)
        params.stop_after_first_solution = True

    monkeypatch.setattr(race_module, "light", first_city)
    pools = [geometry_pool(0), pieces_pool(1),
             TURN_ORDER_BINDS["one voluntary bridge a turn (1x3)"][0]]
    check_against_bruteforce(pools[pool], then_strong=True)


def test_a_city_found_short_of_the_optimum_claims_what_it_meets() -> None:
    """A search stopped short may leave an achievement its city meets unclaimed; the answer
    claims it, as the model's exact count of that city does (else the re-score disagrees)."""
    pool = geometry_pool(0)
    result = solve_pool(pool, time_limit=120, workers=1)
    assert result.city is not None and result.city.achievements == (("back-bay", 5),)
    unclaimed = result.city.with_changes(achievements=())
    claimed = claim_met(unclaimed, pool)
    assert claimed.achievements == result.city.achievements
    assert score_city(claimed).total == result.score == score_city(unclaimed).total + 5


@pytest.mark.parametrize("seed", range(6))
def test_geometry_optimum_is_the_exhaustive_best(seed: int) -> None:
    check_against_bruteforce(geometry_pool(seed))


@pytest.mark.parametrize("seed", range(6))
def test_pieces_and_features_optimum_is_the_exhaustive_best(seed: int) -> None:
    check_against_bruteforce(pieces_pool(seed))


def area_size_pool(seed: int) -> Pool:
    """Yachts and benches on tiles whose streets cut areas: sizes read from shapes."""
    rng = random.Random(seed)
    comps = components(SYMMETRIC)
    return pool_from_json({
        "game": "cities-usa", "size": [2, 2], "start": rng.choice(["s-1", "s-2"]),
        "tiles": rng.sample([f"c-{i}" for i in range(1, 7)], 3), "bridges": 0,
        "features": rng.sample(["yacht-1", "yacht-2", "yacht-3", "yacht-4+", "bench-1",
                                "bench-2", "bench-3", "bench-4+"], 2)}, comps)


@pytest.mark.parametrize("seed", [1, 2])
def test_area_sizes_optimum_is_the_exhaustive_best(seed: int) -> None:
    check_against_bruteforce(area_size_pool(seed))


def usa_pool(size: list[int], start: str, tiles: list[str], bridges: int,
             cards: list[str]) -> Pool:
    """A pool of the sample components: tiles, bridges and cards only."""
    return pool_from_json({"game": "cities-usa", "size": size, "start": start, "tiles": tiles,
                           "bridges": bridges, "cards": cards})


# Pools where the turn order binds: the exhaustive best in turn order, and the best if bridges
# could be laid at any time, any number of them (after the starting tile too).
TURN_ORDER_BINDS = {
    "one city tile, three bridges": (
        usa_pool([1, 2], "start-2", ["city-11"], 3, ["protected-areas"] * 2), 4, 8),
    "no bridge after the starting tile": (
        usa_pool([1, 2], "start-2", ["city-31", "city-05"], 3, ["protected-areas"] * 2), 6, 8),
    "one voluntary bridge a turn (1x2)": (
        usa_pool([1, 2], "start-2", ["city-23"], 3, ["pocket-parks", "protected-areas"]), 6, 9),
    "one voluntary bridge a turn (1x3)": (
        usa_pool([1, 3], "start-2", ["city-26", "city-24"], 3,
                 ["nature-trails", "pocket-parks"]), 4, 5),
    "two turns, three bridges wanted (1x3)": (
        usa_pool([1, 3], "start-3", ["city-01", "city-08"], 3,
                 ["nature-trails", "pocket-parks"]), 3, 5),
}


@pytest.mark.parametrize("name", TURN_ORDER_BINDS)
def test_where_the_turn_order_binds_the_optimum_is_the_exhaustive_best(name: str) -> None:
    pool, best, any_time = TURN_ORDER_BINDS[name]
    assert best_score(pool) == best < best_score(pool, any_time=True) == any_time
    check_against_bruteforce(pool, best)


# Pools on which every layout is tried by the order search and every game is played.
ORDER_POOLS = {
    "1x2": TURN_ORDER_BINDS["one city tile, three bridges"][0],
    "1x2, a tile to choose": TURN_ORDER_BINDS["no bridge after the starting tile"][0],
    "1x3": TURN_ORDER_BINDS["one voluntary bridge a turn (1x3)"][0],
    "2x2": pool_from_json({"game": "cities-usa", "size": [2, 2], "start": "s-1",
                           "tiles": ["c-2", "c-3", "c-4"], "bridges": 2},
                          components(SYMMETRIC)),
}


@pytest.mark.parametrize("name", ORDER_POOLS)
def test_the_order_search_builds_exactly_what_legal_games_build(name: str) -> None:
    pool = ORDER_POOLS[name]
    games = legal_layouts(pool)
    found = 0
    for city in layouts(pool):
        order = play_order(city, pool.bridges)
        assert (order is not None) == (layout_key(city) in games), city.bridges
        if order is not None:
            found += 1
            built = replay(pool, order)
            assert built.tiles == city.tiles and built.bridges == city.bridges
    assert found == len(games) > 0


def model_layouts(pool: Pool) -> set[Layout]:
    """Every layout the model's tiles, rotations and bridges allow (before any scoring)."""
    cm = new_city_model(pool)
    found: set[Layout] = set()

    class Collect(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:
            found.add((frozenset((p, t, r) for (t, p, r), v in cm.placed.items() if self.Value(v)),
                       frozenset(k for k, v in cm.bridge.items() if self.Value(v))))

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    solver.Solve(cm.m, Collect())
    return found


@pytest.mark.parametrize("name", ORDER_POOLS)
def test_the_models_bridge_limits_keep_every_legal_game(name: str) -> None:
    """Sound: every layout a legal game builds is the model's (its starting tile as the model
    lays it: the city turned round is the same city). Tighter than a count of bridges: a pool
    with one city tile builds at most one bridge beyond the forced ones."""
    pool = ORDER_POOLS[name]
    model = model_layouts(pool)
    start_turns = {r for (t, _, r) in new_city_model(pool).placed if t == pool.start}
    legal = {key for key in legal_layouts(pool)
             if next(r for _, t, r in key[0] if t == pool.start) in start_turns}
    assert legal and legal <= model
    if pool.places == 2:
        assert max(len(bridges) for _, bridges in model) <= 2 < pool.bridges


@pytest.mark.parametrize("bridges", [2, 3])
def test_two_by_two_with_more_bridges_is_the_exhaustive_best(bridges: int) -> None:
    check_against_bruteforce(pool_from_json(
        {"game": "cities-usa", "size": [2, 2], "start": "s-1", "tiles": ["c-2", "c-3", "c-4"],
         "bridges": bridges, "cards": ["protected-areas", "city-blocks"]},
        components(SYMMETRIC)))


NEIGHBOURHOOD_CARDS = ["protected-areas", "nature-trails", "city-blocks", "pocket-parks",
                       "mixed-use", "downtown", "lakes", "green-belt"]
SAMPLE = load_components()


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_random_small_pools_meet_the_exhaustive_best(data: st.DataObject) -> None:
    size = data.draw(st.sampled_from([[1, 2], [2, 1], [1, 3]]))
    places = size[0] * size[1]
    more = 1 if places == 2 else 0  # a tile to choose where the search stays short
    pool = usa_pool(size, data.draw(st.sampled_from(sorted(SAMPLE.starting_tiles))),
                    data.draw(st.lists(st.sampled_from(sorted(SAMPLE.city_tiles)),
                                       min_size=places - 1, max_size=places - 1 + more,
                                       unique=True)),
                    data.draw(st.integers(0, 3)),
                    data.draw(st.lists(st.sampled_from(NEIGHBOURHOOD_CARDS), min_size=1,
                                       max_size=2, unique=True)))
    check_against_bruteforce(pool)
