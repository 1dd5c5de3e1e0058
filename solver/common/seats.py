"""Bots at the table: which bot plays each seat, by name, as both games' ``--bots`` reads it.

>>> class Idle:
...     pass
>>> sorted(bots_by_seat(["idle"], ("P1", "P2"), {"idle": Idle}))
['P1', 'P2']
>>> bots_by_seat(["chess"], ("P1",), {"idle": Idle})
Traceback (most recent call last):
...
solver.common.errors.CitiesError: --bots: unknown bot 'chess' (expected idle)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

from solver.common.errors import CitiesError

B = TypeVar("B")


def bots_by_seat(names: Sequence[str], seats: Sequence[str],
                 known: Mapping[str, Callable[[], B]]) -> dict[str, B]:
    """One new bot per seat, cycling through ``names`` (e.g. ['greedy', 'random']); no name,
    or one that ``known`` lacks, is a one-line error naming ``--bots``."""
    choices = ", ".join(known)
    if not names:
        raise CitiesError(f"expected at least one bot name ({choices})", field="--bots")
    for name in names:
        if name not in known:
            raise CitiesError(f"unknown bot {name!r} (expected {choices})", field="--bots")
    return {seat: known[names[i % len(names)]]() for i, seat in enumerate(seats)}
