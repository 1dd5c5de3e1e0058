"""What a solve settled, and the progress it reports on the way: one vocabulary for both games.

>>> Status("infeasible"), Status.OPTIMAL.proven, Status.FEASIBLE.proven
(Status.INFEASIBLE, True, False)
>>> Status.OPTIMAL == "optimal"   # a str: JSON and text read it as its value
True
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum


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
