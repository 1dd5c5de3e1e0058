"""The requirement vocabulary in the model (mirrors ``scoring/requirements.py``).

``count(cm, r)`` is a variable that never exceeds how many times the city meets ``r``: every
occurrence it counts is certified by the city. Cards and achievements score points for it, so
a best city counts every occurrence there is (``solve.py`` re-scores each answer to be sure).
"""

from __future__ import annotations

from typing import Any

from solver.usa.cpsat.counted import counted_groups
from solver.usa.cpsat.groups import areas, neighbourhoods
from solver.usa.cpsat.layout import CityModel, same_area
from solver.usa.cpsat.literals import Lit, all_of, any_of, at_least_if, at_most_if
from solver.usa.cpsat.pieces import visible
from solver.usa.game.city import Space
from solver.usa.game.requirements import Requirement
from solver.usa.game.vocab import COLORS


def matches(cm: CityModel, s: Space, want: str) -> Lit:
    """The space is of the vocabulary's kind ``want`` (exactly, as ``matches``)."""
    key = ("matches", s, want)
    if key not in cm.cache:
        m = cm.m
        if want in ("water", "park", "city"):
            lit = cm.area[s, want]
        elif want == "building":
            lit = any_of(m, [visible(cm, s, k) for k in (*COLORS, "wild")], f"building[{s}]")
        elif want in COLORS and cm.rules["wild_counts_as_any_color"]:
            lit = any_of(m, [visible(cm, s, want), visible(cm, s, "wild")], f"{want}[{s}]")
        else:
            lit = visible(cm, s, want)
        cm.cache[key] = lit
    return cm.cache[key]


def most_spaces(cm: CityModel, kind: str) -> int:
    """The most spaces of an area kind the pool's tiles can give a city (a constant)."""
    comps = cm.pool.components

    def spaces(tid: str) -> int:
        return sum((k if k in ("water", "park") else "city") == kind
                   for k in comps.tile(tid).spaces)

    best = sorted((spaces(t) for t in cm.pool.tiles), reverse=True)
    return spaces(cm.pool.start) + sum(best[:len(cm.places) - 1])


def _only(cm: CityModel, s: Space, only: frozenset[str]) -> Lit:
    """The space is of one of the kinds ``only`` names (a literal, built once)."""
    key = ("only", s, only)
    if key not in cm.cache:
        cm.cache[key] = any_of(cm.m, [matches(cm, s, k) for k in sorted(only)], f"only[{s}]")
    return cm.cache[key]


def _group_meets(cm: CityModel, r: Requirement, cert: Lit, members: dict[Space, Lit],
                 size: Any, kind_at: Space | None, name: str) -> None:
    """When ``cert`` holds, the group of ``members`` meets ``r``: its size, its kind (read at
    ``kind_at``, else at every member), ``only``, ``with`` and ``enclosed``."""
    m = cm.m
    at_least_if(m, size, r.exact_size or r.size, cert)
    if r.exact_size:
        at_most_if(m, size, r.exact_size, len(cm.spaces), cert)
    if r.per == "area":
        for s in [kind_at] if kind_at is not None else members:
            m.AddBoolOr([cert.Not(), members[s].Not(), cm.area[s, r.kind or ""]])
    for s, inside in members.items():
        if r.only:
            m.AddBoolOr([cert.Not(), inside.Not(), _only(cm, s, r.only)])
        if r.enclosed and cm.on_edge(s):
            m.AddBoolOr([cert.Not(), inside.Not()])
    for kind, n in r.with_:
        found = []
        for s, inside in members.items():
            w = m.NewBoolVar(f"{name}.with[{s},{kind}]")
            m.AddImplication(w, inside)
            m.AddImplication(w, matches(cm, s, kind))
            found.append(w)
        at_least_if(m, sum(found), n, cert)


LABELS_WITH_PATHS = 6
"""The most groups labelled when each needs paths to its root (``counted.py``); a
requirement that would need more counts by the partition of the whole city (``groups.py``),
which measured faster there (``bench/bench_usa.py``)."""


