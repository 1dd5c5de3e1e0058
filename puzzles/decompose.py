"""Which pool tiles a finished city was built from: its singles and duplexes.

A city file shows buildings, not tile edges, so a duplex is found as two neighbouring cells
that match a pool duplex's halves in its printed orientation.  Every way of choosing the
duplexes is listed (there are few), so the grader can look for one the rules accept.

>>> from collections import Counter
>>> from solver.twocities.game.city import City
>>> from solver.twocities.game.tiles import parse_tile
>>> city = City.from_notation("F O / S S")
>>> [[t.token for t, _ in d] for d in decompositions(city, Counter(
...     [parse_tile(x) for x in ["F|O", "S", "S", "F", "O"]]), 1, frozenset())]
[['F|O', 'S', 'S']]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from solver.twocities.game.city import City
from solver.twocities.game.components import Coord
from solver.twocities.game.tiles import Duplex, Tile

Used = list[tuple[Tile, tuple[Coord, ...]]]


def _duplex_spots(city: City, tile: Duplex, skip: frozenset[Coord]) -> list[tuple[Coord, Coord]]:
    dr, dc = tile.offset
    out = []
    for rc, b in city.buildings():
        other = (rc[0] + dr, rc[1] + dc)
        if rc in skip or other in skip or not (0 <= other[0] < city.size
                                               and 0 <= other[1] < city.size):
            continue
        if b == tile.first and city.at(other) == tile.second:
            out.append((rc, other))
    return out


def decompositions(city: City, pool: Counter[Tile], duplexes: int, skip: frozenset[Coord],
                   limit: int = 500) -> Iterator[Used]:
    """Each way to read the city's buildings (outside ``skip``) as ``duplexes`` duplexes
    and singles, all from ``pool``: lists of (tile, cells), duplexes first."""
    spots = [(t, s) for t in sorted((t for t in pool if isinstance(t, Duplex)),
                                    key=lambda t: t.token)
             for s in _duplex_spots(city, t, skip)]
    count = 0

    def choose(start: int, left: int, taken: frozenset[Coord], used: Counter[Tile],
               acc: Used) -> Iterator[Used]:
        nonlocal count
        if count >= limit:
            return
        if left == 0:
            singles = [(b, (rc,)) for rc, b in city.buildings()
                       if rc not in taken and rc not in skip]
            need = Counter(b for b, _ in singles) + used
            if all(pool[t] >= n for t, n in need.items()):
                count += 1
                yield acc + singles  # type: ignore[operator]
            return
        for i in range(start, len(spots)):
            tile, (a, b) = spots[i]
            if a in taken or b in taken or used[tile] >= pool[tile]:
                continue
            yield from choose(i + 1, left - 1, taken | {a, b}, used + Counter([tile]),
                              [*acc, (tile, (a, b))])

    yield from choose(0, duplexes, frozenset(), Counter(), [])


def usage(used: Used) -> Counter[Tile]:
    return Counter(t for t, _ in used)
