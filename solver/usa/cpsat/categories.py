"""One function per scoring category, named after the scorer's (``scoring/categories.py``).

Each returns the category's points as a linear expression (penalties negative) and records it
in ``cm.categories``. Variables (each stated once):

- ``claimed[achievement id]``: the city claims the achievement (only when it meets it).
- ``scored[(space, feature id)]``: a yacht or bench there scores (its area has the size).
- ``paired[(s, t)]``: the pair-category tiles on adjacent ``s`` and ``t`` form a pair.
- ``dead_end[(place, arm)]``: the arm (street or bridge) meets a tile with no arm facing it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from solver.common.errors import CitiesError
from solver.usa.cpsat.groups import areas
from solver.usa.cpsat.layout import CityModel
from solver.usa.cpsat.literals import Lit, all_of, at_least_if, at_most_if
from solver.usa.cpsat.pieces import visible
from solver.usa.cpsat.requirements import count
from solver.usa.cpsat.shapes import area_has
from solver.usa.game.city import Space
from solver.usa.game.vocab import ARM_STEP, OPPOSITE


def _record(cm: CityModel, name: str, expr: Any) -> Any:
    cm.categories[name] = expr
    return expr


def buildings(cm: CityModel) -> Any:
    """0/1/2/3/5 by stories 1-5 (the rules' ``building_points``)."""
    table = cm.rules["building_points"]
    return _record(cm, "buildings", sum(table[h - 1] * v for (_, _, h), v in
                                        cm.building.items()))


def achievements(cm: CityModel) -> Any:
    """The pool's ring value of every achievement the city meets."""
    comps, m = cm.pool.components, cm.m
    claimed = {}
    for aid, _ in cm.pool.achievements:
        ach = comps.achievements[aid]
        claimed[aid] = m.NewBoolVar(f"claimed[{aid}]")
        at_least_if(m, count(cm, ach.requirement, ach.at_least), ach.at_least, claimed[aid])
    cm.cache["claimed"] = claimed
    return _record(cm, "achievements", sum(points * claimed[aid]
                                           for aid, points in cm.pool.achievements))


def cards(cm: CityModel) -> Any:
    """Each card copy: its points for every occurrence of its requirement."""
    comps = cm.pool.components
    return _record(cm, "cards", sum(
        n * comps.cards[c].points * count(cm, comps.cards[c].requirement)
        for c, n in sorted(Counter(cm.pool.cards).items())))


def construction_sites(cm: CityModel) -> Any:
    """Visible construction sites: -1/-3/-6/-10 for 1/2/3/4+."""
    m, table = cm.m, cm.rules["construction_site_penalty"]
    n = sum(visible(cm, s, "site") for s in cm.spaces)
    seen = m.NewIntVar(0, len(cm.spaces), "sites")
    m.Add(seen == n)
    lost = [0] + [table[min(k, len(table)) - 1] for k in range(1, len(cm.spaces) + 1)]
    penalty = m.NewIntVar(0, max(lost), "site_penalty")
    m.AddElement(seen, lost, penalty)
    return _record(cm, "construction_sites", -penalty)


def dead_ends_score(cm: CityModel) -> Any:
    """-3 per arm meeting a tile with no arm facing it. A dead end stays only once every bridge
    is built: while bridges last, every dead end a tile makes is fixed."""
    m = cm.m
    dead = {}
    for (r, c) in cm.places:
        for arm, (dr, dc) in ARM_STEP.items():
            other = (r + dr, c + dc)
            if other in cm.places:
                dead[(r, c), arm] = all_of(m, [cm.arm[(r, c), arm],
                                               cm.arm[other, OPPOSITE[arm]].Not()],
                                           f"dead_end[{(r, c)},{arm}]")
    for lit in dead.values():
        at_least_if(m, sum(cm.bridge.values()), cm.pool.bridges, lit)
    cm.cache["dead_end"] = dead
    return _record(cm, "dead_ends", -cm.rules["dead_end_penalty"] * sum(dead.values()))


def yachts_and_benches(cm: CityModel) -> Any:
    """Points when the feature's area has the printed size (4+: at least 4). Sizes the shapes
    settle (``shapes.area_has``) need no groups; any other size reads the groups' sizes."""
    m, feats = cm.m, cm.pool.components.features
    sized = sorted({f for f in cm.pool.features if "area_size" in feats[f].scoring})
    total = []
    for fid in sized:
        sc = feats[fid].scoring
        for s in cm.spaces:
            scored = m.NewBoolVar(f"scored[{s},{fid}]")
            m.AddImplication(scored, cm.feature[s, fid])
            if not area_has(cm, s, sc["area_size"], bool(sc.get("or_more")), scored):
                _group_has(cm, s, fid, scored)
            total.append(sc["points"] * scored)
    return _record(cm, "yachts_and_benches", sum(total))


def _group_has(cm: CityModel, s: Space, fid: str, scored: Lit) -> None:
    """``scored`` only when the group holding ``s`` has the feature's size (by roots)."""
    m, g, sc = cm.m, areas(cm), cm.pool.components.features[fid].scoring
    for t in cm.spaces:
        if t > s:
            break
        fits = cm.cache.get(("fits", t, fid))
        if fits is None:
            fits = cm.cache["fits", t, fid] = m.NewBoolVar(f"fits[{t},{fid}]")
            at_least_if(m, g.size[t], sc["area_size"], fits)
            if not sc.get("or_more"):
                at_most_if(m, g.size[t], sc["area_size"], len(cm.spaces), fits)
        m.AddBoolOr([scored.Not(), g.member[s, t].Not(), fits])


def pair_category(cm: CityModel, category: str) -> Any:
    """Singles score ``single`` each; disjoint pairs on adjacent spaces ``pair`` each."""
    m, feats = cm.m, cm.pool.components.features
    kinds = [f for f in feats.values() if f.category == category and "pair_with" in f.scoring]
    if not kinds:
        return _record(cm, category, 0)
    first, second = kinds[0], feats[kinds[0].scoring["pair_with"]]
    single, pair = first.scoring["single"], first.scoring["pair"]
    if pair < 2 * single:
        raise CitiesError(f"the model needs a pair to score at least two singles ({first.id})",
                          field="features")
    a = [(s, v) for (s, f), v in cm.feature.items() if f == first.id]
    b = [(s, v) for (s, f), v in cm.feature.items() if f == second.id]
    placed = {s: v for s, v in b}
    paired = []
    for s, fa in a:
        for t in cm.touching(s):
            if t not in placed:
                continue
            p = m.NewBoolVar(f"paired[{s},{t}]")
            m.AddImplication(p, fa)
            m.AddImplication(p, placed[t])
            joined = cm.joined[min(s, t), max(s, t)]
            if joined is not True:
                m.AddImplication(p, joined)
            paired.append((s, t, p))
    for s in cm.spaces:
        m.AddAtMostOne(p for x, y, p in paired if s in (x, y))
    singles = sum(v for _, v in a) + sum(v for _, v in b)
    return _record(cm, category, single * singles + (pair - 2 * single) * sum(
        p for _, _, p in paired))


def ferries_and_beacons(cm: CityModel) -> Any:
    return pair_category(cm, "ferries_and_beacons")


def swings_and_slides(cm: CityModel) -> Any:
    return pair_category(cm, "swings_and_slides")


def food_trucks(cm: CityModel) -> Any:
    """2 per visible food truck space, printed or a feature tile."""
    return _record(cm, "food_trucks", cm.rules["food_truck_points"] * sum(
        visible(cm, s, "truck") for s in cm.spaces))


CATEGORY_MODELS = {
    "buildings": buildings,
    "achievements": achievements,
    "cards": cards,
    "construction_sites": construction_sites,
    "dead_ends": dead_ends_score,
    "yachts_and_benches": yachts_and_benches,
    "ferries_and_beacons": ferries_and_beacons,
    "swings_and_slides": swings_and_slides,
    "food_trucks": food_trucks,
}
"""The model of each scoring category, in the scorer's order."""
