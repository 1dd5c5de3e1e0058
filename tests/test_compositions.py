"""``cpsat.city.compositions``: every choice of tiles from a larger pool, with its bound.

The descent over a choose pool is only as sound as this list: a composition missing, or one
whose bound is too low, would let a level be refuted wrongly.  So every composition of small
random pools is listed by brute force (each subset of the tiles, its bound from
``city_values`` directly) and compared, and choose pools are solved against exhaustive search.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import solver.twocities.cpsat.city.compositions as compositions_mod
import solver.twocities.cpsat.city.descent as descent_mod
from solver.twocities.cpsat.city.compositions import Compositions, _choices, _ways
from solver.twocities.cpsat.city.solve import solve_pool
from solver.twocities.cpsat.model.values import city_values
from solver.twocities.cpsat.settings import ProofSettings
from solver.twocities.game.city import Context, District
from solver.twocities.game.pool import Pool
from solver.twocities.game.tiles import parse_tile
from solver.twocities.rules.order import order_problems
from solver.twocities.scoring.categories import score_city
from tests.support.bruteforce import (
    DUPLEXES,
    SINGLES,
    all_cities,
    brute_force_best,
    tiny_rules,
)

TYPE_OF = {"S": "shop", "O": "office", "P": "park", "H": "house", "F": "factory", "T": "tavern"}


@st.composite
def choose_pools(draw: st.DrawFn, spare_singles: int = 3, spare_duplexes: int = 1) -> Pool:
    """A 3x3 city (5 singles, 2 duplexes) choosing from a few more tiles than it takes."""
    rules = tiny_rules(3, 5)
    kinds = draw(st.lists(st.sampled_from(SINGLES), min_size=2, max_size=4, unique=True))
    singles = [draw(st.sampled_from(kinds))
               for _ in range(5 + draw(st.integers(0, spare_singles)))]
    duplexes = draw(st.lists(st.sampled_from(DUPLEXES), min_size=2,
                             max_size=2 + spare_duplexes))
    districts = tuple(District(frozenset(TYPE_OF[t] for t in draw(st.sampled_from(
        ["SO", "PH", "FT"]))), (8, 4), tuple(draw(st.lists(st.integers(0, 5), max_size=2))))
        for _ in range(draw(st.integers(0, 1))))
    context = Context(tuple(draw(st.lists(st.integers(0, 4), max_size=2))), districts)
    return Pool(rules, (), tuple(parse_tile(t) for t in singles + duplexes), context)


def every_composition(pool: Pool) -> dict[tuple, int]:
    """Each distinct choice of tiles (as token counts) and its counted caps' sum."""
    singles_wanted, duplexes_wanted = pool.to_choose()
    out = {}
    for s in combinations(pool.singles, singles_wanted):
        for d in combinations(pool.duplexes, duplexes_wanted):
            key = (tuple(sorted(Counter(t.token for t in s).items())),
                   tuple(sorted(Counter(t.token for t in d).items())))
            if key not in out:
                out[key] = sum(city_values(replace(pool, tiles=s + d)).caps().values())
    return out


def listed(choices: Compositions, levels: set[int]) -> dict[tuple, int]:
    out = {}
    for level in levels:
        for c in choices.at(level):
            key = (tuple(p for p in c.singles if p[1]), tuple(p for p in c.duplexes if p[1]))
            assert key not in out, key
            out[key] = c.bound
    return out


@settings(max_examples=40, deadline=None)
@given(choose_pools())
def test_every_composition_is_listed_with_its_bound(pool: Pool) -> None:
    expected = every_composition(pool)
    choices = Compositions(pool)
    assert choices.top() == max(expected.values())
    # every level from the top down to the lowest: nothing missing, nothing extra
    assert listed(choices, set(range(min(expected.values()) - 2, choices.top() + 1))) == expected


@settings(max_examples=40, deadline=None)
@given(choose_pools())
def test_a_composition_holds_exactly_the_tiles_it_names(pool: Pool) -> None:
    choices = Compositions(pool)
    for c in choices.at(choices.top()):
        taken = c.pool(pool)
        assert Counter(t.token for t in taken.tiles) == +Counter(dict(c.singles + c.duplexes))
        assert Counter(t.token for t in taken.tiles) <= Counter(t.token for t in pool.tiles)
        assert taken.to_choose() == (len(taken.singles), len(taken.duplexes))


