"""The server's puzzles: from the archive or the cache at once, or made in a bounded pool.

Both games' daily puzzles go through the one pool (``game`` is ``twocities`` or ``usa``), so
the bound is on all of the server's generations.  A date in neither the shipped archive nor
the cache is made by a process of its own
(``puzzles.web.maker``), at most ``slots`` at a time (one by default); the others wait in a
queue, in the order they were asked for.  The request threads never run a generation, so
archived dates and the rules endpoints stay instant while one runs.  A generation lives as
long as some request waits for it: when the last one leaves (the page was closed), it is
taken off the queue, or its process is killed.  Dates prepared ahead (today's, tomorrow's)
are made even with nobody waiting.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import json
import os
import signal
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from puzzles.archive import archived, cache_dir
from puzzles.puzzle import Puzzle, puzzle_from_json
from puzzles.usa.archive import archived_usa, cached_usa, usa_cache_dir
from puzzles.usa.puzzle import UsaPuzzle, usa_puzzle_from_json
from solver.common.errors import CitiesError
from solver.common.jsonio import TEMP_SUFFIX

Daily = Puzzle | UsaPuzzle


class Abandoned(Exception):
    """Nobody waits for the answer any more (the client hung up)."""


@dataclass(eq=False)
class Generation:
    """One date being made (or queued): who waits for it, and what it is doing."""

    day: dt.date
    done: asyncio.Future[Daily]
    game: str = "twocities"
    keep: bool = False  # made even when nobody waits (prepared ahead)
    waiting: int = 0
    progress: str = "waiting for its turn"
    process: asyncio.subprocess.Process | None = None
    task: asyncio.Task[None] | None = field(default=None, repr=False)


def stored(day: dt.date, game: str = "twocities") -> Daily | None:
    """The date's puzzle from the shipped archive or the cache, if either has it."""
    if game == "usa":
        return archived_usa(day) or cached_usa(day)
    return archived(day) or archived(day, cache_dir())


