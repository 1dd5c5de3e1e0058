"""The order of play for a finished city: can legal play build it from this pool, and in
which order?  A search, not a model.  ``play_order`` gives the order (None when there is
none); ``order_problems`` says why there is none (``[]`` when there is one).

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
>>> placed = ["F|O@0,0", "P/H@1,0", "F@3,0"] + [f"F@{r},{c}" for r, c in city.cells()
...                                            if c > 0 and (r, c) != (0, 1)]
>>> order_problems(city, pool, [Placement.from_notation(p) for p in placed])
[]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import replace

from solver.twocities.game.city import City
from solver.twocities.game.components import Coord
from solver.twocities.game.layout import mat_position, shift
from solver.twocities.game.pool import Placement, Pool
from solver.twocities.game.tiles import LANDSCAPE, Building, Duplex
from solver.twocities.rules.legality import check, check_basic
from solver.twocities.rules.position import Position


def order_problems(city: City, pool: Pool, placements: Iterable[Placement],
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
    placed = list(placements)
    if city.size != rules.size:
        return [f"the city is {city.size}x{city.size}, the {rules.variant} variant builds "
                f"{rules.size}x{rules.size}"]
    offset, problems = _mat_position(city, pool)
    if offset is None:
        return problems
    problems += _tiles_match(city, pool, placed, offset)
    if problems:
        return problems
    return _no_order(city, pool, placed, offset)


def play_order(city: City, pool: Pool, placements: Iterable[Placement]) -> list[Placement] | None:
    """An order of play that builds ``city`` (one city) with ``placements`` (city
    coordinates), every step legal for the whole rules engine (``legality.check``, look-ahead
    included, as a player meets it), as placements in mat coordinates, the fixed tiles left
    out; None when there is none (``order_problems`` says why, if anything)."""
    placed = list(placements)
    if order_problems(city, pool, placed):
        return None
    offset, _ = _mat_position(city, pool)
    assert offset is not None  # order_problems found the mat

    def legal(pos: Position, p: Placement) -> bool:
        return check(pos, p.tile, p.at).legal

    return _search_order(pool, placed, offset, legal)


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


def _tiles_match(city: City, pool: Pool, placed: list[Placement],
                 offset: Coord) -> list[str]:
    problems: list[str] = []
    covered: dict[Coord, str] = {}
    for p in pool.fixed:
        for cell, b in zip(p.cells, p.buildings, strict=True):
            covered[shift(cell, offset)] = f"fixed {p.tile.token}"
            if _building(city, shift(cell, offset)) != b:
                problems.append(f"fixed {b.token} at mat {list(cell)} is not in the city")
    used: Counter[str] = Counter()
    n_singles = n_duplexes = 0
    for p in placed:
        token = p.tile.token
        used[token] += 1
        if isinstance(p.tile, Duplex):
            n_duplexes += 1
        else:
            n_singles += 1
        for cell, b in zip(p.cells, p.buildings, strict=True):
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


def _no_order(city: City, pool: Pool, placed: list[Placement],
                    offset: Coord) -> list[str]:
    if _search_order(pool, placed, offset) is not None:
        return []
    return ["no order of placements the rounds allow builds this city (round 1 singles from "
            "an open mat space, then the duplexes, then round 3, each next to the city)"]


def _basic(pos: Position, p: Placement) -> bool:
    return check_basic(pos, p.tile, p.at) is None


def _search_order(pool: Pool, placed: list[Placement], offset: Coord,
                legal: Callable[[Position, Placement], bool] = _basic) -> list[Placement] | None:
    """Search the orders the rounds allow, every step asked of the rules engine
    (``legality.check_basic``: the round's kind of tile, the first tile on the mat, every later
    one touching the city).  The square and the tiles to come are the finished city's own, so
    the engine's look-ahead has nothing to add.  Only the round 1 singles and the duplexes'
    order are chosen: round 3 then succeeds exactly when every space left touches the city
    as it grows."""
    start = Position.start(pool.rules, pool.mat)
    for p in pool.fixed:
        start = start.play(p)
    to_mat = [Placement(p.tile, (p.at[0] - offset[0], p.at[1] - offset[1])) for p in placed]
    singles = sorted((p for p in to_mat if not isinstance(p.tile, Duplex)), key=lambda p: p.at)
    duplexes = [p for p in to_mat if isinstance(p.tile, Duplex)]
    order: list[Placement] = []  # the placements played so far on the path being tried

    def round_three(pos: Position) -> bool:
        left = [p for p in singles if p.at not in pos.occupied]
        while left:
            nxt = next((p for p in left if legal(pos, p)), None)
            if nxt is None:
                return False
            pos = pos.play(nxt)
            order.append(nxt)
            left.remove(nxt)
        return True

    def tried(pos: Position, p: Placement, rest: Callable[[Position], bool]) -> bool:
        mark = len(order)
        order.append(p)
        if rest(pos.play(p)):
            return True
        del order[mark:]
        return False

    def round_two(pos: Position, left: list[Placement]) -> bool:
        if not left:
            mark = len(order)
            if round_three(pos):
                return True
            del order[mark:]
            return False
        return any(legal(pos, d) and tried(pos, d, lambda q, i=i: round_two(
            q, left[:i] + left[i + 1:])) for i, d in enumerate(left))

    seen: set[frozenset[Coord]] = set()  # sets of built cells already tried in round 1

    def round_one(pos: Position) -> bool:
        if pos.next_kind() != "single" or pos.remaining()[0] == 0:
            return round_two(pos, duplexes)
        done = frozenset(pos.occupied)
        for p in singles:
            after = done | {p.at}
            if p.at in done or after in seen or not legal(pos, p):
                continue
            seen.add(after)
            if tried(pos, p, round_one):
                return True
        return False

    return order if round_one(start) else None
