"""Connected groups of cells (park groups, districts) as CP-SAT variables.

Every member cell carries the label of its group: the smallest cell index in the group.

- ``label[c][r]``: cell ``c`` belongs to the group labelled by cell ``r`` (only for r <= c).
- ``root[r] = label[r][r]``: cell ``r`` is the smallest cell of its group.
- ``parent[c][n]``: a non-root member ``c`` hangs from neighbour ``n``, strictly shallower
  (``depth``), so following parents always ends at a root inside the same group.

Neighbouring members share a label, so a group has one label; parents make every labelled
cell connected to its root, so two separate groups never share a label.  Group sizes are then
exact: ``size[r]`` is the number of cells labelled ``r`` (0 for a cell that is no root).

>>> from ortools.sat.python import cp_model
>>> m = cp_model.CpModel()
>>> cells = [(0, 0), (0, 1), (0, 2)]
>>> member = {c: m.NewBoolVar(f"park_{c}") for c in cells}
>>> edges = [((0, 0), (0, 1), None)]
>>> groups = connected_groups(m, cells, member, edges, "g")
>>> len(groups.sizes)
3
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ortools.sat.python import cp_model

from solver.twocities.game.components import Coord

Literal = cp_model.IntVar


@dataclass
class Groups:
    """Each candidate root's literal and its group size (an IntVar, 0 when no root)."""

    roots: dict[Coord, Literal]
    sizes: dict[Coord, cp_model.IntVar]


def connected_groups(model: cp_model.CpModel, cells: Sequence[Coord],
                     member: Mapping[Coord, Literal | None],
                     edges: Sequence[tuple[Coord, Coord, Literal | None]], name: str) -> Groups:
    """Label the connected groups of the cells whose ``member`` literal is true."""
    cand = [c for c in cells if member.get(c) is not None]
    order = {c: i for i, c in enumerate(cand)}
    nbrs: dict[Coord, list[tuple[Coord, Literal | None]]] = defaultdict(list)
    for a, b, lit in edges:
        if a in order and b in order:
            nbrs[a].append((b, lit))
            nbrs[b].append((a, lit))
    label = {c: {r: model.NewBoolVar(f"{name}_label_{c}_{r}") for r in cand[: order[c] + 1]}
             for c in cand}
    for c in cand:
        model.Add(sum(label[c].values()) == member[c])
        for r, lit in label[c].items():
            if r != c:
                model.AddImplication(lit, label[r][r])
    _same_label_across_edges(model, cand, order, member, nbrs, label)
    hang_from_roots(model, cand, member, nbrs, {c: label[c][c] for c in cand}, name)
    roots = {r: label[r][r] for r in cand}
    sizes = {}
    for r in cand:
        size = model.NewIntVar(0, len(cand) - order[r], f"{name}_size_{r}")
        model.Add(size == sum(label[c][r] for c in cand if r in label[c]))
        sizes[r] = size
    return Groups(roots, sizes)


def _same_label_across_edges(model: cp_model.CpModel, cand: Sequence[Coord],
                             order: Mapping[Coord, int], member: Mapping[Coord, Literal | None],
                             nbrs: Mapping[Coord, list[tuple[Coord, Literal | None]]],
                             label: Mapping[Coord, Mapping[Coord, Literal]]) -> None:
    """Two members joined by an edge (a bridge only where the mat puts it) share a label."""
    for c in cand:
        for n, edge in nbrs[c]:
            cond = [member[n]] + ([edge] if edge is not None else [])
            for r, lit in label[c].items():
                if r in label[n]:
                    model.AddImplication(lit, label[n][r]).OnlyEnforceIf(cond)
                else:  # n is smaller than r, so r cannot label n's group
                    model.AddBoolOr([lit.Not(), *(x.Not() for x in cond)])


def hang_from_roots(model: cp_model.CpModel, cand: Sequence[Coord],
                    member: Mapping[Coord, Literal],
                    nbrs: Mapping[Coord, list[tuple[Coord, Literal | None]]],
                    root: Mapping[Coord, Literal], name: str) -> None:
    """Connectivity without flows: every member that is not a root hangs from exactly one
    member neighbour (across ``edge`` where the adjacency needs one) that lies shallower."""
    depth = {c: model.NewIntVar(0, len(cand) - 1, f"{name}_depth_{c}") for c in cand}
    for c in cand:
        parents = []
        for n, edge in nbrs[c]:
            p = model.NewBoolVar(f"{name}_parent_{c}_{n}")
            model.AddImplication(p, member[n])
            if edge is not None:
                model.AddImplication(p, edge)
            model.Add(depth[c] >= depth[n] + 1).OnlyEnforceIf(p)
            parents.append(p)
        # a member that is not a root has exactly one parent; others have none
        model.Add(sum(parents) == 1).OnlyEnforceIf([member[c], root[c].Not()])
        model.Add(sum(parents) == 0).OnlyEnforceIf(root[c])
        model.Add(sum(parents) == 0).OnlyEnforceIf(member[c].Not())
        model.Add(depth[c] == 0).OnlyEnforceIf(root[c])
