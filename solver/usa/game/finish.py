"""A city in progress and what is still to come: the pool of its best finish.

What is still to come (``cities usa solve CITY --tiles ...``, the Table page's best finish) is
pool-shaped: ``{"tiles": [city tile ids], "features": [ids], "pieces": {colour: n},
"tops": [colours], "cards": [ids], "achievements": [{"achievement": id, "points": n}]}``,
every key optional. The finish's pool is what the city holds (its starting tile, tiles,
bridges laid and left, features, pieces, tops, cards, achievements) plus that; the solver
holds the city where it lies.

>>> from solver.usa.game.cityfile import city_from_json
>>> city = city_from_json({"game": "cities-usa", "size": [2, 2],
...                        "tiles": [{"tile": "start-1", "at": [0, 0]}]})
>>> pool = finish_pool(city, {"tiles": ["city-01", "city-02", "city-03"]})
>>> pool.start, pool.tiles, pool.bridges
('start-1', ('city-01', 'city-02', 'city-03'), 3)
>>> finish_pool(city, {"tiles": ["start-1"]})
Traceback (most recent call last):
solver.common.errors.BeyondTheBox: tiles: start-1 is already in the city
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from solver.common.errors import BadField, BeyondTheBox, CitiesError
from solver.common.fields import str_list
from solver.usa.game.city import City
from solver.usa.game.pool import Pool, pool_from_json
from solver.usa.game.vocab import COLORS

TO_COME = ("tiles", "features", "pieces", "tops", "cards", "achievements")


def finish_pool(city: City, to_come: Mapping[str, Any],
                names: Mapping[str, str] | None = None, city_field: str | None = None) -> Pool:
    """The pool of ``city``'s finish: what it holds and what is ``to_come`` (see the module).
    Errors name the field of ``to_come`` as ``names`` spells it (``--tiles`` on the command
    line), or the city's own field (inside ``city_field`` when given)."""
    names = names or {}

    def named(key: str) -> str:
        return names.get(key, key)

    def own(key: str) -> str:
        return f"{city_field}.{key}" if city_field else key

    unknown = sorted(set(to_come) - set(TO_COME))
    if unknown:
        raise BadField(f"unknown key {unknown[0]!r} (expected {', '.join(TO_COME)})")
    for place, laid in sorted(city.tiles.items()):
        if not laid.tile.id:
            raise BadField(f"the tile at {list(place)} is an inline tile: a finish needs "
                           "tile ids", field=own("tiles"))
    starts = [p.tile.id for p in city.tiles.values() if p.tile.start]
    if not starts:
        raise BadField("the city has no starting tile yet (a pool file names one)",
                       field=own("tiles"))
    comps = city.components
    tiles = str_list(to_come.get("tiles", []), named("tiles"))
    held = {p.tile.id for p in city.tiles.values()}
    for i, t in enumerate(tiles):
        if t in held:
            raise BeyondTheBox(f"{t} is already in the city", field=named("tiles"))
        if t not in comps.city_tiles:
            raise BadField(f"unknown city tile {t!r}", field=f"{named('tiles')}[{i}]")
    if len(set(tiles)) != len(tiles):
        raise BeyondTheBox("a tile is listed twice", field=named("tiles"))
    pieces_in = to_come.get("pieces", {})
    if not isinstance(pieces_in, dict):
        raise BadField(f"expected {{colour: count}} for {', '.join(COLORS)}",
                       field=named("pieces"))
    achievements = to_come.get("achievements", [])
    if not isinstance(achievements, list):
        raise BadField("expected a list", field=named("achievements"))
    built = [p.tile.id for _, p in sorted(city.tiles.items()) if not p.tile.start]
    stacked = Counter({c: 0 for c in COLORS})
    for b in city.buildings.values():
        stacked[b.color] += b.height
    pool = {
        "game": "cities-usa", "size": list(city.size), "start": starts[0],
        "tiles": built + tiles, "bridges": len(city.bridges) + city.remaining_bridges,
        "features": sorted(city.features.values())
        + str_list(to_come.get("features", []), named("features")),
        "pieces": {c: _plus(stacked[c], pieces_in.get(c, 0)) for c in {*COLORS, *pieces_in}},
        "tops": sorted(b.color for b in city.buildings.values() if b.top)
        + str_list(to_come.get("tops", []), named("tops")),
        "cards": list(city.cards) + str_list(to_come.get("cards", []), named("cards")),
        "achievements": [{"achievement": a, "points": n} for a, n in city.achievements]
        + achievements}
    try:
        return pool_from_json(pool, comps)
    except CitiesError as err:
        key = (err.field or "").split("[")[0].split(".")[0]
        rest = (err.field or "")[len(key):]
        if key in TO_COME:
            raise type(err)(err.message, err.source, named(key) + rest) from None
        raise err.located(field=city_field) from None


def _plus(held: int, to_come: Any) -> Any:
    """The pieces of a colour the city holds and those to come; a count to come that is no
    whole number of pieces (``-1``, ``true``, ``1.5``) is left for the pool's check to refuse."""
    return held + to_come if type(to_come) is int and to_come >= 0 else to_come
