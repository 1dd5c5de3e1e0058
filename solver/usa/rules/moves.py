"""Every legal (place, rotation) of a tile, with the bridges each forces.

>>> from solver.usa.game.notation import parse_city
>>> found = legal_moves(parse_city("3x3 wwpp:EW"), "city-05")
>>> len(found), found[0].at, found[0].rotation
(16, (-1, 0), 0)

A move's ``bridge_choices`` are the sets of forced bridges the player may lay (one set when
bridges last for every dead end; with too few, one per choice of which to fix), and
``voluntary_bridges`` the bridges a turn may add after its tile:

>>> short = parse_city("3x3 wwpp wwpp / wwpp .").with_changes(bridges_left=1)
>>> move = next(m for m in legal_moves(short, "city-07") if m.at == (1, 1))
>>> move.must_fix, move.bridge_choices()
(1, [[((0, 1), 'S')], [((1, 0), 'E')]])
>>> voluntary_bridges(parse_city("3x3 wwpp:EW"))
[((0, 0), 'N'), ((0, 0), 'S')]
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any

from solver.usa.game.city import City, Place
from solver.usa.game.geometry import places_beside
from solver.usa.game.tiles import Tile
from solver.usa.game.vocab import ARMS, ROTATIONS
from solver.usa.rules.legality import Bridge, fits, place_bridge, place_tile


@dataclass(frozen=True)
class Move:
    at: Place
    rotation: int
    forced_bridges: list[Bridge]
    must_fix: int

    def bridge_choices(self) -> list[list[Bridge]]:
        """Every set of forced bridges the player may lay with this tile (``place_tile``
        accepts each as its ``bridges``): all of them while bridges last, else each choice of
        ``must_fix`` of them."""
        return [list(c) for c in combinations(self.forced_bridges, self.must_fix)]

    def to_json(self) -> dict[str, Any]:
        return {"at": list(self.at), "rotation": self.rotation,
                "forced_bridges": [bridge_json(b) for b in self.forced_bridges],
                "must_fix": self.must_fix,
                "bridge_choices": [[bridge_json(b) for b in c] for c in self.bridge_choices()]}


def bridge_json(bridge: Bridge) -> dict[str, Any]:
    return {"at": list(bridge[0]), "arm": bridge[1]}


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


def voluntary_bridges(city: City) -> list[Bridge]:
    """Every bridge ``place_bridge`` accepts in the city: the turn's voluntary bridge, after
    its tile (none when no bridge is left)."""
    return [(at, arm) for at in sorted(city.tiles) for arm in ARMS
            if place_bridge(city, at, arm).legal]
