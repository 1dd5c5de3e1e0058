"""The Table page's work is bounded: a request thread runs nothing whose work the body's size
does not bound (a Cities USA city's order of play, an exponential search on a hostile city,
runs in the best finish's job), and a job is killed past its time limit, its error saying so.
No timing is asserted: the order search is made to fail loudly if a request runs it, and the
job's deadline is shortened."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from puzzles.web import table_jobs
from puzzles.web.table import table_routes
from puzzles.web.table_jobs import Jobs, job_seconds
from solver.usa.rules import order
from tests.support.hostile_usa import hostile_city, hostile_finish
from tests.support.server import job_processes

LOCAL = "http://127.0.0.1"


class HeldJobs(Jobs):
    """Jobs that run nothing: each answers the task it was given."""

    async def events(self, task: dict[str, Any]) -> AsyncIterator[dict[str, Any]]:
        yield {"result": task}


def _no_search(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("the order of play was searched in the request")


@pytest.mark.parametrize("stream", [False, True], ids=["plain", "streamed"])
def test_a_best_finish_request_searches_no_order_of_play(monkeypatch: pytest.MonkeyPatch,
                                                         stream: bool) -> None:
    monkeypatch.setattr(order._Search, "order", _no_search)
    client = TestClient(Starlette(routes=table_routes(HeldJobs())), base_url=LOCAL)
    response = client.post("/api/table/usa/solve", json=hostile_finish(5, stream))
    assert response.status_code == 200, response.text[:300]
    task = response.json()["result"] if stream else response.json()
    assert task["kind"] == "usa-solve" and task["state"] == hostile_city()
    assert task["time_limit"] == 5


def test_a_job_lasts_its_time_limit_and_the_grace_at_most() -> None:
    assert job_seconds({"time_limit": 5}) == 5 + table_jobs.GRACE
    assert job_seconds({"kind": "usa-game-turn"}) == table_jobs.UNTIMED + table_jobs.GRACE


def _events(jobs: Jobs, task: dict[str, Any]) -> list[dict[str, Any]]:
    async def run() -> list[dict[str, Any]]:
        return [event async for event in jobs.events(task)]
    return asyncio.run(run())


def test_a_hostile_city_is_refused_at_its_time_limit() -> None:
    """The hostile city's best finish runs in a real job process; the order search stops at
    the solve's time limit (minutes otherwise) and the job answers its refusal."""
    jobs = Jobs()
    last = _events(jobs, {"kind": "usa-solve", "time_limit": 0.5, "state": hostile_city(),
                          "to_come": {"tiles": []}})[-1]
    assert last["field"] == "state.tiles", last
    assert "no order of play was settled within the time limit of 0.5 s" in last["error"]
    assert jobs.running == 0 and not job_processes()


def test_a_job_past_its_deadline_is_killed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever a job does, it ends at its deadline (here cut to 1 s, while the hostile
    city's order search runs towards its 60 s limit), and says so."""
    monkeypatch.setattr(table_jobs, "job_seconds", lambda task: 1.0)
    jobs = Jobs()
    last = _events(jobs, {"kind": "usa-solve", "time_limit": 60, "state": hostile_city(),
                          "to_come": {"tiles": []}})[-1]
    assert last["status"] == table_jobs.OVERRUN, last
    assert last["error"].startswith("stopped: the work did not end within its time limit "
                                    "of 60 s and 20 s more"), last
    assert "order of play" in last["error"]
    assert jobs.running == 0 and not job_processes()
