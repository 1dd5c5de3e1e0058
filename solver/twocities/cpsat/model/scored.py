"""What each category's part of the model hands back: its points, and the parts they split into.

The parts are the same as ``cpsat.model.values`` lists for each score (shop sets by length, park
groups by size, each civic token's points, each district's points), so a check that asks for
an exact score can also ask for parts that make it up (``solver.twocities.cpsat.city.descent``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ortools.sat.python import cp_model


@dataclass(frozen=True)
class Scored:
    """A category's points in the model, and its parts (empty: the category has none)."""

    points: cp_model.LinearExprT | int
    parts: tuple[cp_model.LinearExprT, ...] = ()
