"""A solved model read back as a city, and held to the scorer: what every solve shares.

``read_city`` turns a solution into the city (city coordinates) and the pool tiles on it;
``rescore`` scores that city with the scorer and raises ``ModelMismatch`` where the model's
points for a category disagree; ``forbid_assignment`` and ``exclude_layouts`` rule answers out
of a model (a layout legal play cannot build, the layouts a caller has already seen);
``layout_literals`` is the reverse of ``read_city``: cities found elsewhere, as the values
of the model's literals (a solve can start from them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from ortools.sat.python import cp_model

from solver.common.errors import ModelMismatch
from solver.common.status import Status
from solver.twocities.cpsat.model import CityModel
from solver.twocities.cpsat.model.grid import CityGrid
from solver.twocities.game.city import City
from solver.twocities.game.layout import empty_city, mat_position
from solver.twocities.game.pool import Placement, Pool
from solver.twocities.game.tiles import LANDSCAPE, Building, Duplex
from solver.twocities.game.vocab import DISTRICT, PARK, SHOP
from solver.twocities.rules.order import order_problems
from solver.twocities.scoring.categories import Score, score_city


class Answer(NamedTuple):
    """A city the solver found: the city, the pool's tiles it places, the scorer's breakdown."""

    city: City
    placements: tuple[Placement, ...]
    score: Score

#: Categories the model counts from below and lets maximising make exact (see ``rescore``).
FROM_BELOW = (SHOP, PARK, DISTRICT)


def rescore(solver: Any, cm: CityModel, i: int, city: City, pool: Pool,
            status: Status) -> Score:
    """The scorer's breakdown; it must agree with the model category by category.

    The model counts some categories from below and lets maximising make them exact: shops
    by any partition into straight sets, park groups' bonuses by the roots it names, a
    district by any connected region.  A solution not proven optimal may count those below
    the city's real points, and the scorer's figure is its real score then.
    """
    score = score_city(city, pool.rules)
    for name, expr in cm.points[i].items():
        model_value = expr if isinstance(expr, int) else int(solver.Value(expr))
        real = score.categories[name]
        if model_value == real or (name in FROM_BELOW and model_value < real
                                   and status != Status.OPTIMAL):
            continue
        raise ModelMismatch(f"{name}: the model counts {model_value}, the scorer {real} "
                            f"for {city.notation()}")
    return score


def read_city(solver: Any, grid: CityGrid, pool: Pool) -> tuple[City, tuple[Placement, ...]]:
    """The solved city in city coordinates, and the pool tiles on it."""
    offset = next(o for o in grid.offsets if solver.BooleanValue(o.lit))
    city = empty_city(grid.size, grid.mat, offset.at, pool.rules.edition, pool.context)
    rows = [list(row) for row in city.grid]
    placed: list[Placement] = []
    for cell, b in offset.fixed.items():
        rows[cell[0]][cell[1]] = b
    for cell in grid.cells:
        for token, lit in grid.single[cell].items():
            if solver.BooleanValue(lit):
                rows[cell[0]][cell[1]] = grid.building_of[token]
                placed.append(Placement(grid.building_of[token], cell))
    for token, anchors in grid.duplex.items():
        tile = grid.duplex_tile[token]
        for a, lit in anchors.items():
            if solver.BooleanValue(lit):
                b = (a[0] + tile.offset[0], a[1] + tile.offset[1])
                rows[a[0]][a[1]], rows[b[0]][b[1]] = tile.first, tile.second
                placed.append(Placement(tile, a))
    return City(tuple(tuple(r) for r in rows), city.bridges, city.context, city.edition), \
        tuple(placed)


def forbid_assignment(model: cp_model.CpModel, solver: Any, grid: CityGrid) -> None:
    """No later answer of ``model`` may repeat this exact placement of tiles (legal play
    cannot build it)."""
    lits = [o.lit for o in grid.offsets if solver.BooleanValue(o.lit)]
    lits += [lit for c in grid.cells for lit in grid.single[c].values()
             if solver.BooleanValue(lit)]
    lits += [lit for per in grid.duplex.values() for lit in per.values()
             if solver.BooleanValue(lit)]
    model.AddBoolOr([lit.Not() for lit in lits])


def buildable_city(solve: Callable[[], int], solver: Any, cm: CityModel,
                   model: cp_model.CpModel, pool: Pool, exhausted: Callable[[], bool]
                   ) -> tuple[Status, Answer | None]:
    """A city of ``model`` (one city: ``cm``'s first grid) that legal play can build: each
    answer the rules engine refuses is forbidden and ``solve`` (which solves ``model`` with
    ``solver`` and counts its work) asked again.  (optimal, the city re-scored), infeasible,
    or unknown: the limits ran out first, or ``exhausted`` says so between answers."""
    grid = cm.grids[0]
    while True:
        code = solve()
        if code == cp_model.INFEASIBLE:
            return Status.INFEASIBLE, None
        if code not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return Status.UNKNOWN, None
        city, placed = read_city(solver, grid, pool)
        if not order_problems(city, pool, placed):
            scored = rescore(solver, cm, 0, city, pool, Status.FEASIBLE)
            return Status.OPTIMAL, Answer(city, placed, scored)
        forbid_assignment(model, solver, grid)  # legal play cannot build it: another
        if exhausted():
            return Status.UNKNOWN, None


def exclude_layouts(model: cp_model.CpModel, grids: Sequence[CityGrid],
                    cities: Sequence[City]) -> None:
    """``model``'s answer must differ from ``cities`` (one per grid) in at least one cell."""
    matches: list = []
    cells = 0
    for grid, city in zip(grids, cities, strict=True):
        if city.size != grid.size:
            return
        for cell in grid.cells:
            x = city.at(cell)
            if x is LANDSCAPE:
                matches += grid.landscape_lits(cell)
            elif isinstance(x, Building):
                matches += grid.kind[cell].get(x.token, [])
            else:
                return  # an unfinished city differs from every answer
        cells += len(grid.cells)
    model.Add(sum(matches) <= cells - 1)


def layout_literals(grids: Sequence[CityGrid],
                    cities: Sequence[tuple[City, Sequence[Placement]]]
                    ) -> list[tuple[cp_model.IntVar, int]]:
    """The value of every tile literal (and mat position) that builds these cities: the
    reverse of ``read_city``, one city per grid, each with the pool tiles it places (city
    coordinates)."""
    out: list[tuple[cp_model.IntVar, int]] = []
    for grid, (city, placed) in zip(grids, cities, strict=True):
        at = mat_position(city, grid.mat) if grid.mat is not None else (0, 0)
        out += [(o.lit, int(o.at == at)) for o in grid.offsets]
        singles = {p.at: p.tile.token for p in placed if isinstance(p.tile, Building)}
        anchors = {(p.tile.token, p.at) for p in placed if isinstance(p.tile, Duplex)}
        out += [(lit, int(singles.get(cell) == token))
                for cell in grid.cells for token, lit in grid.single[cell].items()]
        out += [(lit, int((token, a) in anchors))
                for token, per in grid.duplex.items() for a, lit in per.items()]
    return out
