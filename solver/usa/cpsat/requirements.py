"""The requirement vocabulary in the model (mirrors ``scoring/requirements.py``).

``count(cm, r)`` is a variable that never exceeds how many times the city meets ``r``: every
occurrence it counts is certified by the city. Cards and achievements score points for it, so
a best city counts every occurrence there is (``solve.py`` re-scores each answer to be sure).
"""

from __future__ import annotations

from typing import Any

from solver.usa.cpsat.groups import Groups, areas, neighbourhoods
from solver.usa.cpsat.layout import CityModel
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


def _size_ok(cm: CityModel, r: Requirement, size: Any, cert: Lit) -> None:
    at_least_if(cm.m, size, r.exact_size or r.size, cert)
    if r.exact_size:
        at_most_if(cm.m, size, r.exact_size, len(cm.spaces), cert)


def _neighbourhood_ok(cm: CityModel, r: Requirement, g: Groups, t: Space, cert: Lit) -> None:
    m = cm.m
    members = [s for s in cm.spaces if s >= t]
    if r.only:
        for s in members:
            key = ("only", s, r.only)
            if key not in cm.cache:
                cm.cache[key] = any_of(m, [matches(cm, s, k) for k in sorted(r.only)],
                                       f"only[{s}]")
            m.AddBoolOr([cert.Not(), g.member[s, t].Not(), cm.cache[key]])
    for k, n in r.with_:
        found = []
        for s in members:
            w = m.NewBoolVar(f"with[{s},{t},{k}]")
            m.AddImplication(w, g.member[s, t])
            m.AddImplication(w, matches(cm, s, k))
            found.append(w)
        at_least_if(m, sum(found), n, cert)
    if r.enclosed:
        for s in members:
            if cm.on_edge(s):
                m.AddBoolOr([cert.Not(), g.member[s, t].Not()])


def occurrences(cm: CityModel, r: Requirement) -> Any:
    """Occurrences before grouping (a linear expression, certified)."""
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
        g = areas(cm) if r.per == "area" else neighbourhoods(cm)
        certs = []
        for t in cm.spaces:
            cert = m.NewBoolVar(f"{r.per}[{t}]")
            m.AddImplication(cert, g.root(t))
            if r.per == "area":
                m.AddImplication(cert, cm.area[t, r.kind or ""])
            else:
                _neighbourhood_ok(cm, r, g, t, cert)
            _size_ok(cm, r, g.size[t], cert)
            certs.append(cert)
        # The groups counted are disjoint: together no larger than the city (a cut that
        # bounds the count without building any group).
        least = max(r.exact_size or r.size, sum(n for _, n in r.with_))
        room = sum(cm.area[s, r.kind or ""] for s in cm.spaces) if r.per == "area" \
            else len(cm.spaces)
        m.Add(least * sum(certs) <= room)
        if r.per == "area":
            m.Add(least * sum(certs) <= most_spaces(cm, r.kind or ""))
        return sum(certs)
    if r.per == "feature":
        return sum(v for (_, f), v in cm.feature.items() if f in r.features)
    least = m.NewIntVar(0, 4 * len(cm.spaces), "set")
    for part in r.of:
        m.Add(least <= count(cm, part))
    return least


def count(cm: CityModel, r: Requirement) -> Any:
    """How many times the city meets ``r`` (every ``group`` occurrences once), certified."""
    key = ("count", r)
    if key not in cm.cache:
        occ = occurrences(cm, r)
        if r.group == 1:
            cm.cache[key] = occ
        else:
            n = cm.m.NewIntVar(0, 4 * len(cm.spaces), "grouped")
            cm.m.Add(r.group * n <= occ)
            cm.cache[key] = n
    return cm.cache[key]
