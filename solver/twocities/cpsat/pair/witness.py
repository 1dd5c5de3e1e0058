"""Cities found without a solve: witnesses that a split's city reaches a level
(``cpsat.pair.descent``).

A strong city of a split (its bound well above the level) is slow to show at the level by
CP-SAT, whether by a short check or by its descent, yet a city at the level is often a few
exchanges away from one already known.  A witness is built and scored by the scorer itself,
so a city found here is exact by construction; a city not found proves nothing and the
solve goes on as before.  Refutations are CP-SAT's alone.

1. *Starts*: the cities the search already found on the same mat (``Known``), the most
   tiles in common first, each with the tiles it lacks put where the tiles it has too many
   of stood (singles for singles, duplexes for duplexes lying alike); then the greedy
   placer's city (``rules.greedy``) at a few mat positions, the middle first.
2. *Climb*: exchanges of two tiles of the city that keep every tile on its cells (two
   singles, or two duplexes lying alike), so legal play builds it in the same order; the
   first exchange that raises the score is taken, until the city reaches the level or a
   whole round gains nothing.

Every step is counted, never timed, so a search under a deterministic budget stays
reproducible.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from solver.common.errors import CitiesError
from solver.twocities.cpsat.model.answers import Answer
from solver.twocities.cpsat.pair.quick import put_tile, swappable
from solver.twocities.game.city import City
from solver.twocities.game.components import Coord
from solver.twocities.game.layout import mat_offsets
from solver.twocities.game.pool import Placement, Pool
from solver.twocities.game.tiles import Tile
from solver.twocities.rules.greedy import greedy_at
from solver.twocities.rules.order import order_problems
from solver.twocities.scoring.categories import score_city

#: The known cities a witness starts from (the most tiles in common first), and the most
#: cities kept for each mat.
STARTS = 3
KEPT = 24
#: The most exchanges one climb scores (each one score of the city).
CLIMB_STEPS = 2000
#: The greedy placer's cities a witness starts from when no known city gets there: the mat
#: in the middle of its square first (where the daily puzzles' rating places it), then
#: spread over its positions.
GREEDY_STARTS = 3

Placed = tuple[Placement, ...]


class Known:
    """The cities the search has found, by mat: each city (its layout; its context is
    replaced where it is used) with the pool's tiles it places."""

    def __init__(self) -> None:
        self.by_mat: dict[str, list[tuple[City, Placed]]] = {}

    def add(self, mat: str, city: City, placed: Placed) -> None:
        kept = self.by_mat.setdefault(mat, [])
        if any(c.grid == city.grid for c, _ in kept):
            return
        kept.append((city, placed))
        del kept[:-KEPT]  # the newest: the splits asked lately are the nearest

    def nearest(self, mat: str, tiles: Sequence[Tile]) -> list[tuple[City, Placed]]:
        """Up to ``STARTS`` cities of this mat, the most tiles in common with ``tiles``
        first (the newest first among equals)."""
        want = Counter(t.token for t in tiles)
        kept = self.by_mat.get(mat, [])

        def common(entry: tuple[City, Placed]) -> int:
            return sum((want & Counter(p.tile.token for p in entry[1])).values())

        ranked = sorted(reversed(kept), key=common, reverse=True)
        return ranked[:STARTS]


def city_witness(alone: Pool, need: int, known: Known | None, *, greedy: bool = True
                 ) -> Answer | None:
    """A city of exactly ``alone``'s tiles (one mat) scoring ``need`` or more, if a climb
    from a known city or (``greedy``) the greedy placer's finds one (module doc); checked
    buildable."""
    starts: list[Callable[[], tuple[City, Placed] | None]] = []
    if known is not None:
        starts += [lambda c=c, p=p: transplant(c, p, alone.tiles)
                   for c, p in known.nearest(alone.mats[0].name, alone.tiles)]
    if greedy:
        offsets = mat_offsets(alone.mats[0], alone.rules.size)
        starts += [lambda at=at: _greedy(alone, at) for at in _spread(offsets, GREEDY_STARTS)]
    for start in starts:
        begun = start()
        if begun is None:
            continue
        city, placed = begun
        city = city.with_context(alone.context)
        city, placed, score = climb_city(alone, city, placed, need)
        if score >= need and not order_problems(city, alone, placed):
            return Answer(city, placed, score_city(city, alone.rules))
    return None


def climb_city(alone: Pool, city: City, placed: Placed, need: int
               ) -> tuple[City, Placed, int]:
    """The city after exchanges that raise its score (module doc, step 2), until it scores
    ``need`` or a round gains nothing: the city, its tiles and its score."""
    score = score_city(city, alone.rules).total
    steps = 0
    while score < need and steps < CLIMB_STEPS:
        for x, y in _swaps(placed):
            steps += 1
            c, p = _swap(city, placed, x, y)
            if (s := score_city(c, alone.rules).total) > score:
                city, placed, score = c, p, s
                break
            if steps >= CLIMB_STEPS:
                break
        else:
            break
    return city, placed, score


def transplant(city: City, placed: Placed, tiles: Sequence[Tile]
               ) -> tuple[City, Placed] | None:
    """``city`` with ``tiles`` on its cells: the tiles both hold stay where they stood, the
    rest go where the tiles it has too many of stood, singles for singles and duplexes for
    duplexes lying alike, in the order placed (None: the duplexes do not lie alike)."""
    left = Counter(tiles)
    stays: list[bool] = []
    for p in placed:
        stays.append(left[p.tile] > 0)
        left[p.tile] -= stays[-1]
    spare = sorted(left.elements(), key=lambda t: t.token)
    for x, stay in enumerate(stays):
        if stay:
            continue
        fits = next((t for t in spare if swappable(placed[x].tile, t)), None)
        if fits is None:
            return None
        spare.remove(fits)
        city, placed = put_tile(city, placed, x, fits)
    return (city, placed) if not spare else None


def _greedy(alone: Pool, at: Coord) -> tuple[City, Placed] | None:
    """The greedy placer's city of ``alone``, the mat at ``at`` (None: a dead end)."""
    try:
        found = greedy_at(alone, (at,))
    except CitiesError:
        return None
    return None if found is None else (found.cities[0], found.placements[0])


def _spread(items: list[Coord], k: int) -> list[Coord]:
    """At most ``k`` items: the middle one first, then spread through the list."""
    if len(items) <= k:
        return sorted(items, key=lambda x: items.index(x) != len(items) // 2)
    middle = items[len(items) // 2]
    step = (len(items) - 1) / (k - 1) if k > 1 else 0
    rest = [items[round(i * step)] for i in range(k)] if k > 1 else []
    return [middle, *[x for x in rest if x != middle]][:k]


def _swaps(placed: Placed) -> list[tuple[int, int]]:
    """Every exchange of two different tiles of a city that fit each other's cells."""
    return [(x, y) for x in range(len(placed)) for y in range(x + 1, len(placed))
            if swappable(placed[x].tile, placed[y].tile)]


def _swap(city: City, placed: Placed, x: int, y: int) -> tuple[City, Placed]:
    s, t = placed[x].tile, placed[y].tile
    city, placed = put_tile(city, placed, x, t)
    return put_tile(city, placed, y, s)
