"""Cities USA game files: a game saved at any step and continued exactly.

```json
{"game": "cities-usa", "variant": "standard", "seed": 7, "players": ["P1", "P2", "P3"],
 "achievement_board": {"city": "Seattle", "achievements": ["space-needle", ...]},
 "round": 2, "turn": 5, "star": "P2", "starting": ["start-4"],
 "decks": {"cards": [...], "tiles": [...], "features": [...], "pieces": [...]},
 "board": {"cards": [{"items": ["nature-trails"], "face_down": false, "worker": null}, ...]},
 "tops": [["blue", "black"], ...], "rings": {"space-needle": {"0": "P1"}},
 "solo_deck": [], "actions": {"P1": [{"action": "tile", ...}, ...]},
 "cities": {"P1": {city file}}, "log": [...], "fallbacks": {},
 "bots": {"P1": "greedy", "P2": "random"}}
```

``bots`` (optional: an older file has none) names the bot each seat played, so a game
resumed (``cities usa play --resume``) goes on with the same bots.

Each city is rebuilt on loading by replaying its ``actions`` through ``legality`` (so a file
cannot hold an illegal city); ``cities`` repeats each city as a city file for reading and
is ignored. Errors are one line naming the file and the field.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from pathlib import Path
from typing import Any

from solver.common.errors import AgainstTheRules, BadField, BeyondTheBox, CitiesError
from solver.common.fields import (
    CITIES_USA,
    game_field,
    int_field,
    load_file,
    object_field,
    object_list,
    str_field,
    str_list,
    unique_ids,
)
from solver.common.jsonio import write_json_atomic
from solver.common.seats import recorded_bots
from solver.usa.game.city import City
from solver.usa.game.cityfile import city_to_json
from solver.usa.game.components import Components, load_components
from solver.usa.game.rulesets import ROWS, load_ruleset
from solver.usa.game.vocab import COLORS
from solver.usa.rules.board import WorkerSpace, board_to_json, workers_in
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
        **({"bots": dict(game.bots)} if game.bots else {}),
    }


def _ids(comps: Components) -> dict[str, set[str]]:
    return {"cards": set(comps.cards), "tiles": set(comps.city_tiles),
            "features": set(comps.features), "pieces": set(COLORS)}


def game_from_json(data: Any, components: Components | None = None,
                   known_bots: Collection[str] | None = None) -> Game:
    """A Game from a game file object; an impossible game is a one-line CitiesError. The bots
    it records (``bots``, optional) are names of ``known_bots`` when given."""
    comps = components or load_components()
    data = object_field(data, None)
    game_field(data, CITIES_USA)
    rules = load_ruleset(str_field(data.get("variant"), "variant"))
    seed = int_field(data.get("seed"), "seed")
    players = tuple(str_list(data.get("players"), "players"))
    if not rules.players[0] <= len(players) <= rules.players[1] or len(set(players)) != len(
            players) or BGA in players:
        raise CitiesError(f"expected {rules.players[0]}-{rules.players[1]} distinct names",
                          field="players")
    board_side = object_field(data.get("achievement_board"), "achievement_board")
    achievements = tuple(str_list(board_side.get("achievements"),
                                  "achievement_board.achievements", set(comps.achievements)))
    unique_ids(achievements, "achievement_board.achievements", "achievement")
    ids = _ids(comps)
    decks_raw = object_field(data.get("decks"), "decks")
    decks = {row: str_list(decks_raw.get(row), f"decks.{row}", ids[row]) for row in ROWS}
    board_raw = object_field(data.get("board", {}), "board")
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
    tops = [str_list(t, f"tops[{i}]", set(COLORS)) for i, t in enumerate(tops)]
    star = data.get("star")
    if star not in (*players, *((BGA,) if rules.solo else ())):
        raise CitiesError(f"{star!r} is not a player", field="star")
    round_ = int_field(data.get("round"), "round", 0, rules.rounds + 1)
    if round_ and not board and round_ <= rules.rounds:
        raise CitiesError("a game under way has a board", field="board")
    game = Game(rules, seed, players, achievements,
                str(board_side.get("city", "")), {}, decks, board, tops,
                str_list(data.get("starting"), "starting", set(comps.starting_tiles)),
                star, round_, int_field(data.get("turn"), "turn", 0, 99),
                bots=recorded_bots(data.get("bots"), players, known_bots), components=comps)
    turns = len(players) if round_ == 0 else len(game.movers())
    if not game.over and game.turn >= turns:
        raise CitiesError(f"expected a turn below {turns}", field="turn")
    game.rings = _rings(data.get("rings", {}), achievements, players, rules.ring_spaces)
    game.solo_deck = str_list(data.get("solo_deck", []), "solo_deck",
                              {c.id for c in rules.solo_cards})
    actions = object_field(data.get("actions"), "actions")
    for p in actions:
        if p not in players:
            raise BadField(f"{p!r} is not a player", field="actions")
    for p in players:
        game.cities[p], game.actions[p] = _replay(actions.get(p, []), f"actions.{p}",
                                                  City(rules.size, {}, components=comps))
    game.log = list(object_list(data.get("log", []), "log"))
    fallbacks = object_field(data.get("fallbacks", {}), "fallbacks")
    for name, n in fallbacks.items():
        int_field(n, f"fallbacks.{name}", 0)
    game.fallbacks = Counter(fallbacks)
    check_within_box(game)
    check_round(game)
    return game


def check_within_box(game: Game) -> None:
    """Every component of a game is in one place at most: each tile (city and starting)
    once, and no more cards, features, pieces or tops in the decks, on the board and in the
    cities together than the box holds; no pieces space holds more tops than it is dealt."""
    comps = game.components
    on_board = {row: [x for s in game.board.get(row, []) for x in s.items] for row in ROWS}
    held: dict[str, Counter[str]] = {row: Counter(game.decks[row]) + Counter(on_board[row])
                                     for row in ROWS}
    held["starting"] = Counter(game.starting)
    held["tops"] = Counter(c for space in game.tops for c in space)
    for city in game.cities.values():
        for placed in city.tiles.values():
            held["starting" if placed.tile.start else "tiles"][placed.tile.id] += 1
        held["cards"].update(city.cards)
        held["features"].update(city.features.values())
        for b in city.buildings.values():
            held["pieces"][b.color] += b.height
            held["tops"][b.color] += b.top
    box = {"tiles": dict.fromkeys(comps.city_tiles, 1),
           "starting": dict.fromkeys(comps.starting_tiles, 1),
           "cards": {c.id: c.copies for c in comps.cards.values()},
           "features": {f.id: f.copies for f in comps.features.values()},
           "pieces": comps.pieces, "tops": comps.tops}
    names = {"tiles": "tile", "starting": "starting tile", "cards": "card",
             "features": "feature", "pieces": "piece", "tops": "top"}
    for kind, counts in held.items():
        for item, n in sorted(counts.items()):
            if item and n > box[kind].get(item, 0):
                raise BeyondTheBox(f"{names[kind]} {item}: {n} in the decks, on the board and "
                                   f"in the cities together; the box holds "
                                   f"{box[kind].get(item, 0)}",
                                   field=kind if kind in ("starting", "tops") else "decks")
    per = game.rules.board.tops_per_space
    for i, space in enumerate(game.tops):
        if len(space) > per:
            raise BeyondTheBox(f"{len(space)} tops on one space: each is dealt {per}",
                               field=f"tops[{i}]")


def check_round(game: Game) -> None:
    """The cities and the board agree with the clock: in round 0 the players who have
    chosen hold just their starting tile and the others nothing; from round 1 every city
    has begun, and each player has as many workers out as turns taken this round."""
    if game.round == 0:
        chosen = game.choosers()[:game.turn]
        for p in game.players:
            tiles = len(game.actions[p])
            if tiles != (p in chosen):
                raise AgainstTheRules(
                    f"{p} has {tiles} action(s) in round 0 turn {game.turn}: "
                    f"expected {int(p in chosen)} (the starting tile)", field=f"actions.{p}")
        return
    for p in game.players:
        if not any(placed.tile.start for placed in game.cities[p].tiles.values()):
            raise AgainstTheRules(f"{p}'s city has no starting tile in round {game.round}",
                                  field=f"actions.{p}")
    if game.over:
        return
    taken = Counter(game.movers()[:game.turn])
    for p in game.players:
        out = sum(workers_in(game.board, p, row) for row in ROWS)
        if out != taken[p]:
            raise AgainstTheRules(f"{p} has {out} worker(s) on the board after {taken[p]} "
                                  f"turn(s) of round {game.round}", field="board")


def _space(raw: Any, field: str, ids: set[str], players: tuple[str, ...]) -> WorkerSpace:
    raw = object_field(raw, field)
    worker = raw.get("worker")
    if worker is not None and worker not in players:
        raise CitiesError(f"{worker!r} is not a player", field=f"{field}.worker")
    return WorkerSpace(str_list(raw.get("items", []), f"{field}.items", ids),
                       raw.get("face_down") is True, worker, raw.get("bag") is True)


def _rings(raw: Any, achievements: tuple[str, ...], players: tuple[str, ...],
           spaces: tuple[int, ...]) -> dict[str, dict[int, str]]:
    raw = object_field(raw, "rings")
    out: dict[str, dict[int, str]] = {a: {} for a in achievements}
    for aid, taken in raw.items():
        if aid not in out:
            raise CitiesError(f"{aid!r} is not on the board", field="rings")
        for i, p in object_field(taken, f"rings.{aid}").items():
            if not i.isdigit() or int(i) not in spaces or p not in players:
                raise CitiesError(f"expected space: player ({i!r}: {p!r})", field=f"rings.{aid}")
            out[aid][int(i)] = p
    return out


def _replay(raw: Any, field: str, city: City) -> tuple[City, list[dict[str, Any]]]:
    for i, action in enumerate(object_list(raw, field)):
        try:
            verdict = check(city, action)
        except CitiesError as err:
            raise err.located(field=f"{field}[{i}]") from None
        if not verdict.legal or verdict.city is None:
            raise AgainstTheRules(f"illegal: {verdict.reason}", field=f"{field}[{i}]")
        city = verdict.city
    return city, list(raw)


def load_game(path: str | Path, components: Components | None = None,
              known_bots: Collection[str] | None = None) -> Game:
    return load_file(path, "game file",
                     lambda data: game_from_json(data, components, known_bots))


def save_game(game: Game, path: str | Path) -> None:
    write_json_atomic(path, game_to_json(game))
