"""Placement geometry: which cells are adjacent, and which cells form one connected region.

Adjacency is edge sharing plus bridges; diagonals are never adjacent (docs/rulings.md).  The
same few plain functions serve a finished city (a bounded square, ``City.adjacency``), a city
in progress on its mat (unbounded mat coordinates, ``Position.neighbours``), the scorer's park
groups and districts, and the part-built puzzles.

>>> ends = bridge_ends([((0, 0), (0, 2))])
>>> neighbours((0, 0), ends)
[(-1, 0), (1, 0), (0, -1), (0, 1), (0, 2)]
>>> regions([(0, 0), (0, 2), (2, 2)], lambda cell: neighbours(cell, ends))
[[(0, 0), (0, 2)], [(2, 2)]]
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from functools import cache
from types import MappingProxyType

from solver.twocities.game.components import Bridge, Coord

_ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))

#: The cells adjacent to a cell (``neighbours`` with its bridges, ``City.adjacency``'s lookup).
Adjacent = Callable[[Coord], Iterable[Coord]]


def bridge_ends(bridges: Iterable[Bridge]) -> dict[Coord, tuple[Coord, ...]]:
    """Each bridge end and the far ends of its bridges.

    >>> bridge_ends([((0, 0), (0, 2)), ((0, 2), (2, 2))])[(0, 2)]
    ((0, 0), (2, 2))
    """
    out: dict[Coord, list[Coord]] = {}
    for a, b in bridges:
        out.setdefault(a, []).append(b)
        out.setdefault(b, []).append(a)
    return {cell: tuple(far) for cell, far in out.items()}


def neighbours(cell: Coord, ends: Mapping[Coord, tuple[Coord, ...]]) -> list[Coord]:
    """The edge-sharing cells (up, down, left, right; unbounded), then the far end of each
    bridge at ``cell`` (``ends``: ``bridge_ends``).

    >>> neighbours((1, 1), {})
    [(0, 1), (2, 1), (1, 0), (1, 2)]
    """
    r, c = cell
    out = [(r + dr, c + dc) for dr, dc in _ORTHOGONAL]
    out.extend(ends.get(cell, ()))
    return out


@cache
def square_adjacency(n: int, bridges: tuple[Bridge, ...]) -> Mapping[Coord, tuple[Coord, ...]]:
    """Each cell of an n x n square and its neighbours inside the square (a bridge counted
    once): the same for every city of one size and bridges, so found once.

    >>> square_adjacency(2, ())[(0, 0)]
    ((1, 0), (0, 1))
    """
    ends = bridge_ends(bridges)
    return MappingProxyType({
        (r, c): tuple(dict.fromkeys(x for x in neighbours((r, c), ends)
                                    if 0 <= x[0] < n and 0 <= x[1] < n))
        for r in range(n) for c in range(n)})


def regions(cells: Collection[Coord], adjacent: Adjacent) -> list[list[Coord]]:
    """The connected regions of ``cells`` (a flood fill), each from its first cell in
    ``cells``' order, the regions in the order of their first cells.

    >>> regions([(0, 0), (1, 1), (0, 1)], lambda cell: neighbours(cell, {}))
    [[(0, 0), (0, 1), (1, 1)]]
    """
    left = dict.fromkeys(cells)
    out = []
    for start in list(left):
        if start not in left:
            continue
        del left[start]
        region, todo = [start], [start]
        while todo:
            for near in adjacent(todo.pop()):
                if near in left:
                    del left[near]
                    region.append(near)
                    todo.append(near)
        out.append(region)
    return out


def connected(cells: Collection[Coord], adjacent: Adjacent) -> bool:
    """Do ``cells`` form one connected region (no cells: yes)?

    >>> connected([(0, 0), (2, 0)], lambda cell: neighbours(cell, {}))
    False
    """
    return len(regions(cells, adjacent)) <= 1
