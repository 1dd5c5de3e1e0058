"""A real ``cities serve`` as a process on a free loopback port, and what its tests count: its
live child processes (no timing is asserted; every wait is bounded)."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).parent.parent
ARCHIVED = "2026-12-01"
#: Far dates nobody has made: each is a generation of tens of seconds at least.
FAR = [f"2041-03-{day:02d}" for day in range(3, 11)]
READ_TIMEOUT = 1.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def children(pid: int) -> list[int]:
    """Every live descendant of ``pid`` (psutil when it is there, else /proc)."""
    try:
        import psutil
    except ImportError:
        return _proc_children(pid)
    try:
        kids = psutil.Process(pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []
    return [k.pid for k in kids if k.is_running() and k.status() != psutil.STATUS_ZOMBIE]


def job_processes(pid: int | None = None) -> list[int]:
    """The Table's job processes under ``pid`` (default: this process, whose test server
    runs in a thread)."""
    def is_job(kid: int) -> bool:
        try:
            return b"table_worker" in Path(f"/proc/{kid}/cmdline").read_bytes()
        except OSError:
            return False
    return [k for k in children(os.getpid() if pid is None else pid) if is_job(k)]


def _proc_children(pid: int) -> list[int]:
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                if fields[0] != "Z":
                    parents[int(entry.name)] = int(fields[1])
    found, todo = [], [pid]
    while todo:
        parent = todo.pop()
        kids = [p for p, pp in parents.items() if pp == parent]
        found += kids
        todo += kids
    return found


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def wait_for(test: Callable[[], Any], seconds: float, what: str) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = test()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"not within {seconds} s: {what}")


class Server:
    def __init__(self, process: subprocess.Popen[bytes], port: int) -> None:
        self.process, self.port = process, port
        self.base = f"http://127.0.0.1:{port}"

    def get(self, path: str, host: str | None = None, timeout: float = 30,
            body: Any = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data)
        if host is not None:
            request.add_header("Host", host)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as err:
            return err.code, json.loads(err.read() or b"null")

    def makers(self) -> list[int]:
        return children(self.process.pid)

    def send(self, raw: bytes) -> socket.socket:
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=30)
        sock.sendall(raw)
        return sock

    def stop(self, sig: int = signal.SIGTERM) -> tuple[int, str]:
        if self.process.poll() is None:
            self.process.send_signal(sig)
        try:
            _, err = self.process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            _, err = self.process.communicate()
            raise AssertionError("the server did not stop within 20 s") from None
        return self.process.returncode, err.decode(errors="replace")


@contextlib.contextmanager
def serving(cache: Path, *options: str) -> Iterator[Server]:
    port = free_port()
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    process = subprocess.Popen(
        [sys.executable, "-m", "cli", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--no-prepare", *options],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    server = Server(process, port)
    try:
        def up() -> bool:
            assert process.poll() is None, "the server ended at once"
            with contextlib.suppress(OSError):
                return server.get("/api/today", timeout=2)[0] == 200
            return False
        wait_for(up, 60, "the server answers")
        yield server
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def request_head(path: str, body: int = 0, host: str = "127.0.0.1") -> bytes:
    method = "POST" if body else "GET"
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}"]
    if body:
        lines += [f"Content-Length: {body}", "Content-Type: application/json"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def read_to_end(sock: socket.socket, seconds: float) -> bytes:
    sock.settimeout(seconds)
    data = b""
    while True:
        chunk = sock.recv(4096)
        if not chunk:
            return data
        data += chunk
