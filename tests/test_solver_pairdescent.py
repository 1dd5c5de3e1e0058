"""Pairs by splits (``cpsat.pair.descent``) against exhaustive search: pairs of 3x3 cities from
tiny pools, every split and every pair of cities enumerated."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.common.sat import Budget
from solver.twocities.cpsat.pair import city as paircity
from solver.twocities.cpsat.pair import descent as pairdescent
from solver.twocities.cpsat.pair import standings as pairstandings
from solver.twocities.cpsat.pair.city import TOP
from solver.twocities.cpsat.pair.ranks import (
    AHEAD,
    BEHIND,
    CASES,
    LEVEL,
    refuted,
    standing_district,
)
from solver.twocities.cpsat.pair.solve import solve_pair
from solver.twocities.cpsat.pair.splits import Splits, rivals_never_help, splits_apply
from solver.twocities.cpsat.settings import ProofSettings
from solver.twocities.game.city import Context, District
from solver.twocities.game.pool import Pool
from solver.twocities.game.tiles import parse_tile
from solver.twocities.rules.order import order_problems
from solver.twocities.scoring.categories import district_points, score_city
from tests.support.bruteforce import all_cities
from tests.support.pairs import (
    MAT_A,
    MAT_B,
    RULES,
    against,
    brute_force_pair,
    proves_exhaustive_optimum,
    tiny_pool,
)


def all_pairs(pool: Pool):
    """Every buildable pair the pool can make, with both cities' scores in the pair."""
    for a, placed_a in all_cities(Pool(RULES, (MAT_A,), pool.tiles, pool.context)):
        if order_problems(a, Pool(RULES, (MAT_A,), pool.tiles, pool.context), placed_a):
            continue
        left = Counter(t.token for t in pool.tiles) - Counter(p.tile.token for p in placed_a)
        pool_b = Pool(RULES, (MAT_B,), tuple(parse_tile(t) for t, n in sorted(left.items())
                                             for _ in range(n)), pool.context)
        for b, placed_b in all_cities(pool_b):
            if order_problems(b, pool_b, placed_b):
                continue
            yield (a, b), (score_city(against(a, b), RULES).total,
                           score_city(against(b, a), RULES).total), placed_a


@pytest.mark.parametrize("seed", range(12))
def test_splits_prove_the_exhaustive_optimum(seed: int) -> None:
    assert splits_apply(tiny_pool(seed))
    proves_exhaustive_optimum(seed)


@pytest.mark.parametrize("seed", range(6))
def test_a_stronger_city_only_reaching_the_level_still_proves_the_optimum(
        seed: int, monkeypatch) -> None:
    """The levels' short check (the stronger city at least the weaker's optimum) asked of
    every split: the proof still agrees with exhaustive search."""
    reached = []
    reach = pairdescent.reach

    def counted(*args, **kw):
        found = reach(*args, **kw)
        reached.append(found is not None)
        return found

    monkeypatch.setattr(pairdescent, "reach", counted)
    proves_exhaustive_optimum(seed, ProofSettings(reach_margin=-TOP))
    assert reached  # the short check was asked


@pytest.mark.parametrize("seed", range(3))
def test_every_pair_within_its_splits_bound(seed: int) -> None:
    """The bound of a split is never below a pair that split makes (the lower city first)."""
    pool = tiny_pool(seed)
    splits = Splits(pool)
    by_tiles = {}
    for k in range(len(splits)):
        first, _ = splits.tiles(k)
        by_tiles[tuple(sorted(t.token for t in first))] = splits.bound(k)
    seen = 0
    for _, (sa, sb), placed_a in all_pairs(pool):
        tokens = tuple(sorted(p.tile.token for p in placed_a))
        assert (min(sa, sb), max(sa, sb)) <= by_tiles[tokens]
        seen += 1
    assert seen > 0


@pytest.mark.exhaustive
def test_excluding_the_optimum_solves_its_split_jointly() -> None:
    """An excluded pair sends its split to the joint model; the answer is the best pair left."""
    pool = tiny_pool(1)
    first = solve_pair(pool, time_limit=60, workers=1)
    assert first.status == "optimal"
    pair = tuple(c.city for c in first.cities)
    again = solve_pair(pool, time_limit=60, workers=1, exclude=[pair])
    rest = max(((min(s), max(s)) for cities, s, _ in all_pairs(pool)
                if tuple(c.grid for c in cities) != tuple(c.grid for c in pair)), default=None)
    assert again.status == ("optimal" if rest else "infeasible")
    if rest:
        assert (again.score, max(c.score for c in again.cities)) == rest


