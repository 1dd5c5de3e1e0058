"""What the Table endpoints of both games share: fields checked as the CLI checks its options,
the player's turn played through either game's engine up to the next decision, and the
endpoints of a game's tasks."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from puzzles.web.endpoints import BadRequest, api, body_json, field, only_keys
from puzzles.web.table_jobs import Jobs
from puzzles.web.table_seat import Decisions, NeedDecision
from solver.common import options as limits
from solver.common.errors import CitiesError
from solver.common.options import MAX_SEED, OptionError

SOLVE_SECONDS = 60.0  # a solve's time limit unless the body gives one (as ``cities solve``)
MAX_SECONDS = 300.0  # the longest a body may ask for
Say = Callable[[dict[str, Any]], None]


# --- checked fields -----------------------------------------------------------------------


def number(data: dict[str, Any], key: str, rule: Callable[[object], Any], default: Any) -> Any:
    """``data[key]`` checked by a command-line rule (``solver.common.options``); absent or
    null, the ``default`` (a null time limit is the default one, never none)."""
    value = data.get(key)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise CitiesError("expected a number", field=key)
    try:
        return rule(value)
    except OptionError as err:
        raise CitiesError(str(err), field=key) from None


def seconds(data: dict[str, Any], key: str = "time_limit",
            default: float | None = SOLVE_SECONDS) -> float | None:
    value = number(data, key, limits.time_limit, default)
    if value is not None and value > MAX_SECONDS:
        raise CitiesError(f"at most {MAX_SECONDS:g} seconds", field=key)
    return value


def seed_of(data: dict[str, Any], key: str = "seed") -> int:
    value = data.get(key, 0)
    if type(value) is not int or not 0 <= value <= MAX_SEED:
        raise CitiesError(f"expected a whole number from 0 to {MAX_SEED}", field=key)
    return value


def names_of(value: Any, key: str) -> list[str]:
    if isinstance(value, str):
        value = value.split(",")
    if not (isinstance(value, list) and value and all(isinstance(v, str) for v in value)):
        raise CitiesError("expected a list of names such as [\"greedy\", \"random\"]", field=key)
    return value


def bots_of(value: Any, players: tuple[str, ...]) -> list[str]:
    """The bots as ``--bots`` names them (cycled over the seats), or one per seat by name
    (``{"P2": "advisor", "P3": "random"}``: a seat left out, such as the player's, gets the
    first bot named)."""
    if not isinstance(value, dict):
        return names_of(value, "bots")
    wrong = [k for k in value if k not in players]
    if wrong or not value:
        raise CitiesError(f"expected a bot per seat of {', '.join(players)}", field="bots")
    names = names_of(list(value.values()), "bots")
    return [str(value.get(p, names[0])) for p in players]


def under_way(data: dict[str, Any], read: Callable[[Any], Any]) -> tuple[Any, Any]:
    """The body's game file and its game (``read``: the game's loader), not over."""
    state = field(data, "game")
    game = read(state)
    if game.over:
        raise CitiesError("the game is over", field="game")
    return state, game


def seat_task(data: dict[str, Any], kind: str, state: Any, game: Any, seats: tuple[str, ...],
              make_bots: Callable[..., Any]) -> dict[str, Any]:
    """A turn's task (either game's): the seat among ``seats``, the bots named as
    ``--bots`` names them, the decisions a list."""
    seat = data.get("seat", "P1")
    if seat not in seats:
        raise CitiesError(f"expected one of {', '.join(seats)}", field="seat")
    bots = bots_of(data.get("bots", ["greedy"]), game.players)
    try:
        make_bots(bots, game.players)
    except CitiesError as err:
        raise CitiesError(err.message, field="bots") from None
    decisions = data.get("decisions", [])
    Decisions(decisions)
    return {"kind": kind, "game": state, "seat": seat, "bots": bots, "decisions": decisions}


def play_until_asked(game: Any, seat: str, bots: list[str], decisions: Any,
                     to_json: Callable[[Any], dict[str, Any]],
                     from_json: Callable[[Any], Any], make: Callable[..., Any],
                     play: Callable[[Any, Any], None], make_seat: Callable[[Decisions], Any]
                     ) -> dict[str, Any]:
    """Play the player's turn with ``decisions``, then every turn that asks the player
    nothing, up to the player's next decision (either game: the functions are its own).

    Answer: ``game`` (the game file before the first turn that waits for the player),
    ``need`` (what the player is asked, None once the game is over) and ``decided`` (the
    decisions of ``need``'s turn already taken: the client sends them again with the
    next one)."""
    turn = Decisions(decisions)
    start = to_json(game)
    while not game.over:
        seats = make(bots, game.players)
        seats[seat] = make_seat(turn)
        try:
            play(game, seats)
        except NeedDecision as asked:
            return {"game": start, "need": asked.need, "decided": turn.used}
        turn.check_all_used()
        turn = Decisions([])
        start = to_json(game)
        game = from_json(start)  # a fresh copy: a turn stopped half-way is thrown away
    return {"game": start, "need": None, "decided": 0}


def play_game(task: dict[str, Any], from_json: Callable[[Any], Any],
              to_json: Callable[[Any], dict[str, Any]], make_bots: Callable[..., Any],
              play: Callable[[Any, Any], None], make_seat: Callable[[Decisions], Any]
              ) -> dict[str, Any]:
    """A turn's task played (either game's functions): ``play_until_asked``'s answer with the
    seat, the bots, ``over``, and at the end the game's ``summary`` as ``standings``; its game
    file records the bots by seat (``bots``)."""
    game = from_json(task["game"])
    # the game file records each bot seat's bot (the player's seat is no bot's)
    game.bots = {p: b.name for p, b in make_bots(task["bots"], game.players).items()
                 if p != task["seat"]}
    out = play_until_asked(game, task["seat"], task["bots"],
                           task["decisions"], to_json, from_json, make_bots, play, make_seat)
    final = from_json(out["game"])
    out = {**out, "seat": task["seat"], "bots": task["bots"], "over": final.over}
    if final.over:
        out["standings"] = final.summary()
    return out


def stream_of(data: Any) -> bool:
    value = data.get("stream", False) if isinstance(data, dict) else False
    if not isinstance(value, bool):
        raise CitiesError("expected true or false", field="stream")
    return value


def fields_route(answer: Callable[..., Any], *names: str) -> Callable[[Request], Any]:
    """An endpoint answering ``answer(body[name], ...)`` off the event loop, each field
    required (a missing one: a 400 naming it)."""
    @api
    async def run(request: Request) -> Response:
        data = await body_json(request)
        values = [field(data, name) for name in names]
        only_keys(data, *names)
        return JSONResponse(await asyncio.to_thread(answer, *values))
    return run


def game_routes(jobs: Jobs, request_of: Callable[[dict[str, Any], str], dict[str, Any]]
                ) -> Callable[[str], Callable[[Request], Any]]:
    """The endpoint of a game's task of ``kind`` (``request_of`` checks the body)."""
    def route(kind: str) -> Callable[[Request], Any]:
        @api
        async def run(request: Request) -> Response:
            data = await body_json(request)
            if not isinstance(data, dict):
                raise BadRequest("expected a JSON object", "body")
            task = await asyncio.to_thread(request_of, data, kind)
            return await jobs.answer(request, task, stream_of(data))
        return run
    return route
