"""--pair: one pool split between two cities, best lower city then the higher, checked by
exhaustive search on cities small enough to enumerate."""

from __future__ import annotations

import importlib.util
import json
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli import app
from solver.twocities.cpsat.pair.quick import Pair, climb, good_pair, greedy_pair
from solver.twocities.cpsat.pair.solve import solve_pair
from solver.twocities.game.city import Context, District, city_from_json
from solver.twocities.game.pool import Pool, load_pool
from solver.twocities.game.rulesets import load_ruleset
from solver.twocities.game.tiles import parse_tile
from solver.twocities.rules.greedy import greedy
from solver.twocities.rules.order import order_problems
from solver.twocities.scoring.categories import score_city
from tests.support.bruteforce import all_cities
from tests.support.pairs import MAT_A, MAT_B, brute_force_pair

EXAMPLES = Path(__file__).parent.parent / "examples"
BENCH = Path(__file__).parent.parent / "bench" / "bench_solver.py"


def first_pair(pool: Pool) -> Pair:
    """The first buildable pair in the exhaustive search's order."""
    rules = pool.rules
    pool_a = Pool(rules, (MAT_A,), pool.tiles, pool.context)
    for a, placed_a in all_cities(pool_a):
        if order_problems(a, pool_a, placed_a):
            continue
        left = Counter(t.token for t in pool.tiles) - Counter(p.tile.token for p in placed_a)
        pool_b = Pool(rules, (MAT_B,), tuple(parse_tile(t) for t, n in sorted(left.items())
                                             for _ in range(n)), pool.context)
        for b, placed_b in all_cities(pool_b):
            if not order_problems(b, pool_b, placed_b):
                return Pair((a, b), (tuple(placed_a), tuple(placed_b)))
    raise AssertionError("no buildable pair")


def test_pair_matches_exhaustive_search() -> None:
    rules = replace(load_ruleset("essential", "standard"), size=3, singles=2, duplexes=1)
    tiles = tuple(parse_tile(t) for t in ["F", "F", "S", "P", "S|S", "P/F"])
    context = Context((1,), (District(frozenset({"shop", "park"}), (9, 3), (2,)),))
    pool = Pool(rules, (MAT_A, MAT_B), tiles, context)
    result = solve_pair(pool, time_limit=30, workers=1)
    assert result.status == "optimal"
    low, high = brute_force_pair(pool)
    assert result.score == low
    assert max(c.score for c in result.cities) == high
    used = Counter(p.tile.token for c in result.cities for p in c.placements)
    assert used == Counter(t.token for t in tiles)


def test_pair_cities_score_the_same_on_their_own() -> None:
    """Each city file carries the other city as a rival, so it scores alone as in the pair."""
    rules = replace(load_ruleset("essential", "standard"), size=3, singles=2, duplexes=1)
    tiles = tuple(parse_tile(t) for t in ["F", "F", "F", "S", "P", "O", "S|S", "P/F", "F|O"])
    context = Context((2,), (District(frozenset({"shop", "factory"}), (8, 4), (1,)),))
    result = solve_pair(Pool(rules, (MAT_A, MAT_B), tiles, context), time_limit=30, workers=1)
    assert result.status == "optimal"
    for c in result.cities:
        assert score_city(city_from_json(c.to_json()["city"], strict=False)).total == c.score


@pytest.mark.slow
def test_cli_pair_prints_one_json_object() -> None:
    out = CliRunner().invoke(app, ["solve", str(EXAMPLES / "pool-pair.json"), "--pair",
                                   "--json", "--time-limit", "3", "--workers", "1"])
    assert out.exit_code == 0, out.output
    answer = json.loads(out.output)
    assert answer["status"] in ("optimal", "feasible")
    pool = load_pool(EXAMPLES / "pool-pair.json")
    used = Counter(p["tile"] for c in answer["cities"] for p in c["placements"])
    assert used == pool.counts()
    assert answer["score"] == min(c["score"] for c in answer["cities"])


def test_a_pair_needs_two_mats() -> None:
    out = CliRunner().invoke(app, ["solve", str(EXAMPLES / "pool-standard.json"), "--pair"])
    assert out.exit_code == 2
    assert "two mats" in out.output


def test_pair_exclude_and_min_score() -> None:
    rules = replace(load_ruleset("essential", "standard"), size=3, singles=2, duplexes=1)
    tiles = tuple(parse_tile(t) for t in ["F", "F", "S", "P", "S|S", "P/F"])
    pool = Pool(rules, (MAT_A, MAT_B), tiles, Context((1,), ()))
    best = solve_pair(pool, time_limit=30, workers=1)
    assert best.status == "optimal"
    pair = tuple(c.city for c in best.cities)
    again = solve_pair(pool, time_limit=30, workers=1, exclude=[pair], min_score=best.score)
    assert again.status in ("optimal", "infeasible")
    if again.status == "optimal":
        assert again.score == best.score
        assert tuple(c.city.grid for c in again.cities) != tuple(c.grid for c in pair)
    above = solve_pair(pool, time_limit=30, workers=1, min_score=best.score + 1)
    assert above.status == "infeasible"


