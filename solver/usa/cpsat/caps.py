"""Each scoring category's most points alone (a model with only that category), proven: the
caps ``build_model`` bounds the whole model's categories and total with.

A cap is the single-category search's proven bound, so it holds even when that search stops
at its work limit before its optimum: every legal city scores at most its cap in each
category. A penalty category's cap is 0 (its best alone loses nothing).
"""

from __future__ import annotations

from ortools.sat.python import cp_model

from solver.common.sat import whole
from solver.usa.cpsat.categories import CATEGORY_MODELS
from solver.usa.cpsat.model import build_model
from solver.usa.cpsat.race import strong
from solver.usa.game.pool import Pool


def category_caps(pool: Pool, deterministic_time: float) -> dict[str, int]:
    """Each category's proven cap within ``deterministic_time`` in all: each category has an
    even share of the work left, so the quick ones leave theirs to the rest (a category left
    without a proven bound is left out)."""
    caps: dict[str, int] = {}
    left = deterministic_time
    names = list(CATEGORY_MODELS)
    for i, name in enumerate(names):
        cm = build_model(pool, categories=[name])
        expr = cm.categories[name]
        if isinstance(expr, int):
            caps[name] = expr
            continue
        solver = cp_model.CpSolver()
        strong(solver.parameters, None, 1)
        solver.parameters.max_deterministic_time = max(0.01, left / (len(names) - i))
        code = solver.Solve(cm.m)
        left -= solver.ResponseProto().deterministic_time
        if code == cp_model.OPTIMAL:
            caps[name] = whole(solver.ObjectiveValue())
        elif code == cp_model.FEASIBLE:
            caps[name] = whole(solver.BestObjectiveBound())
    return caps
