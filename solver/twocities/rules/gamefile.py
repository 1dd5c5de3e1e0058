"""Reading and writing rules-engine files: a city in progress, or a whole game.

A file with ``"cities"`` and ``"players"`` is a game (see ``rules.game``); anything else
is a city in progress (see ``rules.position``).  Errors are one line naming the file.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from solver.common.errors import CitiesError
from solver.common.jsonio import read_json, source_name, write_json_atomic
from solver.twocities.game.city import parse_context
from solver.twocities.game.components import Components, load_components
from solver.twocities.game.pool import tile_from_json
from solver.twocities.game.rulesets import Ruleset, load_ruleset
from solver.twocities.game.tiles import Duplex
from solver.twocities.rules.game import Game, GameCity
from solver.twocities.rules.position import Position, position_from_json


def is_game(data: Any) -> bool:
    return isinstance(data, dict) and "players" in data and "cities" in data


def load_position(path: str | Path, city: int | None = None,
                  components: Components | None = None) -> Position:
    """The city in progress in ``path``: a position file, or city ``city`` (1-based) of a game."""
    return load_state(path, city, components)[0]


def load_state(path: str | Path, city: int | None = None,
               components: Components | None = None) -> tuple[Position, Game | None]:
    """(position, game or None): a position file, or city ``city`` (1-based) of a game file."""
    data = read_json(path, "state file")
    try:
        if is_game(data):
            game = game_from_json(data, components)
            if city is None:
                raise CitiesError(f"a game file holds {len(game.cities)} cities: pick one with "
                                  "--city N", field="cities")
            if not 1 <= city <= len(game.cities):
                raise CitiesError(f"there is no city {city} (1 to {len(game.cities)})",
                                  field="cities")
            return game.cities[city - 1].position, game
        if city not in (None, 1):
            raise CitiesError("a city-in-progress file holds one city (--city 1)")
        return position_from_json(data, components), None
    except CitiesError as err:
        raise err.located(source=source_name(path)) from None


def save_position(pos: Position, path: str | Path) -> None:
    write_json_atomic(path, pos.to_json())


# --- game files -------------------------------------------------------------------------------
#
# {"edition": "essential", "variant": "standard", "seed": 7, "players": ["P1", "P2", "P3"],
#  "districts": [{"types": ["office", "shop"], "points": [9, 3]}, ...],
#  "round": 1, "part": 0, "turn": 2,
#  "cities": [{"name": "Cairo", "builders": ["P1", "P2"], "mat": "lake", "round": 1,
#              "placed": [...], "revealed": [...], "grid": [...], "bridges": [...]}, ...],
#  "hands": {"P1": ["F", ...]}, "bag": [...], "duplex_stack": [...], "discards": [...],
#  "log": [...], "fallbacks": {"permissive": 0}}
#
# "grid" and "bridges" repeat each city as it stands (so ``cities score`` reads a finished
# game as a table file); loading ignores them and rebuilds the city from "placed".


def game_to_json(game: Game) -> dict[str, Any]:
    out: dict[str, Any] = {
        "edition": game.rules.edition, "variant": game.rules.variant, "seed": game.seed,
        "players": list(game.players),
        "districts": [{"types": sorted(d.types), "points": list(d.points)}
                      for d in game.districts],
        "round": game.round, "part": game.part, "turn": game.turn,
        "cities": [],
        "hands": {p: list(h) for p, h in game.hands.items()},
        "bag": list(game.bag), "duplex_stack": list(game.duplex_stack),
        "discards": list(game.discards), "log": list(game.log),
        "fallbacks": dict(sorted(game.fallbacks.items())),
    }
    for c in game.cities:
        pos = c.position.to_json()
        city = c.position.to_city()
        entry = {"name": c.name, "builders": list(c.builders)}
        entry.update({k: v for k, v in pos.items() if k not in ("edition", "variant")})
        entry["grid"] = city.rows
        entry["bridges"] = [[list(a), list(b)] for a, b in city.bridges]
        out["cities"].append(entry)
    return out


def _strings(data: Any, where: str) -> list[str]:
    if not isinstance(data, list) or not all(isinstance(x, str) for x in data):
        raise CitiesError("expected a list of strings", field=where)
    return list(data)


def _tiles(data: Any, where: str, comps: Components, rules: Ruleset,
           kind: str | None = None) -> list[str]:
    """Tile tokens naming real tiles (as a pool file's do); ``kind`` "single" or "duplex"
    keeps to one kind."""
    tokens = _strings(data, where)
    for i, token in enumerate(tokens):
        tile = tile_from_json(token, comps, rules, f"{where}[{i}]")
        if kind is not None and isinstance(tile, Duplex) != (kind == "duplex"):
            raise CitiesError(f"expected a {kind} tile, not {token!r}", field=f"{where}[{i}]")
    return tokens


def game_from_json(data: Any, components: Components | None = None) -> Game:
    """A Game from a game file object; impossible games are one-line CitiesErrors."""
    comps = components or load_components()
    rules = load_ruleset(str(data.get("edition", "essential")),
                         str(data.get("variant", "standard")))
    players = tuple(_strings(data.get("players"), "players"))
    seed = data.get("seed", 0)
    if type(seed) is not int:
        raise CitiesError("expected an integer", field="seed")
    districts = parse_context({"districts": data.get("districts", [])}, "game").districts
    rules = rules.with_modules(districts=bool(districts))
    clock = {}
    for key, top in (("round", 4), ("part", 1), ("turn", 8)):
        v = data.get(key, 0 if key != "round" else 1)
        if type(v) is not int or not 0 <= v <= top:
            raise CitiesError(f"expected an integer from 0 to {top}", field=key)
        clock[key] = v
    raw_cities = data.get("cities")
    if not isinstance(raw_cities, list) or not raw_cities:
        raise CitiesError("expected a list of cities", field="cities")
    cities = []
    for i, raw in enumerate(raw_cities):
        where = f"cities[{i}]"
        if not isinstance(raw, dict):
            raise CitiesError("expected a city object", field=where)
        builders = tuple(_strings(raw.get("builders"), f"{where}.builders"))
        for b in builders:
            if b not in players:
                raise CitiesError(f"builder {b!r} is not a player", field=f"{where}.builders")
        try:
            pos = position_from_json({**raw, "edition": rules.edition,
                                      "variant": rules.variant}, comps)
        except CitiesError as err:
            raise err.located(field=where) from None
        cities.append(GameCity(str(raw.get("name", f"city {i + 1}")), builders, pos))
    hands_raw = data.get("hands", {})
    if not isinstance(hands_raw, dict):
        raise CitiesError("expected an object of player: tiles", field="hands")
    hands = {}
    for p, h in hands_raw.items():
        if p not in players:
            raise CitiesError(f"{p!r} is not a player", field="hands")
        hands[p] = _tiles(h, f"hands.{p}", comps, rules)
    for key, kind in (("bag", "single"), ("duplex_stack", "duplex"), ("discards", None)):
        _tiles(data.get(key, []), key, comps, rules, kind)
    fallbacks = data.get("fallbacks", {})
    if not isinstance(fallbacks, dict) or not all(type(v) is int for v in fallbacks.values()):
        raise CitiesError("expected an object of fallback: count", field="fallbacks")
    log = data.get("log", [])
    if not isinstance(log, list):
        raise CitiesError("expected a list", field="log")
    return Game(rules, seed, players, cities, districts, list(data.get("bag", [])),
                list(data.get("duplex_stack", [])), hands, clock["round"], clock["part"],
                clock["turn"], list(data.get("discards", [])), list(log), Counter(fallbacks))


def load_game(path: str | Path, components: Components | None = None) -> Game:
    data = read_json(path, "game file")
    try:
        if not is_game(data):
            raise CitiesError("not a game file (expected players and cities)")
        return game_from_json(data, components)
    except CitiesError as err:
        raise err.located(source=source_name(path)) from None


def save_game(game: Game, path: str | Path) -> None:
    write_json_atomic(path, game_to_json(game))
