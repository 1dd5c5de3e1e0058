"""What each category can score in a city built from exactly the given tiles, and the parts
each score splits into: the levels the solver's proof descends through (``cpsat.city.descent``).

A city that uses every tile of its pool has known counts of every building type, so each
category can only take a few values: offices their sets plus one bonus per office next to a
tavern, houses their count times the types present less what factories spoil, shops the
values of the ways to split the shops into straight sets, and so on.  A score also narrows
down its *parts*:

- shops: how many sets of each length (1 to the edition's longest set);
- parks: how many groups have at least 1, 2, 3... parks (up to the edition's table);
- civic tiles: each civic token's points (tokens in sorted order);
- districts: each district's points (in the context's order).

15 shop points from four shops can only be one set of four; 16 park points from four parks,
two groups of two.  The model (``cpsat.model``) exposes the same parts, and a check that asks
for exact scores hands the solver these rows, which presolve turns into deductions no sum of
points would give it.

Everything here is a superset of what cities can reach (a value listed may be impossible on
the board; one a city reaches is never missing), computed from the scorer's own tables.

>>> from solver.twocities.game.pool import pool_from_json
>>> pool = pool_from_json({"mat": "lake", "tiles": ["S"] * 4 + ["P"] * 4 + ["O"] * 4
...                        + ["H"] * 4 + ["F|O", "O/H"]})
>>> values = city_values(pool)
>>> values.values["shop"]
(8, 9, 10, 12, 15)
>>> values.rows["shop"][15]
((0, 0, 0, 1, 0),)
>>> values.rows["park"][16]
((2, 2, 0),)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import product

from solver.twocities.game.city import Context, District
from solver.twocities.game.pool import Pool
from solver.twocities.game.rulesets import Ruleset
from solver.twocities.game.tiles import Building, Civic
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
from solver.twocities.scoring.categories import (
    district_points,
    factory_points_per_tile,
    office_set_value,
    park_group_value,
    tavern_value,
)

Parts = tuple[int, ...]
#: A table of parts larger than this is left out (the check then knows only the score):
#: more civic tiles or districts than any real pool has would make it explode.
MOST_ROWS = 5000


@dataclass(frozen=True)
class CityValues:
    """Each category's possible scores (ascending), and for the categories with parts, the
    parts each score can split into."""

    values: dict[str, tuple[int, ...]]
    rows: dict[str, dict[int, tuple[Parts, ...]]]

    def caps(self) -> dict[str, int]:
        """The most each category can score: a bound from the tiles alone, no solve."""
        return {name: max(vals) for name, vals in self.values.items()}


@dataclass(frozen=True)
class Tally:
    """What the values depend on: the buildings of each type, the taverns of each kind, and
    the tiles of each civic token (tokens in sorted order, as the model lists them)."""

    types: Counter[str]
    kinds: Counter[str]
    civics: tuple[tuple[Civic, int], ...]

    @classmethod
    def of(cls, buildings: Sequence[Building]) -> Tally:
        tokens = Counter(b.token for b in buildings if b.type == CIVIC)
        listed = sorted({(b.token, b.civic) for b in buildings
                         if b.type == CIVIC and b.civic is not None}, key=lambda tc: tc[0])
        return cls(Counter(b.type for b in buildings),
                   Counter(b.tavern for b in buildings if b.type == TAVERN),
                   tuple((civic, tokens[token]) for token, civic in listed))


def city_values(pool: Pool) -> CityValues:
    """The values and parts of a city built from every tile of ``pool`` (fixed ones too)."""
    return tally_values(Tally.of(pool.buildings), pool.context, pool.rules)


def tally_values(tally: Tally, context: Context, rules: Ruleset) -> CityValues:
    """``city_values`` from the counts alone."""
    count = tally.types
    rows = {SHOP: _by_value(shop_rows(count[SHOP], rules)),
            PARK: _by_value(park_rows(count[PARK], rules))}
    civic_choices = [civic_token_values(civic, n, set(count), rules)
                     for civic, n in tally.civics]
    district_choices = [district_values(d, count, rules)
                        for d in context.districts]
    civic = _combination_rows(civic_choices)
    if civic is not None:
        rows[CIVIC] = _by_value(civic)
    district = _combination_rows(district_choices)
    if district is not None:
        rows[DISTRICT] = _by_value(district)
    others = sum(1 for t in HOUSE_COUNTED_TYPES if count[t] > 0)
    values = {
        FACTORY: (factory_value(count[FACTORY], context, rules),),
        SHOP: tuple(rows[SHOP]),
        TAVERN: (tavern_value(tally.kinds, rules),),
        PARK: tuple(rows[PARK]),
        OFFICE: office_values(count[OFFICE], count[TAVERN] > 0, rules),
        HOUSE: house_values(count[HOUSE], others, count[FACTORY] > 0, rules),
        CIVIC: tuple(rows[CIVIC]) if CIVIC in rows else _sums(civic_choices),
        DISTRICT: tuple(rows[DISTRICT]) if DISTRICT in rows else _sums(district_choices),
    }
    assert tuple(values) == CATEGORIES
    return CityValues({k: tuple(sorted(set(v))) for k, v in values.items()}, rows)


def _by_value(rows: Sequence[tuple[int, Parts]]) -> dict[int, tuple[Parts, ...]]:
    out: dict[int, set[Parts]] = {}
    for value, parts in rows:
        out.setdefault(value, set()).add(parts)
    return {v: tuple(sorted(out[v])) for v in sorted(out)}


def _sums(choices: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Every total of one value from each choice (without listing the combinations)."""
    totals = {0}
    for values in choices:
        totals = {t + v for t in totals for v in values}
    return tuple(sorted(totals))


