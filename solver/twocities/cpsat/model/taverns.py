"""Taverns: sets of different kinds, the i-th set holding every kind with at least i taverns
(``score_taverns`` / ``tavern_value``).

- ``at_least[kind][i]``: the city has at least ``i`` taverns of ``kind``.
- the i-th set's size is the number of kinds with ``at_least[kind][i]``; it pays
  ``tavern_sets[size - 1]``.
"""

from __future__ import annotations

from collections import Counter

from ortools.sat.python import cp_model

from solver.twocities.cpsat.model.grid import CityGrid
from solver.twocities.cpsat.model.tables import as_var, lookup
from solver.twocities.game.tiles import Building
from solver.twocities.game.vocab import TAVERN, TAVERN_KINDS
from solver.twocities.scoring.categories import tavern_value


def score_taverns(grid: CityGrid) -> cp_model.LinearExprT | int:
    model, rules = grid.model, grid.rules
    tokens = {kind: Building(TAVERN, tavern=kind).token for kind in TAVERN_KINDS}
    totals = {kind: grid.total([tok]) for kind, tok in tokens.items()}
    if all(isinstance(n, int) for n in totals.values()):
        return tavern_value(Counter({k: n for k, n in totals.items() if n}), rules)
    supply = {kind: _supply(grid, tok) for kind, tok in tokens.items()}
    layers = max(supply.values(), default=0)
    table = [0, *rules.tavern_sets]
    points = []
    at_least = {}
    for kind, tok in tokens.items():
        n = as_var(model, grid.count([tok]), 0, supply[kind], f"{grid.name}_taverns_{kind}")
        for i in range(1, supply[kind] + 1):
            b = model.NewBoolVar(f"{grid.name}_taverns_{kind}_at_least_{i}")
            model.Add(n >= i).OnlyEnforceIf(b)
            model.Add(n <= i - 1).OnlyEnforceIf(b.Not())
            at_least[kind, i] = b
    for i in range(1, layers + 1):
        members = [at_least[k, i] for k in TAVERN_KINDS if (k, i) in at_least]
        size = as_var(model, sum(members), 0, len(members), f"{grid.name}_tavern_set_{i}")
        points.append(lookup(model, size, table[: len(members) + 1],
                             f"{grid.name}_tavern_set_{i}_points"))
    return sum(points)


def _supply(grid: CityGrid, token: str) -> int:
    """At most how many buildings of ``token`` the city can hold."""
    pool = grid.pool
    n = sum(b.token == token for b in pool.singles)
    n += sum((d.first.token == token) + (d.second.token == token) for d in pool.duplexes)
    return min(n + grid.fixed_count(token), grid.size * grid.size)
