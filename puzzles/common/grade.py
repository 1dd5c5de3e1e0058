"""What a daily grade gives, whichever game graded it: the one shape the front ends (``cities
daily --check``, the page's ``/api/.../grade``) type against.  Each game's ``grade.py`` fills it
with its own ``Grade`` (``puzzles.grade``, ``puzzles.usa.grade``).

>>> class Perfect:
...     legal, score, percent, problems = True, 30, 100, ()
...     def share(self, address=None): return "30/30"
...     def to_json(self, address=None): return {"score": 30}
>>> isinstance(Perfect(), Graded)
True
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Graded(Protocol):
    """The verdict on one answer: legal or the problems that make it not, its score and its
    percent of the proven optimum, the share line (with the page's ``address`` when given)
    and the JSON ``cities daily --check --json`` prints."""

    @property
    def legal(self) -> bool: ...

    @property
    def score(self) -> int: ...

    @property
    def percent(self) -> int: ...

    @property
    def problems(self) -> tuple[str, ...]: ...

    def share(self, address: str | None = None) -> str: ...

    def to_json(self, address: str | None = None) -> dict[str, Any]: ...
