"""The rules engine's two questions as endpoints, shared by the daily page and the Table:
may this tile go there (``cities check --json``), and where may it go (``cities moves
--json``).  A body is ``{"state", "tile"}`` (plus ``"at"`` for a verdict), and ``"city"``
(1-based) when the state is a game file."""

from __future__ import annotations

import asyncio

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from puzzles.web import board as boards
from puzzles.web.endpoints import api, body_json, field


@api
async def verdict(request: Request) -> Response:
    data = await body_json(request)
    state, tile, at = field(data, "state"), field(data, "tile"), field(data, "at")
    return JSONResponse(await asyncio.to_thread(boards.verdict_json, state, tile, at,
                                                data.get("city")))


@api
async def moves(request: Request) -> Response:
    data = await body_json(request)
    state, tile = field(data, "state"), field(data, "tile")
    return JSONResponse(await asyncio.to_thread(boards.moves_json, state, tile,
                                                data.get("city")))
