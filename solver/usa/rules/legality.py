"""Legality of every action on a city in progress, with the reason and the resulting city.

Actions (JSON objects, as ``cities usa check --action`` reads them):

- ``{"action": "tile", "tile": ID or inline, "at": [r, c], "rotation": 0, "bridges": [...]}``:
  place a city tile fully adjacent to the city (the first tile: a starting tile), any rotation,
  the city never longer than its size. Every dead end it makes must be fixed by a bridge while
  bridges remain (fewer bridges than dead ends: the player chooses which). Without
  ``bridges`` the answer lists the bridges the placement forces; with them, they must be such a
  choice.
- ``{"action": "bridge", "at": [r, c], "arm": "E"}``: a voluntary bridge: on an arm without a
  street, never creating a dead end.
- ``{"action": "feature", "feature": ID, "space": [R, C]}``: on an empty space of its kind.
- ``{"action": "building", "color": C, "space": [R, C]}``: one piece, on its colour's space or a
  wild one, on a stack of its colour, at most 4 high.
- ``{"action": "top", "color": C, "space": [R, C]}``: a skyscraper top on a 4-high stack of C.
- ``{"action": "card", "card": ID}`` and ``{"action": "achievement", "achievement": ID,
  "points": N}`` (claimed once, only while met).

Tile places may lie outside the city file's frame (row -1, say) while the whole city still
fits its size; the resulting city is shifted back into the frame.

>>> from solver.usa.game.notation import parse_city
>>> city = parse_city("3x3 wwpp:EW")
>>> v = check(city, {"action": "tile", "tile": "city-05", "at": [0, 1], "rotation": 0})
>>> v.legal, v.forced_bridges, v.must_fix
(True, [((0, 1), 'W')], 1)
>>> check(city, {"action": "bridge", "at": [0, 0], "arm": "E"}).reason
'arm E of the tile at [0, 0] already has a street'
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from solver.common.errors import CitiesError
from solver.common.fields import int_pair
from solver.usa.game.city import Building, City, Place, PlacedTile, Space
from solver.usa.game.cityfile import building_misfit, feature_misfit
from solver.usa.game.geometry import dead_ends_at, fix_for, place_facing, places_beside
from solver.usa.game.tiles import Tile, parse_rotation, parse_spaces, parse_streets
from solver.usa.game.vocab import ARMS, COLORS, OPPOSITE
from solver.usa.scoring.requirements import achievement_met

Bridge = tuple[Place, str]


@dataclass(frozen=True)
class Verdict:
    """Legal or not, why, the bridges a tile forces (``must_fix`` of them), the city after."""

    legal: bool
    reason: str
    forced_bridges: list[Bridge] = field(default_factory=list)
    must_fix: int = 0
    city: City | None = None

    def to_json(self) -> dict[str, Any]:
        return {"legal": self.legal, "reason": self.reason,
                "forced_bridges": [{"at": list(p), "arm": a} for p, a in self.forced_bridges],
                "must_fix": self.must_fix}


def _no(reason: str) -> Verdict:
    return Verdict(False, reason)


def fits(places: set[Place], size: tuple[int, int]) -> bool:
    """Whether the tiles' bounding box is within the city's size (rows x cols)."""
    if not places:
        return True
    rows = max(r for r, _ in places) - min(r for r, _ in places) + 1
    cols = max(c for _, c in places) - min(c for _, c in places) + 1
    return rows <= size[0] and cols <= size[1]


def into_frame(city: City) -> City:
    """The city shifted so that every tile lies inside its frame ``[0, size)``."""
    top = min(r for r, _ in city.tiles)
    left = min(c for _, c in city.tiles)
    bottom = max(r for r, _ in city.tiles)
    right = max(c for _, c in city.tiles)
    dr = -top if top < 0 else min(0, city.size[0] - 1 - bottom)
    dc = -left if left < 0 else min(0, city.size[1] - 1 - right)
    return city.shifted(dr, dc) if (dr, dc) != (0, 0) else city


def _tile(city: City, value: Any) -> Tile:
    if isinstance(value, str):
        try:
            return city.components.tile(value)
        except CitiesError as err:
            raise err.located(field="tile") from None
    if isinstance(value, dict):
        return Tile("", "inline tile", parse_spaces(value.get("spaces"), "tile.spaces"),
                    parse_streets(value.get("streets", ""), "tile.streets"), source="inline")
    raise CitiesError("expected a tile id or an inline tile", field="tile")


def place_tile(city: City, tile: Tile, at: Place, rotation: int,
               bridges: list[Bridge] | None = None, *, build: bool = True) -> Verdict:
    """Place a tile: adjacency, size, and the bridges its dead ends force; without ``build``
    the verdict carries no city (listing moves needs only the verdicts)."""
    if tile.id and any(p.tile.id == tile.id for p in city.tiles.values()):
        return _no(f"tile {tile.id} is already in the city")
    if not city.tiles and tile.id and not tile.start:
        return _no(f"a city starts with a starting tile, not {tile.id}")
    if city.tiles and tile.start:
        return _no(f"{tile.id} is a starting tile and the city has begun")
    if at in city.tiles:
        return _no(f"a tile already lies at {list(at)}")
    if city.tiles and not any(near in city.tiles for near in places_beside(at)):
        return _no(f"{list(at)} is not fully adjacent to a tile of the city")
    if not fits(set(city.tiles) | {at}, city.size):
        return _no(f"the city would exceed {city.size[0]}x{city.size[1]} tiles")
    # The new tile's place was empty: only the dead ends at it are new.
    made = dead_ends_at(city, at, tile.rotated(rotation).streets
                        | {arm for p, arm in city.bridges if p == at})
    fixes = [fix_for(d) for d in made]
    must = min(len(fixes), city.remaining_bridges)
    if bridges is not None:
        wrong = [b for b in bridges if b not in fixes]
        if wrong:
            return Verdict(False, f"bridge on arm {wrong[0][1]} at {list(wrong[0][0])} fixes "
                           "no dead end this tile makes (a voluntary bridge is its own action)",
                           fixes, must)
        if len(set(bridges)) != len(bridges) or len(bridges) != must:
            return Verdict(False, f"this placement makes {len(made)} dead end(s): {must} "
                           f"bridge(s) must fix them, {len(set(bridges))} given", fixes, must)
        chosen = bridges
    else:
        chosen = fixes[:must] if must == len(fixes) else []
    if not made:
        reason = "fully adjacent, inside the city's size, no dead end"
    elif must == len(made):
        reason = f"it makes {len(made)} dead end(s): {must} bridge(s) forced"
    elif must == 0:
        reason = f"it makes {len(made)} dead end(s) and no bridge remains: -3 each at the end"
    else:
        reason = (f"it makes {len(made)} dead ends and {must} bridge(s) remain: "
                  f"the player chooses which {must} to fix")
    if not build:
        return Verdict(True, reason, fixes, must)
    done = city.with_changes(tiles={**city.tiles, at: PlacedTile(tile, rotation)},
                             bridges=city.bridges | set(chosen),
                             bridges_left=city.remaining_bridges - len(chosen))
    return Verdict(True, reason, fixes, must, into_frame(done))


def place_bridge(city: City, at: Place, arm: str) -> Verdict:
    """A voluntary bridge: on an arm without a street, never making a dead end."""
    if at not in city.tiles:
        return _no(f"no tile at {list(at)}")
    if arm in city.laid(at).streets:
        return _no(f"arm {arm} of the tile at {list(at)} already has a street")
    if arm in city.arms(at):
        return _no(f"arm {arm} of the tile at {list(at)} already has a bridge")
    if city.remaining_bridges < 1:
        return _no("no bridges left")
    other = place_facing(at, arm)
    if other in city.tiles and OPPOSITE[arm] not in city.arms(other):
        return _no(f"it would make a dead end against the tile at {list(other)}")
    open_place = other not in city.tiles and fits(set(city.tiles) | {other}, city.size)
    if open_place and not city.components.rules["bridge_may_face_open_place"]:
        return _no(f"it faces the open place {list(other)} (rules option "
                   "bridge_may_face_open_place is off)")
    after = city.with_changes(bridges=city.bridges | {(at, arm)},
                              bridges_left=city.remaining_bridges - 1)
    return Verdict(True, "an arm without a street; no dead end", city=after)


def place_feature(city: City, fid: str, space: Space) -> Verdict:
    """A feature tile on an empty space (no building, no feature) of its kind."""
    feat = city.components.feature(fid)
    if not city.has_space(space):
        return _no(f"no tile holds space {list(space)}")
    if Counter(city.features.values())[fid] >= feat.copies:
        return _no(f"all {feat.copies} {fid} tiles are in the city")
    if space in city.features:
        return _no(f"space {list(space)} already holds a feature tile")
    if space in city.buildings:
        return _no(f"space {list(space)} holds a building")
    problem = feature_misfit(feat.placed_on, city.printed_kind(space))
    if problem:
        return _no(f"{fid} {problem}")
    return Verdict(True, f"an empty {feat.placed_on} space",
                   city=city.with_changes(features={**city.features,
                                                                   space: fid}))


def place_piece(city: City, color: str, space: Space) -> Verdict:
    """One building piece: its colour's space (or wild), on a stack of its colour, up to 4."""
    if not city.has_space(space):
        return _no(f"no tile holds space {list(space)}")
    used = sum(b.height for b in city.buildings.values() if b.color == color)
    if used >= city.components.pieces[color]:
        return _no(f"all {city.components.pieces[color]} {color} pieces are in the city")
    problem = building_misfit(city, space, color)
    if problem:
        return _no(problem)
    stack = city.buildings.get(space)
    tall = city.components.rules["max_height"]
    if stack is not None:
        if stack.color != color:
            return _no(f"a {color} piece cannot go on a {stack.color} stack")
        if stack.top:
            return _no("the building has its skyscraper top")
        if stack.height >= tall:
            return _no(f"a stack is at most {tall} pieces")
    new = Building(color, (stack.height if stack else 0) + 1)
    return Verdict(True, f"a {color} building {new.height} high",
                   city=city.with_changes(buildings={**city.buildings, space: new}))


