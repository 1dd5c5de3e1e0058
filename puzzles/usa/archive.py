"""Cities USA puzzles on demand: proven once, then kept in the user's cache.

A date's puzzle is generated the first time it is asked for and written atomically to
``<cache>/usa/YYYY-MM-DD.json`` (the cache of ``puzzles.common.files.cache_dir``); a file of another
generator version, a damaged one, or one whose solution does not score its optimum (an
edited file), is regenerated, never trusted.
"""

from __future__ import annotations

import contextlib
import datetime as dt
from pathlib import Path

from puzzles.common.files import cache_dir, current_puzzle, puzzle_file
from puzzles.usa.draw import USA_GENERATOR_VERSION
from puzzles.usa.generate import Say, generate_usa
from puzzles.usa.grade import grade
from puzzles.usa.puzzle import UsaPuzzle, load_usa_puzzle
from solver.common.errors import CitiesError
from solver.common.jsonio import write_json_atomic
from solver.usa.game.cityfile import city_to_json


def usa_cache_dir() -> Path:
    return cache_dir() / "usa"


def cached_usa(date: dt.date, directory: Path | None = None) -> UsaPuzzle | None:
    """The date's puzzle from a directory, if it holds one of this generator."""
    return current_puzzle(puzzle_file(directory or usa_cache_dir(), date), load_usa_puzzle,
                          USA_GENERATOR_VERSION, date, solution_holds)


def solution_holds(puzzle: UsaPuzzle) -> bool:
    """Whether the kept solution, graded as an answer, is legal and scores the optimum the
    file states (an edited ``optimum`` or solution fails)."""
    result = grade(puzzle, city_to_json(puzzle.solution))
    return result.legal and result.score == puzzle.optimum


def usa_puzzle_for(date: dt.date, say: Say | None = None) -> UsaPuzzle:
    """The date's puzzle: from the cache when it is there, else generated and cached."""
    found = cached_usa(date)
    if found is not None:
        return found
    puzzle = generate_usa(date, say)
    with contextlib.suppress(CitiesError):  # a cache that cannot be written only costs time
        write_json_atomic(puzzle_file(usa_cache_dir(), date), puzzle.to_json())
    return puzzle
