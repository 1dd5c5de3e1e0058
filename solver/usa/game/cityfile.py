"""City files: JSON in, City out (every field checked, errors name the field), and back.

>>> city = load_city("examples/usa/rulebook-scoring.json")
>>> city.size, len(city.tiles), len(city.cards)
((3, 3), 9, 8)
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from solver.common.errors import CitiesError
from solver.common.fields import CITIES_USA, game_field, int_pair, load_file, object_list
from solver.common.jsonio import write_json_atomic
from solver.usa.game.city import Building, City, PlacedTile, place_of, tile_spaces
from solver.usa.game.components import Components, load_components
from solver.usa.game.geometry import places_connected
from solver.usa.game.tiles import Tile, parse_rotation, parse_spaces, parse_streets
from solver.usa.game.vocab import ARMS, COLORS, QUADRANTS


def city_size(value: Any) -> tuple[int, int]:
    """A city's ``size`` field, ``[rows, cols]`` in tiles, 1 to 5 each (city and pool files).

    >>> city_size([3, 5])
    (3, 5)
    """
    return int_pair(value, "size", 1, 5, "[rows, cols], 1 to 5 each")


def _tiles(data: dict[str, Any], size: tuple[int, int], comps: Components
           ) -> dict[tuple[int, int], PlacedTile]:
    tiles: dict[tuple[int, int], PlacedTile] = {}
    ids: set[str] = set()
    for i, t in enumerate(object_list(data.get("tiles", []), "tiles")):
        f = f"tiles[{i}]"
        at = int_pair(t.get("at"), f"{f}.at", what="[row, col] (a tile place)")
        if not (0 <= at[0] < size[0] and 0 <= at[1] < size[1]):
            raise CitiesError(f"{list(at)} is outside the {size[0]}x{size[1]} city",
                              field=f"{f}.at")
        if at in tiles:
            raise CitiesError(f"two tiles at {list(at)}", field=f"{f}.at")
        if "tile" in t:
            try:
                tile = comps.tile(t["tile"]) if isinstance(t["tile"], str) else None
            except CitiesError as err:
                raise err.located(field=f"{f}.tile") from None
            if tile is None:
                raise CitiesError("expected a tile id", field=f"{f}.tile")
            if tile.id in ids:
                raise CitiesError(f"tile {tile.id!r} is placed twice", field=f"{f}.tile")
            ids.add(tile.id)
        else:
            tile = Tile("", "inline tile", parse_spaces(t.get("spaces"), f"{f}.spaces"),
                        parse_streets(t.get("streets", ""), f"{f}.streets"), source="inline")
        tiles[at] = PlacedTile(tile, parse_rotation(t.get("rotation", 0), f"{f}.rotation"))
    if sum(p.tile.start for p in tiles.values()) > 1:
        raise CitiesError("a city has one starting tile", field="tiles")
    if tiles and not places_connected(set(tiles)):
        raise CitiesError("the tiles do not form one connected city (each tile is placed "
                          "fully adjacent to another)", field="tiles")
    return tiles


def city_from_json(data: Any, comps: Components | None = None) -> City:
    """Build and check a city from parsed JSON (no file name: the caller adds it)."""
    comps = comps or load_components()
    if not isinstance(data, dict):
        raise CitiesError("expected a JSON object (a Cities USA city file)")
    game_field(data, CITIES_USA)
    if "players" in data and "actions" in data:  # never scored as the empty city it names
        raise CitiesError("a game file, not a city file: cities usa play --resume reads it "
                          "(each city is under \"cities\")")
    size = city_size(data.get("size", [3, 3]))
    tiles = _tiles(data, size, comps)
    city = City(size, tiles, components=comps)
    bridges = set()
    for i, b in enumerate(object_list(data.get("bridges", []), "bridges")):
        f = f"bridges[{i}]"
        at = int_pair(b.get("at"), f"{f}.at", what="[row, col] (a tile place)")
        arm = b.get("arm")
        if arm not in ARMS:
            raise CitiesError(f"{arm!r} is not an arm (N, E, S or W)", field=f"{f}.arm")
        if at not in tiles:
            raise CitiesError(f"no tile at {list(at)}", field=f"{f}.at")
        if arm in city.laid(at).streets:
            raise CitiesError(f"arm {arm} of the tile at {list(at)} already has a street",
                              field=f)
        if (at, arm) in bridges:
            raise CitiesError("two bridges on one arm", field=f)
        bridges.add((at, arm))
    most = comps.rules["bridges_per_player"]
    if len(bridges) > most:
        raise CitiesError(f"{len(bridges)} bridges: a player has {most}", field="bridges")
    left = data.get("bridges_left")
    if left is not None and (isinstance(left, bool) or not isinstance(left, int)
                             or not 0 <= left <= most - len(bridges)):
        raise CitiesError(f"expected 0-{most - len(bridges)}", field="bridges_left")
    city = city.with_changes(bridges=frozenset(bridges), bridges_left=left)
    features = _features(data, city, comps)
    city = city.with_changes(features=features)
    city = city.with_changes(buildings=_buildings(data, city, comps))
    return city.with_changes(cards=_cards(data, comps), achievements=_achievements(data, comps))


def _space(value: Any, field: str, city: City) -> tuple[int, int]:
    space = int_pair(value, field, what="[row, col] (a space)")
    if not city.has_space(space):
        raise CitiesError(f"no tile holds space {list(space)}", field=field)
    return space


def _features(data: dict[str, Any], city: City, comps: Components) -> dict[Any, str]:
    out: dict[Any, str] = {}
    for i, x in enumerate(object_list(data.get("features", []), "features")):
        f = f"features[{i}]"
        space = _space(x.get("space"), f"{f}.space", city)
        try:
            feat = comps.feature(x.get("feature"))  # type: ignore[arg-type]
        except CitiesError as err:
            raise err.located(field=f"{f}.feature") from None
        if space in out:
            raise CitiesError(f"a second feature tile on space {list(space)}", field=f)
        problem = feature_misfit(feat.placed_on, city.printed_kind(space))
        if problem:
            raise CitiesError(f"{feat.id} on {list(space)}: {problem}", field=f)
        out[space] = feat.id
    for fid, n in Counter(out.values()).items():
        if n > comps.features[fid].copies:
            raise CitiesError(f"{n} {fid} tiles: the box has {comps.features[fid].copies}",
                              field="features")
    return out


def feature_misfit(placed_on: str, kind: str) -> str | None:
    """Why a feature tile may not lie on a space of this kind (None: it may)."""
    if placed_on in ("water", "park"):
        return None if kind == placed_on else f"goes on a {placed_on} space, not {kind}"
    return None if kind not in ("water", "park") else f"goes on a city space, not {kind}"


def building_misfit(city: City, space: tuple[int, int], color: str) -> str | None:
    """Why pieces of ``color`` may not stand on this space (None: they may)."""
    kind = city.kind(space)
    if kind == "wild" or kind == color:
        return None
    if kind in COLORS:
        return f"a {kind} building space takes {kind} pieces, not {color}"
    name = {"site": "a construction site", "truck": "a food truck"}.get(kind, f"a {kind} space")
    return f"{name} takes no building pieces"


def _buildings(data: dict[str, Any], city: City, comps: Components) -> dict[Any, Building]:
    out: dict[Any, Building] = {}
    tall = comps.rules["max_height"]
    for i, b in enumerate(object_list(data.get("buildings", []), "buildings")):
        f = f"buildings[{i}]"
        space = _space(b.get("space"), f"{f}.space", city)
        if space in out:
            raise CitiesError(f"a second building on space {list(space)}", field=f)
        color = b.get("color")
        if color not in COLORS:
            raise CitiesError(f"{color!r} is not a colour ({', '.join(COLORS)})",
                              field=f"{f}.color")
        height = b.get("height")
        if isinstance(height, bool) or not isinstance(height, int) or not 1 <= height <= tall:
            raise CitiesError(f"{height!r}: a stack is 1-{tall} pieces (a skyscraper is "
                              f"{tall} with \"top\": true)", field=f"{f}.height")
        top = b.get("top", False)
        if not isinstance(top, bool):
            raise CitiesError("expected true or false", field=f"{f}.top")
        if top and height != tall:
            raise CitiesError(f"a skyscraper top goes only on a {tall}-high stack",
                              field=f"{f}.top")
        problem = building_misfit(city, space, color)
        if problem:
            raise CitiesError(f"{color} on {list(space)}: {problem}", field=f)
        out[space] = Building(color, height, top)
    for color in COLORS:
        pieces = sum(b.height for b in out.values() if b.color == color)
        tops = sum(b.top for b in out.values() if b.color == color)
        if pieces > comps.pieces[color] or tops > comps.tops[color]:
            raise CitiesError(f"more {color} pieces or tops than the box holds", field="buildings")
    return out


def _cards(data: dict[str, Any], comps: Components) -> tuple[str, ...]:
    cards = data.get("cards", [])
    if not isinstance(cards, list):
        raise CitiesError("expected a list of card ids", field="cards")
    for i, c in enumerate(cards):
        try:
            comps.card(c) if isinstance(c, str) else comps.card(repr(c))
        except CitiesError as err:
            raise err.located(field=f"cards[{i}]") from None
    for cid, n in Counter(cards).items():
        if n > comps.cards[cid].copies:
            raise CitiesError(f"{n} copies of {cid}: the box has {comps.cards[cid].copies}",
                              field="cards")
    return tuple(cards)


def _achievements(data: dict[str, Any], comps: Components) -> tuple[tuple[str, int], ...]:
    out: list[tuple[str, int]] = []
    for i, a in enumerate(object_list(data.get("achievements", []), "achievements")):
        f = f"achievements[{i}]"
        try:
            ach = comps.achievement(a.get("achievement"))  # type: ignore[arg-type]
        except CitiesError as err:
            raise err.located(field=f"{f}.achievement") from None
        if any(aid == ach.id for aid, _ in out):
            raise CitiesError(f"{ach.id} is claimed once per game", field=f)
        out.append((ach.id, ach.ring_value(a.get("points"), f"{f}.points")))
    return tuple(out)


def city_to_json(city: City) -> dict[str, Any]:
    """The city file of a city (``city_from_json`` reads it back equal)."""
    tiles = []
    for (r, c), p in sorted(city.tiles.items()):
        entry: dict[str, Any] = ({"tile": p.tile.id} if p.tile.id else
                                 {"spaces": list(p.tile.spaces),
                                  "streets": "".join(a for a in ARMS if a in p.tile.streets)})
        tiles.append({**entry, "at": [r, c], "rotation": p.rotation})
    out: dict[str, Any] = {
        "game": "cities-usa", "size": list(city.size), "tiles": tiles,
        "bridges": [{"at": list(p), "arm": a} for p, a in sorted(city.bridges)],
        "buildings": [{"space": list(s), "color": b.color, "height": b.height, "top": b.top}
                      for s, b in sorted(city.buildings.items())],
        "features": [{"space": list(s), "feature": f} for s, f in sorted(city.features.items())],
        "cards": list(city.cards),
        "achievements": [{"achievement": a, "points": p} for a, p in city.achievements]}
    if city.bridges_left is not None:
        out["bridges_left"] = city.bridges_left
    return out


def load_city(path: str | Path, comps: Components | None = None) -> City:
    """Load a city file (``-`` for stdin); every error names the file and the field."""
    return load_file(path, "city file", lambda data: city_from_json(data, comps))


def save_city(city: City, path: str | Path) -> None:
    """Write a city file atomically."""
    write_json_atomic(path, city_to_json(city))


__all__ = ["QUADRANTS", "building_misfit", "city_from_json", "city_to_json", "feature_misfit",
           "load_city", "place_of", "save_city", "tile_spaces"]