def test_a_deterministic_pair_solve_repeats_itself() -> None:
    pool = tiny_pool(2)
    runs = [solve_pair(pool, time_limit=None, workers=1, deterministic_time=20.0)
            for _ in range(2)]
    assert runs[0].status == "optimal"
    grids = [[c.city.grid for c in r.cities] for r in runs]
    assert grids[0] == grids[1]


def test_rivals_that_can_help_turn_the_search_off() -> None:
    """A district paying more for second place than first: a bigger rival can help."""
    pool = tiny_pool(0)
    assert rivals_never_help(pool)
    odd = District(frozenset({"shop", "park"}), (3, 9), (0,))
    assert not splits_apply(replace(pool, context=Context((1,), (odd,))))


def test_too_many_splits_leave_the_pair_to_the_full_model() -> None:
    pool = tiny_pool(3)
    result = solve_pair(pool, time_limit=60, workers=1,
                        settings=ProofSettings(most_compositions=1))
    assert result.status == "optimal"
    assert (result.score, max(c.score for c in result.cities)) == brute_force_pair(pool)


@given(st.tuples(st.integers(0, 12), st.integers(0, 12)), st.lists(st.integers(0, 9), max_size=3),
       st.integers(0, 9), st.integers(0, 9))
@settings(max_examples=200, deadline=None)
def test_a_standing_bounds_what_the_city_scores_against_the_other(
        points: tuple[int, int], rivals: list[int], mine: int, theirs: int) -> None:
    """Ranked against the other city, a city scores at most its district table lowered to
    its standing (larger, the same size or smaller than the other city's region); first
    place pays at least second's, as on every scoring tile (else the search is not used)."""
    points = (max(points), min(points))
    district = District(frozenset({"shop", "park"}), points, tuple(rivals))
    standing = AHEAD if mine > theirs else LEVEL if mine == theirs else BEHIND
    lowered = standing_district(district, 9, standing) or district
    assert (district_points(mine, [*rivals, theirs], points)
            <= district_points(mine, rivals, lowered.points))


def test_standings_refute_only_when_every_case_fails() -> None:
    """``refuted`` against every case asked directly (a city's score by its standings)."""
    rng = random.Random(7)
    for _ in range(200):
        count = rng.randint(1, 3)
        base = [rng.randint(5, 15) for _ in range(2)]
        loss = [[rng.randint(0, 4) for _ in range(count)] for _ in range(2)]

        def reach(i: int, standings: tuple[int, ...], base: list[int] = base,
                  loss: list[list[int]] = loss) -> int:
            return base[i] - sum(loss[i][d] * s for d, s in enumerate(standings))

        low = rng.randint(5, 15)
        high = rng.choice([None, rng.randint(low, 16)])
        cases = [((tuple(c[0] for c in case)), tuple(c[1] for c in case))
                 for case in product(CASES, repeat=count)]
        beats = [(reach(0, a), reach(1, b)) for a, b in cases]
        expected = not any(min(s) >= low and (high is None or max(s) >= high or min(s) > low)
                           for s in beats)
        assert (refuted(reach, count, low, high) is None) == expected
        # a bound known without a solve (at or above the case's best, or none), a city
        # known (at or below it) and the order of solves they lead to change nothing
        slack = {st: rng.choice([None, 0, 1, 3]) for st in product(range(3), repeat=count)}

        def free(i: int, standings: tuple[int, ...], slack: dict = slack,
                 reach=reach) -> int | None:
            extra = slack[standings]
            return None if extra is None else reach(i, standings) + extra + i

        short = {st: rng.choice([None, 0, 2]) for st in product(range(3), repeat=count)}

        def found(i: int, standings: tuple[int, ...], short: dict = short,
                  reach=reach) -> int | None:  # what a city known makes: at most the best
            less = short[standings]
            return None if less is None else reach(i, standings) - less - i

        case = refuted(reach, count, low, high, free, found)
        assert (case is None) == expected
        if case is not None:  # a case where both cities make it
            scores = [reach(0, case[0]), reach(1, case[1])]
            assert min(scores) >= low
            assert high is None or max(scores) >= high or min(scores) > low


