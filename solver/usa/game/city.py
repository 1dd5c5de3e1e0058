"""A Cities USA city: placed tiles (rotated), bridges, buildings, feature tiles, cards, rings.

Tile places are ``(row, col)``; spaces are ``(R, C)`` with tile ``(r, c)`` holding spaces
``(2r, 2c)`` NW, ``(2r, 2c+1)`` NE, ``(2r+1, 2c)`` SW and ``(2r+1, 2c+1)`` SE.
The geometry (streets, adjacency, areas, neighbourhoods, dead ends) is in ``geometry.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property

from solver.usa.game.components import Components, load_components
from solver.usa.game.tiles import Tile
from solver.usa.game.vocab import QUADRANT_OFFSET, QUADRANTS

Place = tuple[int, int]
Space = tuple[int, int]
Bridge = tuple[Place, str]


@dataclass(frozen=True)
class PlacedTile:
    """A tile as printed, and the clockwise rotation it lies in."""

    tile: Tile
    rotation: int = 0

    @cached_property
    def laid(self) -> Tile:
        """The tile as it lies (computed once: scoring asks for it at every space)."""
        return self.tile.rotated(self.rotation)


@dataclass(frozen=True)
class Building:
    """A stack of ``height`` pieces of one colour (1-4), with a skyscraper top or not."""

    color: str
    height: int
    top: bool = False

    @property
    def stories(self) -> int:
        return self.height + (1 if self.top else 0)


def tile_spaces(place: Place) -> dict[str, Space]:
    """The four spaces of the tile at ``place``, by quadrant.

    >>> tile_spaces((1, 2))
    {'NW': (2, 4), 'NE': (2, 5), 'SW': (3, 4), 'SE': (3, 5)}
    """
    r, c = place
    return {q: (2 * r + dr, 2 * c + dc) for q, (dr, dc) in QUADRANT_OFFSET.items()}


def place_of(space: Space) -> Place:
    return (space[0] // 2, space[1] // 2)


def quadrant_of(space: Space) -> str:
    return QUADRANTS[2 * (space[0] % 2) + space[1] % 2]


@dataclass(frozen=True)
class City:
    """A city, complete or in progress; ``bridges_left`` is what its player still holds."""

    size: tuple[int, int]
    tiles: dict[Place, PlacedTile]
    bridges: frozenset[Bridge] = frozenset()
    buildings: dict[Space, Building] = field(default_factory=dict)
    features: dict[Space, str] = field(default_factory=dict)
    cards: tuple[str, ...] = ()
    achievements: tuple[tuple[str, int], ...] = ()
    bridges_left: int | None = None
    components: Components = field(default_factory=load_components, compare=False, repr=False)

    def laid(self, place: Place) -> Tile:
        return self.tiles[place].laid

    def arms(self, place: Place) -> frozenset[str]:
        """The arms of a placed tile that carry a street or a bridge."""
        return self._arms[place]

    @cached_property
    def _arms(self) -> dict[Place, frozenset[str]]:
        return {place: self.laid(place).streets | {arm for p, arm in self.bridges if p == place}
                for place in self.tiles}

    def spaces(self) -> list[Space]:
        return list(self._spaces)

    # A city is a value (changes make a new one), so what it derives is computed once.
    @cached_property
    def _spaces(self) -> tuple[Space, ...]:
        return tuple(sorted(s for p in self.tiles for s in tile_spaces(p).values()))

    @cached_property
    def _kinds(self) -> dict[Space, str]:
        out = {}
        for place, placed in self.tiles.items():
            for q, printed in zip(QUADRANTS, placed.laid.spaces, strict=True):
                dr, dc = QUADRANT_OFFSET[q]
                out[(2 * place[0] + dr, 2 * place[1] + dc)] = printed
        for space in self.features:
            if space in out:
                out[space] = self._kind(space)
        return out

    @cached_property
    def _by_kind(self) -> dict[str, frozenset[Space]]:
        found: dict[str, set[Space]] = {}
        for space, kind in self._kinds.items():
            found.setdefault(kind, set()).add(space)
        return {kind: frozenset(spaces) for kind, spaces in found.items()}

    def spaces_of_kind(self) -> dict[str, frozenset[Space]]:
        """The spaces by what they are now (``kind``), found once per city."""
        return dict(self._by_kind)

    def has_space(self, space: Space) -> bool:
        return place_of(space) in self.tiles

    def printed_kind(self, space: Space) -> str:
        return self.laid(place_of(space)).space(quadrant_of(space))

    def kind(self, space: Space) -> str:
        """What the space is now: its printed kind unless a food truck (``truck``) or a
        building feature (``wild``) covers it."""
        found = self._kinds.get(space)
        return found if found is not None else self._kind(space)

    def _kind(self, space: Space) -> str:
        fid = self.features.get(space)
        if fid is not None:
            becomes = self.components.feature(fid).scoring.get("becomes")
            if becomes:
                return str(becomes)
        return self.printed_kind(space)

    @property
    def remaining_bridges(self) -> int:
        if self.bridges_left is not None:
            return self.bridges_left
        return max(0, self.components.rules["bridges_per_player"] - len(self.bridges))

    def with_changes(self, **changes: object) -> City:
        """A copy with some fields replaced (cities are values)."""
        return replace(self, **changes)  # type: ignore[arg-type]

    def shifted(self, dr: int, dc: int) -> City:
        """The same city with every tile moved by ``(dr, dc)`` places."""
        def sp(s: Space) -> Space:
            return (s[0] + 2 * dr, s[1] + 2 * dc)
        return replace(
            self,
            tiles={(r + dr, c + dc): t for (r, c), t in self.tiles.items()},
            bridges=frozenset(((r + dr, c + dc), a) for (r, c), a in self.bridges),
            buildings={sp(s): b for s, b in self.buildings.items()},
            features={sp(s): f for s, f in self.features.items()})


_CLOCKWISE = {"N": "E", "E": "S", "S": "W", "W": "N"}


def rotate_city(city: City) -> City:
    """The whole city turned a quarter clockwise (its size turns too): the same city to score.

    >>> from solver.usa.game.notation import format_city, parse_city
    >>> format_city(rotate_city(parse_city("wwpp:E KBsY")))
    '2x1 pwpw:S / sKYB'
    """
    rows = city.size[0]

    def place(p: Place) -> Place:
        return (p[1], rows - 1 - p[0])

    def space(s: Space) -> Space:
        return (s[1], 2 * rows - 1 - s[0])

    return replace(
        city,
        size=(city.size[1], city.size[0]),
        tiles={place(p): PlacedTile(t.tile, (t.rotation + 90) % 360)
               for p, t in city.tiles.items()},
        bridges=frozenset((place(p), _CLOCKWISE[a]) for p, a in city.bridges),
        buildings={space(s): b for s, b in city.buildings.items()},
        features={space(s): f for s, f in city.features.items()})
