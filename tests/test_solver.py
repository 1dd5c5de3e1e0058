"""The optimal-city solver: status and score (never a particular layout), re-scoring, legality."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import solver.twocities.cpsat.model.fullmodel as fullmodel_module
from cli import app
from solver.common.errors import CitiesError
from solver.common.sat import configure
from solver.twocities.cpsat.box.solve import box_pool
from solver.twocities.cpsat.city.solve import solve_pool
from solver.twocities.game.city import city_from_json
from solver.twocities.game.pool import load_pool, pool_from_json
from solver.twocities.rules.order import order_problems
from solver.twocities.scoring.categories import score_city

EXAMPLES = Path(__file__).parent.parent / "examples"
BEGINNER = {"variant": "beginner",
            "tiles": ["F", "S", "S", "S", "P", "P", "O", "O", "H", "H", "Tf", "Td", "F|O", "P/H"]}


def test_all_parks_make_one_group() -> None:
    pool = pool_from_json({"variant": "beginner", "tiles": ["P"] * 12 + ["P|P", "P/P"]})
    result = solve_pool(pool, time_limit=30, workers=1)
    assert (result.status, result.score, result.bound) == ("optimal", 25, 25)


def test_beginner_pool_is_proven_and_rescored() -> None:
    pool = pool_from_json(BEGINNER)
    result = solve_pool(pool, time_limit=60, workers=2)
    assert result.status == "optimal"
    assert result.score == result.bound == score_city(result.city).total
    assert order_problems(result.city, pool, result.placements) == []
    assert Counter(p.tile.token for p in result.placements) == pool.counts()


def test_json_answer_is_a_city_file_score_accepts(tmp_path: Path) -> None:
    out = CliRunner().invoke(app, ["solve", str(EXAMPLES / "pool-beginner.json"), "--json",
                                   "--workers", "1"])
    assert out.exit_code == 0, out.output
    answer = json.loads(out.output)
    assert answer["status"] == "optimal"
    city_file = tmp_path / "city.json"
    city_file.write_text(json.dumps(answer["city"]))
    scored = CliRunner().invoke(app, ["score", str(city_file), "--json"])
    assert json.loads(scored.output)["total"] == answer["score"]
    used = Counter(p["tile"] for p in answer["placements"])
    assert used == load_pool(EXAMPLES / "pool-beginner.json").counts()
    cells = [tuple(c) for p in answer["placements"] for c in p["cells"]]
    assert len(cells) == len(set(cells)) == 16


def test_standard_pool_with_mat_civics_and_districts() -> None:
    pool = load_pool(EXAMPLES / "pool-standard.json")
    result = solve_pool(pool, time_limit=10, workers=2)
    assert result.status in ("optimal", "feasible")
    assert result.score is not None and result.bound is not None
    assert result.score <= result.bound
    city = city_from_json(result.to_json()["city"])
    assert score_city(city).total == result.score
    assert order_problems(city, pool, result.placements) == []


def test_a_solve_again_that_finds_nothing_keeps_the_bound(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """An unbuildable answer is excluded and the model solved again; when that solve ends
    with no city (its time used up), the answer is the best buildable city seen, and the
    first solve's bound still bounds it (excluding a layout only removes cities)."""
    calls = {"checked": 0, "configured": 0}

    def first_city_only(city: object, pool: object, placed: object, which: int = 0
                        ) -> list[str]:
        calls["checked"] += 1
        return [] if calls["checked"] == 1 else ["excluded by the test"]

    def no_time_again(params: Any, time_limit: float | None, workers: int,
                      work: float | None) -> None:
        calls["configured"] += 1
        configure(params, time_limit, workers, work)
        if calls["configured"] > 1:
            params.max_deterministic_time = 1e-9  # too little to find any city

    monkeypatch.setattr(fullmodel_module, "order_problems", first_city_only)
    monkeypatch.setattr(fullmodel_module, "configure", no_time_again)
    pool = pool_from_json({"variant": "beginner", "tiles": ["P"] * 6 + ["S"] * 6 + ["F|O", "P/H"]})
    result = solve_pool(pool, time_limit=30, workers=1, descent=False)
    assert calls["configured"] == 2  # the solve again ran, and found nothing
    assert result.status == "feasible"
    assert result.score is not None and result.bound is not None
    assert result.score <= result.bound
    assert result.city is not None and score_city(result.city).total == result.score


@pytest.mark.parametrize("seconds,workers", [(2, 1), (0.5, 2)])
def test_time_limit_returns_best_so_far_with_a_bound(seconds: float, workers: int) -> None:
    """One worker runs the caps, then one check at a time; two run the caps beside them."""
    pool = load_pool(EXAMPLES / "pool-standard.json")
    result = solve_pool(pool, time_limit=seconds, workers=workers)
    assert result.status in ("feasible", "optimal", "unknown")
    if result.city is not None:
        assert result.score <= result.bound
        assert score_city(result.city).total == result.score


def test_excluding_the_optimum_finds_another_layout_no_better() -> None:
    pool = pool_from_json(BEGINNER)
    best = solve_pool(pool, time_limit=60, workers=1)
    other = solve_pool(pool, time_limit=60, workers=1, exclude=[best.city])
    assert other.status == "optimal"
    assert other.score <= best.score
    assert other.city.grid != best.city.grid


def test_min_score_above_the_optimum_is_infeasible() -> None:
    pool = pool_from_json({"variant": "beginner", "tiles": ["P"] * 12 + ["P|P", "P/P"]})
    assert solve_pool(pool, time_limit=30, workers=1, min_score=26).status == "infeasible"


def test_a_pool_that_cannot_fill_the_city_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CitiesError, match="cannot fill the city"):
        pool_from_json({"variant": "beginner", "tiles": ["F"] * 11 + ["F|O", "P/H"]})
    bad = tmp_path / "pool.json"
    bad.write_text(json.dumps({"variant": "beginner", "tiles": ["F"] * 3}))
    out = CliRunner().invoke(app, ["solve", str(bad)])
    assert out.exit_code == 2
    assert "cannot fill the city" in out.output


def test_fixed_tiles_stay_where_the_pool_puts_them() -> None:
    data = {**BEGINNER, "fixed": [{"tile": "Tm", "at": [0, 0]}]}
    data["tiles"] = [t for t in BEGINNER["tiles"] if t != "Td"]
    pool = pool_from_json(data)
    result = solve_pool(pool, time_limit=60, workers=1)
    assert result.status == "optimal"
    assert result.city.at((0, 0)).token == "Tm"
    assert order_problems(result.city, pool, result.placements) == []


def test_box_pool_holds_every_tile() -> None:
    pool = box_pool(variant="beginner")
    assert len(pool.duplexes) == 24
    assert len(pool.singles) == 108  # 129 singles less the 21 civic tiles


def test_every_solve_skips_the_presolve_step_that_can_certify_a_wrong_optimum() -> None:
    """google/or-tools#5293: the inclusion presolve of CP-SAT 9.15 can prove a wrong optimum."""
    from ortools.sat.python import cp_model

    from solver.common.sat import configure

    solver = cp_model.CpSolver()
    configure(solver.parameters, 10, 2, None)
    assert solver.parameters.presolve_inclusion_work_limit == 0
