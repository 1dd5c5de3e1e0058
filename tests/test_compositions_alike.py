"""Compositions alike but for their taverns' kinds (``Compositions(alike=True)``): only the
member of each class with the most tavern points is listed, and the descent checks no other.

Sound only if no city of a composition left out scores more than the best city of the one
kept.  So on tiny choose pools with taverns of several kinds to spare, every composition's
best city is found by exhaustive search and compared with its class's kept member's, and the
descent over the kept compositions is compared with exhaustive search of the whole pool.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.twocities.cpsat.city.compositions import Compositions, _alike
from solver.twocities.cpsat.city.solve import solve_pool
from solver.twocities.game.city import Context, District
from solver.twocities.game.pool import Pool
from solver.twocities.game.tiles import parse_tile
from tests.support.bruteforce import brute_force_best, tiny_rules

pytestmark = pytest.mark.exhaustive

TAVERNS = ["Tf", "Td", "Tm", "Tb"]


@st.composite
def tavern_pools(draw: st.DrawFn, most_singles: int = 7) -> Pool:
    """A 3x3 city (5 singles, 2 duplexes) choosing 5 singles of 6 up to ``most_singles``,
    taverns of two or more kinds among them, and 2 duplexes of 2 or 3 (a tavern on one at
    times)."""
    taverns = draw(st.lists(st.sampled_from(TAVERNS), min_size=2, max_size=4))
    others = draw(st.lists(st.sampled_from(["S", "O", "P", "H", "F", "C+PT-O"]),
                           min_size=6 - len(taverns), max_size=most_singles - len(taverns)))
    duplexes = draw(st.lists(st.sampled_from(["F|O", "P/H", "S|Tm", "S|Tb", "Tf/P", "O|H"]),
                             min_size=2, max_size=3))
    district = District(frozenset({"tavern", "park"}), (8, 4), (2,))
    context = Context((1,), draw(st.sampled_from([(), (district,)])))
    return Pool(tiny_rules(3, 5), (), tuple(parse_tile(t) for t in taverns + others
                                             + duplexes), context)


def _key(pool: Pool, c: object) -> tuple:
    tile = {t.token: t for t in pool.tiles}
    alike: Counter[str] = Counter()
    for token, n in c.singles + c.duplexes:  # type: ignore[attr-defined]
        alike[_alike(tile[token])] += n
    return tuple(sorted((+alike).items()))


@settings(max_examples=6, deadline=None)
@given(tavern_pools())
def test_no_composition_left_out_beats_its_kept_alike(pool: Pool) -> None:
    every, kept = Compositions(pool), Compositions(pool, alike=True)
    levels = range(every.top() + 1)
    assert kept.top() == every.top()
    listed = {(c.singles, c.duplexes) for t in levels for c in kept.at(t)}
    best_kept: dict[tuple, int | None] = {}
    for t in levels:
        for c in kept.at(t):
            key = _key(pool, c)
            assert key not in best_kept  # one composition kept a class
            best_kept[key] = brute_force_best(c.pool(pool))
    for t in levels:
        for c in every.at(t):
            if (c.singles, c.duplexes) in listed:
                continue
            best = brute_force_best(c.pool(pool))
            kept_best = best_kept[_key(pool, c)]
            assert best is None or (kept_best is not None and best <= kept_best)


@settings(max_examples=5, deadline=None)
@given(tavern_pools(most_singles=6))
def test_the_descent_over_kept_compositions_matches_exhaustive_search(pool: Pool) -> None:
    result = solve_pool(pool, time_limit=60, workers=1)
    assert result.status == "optimal"
    assert result.score == brute_force_best(pool)


def test_a_pool_with_taverns_to_spare_lists_fewer_compositions() -> None:
    """Two spare taverns of other kinds: taking the music or the bed tavern (1 point each)
    is one class, and so is taking both drinks (2 points) or a drink and a bed (4)."""
    tiles = ["Td", "Td", "Tm", "Tb", "S", "O", "S|S", "P/H"]
    pool = Pool(tiny_rules(3, 5), (), tuple(parse_tile(t) for t in tiles), Context((), ()))
    every, kept = Compositions(pool), Compositions(pool, alike=True)
    count = sum(len(every.at(t)) for t in range(every.top() + 1))
    count_kept = sum(len(kept.at(t)) for t in range(kept.top() + 1))
    assert count_kept < count
    result = solve_pool(pool, time_limit=60, workers=1)
    assert (result.status, result.score) == ("optimal", brute_force_best(pool))
