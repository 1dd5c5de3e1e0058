"""City tiles: four spaces (NW NE SW SE) and the arms that carry printed streets; rotation.

>>> t = Tile("t", "t", ("water", "park", "black", "site"), frozenset("N"))
>>> r = t.rotated(90)
>>> r.spaces, sorted(r.streets)
(('black', 'water', 'site', 'park'), ['E'])
>>> t.rotated(90).rotated(270) == t
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from solver.common.errors import CitiesError
from solver.usa.game.vocab import ARMS, QUADRANTS, ROTATIONS, SPACE_KINDS, labelled

_CLOCKWISE_QUADRANT = {"NW": "NE", "NE": "SE", "SE": "SW", "SW": "NW"}
_CLOCKWISE_ARM = {"N": "E", "E": "S", "S": "W", "W": "N"}


@dataclass(frozen=True)
class Tile:
    """A city tile (or a starting tile) as printed, or as it lies after rotation."""

    id: str
    name: str
    spaces: tuple[str, str, str, str]
    streets: frozenset[str]
    start: bool = False
    source: str = "sample"

    def space(self, quadrant: str) -> str:
        return self.spaces[QUADRANTS.index(quadrant)]

    def rotated(self, degrees: int) -> Tile:
        """This tile turned clockwise by ``degrees`` (0, 90, 180 or 270)."""
        return _rotated(self, degrees)

    def _turned(self, degrees: int) -> Tile:
        spaces = dict(zip(QUADRANTS, self.spaces, strict=True))
        streets = set(self.streets)
        for _ in range(degrees // 90 % 4):
            spaces = {_CLOCKWISE_QUADRANT[q]: k for q, k in spaces.items()}
            streets = {_CLOCKWISE_ARM[a] for a in streets}
        return replace(self, spaces=tuple(spaces[q] for q in QUADRANTS),  # type: ignore[arg-type]
                       streets=frozenset(streets))

    @property
    def label(self) -> str:
        return labelled(self.name, self.source)


@lru_cache(maxsize=4096)
def _rotated(tile: Tile, degrees: int) -> Tile:
    """Tiles are values: each turn of each tile is worked out once (placements ask often)."""
    return tile._turned(degrees)


def parse_streets(value: object, field: str = "streets") -> frozenset[str]:
    """Arms written as a string such as ``"NS"`` (or a list of arms).

    >>> sorted(parse_streets("WE"))
    ['E', 'W']
    >>> parse_streets("NX")
    Traceback (most recent call last):
    solver.common.errors.CitiesError: streets: unknown arm 'X' (arms are N, E, S, W)
    """
    if isinstance(value, str):
        arms = list(value)
    elif isinstance(value, list) and all(isinstance(a, str) for a in value):
        arms = value
    else:
        raise CitiesError("expected arms such as \"NS\"", field=field)
    for a in arms:
        if a not in ARMS:
            raise CitiesError(f"unknown arm {a!r} (arms are N, E, S, W)", field=field)
    if len(set(arms)) != len(arms):
        raise CitiesError("an arm is listed twice", field=field)
    return frozenset(arms)


def parse_spaces(value: object, field: str = "spaces") -> tuple[str, str, str, str]:
    """Four space kinds in NW NE SW SE order.

    >>> parse_spaces(["water", "park", "black", "site"])
    ('water', 'park', 'black', 'site')
    """
    if not (isinstance(value, list) and len(value) == 4):
        raise CitiesError("expected 4 space kinds (NW, NE, SW, SE)", field=field)
    for i, k in enumerate(value):
        if k not in SPACE_KINDS:
            raise CitiesError(f"unknown space kind {k!r} (one of {', '.join(SPACE_KINDS)})",
                              field=f"{field}[{i}]")
    return tuple(value)  # type: ignore[return-value]


def parse_rotation(value: object, field: str = "rotation") -> int:
    """A clockwise rotation: 0, 90, 180 or 270.

    >>> parse_rotation(45)
    Traceback (most recent call last):
    solver.common.errors.CitiesError: rotation: 45 is not a rotation (0, 90, 180 or 270)
    """
    if isinstance(value, bool) or value not in ROTATIONS:
        raise CitiesError(f"{value!r} is not a rotation (0, 90, 180 or 270)", field=field)
    return int(value)  # type: ignore[arg-type]
