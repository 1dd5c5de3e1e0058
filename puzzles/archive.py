"""The archive: puzzle files by date, generated in parallel, resumable, with an index.

Each date is a task of the shared task runner (``solver.common.tasks``).  Each puzzle is
written atomically to ``DIR/YYYY-MM-DD.json`` (by the parent process) the moment it is
proven, so an interrupted run loses nothing: run it again and finished dates are skipped.
Workers die with the run (``solver.common.workers``); a temporary file a killed run left is
removed when the next run starts.  ``index.json``
lists every puzzle in the directory (date, kind, difficulty, optimum).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from puzzles.common.days import parse_date
from puzzles.common.files import cache_dir, current_puzzle, puzzle_file
from puzzles.plan import GENERATOR_VERSION
from puzzles.puzzle import Puzzle, load_puzzle
from solver.common.errors import CitiesError
from solver.common.executors import LocalExecutor
from solver.common.jsonio import (
    check_writable_dir,
    read_json,
    remove_stale_temps,
    write_json_atomic,
)
from solver.common.tasks import Executor, Task, run_tasks

#: The archive shipped with the package.
ARCHIVE_DIR = Path(__file__).parent / "archive"
INDEX = "index.json"


def archived(date: dt.date, directory: Path = ARCHIVE_DIR) -> Puzzle | None:
    """The date's puzzle from an archive directory, if it holds one of this generator."""
    return current_puzzle(puzzle_file(directory, date), load_puzzle, GENERATOR_VERSION, date,
                          solution_holds)


def solution_holds(puzzle: Puzzle) -> bool:
    """Whether the kept solution scores what the file says: each city its ``city_scores``
    (rescored by the scorer, the two cities of a pair against each other), the player's
    score (a city's, or the lower of two) the ``optimum``.  An edited file fails."""
    from solver.twocities.scoring.categories import score_city
    from solver.twocities.scoring.rivals import against_each_other

    cities = [c.with_context(puzzle.pool.context) for c in puzzle.solution]
    if len(cities) == 2:
        cities = list(against_each_other(cities))
    scores = tuple(score_city(c).total for c in cities)
    return scores == puzzle.city_scores and min(scores) == puzzle.optimum


def puzzle_for(date: dt.date, progress: Callable[[str], Any] | None = None,
               jobs: int | None = None) -> Puzzle:
    """The date's puzzle: from the shipped archive or the user's cache when it is there, else
    generated now, proving candidates ahead on ``jobs`` processes (one per core by
    default), and kept in the cache (written atomically) so the next call is instant."""
    from puzzles.generate import ahead_on_this_machine, generate

    found = archived(date) or archived(date, cache_dir())
    if found is not None:
        return found
    puzzle = generate(date, progress, jobs or ahead_on_this_machine())
    with contextlib.suppress(CitiesError):  # a cache that cannot be written only costs time
        write_json_atomic(puzzle_file(cache_dir(), date), puzzle.to_json())
    return puzzle


@dataclass(frozen=True)
class Outcome:
    date: str
    status: str  # "generated", "skipped" (already in the directory) or "failed"
    seconds: float
    detail: str = ""
    #: A generated puzzle's file contents, which the parent writes (a worker writes nothing).
    puzzle: dict[str, Any] | None = field(default=None, repr=False, compare=False)


def make_one(date_text: str) -> Outcome:
    """Generate one date (runs in a worker).  The puzzle comes back to the parent, which
    writes it: a worker never writes a file, so none can be left half-written, or written
    after the run was stopped."""
    from puzzles.generate import generate

    start = time.perf_counter()
    try:
        puzzle = generate(parse_date(date_text))
    except CitiesError as err:
        return Outcome(date_text, "failed", time.perf_counter() - start, str(err))
    return Outcome(date_text, "generated", time.perf_counter() - start,
                   f"{puzzle.kind}, optimum {puzzle.optimum}", puzzle.to_json())


class ArchiveStore:
    """The task runner's store for an archive: a date is done when the directory holds its
    puzzle from this generator; a generated puzzle is written as its date's file."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)

    def load(self, key: str) -> Outcome | None:
        if archived(parse_date(key), self.directory) is None:
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


def build_archive(dates: Iterable[dt.date], directory: Path, jobs: int | None = None,
                  on_done: Callable[[Outcome], Any] | None = None,
                  executor: Executor | None = None) -> list[Outcome]:
    """Generate every date into ``directory`` with the task runner (``solver.common.tasks``:
    dates already there are skipped), on ``executor`` (default: ``jobs`` local processes,
    all cores by default), then write the index.  Each solve runs on one worker, so
    processes use the cores."""
    prepare_directory(directory)
    tasks = [Task(d.isoformat(), make_one, (d.isoformat(),)) for d in dates]

    def failed(task: Task, err: BaseException) -> Outcome:
        # a crashed worker fails its date, not the whole run
        return Outcome(task.key, "failed", 0.0, f"{type(err).__name__}: {err}")

    def done(_task: Task, outcome: Outcome, _kept: bool) -> None:
        if on_done:
            on_done(outcome)

    outcomes = run_tasks(tasks, executor or LocalExecutor(jobs), ArchiveStore(directory),
                         on_done=done, on_error=failed)
    write_index(directory)
    return sorted(outcomes, key=lambda o: o.date)


def archive_summary(dates: int, outcomes: list[Outcome], seconds: float,
                    directory: Path) -> dict[str, Any]:
    """An archive run in figures: how many dates were generated, skipped and failed, the
    rate, the index's path and each date's outcome (``cities daily --from ... --json``)."""
    minutes = seconds / 60
    made = sum(o.status == "generated" for o in outcomes)
    return {"dates": dates, "generated": made,
            "skipped": sum(o.status == "skipped" for o in outcomes),
            "failed": [o.date for o in outcomes if o.status == "failed"],
            "minutes": round(minutes, 2),
            "puzzles_per_minute": round(made / minutes, 2) if made and minutes else None,
            "index": str(Path(directory) / INDEX),
            "outcomes": [{"date": o.date, "status": o.status, "seconds": round(o.seconds, 1),
                          "detail": o.detail} for o in outcomes]}


def write_index(directory: Path) -> dict[str, Any]:
    """Write ``index.json``: one entry per puzzle file in the directory, by date."""
    entries = []
    for path in sorted(Path(directory).glob("????-??-??.json")):
        data = read_json(path, "puzzle file")
        entries.append({
            "date": data["date"], "file": path.name, "weekday": data.get("weekday"),
            "kind": data["kind"], "difficulty": data["difficulty"]["rating"],
            "label": data["difficulty"]["label"], "optimum": data["optimum"],
            "optimal_layouts": data["optimal_layouts"], "generator": data["generator"],
        })
    index = {"generator": GENERATOR_VERSION, "count": len(entries), "puzzles": entries}
    write_json_atomic(Path(directory) / INDEX, index)
    return index
