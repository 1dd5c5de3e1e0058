"""Looking points up in a table indexed by a count, the way the scorer's functions define them.

The tables themselves always come from ``scoring.categories`` (one truth per rule): the model only
evaluates those functions for every count a city could reach.

>>> from ortools.sat.python import cp_model
>>> m = cp_model.CpModel()
>>> n = m.NewIntVar(2, 2, "n")
>>> points = lookup(m, n, [0, 2, 8, 12], "parks")
>>> solver = cp_model.CpSolver()
>>> solver.parameters.num_workers = 1
>>> _ = solver.Solve(m)
>>> solver.Value(points)
8
"""

from __future__ import annotations

from collections.abc import Sequence

from ortools.sat.python import cp_model


def as_var(model: cp_model.CpModel, expr: cp_model.LinearExprT, lo: int, hi: int,
           name: str) -> cp_model.IntVar:
    """An IntVar equal to ``expr`` (CP-SAT's element constraint indexes by a variable)."""
    var = model.NewIntVar(lo, hi, name)
    model.Add(var == expr)
    return var


def lookup(model: cp_model.CpModel, index: cp_model.IntVar, table: Sequence[int],
           name: str) -> cp_model.IntVar:
    """A variable equal to ``table[index]``."""
    out = model.NewIntVar(min(table), max(table), name)
    model.AddElement(index, list(table), out)
    return out


def steps(model: cp_model.CpModel, size: cp_model.IntVar, table: Sequence[int],
          name: str, exact: bool = False) -> cp_model.LinearExprT:
    """``table[size]`` for a table that never drops, paid a step at a time: ``reach[s]`` (the
    size is at least ``s``) for each size where the table rises.  Only lower bounds on
    ``size`` are enforced, so maximising makes the points exact; the linear relaxation
    ``size >= s * reach[s]`` is the table's concave envelope, tighter than an element.
    ``exact``: the upper bounds too (a step not paid means the size is below it), so the
    points are ``table[size]`` whatever the objective.

    >>> m = cp_model.CpModel()
    >>> n = m.NewIntVar(3, 3, "n")
    >>> m.Maximize(steps(m, n, [0, 1, 1, 4, 4], "d"))
    >>> solver = cp_model.CpSolver()
    >>> solver.parameters.num_workers = 1
    >>> _ = solver.Solve(m)
    >>> int(solver.ObjectiveValue())
    4
    """
    points: list = [table[0]]
    below = None
    for s in range(1, len(table)):
        rise = table[s] - table[s - 1]
        if rise < 0:
            raise ValueError("steps() needs a table that never drops")
        if rise == 0:
            continue
        reach = model.NewBoolVar(f"{name}_reach_{s}")
        model.Add(size >= s).OnlyEnforceIf(reach)
        if exact:
            model.Add(size <= s - 1).OnlyEnforceIf(reach.Not())
        if below is not None:
            model.AddImplication(reach, below)
        points.append(rise * reach)
        below = reach
    return sum(points)
