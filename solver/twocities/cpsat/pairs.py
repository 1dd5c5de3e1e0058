"""A good pair of cities at once: the greedy placer's pair, improved by local search.

The full pair model (``cpsat.solve.solve_pair``) can run for many seconds before its first
pair.  This search finds a strong one in a second or two, which the full model then starts
from (a solution hint) and only has to improve on, so a time limit never leaves the answer
empty:

1. the greedy placer's pair (``rules.greedy``: the weaker city takes the next tile);
2. a climb by exchanges that keep every tile on its cells, so legal play builds the pair in
   the same order (a building's type never decides where it may go): a single (or a duplex
   of the same orientation) swapped between the two cities, within the lower city, or with
   a tile the cities leave unused; the first exchange that raises the pair's value is taken;
3. the lower city solved again, exactly, with the higher one as it stands (its tiles out of
   the pool, its factories and districts among the rivals: ``cpsat.solve.solve_pool``), and
   then the higher one the same way; kept when the pair's value rises, and the climb again.

A pair's value is (lower city, higher city), scored against each other and the rivals
(``scoring.rivals``).  Every step is scored by the scorer itself.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace

from solver.twocities.cpsat.answers import Answer
from solver.twocities.game.city import City
from solver.twocities.game.pool import Placement, Pool
from solver.twocities.game.tiles import Building, Duplex, Tile, buildings_of
from solver.twocities.rules.greedy import greedy
from solver.twocities.scoring.categories import score_city
from solver.twocities.scoring.rivals import against_each_other, with_rivals

Value = tuple[int, int]
#: Solves one city of the pair with the other fixed: (its pool, seconds) -> city, placements.
Resolve = Callable[[Pool, float], "tuple[City, tuple[Placement, ...]] | None"]


@dataclass(frozen=True)
class Pair:
    """Two cities (their context the pool's own: no rival added) and their tiles."""

    cities: tuple[City, City]
    placed: tuple[tuple[Placement, ...], tuple[Placement, ...]]

    def value(self) -> Value:
        a, b = self.scores()
        return min(a, b), max(a, b)

    def scores(self) -> tuple[int, int]:
        ra, rb = against_each_other(self.cities)
        return score_city(ra).total, score_city(rb).total

    def answers(self) -> list[Answer]:
        """Each city with the other among its rivals, as a solve reports it."""
        ranked = against_each_other(self.cities)
        return [Answer(city, placed, score_city(city))
                for city, placed in zip(ranked, self.placed, strict=True)]


def greedy_pair(pool: Pool) -> Pair:
    """The greedy placer's pair, with each city's tiles in the order placed."""
    found = greedy(pool)
    a, b = found.cities
    return Pair((a, b), (found.placements[0], found.placements[1]))


def good_pair(pool: Pool, seconds: float, resolve: Resolve | None = None,
              start: Pair | None = None) -> Pair:
    """The best pair the search finds within about ``seconds`` (module doc).

    ``resolve`` solves one city exactly (``cpsat.solve`` passes its own solver; without it
    the search only climbs).  The greedy pair is always finished, even past ``seconds``.
    """
    deadline = time.monotonic() + seconds
    pair = start or greedy_pair(pool)
    pair = climb(pool, pair, deadline)
    tried: set[tuple[Value, int]] = set()
    while resolve is not None and time.monotonic() < deadline:
        value = pair.value()
        scores = pair.scores()
        lower = 0 if scores[0] <= scores[1] else 1
        better = None
        for i in (lower, 1 - lower):
            if (value, i) in tried:
                continue
            tried.add((value, i))
            left = deadline - time.monotonic()
            if left <= 0.05:
                break
            found = _resolve_one(pool, pair, i, resolve, left)
            if found is not None and found.value() > value:
                better = found
                break
        if better is None:
            break
        pair = climb(pool, better, deadline)
    return pair


def _resolve_one(pool: Pool, pair: Pair, i: int, resolve: Resolve,
                 seconds: float) -> Pair | None:
    """City ``i`` solved again with the other city as it stands."""
    other = pair.cities[1 - i]
    rest = list(pool.tiles)
    for p in pair.placed[1 - i]:
        rest.remove(p.tile)
    one = replace(pool, mats=(pool.mats[i],), tiles=tuple(rest),
                  context=with_rivals(pool.context, [other]))
    found = resolve(one, seconds)
    if found is None:
        return None
    city = found[0].with_context(pool.context)
    cities = (city, other) if i == 0 else (other, city)
    placed = (found[1], pair.placed[1]) if i == 0 else (pair.placed[0], found[1])
    return Pair(cities, placed)  # type: ignore[arg-type]


def climb(pool: Pool, pair: Pair, deadline: float) -> Pair:
    """Take exchanges that raise the pair's value until none does or time is up."""
    value = pair.value()
    while time.monotonic() < deadline:
        for moved in _exchanges(pool, pair):
            if time.monotonic() >= deadline:
                return pair
            v = moved.value()
            if v > value:
                pair, value = moved, v
                break
        else:
            return pair
    return pair


def _spare(pool: Pool, pair: Pair) -> list[Tile]:
    """The pool's tiles neither city uses, one of each token."""
    left = Counter(pool.tiles)
    left.subtract(p.tile for placed in pair.placed for p in placed)
    return sorted((t for t, n in left.items() if n > 0), key=lambda t: t.token)


def _exchanges(pool: Pool, pair: Pair):  # -> Iterator[Pair]
    """Every pair one exchange away, the lower city's exchanges first (module doc)."""
    a, b = pair.scores()
    low = 0 if a <= b else 1
    high = 1 - low
    spare = _spare(pool, pair)
    pl, ph = pair.placed[low], pair.placed[high]
    for x in range(len(pl)):
        for y in range(len(ph)):
            if _swappable(pl[x].tile, ph[y].tile):
                yield _swap_across(pair, low, x, ph[y].tile, high, y, pl[x].tile)
        for t in spare:
            if _swappable(pl[x].tile, t):
                yield _put(pair, low, x, t)
    for i in (low, high):
        placed = pair.placed[i]
        for x in range(len(placed)):
            for y in range(x + 1, len(placed)):
                if _swappable(placed[x].tile, placed[y].tile):
                    yield _put(_put(pair, i, x, placed[y].tile), i, y, placed[x].tile)
    for y in range(len(ph)):
        for t in spare:
            if _swappable(ph[y].tile, t):
                yield _put(pair, high, y, t)


def _swappable(s: Tile, t: Tile) -> bool:
    """Two different tiles that fit each other's cells: singles, or duplexes lying alike."""
    if s.token == t.token:
        return False
    if isinstance(s, Building):
        return isinstance(t, Building)
    return isinstance(t, Duplex) and isinstance(s, Duplex) and s.horizontal == t.horizontal


def _swap_across(pair: Pair, i: int, x: int, ti: Tile, j: int, y: int, tj: Tile) -> Pair:
    return _put(_put(pair, i, x, ti), j, y, tj)


def _put(pair: Pair, i: int, x: int, tile: Tile) -> Pair:
    """City ``i`` with its ``x``-th placed tile replaced by ``tile`` on the same cells."""
    old = pair.placed[i][x]
    city = pair.cities[i]
    for cell, building in zip(old.cells, buildings_of(tile), strict=True):
        city = city.with_cell(cell, building)
    placed = (*pair.placed[i][:x], Placement(tile, old.at), *pair.placed[i][x + 1:])
    cities = list(pair.cities)
    cities[i] = city
    placements = list(pair.placed)
    placements[i] = placed
    return Pair((cities[0], cities[1]), (placements[0], placements[1]))
