"""Shops: every shop in exactly one straight set, the best partition (``score_shops``).

- ``segment[s]``: the straight run of cells ``s`` (1 up to the edition's largest set) is one set
  of shops.  A run continues along a row or column and, with the ruleset option
  ``bridges_extend_shop_lines``, across a bridge whose ends share that row or column, exactly as
  ``scoring.shops.line_next`` reads a line; such a run exists only where the mat puts its bridge.

Each shop is covered by exactly one segment and each segment pays ``shop_sets[len - 1]``, so the
best cover is the exact best partition the scorer computes.  Its parts: how many segments of
each length (``solver.twocities.cpsat.model.values.shop_rows``).
"""

from __future__ import annotations

from collections import defaultdict

from ortools.sat.python import cp_model

from solver.twocities.cpsat.model.grid import CityGrid, Offset
from solver.twocities.cpsat.model.scored import Scored
from solver.twocities.cpsat.model.tables import as_var, lookup
from solver.twocities.game.components import Coord
from solver.twocities.game.vocab import SHOP
from solver.twocities.scoring.shops import shop_line_value, straight_bridge_end


def line_next(grid: CityGrid, offset: Offset, cell: Coord, down: bool,
              bridges: bool) -> tuple[Coord | None, bool]:
    """The next cell of a shop line at this mat position, and whether a bridge carries it."""
    r, c = cell
    step = (r + 1, c) if down else (r, c + 1)
    if step in grid.index and step not in offset.landscape:
        return step, False
    if bridges:
        end = straight_bridge_end(cell, down, offset.bridges, lambda p: p in offset.landscape)
        if end is not None:
            return end, True
    return None, False


def shop_segments(grid: CityGrid) -> dict[tuple[Coord, ...], list]:
    """Every straight run a set of shops could occupy, with the mat positions a bridge needs
    (an empty list: the run needs no bridge)."""
    longest = len(grid.rules.shop_sets)
    bridges = bool(grid.rules.option("bridges_extend_shop_lines"))
    segs: dict[tuple[Coord, ...], list] = {}
    needs: dict[tuple[Coord, ...], list] = defaultdict(list)
    for o in grid.offsets:
        for start in grid.cells:
            if start in o.landscape:
                continue
            segs.setdefault((start,), [])
            for down in (False, True):
                run, bridged = [start], False
                while len(run) < longest:
                    nxt, via = line_next(grid, o, run[-1], down, bridges)
                    if nxt is None:
                        break
                    run.append(nxt)
                    bridged |= via
                    key = tuple(run)
                    if bridged:
                        needs[key].append(o.lit)
                    else:
                        segs.setdefault(key, [])
    for key, lits in needs.items():
        segs[key] = lits
    return segs


def score_shops(grid: CityGrid) -> Scored:
    """The city's shop points: the best partition of its shops into straight sets."""
    model, sets = grid.model, grid.rules.shop_sets
    shop = {c: grid.is_type(c, SHOP) for c in grid.cells}
    covering: dict[Coord, list] = defaultdict(list)
    by_length: dict[int, list] = defaultdict(list)
    points = []
    for cells, needs in shop_segments(grid).items():
        if any(shop[c] is None for c in cells):
            continue
        seg = model.NewBoolVar(f"{grid.name}_shops_{'_'.join(f'{r}{c}' for r, c in cells)}")
        if needs:
            model.AddBoolOr(needs).OnlyEnforceIf(seg)
        for c in cells:
            covering[c].append(seg)
        points.append(sets[len(cells) - 1] * seg)
        by_length[len(cells)].append(seg)
    for c in grid.cells:
        if shop[c] is not None:
            model.Add(sum(covering[c]) == shop[c])
    _no_more_than_straight_lines(grid, sum(points))
    return Scored(sum(points), tuple(sum(by_length[k]) for k in range(1, len(sets) + 1)))


def _no_more_than_straight_lines(grid: CityGrid, points: cp_model.LinearExprT) -> None:
    """Redundant: n shops never beat the best split of n into lines no longer than the
    square; it keeps the relaxation from spreading shops thinly over long lines."""
    sets = grid.rules.shop_sets
    best = [0]
    for n in range(1, len(grid.cells) + 1):
        best.append(max(shop_line_value(k, sets) + best[n - k]
                        for k in range(1, min(n, grid.size) + 1)))
    n = grid.total_type(SHOP)
    if isinstance(n, int):
        grid.model.Add(points <= best[n])
        return
    top = grid.max_count_type(SHOP)
    count = as_var(grid.model, n, 0, top, f"{grid.name}_shop_count")
    grid.model.Add(points <= lookup(grid.model, count, best[: top + 1], f"{grid.name}_shop_cap"))
