"""What every endpoint of the web app shares (either game's): JSON errors naming the field,
bodies read whole and bounded, dates and the window of dates served, and a client hanging up.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response

from puzzles.archive import ARCHIVE_DIR, INDEX
from puzzles.common.days import parse_date
from puzzles.web.pool import Abandoned
from solver.common.errors import CitiesError
from solver.common.jsonio import parse_json_text

MAX_BODY = 64_000  # bytes: a finished city with placements is about 2 kB
SVG = "image/svg+xml"

Handler = Callable[[Request], Awaitable[Response]]


class BadRequest(Exception):
    def __init__(self, message: str, field: str | None = None, status: int = 400):
        super().__init__(message)
        self.message, self.field, self.status = message, field, status


def json_error(message: str, field: str | None, status: int) -> JSONResponse:
    return JSONResponse({"error": " ".join(message.split()), "field": field}, status)


def api(handler: Handler) -> Handler:
    """Bad input becomes a 4xx JSON error naming the field; never a traceback."""
    async def wrapped(request: Request) -> Response:
        try:
            return await handler(request)
        except CitiesError as err:
            return json_error(str(err), err.field, 400)
        except BadRequest as err:
            return json_error(f"{err.field}: {err.message}" if err.field else err.message,
                          err.field, err.status)
        except Abandoned:  # nobody reads this answer; a server stopping says so
            return json_error("the puzzle was not made: the server is stopping", "date", 503)
        except HTTPException:
            raise
        except Exception as err:  # a bug, not bad input: say so, without a traceback
            return json_error(f"internal error ({type(err).__name__})", None, 500)
    return wrapped


async def body_json(request: Request) -> Any:
    """The request body as JSON, at most MAX_BODY bytes (413 beyond), bounded in depth."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
        raise BadRequest(f"request body larger than {MAX_BODY} bytes", "body", 413)
    data = b""
    try:
        async for chunk in request.stream():
            data += chunk
            if len(data) > MAX_BODY:
                raise BadRequest(f"request body larger than {MAX_BODY} bytes", "body", 413)
    except ClientDisconnect:  # dropped by the server's read timeout, or the client left
        raise BadRequest("the body did not arrive in time", "body", 408) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadRequest("not UTF-8 text", "body") from None
    try:
        return parse_json_text(text, "body")
    except CitiesError as err:
        raise BadRequest(err.message, "body") from None


def only_keys(data: Any, *allowed: str) -> None:
    """Refuse a body key no endpoint reads (a misspelt ``"feature"`` would be ignored)."""
    unknown = sorted(set(data) - set(allowed)) if isinstance(data, dict) else []
    if unknown:
        raise BadRequest(f"unknown key (expected {', '.join(allowed)})", unknown[0][:40])


def field(data: Any, key: str) -> Any:
    if not isinstance(data, dict):
        raise BadRequest("expected a JSON object", "body")
    if key not in data:
        raise BadRequest("missing", key)
    return data[key]


# --- dates: the window served -----------------------------------------------


class Window:
    """The dates served: from the shipped archive's first date to tomorrow (``any_date``:
    every date), so that no crawler can start work on dates nobody plays."""

    def __init__(self, today: Callable[[], dt.date], any_date: bool) -> None:
        self.today, self.any_date = today, any_date
        dates = shipped_dates()
        self.first = dt.date.fromisoformat(dates[0]) if dates else dt.date.min

    def last(self) -> dt.date:
        return self.today() + dt.timedelta(days=1)

    def check(self, day: dt.date, name: str = "date") -> dt.date:
        if not self.any_date and not self.first <= day <= self.last():
            raise BadRequest(f"no puzzle for {day}: this server serves {self.first} to "
                             f"{self.last()}", name, 404)
        return day


async def hung_up(request: Request) -> None:
    """Finishes when the client hangs up (the body was read already, or there is none)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


def date_of(text: Any, name: str = "date") -> dt.date:
    if not isinstance(text, str):
        raise BadRequest("expected a date YYYY-MM-DD", name)
    return parse_date(text, field=name)


def shipped_dates() -> list[str]:
    return sorted(p.stem for p in ARCHIVE_DIR.glob("????-??-??.json"))


def shipped_kinds() -> dict[str, str]:
    """Each shipped date's kind of puzzle, from the archive's index (none when it is absent)."""
    try:
        index = parse_json_text((ARCHIVE_DIR / INDEX).read_text("utf-8"), INDEX)
        return {e["date"]: e["kind"] for e in index["puzzles"]}
    except (OSError, CitiesError, KeyError, TypeError):
        return {}
