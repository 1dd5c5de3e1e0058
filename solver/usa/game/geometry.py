"""Streets, adjacency, areas, neighbourhoods and dead ends of a city, as the project reads the
Cities USA rulebook.

Streets run inside a tile on its arms; a tile edge is never a street. Two spaces are adjacent
when they share an edge and no street (or bridge) lies between them.

>>> from solver.usa.game.notation import parse_city
>>> city = parse_city("wwpp:EW KBsY:NS")
>>> sorted(neighbours(city, (0, 1)))
[(0, 0), (0, 2)]
>>> [sorted(a) for a in areas(city)][:2]
[[(0, 0), (0, 1)], [(0, 2), (1, 2)]]
>>> dead_ends(city)
[((0, 0), 'E')]
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import TypeVar

from solver.common.regions import connected, regions
from solver.usa.game.city import City, Place, Space, place_of, quadrant_of
from solver.usa.game.vocab import ARM_STEP, OPPOSITE, area_kind

_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))
T = TypeVar("T")


def street_between(city: City, a: Space, b: Space) -> bool:
    """Whether a street or a bridge separates two orthogonally touching spaces."""
    if place_of(a) != place_of(b):
        return False
    # Side by side: the N arm (top row) or the S arm (bottom row); one above the other: the
    # W arm (left column) or the E arm (right column).
    side_by_side = a[0] == b[0]
    arm = ("N" if a[0] % 2 == 0 else "S") if side_by_side else ("W" if a[1] % 2 == 0 else "E")
    return arm in city.arms(place_of(a))


def touching(city: City, space: Space) -> list[Space]:
    """Spaces sharing an edge with ``space``, streets or not."""
    r, c = space
    return [(r + dr, c + dc) for dr, dc in _STEPS if city.has_space((r + dr, c + dc))]


def neighbours(city: City, space: Space) -> list[Space]:
    """Adjacent spaces: sharing an edge with no street between."""
    found = adjacency(city).get(space)
    if found is not None:
        return list(found)
    return [s for s in touching(city, space) if not street_between(city, space, s)]


def adjacency(city: City) -> dict[Space, tuple[Space, ...]]:
    """Every space's neighbours (as ``neighbours``), computed once per city: scoring asks
    for them at every space, for every card."""
    memo = city.__dict__.setdefault("_geometry_memo", {})
    found = memo.get("adjacency")
    if found is None:
        found = memo["adjacency"] = _adjacency(city)
    return found  # type: ignore[no-any-return]


def _adjacency(city: City) -> dict[Space, tuple[Space, ...]]:
    places = city.tiles.keys()
    out = {}
    for (pr, pc), arms in ((p, city.arms(p)) for p in places):
        for dr in (0, 1):
            for dc in (0, 1):
                r, c = 2 * pr + dr, 2 * pc + dc
                near = []
                # Up, down, left, right (as _STEPS): the other row or column of this tile
                # unless an arm lies between, else the facing space of the next tile if laid.
                if dr:
                    if ("W" if dc == 0 else "E") not in arms:
                        near.append((r - 1, c))
                    if (pr + 1, pc) in places:
                        near.append((r + 1, c))
                else:
                    if (pr - 1, pc) in places:
                        near.append((r - 1, c))
                    if ("W" if dc == 0 else "E") not in arms:
                        near.append((r + 1, c))
                if dc:
                    if ("N" if dr == 0 else "S") not in arms:
                        near.append((r, c - 1))
                    if (pr, pc + 1) in places:
                        near.append((r, c + 1))
                else:
                    if (pr, pc - 1) in places:
                        near.append((r, c - 1))
                    if ("N" if dr == 0 else "S") not in arms:
                        near.append((r, c + 1))
                out[(r, c)] = tuple(near)
    return out


def places_beside(place: Place) -> list[Place]:
    """The four places sharing a side with ``place``: a tile laid on one of them is fully
    adjacent to a tile at ``place``.

    >>> places_beside((0, 0))
    [(-1, 0), (0, 1), (1, 0), (0, -1)]
    """
    r, c = place
    return [(r + dr, c + dc) for dr, dc in ARM_STEP.values()]


def place_facing(place: Place, arm: str) -> Place:
    """The place an arm of the tile at ``place`` faces: the tile there meets that arm.

    >>> place_facing((0, 0), "E")
    (0, 1)
    """
    dr, dc = ARM_STEP[arm]
    return place[0] + dr, place[1] + dc


def places_connected(places: Collection[Place]) -> bool:
    """Whether tiles at ``places`` form one city, each fully adjacent to another.

    >>> places_connected({(0, 0), (0, 1)}), places_connected({(0, 0), (1, 1)})
    (True, False)
    """
    return connected(places, places_beside)


def on_edge(city: City, space: Space) -> bool:
    """Whether a side of the space is the city's outer edge (no space beyond it)."""
    return len(touching(city, space)) < 4


