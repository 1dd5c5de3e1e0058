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

from solver.common.errors import BadField, CitiesError
from solver.common.fields import (
    bool_field,
    choice_field,
    int_field,
    list_field,
    load_file,
    object_field,
    object_list,
    str_field,
)
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

    def ring_value(self, points: Any, field: str) -> int:
        """``points`` when it is one of the ring's values (a whole number, never a bool or a
        float); else a refusal naming ``field``."""
        if type(points) is not int or points not in self.points:
            raise CitiesError(f"{points!r} is not a ring value of {self.id} "
                              f"({'/'.join(map(str, self.points))})", field=field)
        return points


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
        found = (self.city_tiles.get(tile_id) or self.starting_tiles.get(tile_id)
                 if isinstance(tile_id, str) else None)  # a file may hold any JSON here
        if found is None:
            raise CitiesError(f"unknown tile {tile_id!r}")
        return found

    def card(self, card_id: str) -> Card:
        if not isinstance(card_id, str) or card_id not in self.cards:
            raise CitiesError(f"unknown scoring card {card_id!r}")
        return self.cards[card_id]

    def achievement(self, achievement_id: str) -> Achievement:
        if not isinstance(achievement_id, str) or achievement_id not in self.achievements:
            raise CitiesError(f"unknown achievement {achievement_id!r}")
        return self.achievements[achievement_id]

    def feature(self, feature_id: str) -> Feature:
        if not isinstance(feature_id, str) or feature_id not in self.features:
            raise CitiesError(f"unknown feature {feature_id!r} (one of "
                              f"{', '.join(self.features)})")
        return self.features[feature_id]


def _name(d: dict[str, Any], default: str, field: str) -> str:
    return str_field(d.get("name", default), f"{field}.name")


def _tiles(data: dict[str, Any], key: str, source: str, start: bool) -> dict[str, Tile]:
    out: dict[str, Tile] = {}
    for i, t in enumerate(object_list(list_field(data.get(key), key, nonempty=True), key)):
        f = f"{key}[{i}]"
        tid = str_field(t.get("id"), f"{f}.id")
        if tid in out:
            raise BadField(f"tile id {tid!r} twice", field=f"{f}.id")
        out[tid] = Tile(tid, _name(t, tid, f), parse_spaces(t.get("spaces"), f"{f}.spaces"),
                        parse_streets(t.get("streets", ""), f"{f}.streets"), start, source)
    return out


SCORING_KEYS = {"area_size": ("points", "or_more"), "pair_with": ("single", "pair"),
                "becomes": ()}
"""How a feature scores: by the size of its area (``area_size``, ``points``, ``or_more``),
in pairs with another feature (``pair_with``, ``single``, ``pair``), or by what its space
``becomes`` (``wild`` or ``truck``)."""


def _scoring(value: Any, field: str) -> dict[str, Any]:
    """A feature's ``scoring`` object: its keys known and its numbers numbers."""
    sc = object_field(value, field)
    for key in sc:
        owner = next((k for k, extra in SCORING_KEYS.items() if key == k or key in extra), None)
        if owner is None:
            raise BadField(f"not a scoring key ({', '.join(SCORING_KEYS)} and theirs)",
                           field=f"{field}.{key}")
        if owner not in sc:
            raise BadField(f"goes with {owner}", field=f"{field}.{key}")
    if "area_size" in sc:
        int_field(sc["area_size"], f"{field}.area_size", 1, 99)
        int_field(sc.get("points"), f"{field}.points", 0, 99)
        bool_field(sc.get("or_more", False), f"{field}.or_more")
    if "pair_with" in sc:
        str_field(sc["pair_with"], f"{field}.pair_with")
        for key in ("single", "pair"):
            int_field(sc.get(key), f"{field}.{key}", 0, 99)
    if "becomes" in sc:
        choice_field(sc["becomes"], ("wild", "truck"), f"{field}.becomes")
    return sc


def _features(data: dict[str, Any], source: str) -> dict[str, Feature]:
    out: dict[str, Feature] = {}
    for i, x in enumerate(object_list(data.get("features"), "features")):
        f = f"features[{i}]"
        fid = str_field(x.get("id"), f"{f}.id")
        if fid in out:
            raise BadField(f"feature id {fid!r} twice", field=f"{f}.id")
        on = choice_field(x.get("placed_on"), ("water", "park", "city"), f"{f}.placed_on")
        cat = x.get("category")
        if cat is not None:
            choice_field(cat, CATEGORIES, f"{f}.category", "category")
        out[fid] = Feature(fid, _name(x, fid, f), on, int_field(x.get("copies"), f"{f}.copies",
                                                                1, 99),
                           cat, _scoring(x.get("scoring", {}), f"{f}.scoring"), source)
    for fid, feat in out.items():
        partner = feat.scoring.get("pair_with")
        if partner is not None and partner not in out:
            raise BadField(f"pairs with unknown feature {partner!r}",
                           field=f"features.{fid}.scoring.pair_with")
    return out


