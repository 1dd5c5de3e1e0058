"""A greedy builder: the yardstick of a puzzle's difficulty.

It plays the pool the way a hasty player would: the starting tile, then each city tile in the
pool's order, each where (and turned how) the city scores most right now; then one piece,
feature tile or skyscraper top at a time, whichever raises the score most, while something
does not lower it.  Every step is judged by the rules engine (``solver.usa.rules``) and every
score comes from the scorer, so the greedy city is a legal city.  Ties go to the first move in
the rules engine's own order, so the builder is deterministic and never looks at a clock.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from solver.usa.game.city import City
from solver.usa.game.pool import Pool
from solver.usa.rules.legality import place_feature, place_piece, place_tile, place_top
from solver.usa.rules.moves import legal_moves
from solver.usa.scoring.categories import score_city
from solver.usa.scoring.requirements import achievement_met


def claimed(city: City, pool: Pool) -> City:
    """The city with every achievement of the pool it meets claimed (at the pool's value)."""
    comps = city.components
    met = tuple((a, p) for a, p in pool.achievements if achievement_met(comps.achievement(a), city))
    return city.with_changes(achievements=met)


def value(city: City, pool: Pool) -> int:
    return score_city(claimed(city, pool)).total


def _lay(city: City, tile_id: str, pool: Pool) -> City:
    best: tuple[int, City] | None = None
    for move in legal_moves(city, tile_id):
        # Fewer bridges than dead ends: the player fixes the first ones.
        fix = move.forced_bridges[:move.must_fix]
        verdict = place_tile(city, city.components.tile(tile_id), move.at, move.rotation, fix)
        if verdict.city is None:
            continue
        score = value(verdict.city, pool)
        if best is None or score > best[0]:
            best = (score, verdict.city)
    if best is None:
        raise RuntimeError(f"the greedy builder found no legal place for {tile_id}")
    return best[1]


def _additions(city: City, pool: Pool) -> Iterator[City]:
    """Every city one piece, feature tile or top further on, within what the pool holds."""
    pieces = Counter({c: n for c, n in pool.pieces.items()})
    for b in city.buildings.values():
        pieces[b.color] -= b.height
    features = Counter(pool.features) - Counter(city.features.values())
    tops = Counter(pool.tops) - Counter(b.color for b in city.buildings.values() if b.top)
    for space in city.spaces():
        for color in sorted(c for c, n in pieces.items() if n > 0):
            verdict = place_piece(city, color, space)
            if verdict.city is not None:
                yield verdict.city
        for fid in sorted(f for f, n in features.items() if n > 0):
            verdict = place_feature(city, fid, space)
            if verdict.city is not None:
                yield verdict.city
        for color in sorted(c for c, n in tops.items() if n > 0):
            verdict = place_top(city, color, space)
            if verdict.city is not None:
                yield verdict.city


def greedy(pool: Pool) -> City:
    """The greedy builder's finished city (achievements it meets claimed)."""
    city = City(pool.size, {}, cards=pool.cards, bridges_left=pool.bridges,
                components=pool.components)
    for tile_id in (pool.start, *pool.tiles):
        city = _lay(city, tile_id, pool)
    current = value(city, pool)
    while True:
        best: tuple[int, City] | None = None
        for after in _additions(city, pool):
            score = value(after, pool)
            if best is None or score > best[0]:
                best = (score, after)
        if best is None or best[0] < current:
            break
        current, city = best
    return claimed(city, pool)
