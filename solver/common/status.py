"""What a solve settled, and the progress it reports on the way: one vocabulary for both games,
and ``Solved``, the shape of either game's ``SolveResult`` that front ends and benches type
against.

>>> Status("infeasible"), Status.OPTIMAL.proven, Status.FEASIBLE.proven
(Status.INFEASIBLE, True, False)
>>> Status.OPTIMAL == "optimal"   # a str: JSON and text read it as its value
True
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any, Protocol, runtime_checkable


class Status(StrEnum):
    """``optimal``: the best city, proven; ``feasible``: a city, not proven best (``bound``
    says how far it may be off); ``infeasible``: proven that no city can be built;
    ``unknown``: the time ran out before any city was found."""

    OPTIMAL = "optimal"
    FEASIBLE = "feasible"
    INFEASIBLE = "infeasible"
    UNKNOWN = "unknown"

    def __repr__(self) -> str:
        return f"Status.{self.name}"

    @property
    def proven(self) -> bool:
        return self in (Status.OPTIMAL, Status.INFEASIBLE)

    @property
    def found(self) -> bool:
        """A city came back."""
        return self in (Status.OPTIMAL, Status.FEASIBLE)


#: A solve's progress report: the best score so far (None: no city yet), the proven bound,
#: and the seconds since the solve began.
Progress = Callable[[int | None, int, float], None]


@runtime_checkable
class Solved(Protocol):
    """What a solve of either game answers (``solver.twocities.cpsat.SolveResult``,
    ``solver.usa.cpsat.solve.SolveResult``): its status, the best score found and the proven
    bound (None when there is none), the seconds it took, the city (None when none was found)
    and its JSON, as ``cities solve --json`` and ``cities usa solve --json`` print it."""

    @property
    def status(self) -> Status: ...

    @property
    def score(self) -> int | None: ...

    @property
    def bound(self) -> int | None: ...

    @property
    def seconds(self) -> float: ...

    @property
    def city(self) -> object | None: ...

    def to_json(self) -> dict[str, Any]: ...
