"""The daily puzzle in a browser: a Starlette app serving the page and a JSON API.

The API answers exactly what the CLI's ``--json`` prints (see docs/web.md):

- ``GET /api/daily/{date}`` = ``cities daily --date D --json`` (no solution in it);
- ``POST /api/score`` (a city file object) = ``cities score FILE --json``;
- ``POST /api/check`` (``{"date", "answer"}``) = ``cities daily --date D --check A --json``;
- ``POST /api/moves`` (``{"state", "tile"}``) = ``cities moves STATE --tile T --json``;
- ``POST /api/verdict`` (``{"state", "tile", "at"}``) = ``cities check STATE --tile T --at R,C
  --json`` (the page shows its reason for a refused space);
- ``GET /api/solution/{date}`` = ``cities daily --date D --solution --json``.

The page's own helpers: ``POST /api/board`` (the city being built, drawn, and the objects to
score and check; ``{"date", "cities": [placed, placed]}``: a pair's two cities and their scores
against each other), ``GET /api/tile.svg``, ``GET /api/solution/{date}.svg`` (``?city=1``: a
pair's second), ``GET /api/archive``,
``GET /api/today`` and ``GET /api/progress/{date}``.  Bad requests get a 4xx status and
``{"error": "<field>: <problem>", "field": ...}``; bodies are limited to ``MAX_BODY`` bytes.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import html
from collections.abc import AsyncIterator, Callable, Iterable
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from puzzles.puzzle import Puzzle
from puzzles.web.endpoints import (
    MAX_BODY,
    SVG,
    BadRequest,
    Window,
    api,
    body_json,
    date_of,
    field,
    hung_up,
    json_error,
    shipped_dates,
    shipped_kinds,
)
from puzzles.web.hosts import LOOPBACK, HostCheck
from puzzles.web.pool import Puzzles
from solver.common.errors import CitiesError

__all__ = ["MAX_BODY", "create_app", "not_found_page"]

STATIC = Path(__file__).parent / "static"

NOT_FOUND_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Between Two Cities · no such page</title>
<link rel="stylesheet" href="/static/style.css"><link rel="icon" href="data:,"></head>
<body><header><h1>Between Two Cities <span class="sub">daily puzzle</span></h1></header>
<div id="loading"><p>{message}</p><p><a href="/">Today's puzzle</a></p></div></body></html>
"""


def not_found_page(message: str, status: int = 404) -> HTMLResponse:
    return HTMLResponse(NOT_FOUND_PAGE.format(message=html.escape(message)), status)


# --- the app ----------------------------------------------------------------------------------


