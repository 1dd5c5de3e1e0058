"""The Table mode's long work (solves, advice, bot turns), each in a process of its own.

A job is one JSON task run by ``python -m puzzles.web.table_worker PARENT`` (the task on its
standard input, one JSON line per event on its standard output: ``{"progress": ...}``, then
``{"result": ...}`` or ``{"error": ..., "field": ...}``).  At most ``slots`` jobs run at once
(the server's cap on concurrent solves); at most ``queue`` more wait for a slot, in the order
they came, and a request beyond those is refused with a 503.  A job lives as long as its client
reads: when the client hangs up (the page's Stop aborts the request, or the page was closed),
its process is killed, with whatever it started (its own session).  A worker also dies with
the server (``die_with_parent``).  Nor does a job outlive its time: it is killed ``GRACE``
seconds past its task's ``time_limit`` (``UNTIMED`` for a task without one), the job's error
saying so.  A check whose work has no bound of its own (a Cities USA city's order of play, an
exponential search on a hostile city) therefore runs in a job, never in a request.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sys
from collections.abc import AsyncIterator
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse

from puzzles.web.endpoints import BadRequest, hung_up, json_error

NDJSON = "application/x-ndjson"
SLOTS = 1  # jobs running at once: each takes a core (a solve runs one CP-SAT worker)
QUEUE = 8  # jobs waiting for a slot; more are refused (503)
# Past the time limit: starting Python and OR-Tools, reading and checking the input (a city's
# order of play), checking the answer found; a solve itself ends on its time limit.
GRACE = 20.0
UNTIMED = 300.0  # the limit of a task with none (an advice, a game's turn): the longest solve
OVERRUN = 422  # a job killed past its time: the input asked for more work than it allows


def job_seconds(task: dict[str, Any]) -> float:
    """How long a job of ``task`` may run, from its process's start."""
    limit = task.get("time_limit")
    return (limit if isinstance(limit, int | float) else UNTIMED) + GRACE


def overrun(task: dict[str, Any]) -> dict[str, Any]:
    """The error of a job killed past its time (``job_seconds``)."""
    limit = task.get("time_limit")
    given = f"its time limit of {limit:g} s" if isinstance(limit, int | float) else \
        f"the server's limit of {UNTIMED:g} s"
    why = " (the city's order of play, or the solve, was not settled in that time)" \
        if "state" in task and task.get("kind") == "usa-solve" else ""
    return {"error": f"stopped: the work did not end within {given} and {GRACE:g} s more "
                     f"to start and check the input and the answer{why}",
            "field": None, "status": OVERRUN}


class Jobs:
    """The bounded pool of job processes (module doc)."""

    def __init__(self, slots: int = SLOTS, queue: int = QUEUE) -> None:
        self.slots, self.queue = slots, queue
        self.waiting = 0
        self.processes: set[asyncio.subprocess.Process] = set()
        self._free: asyncio.Semaphore | None = None

    @property
    def running(self) -> int:
        return len(self.processes)

    def _semaphore(self) -> asyncio.Semaphore:
        if self._free is None:  # made on the server's own event loop
            self._free = asyncio.Semaphore(self.slots)
        return self._free

    def admit(self) -> None:
        """Refuse a job when the queue is full (before the body's work is started)."""
        if self.waiting >= self.queue + self.slots:
            raise BadRequest(f"the server is busy ({self.running} jobs running, "
                             f"{self.waiting - self.running} waiting): try again soon",
                             None, 503)

    async def events(self, task: dict[str, Any]) -> AsyncIterator[dict[str, Any]]:
        """The job's events, as they come; its process is killed however this ends."""
        free = self._semaphore()
        self.waiting += 1
        try:
            if free.locked():
                yield {"progress": {"waiting": self.waiting - self.running}}
            async with free:
                process = await asyncio.create_subprocess_exec(
                    sys.executable, "-m", "puzzles.web.table_worker", str(os.getpid()),
                    stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                    stderr=asyncio.subprocess.DEVNULL, start_new_session=True,
                    limit=1 << 22)
                self.processes.add(process)
                try:
                    assert process.stdin is not None and process.stdout is not None
                    process.stdin.write(json.dumps(task).encode() + b"\n")
                    await process.stdin.drain()
                    process.stdin.close()
                    ended = False
                    loop = asyncio.get_running_loop()
                    deadline = loop.time() + job_seconds(task)
                    while True:
                        try:
                            line = await asyncio.wait_for(process.stdout.readline(),
                                                          deadline - loop.time())
                        except TimeoutError:
                            yield overrun(task)
                            return  # killed below
                        if not line:
                            break
                        with contextlib.suppress(ValueError):
                            event = json.loads(line)
                            if isinstance(event, dict):
                                ended = "progress" not in event
                                yield event
                    with contextlib.suppress(TimeoutError):  # its output ended: it is ending
                        await asyncio.wait_for(process.wait(), max(1.0, deadline - loop.time()))
                    if not ended:
                        yield {"error": f"internal error (the job stopped with exit status "
                                        f"{process.returncode})", "field": None, "status": 500}
                finally:
                    self.processes.discard(process)
                    kill(process)
                    with contextlib.suppress(ProcessLookupError):
                        await asyncio.shield(process.wait())
        finally:
            self.waiting -= 1

    async def answer(self, request: Request, task: dict[str, Any], stream: bool) -> Response:
        """The job's answer: its result alone (as the CLI's ``--json``), or with ``stream``
        every event as a line of JSON (progress first, the result or error last)."""
        self.admit()
        if stream:
            async def lines() -> AsyncIterator[bytes]:
                async for event in self.events(task):
                    event.pop("status", None)
                    yield (json.dumps(event) + "\n").encode()
            return StreamingResponse(lines(), media_type=NDJSON, headers={
                "Cache-Control": "no-store", "X-Accel-Buffering": "no"})  # each line at once
        last: dict[str, Any] = {}

        async def follow() -> None:
            nonlocal last
            async for event in self.events(task):
                last = event
        work, gone = asyncio.ensure_future(follow()), asyncio.ensure_future(hung_up(request))
        try:
            await asyncio.wait({work, gone}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for job in (work, gone):
                job.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await work  # the process is killed and reaped before the answer goes
        if "result" in last:
            return JSONResponse(last["result"])
        if "error" in last:
            return json_error(str(last["error"]), last.get("field"), int(last.get("status", 400)))
        return json_error("the client went away", None, 499)

    def kill_all(self) -> None:
        for process in list(self.processes):
            kill(process)


def kill(process: asyncio.subprocess.Process) -> None:
    """Kill a job and whatever it started (its own session)."""
    if process.returncode is not None:
        return
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(ProcessLookupError):
        process.kill()
