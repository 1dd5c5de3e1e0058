"""Pools beyond the box are refused up front; the box itself is answered within the time limit
plus a small constant (model building), whatever its size."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import cli
from solver.twocities.cpsat.box.solve import box_pool
from solver.twocities.cpsat.city.solve import solve_pool

runner = CliRunner()
#: Seconds a solve may take beyond its time limit (reading the pool and building the model:
#: about 1 s for the whole box on one core; ``docs/input-limits.md`` has the measurements).
SLACK = 4.0


def _box_tiles() -> list[str]:
    return box_pool(mat="canal").to_json()["tiles"]


@pytest.mark.parametrize("times,words", [(3, "more than the whole box holds"),
                                         (70, "more than the whole box holds")])
def test_pool_beyond_the_box_is_refused_at_once(tmp_path: Path, times: int, words: str) -> None:
    path = tmp_path / "pool.json"
    path.write_text(json.dumps({"mat": "canal", "tiles": _box_tiles() * times}))
    start = time.monotonic()
    result = runner.invoke(cli.app, ["solve", str(path), "--time-limit", "60"])
    assert time.monotonic() - start < 10
    assert result.exit_code == 2 and result.stdout == ""
    assert words in result.stderr and "tiles" in result.stderr


def test_more_of_one_type_than_the_box_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "pool.json"
    path.write_text(json.dumps({"mat": "canal", "tiles": ["P"] * 40 + ["F|O", "P/H"]}))
    result = runner.invoke(cli.app, ["solve", str(path)])
    assert result.exit_code == 2 and "park buildings (the box holds" in result.stderr


@pytest.mark.slow
@pytest.mark.parametrize("workers", [1, 2])
def test_the_whole_box_keeps_to_the_time_limit(workers: int) -> None:
    pool = box_pool(mat="canal")
    start = time.monotonic()
    result = solve_pool(pool, time_limit=2.0, workers=workers)
    elapsed = time.monotonic() - start
    assert result.status in ("feasible", "unknown", "optimal")
    assert elapsed < 2.0 + SLACK, elapsed
