"""Offices: sets of up to six, plus a bonus per office next to a tavern (``score_offices``).

- ``near_tavern[c]``: an office on ``c`` has a tavern neighbour (bridges included).
"""

from __future__ import annotations

from ortools.sat.python import cp_model

from solver.twocities.cpsat.model.grid import CityGrid
from solver.twocities.cpsat.model.tables import as_var, lookup
from solver.twocities.game.vocab import OFFICE, TAVERN
from solver.twocities.scoring.categories import office_set_value


def score_offices(grid: CityGrid) -> cp_model.LinearExprT | int:
    model, rules = grid.model, grid.rules
    n = grid.total_type(OFFICE)
    if isinstance(n, int):
        sets: cp_model.LinearExprT | int = office_set_value(n, rules)
    else:
        top = grid.max_count_type(OFFICE)
        count = as_var(model, n, 0, top, f"{grid.name}_offices")
        sets = lookup(model, count, [office_set_value(k, rules) for k in range(top + 1)],
                      f"{grid.name}_office_sets")
    bonus = []
    for c in grid.cells:
        office, tavern = grid.is_type(c, OFFICE), grid.next_to(c, TAVERN)
        if office is not None and tavern is not None:
            bonus.append(grid.bool_and([office, tavern], f"office_near_tavern_{c}"))
    return sets + rules.office_tavern_bonus * sum(bonus)
