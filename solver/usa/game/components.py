"""The box's contents and the rules options, loaded from JSON (``data/components.json``).

The printed contents of Cities USA are not public: the shipped file is a sample set
(``"source": "sample"``) that follows every count the rulebook states. ``load_components(path)``
(the CLI's ``--components FILE``) loads a user's own file of the same schema instead.

>>> comps = load_components()
>>> len(comps.city_tiles), len(comps.starting_tiles), sum(f.copies for f in comps.features.values())
(32, 4, 48)
>>> sum(c.copies for c in comps.cards.values()), len(comps.boards)
(32, 4)
>>> [side.city for side in comps.boards[0].sides], comps.boards[0].sides[0].achievements
(['Seattle', 'Chicago'], ('space-needle', 'green-lake', 'pike-place'))
>>> comps.card("corporate-towers").label
'Corporate Towers (sample)'
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from solver.common.errors import CitiesError
from solver.common.fields import load_file
from solver.usa.game.requirements import Requirement, parse_requirement
from solver.usa.game.tiles import Tile, parse_spaces, parse_streets
from solver.usa.game.vocab import CATEGORIES, COLORS, labelled

DEFAULT_PATH = Path(__file__).parent.parent / "data" / "components.json"

DEFAULT_RULES: dict[str, Any] = {
    "building_points": [0, 1, 2, 3, 5],
    "construction_site_penalty": [1, 3, 6, 10],
    "dead_end_penalty": 3,
    "food_truck_points": 2,
    "bridges_per_player": 3,
    "max_height": 4,
    "wild_counts_as_any_color": True,
    "bridge_may_face_open_place": True,
}
"""Every rules option and its default; a components file's ``rules`` object overrides them."""


@dataclass(frozen=True)
class Feature:
    """A kind of feature tile: where it goes and how it scores (``scoring`` is data)."""

    id: str
    name: str
    placed_on: str  # water, park or city
    copies: int
    category: str | None
    scoring: dict[str, Any]
    source: str = "sample"

    @property
    def label(self) -> str:
        return labelled(self.name, self.source)


@dataclass(frozen=True)
class Card:
    """A scoring card: ``points`` for every occurrence of its requirement."""

    id: str
    name: str
    points: int
    copies: int
    requirement: Requirement
    source: str = "sample"

    @property
    def label(self) -> str:
        return labelled(self.name, self.source)


@dataclass(frozen=True)
class Achievement:
    """An achievement: met when its requirement counts at least ``at_least``; ring values."""

    id: str
    name: str
    city: str
    requirement: Requirement
    at_least: int
    points: tuple[int, ...]
    source: str = "sample"

    @property
    def label(self) -> str:
        return labelled(f"{self.city}: {self.name}", self.source)


@dataclass(frozen=True)
class BoardSide:
    """One side of a city achievement board: a city and its three achievements."""

    city: str
    achievements: tuple[str, ...]


@dataclass(frozen=True)
class Board:
    """A double-sided city achievement board (one side is chosen for a game)."""

    id: str
    sides: tuple[BoardSide, BoardSide]


@dataclass(frozen=True)
class Components:
    """Everything in the box plus the rules options."""

    source: str
    starting_tiles: dict[str, Tile]
    city_tiles: dict[str, Tile]
    features: dict[str, Feature]
    cards: dict[str, Card]
    achievements: dict[str, Achievement]
    boards: tuple[Board, ...]
    rules: dict[str, Any] = field(default_factory=lambda: dict(DEFAULT_RULES))
    pieces: dict[str, int] = field(default_factory=lambda: dict.fromkeys(COLORS, 25))
    tops: dict[str, int] = field(default_factory=lambda: dict.fromkeys(COLORS, 2))

    def tile(self, tile_id: str) -> Tile:
        found = self.city_tiles.get(tile_id) or self.starting_tiles.get(tile_id)
        if found is None:
            raise CitiesError(f"unknown tile {tile_id!r}")
        return found

    def card(self, card_id: str) -> Card:
        if card_id not in self.cards:
            raise CitiesError(f"unknown scoring card {card_id!r}")
        return self.cards[card_id]

    def achievement(self, achievement_id: str) -> Achievement:
        if achievement_id not in self.achievements:
            raise CitiesError(f"unknown achievement {achievement_id!r}")
        return self.achievements[achievement_id]

    def feature(self, feature_id: str) -> Feature:
        if feature_id not in self.features:
            raise CitiesError(f"unknown feature {feature_id!r} (one of "
                              f"{', '.join(self.features)})")
        return self.features[feature_id]


