"""The Table mode's JSON API for Cities USA, the same shape as Between Two Cities' where the
game has it (``puzzles.web.table``), each endpoint calling its command's library function:

- ``POST /api/table/usa/check`` ``{"state", "action"}`` = ``cities usa check STATE --action A
  --json``;
- ``POST /api/table/usa/moves`` ``{"state", "tile"}`` = ``cities usa moves STATE --tile T
  --json``;
- ``POST /api/table/usa/score`` (a city file object) = ``cities usa score FILE --json``;
- ``POST /api/table/usa/solve`` ``{"pool"}`` = ``cities usa solve POOL --json``; or
  ``{"state", "tiles", ...}`` (a city in progress and what is still to come: ``tiles``,
  ``features``, ``pieces``, ``tops``, ``cards``, ``achievements``) = ``cities usa solve CITY
  --tiles ... --json``, the city's best finish holding it where it lies;
- ``POST /api/table/usa/pool`` ``{"state", "tiles"}``: the pool file of what the city holds
  (its tiles, bridges, features, pieces, tops, cards, achievements) and the city tiles still
  to come: ``cities usa solve`` on it is the best city those pieces make;
- ``POST /api/table/usa/bridges`` ``{"state"}``: the voluntary bridges the rules engine
  allows in the city (a turn's one bridge after its tile);
- ``GET /api/table/usa/setup``: what may be entered (features, colours, cards,
  achievements with their ring values) and the variants a game is played in;
- ``POST /api/table/usa/game/new`` and ``/game/turn``: a game against the bots (solo: against
  the Builders Guild of America), the player's seat deciding through the request; the
  standings as ``cities usa play --json`` gives them (``summary``).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from puzzles.web import table_common as common
from puzzles.web import usa as usa_web
from puzzles.web.endpoints import api, body_json, field, only_keys
from puzzles.web.table_common import Say
from puzzles.web.table_jobs import Jobs
from puzzles.web.table_seat import Decisions
from solver.common import options as limits
from solver.common.errors import AgainstTheRules, CitiesError, OutOfTime

JOB_KEYS = ("time_limit", "stream")  # what a job's body may say beside its task
SEAT_KEYS = ("seat", "bots", "decisions", "stream")  # a game turn's body beside its game


def pool_of(data: Any) -> dict[str, Any]:
    """A pool file object, checked by its loader (the body's ``pool``)."""
    from solver.usa.game.components import load_components
    from solver.usa.game.pool import pool_from_json

    try:
        return pool_from_json(data, load_components()).to_json()
    except CitiesError as err:
        raise err.located(field="pool") from None


def pool_json(state: Any, tiles: Any) -> dict[str, Any]:
    """The pool of a city in progress and the city tiles still to come (``tiles``), checked
    by the pool loader (``finish_pool``)."""
    return _finish_pool(city_of(state), {"tiles": tiles}).to_json()


def _finish_pool(city: Any, to_come: dict[str, Any]) -> Any:
    from solver.usa.game.finish import finish_pool

    return finish_pool(city, to_come, city_field="state")


def finish_json(data: dict[str, Any]) -> dict[str, Any]:
    """A best finish's task fields: the city in progress (``state``, read by its loader) and
    what is still to come (``tiles``, ``features``, ``pieces``, ``tops``, ``cards``,
    ``achievements``, each optional), checked by ``finish_pool``: work bounded by the body's
    size.  Whether legal play reaches the city is an order search, exponential in its tiles
    on a hostile city, so it runs in the job (``solve_task``), never in the request."""
    from solver.usa.game.finish import TO_COME

    only_keys(data, "state", *TO_COME, *JOB_KEYS)
    city = city_of(field(data, "state"))
    to_come = {k: data[k] for k in TO_COME if k in data}
    _finish_pool(city, to_come)
    return {"state": data["state"], "to_come": to_come}


def city_of(state: Any) -> Any:
    """A city file object (the body's ``state``), checked by its loader."""
    from solver.usa.game.cityfile import city_from_json
    from solver.usa.game.components import load_components

    try:
        return city_from_json(state, load_components())
    except CitiesError as err:
        raise err.located(field="state") from None


def bridges_json(state: Any) -> dict[str, Any]:
    """The voluntary bridges ``legality.place_bridge`` allows in the city ``state``."""
    from solver.usa.rules.moves import bridge_json, voluntary_bridges

    city = city_of(state)
    return {"bridges": [bridge_json(b) for b in voluntary_bridges(city)],
            "bridges_left": city.remaining_bridges}


def setup_json() -> dict[str, Any]:
    """The box's features, colours, scoring cards and achievements (their ring values), and
    each variant's numbers of players, for the page's palettes and game form."""
    from solver.usa.bots import BOTS
    from solver.usa.game.components import load_components
    from solver.usa.game.rulesets import load_ruleset, variants
    from solver.usa.game.vocab import COLORS

    comps = load_components()
    games = {}
    for name in variants():
        rules = load_ruleset(name)
        games[name] = {"players": list(rules.players), "solo": rules.solo}
    return {
        "features": [{"id": f.id, "name": f.name, "placed_on": f.placed_on,
                      "copies": f.copies} for f in comps.features.values()],
        "colors": list(COLORS), "pieces": dict(comps.pieces), "tops": dict(comps.tops),
        "cards": [{"id": c.id, "name": c.name} for c in comps.cards.values()],
        "achievements": [{"id": a.id, "name": a.name, "points": list(a.points)}
                         for a in comps.achievements.values()],
        "bots": list(BOTS), "games": games}


def solve_task(task: dict[str, Any], say: Say) -> dict[str, Any]:
    """``cities usa solve POOL --json`` (or ``CITY --tiles ...``: a city's best finish), its
    progress said on the way.  A city no order of play reaches is refused here, as the job's
    error naming ``state`` (the page shows it as any failed solve)."""
    from solver.usa.cpsat.solve import solve_pool
    from solver.usa.game.components import load_components
    from solver.usa.game.pool import pool_from_json

    def progress(best: int | None, bound: int, spent: float) -> None:
        say({"progress": {"best": best, "bound": bound, "seconds": round(spent, 1)}})

    if "state" in task:  # a city in progress: its best finish
        from solver.usa.cpsat.finish import solve_finish

        city = city_of(task["state"])
        pool = _finish_pool(city, task["to_come"])
        try:  # the city is checked first (an order of play reaches it), within the time limit
            found = solve_finish(city, pool, time_limit=task["time_limit"], workers=1,
                                 progress=progress)
        except (AgainstTheRules, OutOfTime) as err:
            raise err.located(field="state") from None
        return found.to_json()
    pool = pool_from_json(task["pool"], load_components())
    return solve_pool(pool, time_limit=task["time_limit"], workers=1,
                      progress=progress).to_json()


class UsaSeat:
    """The player's seat: a starting tile, a worker space, then the actions placing what the
    worker took (``{"place": [action, ...]}``, each judged by the rules engine)."""

    name = "you"

    def __init__(self, decisions: Decisions):
        self.decisions = decisions

    def start(self, game: Any, player: str, tiles: list[str], r: random.Random) -> str:
        tile = self.decisions.take("start", {"tiles": tiles})
        if tile not in tiles:
            raise self.decisions.refuse(f"expected one of {', '.join(tiles)}")
        return str(tile)

    def choose(self, game: Any, player: str, options: list[tuple[str, int]],
               r: random.Random) -> tuple[str, int]:
        from solver.usa.rules.board import board_to_json

        slot = self.decisions.take("space", {"options": [list(o) for o in options],
                                             "board": board_to_json(game.board)})
        if not (isinstance(slot, list) and len(slot) == 2 and (slot[0], slot[1]) in options):
            raise self.decisions.refuse("expected one of the worker spaces offered, "
                                        "[row, index]")
        return (slot[0], slot[1])

    def place(self, game: Any, player: str, slot: tuple[str, int], items: list[str],
              r: random.Random) -> list[dict[str, Any]]:
        from solver.usa.game.cityfile import city_to_json

        plan = self.decisions.take("place", {"space": list(slot), "items": items,
                                             "tops": list(game.tops[slot[1]])
                                             if slot[0] == "pieces" else [],
                                             "city": city_to_json(game.cities[player])})
        if not (isinstance(plan, list) and all(isinstance(a, dict) for a in plan)):
            raise self.decisions.refuse("expected a list of actions such as "
                                        "{\"action\": \"tile\", ...}")
        return plan


def game_of(data: Any) -> Any:
    """A game file object (the body's ``game``), its bots the bots there are."""
    from solver.usa.bots import BOTS
    from solver.usa.rules.gamefile import game_from_json

    try:
        return game_from_json(data, known_bots=BOTS)
    except CitiesError as err:
        raise err.located(field="game") from None


def game_request(data: dict[str, Any], kind: str) -> dict[str, Any]:
    from solver.usa.bots import make_bots
    from solver.usa.rules.gamefile import game_to_json

    if kind == "usa-game-new":
        from solver.usa.game.rulesets import load_ruleset
        from solver.usa.rules.game import new_game

        only_keys(data, "variant", "players", "seed", *SEAT_KEYS)
        rules = load_ruleset(str(data.get("variant", "standard")))
        players = common.number(data, "players", limits.PLAYERS, None)
        seats = rules.players[1] if players is None else players
        game = new_game(rules, seats, common.seed_of(data))
        state = game_to_json(game)
    else:
        only_keys(data, "game", *SEAT_KEYS)
        state, game = common.under_way(data, game_of)
    return common.seat_task(data, "usa-game-turn", state, game, game.players, make_bots)


def game_task(task: dict[str, Any], say: Say) -> dict[str, Any]:
    """The player's decisions played, the bots' (and the BGA's) turns after them; the
    standings (``summary``, as ``cities usa play --json``) at the end."""
    from solver.usa.bots import make_bots
    from solver.usa.rules.game import play_turn
    from solver.usa.rules.gamefile import game_from_json, game_to_json

    game = game_from_json(task["game"])
    if game.to_move() != task["seat"] and task["decisions"]:
        raise CitiesError(f"it is {game.to_move()}'s turn", field="decisions")
    return common.play_game(task, game_from_json, game_to_json, make_bots, play_turn, UsaSeat)


TASKS: dict[str, Callable[[dict[str, Any], Say], Any]] = {
    "usa-solve": solve_task, "usa-game-turn": game_task}


def usa_table_routes(jobs: Jobs) -> list[Route]:
    @api
    async def score(request: Request) -> Response:
        return JSONResponse(await asyncio.to_thread(usa_web.score_json,
                                                    await body_json(request)))

    @api
    async def solve(request: Request) -> Response:
        data = await body_json(request)
        if isinstance(data, dict) and "state" in data:
            what = await asyncio.to_thread(finish_json, data)
        else:
            only_keys(data, "pool", *JOB_KEYS)
            what = {"pool": await asyncio.to_thread(pool_of, field(data, "pool"))}
        task = {"kind": "usa-solve", "time_limit": common.seconds(data), **what}
        return await jobs.answer(request, task, common.stream_of(data))

    @api
    async def setup(request: Request) -> Response:
        return JSONResponse(await asyncio.to_thread(setup_json))

    game_route = common.game_routes(jobs, game_request)

    return [
        Route("/api/table/usa/setup", setup),
        Route("/api/table/usa/bridges", common.fields_route(bridges_json, "state"),
              methods=["POST"]),
        Route("/api/table/usa/pool", common.fields_route(pool_json, "state", "tiles"),
              methods=["POST"]),
        Route("/api/table/usa/check", common.fields_route(usa_web.check_json, "state", "action"),
              methods=["POST"]),
        Route("/api/table/usa/moves", common.fields_route(usa_web.moves_json, "state", "tile"),
              methods=["POST"]),
        Route("/api/table/usa/score", score, methods=["POST"]),
        Route("/api/table/usa/solve", solve, methods=["POST"]),
        Route("/api/table/usa/game/new", game_route("usa-game-new"), methods=["POST"]),
        Route("/api/table/usa/game/turn", game_route("usa-game-turn"), methods=["POST"]),
    ]
