"""Property tests: invariants of the scorer on random cities."""

from __future__ import annotations

from collections import Counter
from functools import cache

from hypothesis import given
from hypothesis import strategies as st

from solver import City, Context, District, load_ruleset, score_city
from solver.twocities.game.city import city_from_json
from solver.twocities.game.tiles import Building
from solver.twocities.scoring.categories import (
    civic_value,
    district_points,
    factory_points_per_tile,
    score_offices,
    score_shops,
    score_taverns,
)
from solver.twocities.scoring.shops import shop_lines
from solver.twocities.scoring.table import score_table
from tests.strategies import cities, mirror, transpose

RULESETS = [load_ruleset("essential"), load_ruleset("classic"),
            load_ruleset("essential").with_options(bridges_extend_shop_lines=False)]


def brute_force_shops(city: City, sets: tuple[int, ...], bridges: bool) -> int:
    """Every partition of the shops into straight sets of at most len(sets), by enumeration.

    The first uncovered shop in reading order must start its set (its predecessors along any
    line come earlier in reading order), so trying each direction and length covers them all.
    """
    nxt = shop_lines(city, bridges)

    @cache
    def best(uncovered: frozenset[tuple[int, int]]) -> int:
        if not uncovered:
            return 0
        s = min(uncovered)
        top = sets[0] + best(uncovered - {s})
        for d in (0, 1):
            run, cur = [s], s
            while (n := nxt[cur][d]) is not None and n in uncovered and len(run) < len(sets):
                run.append(n)
                cur = n
                top = max(top, sets[len(run) - 1] + best(uncovered - set(run)))
        return top

    return best(frozenset(nxt))


@given(cities(max_size=5, shop_weight=8), st.sampled_from(RULESETS))
def test_shop_partition_matches_brute_force(city: City, rules) -> None:
    bridges = bool(rules.option("bridges_extend_shop_lines"))
    assert score_shops(city, rules) == brute_force_shops(city, rules.shop_sets, bridges)


@given(cities(max_size=5, shop_weight=8))
def test_shop_sets_cover_every_shop_once(city: City) -> None:
    score = score_city(city)
    covered = [cell for run in score.shop_sets for cell in run]
    assert sorted(covered) == sorted(city.of_type("shop"))
    assert len(set(covered)) == len(covered)


@given(cities(), st.sampled_from(RULESETS))
def test_scores_are_symmetric_under_transpose_and_mirror(city: City, rules) -> None:
    base = score_city(city, rules)
    assert score_city(transpose(city), rules) == base
    assert score_city(mirror(city), rules) == base


@given(cities())
def test_total_is_the_sum_of_categories(city: City) -> None:
    s = score_city(city)
    assert s.total == sum(s.categories.values())
    assert all(v >= 0 for v in s.categories.values())
    assert set(s.categories) == {"factory", "shop", "tavern", "park", "office", "house",
                                 "civic", "district"}


@given(cities())
def test_notation_and_json_round_trip(city: City) -> None:
    assert City.from_notation(city.notation()) == city
    assert city_from_json(city.to_json(), strict=False) == city


@given(cities())
def test_per_tile_bounds(city: City) -> None:
    rules = load_ruleset()
    for rc, b in city.buildings():
        if b.type == "civic":
            assert civic_value(city, rc, rules) in (1, 3, 6)
    houses = len(city.of_type("house"))
    assert score_city(city).categories["house"] <= 5 * houses
    offices = len(city.of_type("office"))
    base = score_offices(city.with_context(Context()), rules)
    assert base - offices <= score_offices(city, rules) <= base


@given(cities(), st.randoms(use_true_random=False))
def test_taverns_and_office_sets_ignore_position(city: City, rng) -> None:
    """Shuffling the buildings among the building spaces keeps tavern points and office sets."""
    rules = load_ruleset()
    spots = [rc for rc, _ in city.buildings()]
    tiles = [b for _, b in city.buildings()]
    rng.shuffle(tiles)
    shuffled = city
    for rc, b in zip(spots, tiles, strict=True):
        shuffled = shuffled.with_cell(rc, b)
    assert score_taverns(shuffled, rules) == score_taverns(city, rules)
    assert Counter(b.type for _, b in shuffled.buildings()) == Counter(
        b.type for _, b in city.buildings())


@given(st.lists(st.integers(0, 12), min_size=1, max_size=7))
def test_factory_points_never_drop_with_more_factories(rivals: list[int]) -> None:
    ranks = load_ruleset().factory_ranks
    totals = [n * factory_points_per_tile(n, rivals, ranks) for n in range(0, 16)]
    assert totals == sorted(totals)


@given(st.lists(st.integers(0, 12), min_size=2, max_size=7),
       st.sampled_from([(9, 3), (8, 4), (7, 5)]))
def test_district_points_over_a_table_never_exceed_the_tile(sizes: list[int], points) -> None:
    paid = [district_points(s, sizes[:i] + sizes[i + 1:], points) for i, s in enumerate(sizes)]
    assert sum(paid) <= points[0] + points[1]
    assert all(p == 0 for p, s in zip(paid, sizes, strict=True) if s == 0)
    best = max(sizes)
    if best > 0 and sizes.count(best) == 1:
        assert paid[sizes.index(best)] == points[0]


@given(st.lists(cities(min_size=3, max_size=4, bridges=False), min_size=2, max_size=5))
def test_table_scorer_agrees_with_cities_scored_alone_off_the_rivalries(city_list) -> None:
    """Across a table only factories and districts change; every other category is the city's."""
    n = len(city_list)
    names = [f"p{i}" for i in range(n)]
    seats = [(f"c{i}", (names[i], names[(i + 1) % n]), c) for i, c in enumerate(city_list)]
    district = District(frozenset({"office", "shop"}), (9, 3))
    result = score_table(seats, (district,))
    for entry, alone in zip(result.cities, city_list, strict=True):
        solo = score_city(alone)
        for cat in ("shop", "tavern", "park", "office", "house", "civic"):
            assert entry.score.categories[cat] == solo.categories[cat]
        assert entry.score.categories["factory"] <= solo.categories["factory"]
    finals = {s.player: s.final for s in result.standings}
    for player in names:
        own = [e.score.total for e in result.cities if player in e.builders]
        assert finals[player] == min(own)


def test_buildings_are_values() -> None:
    assert Building("shop") == Building("shop")
