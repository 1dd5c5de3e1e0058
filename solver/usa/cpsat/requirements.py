"""The requirement vocabulary in the model (mirrors ``scoring/requirements.py``).

``count(cm, r)`` is a variable that never exceeds how many times the city meets ``r``: every
occurrence it counts is certified by the city. Cards and achievements score points for it, so
a best city counts every occurrence there is (``solve.py`` re-scores each answer to be sure).
"""

from __future__ import annotations

from typing import Any

from solver.usa.cpsat.counted import Counted, counted_groups
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


def _group_meets(cm: CityModel, r: Requirement, g: Counted, k: int, name: str) -> None:
    """The group labelled ``k``, when used, meets ``r``: its kind, size and contents."""
    m, used = cm.m, g.used[k]
    at_least_if(m, g.size(k), r.exact_size or r.size, used)
    if r.exact_size:
        at_most_if(m, g.size(k), r.exact_size, len(cm.spaces), used)
    for s in cm.spaces:
        inside = g.member[s, k]
        if r.per == "area":
            m.AddImplication(inside, cm.area[s, r.kind or ""])
        if r.only:
            m.AddImplication(inside, _only(cm, s, r.only))
        if r.enclosed and cm.on_edge(s):
            m.Add(inside == 0)
    for kind, n in r.with_:
        found = []
        for s in cm.spaces:
            w = m.NewBoolVar(f"{name}.with[{s},{k},{kind}]")
            m.AddImplication(w, g.member[s, k])
            m.AddImplication(w, matches(cm, s, kind))
            found.append(w)
        at_least_if(m, sum(found), n, used)


def _groups_meeting(cm: CityModel, r: Requirement, most: int | None) -> Any:
    """How many areas or neighbourhoods meet ``r`` (at most ``most``), certified by labelled
    groups (``counted.py``)."""
    least = max(r.exact_size or r.size, sum(n for _, n in r.with_))
    room = most_spaces(cm, r.kind or "") if r.per == "area" else len(cm.spaces)
    labels = room // least if most is None else min(most, room // least)
    if labels == 0:
        return 0
    if r.per == "area":
        linked = {(s, t): same_area(cm, s, t) for s, t in cm.pairs()}
    else:
        linked = dict(cm.joined)
    name = f"{r.per}#{len(cm.cache)}"
    connected = r.size > 1 or r.exact_size is not None or bool(r.with_)
    g = counted_groups(cm, linked, labels, connected, name)
    for k in range(labels):
        _group_meets(cm, r, g, k, name)
    # The groups counted are disjoint: together no larger than the city (a cut on the count).
    spaces = (sum(cm.area[s, r.kind or ""] for s in cm.spaces) if r.per == "area"
              else len(cm.spaces))
    cm.m.Add(least * sum(g.used) <= spaces)
    return sum(g.used)


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
