"""An order of play that builds a finished city: a tile at a time, fully adjacent, every dead
end fixed while bridges last, voluntary bridges where the rules allow them.

Every step is judged by ``legality`` (the one owner of those rules); this module only searches
the orders: the starting tile first, then any tile fully adjacent to those laid, or any of the
city's bridges whose tile is laid.

The rulebook's scoring example keeps a dead end and builds no bridge: legal play makes it only
when the player holds no bridge (with bridges in hand, the tile that made the dead end would
have had it fixed).

>>> from solver.usa.game.cityfile import load_city
>>> city = load_city("examples/usa/rulebook-scoring.json")
>>> len(play_order(city, bridges=0)), play_order(city, bridges=3)
(9, None)
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from solver.usa.game.city import Bridge, City, Place
from solver.usa.rules.legality import place_bridge, place_tile


def play_order(target: City, bridges: int | None = None) -> list[dict[str, Any]] | None:
    """Tile and bridge actions that build ``target``'s tiles and bridges from nothing, or None
    when no order of play can. ``bridges``: what the player holds at the start (default: the
    bridges the city has built plus those it has left)."""
    if not target.tiles:
        return []
    holds = bridges if bridges is not None else len(target.bridges) + target.remaining_bridges
    empty = target.with_changes(tiles={}, bridges=frozenset(), buildings={}, features={},
                                cards=(), achievements=(), bridges_left=holds)
    starts = [p for p, t in target.tiles.items() if t.tile.start] or sorted(target.tiles)
    failed: set[tuple[frozenset[Place], frozenset[Bridge]]] = set()

    def search(city: City) -> list[dict[str, Any]] | None:
        if set(city.tiles) == set(target.tiles) and city.bridges == target.bridges:
            return []
        key = (frozenset(city.tiles), frozenset(city.bridges))
        if key in failed:
            return None
        for action, after in _next_steps(city, target, starts):
            rest = search(after)
            if rest is not None:
                return [action, *rest]
        failed.add(key)
        return None

    return search(empty)


def _next_steps(city: City, target: City, starts: list[Place]) -> list[tuple[dict[str, Any],
                                                                            City]]:
    out = []
    for at, arm in sorted(target.bridges - city.bridges):
        if at in city.tiles:
            v = place_bridge(city, at, arm)
            if v.legal and v.city is not None:
                out.append(({"action": "bridge", "at": list(at), "arm": arm}, v.city))
    places = starts if not city.tiles else sorted(
        p for p in set(target.tiles) - set(city.tiles)
        if any((p[0] + dr, p[1] + dc) in city.tiles
               for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))))
    for at in places:
        laid = target.tiles[at]
        probe = place_tile(city, laid.tile, at, laid.rotation)
        if not probe.legal:
            continue
        wanted = [b for b in probe.forced_bridges if b in target.bridges]
        for chosen in combinations(wanted, probe.must_fix):
            v = place_tile(city, laid.tile, at, laid.rotation, list(chosen))
            if v.legal and v.city is not None and v.city.tiles.keys() <= target.tiles.keys():
                action = {"action": "tile", "tile": laid.tile.id, "at": list(at),
                          "rotation": laid.rotation,
                          "bridges": [{"at": list(p), "arm": a} for p, a in chosen]}
                out.append((action, v.city))
    return out
