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
from solver.usa.game.geometry import adjacency, area_of_kind, areas, neighbourhoods, on_edge
from solver.usa.game.requirements import Requirement
from solver.usa.game.vocab import COLORS, area_kind


def matches(city: City, space: Space, want: str) -> bool:
    """Whether a space is of the vocabulary's kind ``want`` (see game/requirements.py)."""
    return kind_matches(city, city.kind(space), want)


def kind_matches(city: City, kind: str, want: str) -> bool:
    """Whether a space of kind ``kind`` counts as the vocabulary's kind ``want``."""
    if want == "city":
        return area_kind(kind) == "city"
    if want == "building":
        return kind in COLORS or kind == "wild"
    if want in COLORS:
        return kind == want or (kind == "wild" and city.components.rules[
            "wild_counts_as_any_color"])
    return kind == want


def matching(city: City, want: str) -> frozenset[Space]:
    """The city's spaces of kind ``want`` (as ``matches``), found once per city: every card
    and achievement asks again."""
    memo = _memo(city)
    key = ("matching", want)
    found = memo.get(key)
    if found is None:
        found = memo[key] = frozenset().union(*(
            spaces for kind, spaces in city.spaces_of_kind().items()
            if kind_matches(city, kind, want)))
    return found  # type: ignore[no-any-return]


def _memo(city: City) -> dict[object, object]:
    """What scoring derives from a city, kept on it (a city is a value: a change makes a new
    one)."""
    return city.__dict__.setdefault("_scoring_memo", {})  # type: ignore[no-any-return]


def _size_ok(r: Requirement, size: int) -> bool:
    return size == r.exact_size if r.exact_size else size >= r.size


def _neighbourhood_ok(r: Requirement, city: City, group: frozenset[Space],
                      allowed: frozenset[Space] | None,
                      wanted: list[tuple[frozenset[Space], int]]) -> bool:
    if not _size_ok(r, len(group)):
        return False
    if allowed is not None and not group <= allowed:
        return False
    if any(len(group & spaces) < n for spaces, n in wanted):
        return False
    return not (r.enclosed and any(on_edge(city, s) for s in group))


def _area_sizes(city: City) -> list[tuple[str, int]]:
    """Each area's kind and size, once per city."""
    memo = _memo(city)
    found = memo.get("area_sizes")
    if found is None:
        found = memo["area_sizes"] = [(area_of_kind(city, a), len(a)) for a in areas(city)]
    return found  # type: ignore[return-value]


def occurrences(r: Requirement, city: City) -> int:
    """Occurrences before grouping."""
    if r.per == "building":
        return sum(1 for b in city.buildings.values()
                   if (r.color is None or b.color == r.color)
                   and (b.stories == r.exact_height if r.exact_height else b.stories >= r.height))
    if r.per == "space":
        spaces = matching(city, r.kind or "")
        if r.adjacent_to is None:
            return len(spaces)
        near, adj = matching(city, r.adjacent_to), adjacency(city)
        return sum(1 for s in spaces if not near.isdisjoint(adj[s]))
    if r.per == "area":
        return sum(1 for kind, size in _area_sizes(city)
                   if kind == r.kind and _size_ok(r, size))
    if r.per == "neighbourhood":
        # A space of ``only``'s kinds, the spaces of each wanted kind: found once per count.
        allowed = frozenset().union(*(matching(city, k) for k in r.only)) if r.only else None
        wanted = [(matching(city, k), n) for k, n in r.with_]
        return sum(1 for g in neighbourhoods(city)
                   if _neighbourhood_ok(r, city, g, allowed, wanted))
    if r.per == "feature":
        return sum(1 for f in city.features.values() if f in r.features)
    return min(count(p, city) for p in r.of)


def count(r: Requirement, city: City) -> int:
    """How many times the city meets the requirement (every ``group`` occurrences once)."""
    memo = _memo(city)
    found = memo.get(r)
    if found is None:
        found = memo[r] = occurrences(r, city) // r.group
    return found  # type: ignore[return-value]


def achievement_met(achievement: Achievement, city: City) -> bool:
    """Whether the city meets an achievement now (a ring once placed stays, met or not)."""
    return count(achievement.requirement, city) >= achievement.at_least
