"""Factories: a city's factories times the points its rank pays (``score_factories``).

The rank compares the city's factory count with the rivals' counts and, for a pair of cities,
with the other city's count; points per count come from ``factory_points_per_tile``.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from solver.twocities.cpsat.model.grid import CityGrid
from solver.twocities.cpsat.model.tables import as_var, lookup
from solver.twocities.game.vocab import FACTORY
from solver.twocities.scoring.categories import factory_points_per_tile


def score_factories(grids: Sequence[CityGrid], rivals: Sequence[int]) -> list:
    """Each city's factory points, ranked against ``rivals`` and each other."""
    model = grids[0].model
    ranks = grids[0].rules.factory_ranks
    counts = [g.total_type(FACTORY) for g in grids]
    if all(isinstance(n, int) for n in counts):
        return [n * factory_points_per_tile(n, [*rivals, *counts[:i], *counts[i + 1:]], ranks)
                for i, n in enumerate(counts)]
    tops = [g.max_count_type(FACTORY) for g in grids]
    names = [g.name for g in grids]
    vars_ = [as_var(model, n, 0, top, f"{name}_factories")
             for n, top, name in zip(counts, tops, names, strict=True)]
    if len(grids) == 1:
        table = [n * factory_points_per_tile(n, rivals, ranks) for n in range(tops[0] + 1)]
        return [lookup(model, vars_[0], table, f"{names[0]}_factory_points")]
    # two cities: one table per city over both counts, indexed by n0 * (top1 + 1) + n1
    index = as_var(model, vars_[0] * (tops[1] + 1) + vars_[1], 0,
                   (tops[0] + 1) * (tops[1] + 1) - 1, "factory_pair")
    out = []
    for i in range(2):
        table = []
        for n0, n1 in product(range(tops[0] + 1), range(tops[1] + 1)):
            mine, other = (n0, n1) if i == 0 else (n1, n0)
            table.append(mine * factory_points_per_tile(mine, [*rivals, other], ranks))
        out.append(lookup(model, index, table, f"{names[i]}_factory_points"))
    return out

