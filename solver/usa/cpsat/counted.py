"""Counted groups: "how many areas (or neighbourhoods) meet a requirement", with a few labelled
groups instead of a partition of the whole city.

A requirement counted per group needs only the groups it counts, and only as many as can
score: a card counts every one, an achievement stops at its ``at least``. So the model holds
``labels`` numbered groups, each either unused or one group the requirement counts.

Variables (each stated once, per requirement and label ``k``):

- ``used[k]``: label ``k`` names a counted group (labels are used in order: 0, 1, ...);
- ``member[(s, k)]``: space ``s`` belongs to the group labelled ``k``;
- ``root[(s, k)]``: ``s`` is that group's root (one per used label; roots in reading order
  from label to label, so each set of groups is labelled one way only);
- ``depth[s]``, ``parent[(s, u)]``: ``s`` reaches its group's root along linked spaces.

Why the count never exceeds the city's: a member's linked neighbours are members (a label
holds whole groups); no space has two labels (labelled groups are distinct); and where the
requirement reads a group's size or contents, every member reaches the root through linked
members (a label holds one group, not a union). Where it reads neither (a kind, ``only``,
``enclosed``), a union of groups under one label could only count fewer, so no paths are
built. Every city's count (up to the labels) is one assignment: label its groups in the order
of their first spaces.

Against a partition of every space by its root (36 roots and 666 memberships a 3x3 city for
every kind of group), a requirement an achievement needs twice holds 2 labels: measured in
``bench/bench_usa.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.usa.cpsat.groups import parents_of
from solver.usa.cpsat.layout import CityModel
from solver.usa.cpsat.literals import Lit
from solver.usa.game.city import Space


@dataclass(frozen=True)
class Counted:
    """``labels`` distinct groups: who belongs to each, and which are used."""

    member: dict[tuple[Space, int], Lit]
    used: list[Lit]

    def size(self, k: int) -> Any:
        return sum(v for (_, j), v in self.member.items() if j == k)


def counted_groups(cm: CityModel, linked: dict[tuple[Space, Space], Any], labels: int,
                   connected: bool, name: str) -> Counted:
    """``labels`` distinct groups of spaces closed under ``linked`` (a literal or True per pair
    of touching spaces), each connected when ``connected``."""
    m, spaces = cm.m, cm.spaces
    index = {s: i for i, s in enumerate(spaces)}
    ks = range(labels)
    member = {(s, k): m.NewBoolVar(f"{name}.member[{s},{k}]") for s in spaces for k in ks}
    root = {(s, k): m.NewBoolVar(f"{name}.root[{s},{k}]") for s in spaces for k in ks}
    used = [m.NewBoolVar(f"{name}.used[{k}]") for k in ks]
    for k in ks:
        m.Add(sum(root[s, k] for s in spaces) == used[k])
        for s in spaces:
            m.AddImplication(root[s, k], member[s, k])
            m.AddImplication(member[s, k], used[k])
        if k:
            m.AddImplication(used[k], used[k - 1])
            m.Add(sum(index[s] * root[s, k - 1] for s in spaces) + 1
                  <= sum(index[s] * root[s, k] for s in spaces)).OnlyEnforceIf(used[k])
        for (s, u), link in linked.items():
            cond = [] if link is True else [link]
            m.AddImplication(member[s, k], member[u, k]).OnlyEnforceIf(cond)
            m.AddImplication(member[u, k], member[s, k]).OnlyEnforceIf(cond)
    for s in spaces:
        m.AddAtMostOne(member[s, k] for k in ks)
    if connected:
        _paths_to_roots(cm, linked, member, root, labels, name)
    return Counted(member, used)


def _paths_to_roots(cm: CityModel, linked: dict[tuple[Space, Space], Any],
                    member: dict[tuple[Space, int], Lit], root: dict[tuple[Space, int], Lit],
                    labels: int, name: str) -> None:
    """Every member but a root has one parent, a linked space one step nearer the root (in
    its own group, since groups are closed under links)."""
    m, spaces = cm.m, cm.spaces
    depth = {s: m.NewIntVar(0, len(spaces) - 1, f"{name}.depth[{s}]") for s in spaces}
    for s in spaces:
        below_root = (sum(member[s, k] for k in range(labels))
                      - sum(root[s, k] for k in range(labels)))
        parents = parents_of(cm, linked, depth, s, name)
        m.Add(sum(parents) == below_root)
