"""The CP-SAT model of an optimal city: tiles on cells, the mat's position, and every scoring
category, each in its own module mirroring the scorer's function of the same name.

``build_model(pool)`` returns the model with one ``CityGrid`` per city and each city's points
by category (and the parts they split into, ``cpsat.model.scored``); ``cpsat.city.solve`` solves
it, reads the city back and re-scores it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass

from ortools.sat.python import cp_model

from solver.twocities.cpsat.model.civics import score_civics
from solver.twocities.cpsat.model.districts import score_districts
from solver.twocities.cpsat.model.factories import score_factories
from solver.twocities.cpsat.model.grid import CityGrid
from solver.twocities.cpsat.model.houses import score_houses
from solver.twocities.cpsat.model.offices import score_offices
from solver.twocities.cpsat.model.parks import score_parks
from solver.twocities.cpsat.model.scored import Scored
from solver.twocities.cpsat.model.shops import score_shops
from solver.twocities.cpsat.model.taverns import score_taverns
from solver.twocities.game.components import Mat
from solver.twocities.game.pool import Pool
from solver.twocities.game.tiles import Duplex
from solver.twocities.game.vocab import (
    CATEGORIES,
    CIVIC,
    DISTRICT,
    FACTORY,
    HOUSE,
    OFFICE,
    PARK,
    SHOP,
    TAVERN,
)


@dataclass
class CityModel:
    """A built model: the grids (one per city), each city's points by category, and the
    parts of those points (for the categories that have them)."""

    model: cp_model.CpModel
    grids: list[CityGrid]
    points: list[dict[str, cp_model.LinearExprT | int]]
    parts: list[dict[str, tuple[cp_model.LinearExprT, ...]]]

    def total(self, i: int) -> cp_model.LinearExprT:
        return sum(self.points[i].values())


#: Factories and districts rank the cities against each other, so their parts see every
#: grid; the other categories (``vocab.CATEGORIES``, the scorer's order) score one grid each.
_PER_GRID = {SHOP: score_shops, TAVERN: score_taverns, PARK: score_parks,
             OFFICE: score_offices, HOUSE: score_houses, CIVIC: score_civics}


def build_model(pool: Pool, mats: tuple[Mat | None, ...] | None = None,
                categories: Collection[str] = CATEGORIES, *,
                root_chain: bool = True) -> CityModel:
    """The model for the pool's city (or its two cities when it names two mats), with the
    parts of the given scoring categories only (all of them unless told).  ``root_chain``:
    how a district's region breaks its symmetry (``districts.connected_region``).

    >>> from solver.twocities.game.pool import pool_from_json
    >>> pool = pool_from_json({"variant": "beginner", "tiles": ["P"] * 12 + ["F|O", "P/H"]})
    >>> len(build_model(pool).grids)
    1
    >>> list(build_model(pool, categories=[PARK]).points[0])
    ['park']
    """
    model = cp_model.CpModel()
    mats = mats if mats is not None else (pool.mats if pool.mats else (None,))
    singles, duplexes = pool.rules.singles, pool.rules.duplexes
    uses_all = len(mats) == 1 and pool.uses_all
    grids = [CityGrid(model, pool, mat, pool.rules.size, f"city{i}", uses_all)
             for i, mat in enumerate(mats)]
    fixed_d = sum(isinstance(p.tile, Duplex) for p in pool.fixed)
    for g in grids:
        model.Add(g.singles_used() == singles - (len(pool.fixed) - fixed_d))
        model.Add(g.duplexes_used() == duplexes - fixed_d)
    for token, n in Counter(b.token for b in pool.singles).items():
        model.Add(sum(g.single_count(token) for g in grids) <= n)
    for token, n in Counter(d.token for d in pool.duplexes).items():
        model.Add(sum(g.duplex_count(token) for g in grids) <= n)
    points: list[dict[str, cp_model.LinearExprT | int]] = [{} for _ in grids]
    parts: list[dict[str, tuple[cp_model.LinearExprT, ...]]] = [{} for _ in grids]
    for name in CATEGORIES:
        if name not in categories:
            continue
        if name == FACTORY:
            per_city = score_factories(grids, pool.context.rival_factories)
        elif name == DISTRICT:
            per_city = score_districts(grids, pool.context.districts, root_chain=root_chain)
        else:
            per_city = [_PER_GRID[name](g) for g in grids]
        for i, value in enumerate(per_city):
            scored = value if isinstance(value, Scored) else Scored(value)
            points[i][name] = scored.points
            if scored.parts:
                parts[i][name] = scored.parts
    return CityModel(model, grids, points, parts)
