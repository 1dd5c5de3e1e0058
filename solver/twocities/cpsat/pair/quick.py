"""A good pair of cities at once: the greedy placer's pair, improved by local search.

The full pair model (``cpsat.pair.solve.solve_pair``) can spend seconds in presolve alone before
its first pair.  This search finds a strong one in about a second, which the full model then
starts from (a complete solution hint) and only has to improve on, so a time limit never
leaves the answer empty:

1. the greedy placer's pair (``rules.greedy``: the weaker city takes the next tile), the
   mats in the middle of their squares, or where the placer meets no dead end;
2. a climb by exchanges that keep every tile on its cells, so legal play builds the pair in
   the same order (a building's type never decides where it may go): two singles (or two
   duplexes lying alike) swapped between the cities or within one, or a tile of the pool
   the cities leave unused put in a tile's place.  The lower city's exchanges come first;
   the first that raises the pair's value is taken and the scan goes on from there, until a
   whole round of exchanges gains nothing or the time is up.

A pair's value is (lower city, higher city), scored against each other and the rivals
(``scoring.rivals``), by the scorer itself.  Solving one city again exactly with the other
fixed (``solve_pool``) was tried as a further step and dropped: within the quick pair's
second or so the single-city solve found no city at all on the pair suite's pools.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from solver.twocities.cpsat.model.answers import Answer
from solver.twocities.game.city import City
from solver.twocities.game.pool import Placement, Pool
from solver.twocities.game.tiles import Building, Duplex, Tile, buildings_of
from solver.twocities.rules.greedy import first_pair
from solver.twocities.rules.order import order_problems
from solver.twocities.scoring.categories import score_city
from solver.twocities.scoring.rivals import against_each_other, pair_scores

Value = tuple[int, int]
#: An exchange: ("across", x, y): the lower city's x-th tile for the higher city's y-th;
#: ("within", i, x, y): city i's x-th and y-th tiles; ("spare", i, x, tile): city i's x-th
#: tile for an unused one.
Exchange = tuple


@dataclass(frozen=True)
class Pair:
    """Two cities (their context the pool's own: no rival added) and their tiles."""

    cities: tuple[City, City]
    placed: tuple[tuple[Placement, ...], tuple[Placement, ...]]

    def value(self) -> Value:
        a, b = self.scores()
        return min(a, b), max(a, b)

    def scores(self) -> tuple[int, int]:
        return pair_scores(*self.cities)

    def answers(self) -> list[Answer]:
        """Each city with the other among its rivals, as a solve reports it."""
        ranked = against_each_other(self.cities)
        return [Answer(city, placed, score_city(city))
                for city, placed in zip(ranked, self.placed, strict=True)]

    def buildable(self, pool: Pool) -> bool:
        """Whether legal play builds each city from the pool, tile by tile as placed."""
        return not any(order_problems(city, pool, placed, which=i)
                       for i, (city, placed) in enumerate(zip(self.cities, self.placed,
                                                              strict=True)))

    def listed(self, pairs: Sequence[Sequence[City]]) -> bool:
        """Whether ``pairs`` (pairs of cities in the order of the pool's mats, as a solve's
        ``exclude``) holds this pair's two layouts."""
        return any(len(other) == 2 and all(c.grid == o.grid
                                           for c, o in zip(self.cities, other, strict=True))
                   for other in pairs)


def greedy_pair(pool: Pool, deadline: float | None = None) -> Pair | None:
    """The greedy placer's pair, with each city's tiles in the order placed.  Where the
    placer runs into a dead end at the mats' middle positions (the ones the daily puzzles'
    rating uses), the other positions are tried in turn, until ``deadline``; None if none
    gives a pair."""
    found = first_pair(pool, deadline)
    if found is None:
        return None
    a, b = found.cities
    return Pair((a, b), (found.placements[0], found.placements[1]))


def good_pair(pool: Pool, seconds: float, start: Pair | None = None,
              patience: float | None = None) -> Pair | None:
    """The best pair the search finds within about ``seconds`` (module doc).  The greedy
    pair (unless ``start`` is given) is always finished, even past ``seconds``: where the
    placer runs into dead ends, it tries other mat positions for up to ``patience``
    seconds (None: every position), so a pair comes back whenever one is found.  None
    when the greedy placer finds no pair."""
    now = time.monotonic()
    if start is None:
        start = greedy_pair(pool, None if patience is None else now + max(seconds, patience))
    return None if start is None else climb(pool, start, now + seconds)


def climb(pool: Pool, pair: Pair, deadline: float) -> Pair:
    """Take exchanges that raise the pair's value until a round gains nothing or time is up."""
    value = pair.value()
    moves = _exchanges(pool, pair)
    k = since = 0
    while since < len(moves) and time.monotonic() < deadline:
        moved = _apply(pool, pair, moves[k % len(moves)])
        k, since = k + 1, since + 1
        if moved is not None and (v := moved.value()) > value:
            pair, value = moved, v
            moves = _exchanges(pool, pair)
            since = 0
    return pair


def _lower(pair: Pair) -> int:
    a, b = pair.scores()
    return 0 if a <= b else 1


def _exchanges(pool: Pool, pair: Pair) -> list[Exchange]:
    """Every exchange from this pair (module doc), the lower city's first."""
    low = _lower(pair)
    high = 1 - low
    spare = _spare(pool, pair)
    pl, ph = pair.placed[low], pair.placed[high]
    out: list[Exchange] = []
    for x in range(len(pl)):
        out += [("across", x, y) for y in range(len(ph)) if swappable(pl[x].tile, ph[y].tile)]
        out += [("spare", low, x, t) for t in spare if swappable(pl[x].tile, t)]
    for i in (low, high):
        placed = pair.placed[i]
        out += [("within", i, x, y) for x in range(len(placed)) for y in range(x + 1, len(placed))
                if swappable(placed[x].tile, placed[y].tile)]
    out += [("spare", high, y, t) for y in range(len(ph)) for t in spare
            if swappable(ph[y].tile, t)]
    return out


def _apply(pool: Pool, pair: Pair, move: Exchange) -> Pair | None:
    """The pair after the exchange (None if an earlier exchange has made it moot)."""
    kind = move[0]
    if kind == "across":
        low = _lower(pair)
        x, y = move[1], move[2]
        s, t = pair.placed[low][x].tile, pair.placed[1 - low][y].tile
        return _put(_put(pair, low, x, t), 1 - low, y, s) if swappable(s, t) else None
    if kind == "within":
        i, x, y = move[1], move[2], move[3]
        s, t = pair.placed[i][x].tile, pair.placed[i][y].tile
        return _put(_put(pair, i, x, t), i, y, s) if swappable(s, t) else None
    i, x, tile = move[1], move[2], move[3]
    if tile not in _spare(pool, pair) or not swappable(pair.placed[i][x].tile, tile):
        return None
    return _put(pair, i, x, tile)


def _spare(pool: Pool, pair: Pair) -> list[Tile]:
    """The pool's tiles neither city uses, one of each token."""
    left = Counter(pool.tiles)
    left.subtract(p.tile for placed in pair.placed for p in placed)
    return sorted((t for t, n in left.items() if n > 0), key=lambda t: t.token)


def swappable(s: Tile, t: Tile) -> bool:
    """Two different tiles that fit each other's cells: singles, or duplexes lying alike."""
    if s.token == t.token:
        return False
    if isinstance(s, Building):
        return isinstance(t, Building)
    return isinstance(t, Duplex) and isinstance(s, Duplex) and s.horizontal == t.horizontal


def put_tile(city: City, placed: tuple[Placement, ...], x: int, tile: Tile
             ) -> tuple[City, tuple[Placement, ...]]:
    """``city`` with its ``x``-th placed tile replaced by ``tile`` on the same cells, and
    its tiles as placed then."""
    old = placed[x]
    for cell, building in zip(old.cells, buildings_of(tile), strict=True):
        city = city.with_cell(cell, building)
    return city, (*placed[:x], Placement(tile, old.at), *placed[x + 1:])


def _put(pair: Pair, i: int, x: int, tile: Tile) -> Pair:
    """City ``i`` with its ``x``-th placed tile replaced by ``tile`` on the same cells."""
    city, placed = put_tile(pair.cities[i], pair.placed[i], x, tile)
    cities = list(pair.cities)
    cities[i] = city
    placements = list(pair.placed)
    placements[i] = placed
    return Pair((cities[0], cities[1]), (placements[0], placements[1]))
