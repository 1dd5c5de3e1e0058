"""A real ``cities serve``, started as a process on a free loopback port, under the loads a
hostile client brings: abandoned requests for far dates (their generations stop), a half-sent
body (dropped after the read timeout), a wrong ``Host`` (421), SIGTERM and Ctrl-C (a quiet
stop, no process left).  The tests count live processes; they assert no timing.  Every wait
is bounded, and every server started is stopped."""

from __future__ import annotations

import select
import signal
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

import cli
from tests.support.server import (
    ARCHIVED,
    FAR,
    READ_TIMEOUT,
    Server,
    alive,
    read_to_end,
    request_head,
    serving,
    wait_for,
)

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serving(tmp_path_factory.mktemp("cache"), "--any-date", "--read-timeout",
                 str(READ_TIMEOUT)) as srv:
        yield srv
        code, err = srv.stop()
        assert "Traceback" not in err


def test_abandoned_generations_are_queued_one_at_a_time_and_killed(server: Server) -> None:
    clients = [server.send(request_head(f"/api/daily/{day}")) for day in FAR]
    try:
        wait_for(server.makers, 60, "a generation starts")
        status, _ = server.get(f"/api/daily/{ARCHIVED}")
        assert status == 200
        status, _ = server.get("/api/moves", body={"state": {"mat": "canal"}, "tile": "F"})
        assert status == 200  # a rules endpoint answers too
        places = [server.get(f"/api/progress/{day}")[1]["progress"] for day in FAR]
        assert sum("place" in p for p in places) >= len(FAR) - 2, places
        assert len(server.makers()) == 1, "one generation at a time, still running meanwhile"
    finally:
        for sock in clients:
            sock.close()
    wait_for(lambda: not server.makers(), 20, "no generation is left once every client left")
    progress = [server.get(f"/api/progress/{day}")[1]["progress"] for day in FAR]
    assert set(progress) <= {"", "ready"}, progress  # none under way or queued


def test_a_check_with_a_bad_answer_is_refused_before_any_generation(server: Server) -> None:
    status, reply = server.get("/api/check", body={"date": FAR[0], "answer": 5})
    assert status == 400 and reply["field"] == "answer"
    status, reply = server.get("/api/board", body={"date": FAR[1], "placed": 5})
    assert status == 400 and reply["field"] == "placed"
    assert not server.makers()


def test_a_half_sent_body_is_dropped_after_the_read_timeout(server: Server) -> None:
    sock = server.send(request_head("/api/check", 500) + b'{"date": "')
    with sock:
        reply = read_to_end(sock, 30)  # the server closes it; recv would raise on a hang
    assert reply.startswith(b"HTTP/1.1 408")
    silent = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    with silent:  # nothing sent at all: dropped too
        assert read_to_end(silent, 30) == b""
    slow = server.send(b"GET /api/today HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    with slow:  # a head that never ends
        assert read_to_end(slow, 30).startswith(b"HTTP/1.1 408")
    assert server.get("/api/today")[0] == 200


def test_connections_beyond_the_cap_get_a_503(tmp_path: Path) -> None:
    with serving(tmp_path, "--connections", "5", "--read-timeout", "60") as server:
        held = [server.send(b"") for _ in range(6)]  # idle: held until the read timeout
        try:  # whichever the server took in last is refused; the five others are held
            refused = wait_for(lambda: [s for s in held if _answered(s)], 30, "a 503")
            assert len(refused) == 1 and read_to_end(refused[0], 10).startswith(b"HTTP/1.1 503")
            time.sleep(0.5)
            assert [s for s in held if _answered(s)] == refused
        finally:
            for sock in held:
                sock.close()
        wait_for(lambda: server.get("/api/today")[0] == 200, 20, "served again")
        server.stop()


def _answered(sock: socket.socket) -> bool:
    readable, _, _ = select.select([sock], [], [], 0)
    return bool(readable)


def test_a_wrong_host_is_refused(server: Server) -> None:
    status, body = server.get("/api/today", host="evil.example")
    assert status == 421 and body["field"] == "Host"
    assert server.get("/api/today", host=f"localhost:{server.port}")[0] == 200


def test_an_empty_host_is_refused_in_one_line() -> None:
    result = CliRunner().invoke(cli.app, ["serve", "--host", "", "--port", "0"])
    assert result.exit_code == 2 and "--host" in result.stderr
    assert result.stderr.count("\n") == 1


@pytest.mark.parametrize("sig,times,code", [(signal.SIGTERM, 1, 0), (signal.SIGINT, 1, 130),
                                            (signal.SIGINT, 2, 130)],
                         ids=["SIGTERM", "Ctrl-C", "Ctrl-C twice"])
def test_a_signal_stops_the_server_quietly_leaving_no_process(
        tmp_path: Path, sig: int, times: int, code: int) -> None:
    with serving(tmp_path, "--any-date", "--read-timeout", "60") as server:
        waiting = server.send(request_head(f"/api/daily/{FAR[0]}"))
        half_sent = server.send(request_head("/api/check", 500) + b"{")
        with waiting, half_sent:
            makers = wait_for(server.makers, 60, "a generation starts")
            for _ in range(times - 1):
                server.process.send_signal(sig)
            status, err = server.stop(sig)
            assert read_to_end(waiting, 10).startswith(b"HTTP/1.1 503")  # told, not hung
        assert status == code and err == "", err
        wait_for(lambda: not any(alive(pid) for pid in makers), 10, "the maker is gone")
