"""``cpsat.model.values``: every score a city reaches, and its parts, are among those listed.

The descent's proof is only as good as these lists: a value a city can reach that is missing
would let a level be refuted wrongly.  So every city of the tiny pools, and random finished
5x5 cities, are scored by the scorer and their parts read off the city itself.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from solver.twocities.cpsat.model.values import (
    city_values,
    park_rows,
    partitions,
    shop_rows,
    splits,
)
from solver.twocities.game.city import City, Context, District
from solver.twocities.game.components import load_components
from solver.twocities.game.layout import empty_city
from solver.twocities.game.pool import Pool, pool_from_json
from solver.twocities.game.rulesets import load_ruleset
from solver.twocities.game.tiles import LANDSCAPE, parse_tile
from solver.twocities.game.vocab import CATEGORIES, CIVIC, DISTRICT, PARK, SHOP
from solver.twocities.scoring.categories import (
    civic_value,
    district_points,
    district_size,
    park_groups,
    score_city,
    shop_partition,
)
from tests.support.bruteforce import all_cities, tiny_pools

COMPONENTS = load_components()


def parts_of(city: City, pool: Pool) -> dict[str, tuple[int, ...]]:
    """The parts ``cpsat.model.values`` lists, read off a finished city by the scorer."""
    rules = pool.rules
    lengths = Counter(len(run) for run in shop_partition(city, rules)[1])
    groups = park_groups(city)
    civic: Counter[str] = Counter()
    for cell in city.of_type(CIVIC):
        civic[city.at(cell).token] += civic_value(city, cell, rules)
    return {
        SHOP: tuple(lengths[k] for k in range(1, len(rules.shop_sets) + 1)),
        PARK: tuple(sum(g >= s for g in groups) for s in range(1, len(rules.park_groups) + 1)),
        CIVIC: tuple(civic[t] for t in sorted(civic)),
        DISTRICT: tuple(district_points(district_size(city, d.types), d.rivals, d.points)
                        for d in city.context.districts),
    }


def assert_listed(city: City, pool: Pool) -> None:
    values = city_values(pool)
    score = score_city(city, pool.rules)
    for name in CATEGORIES:
        assert score.categories[name] in values.values[name], (name, city.notation())
    for name, parts in parts_of(city, pool).items():
        if name in values.rows:
            assert parts in values.rows[name][score.categories[name]], (name, city.notation())


@pytest.mark.exhaustive
@settings(max_examples=20, deadline=None)
@given(tiny_pools().filter(lambda pool: pool.uses_all))
def test_every_tiny_city_scores_values_and_parts_that_are_listed(pool: Pool) -> None:
    for city, _ in all_cities(pool):
        assert_listed(city, pool)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6))
def test_every_random_standard_city_scores_values_and_parts_that_are_listed(seed: int) -> None:
    """A random finished 5x5 city around a real mat, with civics, taverns of every kind,
    rivals and three districts: its own tiles as the pool."""
    rng = random.Random(seed)
    mat = COMPONENTS.mat(rng.choice(sorted(COMPONENTS.mats)))
    at = rng.choice([(r, c) for r in range(5 - mat.height + 1) for c in range(5 - mat.width + 1)])
    districts = tuple(District(frozenset(rng.sample(sorted(COMPONENTS.district_cards), 2)),
                               rng.choice([(9, 3), (8, 4), (7, 5)]),
                               tuple(rng.randint(0, 8) for _ in range(rng.randint(0, 3))))
                      for _ in range(3))
    context = Context(tuple(rng.randint(0, 6) for _ in range(rng.randint(0, 3))), districts)
    base = empty_city(5, mat, at, "essential", context)
    tokens = ["F", "S", "P", "O", "H", "Tf", "Td", "Tm", "Tb", "C:library", "C:theatre",
              "C:museum"]
    rows = [list(r) for r in base.grid]
    for r in range(5):
        for c in range(5):
            if rows[r][c] is not LANDSCAPE:
                rows[r][c] = parse_tile(rng.choice(tokens), COMPONENTS.civics)
    city = City(tuple(tuple(r) for r in rows), base.bridges, context, "essential")
    tiles = sorted((b.token for _, b in city.buildings()), key=lambda t: not t.startswith("C"))
    assume(not tiles[16].startswith("C"))  # a duplex carries no civic building
    pool = pool_from_json({"mat": mat.id, "tiles": tiles[:16] + [f"{tiles[16]}|{tiles[17]}",
                                                                  f"{tiles[18]}/{tiles[19]}"],
                           "context": context.to_json()})
    assert_listed(city, pool)


def test_a_score_fixes_its_parts_where_the_table_allows_one_split() -> None:
    rules = load_ruleset("essential")
    shops = dict(shop_rows(4, rules))
    assert shops[15] == (0, 0, 0, 1, 0)  # four shops for 15: one straight set of four
    parks = {}
    for value, parts in park_rows(4, rules):
        parks.setdefault(value, set()).add(parts)
    assert parks[16] == {(2, 2, 0)}  # two groups of two
    assert parks[13] == {(1, 1, 1)}  # one group of four
    classic = dict(shop_rows(5, load_ruleset("classic")))
    assert classic[18] == (1, 0, 0, 1)  # a run of five: a set of four and a single


def test_a_civic_tile_scores_only_what_the_city_can_give_it() -> None:
    """The Theatre likes taverns and shops: with no shop in the city it never scores 6."""
    tiles = ["C:theatre", "Tm", "F", "F", "F", "F", "O", "O", "O", "O", "P", "P", "P", "P",
             "H", "H", "F|O", "P/H"]
    values = city_values(pool_from_json({"mat": "lake", "tiles": tiles}))
    assert values.values[CIVIC] == (1, 3)
    assert values.values["office"] == tuple(range(15, 21))  # 5 offices, 0-5 of them by a tavern
    no_tavern = [t if t != "Tm" else "H" for t in tiles]
    assert city_values(pool_from_json({"mat": "lake", "tiles": no_tavern})).values["office"] \
        == (15,)


def test_partitions_are_every_split_once() -> None:
    assert partitions(5, 5) == ((5,), (4, 1), (3, 2), (3, 1, 1), (2, 2, 1), (2, 1, 1, 1),
                                (1, 1, 1, 1, 1))
    assert len(partitions(20, 20)) == 627


def test_splits_are_every_way_to_reach_the_total_within_the_caps() -> None:
    values = {"a": (0, 2, 3, 5), "b": (1, 4), "c": (7,)}
    caps = {"a": 3, "b": 4, "c": 7}
    for total in range(0, 20):
        expected = sorted((a, b, c) for a in values["a"] for b in values["b"]
                          for c in values["c"] if a <= 3 and a + b + c == total)
        got = splits(values, caps, total)
        assert sorted(tuple(s.values()) for s in got) == expected
        assert all(list(s) == ["a", "b", "c"] for s in got)
    # fewest categories short of their cap first, then in the categories' order
    assert splits(values, caps, 11) == [{"a": 0, "b": 4, "c": 7}, {"a": 3, "b": 1, "c": 7}]
    assert splits(values, caps, 8) == [{"a": 0, "b": 1, "c": 7}]