def _groups(city: City, keys: dict[Space, str] | None) -> list[frozenset[Space]]:
    """Connected groups of adjacent spaces with equal ``keys`` (all together without keys):
    the scorer asks for groups many times per city."""
    adj = adjacency(city)

    def alike(s: Space) -> Iterable[Space]:
        return adj[s] if keys is None else [n for n in adj[s] if keys[n] == keys[s]]

    return [frozenset(group) for group in regions(city.spaces(), alike)]


def _memo(city: City, name: str, compute: Callable[[], list[T]]) -> list[T]:
    """Computed once per city (a city is a value: a change makes a new one)."""
    memo = city.__dict__.setdefault("_geometry_memo", {})
    if name not in memo:
        memo[name] = compute()
    return list(memo[name])


def areas(city: City) -> list[frozenset[Space]]:
    """Connected groups of adjacent spaces of one area kind (water, park, city)."""
    def area_keys() -> list[frozenset[Space]]:
        kinds = {s: area_kind(k) for k, spaces in city.spaces_of_kind().items() for s in spaces}
        return _groups(city, kinds)
    return _memo(city, "areas", area_keys)


def area_of_kind(city: City, group: frozenset[Space]) -> str:
    return area_kind(city.kind(next(iter(group))))


def neighbourhoods(city: City) -> list[frozenset[Space]]:
    """Connected groups of adjacent spaces of any kind (enclosed by streets and the edge)."""
    return _memo(city, "neighbourhoods", lambda: _groups(city, None))


def dead_ends(city: City) -> list[tuple[Place, str]]:
    """Arms (street or bridge) meeting a neighbouring tile with no street on the facing arm.

    An arm at the city's outer edge (or facing a place with no tile yet) is not a dead end.
    """
    return _memo(city, "dead_ends", lambda: _dead_ends(city))


def _dead_ends(city: City) -> list[tuple[Place, str]]:
    out = []
    for place in sorted(city.tiles):
        for arm in sorted(city.arms(place)):
            other = place_facing(place, arm)
            if other in city.tiles and OPPOSITE[arm] not in city.arms(other):
                out.append((place, arm))
    return out


def dead_ends_at(city: City, place: Place,
                 arms: frozenset[str] | None = None) -> list[tuple[Place, str]]:
    """The dead ends (as ``dead_ends``, in its order) that involve the tile at ``place``: its
    own arms (``arms`` if given: a tile about to be laid there), and the arms of the tiles
    around it that face it. Laying a tile makes exactly these: placement asks for every place
    and rotation."""
    out = []
    arms = city.arms(place) if arms is None else arms
    for arm, (dr, dc) in ARM_STEP.items():
        other = (place[0] + dr, place[1] + dc)
        if other not in city.tiles:
            continue
        if arm in arms and OPPOSITE[arm] not in city.arms(other):
            out.append((place, arm))
        if OPPOSITE[arm] in city.arms(other) and arm not in arms:
            out.append((other, OPPOSITE[arm]))
    return sorted(out)


def fix_for(dead_end: tuple[Place, str]) -> tuple[Place, str]:
    """The one bridge that fixes a dead end: on the facing arm of the tile it meets."""
    place, arm = dead_end
    return place_facing(place, arm), OPPOSITE[arm]


__all__ = ["adjacency", "areas", "dead_ends", "dead_ends_at", "fix_for", "neighbourhoods",
           "neighbours", "on_edge", "place_facing", "places_beside", "places_connected",
           "quadrant_of", "street_between", "touching"]
