"""--pair: one pool split between two cities, best lower city then the higher, checked by
exhaustive search on cities small enough to enumerate."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from pathlib import Path

from typer.testing import CliRunner

from cli import app
from solver.twocities.cpsat.solve import solve_pair
from solver.twocities.game.city import Context, District, city_from_json
from solver.twocities.game.components import parse_mat
from solver.twocities.game.pool import Pool, load_pool
from solver.twocities.game.rulesets import load_ruleset
from solver.twocities.game.tiles import parse_tile
from solver.twocities.rules.buildable import check_buildable
from solver.twocities.scoring.categories import district_size, score_city
from tests.test_solver_bruteforce import all_cities

EXAMPLES = Path(__file__).parent.parent / "examples"
MAT_A = parse_mat({"grid": ["~ ~ ~", "~ ~ .", ". . ."]})
MAT_B = parse_mat({"grid": ["~ . ~", "~ . ~", "~ . ."]})


def _against(city, other):
    ctx = city.context
    return city.with_context(Context(
        (*ctx.rival_factories, len(other.of_type("factory"))),
        tuple(replace(d, rivals=(*d.rivals, district_size(other, d.types)))
              for d in ctx.districts)))


def brute_force_pair(pool: Pool) -> tuple[int, int] | None:
    rules = pool.rules
    best = None
    for a, placed_a in all_cities(Pool(rules, (MAT_A,), pool.tiles, pool.context)):
        if check_buildable(a, Pool(rules, (MAT_A,), pool.tiles, pool.context), placed_a):
            continue
        left = Counter(t.token for t in pool.tiles) - Counter(t for t, _ in placed_a)
        rest = tuple(parse_tile(t) for t, n in sorted(left.items()) for _ in range(n))
        pool_b = Pool(rules, (MAT_B,), rest, pool.context)
        for b, placed_b in all_cities(pool_b):
            if check_buildable(b, pool_b, placed_b):
                continue
            sa = score_city(_against(a, b), rules).total
            sb = score_city(_against(b, a), rules).total
            key = (min(sa, sb), max(sa, sb))
            best = key if best is None or key > best else best
    return best


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
    used = Counter(t for c in result.cities for t, _ in c.placements)
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


def test_cli_pair_prints_one_json_object() -> None:
    out = CliRunner().invoke(app, ["solve", str(EXAMPLES / "pool-pair.json"), "--pair",
                                   "--json", "--time-limit", "3", "--workers", "1"])
    assert out.exit_code == 0, out.output
    answer = json.loads(out.output)
    assert answer["status"] in ("optimal", "feasible", "unknown")
    pool = load_pool(EXAMPLES / "pool-pair.json")
    if answer["cities"]:
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
