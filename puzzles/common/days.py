"""Dates as the daily puzzles read them: one YYYY-MM-DD date, or a range of them.

>>> parse_date("2026-12-01").weekday()
1
>>> [d.day for d in date_range(parse_date("2026-12-30"), parse_date("2027-01-01"))]
[30, 31, 1]
"""

from __future__ import annotations

import datetime as dt

from solver.common.errors import CitiesError


def parse_date(text: str, field: str = "--date") -> dt.date:
    """A YYYY-MM-DD date; anything else is a one-line CitiesError."""
    try:
        if len(text) != 10:
            raise ValueError
        return dt.date.fromisoformat(text)
    except (ValueError, TypeError):
        raise CitiesError(f"bad date {text!r} (expected YYYY-MM-DD, e.g. 2026-12-01)",
                          field=field) from None


def date_range(first: dt.date, last: dt.date) -> list[dt.date]:
    """Every date from ``first`` to ``last`` inclusive."""
    if last < first:
        raise CitiesError(f"--to {last} is before --from {first}")
    return [first + dt.timedelta(days=i) for i in range((last - first).days + 1)]