def place_top(city: City, color: str, space: Space) -> Verdict:
    """A skyscraper top: only on a 4-high stack of its colour."""
    stack = city.buildings.get(space)
    tall = city.components.rules["max_height"]
    if stack is None or stack.color != color or stack.height != tall or stack.top:
        return _no(f"a {color} top goes only on a {tall}-high {color} stack without a top")
    used = sum(b.top for b in city.buildings.values() if b.color == color)
    if used >= city.components.tops[color]:
        return _no(f"both {color} tops are in the city")
    new = Building(color, tall, True)
    return Verdict(True, f"a {color} skyscraper",
                   city=city.with_changes(buildings={**city.buildings, space: new}))


def check(city: City, action: Any) -> Verdict:
    """Judge one action (see the module's documentation); malformed input raises CitiesError."""
    if not isinstance(action, dict):
        raise CitiesError("expected an action object")
    kind = action.get("action")
    comps = city.components
    if kind == "tile":
        tile = _tile(city, action.get("tile"))
        at = int_pair(action.get("at"), "at")
        rotation = parse_rotation(action.get("rotation", 0))
        bridges = action.get("bridges")
        if bridges is not None:
            if not isinstance(bridges, list):
                raise CitiesError("expected a list of bridges", field="bridges")
            bridges = [_bridge(b, f"bridges[{i}]") for i, b in enumerate(bridges)]
        return place_tile(city, tile, at, rotation, bridges)
    if kind == "bridge":
        (at, arm) = _bridge(action, "")
        return place_bridge(city, at, arm)
    if kind == "feature":
        try:
            comps.feature(action.get("feature"))  # type: ignore[arg-type]
        except CitiesError as err:
            raise err.located(field="feature") from None
        return place_feature(city, action["feature"], int_pair(action.get("space"), "space"))
    if kind in ("building", "top"):
        color = action.get("color")
        if color not in COLORS:
            raise CitiesError(f"{color!r} is not a colour ({', '.join(COLORS)})", field="color")
        space = int_pair(action.get("space"), "space")
        return (place_piece if kind == "building" else place_top)(city, color, space)
    if kind == "card":
        try:
            card = comps.card(action.get("card"))  # type: ignore[arg-type]
        except CitiesError as err:
            raise err.located(field="card") from None
        if city.cards.count(card.id) >= card.copies:
            return _no(f"all {card.copies} copies of {card.id} are in the city")
        return Verdict(True, "a copy is left", city=city.with_changes(
            cards=(*city.cards, card.id)))
    if kind == "achievement":
        return _claim(city, action)
    raise CitiesError(f"unknown action {kind!r} (tile, bridge, feature, building, top, card, "
                      "achievement)", field="action")


def _bridge(value: Any, field_: str) -> Bridge:
    pre = f"{field_}." if field_ else ""
    if not isinstance(value, dict):
        raise CitiesError("expected {\"at\": [r, c], \"arm\": A}", field=field_ or None)
    at = int_pair(value.get("at"), f"{pre}at")
    arm = value.get("arm")
    if arm not in ARMS:
        raise CitiesError(f"{arm!r} is not an arm (N, E, S or W)", field=f"{pre}arm")
    return at, arm


def _claim(city: City, action: dict[str, Any]) -> Verdict:
    try:
        ach = city.components.achievement(action.get("achievement"))  # type: ignore[arg-type]
    except CitiesError as err:
        raise err.located(field="achievement") from None
    points = ach.ring_value(action.get("points"), "points")
    if any(a == ach.id for a, _ in city.achievements):
        return _no(f"{ach.id} is already claimed (once per game)")
    if not achievement_met(ach, city):
        return _no(f"{ach.id} is not met")
    return Verdict(True, f"{ach.id} is met", city=city.with_changes(
        achievements=(*city.achievements, (ach.id, points))))
