"""Part-built cities for the "complete" kind: tiles already placed, legally.

The fixed tiles come from a random finished city built from the pool, so a completion with
the pool's tiles exists.  Whether they could have been played is the rules engine's question
alone: they are replayed through ``rules.legality.check`` in order (round 1 singles, then the
duplexes), under the safe reading of the square rule (docs/rulings.md): whichever way the
duplexes still to come are printed, the square can still be completed.
"""

from __future__ import annotations

import random
from dataclasses import replace

from solver.twocities.game.components import Coord, Mat
from solver.twocities.game.geometry import bridge_ends, neighbours
from solver.twocities.game.layout import dominoes, mat_offsets
from solver.twocities.game.pool import Placement, Pool
from solver.twocities.game.tiles import Building, Duplex, Tile
from solver.twocities.rules.legality import SAFE, check
from solver.twocities.rules.position import Position
from solver.twocities.rules.squares import mat_square


def square_cells(mat: Mat, size: int, offset: Coord) -> set[Coord]:
    """The building spaces of a square whose mat sits at ``offset``, in mat coordinates."""
    land = set(mat.landscape)
    return {(r - offset[0], c - offset[1]) for r in range(size) for c in range(size)
            if (r - offset[0], c - offset[1]) not in land}


def _random_city(rng: random.Random, pool: Pool) -> dict[Coord, Tile] | None:
    """A random finished city from the pool: duplexes first, singles in the gaps (mat coords).

    Returns {cell of a single or of a duplex's first half: tile}, or None if the duplexes
    drawn do not fit the square chosen.
    """
    rules, mat = pool.rules, pool.mat
    assert mat is not None
    offset = rng.choice(mat_offsets(mat, rules.size))
    if not mat_square(mat, rules.size, offset).connected:
        return None  # a space cut off from the rest is never built
    free = square_cells(mat, rules.size, offset)
    layout: dict[Coord, Tile] = {}
    for tile in rng.sample(pool.duplexes, rules.duplexes):
        spots = dominoes(free, tile.horizontal)
        if not spots:
            return None
        a, b = rng.choice(spots)
        free -= {a, b}
        layout[a] = tile
    for cell, tile in zip(sorted(free), rng.sample(pool.singles, len(free)), strict=True):
        layout[cell] = tile
    return layout


def _grow(rng: random.Random, mat: Mat, size: int, singles: set[Coord],
          count: int) -> list[Coord] | None:
    """A random connected group of ``count`` single-tile cells, started on the mat."""
    start = [c for c in mat.open_spaces if c in singles]
    if not start:
        return None
    ends = bridge_ends(mat.bridges)
    group = [rng.choice(start)]
    while len(group) < count:
        near = {n for cell in group for n in neighbours(cell, ends)}
        frontier = sorted((near & singles) - set(group))
        if not frontier:
            return None
        group.append(rng.choice(frontier))
    return group


def legal_in_order(pool: Pool, placements: list[Placement]) -> bool:
    """Does the rules engine accept these placements, in this order, from an empty city
    (the safe reading: every orientation of the duplexes still to come must fit)?  The
    city's duplexes among them are revealed when round 2 begins, as the game reveals them."""
    position = Position.start(pool.rules, pool.mat)
    revealed = tuple(p.tile for p in placements if isinstance(p.tile, Duplex))
    for p in placements:
        if isinstance(p.tile, Duplex) and not position.revealed:
            position = position.reveal(revealed)  # type: ignore[arg-type]
        if not check(position, p.tile, p.at, SAFE).legal:
            return False
        position = position.play(p)
    return True


def part_built(rng: random.Random, pool: Pool, count: int, duplexes: int = 0,
               tries: int = 200) -> Pool | None:
    """The pool with ``count`` of its singles (and ``duplexes`` duplexes) already built.

    The singles were played first (round 1), then the duplexes, each next to the city
    (round 2).  None if ``tries`` random cities give no legal group (the generator then
    draws again).
    """
    mat = pool.mat
    assert mat is not None
    size = pool.rules.size
    for _ in range(tries):
        layout = _random_city(rng, pool)
        if layout is None:
            continue
        singles = {cell for cell, t in layout.items() if isinstance(t, Building)}
        group = _grow(rng, mat, size, singles, count)
        if group is None:
            continue
        fixed = [Placement(layout[cell], cell) for cell in group]
        doubles = [Placement(t, cell) for cell, t in sorted(layout.items())
                   if not isinstance(t, Building)]
        fixed += rng.sample(doubles, duplexes)
        if not legal_in_order(pool, fixed):
            continue
        rest = list(pool.tiles)
        for p in fixed:
            rest.remove(p.tile)
        return replace(pool, tiles=tuple(rest), fixed=tuple(fixed))
    return None
