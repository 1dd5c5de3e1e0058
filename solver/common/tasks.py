"""A resumable runner of independent tasks: what a batch study and the daily archive share.

A ``Task`` is a named call of a module-level function (so any executor can ship it to another
process or machine).  ``run_tasks`` asks a ``Store`` for each task's kept result first and runs
only the others; each result is kept (by the parent process, atomically) the moment it
arrives, so an interrupted run loses nothing but the tasks still running.  Results come back in
the order of the tasks, whichever executor ran them and in whatever order they finished, so
what is made of them cannot depend on the executor.

>>> import tempfile
>>> from solver.common.executors import InlineExecutor
>>> store = JsonStore(tempfile.mkdtemp())
>>> tasks = [Task(f"square-{n}", pow, (n, 2)) for n in range(4)]
>>> run_tasks(tasks, InlineExecutor(), store)
[0, 1, 4, 9]
>>> sorted(p.name for p in store.directory.iterdir())
['square-0.json', 'square-1.json', 'square-2.json', 'square-3.json']
>>> ran = []
>>> run_tasks(tasks, InlineExecutor(), store, on_done=lambda t, r, kept: ran.append(kept))
[0, 1, 4, 9]
>>> ran
[True, True, True, True]
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from solver.common.errors import CitiesError
from solver.common.jsonio import check_writable_dir, read_json, write_json_atomic

#: A task's key names its result file: letters, digits, dots, dashes and underscores.
KEY = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,120}")


@dataclass(frozen=True)
class Task:
    """One independent piece of work: ``function(*args)``; the same key, the same result."""

    key: str
    function: Callable[..., Any] = field(compare=False)
    args: tuple[Any, ...] = ()

    def __post_init__(self) -> None:
        if not KEY.fullmatch(self.key):
            raise ValueError(f"a task key must match {KEY.pattern}: {self.key!r}")

    def __call__(self) -> Any:
        return self.function(*self.args)


#: What an executor reports for each finished task: its index among the tasks it was given,
#: the error it raised (or None) and its result.
Finished = tuple[int, BaseException | None, Any]


class Executor(Protocol):
    """Runs tasks and yields each as it finishes; stopping the iteration stops the work."""

    def run(self, tasks: Sequence[Task]) -> Iterator[Finished]: ...


class Store(Protocol):
    """Where finished tasks' results are kept between runs."""

    def load(self, key: str) -> Any | None: ...

    def save(self, key: str, result: Any) -> None: ...


class JsonStore:
    """Results as ``DIRECTORY/KEY.json`` (written atomically).  A kept result is never
    trusted blindly: a damaged file, or a result ``check`` refuses (it raises a
    ``CitiesError``: the result is of the wrong shape), is run again and replaced.

    >>> import tempfile
    >>> from solver.common.fields import int_field
    >>> store = JsonStore(tempfile.mkdtemp(), check=lambda r: int_field(r, "result", 0))
    >>> store.save("a", -1)
    >>> store.save("b", 4)
    >>> store.load("a"), store.load("b")
    (None, 4)
    """

    def __init__(self, directory: str | Path,
                 check: Callable[[Any], Any] | None = None) -> None:
        self.directory = Path(directory)
        self.check = check
        check_writable_dir(self.directory, "results directory")
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise CitiesError(f"cannot make the results directory: {err.strerror or err}",
                              source=str(self.directory)) from None
        for stale in self.directory.glob(".*.tmp"):  # a killed writer's temporary file
            stale.unlink(missing_ok=True)

    def path(self, key: str) -> Path:
        return self.directory / f"{key}.json"

    def load(self, key: str) -> Any | None:
        path = self.path(key)
        if not path.exists():
            return None
        try:
            data = read_json(path, "task result")
        except CitiesError:
            return None
        if not isinstance(data, dict) or data.get("key") != key or "result" not in data:
            return None
        if self.check is not None:
            try:
                self.check(data["result"])
            except CitiesError:
                return None
        return data["result"]

    def save(self, key: str, result: Any) -> None:
        write_json_atomic(self.path(key), {"key": key, "result": result})


def run_tasks(tasks: Sequence[Task], executor: Executor, store: Store | None = None, *,
              on_done: Callable[[Task, Any, bool], Any] | None = None,
              on_error: Callable[[Task, BaseException], Any] | None = None) -> list[Any]:
    """Every task's result, in the order of ``tasks``: kept results from ``store``, the
    others run on ``executor`` and kept as they arrive.  ``on_done(task, result, kept)``
    follows each task (a progress bar); a task that raised becomes ``on_error(task, error)``
    (not kept), or, without ``on_error``, stops the run with that error."""
    keys = [t.key for t in tasks]
    if len(set(keys)) != len(keys):
        raise ValueError("task keys must be unique")
    results: list[Any] = [None] * len(tasks)
    todo: list[int] = []
    for i, task in enumerate(tasks):
        kept = store.load(task.key) if store is not None else None
        if kept is None:
            todo.append(i)
            continue
        results[i] = kept
        if on_done:
            on_done(task, kept, True)
    running = executor.run([tasks[i] for i in todo])
    with contextlib.closing(running):  # leaving early (an error, Ctrl-C) stops the executor
        for j, error, result in running:
            task = tasks[todo[j]]
            if error is not None:
                if on_error is None:
                    raise error
                result = on_error(task, error)
            elif store is not None:
                store.save(task.key, result)
            results[todo[j]] = result
            if on_done:
                on_done(task, result, False)
    return results
