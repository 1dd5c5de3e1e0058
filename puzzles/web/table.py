"""The Table mode's JSON API for Between Two Cities: a city as it stands at a real table,
checked, finished by the solver, advised on, or a whole game against the bots.

Each endpoint calls the library function its command calls, so it answers as the CLI's
``--json`` does (docs/web.md, "Table"):

- ``POST /api/table/check`` ``{"state", "tile", "at"}`` (a game file adds ``"city": N``) =
  ``cities check STATE --tile T --at R,C --json``;
- ``POST /api/table/moves`` ``{"state", "tile"}`` = ``cities moves STATE --tile T --json``;
- ``POST /api/table/score`` (a city or table file object) = ``cities score FILE --json``;
- ``POST /api/table/solve`` ``{"state", "tiles"}`` (``"tiles": "box"``: any tiles from the
  box) = ``cities solve POOL --json`` on the equivalent pool (``finish_pool``);
- ``POST /api/table/advise`` ``{"game", "player", "seed", ...}`` = ``cities advise GAME --json``;
- ``POST /api/table/game/new`` and ``/game/turn``: a game against the bots, the player's seat
  deciding through the request (``puzzles.web.table_seat``); at the end the standings of
  ``cities play --json``.

Solves, advice and turns run as jobs (``puzzles.web.table_jobs``): off the event loop, a
bounded number at a time, killed when the client hangs up.  ``"stream": true`` in the body
answers every event as a line of JSON (progress, then ``{"result": ...}``).
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from puzzles.web import board as boards
from puzzles.web import rules_api
from puzzles.web.endpoints import api, body_json, field
from puzzles.web.table_common import (
    Say,
    fields_route,
    game_routes,
    number,
    play_game,
    seat_task,
    seconds,
    seed_of,
    stream_of,
    under_way,
)
from puzzles.web.table_jobs import Jobs
from puzzles.web.table_seat import Decisions
from solver.common import options as limits
from solver.common.errors import CitiesError

# --- one city -------------------------------------------------------------------------------


def position_of(state: Any) -> Any:
    """A city-in-progress object (the body's ``state``), checked by its loader."""
    from solver.twocities.rules.position import position_from_json

    try:
        return position_from_json(state)
    except CitiesError as err:
        raise err.located(field="state") from None


def city_json(state: Any) -> dict[str, Any]:
    """A city in progress as the city file ``cities score`` reads (its bounding square, the
    mat's landscape and bridges), and that command's answer on it."""
    pos = position_of(state)
    city = pos.to_city().to_json()
    n = pos.rules.size  # the bounding square padded to the city's size (as the scorer reads)
    rows = [row.split() for row in city["grid"]]
    if len(rows) < n:
        rows = [row + ["."] * (n - len(row)) for row in rows]
        rows += [["."] * n for _ in range(n - len(rows))]
        city["grid"] = [" ".join(row) for row in rows]
    return {"city": city, "score": boards.score_json(city)}


def box_tiles(state: Any) -> list[str]:
    """Every tile of the box the city has not used: "any tiles from the box"."""
    from solver.twocities.game.components import load_components

    pos = position_of(state)
    comps = load_components()
    box = Counter(comps.single_pool(civics=pos.rules.modules["civics"]))
    box.update(d.token for d in comps.duplexes)
    box.subtract(p.tile.token for p in pos.placed)
    return sorted(box.elements())


def finish_pool(state: Any, tiles: Any, context: Any = None) -> dict[str, Any]:
    """The pool file object of a city in progress and the tiles still to come (``"box"``:
    the rest of the box): its mat, its tiles placed as ``fixed``, the ``context`` (rivals,
    districts) as a pool file holds it.  ``cities solve`` on it is the best finish."""
    from solver.twocities.game.pool import pool_from_json

    pos = position_of(state)
    if tiles == "box":
        tiles = box_tiles(state)
    if not (isinstance(tiles, list) and all(isinstance(t, str) for t in tiles)):
        raise CitiesError("expected the tiles still to come (tokens such as \"F\", \"F|O\"), "
                          "or \"box\"", field="tiles")
    pool = {**{k: v for k, v in pos.to_json().items() if k in ("edition", "variant", "mat")},
            "tiles": tiles, "fixed": [p.to_json() for p in pos.placed]}
    if context is not None:
        pool["context"] = context
    try:
        return pool_from_json(pool).to_json()
    except CitiesError as err:
        raise err.located(field=err.field if err.field in ("tiles", "context") else "state") \
            from None


def solve_task(task: dict[str, Any], say: Say) -> dict[str, Any]:
    """``cities solve POOL --json``, its progress said on the way."""
    from solver.twocities.cpsat import solve_pool
    from solver.twocities.game.pool import pool_from_json

    def progress(best: int | None, bound: int, spent: float) -> None:
        say({"progress": {"best": best, "bound": bound, "seconds": round(spent, 1)}})

    pool = pool_from_json(task["pool"])
    return solve_pool(pool, time_limit=task["time_limit"], workers=1,
                      progress=progress).to_json()


# --- advice ---------------------------------------------------------------------------------


def advise_request(data: dict[str, Any]) -> dict[str, Any]:
    """The advice's task, its fields checked as ``cities advise`` checks its options."""
    from solver.twocities.advice import BOT_ROLLOUT_SAMPLES, SAMPLES, SOLVE_LIMIT

    game = game_of(field(data, "game"))
    player = data.get("player", game.humans[0])
    if player not in game.humans:
        raise CitiesError(f"expected one of {', '.join(game.humans)}", field="player")
    return {"kind": "advise", "game": data["game"], "player": player,
            "samples": number(data, "samples", limits.SAMPLES, SAMPLES),
            "positions": number(data, "positions", limits.POSITIONS, 3),
            "seed": seed_of(data),
            "time_limit": seconds(data, default=None),
            "solve": number(data, "solve", limits.SOLVE, 0),
            "solve_limit": number(data, "solve_limit", limits.time_limit, SOLVE_LIMIT),
            "rollouts": number(data, "rollouts", limits.ROLLOUTS, 0),
            "rollout_samples": number(data, "rollout_samples", limits.ROLLOUT_SAMPLES,
                                      BOT_ROLLOUT_SAMPLES)}


def advise_task(task: dict[str, Any], say: Say) -> dict[str, Any]:
    """``cities advise GAME --json``."""
    from solver.twocities.advice import advise

    game = game_of(task["game"])
    keys = ("samples", "positions", "seed", "time_limit", "solve", "solve_limit", "rollouts",
            "rollout_samples")
    advice = advise(game, task["player"], **{k: task[k] for k in keys})
    return advice.to_json(game)


# --- whole games ----------------------------------------------------------------------------


def game_of(data: Any, name: str = "game") -> Any:
    """A game file object (the body's ``name``), checked by its loader (its bots the bots
    there are)."""
    from solver.twocities.advice.bot import BOTS
    from solver.twocities.rules.gamefile import game_from_json, is_game

    if not is_game(data):
        raise CitiesError("expected a game file object (players and cities)", field=name)
    try:
        return game_from_json(data, known_bots=BOTS)
    except CitiesError as err:
        raise err.located(field=name) from None


class Seat:
    """The player's seat (``table_seat``): picks two tiles of the hand, the first for the
    left city; places each of its tiles; decides for Jamey where the rules say so."""

    name = "you"

    def __init__(self, decisions: Decisions):
        self.decisions = decisions

    def choose(self, game: Any, player: str, hand: list[str], r: random.Random) -> list[int]:
        from solver.twocities.rules.game import JAMEY

        if game.round == 2 and JAMEY in game.hands and len(hand) == 2 and game.rules.dummy:
            keep = self.decisions.take("keep", {"hand": hand})
            if keep not in (0, 1):
                raise self.decisions.refuse("expected 0 or 1: the duplex kept")
            return [keep, 1 - keep]
        picks = self.decisions.take("pick", {"hand": hand,
                                             "cities": list(game.cities_of(player))})
        if not (isinstance(picks, list) and len(picks) == 2 and len(set(picks)) == 2
                and all(type(i) is int and 0 <= i < len(hand) for i in picks)):
            raise self.decisions.refuse(f"expected two places in the hand of {len(hand)} "
                                        "tiles (the first for the left city)")
        return picks

    def assign(self, game: Any, player: str, tiles: list[str], targets: tuple[int, int],
               r: random.Random) -> list[str]:
        if tuple(targets) == game.cities_of(player):
            return tiles  # the player's own two: the pick's order said where each goes
        order = self.decisions.take("assign", {"tiles": tiles, "cities": list(targets)})
        if not (isinstance(order, list) and sorted(map(str, order)) == sorted(tiles)):
            raise self.decisions.refuse(f"expected {tiles} in the order of cities {targets}")
        return [str(t) for t in order]

    def place(self, game: Any, player: str, city: int, options: Any,
              r: random.Random) -> tuple[int, int] | None:
        legal = options.all()
        if not legal:
            return None  # the engine's fallbacks take over (docs/rulings.md)
        at = self.decisions.take("place", {
            "city": city, "tile": options.tile.token, "state": options.position.to_json(),
            "positions": [list(a) for a in legal]})
        if not (isinstance(at, list) and len(at) == 2 and all(type(v) is int for v in at)):
            raise self.decisions.refuse("expected [r, c] in mat coordinates")
        if tuple(at) not in legal:
            raise self.decisions.refuse(f"{options.tile.token} at {at} is not legal: "
                                        f"{options.verdict(tuple(at)).reason}")
        return (at[0], at[1])


def game_request(data: dict[str, Any], kind: str) -> dict[str, Any]:
    """A game's task with its fields checked: the seat, the bots, the decisions."""
    from solver.twocities.advice import make_bots

    if kind == "game-new":
        from solver.twocities.game.rulesets import load_ruleset
        from solver.twocities.rules.game import new_game
        from solver.twocities.rules.gamefile import game_to_json

        players = number(data, "players", limits.PLAYERS, 3)
        rules = load_ruleset(str(data.get("edition", "essential")),
                             str(data.get("variant", "standard")))
        districts = data.get("districts", False)
        if not isinstance(districts, bool):
            raise CitiesError("expected true or false", field="districts")
        game = new_game(rules, players, seed_of(data), districts=districts)
        state = game_to_json(game)
    else:
        state, game = under_way(data, game_of)
    return seat_task(data, "game-turn", state, game, game.humans, make_bots)


def game_task(task: dict[str, Any], say: Say) -> dict[str, Any]:
    """The player's decisions played, the bots' turns after them; the standings at the end
    (as ``cities play --json``)."""
    from solver.twocities.advice import make_bots
    from solver.twocities.rules.game import play_turn
    from solver.twocities.rules.gamefile import game_from_json, game_to_json

    return play_game(task, game_from_json, game_to_json, make_bots, play_turn, Seat)


TASKS: dict[str, Callable[[dict[str, Any], Say], Any]] = {
    "solve": solve_task, "advise": advise_task, "game-turn": game_task}


# --- the page's helpers ------------------------------------------------------------------


def setup_json() -> dict[str, Any]:
    """What the page offers to enter a Between Two Cities city: the variants (their square,
    tiles, round-1 singles), the mats (their landscape spaces), the box's tokens, and the
    variants a whole game is played in (their numbers of players)."""
    from solver.twocities.game.components import load_components
    from solver.twocities.game.rulesets import load_ruleset
    from solver.twocities.game.rulesets import variants as variants_of
    from solver.twocities.rules.position import round_one_singles

    comps = load_components()
    variants = {}
    for name in ("standard", "beginner"):
        rules = load_ruleset("essential", name)
        variants[name] = {"size": rules.size, "singles": rules.singles,
                          "duplexes": rules.duplexes, "round_one": round_one_singles(rules),
                          "mats": rules.modules["mats"], "civics": rules.modules["civics"]}
    mats = {m.id: {"name": m.name, "height": m.height, "width": m.width,
                   "landscape": sorted([list(c) for c in m.landscape]),
                   "bridges": [[list(a), list(b)] for a, b in m.bridges]}
            for m in comps.mats.values()}
    games = {}
    for name in variants_of():
        rules = load_ruleset("essential", name)
        games[name] = {"players": list(rules.players), "jamey": bool(rules.dummy)}
    return {"variants": variants, "mats": mats, "games": games,
            "singles": list(comps.single_pool(civics=True)),
            "duplexes": [d.token for d in comps.duplexes]}


# --- routes ---------------------------------------------------------------------------------


def table_routes(jobs: Jobs | None = None) -> list[Route]:
    """The Table mode's routes (both games), on one bounded pool of jobs."""
    from starlette.responses import FileResponse

    from puzzles.web.table_usa import usa_table_routes

    jobs = jobs or Jobs()
    page_file = Path(__file__).parent / "static" / "table.html"

    async def page(request: Request) -> Response:
        return FileResponse(page_file)

    @api
    async def setup(request: Request) -> Response:
        return JSONResponse(await asyncio.to_thread(setup_json))

    @api
    async def score(request: Request) -> Response:
        return JSONResponse(await asyncio.to_thread(boards.score_json, await body_json(request)))

    @api
    async def pool(request: Request) -> Response:
        data = await body_json(request)
        state, tiles = field(data, "state"), field(data, "tiles")
        return JSONResponse(await asyncio.to_thread(finish_pool, state, tiles,
                                                    data.get("context")))

    @api
    async def solve(request: Request) -> Response:
        data = await body_json(request)
        state, tiles = field(data, "state"), field(data, "tiles")
        task = {"kind": "solve", "time_limit": seconds(data), "pool": await asyncio.to_thread(
            finish_pool, state, tiles, data.get("context"))}
        return await jobs.answer(request, task, stream_of(data))

    @api
    async def advise(request: Request) -> Response:
        data = await body_json(request)
        task = await asyncio.to_thread(advise_request, field(data, "game") and data)
        return await jobs.answer(request, task, stream_of(data))

    game_route = game_routes(jobs, game_request)

    return [
        Route("/table", page),
        Route("/api/table/setup", setup),
        Route("/api/table/check", rules_api.verdict, methods=["POST"]),
        Route("/api/table/moves", rules_api.moves, methods=["POST"]),
        Route("/api/table/score", score, methods=["POST"]),
        Route("/api/table/city", fields_route(city_json, "state"), methods=["POST"]),
        Route("/api/table/pool", pool, methods=["POST"]),
        Route("/api/table/solve", solve, methods=["POST"]),
        Route("/api/table/advise", advise, methods=["POST"]),
        Route("/api/table/game/new", game_route("game-new"), methods=["POST"]),
        Route("/api/table/game/turn", game_route("game-turn"), methods=["POST"]),
        *usa_table_routes(jobs),
    ]

