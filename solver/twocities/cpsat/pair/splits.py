"""The splits of a pool between two cities that take every tile, each with its bound
(``cpsat.pair.descent`` searches them).

When the two cities take every tile of the pool, the tiles the first city takes (its
*composition*, ``cpsat.city.compositions``) decide the second's, so a pair is a *split*.  Each
split's bound is each city's counted caps, factories ranked against the other city's factory
count as well as the rivals (a split fixes both counts), and districts *shared*: ranked
against each other, the two cities' points in a district add up to at most what the best two
region sizes their tiles allow pay (``shared_districts``), so the lower city scores at most
half the sum.  A split's bound is (lower, higher), compared as a pair's value is: the lower
city first, then the higher.  numpy bounds every split at once.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace

import numpy as np

from solver.twocities.cpsat.city.compositions import Compositions
from solver.twocities.cpsat.model.values import factory_value
from solver.twocities.cpsat.settings import DEFAULT_SETTINGS
from solver.twocities.game.city import Context
from solver.twocities.game.pool import Pool
from solver.twocities.game.tiles import Tile
from solver.twocities.game.vocab import FACTORY
from solver.twocities.scoring.categories import district_points

Value = tuple[int, int]


def splits_apply(pool: Pool) -> bool:
    """The search applies: two cities taking every tile, none fixed, and rivals that
    never help (``rivals_never_help``)."""
    return (pool.cities == 2 and not pool.fixed and pool.uses_all
            and rivals_never_help(pool))


def rivals_never_help(pool: Pool) -> bool:
    """A further rival of any size never raises a city's district points, so a city solved
    without the other among its rivals scores at least what it scores in the pair.

    >>> from solver.twocities.game.pool import pool_from_json
    >>> rivals_never_help(pool_from_json({"variant": "beginner",
    ...                                   "tiles": ["P"] * 12 + ["P|P", "P/P"]}))
    True
    """
    top = pool.rules.size ** 2
    return all(district_points(s, [*d.rivals, o], d.points) <= district_points(s, d.rivals,
                                                                              d.points)
               for d in pool.context.districts for s in range(top + 1) for o in range(top + 1))


class SplitBounds(ABC):
    """What the pair search reads of a set of splits: each split's bound (lower, higher) in
    ``low`` and ``high``, the most the two cities' scores add up to (``sums``) and the higher
    city's most (``most``), and ``order``, best bound first.  ``Splits`` (every tile taken)
    and ``pair.choose.ChooseSplits`` (tiles to spare) fill them."""

    bounds: np.ndarray
    factories: np.ndarray
    low: np.ndarray
    high: np.ndarray
    sums: np.ndarray
    most: np.ndarray
    order: np.ndarray

    def _settle(self, a: np.ndarray, b: np.ndarray, sums: np.ndarray,
                factories: np.ndarray) -> None:
        """Each split's bounds from its two cities' (``a``, ``b``) and their sum's: the
        lower city scores at most half the sum."""
        self.bounds, self.factories = np.stack([a, b], axis=1), factories
        self.sums, self.most = sums, np.maximum(a, b)
        self.low = np.minimum(np.minimum(a, b), sums // 2)
        self.high = self.higher(np.arange(len(a)), self.low)
        self.order = np.lexsort((-self.high, -self.low))

    def __len__(self) -> int:
        return len(self.low)

    def higher(self, k: np.ndarray | int, low: np.ndarray | int) -> np.ndarray | int:
        """The most the higher city of split ``k`` scores when the lower scores ``low``: a
        bound on the higher city only when compared with the lower first."""
        return np.minimum(self.most[k], self.sums[k] - low)

    def bound(self, k: int) -> Value:
        return int(self.low[k]), int(self.high[k])

    def best_first(self) -> Iterator[int]:
        return iter(self.order.tolist())

    @abstractmethod
    def tiles(self, k: int) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
        """The pool's own tiles each city of split ``k`` takes."""


