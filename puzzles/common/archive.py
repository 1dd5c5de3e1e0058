"""An archive of daily puzzles, either game's: puzzle files by date, generated in parallel,
resumable, with an index.

Each date is a task of the shared task runner (``solver.common.tasks``).  Each puzzle is
written atomically to ``DIR/YYYY-MM-DD.json`` (by the parent process) the moment it is
proven, so an interrupted run loses nothing: run it again and finished dates are skipped.
Workers die with the run (``solver.common.workers``); a temporary file a killed run left is
removed when the next run starts.  ``index.json`` lists every puzzle in the directory.  Each
game says how a date is made (a module-level function, shipped to a worker), whether a
directory already holds a date's puzzle, and what the index says of one
(``puzzles.archive``, ``puzzles.usa.archive``).
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from puzzles.common.days import parse_date
from puzzles.common.files import puzzle_file
from solver.common.errors import CitiesError
from solver.common.executors import LocalExecutor
from solver.common.jsonio import (
    check_writable_dir,
    read_json,
    remove_stale_temps,
    write_json_atomic,
)
from solver.common.tasks import Executor, Task, run_tasks

INDEX = "index.json"

#: Whether a directory holds a date's current puzzle (of this generator, its solution holding).
Holds = Callable[[dt.date, Path], bool]


@dataclass(frozen=True)
class Outcome:
    date: str
    status: str  # "generated", "skipped" (already in the directory) or "failed"
    seconds: float
    detail: str = ""
    #: A generated puzzle's file contents, which the parent writes (a worker writes nothing).
    puzzle: dict[str, Any] | None = field(default=None, repr=False, compare=False)


def made(date_text: str, generate: Callable[[dt.date], Any],
         detail: Callable[[Any], str]) -> Outcome:
    """One date generated (in a worker): the puzzle comes back to the parent, which writes
    it, so a worker never writes a file that could be left half-written, or written after the
    run was stopped.  A date that cannot be made (a ``CitiesError``) fails, alone."""
    start = time.perf_counter()
    try:
        puzzle = generate(parse_date(date_text))
    except CitiesError as err:
        return Outcome(date_text, "failed", time.perf_counter() - start, str(err))
    return Outcome(date_text, "generated", time.perf_counter() - start, detail(puzzle),
                   puzzle.to_json())


class ArchiveStore:
    """The task runner's store for an archive: a date is done when the directory ``holds``
    its puzzle; a generated puzzle is written as its date's file."""

    def __init__(self, directory: Path, holds: Holds) -> None:
        self.directory = Path(directory)
        self.holds = holds

    def load(self, key: str) -> Outcome | None:
        if not self.holds(parse_date(key), self.directory):
            return None
        return Outcome(key, "skipped", 0.0)

    def save(self, key: str, outcome: Outcome) -> None:
        if outcome.puzzle is not None:
            write_json_atomic(puzzle_file(self.directory, parse_date(key)), outcome.puzzle)


def prepare_directory(directory: Path) -> None:
    """Make the archive directory (refused in one line if it cannot be), and clear the
    temporary files an interrupted run left there."""
    check_writable_dir(directory, "archive directory")
    try:
        Path(directory).mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise CitiesError(f"cannot make the archive directory: {err.strerror or err}",
                          source=str(directory)) from None
    remove_stale_temps(directory)


def run_archive(dates: Iterable[dt.date], directory: Path, make: Callable[[str], Outcome],
                holds: Holds, index: Callable[[Path], Any], jobs: int | None = None,
                on_done: Callable[[Outcome], Any] | None = None,
                executor: Executor | None = None) -> list[Outcome]:
    """Generate every date with ``make`` (a module-level function of the date's text) into
    ``directory`` (dates it already ``holds`` are skipped), on ``executor`` (default: ``jobs``
    local processes, all cores by default; each solve runs on one worker, so processes use
    the cores), then write the ``index``; the outcomes by date."""
    prepare_directory(directory)
    tasks = [Task(d.isoformat(), make, (d.isoformat(),)) for d in dates]

    def failed(task: Task, err: BaseException) -> Outcome:
        # a crashed worker fails its date, not the whole run
        return Outcome(task.key, "failed", 0.0, f"{type(err).__name__}: {err}")

    def done(_task: Task, outcome: Outcome, _kept: bool) -> None:
        if on_done:
            on_done(outcome)

    outcomes = run_tasks(tasks, executor or LocalExecutor(jobs),
                         ArchiveStore(directory, holds), on_done=done, on_error=failed)
    index(directory)
    return sorted(outcomes, key=lambda o: o.date)


def archive_summary(dates: int, outcomes: list[Outcome], seconds: float,
                    directory: Path) -> dict[str, Any]:
    """An archive run in figures: how many dates were generated, skipped and failed, the
    rate, the index's path and each date's outcome (``cities daily --from ... --json``)."""
    minutes = seconds / 60
    count = sum(o.status == "generated" for o in outcomes)
    return {"dates": dates, "generated": count,
            "skipped": sum(o.status == "skipped" for o in outcomes),
            "failed": [o.date for o in outcomes if o.status == "failed"],
            "minutes": round(minutes, 2),
            "puzzles_per_minute": round(count / minutes, 2) if count and minutes else None,
            "index": str(Path(directory) / INDEX),
            "outcomes": [{"date": o.date, "status": o.status, "seconds": round(o.seconds, 1),
                          "detail": o.detail} for o in outcomes]}


def write_index(directory: Path, generator: str,
                extra: Callable[[dict[str, Any]], dict[str, Any]]) -> dict[str, Any]:
    """Write ``index.json``: one entry per puzzle file in the directory, by date (its date,
    file, weekday, kind, rating, label, optimum, what the game adds, ``extra``, and its
    generator)."""
    entries = []
    for path in sorted(Path(directory).glob("????-??-??.json")):
        data = read_json(path, "puzzle file")
        entries.append({"date": data["date"], "file": path.name,
                        "weekday": data.get("weekday"), "kind": data["kind"],
                        "difficulty": data["difficulty"]["rating"],
                        "label": data["difficulty"]["label"], "optimum": data["optimum"],
                        **extra(data), "generator": data["generator"]})
    index = {"generator": generator, "count": len(entries), "puzzles": entries}
    write_json_atomic(Path(directory) / INDEX, index)
    return index
