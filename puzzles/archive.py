"""The Between Two Cities archive: puzzle files by date, generated in parallel, resumable,
with an index (the runner every game shares: ``puzzles.common.archive``), and the archive
shipped with the package, read before the user's cache.  ``index.json`` lists every puzzle in
the directory (date, kind, difficulty, optimum).
"""

from __future__ import annotations

import contextlib
import datetime as dt
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from puzzles.common.archive import (
    INDEX,
    Outcome,
    archive_summary,
    made,
    prepare_directory,
    run_archive,
)
from puzzles.common.archive import write_index as write_dated_index
from puzzles.common.files import SHIPPED_DIR, cache_dir, current_puzzle, puzzle_file
from puzzles.plan import GENERATOR_VERSION
from puzzles.puzzle import Puzzle, load_puzzle
from solver.common.errors import CitiesError
from solver.common.jsonio import write_json_atomic
from solver.common.tasks import Executor

#: The archive shipped with the package.
ARCHIVE_DIR = SHIPPED_DIR

__all__ = ["ARCHIVE_DIR", "INDEX", "Outcome", "archive_summary", "archived", "build_archive",
           "make_one", "prepare_directory", "puzzle_for", "solution_holds", "write_index"]


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


def make_one(date_text: str) -> Outcome:
    """Generate one date (runs in a worker; the parent writes the file)."""
    from puzzles.generate import generate

    return made(date_text, generate, lambda p: f"{p.kind}, optimum {p.optimum}")


def _holds(date: dt.date, directory: Path) -> bool:
    return archived(date, directory) is not None


def build_archive(dates: Iterable[dt.date], directory: Path, jobs: int | None = None,
                  on_done: Callable[[Outcome], Any] | None = None,
                  executor: Executor | None = None) -> list[Outcome]:
    """Generate every date into ``directory`` (``puzzles.common.archive.run_archive``: dates
    already there are skipped), then write the index."""
    return run_archive(dates, directory, make_one, _holds, write_index, jobs, on_done, executor)


def write_index(directory: Path) -> dict[str, Any]:
    """Write ``index.json``: one entry per puzzle file in the directory, by date."""
    return write_dated_index(directory, GENERATOR_VERSION,
                             lambda data: {"optimal_layouts": data["optimal_layouts"]})
