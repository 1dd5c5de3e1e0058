"""Scoring: one pure function per category, exactly as docs/rulings.md reads the rulebooks.

Every function takes a ``City`` and a ``Ruleset`` and returns points; nothing here knows about
solvers.  ``score_city`` adds them up into a ``Score``.

>>> from solver.twocities.game.city import City
>>> score_city(City.from_notation("S S / P P")).categories["park"]
8
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from functools import cache

from solver.common.regions import regions
from solver.twocities.game.city import City, Coord
from solver.twocities.game.rulesets import Ruleset, load_ruleset
from solver.twocities.game.tiles import Building
from solver.twocities.game.vocab import (
    CATEGORIES,
    CIVIC,
    DISTRICT,
    FACTORY,
    HOUSE,
    HOUSE_COUNTED_TYPES,
    OFFICE,
    PARK,
    SHOP,
    TAVERN,
)
from solver.twocities.scoring.shops import shop_partition

# --- the tables, as plain functions of counts (shared with the table scorer and the model) ---


def factory_points_per_tile(count: int, rival_counts: Sequence[int], ranks: Sequence[int]) -> int:
    """Points per factory for a city with ``count`` factories against rivals' counts.

    Dense ranking: the highest count (ties share) pays ranks[0], the next distinct count
    ranks[1], every lower count ranks[-1].  No factories, no points.

    >>> [factory_points_per_tile(n, [5, 5, 3, 2, 1, 0], (4, 3, 2)) for n in (5, 3, 2, 1, 0)]
    [4, 3, 2, 2, 0]
    """
    if count <= 0:
        return 0
    rank = sorted({count, *rival_counts}, reverse=True).index(count)
    return ranks[min(rank, len(ranks) - 1)]


def district_points(size: int, rival_sizes: Sequence[int], points: tuple[int, int]) -> int:
    """Points a city with a largest district of ``size`` wins against rivals' sizes.

    First place takes points[0]; a tie for first splits both values evenly (rounded down) and
    leaves no second place; the next largest size takes points[1], split evenly if tied.
    Size 0 means no district: no place.

    >>> district_points(3, [9, 4, 3], (8, 4)), district_points(9, [9], (9, 3))
    (0, 6)
    """
    if size <= 0:
        return 0
    sizes = [s for s in rival_sizes if s > 0] + [size]
    top = max(sizes)
    n_top = sizes.count(top)
    if size == top:
        return points[0] if n_top == 1 else (points[0] + points[1]) // n_top
    if n_top > 1:
        return 0
    second = max(s for s in sizes if s < top)
    return points[1] // sizes.count(second) if size == second else 0


def park_group_value(n: int, rules: Ruleset) -> int:
    """A connected group of ``n`` parks: 2, 8, 12, then +1 per park beyond three.

    >>> [park_group_value(n, load_ruleset()) for n in range(1, 6)]
    [2, 8, 12, 13, 14]
    """
    table = rules.park_groups
    if n <= 0:
        return 0
    if n <= len(table):
        return table[n - 1]
    return table[-1] + (n - len(table)) * rules.park_extra_per_tile


def tavern_value(kinds: Counter[str], rules: Ruleset) -> int:
    """Sets of different tavern kinds: the i-th set holds every kind with at least i taverns.

    >>> tavern_value(Counter(music=1, drink=2, food=2), load_ruleset())
    13
    """
    total, layer = 0, 1
    while True:
        size = sum(1 for n in kinds.values() if n >= layer)
        if size == 0:
            return total
        total += rules.tavern_sets[size - 1]
        layer += 1


def office_set_value(n: int, rules: Ruleset) -> int:
    """Offices in sets of up to six: 1/3/6/10/15/21; the seventh starts a new set.

    >>> office_set_value(7, load_ruleset())
    22
    """
    table = rules.office_sets
    full, rest = divmod(max(n, 0), len(table))
    return full * table[-1] + (table[rest - 1] if rest else 0)


@cache
# --- one function per category -------------------------------------------------------------


def score_factories(city: City, rules: Ruleset) -> int:
    n = len(city.of_type(FACTORY))
    return n * factory_points_per_tile(n, city.context.rival_factories, rules.factory_ranks)


def score_shops(city: City, rules: Ruleset) -> int:
    return shop_partition(city, rules)[0]


def score_taverns(city: City, rules: Ruleset) -> int:
    kinds = Counter(b.tavern for _, b in city.buildings() if b.type == TAVERN)
    return tavern_value(kinds, rules)  # type: ignore[arg-type]


def park_groups(city: City) -> list[int]:
    """Sizes of the connected park groups, largest first."""
    return sorted(region_sizes(city, {PARK}), reverse=True)


def region_sizes(city: City, types: Collection[str]) -> list[int]:
    """The sizes of the connected regions (edges and bridges) of buildings of ``types``."""
    cells = [rc for rc, b in city.buildings() if b.type in types]
    return [len(region) for region in regions(cells, city.adjacency.__getitem__)]


def score_parks(city: City, rules: Ruleset) -> int:
    return sum(park_group_value(n, rules) for n in park_groups(city))


def _next_to(city: City, cell: Coord, type_: str) -> bool:
    return any(b.type == type_ for b in city.neighbour_buildings(cell))


def score_offices(city: City, rules: Ruleset) -> int:
    offices = city.of_type(OFFICE)
    bonus = sum(rules.office_tavern_bonus for rc in offices if _next_to(city, rc, TAVERN))
    return office_set_value(len(offices), rules) + bonus


def score_houses(city: City, rules: Ruleset) -> int:
    present = {b.type for _, b in city.buildings()}
    others = sum(1 for t in HOUSE_COUNTED_TYPES if t in present)
    return sum(rules.house_next_to_factory if _next_to(city, rc, FACTORY) else others
               for rc in city.of_type(HOUSE))


def civic_value(city: City, cell: Coord, rules: Ruleset) -> int:
    """One civic tile: 1 next to its disliked type, else 6/3/1 for both/one/no liked types."""
    b = city.at(cell)
    assert isinstance(b, Building) and b.civic is not None
    near = {n.type for n in city.neighbour_buildings(cell)}
    pts = rules.civic_points
    if b.civic.dislikes in near:
        return pts["disliked"]
    return (pts["none"], pts["one_liked"], pts["both_liked"])[len(b.civic.likes & near)]


def score_civics(city: City, rules: Ruleset) -> int:
    return sum(civic_value(city, rc, rules) for rc in city.of_type(CIVIC))


def district_size(city: City, types: frozenset[str]) -> int:
    """The city's largest connected region of tiles of any of ``types`` (0: no district)."""
    return max(region_sizes(city, types), default=0)


