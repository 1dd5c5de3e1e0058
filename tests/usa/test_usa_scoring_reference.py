"""The requirement evaluator (which derives spaces by kind, adjacency and counts once per city)
against a straightforward reference: every space's kind read one by one, neighbours from
``touching`` and ``street_between``, neighbourhoods as networkx components; and the dead ends
a tile makes (placement works out only those at the tile) against the whole city's; and the
key by which a greedy bot keeps scores against city equality."""

from __future__ import annotations

import networkx as nx
from hypothesis import given, settings

from solver.usa.bots import city_key
from solver.usa.game.city import City
from solver.usa.game.geometry import dead_ends, dead_ends_at, on_edge, street_between, touching
from solver.usa.game.requirements import Requirement
from solver.usa.scoring.requirements import count, matches
from tests.usa.strategies import COMPS, cities

SETTINGS = settings(max_examples=60, deadline=None, derandomize=True)
REQUIREMENTS = sorted({*(c.requirement for c in COMPS.cards.values()),
                       *(a.requirement for a in COMPS.achievements.values())}, key=repr)


def _printed_or_become(city: City, space: tuple[int, int]) -> str:
    fid = city.features.get(space)
    becomes = COMPS.feature(fid).scoring.get("becomes") if fid else None
    return str(becomes) if becomes else city.printed_kind(space)


def _near(city: City, space: tuple[int, int]) -> list[tuple[int, int]]:
    return [t for t in touching(city, space) if not street_between(city, space, t)]


def _neighbourhoods(city: City) -> list[set[tuple[int, int]]]:
    g = nx.Graph()
    g.add_nodes_from(city.spaces())
    g.add_edges_from((s, t) for s in city.spaces() for t in _near(city, s))
    return [set(c) for c in nx.connected_components(g)]


def _size_ok(r: Requirement, size: int) -> bool:
    return size == r.exact_size if r.exact_size else size >= r.size


def reference(r: Requirement, city: City) -> int:
    """How many times the city meets ``r``, the long way (areas and buildings: as the scorer,
    whose areas are checked against networkx in test_usa_properties)."""
    if r.per == "space":
        n = sum(1 for s in city.spaces() if matches(city, s, r.kind or "")
                and (r.adjacent_to is None
                     or any(matches(city, t, r.adjacent_to) for t in _near(city, s))))
    elif r.per == "neighbourhood":
        n = 0
        for g in _neighbourhoods(city):
            ok = (_size_ok(r, len(g))
                  and (not r.only or all(any(matches(city, s, k) for k in r.only) for s in g))
                  and all(sum(matches(city, s, k) for s in g) >= m for k, m in r.with_)
                  and not (r.enclosed and any(on_edge(city, s) for s in g)))
            n += ok
    elif r.per == "set":
        n = min(reference(p, city) for p in r.of)
    else:
        return count(r, city)
    return n // r.group


@SETTINGS
@given(cities())
def test_spaces_by_kind_are_each_space_kind(city: City) -> None:
    by_kind = city.spaces_of_kind()
    assert sorted(s for spaces in by_kind.values() for s in spaces) == city.spaces()
    for kind, spaces in by_kind.items():
        assert all(_printed_or_become(city, s) == kind == city.kind(s) for s in spaces)


@SETTINGS
@given(cities())
def test_every_card_and_achievement_counts_as_the_reference(city: City) -> None:
    assert REQUIREMENTS
    for r in REQUIREMENTS:
        assert count(r, city) == reference(r, city), r
        assert count(r, city) == reference(r, city), r  # asked again: the kept count


@SETTINGS
@given(cities())
def test_the_dead_ends_a_tile_makes_are_those_at_its_place(city: City) -> None:
    for place in city.tiles:
        without = city.with_changes(tiles={p: t for p, t in city.tiles.items() if p != place})
        before = set(dead_ends(without))
        assert dead_ends_at(city, place) == [d for d in dead_ends(city) if d not in before]


@SETTINGS
@given(cities(), cities())
def test_a_bots_city_key_tells_cities_apart_as_equality_does(a: City, b: City) -> None:
    assert (city_key(a) == city_key(b)) == (a == b)
    assert city_key(a) == city_key(a.with_changes())
