"""Areas and neighbourhoods as a partition of the whole city: connected groups of adjacent
spaces (mirrors ``geometry.areas`` and ``geometry.neighbourhoods``). A requirement that
counts few groups, or needs no paths, labels them instead (``counted.py``).

Every group is named by its root, the first of its spaces in reading order. Variables (each
stated once, per kind of group):

- ``member[(s, t)]`` (``t`` not after ``s``): space ``s`` belongs to the group whose root is
  ``t``; ``member[(t, t)]``: ``t`` is a root.
- ``depth[s]``: steps from ``s`` to its root along ``parent`` links; ``parent[(s, u)]``: the
  adjacent space ``u`` one step nearer the root.
- ``size[t]``: how many spaces the group rooted at ``t`` holds (0 when ``t`` is no root).

Adjacent spaces share their group; each space reaches its root through adjacent spaces of its
group, so a group is exactly a connected component and has exactly one root.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.usa.cpsat.layout import CityModel, same_area
from solver.usa.cpsat.literals import Lit
from solver.usa.game.city import Space


@dataclass(frozen=True)
class Groups:
    """The components of one kind of adjacency."""

    member: dict[tuple[Space, Space], Lit]
    size: dict[Space, Any]

    def root(self, t: Space) -> Lit:
        return self.member[t, t]


def parents_of(cm: CityModel, linked: dict[tuple[Space, Space], Any], depth: dict[Space, Any],
               s: Space, name: str) -> list[Lit]:
    """A literal for each space touching ``s`` it may step to on its way to its group's root:
    linked to ``s`` and one step nearer (the caller says how many steps ``s`` takes)."""
    m, parents = cm.m, []
    for u in cm.touching(s):
        link = linked[min(s, u), max(s, u)]
        parent = m.NewBoolVar(f"{name}.parent[{s},{u}]")
        if link is not True:
            m.AddImplication(parent, link)
        m.Add(depth[u] + 1 <= depth[s]).OnlyEnforceIf(parent)
        parents.append(parent)
    return parents


def _components(cm: CityModel, linked: dict[tuple[Space, Space], Any], name: str) -> Groups:
    m, spaces = cm.m, cm.spaces
    index = {s: i for i, s in enumerate(spaces)}
    member: dict[tuple[Space, Space], Lit] = {}
    for s in spaces:
        for t in spaces[:index[s] + 1]:
            member[s, t] = m.NewBoolVar(f"{name}.member[{s},{t}]")
        m.AddExactlyOne(member[s, t] for t in spaces[:index[s] + 1])
    for (s, u), link in linked.items():
        cond = [] if link is True else [link]
        for t in spaces[:index[s] + 1]:
            m.AddImplication(member[s, t], member[u, t]).OnlyEnforceIf(cond)
            m.AddImplication(member[u, t], member[s, t]).OnlyEnforceIf(cond)
        for t in spaces[index[s] + 1:index[u] + 1]:
            m.Add(member[u, t] == 0).OnlyEnforceIf(cond)
    depth = {s: m.NewIntVar(0, len(spaces) - 1, f"{name}.depth[{s}]") for s in spaces}
    for s in spaces:
        root = member[s, s]
        m.Add(depth[s] == 0).OnlyEnforceIf(root)
        m.Add(depth[s] >= 1).OnlyEnforceIf(root.Not())
        parents = parents_of(cm, linked, depth, s, name)
        for u in cm.touching(s):
            link = linked[min(s, u), max(s, u)]
            # Depth is the distance to the root (no shortcut is left unused): one depth for
            # each city, so the search never revisits a city under other depths.
            m.Add(depth[s] <= depth[u] + 1).OnlyEnforceIf([] if link is True else [link])
        m.Add(sum(parents) == 1 - root)
        # A path to the root is never shorter than the grid distance (for the LP's sake).
        m.Add(depth[s] >= sum((abs(s[0] - t[0]) + abs(s[1] - t[1])) * member[s, t]
                              for t in spaces[:index[s] + 1]))
    size = {t: sum(member[s, t] for s in spaces[index[t]:]) for t in spaces}
    return Groups(member, size)


def areas(cm: CityModel) -> Groups:
    """Connected groups of adjacent spaces of one area kind (water, park, city)."""
    if "areas" not in cm.cache:
        linked = {(s, t): same_area(cm, s, t) for s, t in cm.pairs()}
        cm.cache["areas"] = _components(cm, linked, "area")
    return cm.cache["areas"]


def neighbourhoods(cm: CityModel) -> Groups:
    """Connected groups of adjacent spaces of any kind (enclosed by streets and the edge)."""
    if "neighbourhoods" not in cm.cache:
        cm.cache["neighbourhoods"] = _components(cm, dict(cm.joined), "neighbourhood")
    return cm.cache["neighbourhoods"]