def _str(d: dict[str, Any], key: str, field_: str) -> str:
    v = d.get(key)
    if not isinstance(v, str) or not v:
        raise CitiesError("expected a non-empty string", field=f"{field_}.{key}")
    return v


def _int(d: dict[str, Any], key: str, field_: str, low: int = 0, high: int = 99) -> int:
    v = d.get(key)
    if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
        raise CitiesError(f"expected a whole number {low}-{high}", field=f"{field_}.{key}")
    return v


def _list(data: dict[str, Any], key: str) -> list[Any]:
    v = data.get(key)
    if not isinstance(v, list):
        raise CitiesError("expected a list", field=key)
    return v


def _tiles(data: dict[str, Any], key: str, source: str, start: bool) -> dict[str, Tile]:
    out: dict[str, Tile] = {}
    for i, t in enumerate(_list(data, key)):
        f = f"{key}[{i}]"
        if not isinstance(t, dict):
            raise CitiesError("expected a tile object", field=f)
        tid = _str(t, "id", f)
        if tid in out:
            raise CitiesError(f"tile id {tid!r} twice", field=f"{f}.id")
        out[tid] = Tile(tid, t.get("name", tid), parse_spaces(t.get("spaces"), f"{f}.spaces"),
                        parse_streets(t.get("streets", ""), f"{f}.streets"), start, source)
    return out


def _features(data: dict[str, Any], source: str) -> dict[str, Feature]:
    out: dict[str, Feature] = {}
    for i, x in enumerate(_list(data, "features")):
        f = f"features[{i}]"
        if not isinstance(x, dict):
            raise CitiesError("expected a feature object", field=f)
        fid = _str(x, "id", f)
        on = x.get("placed_on")
        if on not in ("water", "park", "city"):
            raise CitiesError("expected water, park or city", field=f"{f}.placed_on")
        cat = x.get("category")
        if cat is not None and cat not in CATEGORIES:
            raise CitiesError(f"unknown category {cat!r}", field=f"{f}.category")
        scoring = x.get("scoring", {})
        if not isinstance(scoring, dict):
            raise CitiesError("expected an object", field=f"{f}.scoring")
        out[fid] = Feature(fid, x.get("name", fid), on, _int(x, "copies", f, 1), cat,
                           scoring, source)
    for fid, feat in out.items():
        partner = feat.scoring.get("pair_with")
        if partner is not None and partner not in out:
            raise CitiesError(f"pairs with unknown feature {partner!r}",
                              field=f"features.{fid}.scoring.pair_with")
        if feat.scoring.get("becomes") not in (None, "wild", "truck"):
            raise CitiesError("expected wild or truck", field=f"features.{fid}.scoring.becomes")
    return out


def _per_color(box: dict[str, Any], key: str, default: int) -> dict[str, int]:
    given = box.get(key, {})
    if not isinstance(given, dict) or set(given) - set(COLORS):
        raise CitiesError(f"expected {{colour: count}} for {', '.join(COLORS)}",
                          field=f"box.{key}")
    out = dict.fromkeys(COLORS, default)
    for color in given:
        out[color] = _int(given, color, f"box.{key}")
    return out


