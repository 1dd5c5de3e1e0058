"""A composition's checks asking several totals at once (``descent.TOTALS_TOGETHER``, on the
clock) against exhaustive search on tiny pools with tiles to choose, and against a check a
total (the answer re-scored)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.twocities.cpsat import descent
from solver.twocities.cpsat.solve import solve_pool
from solver.twocities.game.city import Context, District
from solver.twocities.game.pool import Pool
from solver.twocities.game.tiles import parse_tile
from solver.twocities.scoring.categories import score_city
from tests.test_solver_bruteforce import DUPLEXES, SINGLES, brute_force_best, tiny_rules


@st.composite
def tiny_choose_pools(draw: st.DrawFn) -> Pool:
    """A 3x3 city of 5 singles and 2 duplexes chosen from 6 singles and 3 duplexes."""
    kinds = draw(st.lists(st.sampled_from(SINGLES), min_size=2, max_size=4, unique=True))
    singles = [draw(st.sampled_from(kinds)) for _ in range(draw(st.integers(6, 6)))]
    duplexes = draw(st.lists(st.sampled_from(DUPLEXES), min_size=3, max_size=3))
    districts = (District(frozenset({"shop", "office"}), (9, 3), (3,)),) if draw(
        st.booleans()) else ()
    context = Context(tuple(draw(st.lists(st.integers(0, 4), max_size=2))), districts)
    tiles = tuple(parse_tile(t) for t in singles + duplexes)
    return Pool(tiny_rules(3, 5), (), tiles, context)


@settings(max_examples=3, deadline=None)
@given(tiny_choose_pools(), st.sampled_from([1, 2]))
def test_totals_together_match_exhaustive_search(pool: Pool, workers: int) -> None:
    result = solve_pool(pool, time_limit=30, workers=workers)
    assert result.status == "optimal"
    assert result.score == brute_force_best(pool)


def test_totals_together_prove_what_a_check_a_total_proves(monkeypatch) -> None:
    tiles = tuple(parse_tile(t) for t in ["S", "S", "O", "P", "P", "H", "F", "Tf",
                                          "S|S", "P/H", "F|O"])
    pool = Pool(tiny_rules(3, 5), (), tiles,
                Context((2,), (District(frozenset({"shop", "office"}), (9, 3), (3,)),)))
    together = solve_pool(pool, time_limit=30, workers=1)
    monkeypatch.setattr(descent, "TOTALS_TOGETHER", 1)
    apart = solve_pool(pool, time_limit=30, workers=1)
    assert together.status == apart.status == "optimal"
    assert together.score == apart.score
    assert score_city(together.city).total == together.score