class Puzzles:
    """Each date's puzzle, made at most once per server, ``slots`` generations at a time."""

    def __init__(self, slots: int = 1) -> None:
        if slots < 1:
            raise ValueError("at least one generation at a time")
        self.slots = slots
        self._ready: dict[tuple[str, dt.date], Daily] = {}
        self._making: dict[tuple[str, dt.date], Generation] = {}
        self._queue: list[Generation] = []

    # --- what the endpoints call ----------------------------------------------------------

    async def get(self, day: dt.date, gone: Callable[[], Awaitable[Any]] | None = None,
                  game: str = "twocities") -> Any:
        """The date's puzzle; made (or waited for) if need be.  ``gone()`` (called only when
        a generation is waited for) finishes when the caller stops waiting, its client hung
        up: then ``Abandoned`` is raised, and the generation stops if nobody else waits."""
        key = (game, day)
        found = await self._stored(key) or self._ready.get(key)  # (made while it looked)
        if found is not None:
            return found
        job = self._making.get(key) or self._start(key)
        job.waiting += 1
        watcher = asyncio.ensure_future(gone()) if gone is not None else None
        try:
            waits: set[asyncio.Future[Any]] = {job.done}
            if watcher is not None:
                waits.add(watcher)
            await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        finally:
            job.waiting -= 1
            if watcher is not None:
                watcher.cancel()
            if job.waiting == 0 and not job.keep and not job.done.done():
                self._cancel(job)
        if not job.done.done() or job.done.cancelled():
            raise Abandoned
        return job.done.result()

    def prepare(self, day: dt.date, game: str = "twocities") -> None:
        """Make the date's puzzle in the background (through the same pool), unless it is
        already made, stored or on its way."""
        key = (game, day)
        if key in self._ready:
            return
        job = self._making.get(key)
        if job is not None:
            job.keep = True
            return
        if stored(day, game) is None:
            self._start(key).keep = True

    def progress(self, day: dt.date, game: str = "twocities") -> str:
        """What is happening to the date's puzzle, in a line the page shows."""
        key = (game, day)
        if key in self._ready:
            return "ready"
        job = self._making.get(key)
        if job is None:
            return ""
        if job in self._queue:
            made = self.running
            return (f"waiting: place {self._queue.index(job) + 1} in the queue, "
                    f"{made} other puzzle{'s' if made != 1 else ''} being made")
        return job.progress

    @property
    def running(self) -> int:
        """Generations under way (taken off the queue, not finished)."""
        return sum(1 for j in self._making.values() if j.task is not None)

    def generating(self) -> list[dt.date]:
        """The dates being made or queued (either game's)."""
        return sorted(day for _, day in self._making)

    async def stop(self) -> None:
        """Cancel every generation and wait for their processes to end (shutting down)."""
        jobs = list(self._making.values())
        for job in jobs:
            self._cancel(job)
        tasks = [j.task for j in jobs if j.task is not None]
        if tasks:
            await asyncio.wait(tasks, timeout=5)

    def kill_all(self) -> None:
        """Kill every generation process now (safe from a signal handler: no awaiting)."""
        for job in list(self._making.values()):
            _kill(job.process)

    # --- the pool -------------------------------------------------------------------------

    async def _stored(self, key: tuple[str, dt.date]) -> Daily | None:
        if key in self._ready:
            return self._ready[key]
        if key in self._making:
            return None
        found = await asyncio.to_thread(stored, key[1], key[0])
        if found is not None:
            self._ready[key] = found
        return found

    def _start(self, key: tuple[str, dt.date]) -> Generation:
        game, day = key
        job = Generation(day, asyncio.get_running_loop().create_future(), game)
        self._making[key] = job
        self._queue.append(job)
        self._next()
        return job

    def _next(self) -> None:
        while self._queue and self.running < self.slots:
            job = self._queue.pop(0)
            job.progress = "starting the puzzle maker"
            job.task = asyncio.create_task(self._run(job))

    def _cancel(self, job: Generation) -> None:
        if job in self._queue:
            self._queue.remove(job)
        if job.task is not None:
            job.task.cancel()
        _kill(job.process)
        job.done.cancel()
        if self._making.get((job.game, job.day)) is job:
            del self._making[(job.game, job.day)]
        self._next()

    async def _run(self, job: Generation) -> None:
        try:
            puzzle = await self._make(job)
        except asyncio.CancelledError:
            job.done.cancel()
            cache = usa_cache_dir() if job.game == "usa" else cache_dir()
            for stale in cache.glob(f".{job.day.isoformat()}.json.*{TEMP_SUFFIX}"):
                stale.unlink(missing_ok=True)  # a cache file the killed maker was writing
        except CitiesError as err:
            if not job.done.done():
                job.done.set_exception(err)
                job.done.exception()  # retrieved: nobody may be left to read it
        else:
            self._ready[(job.game, job.day)] = puzzle
            if not job.done.done():
                job.done.set_result(puzzle)
        finally:
            job.process = None
            if self._making.get((job.game, job.day)) is job:
                del self._making[(job.game, job.day)]
            self._next()

    async def _make(self, job: Generation) -> Daily:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "puzzles.web.maker", job.day.isoformat(), str(os.getpid()),
            job.game,
            stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL,
            start_new_session=True)  # Ctrl-C in the terminal is the server's, not the maker's
        job.process = process
        result: Any = None
        try:
            assert process.stdout is not None
            async for line in process.stdout:
                with contextlib.suppress(ValueError):
                    event = json.loads(line)
                    if "progress" in event:
                        job.progress = str(event["progress"])
                    else:
                        result = event
            await process.wait()
        finally:
            _kill(process)
            with contextlib.suppress(ProcessLookupError):
                await asyncio.shield(process.wait())
        if isinstance(result, dict) and "puzzle" in result:
            read = usa_puzzle_from_json if job.game == "usa" else puzzle_from_json
            return read(result["puzzle"])
        message = result.get("error") if isinstance(result, dict) else None
        raise CitiesError(str(message or f"the puzzle maker stopped (exit status "
                                         f"{process.returncode})"), field="date")


def _kill(process: asyncio.subprocess.Process | None) -> None:
    """Kill a maker and whatever it started (its own session)."""
    if process is None or process.returncode is not None:
        return
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(ProcessLookupError):
        process.kill()
