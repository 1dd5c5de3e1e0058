"""Which tiles a city takes from a pool that holds more than it needs: each choice (a
*composition*) and the bound its tiles alone give, highest first.

A composition fixes how many tiles of each token the city takes; a city of exactly those
tiles scores at most the sum of its counted caps (``model.values``: ``city_values(...).caps()``).
Each cap is a table over the counts it depends on (filled by that module's own functions), so
every composition's bound is a few array look-ups: numpy computes them all at once, up to
``ProofSettings.most_compositions`` of them.  Each composition the descent asks for is checked
against ``city_values`` itself (``ModelMismatch`` if they differ).

The descent (``cpsat.city.descent``) takes compositions in by their bound: a composition can only
hold a city at or below its bound.  On the choose suite's pools 1-9 (26 singles and 4
duplexes, a city of 16 and 2) the highest bound was the optimum on 4 of the 8 proven, and 0,
0, 0, 0, 4, 6, 24 and 31 compositions had a bound above the optimum; on the unproven pool 7,
79, 151 and 216 compositions have bounds 106, 105 and 104.

*Taverns alike* (``alike``): a tavern's kind counts for the taverns' sets alone, and those
points are fixed by the city's tiles (no layout changes them).  Two compositions that differ
only in their taverns' kinds (a drink tavern taken instead of a music one, or ``S|Tm``
instead of ``S|Tb``) build the same layouts with the same points in every other category,
so the one with more tavern points scores at least as much in each: only the member of each
class with the most tavern points is listed (the first listed of those tied), and it has
the class's highest bound.  On choose pool 7, 1,045 compositions of bound 102 or more are
listed of 1,802.

>>> from solver.twocities.game.pool import pool_from_json
>>> pool = pool_from_json({"variant": "beginner", "tiles": ["P"] * 13 + ["S", "P|P", "P/P"]})
>>> choices = Compositions(pool)
>>> choices.top()
64
>>> [c.singles for c in choices.at(64)]
[(('P', 12), ('S', 0))]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from math import prod

import numpy as np

from solver.common.errors import ModelMismatch
from solver.twocities.cpsat.model.values import city_values as values_of
from solver.twocities.cpsat.model.values import (
    civic_token_values,
    district_values,
    factory_value,
    house_values,
    office_values,
    park_rows,
    shop_rows,
)
from solver.twocities.cpsat.settings import DEFAULT_SETTINGS
from solver.twocities.game.pool import Pool
from solver.twocities.game.tiles import Building, Duplex, Tile, buildings_of
from solver.twocities.game.vocab import (
    CIVIC,
    DISTRICT,
    FACTORY,
    HOUSE,
    HOUSE_COUNTED_TYPES,
    OFFICE,
    PARK,
    SHOP,
    TAVERN,
    TAVERN_KINDS,
)
from solver.twocities.scoring.categories import tavern_value

#: The counted quantities a composition's bound depends on: building types, tavern kinds,
#: civic tokens and district members (each a slot of a count vector).
_TYPES = (FACTORY, SHOP, TAVERN, PARK, OFFICE, HOUSE)


@dataclass(frozen=True)
class Composition:
    """How many tiles of each single and duplex token the city takes, and their bound."""

    singles: tuple[tuple[str, int], ...]
    duplexes: tuple[tuple[str, int], ...]
    bound: int

    def tiles(self, pool: Pool) -> tuple[Tile, ...]:
        """The pool's own tiles this composition takes."""
        wanted = Counter(dict(self.singles)) + Counter(dict(self.duplexes))
        out = []
        for tile in pool.tiles:
            if wanted[tile.token] > 0:
                wanted[tile.token] -= 1
                out.append(tile)
        return tuple(out)

    def pool(self, pool: Pool) -> Pool:
        """The pool holding exactly this composition's tiles (and the fixed ones)."""
        return replace(pool, tiles=self.tiles(pool))