@cache
def partitions(n: int, largest: int) -> tuple[tuple[int, ...], ...]:
    """The ways to split ``n`` into parts of at most ``largest``, each largest first.

    >>> partitions(4, 2)
    ((2, 2), (2, 1, 1), (1, 1, 1, 1))
    """
    if n == 0:
        return ((),)
    return tuple((k, *rest) for k in range(min(n, largest), 0, -1)
                 for rest in partitions(n - k, k))


def shop_rows(n: int, rules: Ruleset) -> list[tuple[int, Parts]]:
    """Every split of ``n`` shops into straight sets: (points, sets of each length)."""
    sets = rules.shop_sets
    return [(sum(sets[k - 1] for k in split), tuple(split.count(k) for k in range(1, len(sets)
                                                                                  + 1)))
            for split in partitions(n, len(sets))]


def park_rows(n: int, rules: Ruleset) -> list[tuple[int, Parts]]:
    """Every split of ``n`` parks into groups: (points, groups of at least 1, 2, ... parks)."""
    levels = range(1, len(rules.park_groups) + 1)
    return [(sum(park_group_value(k, rules) for k in split),
             tuple(sum(k >= s for k in split) for s in levels))
            for split in partitions(n, n)]


def factory_value(n: int, context: Context, rules: Ruleset) -> int:
    """``n`` factories ranked against the rivals: one value."""
    return n * factory_points_per_tile(n, context.rival_factories, rules.factory_ranks)


def office_values(n: int, taverns: bool, rules: Ruleset) -> tuple[int, ...]:
    """The offices' sets, plus a bonus for any number of them next to a tavern."""
    bonuses = range(n + 1) if taverns else (0,)
    return tuple(office_set_value(n, rules) + rules.office_tavern_bonus * b for b in bonuses)


def house_values(n: int, others: int, factories: bool, rules: Ruleset) -> tuple[int, ...]:
    """Each house pays the ``others`` types present, or its due next to a factory (any
    number spoilt, where the city holds a factory)."""
    spoilt = range(n + 1) if factories else (0,)
    return tuple(others * (n - s) + rules.house_next_to_factory * s for s in spoilt)


def civic_tile_scores(civic: Civic, present: Collection[str], rules: Ruleset
                      ) -> tuple[int, ...]:
    """What one civic tile can score in a city holding the ``present`` types: it is never
    next to a type the city does not hold, liked or disliked."""
    pts = rules.civic_points
    liked = len(civic.likes & set(present))
    own = {pts["none"], *((pts["disliked"],) if civic.dislikes in present else ()),
           *((pts["one_liked"], pts["both_liked"])[:liked])}
    return tuple(sorted(own))


def civic_token_values(civic: Civic, tiles: int, present: Collection[str], rules: Ruleset
                       ) -> tuple[int, ...]:
    """A civic token's possible points over its ``tiles`` tiles (none: 0)."""
    return _sums([civic_tile_scores(civic, present, rules)] * tiles)


def district_values(district: District, count: Mapping[str, int], rules: Ruleset
                    ) -> tuple[int, ...]:
    """A district's possible points: its table for every size its tiles can reach (no
    district only when the city holds none of its types)."""
    most = min(rules.size * rules.size, sum(count[t] for t in district.types))
    sizes = range(1, most + 1) if most else (0,)
    return tuple(sorted({district_points(s, district.rivals, district.points)
                         for s in sizes}))


def _combination_rows(choices: list[tuple[int, ...]]) -> list[tuple[int, Parts]] | None:
    size = 1
    for values in choices:
        size *= len(values)
    if size > MOST_ROWS:
        return None
    return [(sum(combo), combo) for combo in product(*choices)]


def splits(values: Mapping[str, Sequence[int]], caps: Mapping[str, int],
           total: int) -> list[dict[str, int]]:
    """Every way to score exactly ``total`` with each category at one of its values and at
    most its cap: one exact score per category, in ``CATEGORIES`` order.

    Ordered with the fewest categories below their cap first, then by the scorer's order of
    the categories that fall short (so a search that stops at the first city finds the likely
    ones first; the order never changes which splits there are).

    >>> splits({"a": (1, 2, 3), "b": (5, 6)}, {"a": 3, "b": 6}, 8)
    [{'a': 2, 'b': 6}, {'a': 3, 'b': 5}]
    """
    names = list(values)
    allowed = [[v for v in values[n] if v <= caps.get(n, v)] for n in names]
    if any(not a for a in allowed):
        return []
    most = [sum(max(a) for a in allowed[i:]) for i in range(len(names))] + [0]
    least = [sum(min(a) for a in allowed[i:]) for i in range(len(names))] + [0]

    def walk(i: int, left: int, chosen: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if i == len(names):
            if left == 0:
                yield chosen
            return
        for v in reversed(allowed[i]):
            rest = left - v
            if least[i + 1] <= rest <= most[i + 1]:
                yield from walk(i + 1, rest, (*chosen, v))

    found = list(walk(0, total, ()))
    tops = [max(a) for a in allowed]

    def shortfall(combo: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
        short = tuple(i for i, (v, top) in enumerate(zip(combo, tops, strict=True)) if v < top)
        return len(short), short

    found.sort(key=shortfall)
    return [dict(zip(names, combo, strict=True)) for combo in found]