class Splits(SplitBounds):
    """Every split of a pool's tiles with its bound (module doc, step 1), best first."""

    def __init__(self, pool: Pool, most: int = DEFAULT_SETTINGS.most_compositions):
        self.pool = pool
        comps = Compositions(replace(pool, mats=pool.mats[:1]), most=most)
        comps.top()  # lists every composition of the first city, and its bounds
        self.comps = comps
        f = comps.slots.index(FACTORY)
        adds_s = _adds(comps.single_items, len(comps.slots))
        adds_d = _adds(comps.duplex_items, len(comps.slots))
        supply_s = np.array([n for _, n, _ in comps.single_items], dtype=np.int64)
        supply_d = np.array([n for _, n, _ in comps.duplex_items], dtype=np.int64)
        every = supply_s @ adds_s + supply_d @ adds_d  # no fixed tiles in a pair
        singles = comps.rows_s @ adds_s
        ranked = ranked_factories(pool, int(every[f]))
        shared = district_tables(pool, comps, every)
        firsts, seconds, factories, sums = [], [], [], []
        for d_row, bounds in zip(comps.rows_d, comps.bounds, strict=True):
            mine = singles + d_row @ adds_d
            theirs = every - mine
            fa, fb = mine[:, f], theirs[:, f]
            a, b, both = pair_bounds(comps, ranked, shared, bounds, comps.bounds_of(theirs),
                                     mine, theirs)
            firsts.append(a)
            seconds.append(b)
            sums.append(both)
            factories.append(np.stack([fa, fb], axis=1))
        self._settle(np.concatenate(firsts), np.concatenate(seconds), np.concatenate(sums),
                     np.concatenate(factories))

    def tiles(self, k: int) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
        """The pool's own tiles each city of split ``k`` takes."""
        comps = self.comps
        d, i = divmod(k, len(comps.rows_s))
        first = Counter()
        for (token, _, _), n in zip([*comps.single_items, *comps.duplex_items],
                                    [*comps.rows_s[i].tolist(), *comps.rows_d[d].tolist()],
                                    strict=True):
            first[token] = n
        a: list[Tile] = []
        b: list[Tile] = []
        for tile in self.pool.tiles:
            if first[tile.token] > 0:
                first[tile.token] -= 1
                a.append(tile)
            else:
                b.append(tile)
        return tuple(a), tuple(b)


def ranked_factories(pool: Pool, most: int) -> np.ndarray:
    """``[k, o]``: a city's factory points with ``k`` factories, ranked against the rivals
    and the other city's ``o``."""
    return np.array([[factory_value(k, Context((*pool.context.rival_factories, o)), pool.rules)
                      for o in range(most + 1)] for k in range(most + 1)], dtype=np.int64)


def district_tables(pool: Pool, comps: Compositions, every: np.ndarray
                    ) -> list[tuple[int, np.ndarray, np.ndarray]]:
    """For each district: its slot in the counts, one city's points by its tiles of the
    district's types, and the two cities' together (``shared_districts``)."""
    return [(comps.slots.index(f"D{i}"), table, pair) for i, (table, pair)
            in enumerate(zip(comps.t_district, shared_districts(pool, comps, every),
                             strict=True))]


def pair_bounds(comps: Compositions, ranked: np.ndarray,
                shared: list[tuple[int, np.ndarray, np.ndarray]], bound_a: np.ndarray,
                bound_b: np.ndarray, counts_a: np.ndarray, counts_b: np.ndarray
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Two cities' bounds in a split and their sum's, from each composition's bound and
    counts (arrays that broadcast): factories ranked against each other as well as the
    rivals, districts shared (module doc)."""
    f = comps.slots.index(FACTORY)
    fa, fb = counts_a[..., f], counts_b[..., f]
    a = bound_a - comps.t_factory[fa] + ranked[fa, fb]
    b = bound_b - comps.t_factory[fb] + ranked[fb, fa]
    both = a + b
    for d, table, pair in shared:
        da, db = counts_a[..., d], counts_b[..., d]
        both = both + pair[da, db] - table[da] - table[db]
    return a, b, both


def shared_districts(pool: Pool, comps: Compositions, every: np.ndarray) -> list[np.ndarray]:
    """For each district, the most the two cities' points in it add up to, by the tiles of
    its types each city holds: both are ranked against each other and the rivals, so at
    most one takes first place (a tie shares it, and second place goes to neither)."""
    top = pool.rules.size ** 2
    out = []
    for i, d in enumerate(pool.context.districts):
        most = int(every[comps.slots.index(f"D{i}")])
        best = np.zeros((most + 1, most + 1), dtype=np.int64)
        for sa in range(min(most, top) + 1):
            for sb in range(min(most, top) + 1):
                both = (district_points(sa, [*d.rivals, sb], d.points)
                        + district_points(sb, [*d.rivals, sa], d.points))
                best[sa, sb] = both
        # a city holding k tiles of the district's types reaches any size up to k
        best = np.maximum.accumulate(np.maximum.accumulate(best, axis=0), axis=1)
        out.append(best)
    return out


def _adds(items: list, slots: int) -> np.ndarray:
    """What one tile of each item adds to a city's counts: one row per item."""
    return np.array([a for _, _, a in items], dtype=np.int64).reshape(len(items), slots)
