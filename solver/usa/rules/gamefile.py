"""Cities USA game files: a game saved at any step and continued exactly.

```json
{"game": "cities-usa", "variant": "standard", "seed": 7, "players": ["P1", "P2", "P3"],
 "achievement_board": {"city": "Seattle", "achievements": ["space-needle", ...]},
 "round": 2, "turn": 5, "star": "P2", "starting": ["start-4"],
 "decks": {"cards": [...], "tiles": [...], "features": [...], "pieces": [...]},
 "board": {"cards": [{"items": ["nature-trails"], "face_down": false, "worker": null}, ...]},
 "tops": [["blue", "black"], ...], "rings": {"space-needle": {"0": "P1"}},
 "solo_deck": [], "actions": {"P1": [{"action": "tile", ...}, ...]},
 "cities": {"P1": {city file}}, "log": [...], "fallbacks": {}}
```

Each city is rebuilt on loading by replaying its ``actions`` through ``legality`` (so a file
cannot hold an illegal city); ``cities`` repeats each city as a city file for reading and
is ignored. Errors are one line naming the file and the field.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from solver.common.errors import CitiesError
from solver.common.jsonio import read_json, source_name, write_json_atomic
from solver.usa.game.city import City
from solver.usa.game.cityfile import city_to_json
from solver.usa.game.components import Components, load_components
from solver.usa.game.rulesets import ROWS, load_ruleset
from solver.usa.game.vocab import COLORS
from solver.usa.rules.board import WorkerSpace, board_to_json
from solver.usa.rules.game import BGA, Game
from solver.usa.rules.legality import check


def game_to_json(game: Game) -> dict[str, Any]:
    return {
        "game": "cities-usa", "variant": game.rules.variant, "seed": game.seed,
        "players": list(game.players),
        "achievement_board": {"city": game.board_city,
                              "achievements": list(game.achievements)},
        "round": game.round, "turn": game.turn, "star": game.star,
        "starting": list(game.starting),
        "decks": {row: list(d) for row, d in game.decks.items()},
        "board": board_to_json(game.board), "tops": [list(t) for t in game.tops],
        "rings": {a: {str(i): p for i, p in sorted(r.items())} for a, r in game.rings.items()},
        "solo_deck": list(game.solo_deck),
        "actions": {p: list(a) for p, a in game.actions.items()},
        "cities": {p: city_to_json(c) for p, c in game.cities.items()},
        "log": list(game.log), "fallbacks": dict(sorted(game.fallbacks.items())),
    }


def _strings(value: Any, field: str, allowed: set[str] | None = None) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise CitiesError("expected a list of strings", field=field)
    if allowed is not None:
        for i, x in enumerate(value):
            if x not in allowed:
                raise CitiesError(f"unknown {x!r}", field=f"{field}[{i}]")
    return list(value)


def _whole(data: dict[str, Any], key: str, high: int) -> int:
    v = data.get(key)
    if type(v) is not int or not 0 <= v <= high:
        raise CitiesError(f"expected a whole number 0-{high}", field=key)
    return v


def _object(value: Any, field: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise CitiesError("expected an object", field=field)
    return value


def _ids(comps: Components) -> dict[str, set[str]]:
    return {"cards": set(comps.cards), "tiles": set(comps.city_tiles),
            "features": set(comps.features), "pieces": set(COLORS)}


def game_from_json(data: Any, components: Components | None = None) -> Game:
    """A Game from a game file object; an impossible game is a one-line CitiesError."""
    comps = components or load_components()
    data = _object(data, "game")
    if data.get("game") != "cities-usa":
        raise CitiesError('expected "cities-usa"', field="game")
    variant = data.get("variant")
    if not isinstance(variant, str):
        raise CitiesError("expected a variant name", field="variant")
    rules = load_ruleset(variant)
    seed = data.get("seed")
    if type(seed) is not int:
        raise CitiesError("expected an integer", field="seed")
    players = tuple(_strings(data.get("players"), "players"))
    if not rules.players[0] <= len(players) <= rules.players[1] or len(set(players)) != len(
            players) or BGA in players:
        raise CitiesError(f"expected {rules.players[0]}-{rules.players[1]} distinct names",
                          field="players")
    board_side = _object(data.get("achievement_board"), "achievement_board")
    achievements = tuple(_strings(board_side.get("achievements"),
                                  "achievement_board.achievements", set(comps.achievements)))
    ids = _ids(comps)
    decks_raw = _object(data.get("decks"), "decks")
    decks = {row: _strings(decks_raw.get(row), f"decks.{row}", ids[row]) for row in ROWS}
    board_raw = _object(data.get("board", {}), "board")
    board = {}
    for row in ROWS if board_raw else ():
        spaces = board_raw.get(row)
        width = rules.board.width(row)
        if not isinstance(spaces, list) or len(spaces) != width:
            raise CitiesError(f"expected {width} worker spaces", field=f"board.{row}")
        board[row] = [_space(s, f"board.{row}[{i}]", ids[row], players)
                      for i, s in enumerate(spaces)]
    tops = data.get("tops")
    if not isinstance(tops, list) or len(tops) != rules.board.width("pieces"):
        raise CitiesError("expected the tops of each pieces space", field="tops")
    tops = [_strings(t, f"tops[{i}]", set(COLORS)) for i, t in enumerate(tops)]
    star = data.get("star")
    if star not in (*players, *((BGA,) if rules.solo else ())):
        raise CitiesError(f"{star!r} is not a player", field="star")
    round_ = _whole(data, "round", rules.rounds + 1)
    if round_ and not board and round_ <= rules.rounds:
        raise CitiesError("a game under way has a board", field="board")
    game = Game(rules, seed, players, achievements,
                str(board_side.get("city", "")), {}, decks, board, tops,
                _strings(data.get("starting"), "starting", set(comps.starting_tiles)),
                star, round_, _whole(data, "turn", 99), components=comps)
    turns = len(players) if round_ == 0 else len(game.movers())
    if not game.over and game.turn >= turns:
        raise CitiesError(f"expected a turn below {turns}", field="turn")
    game.rings = _rings(data.get("rings", {}), achievements, players, rules.ring_spaces)
    game.solo_deck = _strings(data.get("solo_deck", []), "solo_deck",
                              {c.id for c in rules.solo_cards})
    actions = _object(data.get("actions"), "actions")
    for p in players:
        game.cities[p], game.actions[p] = _replay(actions.get(p, []), f"actions.{p}",
                                                  City(rules.size, {}, components=comps))
    log = data.get("log", [])
    if not isinstance(log, list) or not all(isinstance(e, dict) for e in log):
        raise CitiesError("expected a list of objects", field="log")
    game.log = list(log)
    fallbacks = _object(data.get("fallbacks", {}), "fallbacks")
    if not all(type(v) is int and v >= 0 for v in fallbacks.values()):
        raise CitiesError("expected fallback: count", field="fallbacks")
    game.fallbacks = Counter(fallbacks)
    return game


def _space(raw: Any, field: str, ids: set[str], players: tuple[str, ...]) -> WorkerSpace:
    raw = _object(raw, field)
    worker = raw.get("worker")
    if worker is not None and worker not in players:
        raise CitiesError(f"{worker!r} is not a player", field=f"{field}.worker")
    return WorkerSpace(_strings(raw.get("items", []), f"{field}.items", ids),
                       raw.get("face_down") is True, worker, raw.get("bag") is True)


def _rings(raw: Any, achievements: tuple[str, ...], players: tuple[str, ...],
           spaces: tuple[int, ...]) -> dict[str, dict[int, str]]:
    raw = _object(raw, "rings")
    out: dict[str, dict[int, str]] = {a: {} for a in achievements}
    for aid, taken in raw.items():
        if aid not in out:
            raise CitiesError(f"{aid!r} is not on the board", field="rings")
        for i, p in _object(taken, f"rings.{aid}").items():
            if not i.isdigit() or int(i) not in spaces or p not in players:
                raise CitiesError(f"expected space: player ({i!r}: {p!r})", field=f"rings.{aid}")
            out[aid][int(i)] = p
    return out


def _replay(raw: Any, field: str, city: City) -> tuple[City, list[dict[str, Any]]]:
    if not isinstance(raw, list):
        raise CitiesError("expected a list of actions", field=field)
    for i, action in enumerate(raw):
        try:
            verdict = check(city, action)
        except CitiesError as err:
            raise err.located(field=f"{field}[{i}]") from None
        if not verdict.legal or verdict.city is None:
            raise CitiesError(f"illegal: {verdict.reason}", field=f"{field}[{i}]")
        city = verdict.city
    return city, list(raw)


def load_game(path: str | Path, components: Components | None = None) -> Game:
    data = read_json(path, "game file")
    try:
        return game_from_json(data, components)
    except CitiesError as err:
        raise err.located(source=source_name(path)) from None


def save_game(game: Game, path: str | Path) -> None:
    write_json_atomic(path, game_to_json(game))
