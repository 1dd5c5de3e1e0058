"""Placement geometry has one owner: adjacency and regions (``game.geometry``), room for the
duplexes and whether a square can be filled (``rules.squares``).  Each agrees with a plain
reference written here from the rules' words (networkx components, every domino tried)."""

from __future__ import annotations

import networkx as nx
from hypothesis import given
from hypothesis import strategies as st

from solver import City
from solver.common.regions import connected, regions
from solver.twocities.game.components import Coord, load_components
from solver.twocities.game.geometry import bridge_ends, neighbours
from solver.twocities.game.layout import mat_offsets
from solver.twocities.game.pool import Placement
from solver.twocities.game.rulesets import load_ruleset
from solver.twocities.game.tiles import parse_tile
from solver.twocities.game.vocab import PARK
from solver.twocities.rules.position import Position
from solver.twocities.rules.squares import (
    feasible,
    mat_square,
    open_square,
    orientation_cases,
    room,
    window,
    windows,
)
from solver.twocities.scoring.categories import region_sizes
from tests.rules_reference import dominoes_fit
from tests.strategies import cities

COMPS = load_components()


def reference_adjacent(city: City, a: Coord, b: Coord) -> bool:
    """Edge sharing or a bridge; never diagonal."""
    edge = abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
    return edge or (a, b) in city.bridges or (b, a) in city.bridges


def reference_graph(city: City, types: set[str]) -> nx.Graph:
    nodes = [rc for rc, b in city.buildings() if b.type in types]
    graph = nx.Graph()
    graph.add_nodes_from(nodes)
    graph.add_edges_from((a, b) for a in nodes for b in nodes
                         if a < b and reference_adjacent(city, a, b))
    return graph


@given(cities())
def test_city_adjacency_is_edges_plus_bridges(city: City) -> None:
    for a in city.cells():
        expected = {b for b in city.cells() if b != a and reference_adjacent(city, a, b)}
        assert set(city.adjacency[a]) == expected
        assert len(city.adjacency[a]) == len(expected)  # a bridge along an edge counted once


@given(cities(), st.sets(st.sampled_from(["park", "shop", "factory", "office", "house"]),
                         min_size=1))
def test_regions_are_the_connected_components(city: City, types: set[str]) -> None:
    expected = sorted(len(c) for c in nx.connected_components(reference_graph(city, types)))
    assert sorted(region_sizes(city, types)) == expected


@given(st.sets(st.tuples(st.integers(-2, 3), st.integers(-2, 3)), max_size=12),
       st.lists(st.tuples(st.tuples(st.integers(-2, 3), st.integers(-2, 3)),
                          st.tuples(st.integers(-2, 3), st.integers(-2, 3))), max_size=2))
def test_regions_on_the_mat_are_the_connected_components(cells: set[Coord],
                                                         bridges: list) -> None:
    ends = bridge_ends(bridges)
    graph = nx.Graph()
    graph.add_nodes_from(cells)
    graph.add_edges_from((a, b) for a in cells for b in neighbours(a, ends) if b in cells)
    found = regions(sorted(cells), lambda cell: neighbours(cell, ends))
    assert sorted(sorted(r) for r in found) == sorted(sorted(c) for c in
                                                    nx.connected_components(graph))
    assert connected(cells, lambda cell: neighbours(cell, ends)) == (
        not cells or nx.is_connected(graph))


def test_a_bridge_joins_the_two_banks() -> None:
    city = City.from_notation("P ~ P / ~ ~ ~ / . ~ . ; bridges 0,0-0,2")
    assert region_sizes(city, {PARK}) == [2]


@given(st.integers(2, 4), st.data())
def test_room_is_every_domino_tried(n: int, data: st.DataObject) -> None:
    cells = [(r, c) for r in range(n) for c in range(n)]
    built = data.draw(st.sets(st.sampled_from(cells)))
    orientation = tuple(data.draw(st.lists(st.booleans(), max_size=2)))
    w = window(None, n, 0, 0)
    free = set(cells) - built
    assert room(w.id, w.mask(built), orientation) == dominoes_fit(free, orientation)


def test_a_square_is_connected_when_its_spaces_are() -> None:
    """Every mat at every place in the square, against networkx on the square's spaces."""
    for mat in COMPS.mats.values():
        ends = bridge_ends(mat.bridges)
        for top, left in mat_offsets(mat, 5):
            spaces = {(r - top, c - left) for r in range(5) for c in range(5)} - set(mat.landscape)
            graph = nx.Graph()
            graph.add_nodes_from(spaces)
            graph.add_edges_from((a, b) for a in spaces for b in neighbours(a, ends)
                                 if b in spaces)
            assert mat_square(mat, 5, (top, left)).connected == nx.is_connected(graph)



def test_open_square_holds_the_city_and_can_still_be_filled() -> None:
    """Without a mat the city's square is not fixed: the bots and the advice ask for one that
    holds the city and that every orientation of the duplexes to come can still complete."""
    pos = Position.start(load_ruleset("essential", "beginner"), None)
    for at in [(0, 0), (1, 0), (2, 0), (3, 0), (0, 1)]:
        pos = pos.play(Placement(parse_tile("F"), at))
    square = open_square(pos)
    cells = list(pos.occupied)
    assert all(square.top <= r < square.top + 4 and square.left <= c < square.left + 4
               for r, c in cells)
    a, d, _ = pos.remaining()
    assert all(feasible(square.id, square.mask(cells), a, case) == "ok"
               for case in orientation_cases(pos, d, pos.revealed))
    assert (square.top, square.left) in {(w.top, w.left) for w in windows(pos, cells)}
