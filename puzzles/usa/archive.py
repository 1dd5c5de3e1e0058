"""Cities USA puzzles by date: the archive shipped with the package, read first, then the
user's cache, then generated on demand.

The shipped archive is ``puzzles/archive/usa/YYYY-MM-DD.json`` (made by ``cities daily --game
usa --from ... --to ... --out DIR``, the runner every game shares: ``puzzles.common.archive``);
a shipped puzzle is never regenerated.  A date it does not hold is generated the first time it
is asked for and written atomically to ``<cache>/usa/YYYY-MM-DD.json`` (the cache of
``puzzles.common.files.cache_dir``).  A file of another generator version, a damaged one, or
one whose solution does not score its optimum (an edited file), is not trusted: the date is
generated again.
"""

from __future__ import annotations

import contextlib
import datetime as dt
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from puzzles.common.archive import Outcome, made, run_archive, write_index
from puzzles.common.files import SHIPPED_DIR, cache_dir, current_puzzle, puzzle_file
from puzzles.usa.draw import USA_GENERATOR_VERSION
from puzzles.usa.generate import Say, generate_usa
from puzzles.usa.grade import grade
from puzzles.usa.puzzle import UsaPuzzle, load_usa_puzzle
from solver.common.errors import CitiesError
from solver.common.jsonio import write_json_atomic
from solver.common.tasks import Executor
from solver.usa.game.cityfile import city_to_json

#: The Cities USA archive shipped with the package.
USA_ARCHIVE_DIR = SHIPPED_DIR / "usa"


def usa_cache_dir() -> Path:
    return cache_dir() / "usa"


def cached_usa(date: dt.date, directory: Path | None = None) -> UsaPuzzle | None:
    """The date's puzzle from a directory (default: the cache), if it holds one of this
    generator."""
    return current_puzzle(puzzle_file(directory or usa_cache_dir(), date), load_usa_puzzle,
                          USA_GENERATOR_VERSION, date, solution_holds)


def archived_usa(date: dt.date, directory: Path = USA_ARCHIVE_DIR) -> UsaPuzzle | None:
    """The date's puzzle from an archive directory (default: the shipped one)."""
    return cached_usa(date, directory)


def solution_holds(puzzle: UsaPuzzle) -> bool:
    """Whether the kept solution, graded as an answer, is legal and scores the optimum the
    file states (an edited ``optimum`` or solution fails)."""
    result = grade(puzzle, city_to_json(puzzle.solution))
    return result.legal and result.score == puzzle.optimum


def usa_puzzle_for(date: dt.date, say: Say | None = None) -> UsaPuzzle:
    """The date's puzzle: from the shipped archive or the cache when either holds it, else
    generated and cached."""
    found = archived_usa(date) or cached_usa(date)
    if found is not None:
        return found
    puzzle = generate_usa(date, say)
    with contextlib.suppress(CitiesError):  # a cache that cannot be written only costs time
        write_json_atomic(puzzle_file(usa_cache_dir(), date), puzzle.to_json())
    return puzzle


def make_usa_one(date_text: str) -> Outcome:
    """Generate one date (runs in a worker; the parent writes the file)."""
    return made(date_text, generate_usa, lambda p: (
        f"optimum {p.optimum}, greedy {p.difficulty.greedy}, candidate {p.attempt + 1}"))


def _holds(date: dt.date, directory: Path) -> bool:
    return archived_usa(date, directory) is not None


def build_usa_archive(dates: Iterable[dt.date], directory: Path, jobs: int | None = None,
                      on_done: Callable[[Outcome], Any] | None = None,
                      executor: Executor | None = None) -> list[Outcome]:
    """Generate every date's Cities USA puzzle into ``directory`` (dates already there are
    skipped), then write the index."""
    return run_archive(dates, directory, make_usa_one, _holds, write_usa_index, jobs, on_done,
                       executor)


def write_usa_index(directory: Path) -> dict[str, Any]:
    """Write ``index.json``: one entry per puzzle file in the directory, by date."""
    return write_index(directory, USA_GENERATOR_VERSION, lambda data: {
        "greedy": data["difficulty"]["greedy_score"],
        "gap_percent": data["difficulty"]["greedy_gap_percent"], "attempt": data["attempt"]})
