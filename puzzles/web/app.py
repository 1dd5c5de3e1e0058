"""The daily puzzle in a browser: a Starlette app serving the page and a JSON API.

The API answers exactly what the CLI's ``--json`` prints (see docs/web.md):

- ``GET /api/daily/{date}`` = ``cities daily --date D --json`` (no solution in it);
- ``POST /api/score`` (a city file object) = ``cities score FILE --json``;
- ``POST /api/check`` (``{"date", "answer"}``) = ``cities daily --date D --check A --json``;
- ``POST /api/moves`` (``{"state", "tile"}``) = ``cities moves STATE --tile T --json``;
- ``GET /api/solution/{date}`` = ``cities daily --date D --solution --json``.

The page's own helpers: ``POST /api/board`` (the city being built, drawn, and the objects to
score and check), ``GET /api/tile.svg``, ``GET /api/solution/{date}.svg``, ``GET /api/archive``,
``GET /api/today`` and ``GET /api/progress/{date}``.  Bad requests get a 4xx status and
``{"error": "<field>: <problem>", "field": ...}``; bodies are limited to ``MAX_BODY`` bytes.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from puzzles.archive import ARCHIVE_DIR, puzzle_for
from puzzles.common.days import parse_date
from puzzles.puzzle import Puzzle
from solver.common.errors import CitiesError
from solver.common.jsonio import parse_json_text

STATIC = Path(__file__).parent / "static"
MAX_BODY = 64_000  # bytes: a finished city with placements is about 2 kB
SVG = "image/svg+xml"

Handler = Callable[[Request], Awaitable[Response]]


class BadRequest(Exception):
    def __init__(self, message: str, field: str | None = None, status: int = 400):
        super().__init__(message)
        self.message, self.field, self.status = message, field, status


def _error(message: str, field: str | None, status: int) -> JSONResponse:
    return JSONResponse({"error": " ".join(message.split()), "field": field}, status)


def api(handler: Handler) -> Handler:
    """Bad input becomes a 4xx JSON error naming the field; never a traceback."""
    async def wrapped(request: Request) -> Response:
        try:
            return await handler(request)
        except CitiesError as err:
            return _error(str(err), err.field, 400)
        except BadRequest as err:
            return _error(f"{err.field}: {err.message}" if err.field else err.message,
                          err.field, err.status)
        except HTTPException:
            raise
        except Exception as err:  # a bug, not bad input: say so, without a traceback
            return _error(f"internal error ({type(err).__name__})", None, 500)
    return wrapped


async def body_json(request: Request) -> Any:
    """The request body as JSON, at most MAX_BODY bytes (413 beyond), bounded in depth."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
        raise BadRequest(f"request body larger than {MAX_BODY} bytes", "body", 413)
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            raise BadRequest(f"request body larger than {MAX_BODY} bytes", "body", 413)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadRequest("not UTF-8 text", "body") from None
    try:
        return parse_json_text(text, "body")
    except CitiesError as err:
        raise BadRequest(err.message, "body") from None


def field(data: Any, key: str) -> Any:
    if not isinstance(data, dict):
        raise BadRequest("expected a JSON object", "body")
    if key not in data:
        raise BadRequest("missing", key)
    return data[key]


# --- puzzles: from the archive, or generated once (with progress) and kept --------------------


class Puzzles:
    """Each date's puzzle, made at most once per server; progress text while it is proven."""

    def __init__(self) -> None:
        self._done: dict[dt.date, Puzzle] = {}
        self._locks: dict[dt.date, threading.Lock] = {}
        self._guard = threading.Lock()
        self.progress: dict[dt.date, str] = {}

    def get(self, day: dt.date) -> Puzzle:
        if day in self._done:
            return self._done[day]
        with self._guard:
            lock = self._locks.setdefault(day, threading.Lock())
        with lock:
            if day not in self._done:
                self.progress[day] = "looking in the archive"
                puzzle = puzzle_for(day, lambda text: self.progress.__setitem__(day, str(text)))
                self._done[day] = puzzle
                self.progress[day] = "ready"
        return self._done[day]

    async def aget(self, day: dt.date) -> Puzzle:
        return await asyncio.to_thread(self.get, day)


def date_of(text: Any, name: str = "date") -> dt.date:
    if not isinstance(text, str):
        raise BadRequest("expected a date YYYY-MM-DD", name)
    return parse_date(text, field=name)


def shipped_dates() -> list[str]:
    return sorted(p.stem for p in ARCHIVE_DIR.glob("????-??-??.json"))


# --- the app ----------------------------------------------------------------------------------


def create_app(today: Callable[[], dt.date] = dt.date.today) -> Starlette:
    """The app; ``today`` says which puzzle ``/`` shows (tests pin it)."""
    from puzzles.web import board as boards

    puzzles = Puzzles()

    async def page(request: Request) -> Response:
        if "date" in request.path_params:
            try:
                date_of(request.path_params["date"])
            except (CitiesError, BadRequest):
                return Response("no such date: expected /daily/YYYY-MM-DD", 404)
        return FileResponse(STATIC / "index.html")

    @api
    async def today_json(request: Request) -> Response:
        return JSONResponse({"date": today().isoformat()})

    @api
    async def archive(request: Request) -> Response:
        return JSONResponse({"dates": shipped_dates()})

    @api
    async def progress(request: Request) -> Response:
        day = date_of(request.path_params["date"])
        return JSONResponse({"date": day.isoformat(), "progress": puzzles.progress.get(day, "")})

    @api
    async def daily(request: Request) -> Response:
        puzzle = await puzzles.aget(date_of(request.path_params["date"]))
        return JSONResponse(puzzle.to_json(solution=False))

    @api
    async def solution(request: Request) -> Response:
        puzzle = await puzzles.aget(date_of(request.path_params["date"]))
        return JSONResponse(boards.solution_json(puzzle))

    @api
    async def solution_svg(request: Request) -> Response:
        puzzle = await puzzles.aget(date_of(request.path_params["date"]))
        return Response(boards.solution_svg(puzzle), media_type=SVG)

    @api
    async def score(request: Request) -> Response:
        return JSONResponse(boards.score_json(await body_json(request)))

    @api
    async def check(request: Request) -> Response:
        data = await body_json(request)
        day = date_of(field(data, "date"))
        answer = field(data, "answer")
        puzzle = await puzzles.aget(day)
        return JSONResponse(await asyncio.to_thread(boards.check_json, puzzle, answer))

    @api
    async def moves(request: Request) -> Response:
        data = await body_json(request)
        state, tile = field(data, "state"), field(data, "tile")
        city = data.get("city")
        return JSONResponse(await asyncio.to_thread(boards.moves_json, state, tile, city))

    @api
    async def board(request: Request) -> Response:
        data = await body_json(request)
        puzzle = await puzzles.aget(date_of(field(data, "date")))
        placed = data.get("placed", [])
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
        Route("/api/moves", moves, methods=["POST"]),
        Route("/api/board", board, methods=["POST"]),
        Route("/api/tile.svg", tile_svg),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]

    async def not_found(request: Request, exc: Exception) -> Response:
        status = getattr(exc, "status_code", 404)
        if request.url.path.startswith("/api/"):
            return _error(getattr(exc, "detail", "not found"), None, status)
        return Response(str(getattr(exc, "detail", "not found")), status)

    return Starlette(routes=routes, exception_handlers={HTTPException: not_found})
