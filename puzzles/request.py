"""What ``cities daily`` is asked to do, from its options: which game, and one of the puzzle,
its answer template, a grade, the solution, or an archive of dates.
Options that do not go together are refused here, in one line, before any work.

>>> import datetime as dt
>>> today = dt.date(2026, 12, 8)
>>> daily_request(today=today).mode, daily_request(date="2026-12-09", today=today).day
('puzzle', datetime.date(2026, 12, 9))
>>> daily_request(check="a.json", solution=True, today=today)
Traceback (most recent call last):
...
solver.common.errors.CitiesError: give one of --check, --solution and --template
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from puzzles.common.days import parse_date
from solver.common.errors import CitiesError

GAMES = ("twocities", "usa")


@dataclass(frozen=True)
class DailyRequest:
    game: str  # one of GAMES
    mode: str  # puzzle, template, check, solution or archive
    day: dt.date | None = None  # all but the archive
    answer: str | None = None  # check: the answer file (- for stdin)
    first: dt.date | None = None  # archive: the dates and the directory
    last: dt.date | None = None
    out: Path | None = None


def daily_request(game: str = "twocities", date: str | None = None, check: str | None = None,
                  solution: bool = False, template: bool = False, date_from: str | None = None,
                  date_to: str | None = None, out: Path | None = None,
                  today: dt.date | None = None) -> DailyRequest:
    """The request the options make, or a one-line ``CitiesError`` when they clash."""
    if game not in GAMES:
        raise CitiesError(f"unknown game {game!r} (twocities or usa)", field="--game")
    archive = (date_from, date_to, out)
    if any(v is not None for v in archive):
        if date_from is None or date_to is None or out is None:
            raise CitiesError("an archive run needs --from, --to and --out together")
        if date or check or solution or template:
            raise CitiesError("--from/--to/--out cannot be combined with --date, --check, "
                              "--solution or --template")
        return DailyRequest(game, "archive", first=parse_date(date_from, "--from"),
                            last=parse_date(date_to, "--to"), out=out)
    if sum(map(bool, (check, solution, template))) > 1:
        raise CitiesError("give one of --check, --solution and --template")
    day = parse_date(date) if date is not None else (today or dt.date.today())
    mode = "check" if check else "solution" if solution else "template" if template else \
        "puzzle"
    return DailyRequest(game, mode, day, answer=check or None)