class Compositions:
    """Every composition of ``pool`` with its bound (module doc).  With ``alike`` (module
    doc, *taverns alike*) a composition that another one dominates is not listed."""

    def __init__(self, pool: Pool, alike: bool = False,
                 most: int = DEFAULT_SETTINGS.most_compositions):
        self.pool = pool
        self.alike = alike
        self.limit = most  # the most compositions worth listing
        tiles = {t.token: t for t in pool.tiles}
        self._tile = tiles
        supply = pool.counts()
        self.singles_wanted, self.duplexes_wanted = pool.to_choose()
        self.civics = sorted({b.token: b.civic for b in pool.buildings
                              if b.type == CIVIC and b.civic is not None}.items())
        self.slots = [*_TYPES, *(f"T{k}" for k in TAVERN_KINDS), *(t for t, _ in self.civics),
                      *(f"D{i}" for i in range(len(pool.context.districts)))]
        index = {name: i for i, name in enumerate(self.slots)}
        base = [0] * len(self.slots)
        for p in pool.fixed:
            for b in p.buildings:
                for slot in self._slots_of(b):
                    base[index[slot]] += 1
        self.base = tuple(base)
        # the tokens to choose, duplexes first (fewer), each with what one tile adds
        self.items = []
        for token in sorted(supply, key=lambda t: (not isinstance(tiles[t], Duplex), t)):
            adds = [0] * len(self.slots)
            for b in buildings_of(tiles[token]):
                for slot in self._slots_of(b):
                    adds[index[slot]] += 1
            self.items.append((token, isinstance(tiles[token], Duplex), supply[token],
                               tuple(adds)))
        most = list(self.base)
        for _, _, n, adds in self.items:
            most = [m + n * a for m, a in zip(most, adds, strict=True)]
        self.most = tuple(most)
        self._tables()
        self.bounds: list[np.ndarray] | None = None  # per duplex choice, per single choice
        #: per duplex choice, per single choice: listed (not dominated, ``alike``)
        self.kept: list[np.ndarray] | None = None
        self.by_bound: dict[int, list[Composition]] = {}

    def _slots_of(self, b: Building) -> list[str]:
        out = [b.type] if b.type in _TYPES else []
        if b.type == TAVERN and b.tavern:
            out.append(f"T{b.tavern}")
        if b.type == CIVIC:
            out.append(b.token)
        out += [f"D{i}" for i, d in enumerate(self.pool.context.districts) if b.type in d.types]
        return out

    # --- the bound of a count vector (``cpsat.model.values``'s caps, by table) ---------------

    def _tables(self) -> None:
        """Each cap as a table over the counts it depends on, filled by the values' own
        functions."""
        rules, context, most = self.pool.rules, self.pool.context, dict(zip(self.slots,
                                                                            self.most,
                                                                            strict=True))
        def table(values: list) -> np.ndarray:
            return np.array(values, dtype=np.int64)

        self.t_factory = table([factory_value(k, context, rules)
                                for k in range(most[FACTORY] + 1)])
        self.t_shop = table([max(v for v, _ in shop_rows(k, rules))
                             for k in range(most[SHOP] + 1)])
        self.t_park = table([max(v for v, _ in park_rows(k, rules))
                             for k in range(most[PARK] + 1)])
        self.t_office = table([[max(office_values(k, bool(t), rules)) for t in (0, 1)]
                               for k in range(most[OFFICE] + 1)])
        self.t_house = table([[[max(house_values(k, o, bool(f), rules)) for f in (0, 1)]
                               for o in range(len(HOUSE_COUNTED_TYPES) + 1)]
                              for k in range(most[HOUSE] + 1)])
        self.t_tavern: np.ndarray | None = None  # filled on first use, over the kinds' counts
        self.t_civic = {}
        for token, civic in self.civics:
            liked = sorted(civic.likes)
            self.t_civic[token] = table([[[max(civic_token_values(
                civic, k, {*liked[:lk], *((civic.dislikes,) if d else ())}, rules))
                for d in (0, 1)] for lk in range(3)] for k in range(most[token] + 1)])
        self.t_district = [table([max(district_values(d, Counter({sorted(d.types)[0]: k}),
                                                      rules))
                                  for k in range(most[f"D{i}"] + 1)])
                           for i, d in enumerate(context.districts)]

    def bound(self, counts: Sequence[int]) -> int:
        """The counted caps' sum for a city holding ``counts`` (one per slot)."""
        return int(self._bounds(np.array([counts], dtype=np.int64))[0])

    def bounds_of(self, counts: np.ndarray) -> np.ndarray:
        """``bound`` for every row of ``counts`` (one count vector a row), at once."""
        return self._bounds(counts)

    def _bounds(self, counts: np.ndarray) -> np.ndarray:
        """``bound`` for every row of ``counts`` at once."""
        return sum(self.category_bounds(counts).values())

    def category_bounds(self, counts: np.ndarray) -> dict[str, np.ndarray]:
        """Each category's counted cap for every row of ``counts`` (one count vector a
        row): what ``bound`` sums.

        >>> from solver.twocities.game.pool import pool_from_json
        >>> pool = pool_from_json({"variant": "beginner",
        ...                        "tiles": ["P"] * 13 + ["S", "P|P", "P/P"]})
        >>> choices = Compositions(pool)
        >>> counts = np.array([[0, 1, 0, 13, 0, 0, 0, 0, 0, 0]])  # a shop, 13 parks
        >>> caps = choices.category_bounds(counts)
        >>> {k: int(v[0]) for k, v in caps.items() if v[0]}, int(choices.bounds_of(counts)[0])
        ({'shop': 2, 'park': 52}, 54)
        """
        col = {name: counts[:, i] for i, name in enumerate(self.slots)}
        rules = self.pool.rules
        has = {t: (col[t] > 0).astype(np.int64) for t in _TYPES}
        others = sum(has[t] for t in HOUSE_COUNTED_TYPES)
        out = {FACTORY: self.t_factory[col[FACTORY]], SHOP: self.t_shop[col[SHOP]],
               PARK: self.t_park[col[PARK]], OFFICE: self.t_office[col[OFFICE], has[TAVERN]],
               HOUSE: self.t_house[col[HOUSE], others, has[FACTORY]]}
        kinds = [col[f"T{k}"] for k in TAVERN_KINDS]
        table = self.t_tavern
        if table is None or table.shape != tuple(int(k.max()) + 1 for k in kinds):
            self.t_tavern = table = np.zeros([int(k.max()) + 1 for k in kinds], dtype=np.int64)
            for combo in np.ndindex(*table.shape):
                table[combo] = tavern_value(Counter(dict(zip(TAVERN_KINDS, combo,
                                                             strict=True))), rules)
        out[TAVERN] = table[tuple(kinds)]
        zero = np.zeros(len(counts), dtype=np.int64)
        out[CIVIC] = zero
        for token, civic in self.civics:
            liked = sum(has[t] for t in sorted(civic.likes))
            out[CIVIC] = out[CIVIC] + self.t_civic[token][col[token], liked, has[civic.dislikes]]
        out[DISTRICT] = zero
        for i, districts in enumerate(self.t_district):
            out[DISTRICT] = out[DISTRICT] + districts[col[f"D{i}"]]
        return out

    # --- listing ------------------------------------------------------------------------

    def top(self) -> int | None:
        """The highest bound of any composition (None: the pool fills no city)."""
        self._list()
        return max((int(b.max()) for b in self.bounds if len(b)), default=None)

    def at(self, total: int) -> list[Composition]:
        """Every composition whose bound is exactly ``total``, each checked against
        ``city_values`` (they must agree)."""
        self._list()
        if total in self.by_bound:
            return self.by_bound[total]
        found = []
        for d_row, bounds, kept in zip(self.rows_d, self.bounds, self.kept, strict=True):
            duplexes = self._taken(self.duplex_items, d_row)
            found += [Composition(self._taken(self.single_items, self.rows_s[i]), duplexes,
                                  total) for i in np.flatnonzero((bounds == total) & kept)]
        found.sort(key=lambda c: (c.singles, c.duplexes))
        for c in found:
            counted = sum(values_of(c.pool(self.pool)).caps().values())
            if counted != total:
                raise ModelMismatch(f"composition {c.singles} {c.duplexes}: bound {total} by "
                                    f"its counts, {counted} by its values")
        self.by_bound[total] = found
        return found

    @staticmethod
    def _taken(items: list, row: np.ndarray) -> tuple[tuple[str, int], ...]:
        return tuple(sorted((tok, int(k)) for (tok, _, _), k in zip(items, row, strict=True)))

    def _list(self) -> None:
        """Every composition's bound, once (numpy over the count vectors)."""
        if self.bounds is not None:
            return
        self.single_items = [(tok, n, adds) for tok, dup, n, adds in self.items if not dup]
        self.duplex_items = [(tok, n, adds) for tok, dup, n, adds in self.items if dup]
        supply_s = [n for _, n, _ in self.single_items]
        supply_d = [n for _, n, _ in self.duplex_items]
        many = _ways(supply_s, self.singles_wanted) * _ways(supply_d, self.duplexes_wanted)
        if many > self.limit:
            raise TooManyCompositions(many)
        self.rows_s = _choices(supply_s, self.singles_wanted)
        self.rows_d = _choices(supply_d, self.duplexes_wanted)

        def adds(items: list) -> np.ndarray:
            return np.array([a for _, _, a in items], dtype=np.int64).reshape(
                len(items), len(self.slots))

        single_counts = self.rows_s @ adds(self.single_items) + np.array(self.base)
        caps = [self.category_bounds(single_counts + d_row @ adds(self.duplex_items))
                for d_row in self.rows_d]
        self.bounds = [sum(c.values()) for c in caps]
        self.kept = [np.ones(len(self.rows_s), dtype=bool) for _ in self.rows_d]
        if self.alike:
            self._keep_undominated([c[TAVERN] for c in caps])

    def _keep_undominated(self, taverns: list[np.ndarray]) -> None:
        """Mark in ``kept`` one composition of each class of compositions *alike*: the same
        tiles but for their taverns' kinds (``_alike``).  Tavern kinds matter to the
        taverns' points alone, and those are fixed by the city's tiles, so the cities of a
        class are the same but for that constant: the class's best city is in its member of
        the most tavern points, the one kept (the first listed of those tied)."""
        tokens = [tok for tok, _, _ in self.single_items + self.duplex_items]
        names = sorted({_alike(self._tile[t]) for t in tokens})
        if len(names) == len(tokens) or not len(self.rows_s) or not len(self.rows_d):
            return  # no two tokens alike, or nothing to keep
        merge = np.zeros((len(tokens), len(names)), dtype=np.int64)
        for i, t in enumerate(tokens):
            merge[i, names.index(_alike(self._tile[t]))] = 1
        rows = np.vstack([np.hstack([self.rows_s, np.tile(d_row, (len(self.rows_s), 1))])
                          for d_row in self.rows_d])
        alike = rows @ merge
        radix = [int(x) + 1 for x in alike.max(axis=0)]
        if prod(radix) < 2**62:  # each class as one number: sorting numbers is fast
            weights = np.array([prod(radix[k + 1:]) for k in range(len(radix))], dtype=np.int64)
            _, classes = np.unique(alike @ weights, return_inverse=True)
        else:
            _, classes = np.unique(alike, axis=0, return_inverse=True)
        classes = classes.reshape(-1)
        points = np.concatenate(taverns)
        order = np.lexsort((np.arange(len(rows)), -points, classes))  # best member first
        first = np.ones(len(order), dtype=bool)
        first[1:] = classes[order][1:] != classes[order][:-1]
        kept = np.zeros(len(rows), dtype=bool)
        kept[order[first]] = True
        self.kept = list(kept.reshape(len(self.rows_d), len(self.rows_s)))