def score_districts(city: City, rules: Ruleset) -> int:
    return sum(district_points(district_size(city, d.types), d.rivals, d.points)
               for d in city.context.districts)


CATEGORY_SCORERS = {
    FACTORY: score_factories,
    SHOP: score_shops,
    TAVERN: score_taverns,
    PARK: score_parks,
    OFFICE: score_offices,
    HOUSE: score_houses,
    CIVIC: score_civics,
    DISTRICT: score_districts,
}
assert tuple(CATEGORY_SCORERS) == CATEGORIES


@dataclass(frozen=True)
class Score:
    """A city's points by category (the eight of ``CATEGORIES``) and its total.

    >>> s = score_city(City.from_notation("Tm Td / O ."))
    >>> s.categories["tavern"], s.categories["office"], s.total
    (4, 2, 6)
    """

    categories: dict[str, int]
    shop_sets: tuple[tuple[Coord, ...], ...] = field(default=(), compare=False)

    @property
    def total(self) -> int:
        return sum(self.categories.values())

    def to_json(self) -> dict[str, object]:
        return {"total": self.total, "categories": dict(self.categories)}


def score_city(city: City, rules: Ruleset | None = None) -> Score:
    """Score one city against its context's rivals (none: first everywhere it places).

    >>> score_city(City.from_notation("F H / S S")).total
    10
    """
    rules = rules or load_ruleset(city.edition)
    cats = {name: fn(city, rules) for name, fn in CATEGORY_SCORERS.items()}
    return Score(cats, shop_partition(city, rules)[1])
