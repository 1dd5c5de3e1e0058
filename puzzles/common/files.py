"""A daily puzzle's file: where a date's puzzle lies in a directory, whether a stored puzzle
is still the date's, the archive shipped with the package and the user's cache of puzzles
generated on the spot (both games).
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable
from pathlib import Path
from typing import Protocol, TypeVar

from solver.common.errors import CitiesError

#: The archive shipped with the package: Between Two Cities puzzles, and each other game's in
#: a folder of its own (``usa/``).
SHIPPED_DIR = Path(__file__).parent.parent / "archive"


def puzzle_file(directory: Path, date: dt.date) -> Path:
    return Path(directory) / f"{date.isoformat()}.json"


class _Dated(Protocol):
    """What tells a stored puzzle's date and generator (both games' puzzles)."""

    @property
    def generator(self) -> str: ...

    @property
    def date(self) -> dt.date: ...


P = TypeVar("P", bound=_Dated)


def current_puzzle(path: Path, load: Callable[[Path], P], version: str,
                   date: dt.date, holds: Callable[[P], bool]) -> P | None:
    """The puzzle in ``path`` if it is the date's, made by this generator ``version``, and
    its kept solution ``holds`` (scores the optimum the file states); ``None`` when it is
    missing, damaged or edited (regenerated, never trusted) or out of date."""
    if not path.exists():
        return None
    try:
        puzzle = load(path)
    except CitiesError:
        return None
    if puzzle.generator != version or puzzle.date != date or not holds(puzzle):
        return None
    return puzzle


def cache_dir() -> Path:
    """Where puzzles generated on the spot are kept: ``$XDG_CACHE_HOME/cities/puzzles``
    (``~/.cache/cities/puzzles`` when the variable is unset)."""
    base = os.environ.get("XDG_CACHE_HOME") or ""
    root = Path(base) if os.path.isabs(base) else Path.home() / ".cache"
    return root / "cities" / "puzzles"