@pytest.mark.parametrize("supply,total", [([2, 1], 2), ([3, 0, 2], 3), ([1, 1, 1, 1], 2),
                                          ([4], 4), ([2, 2], 5)])
def test_choices_are_every_way_to_take_the_tiles(supply: list[int], total: int) -> None:
    rows = _choices(supply, total).tolist()
    brute = sorted({tuple(Counter(c)[i] for i in range(len(supply)))
                    for c in combinations([i for i, n in enumerate(supply) for _ in range(n)],
                                          total)})
    assert sorted(map(tuple, rows)) == brute
    assert len(rows) == _ways(supply, total)


@pytest.mark.exhaustive
@settings(max_examples=6, deadline=None)
@given(choose_pools(spare_singles=2, spare_duplexes=1))
def test_choosing_by_descent_matches_exhaustive_search(pool: Pool) -> None:
    result = solve_pool(pool, time_limit=60, workers=1)
    assert result.status == "optimal"
    assert result.score == brute_force_best(pool)
    assert Counter(p.tile.token for p in result.placements) <= Counter(t.token for t in pool.tiles)


def choose_example() -> Pool:
    tiles = [parse_tile(t) for t in ["S", "S", "S", "P", "P", "H", "F", "O", "Tf",
                                     "S|S", "P/H", "F|O"]]
    district = District(frozenset({"shop", "office"}), (9, 3), (3,))
    return Pool(tiny_rules(3, 5), (), tuple(tiles), Context((2,), (district,)))


@pytest.mark.exhaustive
def test_choosing_on_two_workers_matches_exhaustive_search() -> None:
    """Two workers solve the caps on a thread beside the descent's first checks."""
    pool = choose_example()
    result = solve_pool(pool, time_limit=60, workers=2)
    assert result.status == "optimal"
    assert result.score == brute_force_best(pool)


@pytest.mark.slow
def test_too_many_compositions_falls_back_to_the_full_solve() -> None:
    pool = choose_example()
    expected = solve_pool(pool, time_limit=60, workers=1)
    with pytest.raises(compositions_mod.TooManyCompositions):
        Compositions(pool, most=1).top()
    fallback = solve_pool(pool, time_limit=60, workers=1,
                          settings=ProofSettings(most_compositions=1))
    assert (fallback.status, fallback.score) == ("optimal", expected.score)


@pytest.mark.exhaustive
def test_models_dropped_and_rebuilt_give_the_same_answer(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each composition's model is built on its first check; with room for one model at a
    time every other check rebuilds its model, and the answer is the same."""
    pool = choose_example()
    built = []

    def counting(tiles: Pool, **kw: bool) -> object:
        built.append(Counter(t.token for t in tiles.tiles))
        return build(tiles, **kw)

    build = descent_mod.build_model
    monkeypatch.setattr(descent_mod, "build_model", counting)
    result = solve_pool(pool, time_limit=60, workers=1, settings=ProofSettings(most_models=1))
    assert result.status == "optimal"
    assert result.score == brute_force_best(pool)
    distinct = {tuple(sorted(c.items())) for c in built}
    assert len(built) > len(distinct) >= 2  # several compositions, some models rebuilt


@pytest.mark.exhaustive
def test_excluding_the_optimum_of_a_choose_pool_counts_its_layouts() -> None:
    """As the daily puzzles count layouts of a choose puzzle: the optimum excluded, another
    city at its score exists exactly when exhaustive search finds two optimal layouts."""
    pool = choose_example()
    first = solve_pool(pool, time_limit=60, workers=1)
    again = solve_pool(pool, time_limit=60, workers=1, exclude=[first.city],
                       min_score=first.score)
    optimal = {city.grid for city, placed in all_cities(pool)
               if score_city(city, pool.rules).total == first.score
               and not order_problems(city, pool, placed)}
    assert first.city.grid in optimal
    if len(optimal) > 1:
        assert (again.status, again.score) == ("optimal", first.score)
        assert again.city.grid != first.city.grid
    else:
        assert again.status == "infeasible"
    above = solve_pool(pool, time_limit=60, workers=1, min_score=first.score + 1)
    assert above.status == "infeasible"
