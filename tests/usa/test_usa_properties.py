"""Properties on random cities: rotation invariance, best pairings against brute force, areas
and neighbourhoods against networkx, dead ends from either side, files and notation."""

from __future__ import annotations

import itertools

import networkx as nx
from hypothesis import given, settings

from solver.usa.game.city import City, place_of, rotate_city
from solver.usa.game.cityfile import city_from_json, city_to_json
from solver.usa.game.geometry import areas, dead_ends, neighbourhoods, street_between, touching
from solver.usa.game.notation import format_city, parse_city
from solver.usa.game.vocab import ARM_STEP, OPPOSITE, area_kind
from solver.usa.scoring import categories as cat
from solver.usa.scoring.categories import score_city
from tests.usa.strategies import cities

SETTINGS = settings(max_examples=60, deadline=None, derandomize=True)


@SETTINGS
@given(cities())
def test_rotating_the_whole_city_keeps_the_score(city: City) -> None:
    turned = city
    for _ in range(4):
        turned = rotate_city(turned)
        assert score_city(turned) == score_city(city)
    assert turned == city


def _graph(city: City, same_area: bool) -> nx.Graph:
    """The space graph built independently: edges between touching spaces without a street."""
    g = nx.Graph()
    g.add_nodes_from(city.spaces())
    for s in city.spaces():
        for t in touching(city, s):
            if street_between(city, s, t):
                continue
            if same_area and area_kind(city.kind(s)) != area_kind(city.kind(t)):
                continue
            g.add_edge(s, t)
    return g


@SETTINGS
@given(cities())
def test_areas_and_neighbourhoods_are_networkx_components(city: City) -> None:
    def norm(groups):  # type: ignore[no-untyped-def]
        return sorted(sorted(g) for g in groups)

    assert norm(areas(city)) == norm(nx.connected_components(_graph(city, True)))
    assert norm(neighbourhoods(city)) == norm(nx.connected_components(_graph(city, False)))


@SETTINGS
@given(cities())
def test_dead_ends_counted_from_either_side_agree(city: City) -> None:
    """Each pair of touching tiles has a dead end exactly when one facing arm has a street."""
    by_edge = 0
    for (r, c) in city.tiles:
        for arm in ("E", "S"):
            dr, dc = ARM_STEP[arm]
            other = (r + dr, c + dc)
            if other in city.tiles:
                by_edge += (arm in city.arms((r, c))) != (OPPOSITE[arm] in city.arms(other))
    assert len(dead_ends(city)) == by_edge
    # and seen from the other tile: every dead end's fix lies on the tile it meets
    for (r, c), arm in dead_ends(city):
        dr, dc = ARM_STEP[arm]
        assert OPPOSITE[arm] not in city.arms((r + dr, c + dc))


def _brute_force_pairs(city: City, first: str, second: str) -> int:
    a = [s for s, f in city.features.items() if f == first]
    b = [s for s, f in city.features.items() if f == second]
    adjacent = {(x, y) for x in a for y in b
                if y in touching(city, x) and not street_between(city, x, y)}
    for k in range(min(len(a), len(b)), 0, -1):  # the largest k with k disjoint pairs
        for xs in itertools.combinations(a, k):
            for ys in itertools.permutations(b, k):
                if all((x, y) in adjacent for x, y in zip(xs, ys, strict=True)):
                    return len(a) + len(b) - 2 * k + 5 * k
    return len(a) + len(b)


@SETTINGS
@given(cities(max_rows=2, max_cols=2))
def test_best_pairing_equals_brute_force(city: City) -> None:
    assert cat.ferries_and_beacons(city) == _brute_force_pairs(city, "ferry", "beacon")
    assert cat.swings_and_slides(city) == _brute_force_pairs(city, "swing", "slide")


@SETTINGS
@given(cities())
def test_notation_round_trip(city: City) -> None:
    again = parse_city(format_city(city))
    assert format_city(again) == format_city(city)
    assert sorted(dead_ends(again)) == sorted(dead_ends(city))


@SETTINGS
@given(cities(holes=False))
def test_city_file_round_trip_keeps_geometry(city: City) -> None:
    data = city_to_json(city.with_changes(buildings={}, features={}, cards=()))
    again = city_from_json(data)
    assert format_city(again) == format_city(city)
    assert all(place_of(s) in again.tiles for s in city.spaces())


def test_rotation_of_a_known_city() -> None:
    city = parse_city("wwpp:NESW KKKK / pppp wwww:ESW")
    assert dead_ends(city) == [((0, 0), "E"), ((0, 0), "S"), ((1, 1), "W")]
    assert dead_ends(rotate_city(city)) == [((0, 1), "S"), ((0, 1), "W"), ((1, 0), "N")]