def create_app(today: Callable[[], dt.date] = dt.date.today, *, any_date: bool = False,
               generations: int = 1, allowed_hosts: Iterable[str] = LOOPBACK,
               prepare: bool = False) -> Starlette:
    """The app; ``today`` says which puzzle ``/`` shows and ends the window of dates served
    (tests pin it); ``any_date`` serves every date; ``generations`` bounds the puzzles made
    at a time; only requests naming one of ``allowed_hosts`` (loopback names by default) are
    answered; ``prepare`` makes today's and tomorrow's puzzles (both games) ahead, in the
    background."""
    from puzzles.web import board as boards
    from puzzles.web import rules_api
    from puzzles.web.table import table_routes
    from puzzles.web.usa import usa_routes

    puzzles = Puzzles(generations)
    window = Window(today, any_date)

    async def puzzle_of(request: Request, day: dt.date) -> Puzzle:
        return await puzzles.get(window.check(day), lambda: hung_up(request))

    async def page(request: Request) -> Response:
        if "date" in request.path_params:
            try:
                window.check(date_of(request.path_params["date"]))
            except (CitiesError, BadRequest) as err:
                message = err.message if isinstance(err, BadRequest) and err.status == 404 \
                    else "no such date: expected /daily/YYYY-MM-DD"
                return not_found_page(message)
        return FileResponse(STATIC / "index.html")

    @api
    async def today_json(request: Request) -> Response:
        return JSONResponse({"date": today().isoformat(), "any_date": any_date,
                             "last": None if any_date else window.last().isoformat()})

    @api
    async def archive(request: Request) -> Response:
        return JSONResponse({"dates": shipped_dates(), "kinds": shipped_kinds()})

    @api
    async def progress(request: Request) -> Response:
        day = window.check(date_of(request.path_params["date"]))
        return JSONResponse({"date": day.isoformat(), "progress": puzzles.progress(day)})

    @api
    async def daily(request: Request) -> Response:
        puzzle = await puzzle_of(request, date_of(request.path_params["date"]))
        return JSONResponse(puzzle.to_json(solution=False))

    @api
    async def solution(request: Request) -> Response:
        puzzle = await puzzle_of(request, date_of(request.path_params["date"]))
        return JSONResponse(boards.solution_json(puzzle))

    @api
    async def solution_svg(request: Request) -> Response:
        puzzle = await puzzle_of(request, date_of(request.path_params["date"]))
        which = request.query_params.get("city", "0")  # a pair's city, 0 or 1
        return Response(boards.solution_svg(puzzle, which), media_type=SVG)

    @api
    async def score(request: Request) -> Response:
        return JSONResponse(boards.score_json(await body_json(request)))

    @api
    async def check(request: Request) -> Response:
        data = await body_json(request)  # the whole body is checked before any puzzle is made
        day = date_of(field(data, "date"))
        answer = boards.answer_shape(field(data, "answer"))
        address = boards.address_shape(data.get("address"))
        puzzle = await puzzle_of(request, day)
        return JSONResponse(await asyncio.to_thread(boards.check_json, puzzle, answer, address))

    @api
    async def board(request: Request) -> Response:
        data = await body_json(request)
        day = date_of(field(data, "date"))
        if isinstance(data, dict) and "cities" in data:  # a pair: both cities and their scores
            cities = data["cities"]
            puzzle = await puzzle_of(request, day)
            return JSONResponse(await asyncio.to_thread(boards.pair_json, puzzle, cities))
        placed = boards.placed_shape(data.get("placed", []))
        puzzle = await puzzle_of(request, day)
        return JSONResponse(boards.board_json(puzzle, placed))

    @api
    async def tile_svg(request: Request) -> Response:
        token = request.query_params.get("tile")
        if token is None:
            raise BadRequest("missing", "tile")
        return Response(boards.tile_picture(token), media_type=SVG,
                        headers={"Cache-Control": "max-age=86400"})

    async def no_icon(request: Request) -> Response:
        return Response(status_code=204)

    routes = [
        Route("/", page),
        Route("/favicon.ico", no_icon),
        Route("/daily/{date}", page),
        Route("/api/today", today_json),
        Route("/api/archive", archive),
        Route("/api/progress/{date}", progress),
        Route("/api/daily/{date}", daily),
        Route("/api/solution/{date}.svg", solution_svg),
        Route("/api/solution/{date}", solution),
        Route("/api/score", score, methods=["POST"]),
        Route("/api/check", check, methods=["POST"]),
        Route("/api/moves", rules_api.moves, methods=["POST"]),
        Route("/api/verdict", rules_api.verdict, methods=["POST"]),
        Route("/api/board", board, methods=["POST"]),
        Route("/api/tile.svg", tile_svg),
        *usa_routes(puzzles, window),  # the Cities USA daily (puzzles/web/usa.py)
        *table_routes(),  # the Table mode, both games (puzzles/web/table.py)
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]

    async def not_found(request: Request, exc: Exception) -> Response:
        status = getattr(exc, "status_code", 404)
        if request.url.path.startswith("/api/"):
            return json_error(getattr(exc, "detail", "not found"), None, status)
        return not_found_page(str(getattr(exc, "detail", "not found")), status)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        if prepare:  # today's and tomorrow's puzzles of both games: no player waits for them
            for day in (today(), today() + dt.timedelta(days=1)):
                for game in ("twocities", "usa"):
                    puzzles.prepare(day, game)
        try:
            yield
        finally:
            await puzzles.stop()

    app = Starlette(routes=routes, exception_handlers={HTTPException: not_found},
                    lifespan=lifespan, middleware=[Middleware(HostCheck, allowed=allowed_hosts)])
    app.state.puzzles = puzzles
    return app
