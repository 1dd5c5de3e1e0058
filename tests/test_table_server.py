"""The Table mode's long work on a real ``cities serve``: a solve runs in a process of its
own, one at a time, and a client that hangs up (the page's Stop) leaves no process running.
The tests count live child processes; they assert no timing."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from puzzles.web.table_jobs import GRACE
from tests.support.hostile_usa import hostile_finish
from tests.support.server import Server, children, job_processes, serving, wait_for

pytestmark = pytest.mark.slow

EXAMPLES = Path(__file__).parent.parent / "examples"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serving(tmp_path_factory.mktemp("cache")) as srv:
        yield srv
        code, err = srv.stop()
        assert "Traceback" not in err


def post(server: Server, path: str, body: object) -> socket.socket:
    data = json.dumps(body).encode()
    head = (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(data)}\r\n\r\n").encode()
    return server.send(head + data)


def box_solve(stream: bool) -> dict[str, object]:
    """The best finish of a city from any tiles of the box: minutes of work, at least."""
    state = json.loads((EXAMPLES / "state-river-bend.json").read_text())
    return {"state": state, "tiles": "box", "time_limit": 300, "stream": stream}


def usa_finish(stream: bool) -> dict[str, object]:
    """The best finish of a Cities USA 5x5 city begun with its starting tile, from every city
    tile of the box: minutes of work, at least."""
    state = {"game": "cities-usa", "size": [5, 5],
             "tiles": [{"tile": "start-1", "at": [2, 2], "rotation": 0}]}
    return {"state": state, "tiles": [f"city-{i:02d}" for i in range(1, 33)],
            "time_limit": 300, "stream": stream}


def usa_hostile(stream: bool) -> dict[str, object]:
    """The best finish of a city whose order of play takes the search far past any limit."""
    return hostile_finish(300, stream)


SOLVES = {"twocities": ("/api/table/solve", box_solve),
          "usa": ("/api/table/usa/solve", usa_finish),
          "usa-hostile": ("/api/table/usa/solve", usa_hostile)}


@pytest.mark.parametrize("kind", SOLVES)
@pytest.mark.parametrize("stream", [True, False], ids=["streamed", "plain"])
def test_a_solve_whose_client_hangs_up_leaves_no_process(server: Server, stream: bool,
                                                         kind: str) -> None:
    path, body = SOLVES[kind]
    client = post(server, path, body(stream))
    try:
        wait_for(lambda: children(server.process.pid), 60, "the solve's process starts")
        if stream:
            client.settimeout(60)
            assert b"200 OK" in client.recv(4096)
    finally:
        client.close()  # the page's Stop: the request is aborted
    wait_for(lambda: not children(server.process.pid), 30, "no process left")


def test_solves_run_one_at_a_time_and_a_waiting_one_says_so(server: Server) -> None:
    first = post(server, "/api/table/solve", box_solve(True))
    second = None
    try:
        wait_for(lambda: children(server.process.pid), 60, "the first solve starts")
        second = post(server, "/api/table/solve", box_solve(True))
        second.settimeout(60)
        got = b""
        while b"waiting" not in got:
            chunk = second.recv(4096)
            assert chunk, "the second solve's stream ended"
            got += chunk
        jobs = job_processes(server.process.pid)
        assert len(jobs) == 1
    finally:
        first.close()
        if second is not None:
            second.close()
    wait_for(lambda: not children(server.process.pid), 30, "no process left")


def test_a_hostile_city_blocks_no_request_and_ends_at_its_time_limit(server: Server) -> None:
    """The hostile city's order search runs in the job: the finish's answer starts at once,
    the server answers other requests meanwhile, and the job ends with its refusal at the
    solve's time limit (the search alone would take minutes)."""
    client = post(server, "/api/table/usa/solve", hostile_finish(1, True))
    try:
        client.settimeout(60)
        got = client.recv(4096)
        assert b"200 OK" in got
        wait_for(lambda: children(server.process.pid), 60, "the job's process starts")
        assert server.get("/api/table/usa/setup")[0] == 200  # the server is not held up
        client.settimeout(GRACE + 60)
        while b"\r\n0\r\n\r\n" not in got:  # the stream's last chunk
            chunk = client.recv(4096)
            assert chunk, got[-300:]
            got += chunk
        events = [json.loads(line) for line in got.split(b"\r\n\r\n", 1)[1].splitlines()
                  if line.startswith(b"{")]
        last = events[-1]
        assert last["field"] == "state.tiles", last
        assert "no order of play was settled within the time limit of 1 s" in last["error"]
    finally:
        client.close()
    wait_for(lambda: not children(server.process.pid), 30, "no process left")
