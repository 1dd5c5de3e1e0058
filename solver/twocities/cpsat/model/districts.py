"""Districts: the largest connected region of a pair of types, ranked against the rivals
(``score_districts`` / ``district_size`` / ``district_points``).

When the points never drop as the region grows (the usual case), the model picks one connected
region (flow-free: a root, and every other cell of the region hangs from a shallower neighbour
in it); maximising makes it the largest.  Variables:

- ``region[c]``: cell ``c`` is in the chosen region (it holds one of the district's types).
- ``root[c]``: ``c`` is the region's root (one at most); ``parent[c][n]``, ``depth[c]``.

When points can drop as a region grows (a tie for first paying less than a clear second), or
when two cities rank against each other (a smaller region in one would help the other), the
size must be the exact largest group, labelled by ``solver.twocities.cpsat.model.groups``.
For a pair of cities each city's points depend on both sizes: one table indexed by both.
Its parts: each district's points (``solver.twocities.cpsat.model.values.district_rows``).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from ortools.sat.python import cp_model

from solver.twocities.cpsat.model.grid import CityGrid
from solver.twocities.cpsat.model.groups import connected_groups, hang_from_roots
from solver.twocities.cpsat.model.scored import Scored
from solver.twocities.cpsat.model.tables import as_var, lookup, steps
from solver.twocities.game.city import District
from solver.twocities.scoring.categories import district_points


def connected_region(grid: CityGrid, member: dict, name: str,
                     most: int | None = None, tiles: int | None = None, *,
                     root_chain: bool = True) -> cp_model.IntVar:
    """The size of one connected region of member cells (any, possibly empty), with at most
    ``most`` cells when given (a larger region pays no more, so the search need not build it).
    ``root_chain``: the root's symmetry as a prefix chain (3n constraints, ``_root_first``)
    rather than an implication for every earlier cell (n(n-1)/2).

    ``tiles``: how many member tiles the city holds, when every tile is used.  A region of
    all of them is every member cell, and then each member touches another, and no two
    members touch only each other (``_all_in_one_region``): implied by connectivity, but
    stated, presolve reads them off at once (a check that needs the whole district in one
    region, ``solver.twocities.cpsat.city.descent``, refuted pool 33 in 1.4 s against 2.9 s).
    """
    model = grid.model
    cells = [c for c in grid.cells if member.get(c) is not None]
    region = {c: model.NewBoolVar(f"{name}_region_{c}") for c in cells}
    root = {c: model.NewBoolVar(f"{name}_root_{c}") for c in cells}
    model.AddAtMostOne(root.values())
    for i, c in enumerate(cells):
        model.AddImplication(region[c], member[c])
        model.AddImplication(root[c], region[c])
        if not root_chain:  # the root is the region's first cell, an implication per cell
            for earlier in cells[:i]:
                model.AddImplication(root[c], region[earlier].Not())
    if root_chain:
        _root_first(model, cells, region, root, name)
    nbrs = {c: [(n, edge) for n, edge in grid.neighbours[c] if n in region] for c in cells}
    top = len(cells) if most is None else min(most, len(cells))
    hang_from_roots(model, cells, region, nbrs, root, name)
    size = as_var(model, sum(region.values()), 0, top, f"{name}_size")
    if tiles is not None and 2 <= tiles <= top:
        _all_in_one_region(grid, member, region, nbrs, size, tiles, name)
    return size


def _root_first(model: cp_model.CpModel, cells: list, region: dict, root: dict,
                name: str) -> None:
    """Symmetry: the root is the region's first cell (any region has one such tree).

    As a chain: ``before[c]`` holds when a cell ahead of ``c`` is in the region (forced true
    by each such cell, passed on cell to cell), and a root has nothing before it.  The chain
    states what an implication per earlier cell states, in 3n constraints rather than
    n(n-1)/2 (standard pool 46's model: 3,049 constraints against 3,736).  On the 50
    standard pools (one worker, a work limit, each solved both ways in one process) the
    descent took 4 % less CP-SAT work in all (``bench/bench_checks.py --change chain``)."""
    before = None
    for prev, c in zip(cells, cells[1:], strict=False):
        now = model.NewBoolVar(f"{name}_before_{c}")
        model.AddImplication(region[prev], now)
        if before is not None:
            model.AddImplication(before, now)
        model.AddImplication(root[c], now.Not())
        before = now


def _all_in_one_region(grid: CityGrid, member: dict, region: dict, nbrs: dict,
                       size: cp_model.IntVar, tiles: int, name: str) -> None:
    """When the region holds all ``tiles`` member tiles: every member is in it, has a member
    neighbour, and (three or more) no two members are only each other's neighbours."""
    model = grid.model
    whole = model.NewBoolVar(f"{name}_whole")
    model.Add(size <= tiles - 1).OnlyEnforceIf(whole.Not())
    model.Add(size >= tiles).OnlyEnforceIf(whole)
    touching = {}
    for c, others in nbrs.items():
        model.AddImplication(whole, region[c]).OnlyEnforceIf(member[c])
        touching[c] = {n: member[n] if edge is None else grid.bool_and(
            [member[n], edge], f"{name}_touch_{c}_{n}") for n, edge in others}
        model.AddBoolOr(list(touching[c].values())).OnlyEnforceIf([whole, member[c]])
    if tiles < 3:
        return
    for a, b, _ in grid.edges:
        if a in touching and b in touching and b in touching[a]:
            beyond = [lit for n, lit in touching[a].items() if n != b]
            beyond += [lit for n, lit in touching[b].items() if n != a]
            model.AddBoolOr(beyond).OnlyEnforceIf([whole, touching[a][b], member[a]])


def largest_group(grid: CityGrid, member: dict, name: str) -> cp_model.IntVar:
    """The exact size of the largest connected group of member cells."""
    groups = connected_groups(grid.model, grid.cells, member, grid.edges, name)
    largest = grid.model.NewIntVar(0, len(grid.cells), f"{name}_largest")
    grid.model.AddMaxEquality(largest, list(groups.sizes.values()))
    return largest


def _never_drops(points: Sequence[Sequence[int]]) -> bool:
    """Every city's points are non-decreasing in its own size (the other's fixed)."""
    return all(all(a <= b for a, b in zip(row, row[1:], strict=False)) for row in points)


def score_districts(grids: Sequence[CityGrid], districts: Sequence[District], *,
                    root_chain: bool = True) -> list[Scored]:
    """Each city's district points, over every district in play (``root_chain``: see
    ``connected_region``)."""
    model = grids[0].model
    per_district: list[list] = [[] for _ in grids]
    top = len(grids[0].cells)
    sizes_range = range(top + 1)
    for i, d in enumerate(districts):
        if len(grids) == 1:
            tables = [[district_points(s, d.rivals, d.points) for s in sizes_range]]
            rows = tables
        else:
            tables = [[district_points(mine, [*d.rivals, other], d.points)
                       for s0, s1 in product(sizes_range, repeat=2)
                       for mine, other in [((s0, s1) if k == 0 else (s1, s0))]]
                      for k in range(2)]
            rows = [[district_points(s, [*d.rivals, o], d.points) for s in sizes_range]
                    for o in sizes_range]
        # a region smaller than the largest group is only safe when it cannot help anyone:
        # alone and with points that never drop; a pair ranks each city against the other
        alone = len(grids) == 1 and _never_drops(rows)
        sizes = []
        for g in grids:
            member = {c: g.is_any(c, d.types) for c in g.cells}
            if all(v is None for v in member.values()):
                sizes.append(model.NewConstant(0))
            elif alone:
                most = tables[0].index(max(tables[0]))
                tiles = g.total_type_set(d.types)
                sizes.append(connected_region(g, member, f"{g.name}_district_{i}", most,
                                              tiles if isinstance(tiles, int) else None,
                                              root_chain=root_chain))
            else:
                sizes.append(largest_group(g, member, f"{g.name}_district_{i}"))
        if alone:
            # exact: the points are the region's own (a split check fixes them, and with
            # them the region's size range; measured 15% faster in all on 15 pools)
            per_district[0].append(steps(model, sizes[0], tables[0], f"district_{i}",
                                         exact=True))
            continue
        if len(grids) == 1:
            per_district[0].append(lookup(model, sizes[0], tables[0], f"district_{i}_points"))
            continue
        index = as_var(model, sizes[0] * (top + 1) + sizes[1], 0, (top + 1) ** 2 - 1,
                       f"district_{i}_pair")
        for k in range(2):
            per_district[k].append(lookup(model, index, tables[k],
                                          f"{grids[k].name}_district_{i}_points"))
    return [Scored(sum(points), tuple(points)) for points in per_district]
