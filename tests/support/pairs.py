"""Exhaustive search on pairs of tiny cities: two 3x3 mats, a city's score counted against
the other (rival factories and district sizes), and the pairs by splits (``prove_pair``)
checked against it."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from solver.common.sat import Budget
from solver.twocities.cpsat.pair.descent import PairOutcome, prove_pair
from solver.twocities.cpsat.settings import DEFAULT_SETTINGS, ProofSettings
from solver.twocities.game.city import Context, District
from solver.twocities.game.components import parse_mat
from solver.twocities.game.pool import Pool
from solver.twocities.game.rulesets import load_ruleset
from solver.twocities.game.tiles import parse_tile
from solver.twocities.rules.order import order_problems
from solver.twocities.scoring.categories import district_size, score_city
from tests.support.bruteforce import all_cities

MAT_A = parse_mat({"grid": ["~ ~ ~", "~ ~ .", ". . ."]})
MAT_B = parse_mat({"grid": ["~ . ~", "~ . ~", "~ . ."]})


def against(city, other):
    """``city`` scored beside ``other``: its rival factories and districts' rivals count the
    other city's."""
    ctx = city.context
    return city.with_context(Context(
        (*ctx.rival_factories, len(other.of_type("factory"))),
        tuple(replace(d, rivals=(*d.rivals, district_size(other, d.types)))
              for d in ctx.districts)))


def brute_force_pair(pool: Pool) -> tuple[int, int] | None:
    rules = pool.rules
    best = None
    for a, placed_a in all_cities(Pool(rules, (MAT_A,), pool.tiles, pool.context)):
        if order_problems(a, Pool(rules, (MAT_A,), pool.tiles, pool.context), placed_a):
            continue
        left = Counter(t.token for t in pool.tiles) - Counter(p.tile.token for p in placed_a)
        rest = tuple(parse_tile(t) for t, n in sorted(left.items()) for _ in range(n))
        pool_b = Pool(rules, (MAT_B,), rest, pool.context)
        for b, placed_b in all_cities(pool_b):
            if order_problems(b, pool_b, placed_b):
                continue
            sa = score_city(against(a, b), rules).total
            sb = score_city(against(b, a), rules).total
            key = (min(sa, sb), max(sa, sb))
            best = key if best is None or key > best else best
    return best


RULES = replace(load_ruleset("essential", "standard"), size=3, singles=2, duplexes=1)
SINGLES = ["F", "S", "P", "O", "H"]
DUPLEXES = ["S|S", "P/F", "F|O", "O/H", "P|P", "H/S"]
TYPES = ["shop", "park", "factory", "office", "house"]


def tiny_pool(seed: int) -> Pool:
    """Four singles and two duplexes (each 3x3 city takes two and one), seeded rivals."""
    rng = random.Random(f"tiny-pair-{seed}")
    tiles = [rng.choice(SINGLES) for _ in range(4)] + rng.sample(DUPLEXES, 2)
    types = rng.sample(TYPES, 2)
    district = District(frozenset(types), (9, 3), (rng.randint(0, 4),))
    context = Context((rng.randint(0, 3),), (district,))
    return Pool(RULES, (MAT_A, MAT_B), tuple(parse_tile(t) for t in tiles), context)


def proves_exhaustive_optimum(seed: int, proof: ProofSettings = DEFAULT_SETTINGS
                              ) -> PairOutcome:
    """``prove_pair`` on tiny pool ``seed`` (with the ``proof`` settings): proven, the
    exhaustive search's optimum, and each city buildable as placed."""
    pool = tiny_pool(seed)
    outcome = prove_pair(pool, Budget.start(60, None), settings=proof)
    assert outcome.proven
    assert (outcome.best.value() if outcome.best else None) == brute_force_pair(pool)
    if outcome.best is not None:
        for i, (city, placed) in enumerate(zip(outcome.best.cities, outcome.best.placed,
                                               strict=True)):
            assert order_problems(city, pool, placed, which=i) == []
    return outcome