def _alike(tile: Tile) -> str:
    """A tile's token with every tavern taken as a food tavern: tiles alike but for the
    kinds of their taverns have the same one.

    >>> from solver.twocities.game.tiles import parse_tile
    >>> _alike(Building(TAVERN, tavern="music")), _alike(parse_tile("S|Tm"))
    ('Tf', 'S|Tf')
    """
    def plain(b: Building) -> Building:
        return replace(b, tavern=None) if b.type == TAVERN else b
    if isinstance(tile, Duplex):
        return replace(tile, first=plain(tile.first), second=plain(tile.second)).token
    return plain(tile).token


class TooManyCompositions(Exception):
    """The pool has more compositions than listing them is worth
    (``ProofSettings.most_compositions``)."""


def _ways(supply: Sequence[int], total: int) -> int:
    """How many rows ``_choices`` has, without listing them.

    >>> _ways([2, 1], 2), _ways([16] * 30, 16)
    (2, 646626422970)
    """
    ways = [1] + [0] * total
    for n in supply:
        ways = [sum(ways[t - k] for k in range(min(n, t) + 1)) for t in range(total + 1)]
    return ways[total]


def _choices(supply: Sequence[int], total: int) -> np.ndarray:
    """Every way to take ``total`` tiles with at most ``supply[i]`` of kind i: one row each.

    >>> _choices([2, 1], 2).tolist()
    [[1, 1], [2, 0]]
    """
    rows = np.zeros((1, 0), dtype=np.int64)
    left = [sum(supply[i:]) for i in range(len(supply))] + [0]
    for i, n in enumerate(supply):
        taken = rows.sum(axis=1)
        parts = []
        for k in range(n + 1):
            ok = (taken + k <= total) & (taken + k + left[i + 1] >= total)
            if ok.any():
                parts.append(np.hstack([rows[ok], np.full((int(ok.sum()), 1), k)]))
        rows = np.vstack(parts) if parts else np.zeros((0, i + 1), dtype=np.int64)
    return rows[np.lexsort(rows.T[::-1])] if len(rows) else rows
