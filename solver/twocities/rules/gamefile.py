"""Reading and writing rules-engine files: a city in progress, or a whole game.

A file with ``"cities"`` and ``"players"`` is a game (see ``rules.game``); anything else
is a city in progress (see ``rules.position``).  Errors are one line naming the file.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from pathlib import Path
from typing import Any

from solver.common.errors import AgainstTheRules, BadField, BeyondTheBox, CitiesError
from solver.common.fields import (
    game_field,
    int_field,
    list_field,
    load_file,
    object_field,
    str_list,
    unique_ids,
)
from solver.common.jsonio import source_name, write_json_atomic
from solver.common.seats import recorded_bots
from solver.twocities.game.city import parse_context
from solver.twocities.game.components import Components, load_components
from solver.twocities.game.pool import tile_from_json
from solver.twocities.game.rulesets import load_ruleset
from solver.twocities.game.tiles import Duplex, Tile, parse_tile
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
    return load_file(path, "state file", lambda data: _state_from_json(data, city, components))


def _state_from_json(data: Any, city: int | None,
                     components: Components | None) -> tuple[Position, Any]:
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
    if game.bots:
        out["bots"] = dict(game.bots)
    for c in game.cities:
        pos = c.position.to_json()
        city = c.position.to_city()
        entry = {"name": c.name, "builders": list(c.builders)}
        entry.update({k: v for k, v in pos.items() if k not in ("edition", "variant")})
        entry["grid"] = city.rows
        entry["bridges"] = [[list(a), list(b)] for a, b in city.bridges]
        out["cities"].append(entry)
    return out


def _tiles(data: Any, where: str, comps: Components, rules: Any,
           kind: str | None = None) -> list[Tile]:
    """Tiles named by tokens (as a pool file's are); ``kind`` "single" or "duplex" keeps to
    one kind."""
    tiles = []
    for i, token in enumerate(str_list(data, where)):
        tile = tile_from_json(token, comps, rules, f"{where}[{i}]")
        if kind is not None and isinstance(tile, Duplex) != (kind == "duplex"):
            raise BadField(f"expected a {kind} tile, not {token!r}", field=f"{where}[{i}]")
        tiles.append(tile)
    return tiles


def check_game_box(game: Any, comps: Components) -> None:
    """Every tile of a game is somewhere once: the cities, the revealed duplexes, the hands,
    the bag, the duplex stack and the discards together hold at most what the box holds."""
    box = comps.single_pool(civics=game.rules.modules["civics"])
    box.update(d.token for d in comps.duplexes)
    held = Counter(p.tile.token for c in game.cities for p in c.position.placed)
    held.update(d.token for c in game.cities for d in c.position.revealed)
    for tokens in (*game.hands.values(), game.bag, game.duplex_stack, game.discards):
        held.update(parse_tile(t, comps.civics).token for t in tokens)
    over = [f"{n} x {t} (the box holds {box[t]})" for t, n in sorted(held.items())
            if n > box[t]]
    if over:
        raise BeyondTheBox("a tile is in two places at once: "
                           f"{', '.join(over[:3])}{' ...' if len(over) > 3 else ''}",
                           field="cities, hands, bag, duplex_stack, discards")


def game_from_json(data: Any, components: Components | None = None,
                   known_bots: Collection[str] | None = None) -> Game:
    """A Game from a game file object; impossible games are one-line CitiesErrors. The bots it
    records (``bots``, optional) are names of ``known_bots`` when given."""
    comps = components or load_components()
    game_field(data, None)
    rules = load_ruleset(str(data.get("edition", "essential")),
                         str(data.get("variant", "standard")))
    players = tuple(str_list(data.get("players"), "players", nonempty=True))
    unique_ids(players, "players", "player")
    seed = int_field(data.get("seed", 0), "seed")
    districts = parse_context({"districts": data.get("districts", [])}, "game").districts
    rules = rules.with_modules(districts=bool(districts))
    clock = {}
    for key, top in (("round", 4), ("part", 1), ("turn", 8)):
        clock[key] = int_field(data.get(key, 0 if key != "round" else 1), key, 0, top)
    raw_cities = list_field(data.get("cities"), "cities", nonempty=True)
    cities = []
    for i, raw in enumerate(raw_cities):
        where = f"cities[{i}]"
        object_field(raw, where)
        builders = tuple(str_list(raw.get("builders"), f"{where}.builders", nonempty=True))
        for b in builders:
            if b not in players:
                raise CitiesError(f"builder {b!r} is not a player", field=f"{where}.builders")
        try:
            pos = position_from_json({**raw, "edition": rules.edition,
                                      "variant": rules.variant}, comps)
        except CitiesError as err:
            raise err.located(field=where) from None
        cities.append(GameCity(str(raw.get("name", f"city {i + 1}")), builders, pos))
    hands = {}
    for p, h in object_field(data.get("hands", {}), "hands").items():
        if p not in players:
            raise BadField(f"{p!r} is not a player", field="hands")
        _tiles(h, f"hands.{p}", comps, rules)
        hands[p] = list(h)
    for key, kind in (("bag", "single"), ("duplex_stack", "duplex"), ("discards", None)):
        _tiles(data.get(key, []), key, comps, rules, kind)
    fallbacks = object_field(data.get("fallbacks", {}), "fallbacks")
    for name, n in fallbacks.items():
        int_field(n, f"fallbacks.{name}", 0)
    log = list_field(data.get("log", []), "log")
    bots = recorded_bots(data.get("bots"), players, known_bots)
    game = Game(rules, seed, players, cities, districts, list(data.get("bag", [])),
                list(data.get("duplex_stack", [])), hands, clock["round"], clock["part"],
                clock["turn"], list(data.get("discards", [])), list(log), Counter(fallbacks),
                bots)
    check_game_box(game, comps)
    check_clock(game)
    return game


def check_clock(game: Any) -> None:
    """The cities agree with the game's clock: each is in the game's round (the last round
    once the game is over), and a finished game's cities hold all their tiles."""
    last = 3  # a game has three rounds; round 4 is the game over
    for i, c in enumerate(game.cities):
        if c.position.round != min(game.round, last):
            raise AgainstTheRules(f"the city is in round {c.position.round}, the game in round "
                                  f"{game.round}", field=f"cities[{i}].round")
        full = game.rules.singles + game.rules.duplexes
        if game.over and len(c.position.placed) != full:
            raise AgainstTheRules(f"the game is over and the city holds {len(c.position.placed)} "
                                  f"of its {full} tiles", field=f"cities[{i}].placed")


def check_game_data(data: Any, source: str, components: Components | None = None) -> None:
    """Refuse, naming ``source``, the contents of a game file the rules engine would refuse
    (``cities score`` reads a game file as a table, and a table asks less)."""
    try:
        game_from_json(data, components)
    except CitiesError as err:
        raise err.located(source=source_name(source)) from None


def load_game(path: str | Path, components: Components | None = None,
              known_bots: Collection[str] | None = None) -> Game:
    def parse(data: Any) -> Game:
        if not is_game(data):
            raise CitiesError("not a game file (expected players and cities)")
        return game_from_json(data, components, known_bots)

    return load_file(path, "game file", parse)


def save_game(game: Game, path: str | Path) -> None:
    write_json_atomic(path, game_to_json(game))
