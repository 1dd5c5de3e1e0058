"""Bots at the table: which bot plays each seat, by name, as both games' ``--bots`` reads it.

Each game keeps its bots the same way: ``BOTS``, a ``Bots`` registry (name -> a new bot), and
``make_bots(names, players, known=BOTS)``, a ``MakeBots``: one bot per seat from it
(``solver.twocities.bots``, with the advisor added in ``solver.twocities.advice.bot``;
``solver.usa.bots``).

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
from typing import Protocol, TypeVar

from solver.common.errors import CitiesError

B = TypeVar("B")
B_co = TypeVar("B_co", covariant=True)

#: A game's bots by name: each name makes a new bot.
Bots = Mapping[str, Callable[[], B]]


class MakeBots(Protocol[B_co]):
    """One new bot per player, the ``names`` cycled over the seats."""

    def __call__(self, names: Sequence[str], players: Sequence[str]) -> dict[str, B_co]: ...


def bots_by_seat(names: Sequence[str], seats: Sequence[str],
                 known: Bots[B]) -> dict[str, B]:
    """One new bot per seat, cycling through ``names`` (e.g. ['greedy', 'random']); no name,
    or one that ``known`` lacks, is a one-line error naming ``--bots``."""
    choices = ", ".join(known)
    if not names:
        raise CitiesError(f"expected at least one bot name ({choices})", field="--bots")
    for name in names:
        if name not in known:
            raise CitiesError(f"unknown bot {name!r} (expected {choices})", field="--bots")
    return {seat: known[names[i % len(names)]]() for i, seat in enumerate(seats)}
