"""`cities daily --game usa`: deterministic by date, the optimum re-scored by the scorer, the
published solution graded at full marks, the greedy builder legal and below the optimum,
candidates passed over for a reason, bad input in one line."""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import cli
import puzzles.usa.generate as generation
from puzzles.usa.draw import draw_pool
from puzzles.usa.generate import generate_usa
from puzzles.usa.grade import grade
from puzzles.usa.puzzle import UsaPuzzle, usa_puzzle_from_json
from solver.common.errors import CitiesError
from solver.common.status import Status
from solver.usa.game.cityfile import city_from_json, city_to_json
from solver.usa.game.pool import pool_from_json
from solver.usa.rules.greedy import greedy
from solver.usa.rules.order import play_order
from solver.usa.scoring.categories import score_city
from tests.support.refusals import refused_in_one_line as one_line_error
from tests.support.usa_daily import shipped_usa

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
DAY = dt.date(2026, 12, 2)  # in the shipped archive: no test here proves it again


@pytest.fixture(scope="module")
def puzzle() -> UsaPuzzle:
    return shipped_usa(DAY)


@pytest.fixture
def cached(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty cache of the test's own: the commands read the day from the shipped archive
    and write nothing to the user's cache."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path


def proven(puzzle: UsaPuzzle) -> Any:
    """What the proof of the day's pool answers (without proving it again)."""
    return SimpleNamespace(status=Status.OPTIMAL, score=puzzle.optimum, city=puzzle.solution)


def daily(*args: str) -> Any:
    return runner.invoke(cli.app, ["daily", "--game", "usa", *args])


def test_the_draw_is_a_pure_function_of_the_date() -> None:
    assert draw_pool(DAY) == draw_pool(DAY)
    assert draw_pool(DAY) != draw_pool(DAY + dt.timedelta(days=1))
    assert draw_pool(DAY) != draw_pool(DAY, attempt=1)
    code = ("import datetime, json; from puzzles.usa.draw import draw_pool; "
            "print(json.dumps(draw_pool(datetime.date(2026, 12, 2)).to_json()))")
    other = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                           text=True, env={**os.environ, "PYTHONHASHSEED": "12345"}, check=True)
    assert json.loads(other.stdout) == draw_pool(DAY).to_json()


def test_the_puzzle_file_reads_back_equal(puzzle: UsaPuzzle) -> None:
    data = puzzle.to_json()
    assert usa_puzzle_from_json(data).to_json() == data
    assert data["solution"]["score"] == data["optimum"]


def test_the_optimum_is_rescored_by_cities_usa_score(puzzle: UsaPuzzle, tmp_path: Path) -> None:
    city = city_from_json(puzzle.to_json()["solution"]["city"])
    assert score_city(city).total == puzzle.optimum > 0
    path = tmp_path / "solution.json"
    path.write_text(json.dumps(city_to_json(city)), encoding="utf-8")
    scored = runner.invoke(cli.app, ["usa", "score", str(path), "--json"])
    assert scored.exit_code == 0 and json.loads(scored.stdout)["total"] == puzzle.optimum


def test_the_greedy_builder_is_legal_and_not_above_the_optimum(puzzle: UsaPuzzle) -> None:
    city = greedy(puzzle.pool)
    assert play_order(city.with_changes(buildings={}, features={}, cards=(), achievements=()),
                      puzzle.pool.bridges) is not None
    verdict = grade(puzzle, city_to_json(city))
    assert verdict.legal, verdict.problems
    assert verdict.score == puzzle.difficulty.greedy <= puzzle.optimum


def test_a_candidate_not_proven_is_passed_over_and_recorded(
        puzzle: UsaPuzzle, monkeypatch: pytest.MonkeyPatch) -> None:
    # The first candidate is reported unproven; the second is the day's own pool.
    monkeypatch.setattr(generation, "draw_pool",
                        lambda date, attempt: draw_pool(date, puzzle.attempt))
    answers = iter([(None, "not proven within the budget (feasible)"), (proven(puzzle), None)])
    monkeypatch.setattr(generation, "prove", lambda pool, say=None: next(answers))
    redrawn = generate_usa(DAY)
    assert redrawn.attempt == 1 and redrawn.optimum == puzzle.optimum
    assert redrawn.to_json()["passed_over"] == [
        {"attempt": 0, "reason": "not proven within the budget (feasible)"}]


def test_a_candidate_the_greedy_builder_solves_is_passed_over(
        puzzle: UsaPuzzle, monkeypatch: pytest.MonkeyPatch) -> None:
    # Two candidates, both the day's pool; on the first the greedy builder is made to find
    # the optimal city (0 % below): it is passed over for the second.
    monkeypatch.setattr(generation, "draw_pool",
                        lambda date, attempt: draw_pool(date, puzzle.attempt))
    monkeypatch.setattr(generation, "prove", lambda pool, say=None: (proven(puzzle), None))
    builds = iter([puzzle.solution, greedy(puzzle.pool)])
    monkeypatch.setattr(generation, "greedy", lambda pool: next(builds))
    redrawn = generate_usa(DAY)
    assert redrawn.attempt == 1 and redrawn.difficulty.gap_percent > 0
    assert redrawn.to_json()["passed_over"] == [
        {"attempt": 0, "reason": f"the greedy builder scores {puzzle.optimum} of the optimum "
                                 f"{puzzle.optimum} (0% below)"}]


