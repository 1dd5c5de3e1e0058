"""Can legal play build this finished city from this pool?  A search, not a model.

A city is buildable when:

- the mat lies inside the square exactly as the pool's mat (landscape and bridges), and every
  other space is built;
- the placements use tiles of the pool (at most as many of each as it holds, exactly as many
  singles and duplexes as the city takes), each on the cells it claims, with the fixed tiles
  where the pool puts them;
- some order of placements follows the rounds: round 1 singles (the first tile of a city on an
  open space of its mat, in beginner anywhere; every later one next to a built tile, bridges
  included), then the round 2 duplexes (each with a half next to a built tile), then the
  round 3 singles.  Fixed tiles are already built and use up round 1 places first.

Round 3 always succeeds when every remaining space is connected to the built part (add them
nearest first), so the search only chooses the round 1 singles and the duplexes' order.

>>> from solver.twocities.game.pool import pool_from_json
>>> from solver.twocities.game.city import City
>>> pool = pool_from_json({"variant": "beginner", "tiles": ["F"] * 12 + ["F|O", "P/H"]})
>>> city = City.from_notation("F O F F / P F F F / H F F F / F F F F")
>>> check_buildable(city, pool, [("F|O", ((0, 0), (0, 1))), ("P/H", ((1, 0), (2, 0)))]
...     + [("F", (c,)) for c in city.cells() if c[1] > 0 and c != (0, 1)] + [("F", ((3, 0),))])
[]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import replace

from solver.common.errors import CitiesError
from solver.twocities.game.city import City
from solver.twocities.game.components import Coord
from solver.twocities.game.layout import mat_position, shift
from solver.twocities.game.pool import Pool
from solver.twocities.game.tiles import LANDSCAPE, Building, Duplex, buildings_of, parse_tile

PlacementCells = tuple[str, Sequence[Coord]]


def check_buildable(city: City, pool: Pool, placements: Iterable[PlacementCells],
                    *, which: int = 0) -> list[str]:
    """Every reason legal play cannot build ``city`` from ``pool``; ``[]`` when it can.

    For a pool of two cities (two mats), ``which`` names the city (its mat); each city then
    takes the variant's singles and duplexes, and the pool must hold what it uses.
    """
    rules = pool.rules
    if pool.cities > 1:
        if not 0 <= which < pool.cities:
            return [f"the pool has {pool.cities} cities, not a city number {which}"]
        pool = replace(pool, mats=(pool.mats[which],))
    placed = [(token, tuple(tuple(c) for c in cells)) for token, cells in placements]
    if city.size != rules.size:
        return [f"the city is {city.size}x{city.size}, the {rules.variant} variant builds "
                f"{rules.size}x{rules.size}"]
    offset, problems = _mat_position(city, pool)
    if offset is None:
        return problems
    problems += _tiles_match(city, pool, placed, offset)
    if problems:
        return problems
    return _order_problems(city, pool, placed, offset)


def _mat_position(city: City, pool: Pool) -> tuple[Coord | None, list[str]]:
    landscape = {rc for rc in city.cells() if city.at(rc) is LANDSCAPE}
    bridges = {frozenset(b) for b in city.bridges}
    mat = pool.mat
    if mat is None:
        if landscape or bridges:
            return None, ["the city has landscape or bridges but its variant uses no mat"]
        return (0, 0), []
    at = mat_position(city, mat)
    if at is not None:
        return at, []
    return None, [f"the city's landscape and bridges are not the mat {mat.id!r} inside the square"]


def _tiles_match(city: City, pool: Pool, placed: list[tuple[str, tuple[Coord, ...]]],
                 offset: Coord) -> list[str]:
    problems: list[str] = []
    covered: dict[Coord, str] = {}
    for p in pool.fixed:
        for cell, b in zip(p.cells, p.buildings, strict=True):
            covered[shift(cell, offset)] = f"fixed {p.tile.token}"
            if _building(city, shift(cell, offset)) != b:
                problems.append(f"fixed {b.token} at mat {list(cell)} is not in the city")
    civics = {b.civic.id: b.civic for b in pool.singles if b.civic and b.civic.id}
    used: Counter[str] = Counter()
    n_singles = n_duplexes = 0
    for token, cells in placed:
        try:
            tile = parse_tile(token, civics)
        except CitiesError as err:
            problems.append(f"placement {token!r}: {err}")
            continue
        used[tile.token] += 1
        parts = buildings_of(tile)
        if isinstance(tile, Duplex):
            n_duplexes += 1
            dr, dc = tile.offset
            if len(cells) != 2 or cells[1] != (cells[0][0] + dr, cells[0][1] + dc):
                problems.append(f"{token} on {[list(c) for c in cells]} is not as printed")
                continue
        else:
            n_singles += 1
        for cell, b in zip(cells, parts, strict=False):
            if cell in covered:
                problems.append(f"{token} on {list(cell)} overlaps {covered[cell]}")
            covered[cell] = token
            if _building(city, cell) != b:
                problems.append(f"{token} claims {list(cell)}, which holds something else")
    supply = pool.counts()
    for token, n in used.items():
        if n > supply.get(token, 0):
            problems.append(f"uses {n} x {token}, the pool holds {supply.get(token, 0)}")
    need_s, need_d = pool.to_choose()
    if (n_singles, n_duplexes) != (need_s, need_d):
        problems.append(f"uses {n_singles} singles and {n_duplexes} duplexes, the city takes "
                        f"{need_s} and {need_d}")
    for rc in city.cells():
        if city.at(rc) is not LANDSCAPE and rc not in covered:
            problems.append(f"space {list(rc)} is not built by any placement")
    return problems


def _building(city: City, cell: Coord) -> Building | None:
    if not (0 <= cell[0] < city.size and 0 <= cell[1] < city.size):
        return None
    b = city.at(cell)
    return b if isinstance(b, Building) else None


def _order_problems(city: City, pool: Pool, placed: list[tuple[str, tuple[Coord, ...]]],
                    offset: Coord) -> list[str]:
    rules = pool.rules
    spaces = {rc for rc in city.cells() if city.at(rc) is not LANDSCAPE}
    adj = {rc: [n for n in city.neighbours(rc) if n in spaces] for rc in spaces}
    built = frozenset(shift(c, offset) for p in pool.fixed for c in p.cells)
    fixed_d = sum(isinstance(p.tile, Duplex) for p in pool.fixed)
    singles = [cells[0] for _, cells in placed if len(cells) == 1]
    duplexes = [cells for _, cells in placed if len(cells) == 2]
    round1 = 0 if fixed_d else max(0, rules.hands[0] - 1 - (len(pool.fixed) - fixed_d))
    round1 = min(round1, len(singles))
    mat = pool.mat
    starts = ({shift(c, offset) for c in mat.open_spaces} if mat else set(spaces))

    def touches(cells: Iterable[Coord], done: frozenset[Coord]) -> bool:
        return any(n in done for c in cells for n in adj[c])

    def rest_connected(done: frozenset[Coord]) -> bool:
        if not done:
            return any(rest_connected(frozenset({s})) for s in starts)
        seen, todo = set(done), list(done)
        while todo:
            for n in adj[todo.pop()]:
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        return seen == spaces

    def duplexes_fit(done: frozenset[Coord], left: tuple[tuple[Coord, ...], ...]) -> bool:
        if not left:
            return rest_connected(done)
        return any((touches(d, done) if done else bool(set(d) & starts))
                   and duplexes_fit(done | set(d), left[:i] + left[i + 1:])
                   for i, d in enumerate(left))

    free = set(singles)
    seen: set[frozenset[Coord]] = set()

    def grow(done: frozenset[Coord], k: int) -> bool:
        if done in seen:
            return False
        seen.add(done)
        if k == 0:
            return duplexes_fit(done, tuple(duplexes))
        options = (free - done) & (starts if not done else
                                   {n for c in done for n in adj[c]})
        return any(grow(done | {c}, k - 1) for c in sorted(options))

    if not spaces:
        return []
    if grow(built, round1):
        return []
    return ["no order of placements the rounds allow builds this city (round 1 singles from "
            "an open mat space, then the duplexes, then round 3, each next to the city)"]
