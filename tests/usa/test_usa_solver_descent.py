"""The caps and the descent on exact totals are proofs: on small pools every category's cap
bounds the exhaustive best, and the descent, handed only a first city, proves the exhaustive
best and an order of play the rules engine replays."""

from __future__ import annotations

import pytest

from solver.common.status import Status
from solver.usa.cpsat.caps import category_caps
from solver.usa.cpsat.categories import CATEGORY_MODELS
from solver.usa.cpsat.solve import solve_by_descent
from solver.usa.game.pool import Pool
from solver.usa.scoring.categories import score_city
from tests.usa.bruteforce import best_score, replay
from tests.usa.test_usa_solver_bruteforce import (
    TURN_ORDER_BINDS,
    area_size_pool,
    geometry_pool,
    light_stops_at_first_city,
    pieces_pool,
)

pytestmark = pytest.mark.exhaustive

POOLS = {
    "geometry 0": lambda: geometry_pool(0),
    "geometry 3": lambda: geometry_pool(3),
    "pieces 1": lambda: pieces_pool(1),
    "pieces 2": lambda: pieces_pool(2),
    "area sizes 1": lambda: area_size_pool(1),
    "turn order (1x3)": lambda: TURN_ORDER_BINDS["one voluntary bridge a turn (1x3)"][0],
}


@pytest.fixture
def first_city_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first search stops at its first city, so the descent has the proof to make."""
    light_stops_at_first_city(monkeypatch)


@pytest.mark.parametrize("name", POOLS)
def test_the_caps_bound_the_exhaustive_best(name: str) -> None:
    pool: Pool = POOLS[name]()
    caps = category_caps(pool, 20.0)
    assert set(caps) == set(CATEGORY_MODELS)
    assert sum(caps.values()) >= best_score(pool)


@pytest.mark.parametrize("name", POOLS)
def test_the_descent_proves_the_exhaustive_best(name: str, first_city_only: None) -> None:
    pool: Pool = POOLS[name]()
    result = solve_by_descent(pool, deterministic_time=60.0, caps_work=5.0, first_work=5.0)
    assert result.status == Status.OPTIMAL
    assert result.city is not None
    assert result.score == best_score(pool) == score_city(result.city).total
    built = replay(pool, list(result.order))
    assert built.tiles == result.city.tiles and built.bridges == result.city.bridges
