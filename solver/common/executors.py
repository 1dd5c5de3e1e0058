"""Executors for ``solver.common.tasks``: where the tasks run.

- ``InlineExecutor``: in this process, one after another (doctests, a single task).
- ``LocalExecutor``: worker processes on this machine (the default; nothing to install).  Each
  process runs one task at a time, and the tasks pin CP-SAT to one worker, so ``jobs``
  processes use ``jobs`` cores.  Workers die with the run (``solver.common.workers``).
- ``DaskExecutor``: the workers of a running Dask distributed scheduler, on as many machines
  as joined it (``pip install -e '.[cluster]'``).  Its address is all it needs.

Whichever runs them, each task computes the same result: tasks carry their own seeds.

>>> from solver.common.tasks import Task
>>> list(InlineExecutor().run([Task("a", abs, (-2,)), Task("b", int, ("x",))]))[0]
(0, None, 2)
>>> make_executor("ray", None)
Traceback (most recent call last):
...
solver.common.errors.CitiesError: --executor: unknown executor 'ray' (known: local, dask)
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from solver.common.errors import CitiesError
from solver.common.tasks import Executor, Finished, Task
from solver.common.workers import die_with_parent, interrupt_on_sigterm, kill_all

EXECUTORS = ("local", "dask")
#: How long the Dask executor waits for the scheduler before it gives up.
CONNECT_SECONDS = 10


def _call(task: Task) -> Any:
    return task()


class InlineExecutor:
    """Runs each task here and now, in order."""

    def run(self, tasks: Sequence[Task]) -> Iterator[Finished]:
        for i, task in enumerate(tasks):
            try:
                result = task()
            except Exception as err:  # noqa: BLE001 - reported with the task, as a worker's
                yield i, err, None
                continue
            yield i, None, result


class LocalExecutor:
    """Runs tasks on ``jobs`` processes of this machine (default: one per core)."""

    def __init__(self, jobs: int | None = None) -> None:
        self.jobs = max(1, jobs or os.cpu_count() or 1)

    def run(self, tasks: Sequence[Task]) -> Iterator[Finished]:
        if not tasks:
            return
        # spawn: OR-Tools and a progress bar run threads, which fork does not copy safely.
        pool = ProcessPoolExecutor(max_workers=min(self.jobs, len(tasks)),
                                   mp_context=multiprocessing.get_context("spawn"),
                                   initializer=die_with_parent, initargs=(os.getpid(),))
        finished = False
        try:
            with interrupt_on_sigterm():
                index: dict[Future[Any], int] = {pool.submit(_call, t): i
                                                 for i, t in enumerate(tasks)}
                pending = set(index)
                while pending:
                    done, pending = wait(pending, return_when=FIRST_COMPLETED)
                    for future in sorted(done, key=index.__getitem__):
                        error = future.exception()
                        yield index[future], error, None if error else future.result()
            finished = True
        finally:
            if finished:
                pool.shutdown()
            else:  # stopped (Ctrl-C, SIGTERM, the caller left): end the workers now
                processes = list((getattr(pool, "_processes", None) or {}).values())
                pool.shutdown(wait=False, cancel_futures=True)
                kill_all(processes)


class DaskExecutor:
    """Runs tasks on the workers of the Dask scheduler at ``address`` (``tcp://HOST:8786``).
    It connects at once, so an address that does not answer is refused before any work."""

    def __init__(self, address: str) -> None:
        try:
            import distributed  # noqa: F401
        except ImportError:
            raise CitiesError("the dask executor needs Dask distributed: "
                              "pip install -e '.[cluster]'", field="--executor") from None
        try:
            self.client = _connected_client(address)
        except (OSError, TimeoutError, ValueError, TypeError) as err:
            reason = str(err).splitlines()[0] if str(err) else type(err).__name__
            raise CitiesError(f"cannot reach the Dask scheduler {address}: {reason}",
                              field="--address") from None
        self.address = address

    def run(self, tasks: Sequence[Task]) -> Iterator[Finished]:
        """The tasks on the cluster; the connection is closed when they are done or stopped."""
        from distributed import as_completed

        futures: list[Any] = []
        try:
            with interrupt_on_sigterm():
                futures = [self.client.submit(_call, t, key=f"cities-{t.key}", pure=False)
                           for t in tasks]
                index = {f.key: i for i, f in enumerate(futures)}
                for future in as_completed(futures, loop=self.client.loop):
                    error = future.exception()
                    yield index[future.key], error, None if error else future.result()
        finally:
            if futures:
                self.client.cancel(futures)
            self.client.close()


def _connected_client(address: str) -> Any:
    """A Dask client connected to ``address``.  A client whose connection failed is left
    half-built; Dask's own finaliser would then try to close it and, some 20 s later, print
    a traceback after the one-line error: this one stops its event loop quietly instead."""
    from distributed import Client

    class _Client(Client):  # type: ignore[misc]
        connected = False

        def __del__(self) -> None:
            if self.connected:
                super().__del__()
                return
            with contextlib.suppress(Exception):
                self._loop_runner.stop()

    client = _Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
    client.connected = True
    return client


def make_executor(name: str, address: str | None, jobs: int | None = None) -> Executor:
    """The executor a command line names; ``--address`` belongs to ``dask`` alone."""
    if name not in EXECUTORS:
        raise CitiesError(f"unknown executor {name!r} (known: {', '.join(EXECUTORS)})",
                          field="--executor")
    if name == "local":
        if address is not None:
            raise CitiesError("only the dask executor takes an address", field="--address")
        return LocalExecutor(jobs)
    if not address:
        raise CitiesError("the dask executor needs the scheduler's address "
                          "(tcp://HOST:8786)", field="--address")
    return DaskExecutor(address)
