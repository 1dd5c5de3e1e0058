"""``cities serve``: the web app under uvicorn, bounded against slow and greedy clients.

Every connection must send its whole request (head and body) within ``read_timeout``
seconds of its first byte (or of connecting): a half-sent request is dropped (with a 408
when part of it came and no answer was started), a connection that sends nothing too.  At
most ``connections`` connections are open at once; one more gets a 503 and is closed before
anything is read.  An idle kept-alive connection is closed after ``KEEP_ALIVE`` seconds; a
request head is at most ``MAX_HEAD`` bytes (h11's limit).
SIGTERM and Ctrl-C stop the server within a second or two: the puzzles being made are
killed first, then the open requests are answered or dropped.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import signal
import socket
from dataclasses import dataclass
from types import FrameType
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from puzzles.web.app import create_app
from puzzles.web.hosts import LOOPBACK
from solver.common.errors import CitiesError

READ_TIMEOUT = 10.0
"""Seconds a client has to send a whole request (``cities serve --read-timeout``)."""
CONNECTIONS = 100
"""Connections open at once (``cities serve --connections``)."""
KEEP_ALIVE = 5
"""Seconds an idle kept-alive connection stays open."""
MAX_HEAD = 16_384
"""The largest request head (request line and headers), in bytes."""
GRACE = 1
"""Seconds open requests get to finish when the server is told to stop."""


@dataclass(frozen=True)
class Settings:
    """What ``cities serve`` was told."""

    host: str = "127.0.0.1"
    port: int = 8000
    any_date: bool = False
    generations: int = 1
    allowed_hosts: tuple[str, ...] = ()
    read_timeout: float = READ_TIMEOUT
    connections: int = CONNECTIONS
    prepare: bool = True


def bounded_protocol(read_timeout: float, connections: int) -> type[H11Protocol]:
    """uvicorn's HTTP/1.1 protocol with a deadline on each request and a cap on connections."""

    class Bounded(H11Protocol):
        _deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: Any) -> None:  # type: ignore[override]
            super().connection_made(transport)
            if len(self.connections) > connections:
                transport.write(_status_only(503, "Service Unavailable"))
                transport.close()
                return
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if self.conn.their_state is h11.IDLE:  # a request begins: it has until the deadline
                self._arm()
            super().data_received(data)
            if self.conn.their_state not in (h11.IDLE, h11.SEND_BODY):
                self._disarm()

        def _arm(self) -> None:
            if self._deadline is None:
                self._deadline = self.loop.call_later(read_timeout, self._too_slow)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_slow(self) -> None:
            self._deadline = None
            if self.transport.is_closing():
                return
            if self.conn.their_state not in (h11.IDLE, h11.SEND_BODY):
                return
            begun = self.conn.their_state is h11.SEND_BODY or bool(self.conn.trailing_data[0])
            if begun and self.conn.our_state in (h11.IDLE, h11.SEND_RESPONSE) and (
                    self.cycle is None or not self.cycle.response_started):
                self.transport.write(_status_only(408, "Request Timeout"))
            self.transport.close()

    return Bounded


def _status_only(status: int, reason: str) -> bytes:
    return (f"HTTP/1.1 {status} {reason}\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"
            ).encode("ascii")


class _Server(uvicorn.Server):
    """uvicorn's server, stopping at once and quietly: the puzzles being made are killed and
    the requests still arriving dropped as the signal arrives, and the signal is not raised
    again after the shutdown."""

    def __init__(self, config: uvicorn.Config, app: Any) -> None:
        super().__init__(config)
        self.app = app
        self.stopped_by: int | None = None

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        self.stopped_by = sig
        puzzles = self.app.state.puzzles
        puzzles.kill_all()
        loop = getattr(self, "_loop", None)
        if loop is not None:
            loop.call_soon_threadsafe(self._drop_unfinished)
            loop.call_soon_threadsafe(lambda: asyncio.ensure_future(puzzles.stop()))
        # A second signal changes nothing: the stop is bounded already (GRACE), and uvicorn's
        # forced exit would cancel the app's lifespan midway, with a traceback.
        self.should_exit = True

    def _drop_unfinished(self) -> None:
        """Close the connections still sending a request: nothing is left to wait for."""
        for connection in list(self.server_state.connections):
            conn, transport = getattr(connection, "conn", None), connection.transport
            if conn is not None and conn.their_state in (h11.IDLE, h11.SEND_BODY) \
                    and not transport.is_closing():
                transport.close()

    async def serve(self, sockets: list[socket.socket] | None = None) -> None:
        self._loop = asyncio.get_running_loop()
        await super().serve(sockets)


def _not_a_cancellation(record: logging.LogRecord) -> bool:
    """Tasks cancelled by a forced stop (Ctrl-C twice) are not errors: no traceback."""
    error = record.exc_info[1] if record.exc_info else None
    return not isinstance(error, asyncio.CancelledError)


def check_settings(settings: Settings) -> None:
    """Refuse, in one line, what cannot be served; try the address before anything starts."""
    if not settings.host.strip():
        raise CitiesError("give an address to listen on (127.0.0.1: this machine only; "
                          "0.0.0.0: every interface)", field="--host")
    if settings.generations < 1:
        raise CitiesError("at least 1 puzzle made at a time", field="--generations")
    if not settings.read_timeout > 0 or settings.read_timeout > 3600:
        raise CitiesError("a number of seconds above 0, at most 3600", field="--read-timeout")
    if settings.connections < 1:
        raise CitiesError("at least 1 connection", field="--connections")
    for name in settings.allowed_hosts:
        if not name.strip() or any(c in name for c in "/ \t@"):
            raise CitiesError(f"{name!r} is not a host name", field="--allowed-host")
    try:  # say plainly when the address is taken or unknown (uvicorn would log and exit 1)
        with socket.create_server((settings.host, settings.port)):
            pass
    except OSError as err:
        raise CitiesError(f"cannot listen on {settings.host}:{settings.port}: "
                          f"{err.strerror or err}",
                          field="--host" if isinstance(err, socket.gaierror) else "--port"
                          ) from None


def allowed_names(settings: Settings) -> tuple[str, ...]:
    """Loopback names, the names given, and the address listened on when it is one host's."""
    names = [*LOOPBACK, *settings.allowed_hosts]
    if settings.host not in ("0.0.0.0", "::"):
        names.append(settings.host)
    return tuple(names)


def serve(settings: Settings, say: Any = print,
          today: Any = dt.date.today) -> int:
    """Run the server until SIGTERM or Ctrl-C; the exit status (130 after Ctrl-C)."""
    check_settings(settings)
    app = create_app(today, any_date=settings.any_date, generations=settings.generations,
                     allowed_hosts=allowed_names(settings), prepare=settings.prepare)
    config = uvicorn.Config(
        app, host=settings.host, port=settings.port, log_level="warning",
        http=bounded_protocol(settings.read_timeout, settings.connections),
        limit_concurrency=settings.connections + 1,  # uvicorn counts the one asking too
        timeout_keep_alive=KEEP_ALIVE,
        h11_max_incomplete_event_size=MAX_HEAD, timeout_graceful_shutdown=GRACE,
        lifespan="on", ws="none")
    logging.getLogger("uvicorn.error").addFilter(_not_a_cancellation)
    server = _Server(config, app)
    shown = f"[{settings.host}]" if ":" in settings.host else settings.host
    say(f"cities: the daily puzzle at http://{shown}:{settings.port}/  (Ctrl+C stops)")
    server.run()
    return 130 if server.stopped_by == signal.SIGINT else 0
