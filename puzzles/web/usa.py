"""The Cities USA daily's JSON API: each endpoint calls the library function its command calls,
so the page and ``cities usa ... --json`` always agree.

- ``POST /api/usa/score`` (a city file object) = ``cities usa score FILE --json``;
- ``POST /api/usa/check`` (``{"state", "action"}``) = ``cities usa check STATE --action A
  --json``;
- ``POST /api/usa/moves`` (``{"state", "tile"}``) = ``cities usa moves STATE --tile T --json``;
- ``GET /api/usa/daily/{date}`` = ``cities daily --game usa --date D --json``;
- ``POST /api/usa/grade`` (``{"date", "answer"}``) = ``cities daily --game usa --date D --check
  A --json``;
- ``GET /api/usa/solution/{date}`` = ``cities daily --game usa --date D --solution --json`` (the
  optimal city with its ``order`` of play).

The page's helpers: ``POST /api/usa/board`` (any file ``cities render`` draws, drawn as SVG),
``GET /api/usa/tile.svg?tile=ID&rotation=R``, ``GET /api/usa/progress/{date}``, ``POST
/api/usa/play`` (``{"state", "action"}``: the verdict of ``check`` and, when legal, the city
after it, as the rules engine makes it) and ``POST /api/usa/view`` (``{"state"}``, optionally
``"date"``: the city's picture, tiles, spaces in words, score (with a date: as that day's
grade scores it) and bridges left).  Dates, bodies and errors are every endpoint's
(``puzzles.web.endpoints``): the same window of dates,
the same bounded generation pool, bodies read whole and checked before any puzzle is made.

>>> score_json({"game": "cities-usa", "size": [1, 1], "tiles": [{"tile": "start-1",
...             "at": [0, 0]}]})["total"]
0
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from puzzles.usa.grade import as_graded, grade, solution_json
from puzzles.usa.puzzle import UsaPuzzle
from puzzles.web import endpoints
from puzzles.web.endpoints import SVG, BadRequest, Window, api, body_json, date_of, field, hung_up
from puzzles.web.pool import Puzzles
from solver.common.errors import CitiesError
from solver.usa.game.city import City
from solver.usa.game.cityfile import city_from_json, city_to_json
from solver.usa.game.components import load_components
from solver.usa.game.tiles import parse_rotation
from solver.usa.rules import legality
from solver.usa.rules.moves import legal_moves
from solver.usa.scoring.categories import score_city
from solver.usa.svg import picture, tile_svg


def _city(data: Any, name: str | None = None) -> City:
    """A city file object (``name``: the body's field holding it), checked by its loader."""
    try:
        return city_from_json(data, load_components())
    except CitiesError as err:
        raise err.located(field=name) from None


def score_json(data: Any) -> dict[str, Any]:
    """``cities usa score FILE --json``: every category and the total."""
    return score_city(_city(data)).to_json()


def _judged(state: Any, action: Any) -> legality.Verdict:
    """The rules engine's verdict on ``action`` in the city ``state``."""
    city = _city(state, "state")
    if not isinstance(action, dict):
        raise CitiesError("expected an action object such as {\"action\": \"bridge\", ...}",
                          field="action")
    try:
        return legality.check(city, action)
    except CitiesError as err:
        raise err.located(field="action") from None


def check_json(state: Any, action: Any) -> dict[str, Any]:
    """``cities usa check STATE --action A --json``: legal or not, why, the bridges forced."""
    return _judged(state, action).to_json()


def moves_json(state: Any, tile: Any) -> dict[str, Any]:
    """``cities usa moves STATE --tile T --json``: every legal place and rotation."""
    city = _city(state, "state")
    if not isinstance(tile, str):
        raise CitiesError("expected a tile id such as city-07", field="tile")
    try:
        found = legal_moves(city, city.components.tile(tile))
    except CitiesError as err:
        raise err.located(field="tile") from None
    return {"tile": tile, "moves": [m.to_json() for m in found]}


def play_json(state: Any, action: Any) -> dict[str, Any]:
    """The page's move: ``check_json``'s verdict and, when legal, ``state``: the city after
    the action, as the rules engine makes it (forced bridges added, shifted into its frame)."""
    verdict = _judged(state, action)
    out = verdict.to_json()
    if verdict.legal and verdict.city is not None:
        out["state"] = city_to_json(verdict.city)
    return out


def space_words(city: City, space: tuple[int, int]) -> str:
    """A space in words for screen readers: what it is and what stands on it.

    >>> c = city_from_json({"game": "cities-usa", "size": [1, 1],
    ...                     "tiles": [{"tile": "start-1", "at": [0, 0]}]}, load_components())
    >>> [space_words(c, s) for s in c.spaces()][:1]
    ['black building space']
    """
    kind = city.kind(space)
    words = {"site": "construction site", "truck": "food truck", "wild": "building feature"}
    out = words.get(kind, kind if kind in ("water", "park") else f"{kind} building space")
    if space in city.features:
        out += f", feature {city.features[space]}"
    b = city.buildings.get(space)
    if b is not None:
        out += f", {b.color} building of {b.height}" + (" with a top" if b.top else "")
    return out


def view_json(state: Any, puzzle: UsaPuzzle | None = None) -> dict[str, Any]:
    """The page's view of a city being built: its picture, each placed tile (place, id,
    name, rotation), each space in words (keyed ``"R,C"``), its score (with ``puzzle``: as its
    grade scores it, the achievements the city meets claimed), bridges left, and every
    tile's name (``names``, by id: the tray's tiles in words)."""
    city = _city(state, "state")
    scored = city if puzzle is None else as_graded(city, puzzle)
    return {
        "svg": picture(city_to_json(city)),
        "places": [{"at": list(at), "tile": p.tile.id, "name": p.tile.name,
                    "rotation": p.rotation} for at, p in sorted(city.tiles.items())],
        "spaces": {f"{r},{c}": space_words(city, (r, c)) for r, c in city.spaces()},
        "score": score_city(scored).to_json(),
        "bridges_left": city.remaining_bridges,
        "names": {t.id: t.name for t in (*city.components.starting_tiles.values(),
                                         *city.components.city_tiles.values())},
    }


def grade_json(puzzle: UsaPuzzle, answer: Any) -> dict[str, Any]:
    """``cities daily --game usa --check ANSWER --json``: the grade (``legal`` false lists the
    problems)."""
    try:
        return grade(puzzle, answer).to_json()
    except CitiesError as err:
        raise err.located(field="answer") from None


def answer_shape(answer: Any) -> Any:
    """An answer's shape, checked before its puzzle is looked up or made: a city file object
    (or ``cities usa solve --json`` output); the grader checks the rest."""
    if not isinstance(answer, dict):
        raise CitiesError("expected a Cities USA city file object", field="answer")
    return answer


def tile_picture(tile: str, rotation: str) -> str:
    """One tile, turned ``rotation`` degrees (0 unless given)."""
    comps = load_components()
    try:
        found = comps.tile(tile)
    except CitiesError as err:
        raise err.located(field="tile") from None
    try:
        turn = parse_rotation(int(rotation))
    except ValueError:
        raise CitiesError(f"{rotation!r} is not a rotation (0, 90, 180 or 270)",
                          field="rotation") from None
    except CitiesError as err:
        raise err.located(field=None) from None
    return tile_svg(found, turn, comps)


def usa_routes(puzzles: Puzzles, window: Window) -> list[Route]:
    """The routes, on the app's pool of generations and window of dates."""

    async def puzzle_of(request: Request, text: Any) -> UsaPuzzle:
        day = window.check(date_of(text))
        found: UsaPuzzle = await puzzles.get(day, lambda: hung_up(request), game="usa")
        return found

    @api
    async def daily(request: Request) -> Response:
        puzzle = await puzzle_of(request, request.path_params["date"])
        return JSONResponse(puzzle.to_json(solution=False))

    @api
    async def solution(request: Request) -> Response:
        puzzle = await puzzle_of(request, request.path_params["date"])
        return JSONResponse(await asyncio.to_thread(solution_json, puzzle))

    @api
    async def progress(request: Request) -> Response:
        day = window.check(date_of(request.path_params["date"]))
        return JSONResponse({"date": day.isoformat(), "progress": puzzles.progress(day, "usa")})

    @api
    async def score(request: Request) -> Response:
        return JSONResponse(await asyncio.to_thread(score_json, await body_json(request)))

    def on_state(key: str, answer: Callable[[Any, Any], dict[str, Any]]) -> endpoints.Handler:
        """A POST of ``{"state", key}`` answered by ``answer(state, body[key])``."""
        @api
        async def handler(request: Request) -> Response:
            data = await body_json(request)
            state, other = field(data, "state"), field(data, key)
            return JSONResponse(await asyncio.to_thread(answer, state, other))
        return handler

    @api
    async def grade(request: Request) -> Response:
        data = await body_json(request)  # the whole body is checked before any puzzle is made
        text, answer = field(data, "date"), answer_shape(field(data, "answer"))
        puzzle = await puzzle_of(request, text)
        return JSONResponse(await asyncio.to_thread(grade_json, puzzle, answer))

    @api
    async def view(request: Request) -> Response:
        data = await body_json(request)
        state = field(data, "state")
        puzzle = await puzzle_of(request, data["date"]) if "date" in data else None
        return JSONResponse(await asyncio.to_thread(view_json, state, puzzle))

    @api
    async def board(request: Request) -> Response:
        data = await body_json(request)
        if not isinstance(data, dict):
            raise BadRequest("expected a Cities USA city, pool or puzzle object", "body")
        return Response(await asyncio.to_thread(picture, data), media_type=SVG)

    @api
    async def tile(request: Request) -> Response:
        name = request.query_params.get("tile")
        if name is None:
            raise BadRequest("missing", "tile")
        rotation = request.query_params.get("rotation", "0")
        return Response(tile_picture(name, rotation), media_type=SVG,
                        headers={"Cache-Control": "max-age=86400"})

    return [
        Route("/api/usa/daily/{date}", daily),
        Route("/api/usa/progress/{date}", progress),
        Route("/api/usa/solution/{date}", solution),
        Route("/api/usa/score", score, methods=["POST"]),
        Route("/api/usa/check", on_state("action", check_json), methods=["POST"]),
        Route("/api/usa/moves", on_state("tile", moves_json), methods=["POST"]),
        Route("/api/usa/grade", grade, methods=["POST"]),
        Route("/api/usa/board", board, methods=["POST"]),
        Route("/api/usa/play", on_state("action", play_json), methods=["POST"]),
        Route("/api/usa/view", view, methods=["POST"]),
        Route("/api/usa/tile.svg", tile),
    ]
