"""The requirement evaluator: how many times a city meets a requirement (cards, achievements).

>>> from solver.usa.game.notation import parse_city
>>> from solver.usa.game.requirements import parse_requirement
>>> city = parse_city("wwpp:NS KBsY:NESW")
>>> count(parse_requirement({"per": "neighbourhood", "with": {"park": 1, "water": 1}}), city)
2
>>> count(parse_requirement({"per": "neighbourhood", "only": ["water", "park"]}), city)
1
>>> count(parse_requirement({"per": "space", "kind": "city", "adjacent_to": "water"}), city)
1
"""

from __future__ import annotations

from solver.usa.game.city import City, Space
from solver.usa.game.components import Achievement
from solver.usa.game.geometry import area_of_kind, areas, neighbourhoods, neighbours, on_edge
from solver.usa.game.requirements import Requirement
from solver.usa.game.vocab import COLORS, area_kind


def matches(city: City, space: Space, want: str) -> bool:
    """Whether a space is of the vocabulary's kind ``want`` (see game/requirements.py)."""
    kind = city.kind(space)
    if want == "city":
        return area_kind(kind) == "city"
    if want == "building":
        return kind in COLORS or kind == "wild"
    if want in COLORS:
        return kind == want or (kind == "wild" and city.components.rules[
            "wild_counts_as_any_color"])
    return kind == want


def _size_ok(r: Requirement, size: int) -> bool:
    return size == r.exact_size if r.exact_size else size >= r.size


def _neighbourhood_ok(r: Requirement, city: City, group: frozenset[Space]) -> bool:
    if not _size_ok(r, len(group)):
        return False
    if r.only and not all(any(matches(city, s, k) for k in r.only) for s in group):
        return False
    if any(sum(matches(city, s, k) for s in group) < n for k, n in r.with_):
        return False
    return not (r.enclosed and any(on_edge(city, s) for s in group))


def occurrences(r: Requirement, city: City) -> int:
    """Occurrences before grouping."""
    if r.per == "building":
        return sum(1 for b in city.buildings.values()
                   if (r.color is None or b.color == r.color)
                   and (b.stories == r.exact_height if r.exact_height else b.stories >= r.height))
    if r.per == "space":
        return sum(1 for s in city.spaces() if matches(city, s, r.kind or "")
                   and (r.adjacent_to is None
                        or any(matches(city, n, r.adjacent_to) for n in neighbours(city, s))))
    if r.per == "area":
        return sum(1 for a in areas(city)
                   if area_of_kind(city, a) == r.kind and _size_ok(r, len(a)))
    if r.per == "neighbourhood":
        return sum(1 for g in neighbourhoods(city) if _neighbourhood_ok(r, city, g))
    if r.per == "feature":
        return sum(1 for f in city.features.values() if f in r.features)
    return min(count(p, city) for p in r.of)


def count(r: Requirement, city: City) -> int:
    """How many times the city meets the requirement (every ``group`` occurrences once)."""
    return occurrences(r, city) // r.group


def achievement_met(achievement: Achievement, city: City) -> bool:
    """Whether the city meets an achievement now (a ring once placed stays, met or not)."""
    return count(achievement.requirement, city) >= achievement.at_least
