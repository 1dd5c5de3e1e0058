"""`cities usa solve` and its pool files: the answer is a city the scorer confirms and the
rules can build; reproducible with one worker; bad pools in one line, exit 2."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import cli
from solver.common.errors import CitiesError
from solver.common.status import Status
from solver.usa.cpsat.solve import solve_pool
from solver.usa.game.cityfile import city_from_json
from solver.usa.game.pool import load_pool, pool_from_json
from solver.usa.scoring.categories import score_city
from tests.usa.bruteforce import replay

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
SMALL = ROOT / "examples" / "usa" / "pool-small.json"


def small() -> dict[str, Any]:
    return json.loads(SMALL.read_text())


def test_small_pool_is_solved_to_a_city_the_scorer_and_the_rules_confirm() -> None:
    pool = load_pool(SMALL)
    result = solve_pool(pool, time_limit=60, workers=1)
    assert result.status == Status.OPTIMAL
    assert result.score == result.bound == 18
    assert result.city is not None
    assert score_city(result.city).total == 18
    # The order of play replays, step by step in turn order, through the rules engine.
    city = replay(pool, list(result.order))
    assert city.tiles == result.city.tiles and city.bridges == result.city.bridges


@pytest.mark.slow
def test_two_workers_race_to_the_same_optimum_and_report_progress() -> None:
    seen: list[tuple[int | None, int, float]] = []
    result = solve_pool(load_pool(SMALL), time_limit=60, workers=2,
                        progress=lambda best, bound, seconds: seen.append((best, bound, seconds)))
    assert result.status == Status.OPTIMAL and result.score == result.bound == 18
    assert seen and all(best is None or best <= bound for best, bound, _ in seen)


def test_one_worker_and_a_deterministic_limit_reproduce_the_answer() -> None:
    pool = load_pool(SMALL)
    first = solve_pool(pool, time_limit=None, workers=1, deterministic_time=0.5)
    second = solve_pool(pool, time_limit=None, workers=1, deterministic_time=0.5)
    assert first.status == second.status
    assert first.score == second.score
    assert first.to_json()["city"] == second.to_json()["city"]


def test_cli_json_city_is_accepted_by_usa_score(tmp_path: Path) -> None:
    result = runner.invoke(cli.app, ["usa", "solve", str(SMALL), "--json", "--workers", "1"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["status"] == "optimal" and data["score"] == 18 and data["bound"] == 18
    path = tmp_path / "city.json"
    path.write_text(json.dumps(data["city"]))
    scored = runner.invoke(cli.app, ["usa", "score", str(path), "--json"])
    assert scored.exit_code == 0
    assert json.loads(scored.stdout)["total"] == 18
    assert score_city(city_from_json(data["city"])).total == 18


# A pool with one city tile and three bridges builds at most one voluntary bridge; a pool of
# two tiles to choose from gets none after its starting tile.
ONE_CITY_TILE = {"game": "cities-usa", "size": [1, 2], "start": "start-2", "bridges": 3,
                 "cards": ["protected-areas", "protected-areas"]}


@pytest.mark.parametrize(("tiles", "best"), [(["city-11"], 4), (["city-31", "city-05"], 6)])
def test_cli_json_order_replays_in_turn_order(tmp_path: Path, tiles: list[str],
                                              best: int) -> None:
    path = tmp_path / "pool.json"
    path.write_text(json.dumps({**ONE_CITY_TILE, "tiles": tiles}))
    result = runner.invoke(cli.app, ["usa", "solve", str(path), "--json", "--workers", "1"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["status"] == "optimal" and data["score"] == data["bound"] == best
    city = replay(load_pool(path), data["order"])
    assert city.tiles == city_from_json(data["city"]).tiles
    assert city.bridges == city_from_json(data["city"]).bridges
    kinds = [a["action"] for a in data["order"]]
    assert kinds[:2] == ["tile", "tile"] and kinds.count("bridge") <= 1


def test_cli_terminal_output_shows_the_city_and_the_status() -> None:
    result = runner.invoke(cli.app, ["usa", "solve", str(SMALL), "--workers", "1"])
    assert result.exit_code == 0
    assert "optimal" in result.stdout and "18" in result.stdout
    assert "(sample)" in result.stdout


@pytest.mark.parametrize(("change", "field"), [
    ({"game": "between-two-cities"}, "game"),
    ({"start": "city-01"}, "start"),
    ({"tiles": ["city-01", "city-99", "city-02"]}, "tiles[1]"),
    ({"tiles": ["city-01", "city-01", "city-02"]}, "tiles"),
    ({"tiles": ["city-01"]}, "tiles"),
    ({"bridges": 4}, "bridges"),
    ({"features": ["ferry"] * 5}, "features"),
    ({"pieces": {"green": 1}}, "pieces"),
    ({"pieces": {"blue": 26}}, "pieces.blue"),
    ({"tops": ["blue", "blue", "blue"]}, "tops"),
    ({"cards": ["no-such-card"]}, "cards[0]"),
    ({"achievements": [{"achievement": "green-lake", "points": 7}]}, "achievements[0].points"),
    ({"size": [3, 6]}, "size"),
])
def test_bad_pools_name_the_field(change: dict[str, Any], field: str) -> None:
    with pytest.raises(CitiesError) as err:
        pool_from_json({**small(), **change})
    assert err.value.field == field


def test_cli_bad_pool_is_one_line_and_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "pool.json"
    path.write_text(json.dumps({**small(), "bridges": 9}))
    result = runner.invoke(cli.app, ["usa", "solve", str(path), "--json"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "pool.json: bridges:" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
