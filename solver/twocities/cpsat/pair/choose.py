"""The splits of a pool two cities do not use up: pairs of compositions, each with its bound
(``cpsat.pair.descent`` searches them as it searches ``cpsat.pair.splits``' splits).

When the two cities leave tiles unused, the first city's composition (``cpsat.city.compositions``)
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
many candidates or splits to list (``ProofSettings.most_candidates``, ``most_splits``) raise
the floor listed instead (``listed_from``; ``below_listed`` says what the search's answer then
proves); more compositions than ``most_listed`` raise ``TooManyCompositions``, and the pair
is left to the full model.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import TypeVar

import numpy as np

from solver.twocities.cpsat.city.compositions import Compositions, TooManyCompositions, _choices
from solver.twocities.cpsat.pair.splits import (
    SplitBounds,
    district_tables,
    pair_bounds,
    ranked_factories,
    rivals_never_help,
)
from solver.twocities.cpsat.settings import DEFAULT_SETTINGS, ProofSettings
from solver.twocities.game.pool import Pool
from solver.twocities.game.tiles import Tile
from solver.twocities.game.vocab import FACTORY

#: The most cells (pairs x items) one block of the join compares at once.
BLOCK_CELLS = 8_000_000


def choose_apply(pool: Pool) -> bool:
    """The search applies to a pool two cities choose from: no tile fixed, rivals that
    never help (``pair.splits.rivals_never_help``), and tiles left over."""
    return (pool.cities == 2 and not pool.fixed and not pool.uses_all
            and rivals_never_help(pool))


class ChooseSplits(SplitBounds):
    """The splits of a choose pool whose lower city can reach ``floor`` (module doc), best
    first; the same interface as ``pair.splits.Splits``.  ``listed_from``: the floor actually
    listed, above ``floor`` when more splits reach ``floor`` than ``settings.most_candidates``
    and ``most_splits`` allow (every split whose lower city can reach ``listed_from`` is
    listed)."""

    def __init__(self, pool: Pool, floor: int, settings: ProofSettings = DEFAULT_SETTINGS):
        self.pool, self.floor, self.settings = pool, floor, settings
        comps = Compositions(replace(pool, mats=pool.mats[:1]), most=settings.most_compositions)
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
        self.ranked = ranked_factories(pool, most)
        t_factory = comps.t_factory[:most + 1]
        self.slack = max(0, int((self.ranked - t_factory[:, None]).max()))
        rows, counts, bounds = self._candidates(singles, duplexes, adds)
        self._join(rows, counts, bounds, every, f)

    def _candidates(self, singles: list, duplexes: list, adds: np.ndarray
                    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Step 1: every composition whose bound (plus ``slack``) reaches the floor (raised
        while more than ``settings.most_candidates`` do), as token counts, slot counts and
        bound."""
        comps = self.comps
        ns = len(singles)
        rows_s = _choices([n for _, n, _ in singles], comps.singles_wanted)
        rows_d = _choices([n for _, n, _ in duplexes], comps.duplexes_wanted)
        if len(rows_s) * len(rows_d) > self.settings.most_listed:
            raise TooManyCompositions(len(rows_s) * len(rows_d))
        base = rows_s @ adds[:ns] + np.array(comps.base, dtype=np.int64)
        least = self.floor - self.slack  # the least composition bound kept
        kept_rows, kept_counts, kept_bounds = [], [], []
        for d_row in rows_d:
            counts = base + d_row @ adds[ns:]
            bounds = comps.bounds_of(counts)
            keep = np.flatnonzero(bounds >= least)
            kept_rows.append(np.hstack([rows_s[keep],
                                        np.broadcast_to(d_row, (len(keep), len(d_row)))]))
            kept_counts.append(counts[keep])
            kept_bounds.append(bounds[keep])
            if sum(len(b) for b in kept_bounds) > self.settings.most_candidates:
                every_bound = np.concatenate(kept_bounds)
                # the least bound that keeps at most most_candidates
                least = int(np.sort(every_bound)[::-1][self.settings.most_candidates]) + 1
                for i, b in enumerate(kept_bounds):
                    ok = b >= least
                    kept_rows[i], kept_counts[i], kept_bounds[i] = (
                        kept_rows[i][ok], kept_counts[i][ok], b[ok])
        self.listed_from = max(self.floor, least + self.slack)
        rows = np.vstack(kept_rows)
        counts = np.vstack(kept_counts)
        bounds = np.concatenate(kept_bounds)
        order = np.lexsort((*rows.T[::-1], -bounds))  # highest first, then by the rows
        return rows[order], counts[order], bounds[order]

    def _join(self, rows: np.ndarray, counts: np.ndarray, bounds: np.ndarray,
              every: np.ndarray, f: int) -> None:
        """Step 2: every pair of candidates that fits in the pool, bounded, kept when its
        lower city can reach the floor (step 3: one of two mirrored pairs on equal mats).
        A split's bound depends on each composition's bound, factories and district counts
        alone: the candidates are grouped by those (*keys*), every pair of keys bounded at
        once, and only the key pairs that reach the floor are joined, level by level from
        the top, until ``settings.most_splits`` (then the floor listed is raised to the last level
        listed whole)."""
        comps, pool = self.comps, self.pool
        same_mats = pool.mats[0] == pool.mats[1]
        shared = district_tables(pool, comps, every)
        key_cols = [f, *(d for d, _, _ in shared)]
        keys, which = np.unique(np.column_stack([bounds, counts[:, key_cols]]), axis=0,
                                return_inverse=True)
        which = which.reshape(-1)
        members = [np.flatnonzero(which == k) for k in range(len(keys))]
        kb = keys[:, 0]
        kc = np.zeros((len(keys), counts.shape[1]), dtype=np.int64)  # a key's counts it reads
        kc[:, key_cols] = keys[:, 1:]
        a, b, both = pair_bounds(comps, self.ranked, shared, kb[:, None], kb[None, :],
                                 kc[:, None, :], kc[None, :, :])
        low = np.minimum(np.minimum(a, b), both // 2)
        if same_mats:
            low = np.where(np.arange(len(keys))[:, None] <= np.arange(len(keys))[None, :],
                           low, -1)
        found: list[tuple[np.ndarray, np.ndarray]] = []
        total = 0
        top = int(low.max()) if low.size else -1
        for level in range(top, self.listed_from - 1, -1):
            at_level = []
            for ka, kb_ in zip(*np.nonzero(low == level), strict=True):
                ia, ib = self._fits(rows, members[ka], members[kb_], same_mats and ka == kb_)
                at_level.append((ia, ib))
                total += len(ia)
            if total > self.settings.most_splits:
                self.listed_from = level + 1
                break
            found += at_level
        empty = np.zeros(0, dtype=np.int64)
        ia = np.concatenate([x for x, _ in found]) if found else empty
        ib = np.concatenate([y for _, y in found]) if found else empty
        ka, kb_ = which[ia], which[ib]
        self.pairs = np.stack([ia, ib], axis=1)
        self.rows = rows
        self._settle(a[ka, kb_], b[ka, kb_], both[ka, kb_],
                     np.stack([counts[ia, f], counts[ib, f]], axis=1))

    def _fits(self, rows: np.ndarray, first: np.ndarray, second: np.ndarray, same: bool
              ) -> tuple[np.ndarray, np.ndarray]:
        """Every pair of candidates, one of ``first`` and one of ``second``, whose sum fits
        in the pool (``same``: the two lists are one, each pair once)."""
        out_a, out_b = [], []
        width = max(1, len(second) * rows.shape[1])
        block = max(1, BLOCK_CELLS // width)
        right = rows[second]
        for s in range(0, len(first), block):
            part = first[s:s + block]
            fits = np.all(rows[part][:, None, :] + right[None, :, :] <= self.supply, axis=2)
            if same:
                fits &= second[None, :] >= part[:, None]
            x, y = np.nonzero(fits)
            out_a.append(part[x])
            out_b.append(second[y])
        return np.concatenate(out_a), np.concatenate(out_b)

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


Outcome = TypeVar("Outcome")


def below_listed(outcome: Outcome, splits: ChooseSplits) -> Outcome:
    """The search's outcome over the splits listed, with the splits left unlisted (their
    lower city at most ``listed_from - 1``) counted: a proof only when the best pair's
    lower city is above them, else the bound is at least theirs."""
    if splits.listed_from <= splits.floor:
        return outcome  # the splits left out cannot beat the floor
    best = outcome.best  # type: ignore[attr-defined]
    if best is not None and best.value()[0] >= splits.listed_from:
        return outcome
    bound = outcome.bound  # type: ignore[attr-defined]
    unlisted = splits.listed_from - 1
    return replace(outcome, proven=False,  # type: ignore[type-var]
                   bound=unlisted if bound is None else max(bound, unlisted),
                   higher=None)  # an unlisted split's higher city is not bounded
