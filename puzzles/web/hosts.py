"""Only requests naming this server are answered: the ``Host`` header is checked against
the allowed names (loopback names by default), so that a web page elsewhere cannot reach a
local server through a DNS name of its own (DNS rebinding).

>>> host_name("127.0.0.1:8000"), host_name("[::1]:80"), host_name("Example.org")
('127.0.0.1', '::1', 'example.org')
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

#: The names of this machine, always allowed.
LOOPBACK = ("localhost", "127.0.0.1", "::1")
#: Misdirected Request: this server does not answer for that name.
WRONG_HOST = 421


def host_name(header: str) -> str:
    """The name in a ``Host`` header, without its port, lower case."""
    header = header.strip().lower()
    if header.startswith("["):  # an IPv6 address: [::1]:8000
        return header[1:header.find("]")] if "]" in header else header
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


class HostCheck:
    """ASGI middleware: a request whose ``Host`` is not allowed gets 421 (a JSON error on
    ``/api``, a line of text elsewhere)."""

    def __init__(self, app: Any, allowed: Iterable[str] = LOOPBACK) -> None:
        self.app = app
        self.allowed = {host_name(h) for h in (*LOOPBACK, *allowed)}

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        name = host_name(headers.get(b"host", b"").decode("latin-1"))
        if name in self.allowed or name.endswith(".localhost"):
            await self.app(scope, receive, send)
            return
        message = (f"Host: {name or '(none)'} is not served here (cities serve "
                   "--allowed-host NAME adds a name)")
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        api = scope.get("path", "").startswith("/api/")
        body = (json.dumps({"error": message, "field": "Host"}) if api else message + "\n"
                ).encode("utf-8")
        await send({"type": "http.response.start", "status": WRONG_HOST, "headers": [
            (b"content-type", b"application/json" if api else b"text/plain; charset=utf-8"),
            (b"content-length", str(len(body)).encode()), (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})