def _bench_pool(suite: str, seed: int) -> Pool:
    """Pool ``seed`` of a suite of ``bench/bench_solver.py`` (a script, loaded by path)."""
    spec = importlib.util.spec_from_file_location("bench_solver", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.random_pool(suite, seed)


def _assert_answer(pool: Pool, result) -> None:
    """The pair as every answer must be: re-scored by the scorer, buildable, within the pool."""
    assert len(result.cities) == 2
    for i, c in enumerate(result.cities):
        assert order_problems(c.city, pool, c.placements, which=i) == []
        assert score_city(c.city).total == c.score
    assert result.score == min(c.score for c in result.cities)
    used = Counter(p.tile.token for c in result.cities for p in c.placements)
    assert not used - pool.counts()


@pytest.mark.slow
def test_a_pair_comes_back_within_a_short_limit() -> None:
    """The quick pair answers even when the full model has not finished its presolve."""
    pool = load_pool(EXAMPLES / "pool-pair.json")
    result = solve_pair(pool, time_limit=2, workers=2)
    assert result.status in ("feasible", "optimal")
    assert result.score is not None and result.score >= 70
    assert result.seconds < 6
    _assert_answer(pool, result)


@pytest.mark.slow
def test_a_suite_pool_gets_a_pair_within_a_short_limit() -> None:
    pool = _bench_pool("pair", 1)
    result = solve_pair(pool, time_limit=3, workers=2)
    assert result.status in ("feasible", "optimal")
    assert result.score is not None and result.score > 0
    assert result.bound is None or result.bound >= result.score
    _assert_answer(pool, result)


def test_the_greedy_pair_is_the_pair_puzzles_rate_against() -> None:
    """``cpsat.pair.quick`` starts from the difficulty rating's own greedy pair."""
    pool = _bench_pool("pair", 2)
    start = greedy_pair(pool)
    assert start is not None and start.value()[0] == greedy(pool).score
    better = good_pair(pool, 1.0, start=start)
    assert better.value() >= start.value()


TINY = [(["F", "F", "S", "P", "S|S", "P/F"], (1,), ((9, 3), (2,))),
        (["F", "F", "F", "S", "P", "O", "S|S", "P/F", "F|O"], (2,), ((8, 4), (1,))),
        (["P", "P", "S", "O", "H", "Tm", "P|P", "O/H"], (3,), ((9, 3), (4,)))]


@pytest.mark.exhaustive
@pytest.mark.parametrize("tiles, factories, district", TINY)
def test_the_quick_pair_never_beats_the_exhaustive_optimum(tiles, factories, district) -> None:
    rules = replace(load_ruleset("essential", "standard"), size=3, singles=2, duplexes=1)
    points, rivals = district
    context = Context(factories, (District(frozenset({"shop", "park"}), points, rivals),))
    pool = Pool(rules, (MAT_A, MAT_B), tuple(parse_tile(t) for t in tiles), context)
    best = brute_force_pair(pool)
    # the greedy placer may run into a dead end on these 4-space mats: the climb then
    # starts from the first pair the exhaustive search meets
    quick = good_pair(pool, 2.0) or climb(pool, first_pair(pool), time.monotonic() + 2.0)
    assert quick.value() <= best
    for i, (city, placed) in enumerate(zip(quick.cities, quick.placed, strict=True)):
        assert order_problems(city, pool, placed, which=i) == []
    result = solve_pair(pool, time_limit=None, workers=1,
                        deterministic_time=60.0)  # reproducible: the load cannot decide
    assert result.status == "optimal"
    assert (result.score, max(c.score for c in result.cities)) == best
    _assert_answer(pool, result)


def test_the_quick_pair_waits_for_the_greedy_placer_past_its_seconds(monkeypatch) -> None:
    """Where the mats' first positions run into dead ends, the greedy placer keeps trying
    others past the quick pair's seconds (within ``patience``), so a pair comes back."""
    from solver.twocities.rules import greedy as greedy_module

    pool = load_pool(EXAMPLES / "pool-pair.json")
    greedy_at = greedy_module.greedy_at
    tried: list[object] = []

    def dead_ends_first(pool_: Pool, spots: object) -> object:
        tried.append(spots)
        return None if len(tried) <= 2 else greedy_at(pool_, spots)  # two dead ends first

    monkeypatch.setattr(greedy_module, "greedy_at", dead_ends_first)
    assert good_pair(pool, 0.0, patience=0.0) is None and len(tried) == 1
    tried.clear()
    found = good_pair(pool, 0.0)
    assert found is not None and len(tried) == 3
    for i, (city, placed) in enumerate(zip(found.cities, found.placed, strict=True)):
        assert order_problems(city, pool, placed, which=i) == []
