"""The greedy placer and the difficulty rating built on it."""

from __future__ import annotations

import datetime as dt

import pytest

from puzzles.decompose import decompositions
from puzzles.difficulty import difficulty_from_json, rate
from puzzles.draw import draw_candidate
from solver.common.errors import CitiesError
from solver.twocities.game.pool import Placement, pool_from_json
from solver.twocities.game.tiles import LANDSCAPE
from solver.twocities.rules.greedy import greedy
from solver.twocities.rules.order import order_problems
from solver.twocities.scoring.categories import score_city
from solver.twocities.scoring.rivals import pair_scores


def test_greedy_all_parks_makes_one_group() -> None:
    pool = pool_from_json({"mat": "riverside", "tiles": ["P"] * 16 + ["P|P", "P/P"]})
    result = greedy(pool)
    # 20 connected parks (the bridges join the two banks): 12 + 17.
    assert result.score == 29 == score_city(result.cities[0]).total


@pytest.mark.parametrize("day", range(7))
def test_greedy_city_is_legal_and_uses_the_pool(day: int) -> None:
    date = dt.date(2026, 12, 7) + dt.timedelta(days=day)
    cand = draw_candidate(date, 0 if day < 6 else 2)  # the pair's greedy is slow; one check
    assert cand is not None
    pool = cand.pool
    result = greedy(pool)
    city = result.cities[0]
    assert all(city.at(rc) is not None for rc in city.cells())
    assert sum(city.at(rc) is LANDSCAPE for rc in city.cells()) == 5
    assert result.score == score_city(city).total
    take_s, take_d = pool.to_choose()
    from collections import Counter
    tiles = Counter(pool.tiles)
    fixed = {c for p in pool.fixed for c in p.cells}
    # Find the fixed tiles' square position: the reading is done on the non-fixed cells.
    skip = _fixed_cells(city, pool)
    assert len(skip) == len(fixed)
    readings = list(decompositions(city, tiles, take_d, frozenset(skip)))
    assert any(order_problems(city, pool, [Placement.from_cells(t, cells) for t, cells in r]) == []
               for r in readings)


def _fixed_cells(city: object, pool: object) -> set[tuple[int, int]]:
    from puzzles.grade import mat_position
    from solver.twocities.game.layout import shift

    offset = mat_position(city, pool.mat)  # type: ignore[arg-type, attr-defined]
    assert offset is not None
    return {shift(c, offset) for p in pool.fixed for c in p.cells}  # type: ignore[attr-defined]


def test_greedy_pair_splits_the_pool() -> None:
    tiles = ["P"] * 16 + ["F"] * 16 + ["P|P", "P/P", "F|O", "F/O"]
    pool = pool_from_json({"mats": ["riverside", "canal"], "tiles": tiles})
    result = greedy(pool)
    a, b = result.cities
    assert result.score == min(pair_scores(a, b))
    used = sorted(x.token for c in (a, b) for _, x in c.buildings())
    assert used == sorted(["P"] * 20 + ["F"] * 18 + ["O"] * 2)


def test_greedy_pair_steps_past_a_dead_end_at_the_middle_positions(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from solver.twocities.rules import greedy as greedy_module

    tiles = ["P"] * 16 + ["F"] * 16 + ["P|P", "P/P", "F|O", "F/O"]
    pool = pool_from_json({"mats": ["riverside", "canal"], "tiles": tiles})
    middle, second = greedy_module.pair_positions(pool)[:2]
    placed = greedy_module.greedy_at
    tried = []

    def dead_end_in_the_middle(pool_: object, spots: tuple) -> object:
        tried.append(spots)
        return None if spots == middle else placed(pool_, spots)  # type: ignore[arg-type]

    monkeypatch.setattr(greedy_module, "greedy_at", dead_end_in_the_middle)
    result = greedy(pool)
    assert tried == [middle, second]
    assert result.score == placed(pool, second).score  # type: ignore[union-attr]
    monkeypatch.setattr(greedy_module, "greedy_at", lambda *_: None)
    with pytest.raises(CitiesError, match="no way to finish the two cities"):
        greedy(pool)


def test_rating_grows_with_the_gap_and_a_unique_optimum() -> None:
    ratings = [rate(100, g, "several").rating for g in (100, 94, 90, 86, 81, 50)]
    assert ratings == sorted(ratings) and ratings[0] == 1 and ratings[-1] == 5
    assert rate(100, 94, "one").rating == rate(100, 94, "several").rating + 1
    assert rate(100, 50, "one").rating == 5
    with pytest.raises(ValueError):
        rate(80, 81, "one")


def test_difficulty_round_trips() -> None:
    d = rate(88, 79, "one")
    assert difficulty_from_json(d.to_json()) == d
    with pytest.raises(CitiesError, match="difficulty"):
        difficulty_from_json({"rating": 9})