def test_a_date_without_a_publishable_candidate_is_one_line(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(generation, "MAX_ATTEMPTS", 2)
    monkeypatch.setattr(generation, "prove", lambda pool, say=None: (None, "not proven"))
    with pytest.raises(CitiesError, match="in 2 attempts"):
        generate_usa(DAY)


def test_json_is_a_pool_file_without_the_solution(cached: Path) -> None:
    result = daily("--date", DAY.isoformat(), "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert "solution" not in data and data["kind"] == "cities-usa"
    assert pool_from_json(data).tiles == tuple(data["tiles"])


def test_the_published_solution_gets_full_marks(cached: Path, puzzle: UsaPuzzle) -> None:
    shown = daily("--date", DAY.isoformat(), "--solution", "--json")
    assert shown.exit_code == 0
    answer = cached / "answer.json"
    answer.write_text(shown.stdout, encoding="utf-8")
    graded = daily("--date", DAY.isoformat(), "--check", str(answer))
    assert graded.exit_code == 0
    assert "100% of the optimum" in graded.stdout
    head = (f"Cities USA daily {DAY} ({puzzle.difficulty.stars}): "
            f"{puzzle.optimum}/{puzzle.optimum} (100%) 🏆")
    assert head in graded.stdout
    as_json = json.loads(daily("--date", DAY.isoformat(), "--check", str(answer),
                               "--json").stdout)
    assert as_json["legal"] and as_json["percent"] == 100
    assert as_json["score"] == puzzle.optimum


def test_the_puzzle_on_the_terminal(cached: Path) -> None:
    result = daily("--date", DAY.isoformat())
    assert result.exit_code == 0
    for words in ("Cities USA daily puzzle", "build a 3x3 city", "exactly these 8 tiles",
                  "difficulty:", "optimum:", "(sample)", "--template", "--check"):
        assert words in result.stdout


def test_an_answer_with_a_tile_not_in_the_pool_is_refused(cached: Path,
                                                          puzzle: UsaPuzzle) -> None:
    data = city_to_json(puzzle.solution)
    spare = sorted(set(puzzle.pool.components.city_tiles) - set(puzzle.pool.tiles))[0]
    data["tiles"][-1]["tile"] = spare
    data["bridges"], data["buildings"], data["features"] = [], [], []
    path = cached / "wrong.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    one_line_error(daily("--date", DAY.isoformat(), "--check", str(path)),
                   "wrong.json", "not a legal answer", spare)
    as_json = daily("--date", DAY.isoformat(), "--check", str(path), "--json")
    assert as_json.exit_code == 2 and json.loads(as_json.stdout)["legal"] is False


def test_an_unfinished_answer_is_refused(cached: Path, puzzle: UsaPuzzle) -> None:
    data = city_to_json(puzzle.solution)
    last = data["tiles"].pop()
    data["buildings"] = [b for b in data["buildings"]
                         if [b["space"][0] // 2, b["space"][1] // 2] != last["at"]]
    data["features"] = [f for f in data["features"]
                        if [f["space"][0] // 2, f["space"][1] // 2] != last["at"]]
    data["bridges"] = [b for b in data["bridges"] if b["at"] != last["at"]]
    path = cached / "unfinished.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    one_line_error(daily("--date", DAY.isoformat(), "--check", str(path)), "not finished")


@pytest.mark.parametrize(("args", "words"), [
    (("--date", "2026-13-01"), ("--date", "bad date")),
    (("--date", "2026-12-03", "--template", "--solution"), ("--template",)),
    (("--from", "2026-12-01", "--out", "x"), ("--from", "--to")),
    (("--from", "2026-12-01", "--to", "2026-11-30", "--out", "x"), ("--to", "before")),
    (("--from", "2026-12-01", "--to", "2026-12-02", "--out", "x", "--date", "2026-12-01"),
     ("--date",)),
    (("--date", "2026-12-03", "--check", "a.json", "--solution"), ("--check",)),
])
def test_bad_options_are_one_line(args: tuple[str, ...], words: tuple[str, ...]) -> None:
    one_line_error(daily(*args), *words)


def test_an_unknown_game_is_one_line() -> None:
    one_line_error(runner.invoke(cli.app, ["daily", "--game", "chess"]), "--game", "chess")


def test_a_malformed_answer_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not json", encoding="utf-8")
    one_line_error(daily("--date", DAY.isoformat(), "--check", str(path)), "broken.json")


def test_an_answer_that_is_not_a_city_is_one_line(cached: Path) -> None:
    path = cached / "pool.json"
    path.write_text(json.dumps({"game": "cities-usa", "size": [3, 3], "tiles": "x"}),
                    encoding="utf-8")
    one_line_error(daily("--date", DAY.isoformat(), "--check", str(path)), "pool.json",
                   "tiles")


@settings(max_examples=40, deadline=None)
@given(date=st.dates(min_value=dt.date(2020, 1, 1), max_value=dt.date(2040, 12, 31)),
       attempt=st.integers(min_value=0, max_value=generation.MAX_ATTEMPTS - 1))
def test_every_draw_is_a_valid_pool_of_the_planned_size(date: dt.date, attempt: int) -> None:
    pool = draw_pool(date, attempt)
    assert pool_from_json(pool.to_json()) == pool
    assert pool.size == (3, 3) and len(pool.tiles) == 8 and sum(pool.pieces.values()) == 6
    assert len(pool.features) == 2 and 1 <= len(pool.cards) <= 2 and len(pool.achievements) == 1
