"""Answering the Cities USA daily: the template (`cities daily --game usa --template`) filled in
grades as the solution does, and an illegal answer names the first step of play the rules
refuse, with the rule's reason (``rules.order.first_refusal``), in one line."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import cli
from puzzles.common.files import puzzle_file
from puzzles.usa.difficulty import rate_usa
from puzzles.usa.grade import grade
from puzzles.usa.puzzle import UsaPuzzle
from solver.usa.game.city import City, PlacedTile
from solver.usa.game.cityfile import city_from_json, city_to_json
from solver.usa.game.components import load_components
from solver.usa.game.pool import pool_from_json
from solver.usa.game.vocab import area_kind
from solver.usa.rules.order import first_refusal
from tests.support.refusals import refused_in_one_line as one_line_error
from tests.support.usa_daily import shipped_usa

runner = CliRunner()
DAY = dt.date(2026, 12, 1)  # in the shipped archive
ELSEWHEN = dt.date(2027, 6, 1)  # outside it: its puzzle is the small one of these tests


def daily(*args: str) -> Any:
    return runner.invoke(cli.app, ["daily", "--game", "usa", *args])


@pytest.fixture(autouse=True)
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


@pytest.fixture(scope="module")
def shipped() -> UsaPuzzle:
    return shipped_usa(DAY)


def city_file(tiles: list[tuple[str, list[int], int]],
              bridges: list[tuple[list[int], str]] | None = None,
              size: tuple[int, int] = (1, 2)) -> dict[str, Any]:
    return {"game": "cities-usa", "size": list(size),
            "tiles": [{"tile": t, "at": at, "rotation": r} for t, at, r in tiles],
            "bridges": [{"at": at, "arm": arm} for at, arm in bridges or []]}


#: start-2 has streets W and E; city-11 only E: laid east of the starting tile, its blank west
#: arm faces the starting tile's street, a dead end a bridge on that arm fixes.
TWO = [("start-2", [0, 0], 0), ("city-11", [0, 1], 0)]
FIXED = [([0, 1], "W")]
RATED = rate_usa(10, 9)


def small_puzzle(bridges: int = 3) -> UsaPuzzle:
    """A 1x2 puzzle (start-2 and city-11, ``bridges`` in hand) whose solution fixes the dead
    end; its optimum is that city's score (the grade neither proves it nor reads the
    rating)."""
    pool = pool_from_json({"game": "cities-usa", "size": [1, 2], "start": "start-2",
                           "tiles": ["city-11"], "bridges": bridges, "features": [],
                           "pieces": {}, "tops": [], "cards": ["protected-areas"],
                           "achievements": []})
    solution = city_from_json(city_file(TWO, FIXED[:bridges]))
    draft = UsaPuzzle(ELSEWHEN, pool, 1, RATED, solution)
    optimum = grade(draft, city_to_json(solution)).score
    return UsaPuzzle(ELSEWHEN, pool, optimum, RATED, solution)


def problems(puzzle: UsaPuzzle, answer: dict[str, Any]) -> str:
    verdict = grade(puzzle, answer)
    assert not verdict.legal
    return "; ".join(verdict.problems)


# --- the template ---------------------------------------------------------------------------

def test_the_template_is_a_city_file_with_the_starting_tile(shipped: UsaPuzzle) -> None:
    result = daily("--date", DAY.isoformat(), "--template")
    assert result.exit_code == 0, result.stderr
    template = json.loads(result.stdout)
    city = city_from_json(template)  # a city file as `cities usa score` reads it
    assert [p.tile.id for p in city.tiles.values()] == [shipped.pool.start]
    assert city.size == shipped.pool.size == (3, 3)
    assert template["to_place"]["tiles"] == list(shipped.pool.tiles)
    assert template["to_place"]["bridges"] == shipped.pool.bridges
    assert sum(template["to_place"]["pieces"].values()) == sum(shipped.pool.pieces.values())
    assert any("--check" in line for line in template["how"])


def test_the_template_as_written_is_refused_as_not_finished(shipped: UsaPuzzle,
                                                            tmp_path: Path) -> None:
    path = tmp_path / "answer.json"
    path.write_text(daily("--date", DAY.isoformat(), "--template").stdout, encoding="utf-8")
    one_line_error(daily("--date", DAY.isoformat(), "--check", str(path)), "answer.json",
                   "not finished", "8 empty place(s)", *shipped.pool.tiles)
    scored = runner.invoke(cli.app, ["usa", "score", str(path), "--json"])
    assert scored.exit_code == 0, scored.stderr


def test_the_template_filled_with_the_solution_grades_as_the_solution(
        shipped: UsaPuzzle, tmp_path: Path) -> None:
    template = json.loads(daily("--date", DAY.isoformat(), "--template").stdout)
    solution = city_to_json(shipped.solution)
    for key in ("tiles", "bridges", "features", "buildings"):
        template[key] = solution[key]  # the player's placements
    path = tmp_path / "answer.json"
    path.write_text(json.dumps(template), encoding="utf-8")
    filled = daily("--date", DAY.isoformat(), "--check", str(path), "--json")
    assert filled.exit_code == 0, filled.stderr
    expected = grade(shipped, solution).to_json()
    assert json.loads(filled.stdout) == expected
    assert expected["legal"] and expected["score"] == shipped.optimum


# --- illegal answers name the step the rules refuse -----------------------------------------

def test_a_dead_end_left_while_bridges_remain_names_its_tile() -> None:
    text = problems(small_puzzle(), city_file(TWO))
    assert ("the rules refuse step 2, tile city-11 at [0, 1]: this placement makes 1 dead "
            "end(s): 1 bridge(s) must fix them, 0 given") in text


def test_a_bridge_beyond_the_pool_names_it() -> None:
    # The pool holds no bridge: the dead end stays (legal), the bridge cannot be built.
    text = problems(small_puzzle(bridges=0), city_file(TWO, FIXED))
    assert "1 bridges; the puzzle has 0" in text
    assert "the rules refuse step 3, bridge on arm W at [0, 1]: no bridges left" in text


def test_a_voluntary_bridge_after_the_starting_tile_has_no_turn() -> None:
    # Two voluntary bridges at the edge and one turn after the setup (the pool).
    answer = city_file(TWO, [([0, 0], "N"), ([0, 1], "S"), *FIXED])
    text = problems(small_puzzle(), answer)
    assert "bridge on arm N at [0, 0]: no turn is left for it" in text


def test_a_bridge_that_makes_a_dead_end_names_it() -> None:
    # start-1 and city-05 have streets N and S only: side by side, no dead end, until a
    # bridge on city-05's west arm faces the starting tile's blank east arm.
    pool = pool_from_json({"game": "cities-usa", "size": [1, 2], "start": "start-1",
                           "tiles": ["city-05"], "bridges": 3, "features": [], "pieces": {},
                           "tops": [], "cards": ["protected-areas"], "achievements": []})
    plain = city_from_json(city_file([("start-1", [0, 0], 0), ("city-05", [0, 1], 0)]))
    puzzle = UsaPuzzle(ELSEWHEN, pool, 1, RATED, plain)
    answer = city_file([("start-1", [0, 0], 0), ("city-05", [0, 1], 0)], [([0, 1], "W")])
    text = problems(puzzle, answer)
    assert ("the rules refuse step 3, bridge on arm W at [0, 1]: it would make a dead end "
            "against the tile at [0, 0]") in text


def test_a_city_without_its_starting_tile_names_the_first_tile() -> None:
    pool = pool_from_json({"game": "cities-usa", "size": [1, 3], "start": "start-2",
                           "tiles": ["city-11", "city-31"], "bridges": 3, "features": [],
                           "pieces": {}, "tops": [], "cards": ["protected-areas"],
                           "achievements": []})
    puzzle = UsaPuzzle(ELSEWHEN, pool, 1, RATED, city_from_json(city_file(TWO, FIXED)))
    answer = city_file([("city-31", [0, 0], 0), ("city-11", [0, 1], 0)], size=(1, 3))
    text = problems(puzzle, answer)
    assert "the city must hold the starting tile start-2 once" in text
    assert "the rules refuse step 1, tile city-31 at [0, 0]: a city starts with a starting " \
        "tile, not city-31" in text


def test_an_answer_with_other_tiles_is_refused_without_an_order_search() -> None:
    answer = city_file([("start-2", [0, 0], 0), ("city-31", [0, 1], 0)])
    assert problems(small_puzzle(), answer) == "tiles not in the puzzle: city-31"


def test_a_tile_not_adjacent_to_the_city_is_named_by_the_rules() -> None:
    # A city file cannot hold such a city (its reader refuses it, next test); the rules
    # engine names the tile all the same.
    comps = load_components()
    city = City((1, 3), {(0, 0): PlacedTile(comps.tile("start-2")),
                         (0, 2): PlacedTile(comps.tile("city-02"))}, components=comps)
    refused = first_refusal(city, 3)
    assert refused is not None
    assert refused.describe() == ("step 2, tile city-02 at [0, 2]: [0, 2] is not fully "
                                  "adjacent to a tile of the city")


def test_a_city_file_with_a_tile_apart_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "apart.json"
    path.write_text(json.dumps(city_file([("start-2", [0, 0], 0), ("city-02", [0, 2], 0)],
                                         size=(3, 3))), encoding="utf-8")
    one_line_error(daily("--date", DAY.isoformat(), "--check", str(path)), "apart.json",
                   "tiles", "connected")


def test_a_feature_on_the_wrong_kind_of_space_is_refused_in_one_line(
        shipped: UsaPuzzle, tmp_path: Path) -> None:
    answer = city_to_json(shipped.solution)
    comps = shipped.pool.components
    feature = comps.feature(shipped.pool.features[0])
    city = shipped.solution
    wrong = next([r, c] for r in range(6) for c in range(6)
                 if area_kind(city.printed_kind((r, c))) != feature.placed_on
                 and (r, c) not in city.buildings and (r, c) not in city.features)
    answer["features"] = [{"feature": feature.id, "space": wrong}]
    path = tmp_path / "feature.json"
    path.write_text(json.dumps(answer), encoding="utf-8")
    one_line_error(daily("--date", DAY.isoformat(), "--check", str(path)), "feature.json",
                   "features[0]", feature.id, str(wrong))


def test_check_names_the_refused_step_in_one_line(tmp_path: Path) -> None:
    puzzle = small_puzzle()
    cache = tmp_path / "cache" / "cities" / "puzzles" / "usa"
    cache.mkdir(parents=True)
    puzzle_file(cache, ELSEWHEN).write_text(json.dumps(puzzle.to_json()), encoding="utf-8")
    path = tmp_path / "answer.json"
    path.write_text(json.dumps(city_file(TWO)), encoding="utf-8")
    one_line_error(daily("--date", ELSEWHEN.isoformat(), "--check", str(path)), "answer.json",
                   "not a legal answer", "step 2, tile city-11 at [0, 1]", "must fix")
    graded = daily("--date", ELSEWHEN.isoformat(), "--check", str(path), "--json")
    assert graded.exit_code == 2
    assert any("step 2, tile city-11" in p for p in json.loads(graded.stdout)["problems"])
