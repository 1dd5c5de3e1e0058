"""Bots at the table: which bot plays each seat, by name, as both games' ``--bots`` reads it;
and how far a game resumed goes (``--stop-after``).

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

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from solver.common.errors import BadField, CitiesError

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


def recorded_bots(value: Any, players: Sequence[str],
                  known: Collection[str] | None = None) -> dict[str, str]:
    """A game file's ``bots``: the bot named for each seat it records (optional: an older
    file records none), each seat a player's and, when ``known`` is given, each name one of
    it; a refusal names the field.

    >>> recorded_bots({"P2": "greedy"}, ("P1", "P2"), {"greedy", "random"})
    {'P2': 'greedy'}
    >>> recorded_bots({"P2": "chess"}, ("P1", "P2"), ["greedy", "random"])
    Traceback (most recent call last):
    ...
    solver.common.errors.BadField: bots.P2: unknown bot 'chess' (expected greedy, random)
    """
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise BadField("expected {seat: bot name}", field="bots")
    for seat, name in value.items():
        if seat not in players:
            raise BadField(f"{seat!r} is not a seat ({', '.join(players)})", field="bots")
        if not isinstance(name, str) or (known is not None and name not in known):
            expected = f" (expected {', '.join(known)})" if known is not None else ""
            raise BadField(f"unknown bot {name!r}{expected}", field=f"bots.{seat}")
    return dict(value)


def resumed_bots(recorded: Mapping[str, str], given: Sequence[str] | None,
                 seats: Sequence[str], default: str) -> list[str]:
    """The bot of each seat as a saved game goes on: ``given`` (``--bots``, cycled) when
    given, else the bot the file records for the seat, else ``default``.

    >>> resumed_bots({"P2": "random"}, None, ("P1", "P2"), "greedy")
    ['greedy', 'random']
    >>> resumed_bots({"P2": "random"}, ["solver"], ("P1", "P2"), "greedy")
    ['solver', 'solver']
    """
    if given:
        return [given[i % len(given)] for i in range(len(seats))]
    return [recorded.get(seat, default) for seat in seats]


def resumed_until(stop_after: int | None, round_: int) -> int | None:
    """The round a resumed game (in round ``round_``) stops before: ``--stop-after`` + 1, or
    None to play on to the end. A round already played is refused: nothing would be played.

    >>> resumed_until(2, 2), resumed_until(None, 3)
    (3, None)
    >>> resumed_until(1, 2)
    Traceback (most recent call last):
    ...
    solver.common.errors.CitiesError: --stop-after: the game resumed is in round 2: stopping \
after round 1 plays nothing (give 2 or more)
    """
    if stop_after is None:
        return None
    if stop_after < round_:
        raise CitiesError(f"the game resumed is in round {round_}: stopping after round "
                          f"{stop_after} plays nothing (give {round_} or more)",
                          field="--stop-after")
    return stop_after + 1