def _per_color(box: dict[str, Any], key: str, default: int) -> dict[str, int]:
    given = object_field(box.get(key, {}), f"box.{key}")
    out = dict.fromkeys(COLORS, default)
    for color, n in given.items():
        choice_field(color, COLORS, f"box.{key}", "colour")
        out[color] = int_field(n, f"box.{key}.{color}", 0, 99)
    return out


def _rules(given: Any) -> dict[str, Any]:
    """The rules options: each a known key, of its default's type (lists of its length)."""
    rules = dict(DEFAULT_RULES)
    for key, value in object_field(given, "rules").items():
        f = f"rules.{key}"
        choice_field(key, DEFAULT_RULES, f, "rules option")
        default = DEFAULT_RULES[key]
        if isinstance(default, bool):
            bool_field(value, f)
        elif isinstance(default, int):
            int_field(value, f, 1 if key == "max_height" else 0, 99)
        else:
            for i, v in enumerate(list_field(value, f, length=len(default))):
                int_field(v, f"{f}[{i}]", 0, 99)
        rules[key] = value
    return rules


def components_from_json(data: Any) -> Components:
    """Build the components from parsed JSON; errors name the field."""
    data = object_field(data, None)
    if data.get("game", "cities-usa") != "cities-usa":
        raise BadField("expected \"cities-usa\"", field="game")
    source = choice_field(data.get("source", "printed"), ("printed", "sample", "reconstructed"),
                          "source")
    rules = _rules(data.get("rules", {}))
    box = object_field(data.get("box", {}), "box")
    pieces = _per_color(box, "pieces", 25)
    tops = _per_color(box, "tops", 2)
    starting = _tiles(data, "starting_tiles", source, True)
    city = _tiles(data, "city_tiles", source, False)
    clash = set(starting) & set(city)
    if clash:
        raise BadField(f"tile id {min(clash)!r} is both a starting and a city tile",
                       field="city_tiles")
    features = _features(data, source)
    fids = frozenset(features)
    cards: dict[str, Card] = {}
    for i, c in enumerate(object_list(data.get("cards"), "cards")):
        f = f"cards[{i}]"
        cid = str_field(c.get("id"), f"{f}.id")
        if cid in cards:
            raise BadField(f"card id {cid!r} twice", field=f"{f}.id")
        cards[cid] = Card(cid, _name(c, cid, f), int_field(c.get("points"), f"{f}.points", 0, 99),
                          int_field(c.get("copies"), f"{f}.copies", 1, 99),
                          parse_requirement(c.get("requirement"), f"{f}.requirement", fids),
                          source)
    achievements: dict[str, Achievement] = {}
    boards = []
    raw_boards = list_field(data.get("achievement_boards"), "achievement_boards", nonempty=True)
    for i, b in enumerate(object_list(raw_boards, "achievement_boards")):
        f = f"achievement_boards[{i}]"
        sides = object_list(list_field(b.get("sides"), f"{f}.sides", length=2), f"{f}.sides")
        parsed = []
        for j, side in enumerate(sides):
            sf = f"{f}.sides[{j}]"
            city_name = str_field(side.get("city"), f"{sf}.city")
            ids = []
            listed = list_field(side.get("achievements"), f"{sf}.achievements", nonempty=True)
            for k, a in enumerate(object_list(listed, f"{sf}.achievements")):
                af = f"{sf}.achievements[{k}]"
                aid = str_field(a.get("id"), f"{af}.id")
                if aid in achievements:
                    raise BadField(f"achievement id {aid!r} twice", field=f"{af}.id")
                pts = list_field(a.get("points"), f"{af}.points", length=3)
                for n, p in enumerate(pts):
                    int_field(p, f"{af}.points[{n}]", 0, 99)
                achievements[aid] = Achievement(
                    aid, _name(a, aid, af), city_name,
                    parse_requirement(a.get("requirement"), f"{af}.requirement", fids),
                    int_field(a.get("at_least"), f"{af}.at_least", 1, 99), tuple(pts), source)
                ids.append(aid)
            parsed.append(BoardSide(city_name, tuple(ids)))
        bid = str_field(b.get("id"), f"{f}.id")
        if any(board.id == bid for board in boards):
            raise BadField(f"board id {bid!r} twice", field=f"{f}.id")
        boards.append(Board(bid, (parsed[0], parsed[1])))
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
