"""Parks: every connected group scores separately (``score_parks`` / ``park_group_value``).

A group of n parks pays ``extra * n + bonus(n)``: ``extra`` per park, and a bonus that steps up
at each size the edition's table lists (1, 2, 3 parks).  Variables:

- ``root[c]``: the park on ``c`` stands for its group and collects the group's bonus.
- ``label[c]``: a number shared by every park of a group (equal across every edge between two
  parks, bridges included); a root's label is its own cell number, so a group has at most one
  root.  A group without a root collects no bonus, which maximising never leaves.
- ``pair[c]`` / ``trio[c]``: the root's group has at least 2 / 3 parks.  Both are read off the
  root's neighbourhood, which is exact: a connected group of 3 or more holds a root with two
  park neighbours, or one park neighbour that has another.

Its parts: how many groups have a root, and how many of them reach each size the table lists
(``solver.twocities.cpsat.model.values.park_rows``).
"""

from __future__ import annotations

from fractions import Fraction

from ortools.sat.python import cp_model

from solver.twocities.cpsat.model.grid import CityGrid
from solver.twocities.cpsat.model.groups import connected_groups
from solver.twocities.cpsat.model.scored import Scored
from solver.twocities.game.vocab import PARK
from solver.twocities.scoring.categories import park_group_value


def score_parks(grid: CityGrid) -> Scored:
    model, rules = grid.model, grid.rules
    park = {c: lit for c in grid.cells if (lit := grid.is_type(c, PARK)) is not None}
    if not park:
        return Scored(0)
    extra = rules.park_extra_per_tile
    steps = len(rules.park_groups)
    bonus = [park_group_value(n, rules) - extra * n for n in range(steps + 1)]
    reaching: list[list] = [[] for _ in range(steps)]  # groups reaching 1, 2, ... parks
    if steps > 3 or any(x > y for x, y in zip(bonus, bonus[1:], strict=False)):
        by_sizes = _bonus_by_sizes(grid, park, bonus, reaching)
        return Scored(extra * grid.count_type(PARK) + by_sizes, _sums(reaching))
    roots = _roots(grid, park)
    points: list = [extra * grid.count_type(PARK)]
    bonuses: list = []
    for c, root in roots.items():
        bonuses.append((bonus[1] - bonus[0]) * root)
        reaching[0].append(root)
        # each step up (a group of 2+, then 3+) implies the one below, so its bonus adds on
        below = root
        for size, (label, detect) in enumerate(_GROUP_STEPS, start=2):
            if steps < size or (shape := detect(grid, park, c)) is None:
                break
            step = model.NewBoolVar(f"{grid.name}_park_group_{c}_{label}")
            model.AddImplication(step, below)
            model.AddImplication(step, shape)
            bonuses.append((bonus[size] - bonus[size - 1]) * step)
            reaching[size - 1].append(step)
            below = step
    # a group of n parks never earns more bonus than n times the best bonus per park:
    # redundant, but it keeps the relaxation from crediting every park as a root
    per_park = max(Fraction(bonus[k], k) for k in range(1, steps + 1))
    model.Add(sum(bonuses) * per_park.denominator
              <= per_park.numerator * grid.count_type(PARK))
    return Scored(sum(points) + sum(bonuses), _sums(reaching))


def _sums(lits: list[list]) -> tuple:
    return tuple(sum(group) for group in lits)


def _roots(grid: CityGrid, park: dict) -> dict:
    """One root at most per group, through labels shared across edges."""
    model = grid.model
    top = len(grid.cells) - 1
    label = {c: model.NewIntVar(0, top, f"{grid.name}_park_label_{c}") for c in park}
    roots = {}
    for c, lit in park.items():
        root = model.NewBoolVar(f"{grid.name}_park_root_{c}")
        model.AddImplication(root, lit)
        model.Add(label[c] == grid.index[c]).OnlyEnforceIf(root)
        roots[c] = root
    for a, b, edge in grid.edges:
        if a in park and b in park:
            cond = [park[a], park[b]] + ([edge] if edge is not None else [])
            model.Add(label[a] == label[b]).OnlyEnforceIf(cond)
    return roots


def _joined(grid: CityGrid, park: dict, a, b, edge) -> object:
    """A literal: parks on both ``a`` and ``b`` and the edge between them is there."""
    return grid.bool_and([park[a], park[b]] + ([edge] if edge is not None else []),
                         f"parks_joined_{a}_{b}")


def _park_pair(grid: CityGrid, park: dict, c) -> object | None:
    links = [_joined(grid, park, c, n, e) for n, e in grid.neighbours[c] if n in park]
    return grid.bool_or(links, f"park_pair_{c}") if links else None


def _park_trio(grid: CityGrid, park: dict, c) -> object | None:
    """Exact: c's group has 3+ parks (two park neighbours, or a neighbour with another)."""
    model = grid.model
    links = {n: _joined(grid, park, c, n, e) for n, e in grid.neighbours[c] if n in park}
    ways = []
    if len(links) >= 2:
        two = model.NewBoolVar(f"{grid.name}_park_two_{c}")
        model.Add(sum(links.values()) >= 2).OnlyEnforceIf(two)
        ways.append(two)
    for n, link in links.items():
        onward = [_joined(grid, park, n, m, e) for m, e in grid.neighbours[n]
                  if m in park and m != c]
        if onward:
            ways.append(grid.bool_and([link, grid.bool_or(onward, f"park_on_{n}_{c}")],
                                      f"park_via_{n}_{c}"))
    return grid.bool_or(ways, f"park_trio_{c}") if ways else None


_GROUP_STEPS = (("pair", _park_pair), ("trio", _park_trio))


def _bonus_by_sizes(grid: CityGrid, park: dict, bonus: list[int],
                    reaching: list[list]) -> cp_model.LinearExprT:
    """Exact group sizes by labelling, for a table listing more than three sizes (each
    group reaching each size is added to ``reaching``)."""
    model = grid.model
    groups = connected_groups(model, grid.cells, park, grid.edges, f"{grid.name}_parks")
    points = []
    for r, root in groups.roots.items():
        points.append((bonus[1] - bonus[0]) * root)
        reaching[0].append(root)
        previous = root
        for k in range(2, len(bonus)):
            b = model.NewBoolVar(f"{grid.name}_park_group_{r}_at_least_{k}")
            model.Add(groups.sizes[r] >= k).OnlyEnforceIf(b)
            model.Add(groups.sizes[r] <= k - 1).OnlyEnforceIf(b.Not())
            model.AddImplication(b, previous)
            points.append((bonus[k] - bonus[k - 1]) * b)
            reaching[k - 1].append(b)
            previous = b
    return sum(points)
