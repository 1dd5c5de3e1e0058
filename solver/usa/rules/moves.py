"""Every legal (place, rotation) of a tile, with the bridges each forces.

>>> from solver.usa.game.notation import parse_city
>>> found = legal_moves(parse_city("3x3 wwpp:EW"), "city-05")
>>> len(found), found[0].at, found[0].rotation
(16, (-1, 0), 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.usa.game.city import City, Place
from solver.usa.game.geometry import places_beside
from solver.usa.game.tiles import Tile
from solver.usa.game.vocab import ROTATIONS
from solver.usa.rules.legality import Bridge, fits, place_tile


@dataclass(frozen=True)
class Move:
    at: Place
    rotation: int
    forced_bridges: list[Bridge]
    must_fix: int

    def to_json(self) -> dict[str, Any]:
        return {"at": list(self.at), "rotation": self.rotation,
                "forced_bridges": [{"at": list(p), "arm": a} for p, a in self.forced_bridges],
                "must_fix": self.must_fix}


def candidate_places(city: City) -> list[Place]:
    """Empty places fully adjacent to the city (any place of the frame for an empty city)."""
    if not city.tiles:
        return [(r, c) for r in range(city.size[0]) for c in range(city.size[1])]
    out = {near for place in city.tiles for near in places_beside(place)}
    return sorted(p for p in out - set(city.tiles) if fits(set(city.tiles) | {p}, city.size))


def legal_moves(city: City, tile: Tile | str) -> list[Move]:
    """Every legal placement of the tile (places in the city's coordinates)."""
    if isinstance(tile, str):
        tile = city.components.tile(tile)
    out = []
    for at in candidate_places(city):
        for rotation in ROTATIONS:
            v = place_tile(city, tile, at, rotation, build=False)
            if v.legal:
                out.append(Move(at, rotation, v.forced_bridges, v.must_fix))
    return out