def _labels(cm: CityModel, r: Requirement, least: int, most: int | None) -> int:
    """How many groups meeting ``r`` a city can hold (at most ``most``): no more than its
    spaces allow; an enclosed neighbourhood holds the four spaces around an inner corner of
    its tiles (spaces across a tile's edge always touch), so no more than those corners."""
    room = most_spaces(cm, r.kind or "") if r.per == "area" else len(cm.spaces)
    labels = room // least
    if r.enclosed:
        labels = min(labels, (cm.pool.size[0] - 1) * (cm.pool.size[1] - 1))
    return labels if most is None else min(most, labels)


def _groups_meeting(cm: CityModel, r: Requirement, most: int | None) -> Any:
    """How many areas or neighbourhoods meet ``r`` (at most ``most``), certified: by labelled
    groups (``counted.py``) when few are counted or none needs paths, else by the partition
    of the city (``groups.py``), one certificate a root."""
    m = cm.m
    least = max(r.exact_size or r.size, sum(n for _, n in r.with_))
    labels = _labels(cm, r, least, most)
    if labels == 0:
        return 0
    connected = r.size > 1 or r.exact_size is not None or bool(r.with_)
    name = f"{r.per}#{len(cm.cache)}"
    certs = []
    if not connected or labels <= LABELS_WITH_PATHS:
        linked = ({(s, t): same_area(cm, s, t) for s, t in cm.pairs()} if r.per == "area"
                  else dict(cm.joined))
        g = counted_groups(cm, linked, labels, connected, name)
        for k in range(labels):
            _group_meets(cm, r, g.used[k], {s: g.member[s, k] for s in cm.spaces}, g.size(k),
                         None, f"{name}.{k}")
            certs.append(g.used[k])
    else:
        p = areas(cm) if r.per == "area" else neighbourhoods(cm)
        for t in cm.spaces:
            cert = m.NewBoolVar(f"{name}[{t}]")
            m.AddImplication(cert, p.root(t))
            _group_meets(cm, r, cert, {s: p.member[s, t] for s in cm.spaces if s >= t},
                         p.size[t], t, f"{name}[{t}]")
            certs.append(cert)
        m.Add(sum(certs) <= labels)
    # The groups counted are disjoint: together no larger than the city (a cut on the count).
    room = (sum(cm.area[s, r.kind or ""] for s in cm.spaces) if r.per == "area"
            else len(cm.spaces))
    m.Add(least * sum(certs) <= room)
    return sum(certs)


def occurrences(cm: CityModel, r: Requirement, most: int | None = None) -> Any:
    """Occurrences before grouping (a linear expression, certified; areas and neighbourhoods
    counted up to ``most``, None: all)."""
    m = cm.m
    if r.per == "building":
        return sum(v for (_, c, h), v in cm.building.items()
                   if (r.color is None or c == r.color)
                   and (h == r.exact_height if r.exact_height else h >= r.height))
    if r.per == "space":
        lits = []
        for s in cm.spaces:
            parts = [matches(cm, s, r.kind or "")]
            if r.adjacent_to is not None:
                near = [matches(cm, t, r.adjacent_to) if cm.joined[min(s, t), max(s, t)] is True
                        else all_of(m, [cm.joined[min(s, t), max(s, t)],
                                        matches(cm, t, r.adjacent_to)], f"near[{s},{t}]")
                        for t in cm.touching(s)]
                parts.append(any_of(m, near, f"adjacent[{s},{r.adjacent_to}]"))
            lits.append(all_of(m, parts, f"space[{s}]"))
        return sum(lits)
    if r.per in ("area", "neighbourhood"):
        return _groups_meeting(cm, r, most)
    if r.per == "feature":
        return sum(v for (_, f), v in cm.feature.items() if f in r.features)
    least = m.NewIntVar(0, 4 * len(cm.spaces), "set")
    for part in r.of:
        m.Add(least <= count(cm, part, most))
    return least


def count(cm: CityModel, r: Requirement, most: int | None = None) -> Any:
    """How many times the city meets ``r`` (every ``group`` occurrences once), certified; with
    ``most`` (an achievement's ``at least``) it may stop counting there."""
    key = ("count", r, most)
    if key not in cm.cache:
        occ = occurrences(cm, r, None if most is None else most * r.group)
        if r.group == 1:
            cm.cache[key] = occ
        else:
            n = cm.m.NewIntVar(0, 4 * len(cm.spaces), "grouped")
            cm.m.Add(r.group * n <= occ)
            cm.cache[key] = n
    return cm.cache[key]
