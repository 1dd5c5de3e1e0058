"""Small areas by their shapes: "the area holding this space has exactly k spaces" for small k,
with no group variables at all.

A set of touching spaces is exactly one area when every two touching spaces inside it are in
one area (``same_area``) and no space inside is in one area with a space outside. An area of
at most 3 spaces has no cycle, so "every two touching spaces inside" is all its links. The
shapes of 1 to 3 spaces holding a given space are few (1, at most 4, at most 18), so

- the area of ``s`` has exactly k spaces (k <= 3): one of the shapes of k spaces holding
  ``s`` is an area;
- the area of ``s`` has k or more spaces (k <= 4): none of the smaller shapes holding ``s``
  is an area.

Both are exact, for every city, which the groups (``groups.py``: a root, a depth and a
membership for every two spaces) state at a far higher cost to the search.
"""

from __future__ import annotations

from solver.usa.cpsat.layout import CityModel, same_area
from solver.usa.cpsat.literals import Lit, all_of
from solver.usa.game.city import Space

Shape = frozenset[Space]

LARGEST = 3
"""The largest shape enumerated: sizes up to it exactly, and "one more or more"."""


def shapes_holding(cm: CityModel, s: Space, size: int) -> list[Shape]:
    """Every set of ``size`` spaces, connected through touching, that holds ``s``.

    >>> from solver.usa.game.components import load_components
    >>> from solver.usa.game.pool import pool_from_json
    >>> from solver.usa.cpsat.layout import new_city_model
    >>> pool = pool_from_json({"game": "cities-usa", "size": [2, 2], "start": "start-1",
    ...     "tiles": ["city-01", "city-02", "city-03"]}, load_components())
    >>> cm = new_city_model(pool)
    >>> [len(shapes_holding(cm, (1, 1), k)) for k in (1, 2, 3)]
    [1, 4, 16]
    >>> [len(shapes_holding(cm, (0, 0), k)) for k in (1, 2, 3)]
    [1, 2, 5]
    """
    grown = {frozenset([s])}
    for _ in range(size - 1):
        grown = {shape | {t} for shape in grown for u in shape for t in cm.touching(u)
                 if t not in shape}
    return sorted(grown, key=sorted)


def _link(cm: CityModel, s: Space, t: Space) -> Lit:
    return same_area(cm, min(s, t), max(s, t))


def is_area(cm: CityModel, shape: Shape) -> Lit:
    """A literal: ``shape`` is exactly one whole area (built once per shape)."""
    key = ("is_area", shape)
    if key not in cm.cache:
        inside, leaving = [], []
        for u in sorted(shape):
            for t in cm.touching(u):
                if t not in shape:
                    leaving.append(_link(cm, u, t).Not())
                elif u < t:
                    inside.append(_link(cm, u, t))
        cm.cache[key] = all_of(cm.m, inside + leaving, f"is_area[{sorted(shape)}]")
    return cm.cache[key]


def area_has(cm: CityModel, s: Space, size: int, or_more: bool, lit: Lit) -> bool:
    """When ``lit`` holds, the area of ``s`` has ``size`` spaces (or more). False, and
    nothing stated, when the shapes cannot say (a size above ``LARGEST``, or above one more
    with ``or_more``)."""
    if size > LARGEST + (1 if or_more else 0) or size < 1:
        return False
    m = cm.m
    if or_more:
        for k in range(1, size):
            for shape in shapes_holding(cm, s, k):
                m.AddImplication(lit, is_area(cm, shape).Not())
    else:
        m.AddBoolOr([lit.Not(), *(is_area(cm, shape) for shape in shapes_holding(cm, s, size))])
    return True
