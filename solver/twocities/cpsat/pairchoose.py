"""The splits of a pool two cities do not use up: pairs of compositions, each with its bound
(``cpsat.pairdescent`` searches them as it searches ``cpsat.pairsplits``' splits).

When the two cities leave tiles unused, the first city's composition (``cpsat.compositions``)
no longer decides the second's: a split is a *pair* of compositions whose sum fits in the
pool.  Listing every pair is out of the question (pair-choose pool 0: ten million compositions
a city), and needless: a split whose lower city cannot reach the best pair known cannot beat
it.  So, for a *floor* L (the best pair's lower score, or the least the caller asks for):

1. every composition of one city is bounded by its counted caps, duplex choice by duplex
   choice (numpy), and kept when the bound can reach L (``candidates``): ranked against the
   other city's factories as well, a city's factory points drop or stay, never rise beyond
   ``slack`` (zero on every scoring table seen; computed, not assumed);
2. the candidates are joined in blocks: every pair whose sum fits in the pool's supply
   (vectorised), bounded as ``Splits`` bounds a split (factories ranked against each other,
   districts shared) and kept when its lower city can reach L;
3. with the same mat twice the two cities are interchangeable: of (a, b) and (b, a) only
   the first is listed.

A split left out cannot beat the floor, so settling the splits listed settles the pool.  Too
many candidates or splits to list (``MOST_CANDIDATES``, ``MOST_SPLITS``) raise
``TooManyCompositions``: the pair is left to the full model, as before.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import replace

import numpy as np

from solver.twocities.cpsat.compositions import Compositions, TooManyCompositions, _choices
from solver.twocities.cpsat.pairsplits import Value, rivals_never_help, shared_districts
from solver.twocities.cpsat.values import factory_value
from solver.twocities.game.city import Context
from solver.twocities.game.pool import Pool
from solver.twocities.game.tiles import Tile
from solver.twocities.game.vocab import FACTORY

#: The most compositions of one city worth bounding (pair-choose pool 0 has ten million:
#: about 10 s and a few hundred megabytes), of candidates worth joining, and of splits
#: worth searching.
MOST_LISTED = 20_000_000
MOST_CANDIDATES = 60_000
MOST_SPLITS = 400_000
#: The most cells (pairs x items) one block of the join compares at once.
BLOCK_CELLS = 8_000_000


def choose_apply(pool: Pool) -> bool:
    """The search applies to a pool two cities choose from: no tile fixed, rivals that
    never help (``pairsplits.rivals_never_help``), and tiles left over."""
    return (pool.cities == 2 and not pool.fixed and not pool.uses_all
            and rivals_never_help(pool))


class ChooseSplits:
    """The splits of a choose pool whose lower city can reach ``floor`` (module doc), best
    first; the same interface as ``pairsplits.Splits``."""

    def __init__(self, pool: Pool, floor: int):
        self.pool, self.floor = pool, floor
        comps = Compositions(replace(pool, mats=pool.mats[:1]))
        self.comps = comps
        singles = [(tok, n, adds) for tok, dup, n, adds in comps.items if not dup]
        duplexes = [(tok, n, adds) for tok, dup, n, adds in comps.items if dup]
        self.tokens = [tok for tok, _, _ in singles] + [tok for tok, _, _ in duplexes]
        self.supply = np.array([n for _, n, _ in singles] + [n for _, n, _ in duplexes],
                               dtype=np.int64)
        slots = len(comps.slots)
        adds = np.array([a for _, _, a in singles] + [a for _, _, a in duplexes],
                        dtype=np.int64).reshape(len(self.tokens), slots)
        every = self.supply @ adds
        f = comps.slots.index(FACTORY)
        most = int(every[f])
        self.ranked = np.array([[factory_value(k, Context((*pool.context.rival_factories, o)),
                                               pool.rules) for o in range(most + 1)]
                                for k in range(most + 1)], dtype=np.int64)
        t_factory = comps.t_factory[:most + 1]
        self.slack = max(0, int((self.ranked - t_factory[:, None]).max()))
        rows, counts, bounds = self._candidates(singles, duplexes, adds)
        self._join(rows, counts, bounds, adds, every, f)

    def _candidates(self, singles: list, duplexes: list, adds: np.ndarray
                    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Step 1: every composition whose bound (plus ``slack``) reaches the floor, as
        token counts, slot counts and bound, highest bound first."""
        comps = self.comps
        ns = len(singles)
        rows_s = _choices([n for _, n, _ in singles], comps.singles_wanted)
        rows_d = _choices([n for _, n, _ in duplexes], comps.duplexes_wanted)
        if len(rows_s) * len(rows_d) > MOST_LISTED:
            raise TooManyCompositions(len(rows_s) * len(rows_d))
        base = rows_s @ adds[:ns] + np.array(comps.base, dtype=np.int64)
        kept_rows, kept_counts, kept_bounds = [], [], []
        for d_row in rows_d:
            counts = base + d_row @ adds[ns:]
            bounds = comps.bounds_of(counts)
            keep = np.flatnonzero(bounds + self.slack >= self.floor)
            if len(keep):
                kept_rows.append(np.hstack([rows_s[keep],
                                            np.broadcast_to(d_row, (len(keep), len(d_row)))]))
                kept_counts.append(counts[keep])
                kept_bounds.append(bounds[keep])
            if sum(len(b) for b in kept_bounds) > MOST_CANDIDATES:
                raise TooManyCompositions(sum(len(b) for b in kept_bounds))
        width = len(self.tokens)
        rows = np.vstack(kept_rows) if kept_rows else np.zeros((0, width), dtype=np.int64)
        counts = np.vstack(kept_counts) if kept_counts else np.zeros((0, len(comps.slots)),
                                                                      dtype=np.int64)
        bounds = np.concatenate(kept_bounds) if kept_bounds else np.zeros(0, dtype=np.int64)
        order = np.lexsort((*rows.T[::-1], -bounds))  # highest first, then by the rows
        return rows[order], counts[order], bounds[order]

    def _join(self, rows: np.ndarray, counts: np.ndarray, bounds: np.ndarray,
              adds: np.ndarray, every: np.ndarray, f: int) -> None:
        """Step 2: every pair of candidates that fits in the pool, bounded, kept when its
        lower city can reach the floor (step 3: one of two mirrored pairs on equal mats)."""
        comps, pool = self.comps, self.pool
        same_mats = pool.mats[0] == pool.mats[1]
        shared = [(comps.slots.index(f"D{i}"), table, pair) for i, (table, pair)
                  in enumerate(zip(comps.t_district, shared_districts(pool, comps, every),
                                   strict=True))]
        n = len(rows)
        block = max(1, BLOCK_CELLS // max(1, n * max(1, rows.shape[1])))
        firsts, seconds, sums, pa, pb = [], [], [], [], []
        total = 0
        for s in range(0, n, block):
            fits = np.all(rows[s:s + block, None, :] + rows[None, :, :] <= self.supply, axis=2)
            if same_mats:
                fits &= np.arange(n)[None, :] >= np.arange(s, min(n, s + block))[:, None]
            ia, ib = np.nonzero(fits)
            ia = ia + s
            mine, theirs = counts[ia], counts[ib]
            fa, fb = mine[:, f], theirs[:, f]
            a = bounds[ia] - comps.t_factory[fa] + self.ranked[fa, fb]
            b = bounds[ib] - comps.t_factory[fb] + self.ranked[fb, fa]
            both = a + b
            for d, table, pair in shared:
                both = both + pair[mine[:, d], theirs[:, d]] - table[mine[:, d]] \
                    - table[theirs[:, d]]
            keep = np.minimum(np.minimum(a, b), both // 2) >= self.floor
            total += int(keep.sum())
            if total > MOST_SPLITS:
                raise TooManyCompositions(total)
            firsts.append(a[keep])
            seconds.append(b[keep])
            sums.append(both[keep])
            pa.append(ia[keep])
            pb.append(ib[keep])
        empty = np.zeros(0, dtype=np.int64)
        a = np.concatenate(firsts) if firsts else empty
        b = np.concatenate(seconds) if seconds else empty
        self.pairs = np.stack([np.concatenate(pa) if pa else empty,
                               np.concatenate(pb) if pb else empty], axis=1)
        self.rows = rows
        self.bounds = np.stack([a, b], axis=1)
        self.factories = counts[self.pairs, f] if len(a) else np.zeros((0, 2), dtype=np.int64)
        #: the most the two cities' scores add up to, and the higher city's most
        self.sums = np.concatenate(sums) if sums else empty
        self.most = np.maximum(a, b)
        self.low = np.minimum(np.minimum(a, b), self.sums // 2)
        self.high = self.higher(np.arange(len(a)), self.low)
        self.order = np.lexsort((-self.high, -self.low))

    def __len__(self) -> int:
        return len(self.low)

    def higher(self, k: np.ndarray | int, low: np.ndarray | int) -> np.ndarray | int:
        """The most the higher city of split ``k`` scores when the lower scores ``low``."""
        return np.minimum(self.most[k], self.sums[k] - low)

    def bound(self, k: int) -> Value:
        return int(self.low[k]), int(self.high[k])

    def best_first(self) -> Iterator[int]:
        return iter(self.order.tolist())

    def tiles(self, k: int) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
        """The pool's own tiles each city of split ``k`` takes (the rest stay unused)."""
        out: list[list[Tile]] = [[], []]
        for i, row in enumerate(self.pairs[k].tolist()):
            wanted = Counter(dict(zip(self.tokens, self.rows[row].tolist(), strict=True)))
            for tile in self.pool.tiles:
                if wanted[tile.token] > 0:
                    wanted[tile.token] -= 1
                    out[i].append(tile)
        return tuple(out[0]), tuple(out[1])
