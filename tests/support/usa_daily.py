"""The Cities USA daily puzzles the tests read: the shipped archive's, never proven again in
the quick run."""

from __future__ import annotations

import datetime as dt

from puzzles.usa.archive import archived_usa
from puzzles.usa.puzzle import UsaPuzzle


def shipped_usa(day: dt.date) -> UsaPuzzle:
    """The date's puzzle from the shipped archive (a test date it lacks is a test's error)."""
    found = archived_usa(day)
    assert found is not None, f"the shipped archive holds no Cities USA puzzle for {day}"
    return found
