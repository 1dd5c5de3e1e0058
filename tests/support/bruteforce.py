"""Exhaustive search on pools small enough to enumerate (Between Two Cities): every city a
pool's tiles can fill, scored by the scorer, the best one legal play can build.

Tiny cities (a 3x3 square, or a 4x4 square around a small mat) use a ruleset with fewer tiles;
the rules of scoring and legality are the real ones.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from itertools import combinations

from hypothesis import strategies as st

from solver.twocities.game.city import City, Context, District
from solver.twocities.game.layout import empty_city, mat_offsets
from solver.twocities.game.pool import Placement, Pool
from solver.twocities.game.rulesets import load_ruleset
from solver.twocities.game.tiles import LANDSCAPE, Duplex, parse_tile
from solver.twocities.rules.order import order_problems
from solver.twocities.scoring.categories import score_city

SINGLES = ["F", "S", "P", "O", "H", "Tf", "Td", "C+PH-T", "C+FS-O"]
DUPLEXES = ["F|O", "P/H", "S|S", "Tf/P", "O|H", "S/F"]


def tiny_rules(size: int, singles: int):
    return replace(load_ruleset("essential", "beginner"), size=size, singles=singles,
                   modules={"mats": False, "civics": True, "districts": True})


def arrangements(cells: list, supply: Counter) -> Iterator[list]:
    """Every distinct way to put tiles of the multiset ``supply`` on ``cells``, in order."""
    if not cells:
        yield []
        return
    for token in sorted(supply):
        if supply[token]:
            supply[token] -= 1
            for rest in arrangements(cells[1:], supply):
                yield [(cells[0], token), *rest]
            supply[token] += 1


def all_cities(pool: Pool) -> Iterator[tuple[City, list]]:
    """Every finished city the pool's tiles can fill, with its placements."""
    rules = pool.rules
    mats = pool.mats or (None,)
    for mat in mats:
        offsets = mat_offsets(mat, rules.size) if mat else [(0, 0)]
        for at in offsets:
            base = empty_city(rules.size, mat, at, rules.edition, pool.context)
            free = [rc for rc in base.cells() if base.at(rc) is not LANDSCAPE]
            yield from _fill(pool, base, free)


def _fill(pool: Pool, base: City, free: list) -> Iterator[tuple[City, list]]:
    rules = pool.rules
    duplexes = pool.duplexes
    for chosen in {tuple(sorted(c, key=lambda d: d.token))
                   for c in combinations(duplexes, rules.duplexes)}:
        for placed in _place_duplexes(list(chosen), set(free)):
            taken = {c for _, cells in placed for c in cells}
            rest = [c for c in free if c not in taken]
            supply = Counter(b.token for b in pool.singles)
            for arrangement in arrangements(rest, supply):
                rows = [list(r) for r in base.grid]
                for d, cells in placed:
                    for cell, b in zip(cells, (d.first, d.second), strict=True):
                        rows[cell[0]][cell[1]] = b
                for cell, token in arrangement:
                    rows[cell[0]][cell[1]] = parse_tile(token)
                city = City(tuple(tuple(r) for r in rows), base.bridges, base.context,
                            base.edition)
                yield city, ([Placement.from_cells(d, cells) for d, cells in placed]
                             + [Placement(parse_tile(t), c) for c, t in arrangement])


def _place_duplexes(duplexes: list[Duplex], free: set) -> Iterator[list]:
    if not duplexes:
        yield []
        return
    d, rest = duplexes[0], duplexes[1:]
    for a in sorted(free):
        b = (a[0] + d.offset[0], a[1] + d.offset[1])
        if b in free:
            for more in _place_duplexes(rest, free - {a, b}):
                yield [(d, (a, b)), *more]


def brute_force_best(pool: Pool) -> int | None:
    scored = sorted(((score_city(city, pool.rules).total, i, city, placed)
                     for i, (city, placed) in enumerate(all_cities(pool))),
                    key=lambda x: (-x[0], x[1]))
    for total, _, city, placed in scored:
        if not order_problems(city, pool, placed):
            return total
    return None


@st.composite
def tiny_pools(draw: st.DrawFn) -> Pool:
    rules = tiny_rules(3, 5)
    kinds = draw(st.lists(st.sampled_from(SINGLES), min_size=1, max_size=3, unique=True))
    singles = [draw(st.sampled_from(kinds)) for _ in range(draw(st.integers(5, 6)))]
    duplexes = draw(st.lists(st.sampled_from(DUPLEXES), min_size=2, max_size=2))
    districts = tuple(District(frozenset(draw(st.sampled_from([("S", "O"), ("P", "H"),
                                                                 ("F", "T")]))),
                               (8, 4), tuple(draw(st.lists(st.integers(0, 5), max_size=2))))
                      for _ in range(draw(st.integers(0, 1))))
    districts = tuple(replace(d, types=frozenset(
        {"S": "shop", "O": "office", "P": "park", "H": "house", "F": "factory",
         "T": "tavern"}[t] for t in d.types)) for d in districts)
    context = Context(tuple(draw(st.lists(st.integers(0, 4), max_size=2))), districts)
    tiles = tuple(parse_tile(t) for t in singles + duplexes)
    return Pool(rules, (), tiles, context)
