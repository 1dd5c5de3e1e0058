"""Pairs by splits on pools the two cities do not use up (``cpsat.pair.choose``) against
exhaustive search: pairs of 3x3 cities from tiny pools with spare tiles, every pair of cities
enumerated."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from solver.common.sat import Budget
from solver.twocities.cpsat.city.compositions import TooManyCompositions
from solver.twocities.cpsat.pair.choose import ChooseSplits, choose_apply
from solver.twocities.cpsat.pair.descent import prove_pair
from solver.twocities.cpsat.pair.solve import solve_pair
from solver.twocities.cpsat.settings import ProofSettings
from solver.twocities.game.city import Context, District
from solver.twocities.game.pool import Pool
from solver.twocities.game.tiles import parse_tile
from solver.twocities.rules.order import order_problems
from solver.twocities.scoring.categories import score_city
from tests.support.bruteforce import all_cities
from tests.support.pairs import (
    DUPLEXES,
    MAT_A,
    MAT_B,
    RULES,
    SINGLES,
    TYPES,
    against,
    brute_force_pair,
)


def tiny_choose_pool(seed: int, mats: tuple = (MAT_A, MAT_B)) -> Pool:
    """Six singles and three duplexes: each 3x3 city takes two and one, so two singles and
    a duplex stay unused; seeded rivals."""
    rng = random.Random(f"tiny-choose-pair-{seed}")
    tiles = [rng.choice(SINGLES) for _ in range(6)] + rng.sample(DUPLEXES, 3)
    types = rng.sample(TYPES, 2)
    district = District(frozenset(types), (9, 3), (rng.randint(0, 4),))
    context = Context((rng.randint(0, 3),), (district,))
    return Pool(RULES, mats, tuple(parse_tile(t) for t in tiles), context)


def all_pairs(pool: Pool):
    """Every buildable pair, with both cities' scores ranked against each other and the
    tokens each city takes."""
    pool_a = Pool(RULES, (pool.mats[0],), pool.tiles, pool.context)
    for a, placed_a in all_cities(pool_a):
        if order_problems(a, pool_a, placed_a):
            continue
        left = Counter(t.token for t in pool.tiles) - Counter(p.tile.token for p in placed_a)
        pool_b = Pool(RULES, (pool.mats[1],), tuple(parse_tile(t) for t, n in
                                                    sorted(left.items()) for _ in range(n)),
                      pool.context)
        for b, placed_b in all_cities(pool_b):
            if order_problems(b, pool_b, placed_b):
                continue
            yield ((score_city(against(a, b), RULES).total,
                    score_city(against(b, a), RULES).total),
                   (tuple(sorted(p.tile.token for p in placed_a)),
                    tuple(sorted(p.tile.token for p in placed_b))))


def _tokens(splits: ChooseSplits, k: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    a, b = splits.tiles(k)
    return tuple(sorted(t.token for t in a)), tuple(sorted(t.token for t in b))


@pytest.mark.exhaustive
@pytest.mark.parametrize("seed", range(10))
def test_choose_splits_prove_the_exhaustive_optimum(seed: int) -> None:
    pool = tiny_choose_pool(seed)
    assert choose_apply(pool) and not pool.uses_all
    best = brute_force_pair(pool)
    outcome = prove_pair(pool, Budget.start(60, None))
    assert outcome.proven
    assert (outcome.best.value() if outcome.best else None) == best
    for i, (city, placed) in enumerate(zip(outcome.best.cities, outcome.best.placed,
                                           strict=True)):
        assert order_problems(city, pool, placed, which=i) == []


@pytest.mark.parametrize("seed", range(3))
def test_a_floor_keeps_every_split_that_can_reach_it(seed: int) -> None:
    """Every pair of cities whose lower score reaches the floor lies in a listed split,
    within that split's bound (the lower city first); no split is listed twice."""
    pool = tiny_choose_pool(seed)
    pairs = list(all_pairs(pool))
    best = max(min(s) for s, _ in pairs)
    for floor in (0, best - 3, best):
        splits = ChooseSplits(pool, floor)
        by_tokens = {}
        for k in range(len(splits)):
            assert splits.bound(k)[0] >= floor
            by_tokens[_tokens(splits, k)] = splits.bound(k)
        assert len(by_tokens) == len(splits)
        for (sa, sb), tokens in pairs:
            if min(sa, sb) >= floor:
                assert (min(sa, sb), max(sa, sb)) <= by_tokens[tokens]


def test_equal_mats_list_each_split_once() -> None:
    pool = tiny_choose_pool(4, (MAT_A, MAT_A))
    splits = ChooseSplits(pool, 0)
    seen = {_tokens(splits, k) for k in range(len(splits))}
    assert len(seen) == len(splits)
    assert not any((b, a) in seen for a, b in seen if a != b)
    outcome = prove_pair(pool, Budget.start(60, None))
    assert outcome.proven
    assert outcome.best.value() == brute_force_pair(pool)


@pytest.mark.exhaustive
def test_a_choose_pair_solve_is_proven_and_repeats_itself() -> None:
    pool = tiny_choose_pool(2)
    runs = [solve_pair(pool, time_limit=None, workers=1, deterministic_time=20.0)
            for _ in range(2)]
    assert runs[0].status == "optimal"
    assert (runs[0].score, max(c.score for c in runs[0].cities)) == brute_force_pair(pool)
    for c in runs[0].cities:  # each city re-scored against the other
        assert score_city(c.city, RULES).total == c.score
    assert [[c.city.grid for c in r.cities] for r in runs][0] == \
        [[c.city.grid for c in r.cities] for r in runs][1]


@pytest.mark.exhaustive
@pytest.mark.parametrize(("most", "seed"), [("most_candidates", 5), ("most_splits", 6),
                                            ("most_splits", 7)])
def test_a_raised_floor_proves_only_above_it(most: str, seed: int) -> None:
    """Too many splits to list: the floor listed is raised, and the outcome is a proof
    only where the best pair lies above every split left out, else a bound."""
    pool = tiny_choose_pool(seed)
    best = brute_force_pair(pool)
    few = replace(ProofSettings(), **{most: 3})
    splits = ChooseSplits(pool, 0, few)
    assert splits.listed_from > 0
    assert all(splits.bound(k)[0] >= splits.listed_from for k in range(len(splits)))
    outcome = prove_pair(pool, Budget.start(60, None), settings=few)
    if outcome.proven:
        assert outcome.best.value() == best
    else:
        assert outcome.bound >= best[0]
    result = solve_pair(pool, time_limit=None, workers=1,  # the full model settles the rest
                        deterministic_time=60.0,  # reproducible: the load cannot decide
                        settings=few)
    assert result.status == "optimal"
    assert (result.score, max(c.score for c in result.cities)) == best


@pytest.mark.exhaustive
def test_too_many_compositions_leave_the_pair_to_the_full_model() -> None:
    pool = tiny_choose_pool(3)
    few = ProofSettings(most_listed=1)
    with pytest.raises(TooManyCompositions):
        ChooseSplits(pool, 0, few)
    result = solve_pair(pool, time_limit=60, workers=1, settings=few)
    assert result.status == "optimal"
    assert (result.score, max(c.score for c in result.cities)) == brute_force_pair(pool)


def test_every_tile_pools_are_not_choose_pools() -> None:
    pool = tiny_choose_pool(0)
    assert not choose_apply(replace(pool, tiles=pool.tiles[:4] + pool.tiles[6:8]))