def components_from_json(data: Any) -> Components:
    """Build the components from parsed JSON; errors name the field."""
    if not isinstance(data, dict):
        raise CitiesError("expected a JSON object")
    if data.get("game", "cities-usa") != "cities-usa":
        raise CitiesError("expected \"cities-usa\"", field="game")
    source = data.get("source", "printed")
    if source not in ("printed", "sample", "reconstructed"):
        raise CitiesError("expected printed, sample or reconstructed", field="source")
    rules = dict(DEFAULT_RULES)
    given = data.get("rules", {})
    if not isinstance(given, dict):
        raise CitiesError("expected an object", field="rules")
    for key, value in given.items():
        if key not in DEFAULT_RULES:
            raise CitiesError("unknown rules option", field=f"rules.{key}")
        if type(value) is not type(DEFAULT_RULES[key]) or (
                isinstance(value, list) and len(value) != len(DEFAULT_RULES[key])):
            raise CitiesError(f"expected a value like {DEFAULT_RULES[key]!r}",
                              field=f"rules.{key}")
        rules[key] = value
    box = data.get("box", {})
    if not isinstance(box, dict):
        raise CitiesError("expected an object", field="box")
    pieces = _per_color(box, "pieces", 25)
    tops = _per_color(box, "tops", 2)
    starting = _tiles(data, "starting_tiles", source, True)
    city = _tiles(data, "city_tiles", source, False)
    clash = set(starting) & set(city)
    if clash:
        raise CitiesError(f"tile id {min(clash)!r} is both a starting and a city tile",
                          field="city_tiles")
    features = _features(data, source)
    fids = frozenset(features)
    cards: dict[str, Card] = {}
    for i, c in enumerate(_list(data, "cards")):
        f = f"cards[{i}]"
        if not isinstance(c, dict):
            raise CitiesError("expected a card object", field=f)
        cid = _str(c, "id", f)
        cards[cid] = Card(cid, c.get("name", cid), _int(c, "points", f), _int(c, "copies", f, 1),
                          parse_requirement(c.get("requirement"), f"{f}.requirement", fids),
                          source)
    achievements: dict[str, Achievement] = {}
    boards = []
    for i, b in enumerate(_list(data, "achievement_boards")):
        f = f"achievement_boards[{i}]"
        sides = b.get("sides") if isinstance(b, dict) else None
        if not isinstance(sides, list) or len(sides) != 2:
            raise CitiesError("expected 2 sides", field=f"{f}.sides")
        parsed = []
        for j, side in enumerate(sides):
            sf = f"{f}.sides[{j}]"
            if not isinstance(side, dict):
                raise CitiesError("expected a board side object", field=sf)
            city_name = _str(side, "city", sf)
            ids = []
            for k, a in enumerate(_list(side, "achievements")):
                af = f"{sf}.achievements[{k}]"
                aid = _str(a, "id", af)
                if aid in achievements:
                    raise CitiesError(f"achievement id {aid!r} twice", field=f"{af}.id")
                pts = a.get("points")
                if not (isinstance(pts, list) and len(pts) == 3 and all(
                        isinstance(p, int) and not isinstance(p, bool) and 0 <= p <= 99
                        for p in pts)):
                    raise CitiesError("expected 3 ring values", field=f"{af}.points")
                achievements[aid] = Achievement(
                    aid, a.get("name", aid), city_name,
                    parse_requirement(a.get("requirement"), f"{af}.requirement", fids),
                    _int(a, "at_least", af, 1), tuple(pts), source)
                ids.append(aid)
            parsed.append(BoardSide(city_name, tuple(ids)))
        boards.append(Board(_str(b, "id", f), (parsed[0], parsed[1])))
    return Components(source, starting, city, features, cards, achievements, tuple(boards),
                      rules, pieces, tops)


@cache
def _load(path: str, stamp: tuple[int, int]) -> Components:
    return load_file(path, "components file", components_from_json)


def load_components(path: str | Path | None = None) -> Components:
    """The shipped sample set, or a components file of the same schema (re-read when it
    changes)."""
    path = str(path or DEFAULT_PATH)
    try:
        st = os.stat(path)
        stamp = (st.st_mtime_ns, st.st_size)
    except OSError:
        stamp = (0, 0)  # read_json reports the problem in one line
    return _load(path, stamp)
