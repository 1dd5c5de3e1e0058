"""Witnesses that a split's city reaches a level (``cpsat.pair.witness``): every city
found is scored by the scorer and buildable, and the pair proof that uses them still agrees
with exhaustive search on tiny pools."""

from __future__ import annotations

from collections import Counter

import pytest

from solver.twocities.cpsat.pair import city as paircity
from solver.twocities.cpsat.pair import descent as pairdescent
from solver.twocities.cpsat.pair import standings as pairstandings
from solver.twocities.cpsat.pair import witness as pairwitness
from solver.twocities.cpsat.pair.city import TOP
from solver.twocities.cpsat.pair.witness import Known, city_witness, transplant
from solver.twocities.cpsat.settings import ProofSettings
from solver.twocities.game.pool import Pool
from solver.twocities.rules.order import order_problems
from solver.twocities.scoring.categories import score_city
from tests.support.bruteforce import all_cities
from tests.support.pairs import MAT_A, MAT_B, RULES, proves_exhaustive_optimum, tiny_pool


def _alone(pool: Pool, mat, tiles) -> Pool:
    return Pool(RULES, (mat,), tuple(tiles), pool.context)


def _best_city(alone: Pool) -> int:
    return max(score_city(c, RULES).total for c, placed in all_cities(alone)
               if not order_problems(c, alone, placed))


@pytest.mark.parametrize("seed", range(4))
def test_a_city_witness_scores_what_it_claims_and_never_beyond_the_optimum(seed: int) -> None:
    """From the greedy placer's city or a known city of other tiles: a city found scores the
    level asked or more (re-scored) and is buildable; none is found above the optimum."""
    pool = tiny_pool(seed)
    tiles = pool.tiles[:2] + pool.tiles[4:5]
    alone = _alone(pool, MAT_A, tiles)
    best = _best_city(alone)
    known = Known()
    other = _alone(pool, MAT_A, pool.tiles[2:4] + pool.tiles[5:6])
    for city, placed in all_cities(other):
        if not order_problems(city, other, placed):
            known.add(MAT_A.name, city, placed)
            break
    for need in (best - 3, best, best + 1):
        found = city_witness(alone, need, known)
        if need > best:
            assert found is None
        if found is not None:
            assert found.score.total == score_city(found.city, RULES).total >= need
            assert order_problems(found.city, alone, found.placements) == []
            assert Counter(p.tile for p in found.placements) == Counter(tiles)


def test_a_transplant_places_exactly_the_new_tiles() -> None:
    pool = tiny_pool(3)
    first = _alone(pool, MAT_B, pool.tiles[:2] + pool.tiles[4:5])
    city, placed = next(iter(all_cities(first)))
    tiles = (pool.tiles[2], pool.tiles[1], pool.tiles[4])
    moved = transplant(city, placed, tiles)
    assert moved is not None
    assert Counter(p.tile for p in moved[1]) == Counter(tiles)
    assert sorted(p.at for p in moved[1]) == sorted(p.at for p in placed)


@pytest.mark.exhaustive
def test_the_proof_with_witnesses_agrees_with_exhaustive_search(monkeypatch) -> None:
    """The levels' short check asked of every split, a witness first, and the standings
    asked with the stronger city only witnessed where it makes the level but the pair falls
    short: the proof still agrees with exhaustive search, and both were used."""
    found, witnessed_only = [], []
    witness = pairwitness.city_witness
    by_standings = pairdescent.by_standings

    def counted(*args, **kw):
        city = witness(*args, **kw)
        found.append(city is not None)
        return city

    def standings(*args, unsolved=None, **kw):
        witnessed_only.append(unsolved is not None)
        return by_standings(*args, unsolved=unsolved, **kw)

    for module in (paircity, pairstandings):  # the reach checks' witnesses and the cases'
        monkeypatch.setattr(module, "city_witness", counted)
    monkeypatch.setattr(pairdescent, "by_standings", standings)
    for seed in range(12):
        proves_exhaustive_optimum(seed, ProofSettings(reach_margin=-TOP))
    assert any(found)
    assert any(witnessed_only)
