"""Placement geometry: which cells are adjacent.

Adjacency is edge sharing plus bridges; diagonals are never adjacent (docs/rulings.md).  The
same few plain functions serve a finished city (a bounded square, ``City.adjacency``), a city
in progress on its mat (unbounded mat coordinates, ``Position.neighbours``), the scorer's park
groups and districts, and the part-built puzzles; which cells hang together is the shared
flood fill's answer (``solver.common.regions``).

>>> from solver.common.regions import regions
>>> ends = bridge_ends([((0, 0), (0, 2))])
>>> neighbours((0, 0), ends)
[(-1, 0), (1, 0), (0, -1), (0, 1), (0, 2)]
>>> regions([(0, 0), (0, 2), (2, 2)], lambda cell: neighbours(cell, ends))
[[(0, 0), (0, 2)], [(2, 2)]]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from types import MappingProxyType

from solver.twocities.game.components import Bridge, Coord

_ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))

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
