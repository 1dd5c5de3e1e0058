"""A greedy placer: the city a hasty player builds (the daily puzzles measure how hard a
puzzle is against it; a pair of cities starts its search from it, ``cpsat.pair.quick``).

Tiles come in the rounds' order (round 1 singles, then the duplexes, then round 3 singles, as
``rules.order`` reads the rounds).  Each step puts one tile where it raises the city's
score most right now (ties go to the first tile and cell in a fixed order), never leaving a
gap that the duplexes still to place cannot fill.  Every mat position is tried; the best city
wins.  For two cities, the lower city gets the next tile.  The greedy score is what the proven
optimum is compared with.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass
from itertools import combinations

from solver.common.errors import CitiesError
from solver.twocities.game.city import City, Context
from solver.twocities.game.components import Coord, Mat
from solver.twocities.game.layout import (
    build,
    dominoes,
    empty_city,
    mat_offsets,
)
from solver.twocities.game.pool import Placement, Pool
from solver.twocities.game.tiles import Building, Duplex, Tile, buildings_of
from solver.twocities.rules.legality import check_basic
from solver.twocities.rules.position import Position
from solver.twocities.rules.squares import Window, mat_square, room
from solver.twocities.scoring.categories import score_city
from solver.twocities.scoring.rivals import pair_scores

Move = tuple[Tile, tuple[Coord, ...]]


@dataclass
class Builder:
    """One city under construction: the city (city coordinates, for scoring) and the same
    city as the rules engine sees it (mat coordinates), which says what may come next."""

    city: City
    offset: Coord  # where the mat lies in the city square
    position: Position
    square: Window  # the city square, as the look-ahead sees it
    placed: tuple[Placement, ...] = ()  # the pool's tiles placed so far, in order

    def empty(self) -> frozenset[Coord]:
        return frozenset(rc for rc in self.city.cells() if self.city.at(rc) is None)

    def done(self) -> bool:
        return self.position.finished

    def duplexes_left(self) -> int:
        return self.position.remaining()[1]

    def legal(self, tile: Tile, cells: tuple[Coord, ...]) -> bool:
        """The rules engine's placement rules (round, overlap, landscape, first tile on the
        mat, touching the city).  The square is the builder's own; what is still to come is
        its own foresight (``_feasible``), since a puzzle shows every tile."""
        at = (cells[0][0] - self.offset[0], cells[0][1] - self.offset[1])
        return check_basic(self.position, tile, at) is None


def _duplex_choices(tiles: Counter[Tile], count: int) -> frozenset[tuple[bool, ...]]:
    """The orientation combinations ``count`` of the remaining duplexes can make."""
    pool = sorted(t.horizontal for t in tiles.elements() if isinstance(t, Duplex))
    return frozenset(combinations(pool, count))


def _moves(b: Builder, tiles: Counter[Tile]) -> list[Move]:
    """Every legal next tile for one city inside its square, in a fixed order."""
    empty = b.empty()
    kinds = sorted((t for t in tiles if tiles[t] > 0), key=lambda t: t.token)
    moves: list[Move] = []
    for t in kinds:
        spots = ([(rc,) for rc in sorted(empty)] if isinstance(t, Building)
                 else dominoes(set(empty), t.horizontal))
        moves += [(t, cells) for cells in spots if b.legal(t, cells)]
    return moves


def _place(b: Builder, move: Move) -> Builder:
    tile, cells = move
    city = b.city
    parts = buildings_of(tile)
    for rc, building in zip(cells, parts, strict=True):
        city = city.with_cell(rc, building)
    at = (cells[0][0] - b.offset[0], cells[0][1] - b.offset[1])
    return Builder(city, b.offset, b.position.play(Placement(tile, at)), b.square,
                   (*b.placed, Placement(tile, cells[0])))


def _feasible(b: Builder, tiles: Counter[Tile]) -> bool:
    """Is there room for the duplexes still to place (some ``left`` of the tiles to come)?
    Room alone: a hasty player does not look further ahead than that."""
    left = b.duplexes_left()
    if left == 0:
        return True
    city = b.square.mask(b.position.occupied)
    return any(room(b.square.id, city, combo) for combo in _duplex_choices(tiles, left))


def _value(builders: list[Builder]) -> tuple[int, ...]:
    if len(builders) == 1:
        return (score_city(builders[0].city).total,)
    a, b = pair_scores(builders[0].city, builders[1].city)
    return (min(a, b), a + b)


def _run(builders: list[Builder], tiles: Counter[Tile]) -> list[Builder] | None:
    while not all(b.done() for b in builders):
        # The weaker unfinished city gets the next tile.
        open_ = [i for i, b in enumerate(builders) if not b.done()]
        scores = _value(builders) if len(builders) == 1 else pair_scores(
            builders[0].city, builders[1].city)
        i = min(open_, key=lambda k: scores[k] if len(builders) > 1 else 0)
        best: tuple[tuple[int, ...], list[Builder], Tile] | None = None
        for move in _moves(builders[i], tiles):
            after = tiles.copy()
            after[move[0]] -= 1
            nb = _place(builders[i], move)
            if not _feasible(nb, after):
                continue
            trial = [*builders[:i], nb, *builders[i + 1:]]
            value = _value(trial)
            if best is None or value > best[0]:
                best = (value, trial, move[0])
        if best is None:
            return None
        builders = best[1]
        tiles[best[2]] -= 1
    return builders


def _start(pool: Pool, mat: Mat, offset: Coord) -> Builder | None:
    context = pool.context if pool.context != Context() else None
    city = empty_city(pool.rules.size, mat, offset, pool.rules.edition, context)
    try:
        city = build(city, pool.fixed, offset)
    except CitiesError:
        return None  # the fixed tiles do not fit this square
    position = Position.start(pool.rules, mat)
    for p in pool.fixed:
        position = position.play(p)
    return Builder(city, offset, position, mat_square(mat, pool.rules.size, offset))


@dataclass(frozen=True)
class GreedyResult:
    score: int  # the player's score: the city's total, or the lower of two cities
    cities: tuple[City, ...]
    #: each city's tiles from the pool, in the order placed (city coordinates)
    placements: tuple[tuple[Placement, ...], ...] = ()


def greedy(pool: Pool, max_offsets: int = 9) -> GreedyResult:
    """The best greedy city over the mat positions tried; for a pair, the pair at the mats'
    middle positions, or where the placer runs into a dead end there, at the first other
    positions where it does not (``pair_positions``' order).

    >>> from solver.twocities.game.pool import pool_from_json
    >>> pool = pool_from_json({"mat": "riverside", "tiles": ["P"] * 16 + ["P|P", "P/P"]})
    >>> greedy(pool).score      # one park group of 20: 12 + 17
    29
    """
    if pool.cities == 2:
        if (pair := first_pair(pool)) is None:
            raise CitiesError("the greedy placer found no way to finish the two cities")
        return pair
    best: GreedyResult | None = None
    for offset in _spread(mat_offsets(pool.mats[0], pool.rules.size), max_offsets):
        found = greedy_at(pool, (offset,))
        if found is not None and (best is None or found.score > best.score):
            best = found
    if best is None:
        raise CitiesError("the greedy placer found no way to finish the city")
    return best


def greedy_at(pool: Pool, spots: tuple[Coord, ...]) -> GreedyResult | None:
    """The greedy city (or pair) with each mat at the given position of its square (None:
    the fixed tiles do not fit there, or the placer runs into a dead end)."""
    starts = [_start(pool, m, o) for m, o in zip(pool.mats, spots, strict=True)]
    if any(s is None for s in starts):
        return None
    done = _run(starts, Counter(pool.tiles))  # type: ignore[arg-type]
    if done is None:
        return None
    return GreedyResult(_value(done)[0], tuple(b.city for b in done),
                        tuple(b.placed for b in done))


def first_pair(pool: Pool, deadline: float | None = None) -> GreedyResult | None:
    """The greedy pair at the first mat positions (``pair_positions``' order) where the
    placer does not run into a dead end, trying until ``deadline``; None if none does."""
    for spots in pair_positions(pool):
        if (found := greedy_at(pool, spots)) is not None:
            return found
        if deadline is not None and time.monotonic() >= deadline:
            break
    return None


def pair_positions(pool: Pool) -> list[tuple[Coord, Coord]]:
    """Every pair of mat positions, the one ``greedy`` tries for a pair first, then the rest
    nearest the squares' middles first."""
    offsets = [mat_offsets(m, pool.rules.size) for m in pool.mats]
    middle = [_spread(o, 1)[0] for o in offsets]

    def away(combo: tuple[Coord, Coord]) -> int:
        return sum(abs(a[0] - m[0]) + abs(a[1] - m[1])
                   for a, m in zip(combo, middle, strict=True))

    return sorted(((a, b) for a in offsets[0] for b in offsets[1]), key=away)


def _spread(items: list[Coord], k: int) -> list[Coord]:
    """At most ``k`` items, spread evenly through the list (first and last included)."""
    if len(items) <= k:
        return items
    if k == 1:
        return [items[len(items) // 2]]
    step = (len(items) - 1) / (k - 1)
    return [items[round(i * step)] for i in range(k)]

