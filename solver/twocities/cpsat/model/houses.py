"""Houses: one point per other type present, or 1 next to a factory (``score_houses``).

- ``present[t]``: the city holds at least one building of type ``t`` (a type houses count).
- ``house_points[c]``: what a house on ``c`` scores (0 when ``c`` holds no house).
"""

from __future__ import annotations

from ortools.sat.python import cp_model

from solver.twocities.cpsat.model.grid import CityGrid
from solver.twocities.game.vocab import FACTORY, HOUSE, HOUSE_COUNTED_TYPES


def score_houses(grid: CityGrid) -> cp_model.LinearExprT:
    model, rules = grid.model, grid.rules
    houses = {c: h for c in grid.cells if (h := grid.is_type(c, HOUSE)) is not None}
    if not houses:
        return 0
    present = []
    for t in HOUSE_COUNTED_TYPES:
        n = grid.total_type(t)
        if isinstance(n, int):
            present.append(int(n > 0))
            continue
        p = model.NewBoolVar(f"{grid.name}_present_{t}")
        model.Add(n >= 1).OnlyEnforceIf(p)
        model.Add(n == 0).OnlyEnforceIf(p.Not())
        present.append(p)
    others = sum(present)
    if all(isinstance(p, int) for p in present):
        return _houses_known_types(grid, houses, sum(present))
    top = len(HOUSE_COUNTED_TYPES)
    points = []
    for c, house in houses.items():
        v = model.NewIntVar(0, max(top, rules.house_next_to_factory),
                            f"{grid.name}_house_points_{c}")
        factory = grid.next_to(c, FACTORY)
        model.Add(v == 0).OnlyEnforceIf(house.Not())
        if factory is None:
            model.Add(v == others).OnlyEnforceIf(house)
        else:
            model.Add(v == rules.house_next_to_factory).OnlyEnforceIf([house, factory])
            model.Add(v == others).OnlyEnforceIf([house, factory.Not()])
        points.append(v)
    return sum(points)


def _houses_known_types(grid: CityGrid, houses: dict, others: int) -> cp_model.LinearExprT:
    """With the types present known, a house pays ``others`` unless a factory is next to it."""
    near = rules_near = grid.rules.house_next_to_factory
    points = []
    for c, house in houses.items():
        points.append(others * house)
        factory = grid.next_to(c, FACTORY)
        if factory is not None and others != near:
            spoilt = grid.bool_and([house, factory], f"house_near_factory_{c}")
            points.append((rules_near - others) * spoilt)
    return sum(points)