@pytest.mark.parametrize("seed", range(3))
def test_a_city_memo_answers_as_a_fresh_descent_would(seed: int) -> None:
    """What the memo keeps of a city (its optimum, or the least score it was refuted at)
    answers every later score asked as a descent of its own would: a city refuted at L
    cannot reach L + 1, and an optimum answers every score."""
    pool = tiny_pool(seed)
    splits = Splits(pool)
    tiles = splits.tiles(int(next(splits.best_first())))[0]
    alone = replace(pool, mats=pool.mats[:1], tiles=tiles)
    fresh = {need: paircity.solve_city(alone, Budget.start(60, None), 1, need)
             for need in range(0, 40, 3)}
    optimum = max((o.best.score.total for o in fresh.values() if o.best), default=-1)
    for first in (optimum + 1, optimum):
        memo = paircity.Memo()
        memo.note(alone, first, fresh[first] if first in fresh else
                  paircity.solve_city(alone, Budget.start(60, None), 1, first))
        for need, outcome in fresh.items():
            known = memo.known(alone, need)
            if known is None:
                assert need < first  # a refutation says nothing below its score
                continue
            assert known.status == outcome.status
            if known.best is not None:
                assert known.best.score.total == outcome.best.score.total == optimum


@pytest.mark.exhaustive
def test_the_search_asks_a_kept_city_again_and_still_proves_the_optimum(monkeypatch) -> None:
    """The memo answers some of the search's questions (the levels ask a split again one
    score lower), and the proof agrees with exhaustive search."""
    answered = []
    known = paircity.Memo.known

    def counted(self, alone, need):
        found = known(self, alone, need)
        answered.append(found is not None)
        return found

    monkeypatch.setattr(paircity.Memo, "known", counted)
    for seed in range(4):
        proves_exhaustive_optimum(seed)
    assert any(answered)


@pytest.mark.parametrize("after", [0, 1])
def test_standings_asked_before_the_stronger_citys_optimum_still_prove_it(
        after: int, monkeypatch) -> None:
    """At a level, once ``after`` splits were refuted by their standings, the standings
    refute splits with only the weaker city's optimum known (the stronger solved alone only
    where a case needs it), and the proof still agrees with exhaustive search."""
    early = []
    by_standings = pairdescent.by_standings

    def counted(pool, alones, optima, *args, **kw):
        found = by_standings(pool, alones, optima, *args, **kw)
        early.append(len(optima) == 1 and found is None)
        return found

    monkeypatch.setattr(pairdescent, "by_standings", counted)
    for seed in (4, 6, 7):
        proves_exhaustive_optimum(seed, ProofSettings(standings_first_after=after))
    assert any(early)


@pytest.mark.exhaustive
def test_a_case_a_known_city_makes_still_finds_the_pair_that_proves(monkeypatch) -> None:
    """A case's side a city already known makes is not solved; where the two cities so
    found, ranked against each other, do not beat the best pair, the case's sides are
    solved after all, and the proof agrees with exhaustive search."""
    witnessed = []
    refuted_ = pairstandings.refuted

    def counted(reach, count, low, high, free=None, found=None):
        case = refuted_(reach, count, low, high, free, found)
        witnessed.append(found is None)  # asked again without the known cities
        return case

    monkeypatch.setattr(pairstandings, "refuted", counted)
    for seed in range(12):
        proves_exhaustive_optimum(seed)
    assert any(witnessed)



@pytest.mark.parametrize("seed", range(8))
def test_the_levels_alone_bound_the_higher_city_beside_the_proven_lower(seed: int) -> None:
    """After the levels alone (the lower city's optimum found, no split yet asked for a
    higher city), the search's bound is the exhaustive optimum's lower city, and its
    ``higher`` is never below the optimum's higher city; a proof's ``higher`` is the
    optimum's."""
    pool = tiny_pool(seed)
    optimum = brute_force_pair(pool)
    search = pairdescent._Search(pool, Splits(pool), Budget.start(60, None), (), 1, None,
                                 (-1, -1))
    token = paircity.MEMO.set(paircity.Memo())
    try:
        search.levels()
    finally:
        paircity.MEMO.reset(token)
    outcome = search.outcome()
    assert outcome.best is not None and outcome.best.value()[0] == optimum[0]
    assert outcome.bound == optimum[0]
    assert outcome.higher is not None and outcome.higher >= optimum[1]
    assert proves_exhaustive_optimum(seed).higher == optimum[1]
