"""Answering a daily puzzle: the template, the board's abbreviations, the named offending
tile, the breakdown with the puzzle's context, and the cache of puzzles generated on the spot."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import cli
import puzzles.generate
from puzzles.archive import archived, puzzle_for
from puzzles.common.days import parse_date
from puzzles.common.files import cache_dir
from solver.twocities.game.tiles import civic_abbreviation

runner = CliRunner()
DAY = "2026-12-08"  # in the shipped archive: complete a city already part-built
FULL_DAY = "2026-12-11"  # a full city from exactly its tiles


def daily(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(cli.app, ["daily", *args])
    return result.exit_code, result.stdout, result.stderr


def _solution(date: str) -> dict[str, Any]:
    code, out, _ = daily("--date", date, "--solution", "--json")
    assert code == 0
    return json.loads(out)


def _landscape(rows: list[str]) -> list[list[bool]]:
    return [[tok == "~" for tok in row.split()] for row in rows]


def _filled(template: dict[str, Any], solution: dict[str, Any], abbreviate: bool) -> dict:
    """The template with the solution's buildings written into the position that fits it."""
    positions = [template, *template["other_positions"]]
    same = [p for p in positions if _landscape(p["grid"]) == _landscape(solution["grid"])
            and sorted(p["bridges"]) == sorted(solution["bridges"])]
    assert len(same) == 1, "the solution's mat position is one of the template's"
    rows = []
    for want, have in zip(solution["grid"], same[0]["grid"], strict=True):
        cells = []
        for tok, old in zip(want.split(), have.split(), strict=True):
            assert old in (".", tok), "a tile already built is where the solution has it"
            if abbreviate and tok.startswith("C:"):
                tok = civic_abbreviation(tok[2:])
            cells.append(tok)
        rows.append(" ".join(cells))
    return {**template, "grid": rows, "bridges": same[0]["bridges"]}


@pytest.mark.parametrize("date", [DAY, FULL_DAY])
def test_template_filled_in_is_graded_and_scores_as_cities_score(tmp_path: Path,
                                                                  date: str) -> None:
    code, out, err = daily("--date", date, "--template")
    assert code == 0 and err == ""
    template = json.loads(out)
    assert template["tiles"] and "singles" in template["take"] and template["how"]
    path = tmp_path / "answer.json"
    path.write_text(out)
    empty = sum(row.split().count(".") for row in template["grid"])
    code, _, err = daily("--date", date, "--check", str(path))
    assert code == 2 and f"not finished: {empty} empty spaces" in err

    path.write_text(json.dumps(_filled(template, _solution(date), abbreviate=True)))
    code, out, _ = daily("--date", date, "--check", str(path), "--json")
    graded = json.loads(out)
    assert code == 0 and graded["legal"] and graded["percent"] == 100
    spelled = tmp_path / "spelled-out.json"  # initials may be ambiguous outside the puzzle
    spelled.write_text(json.dumps(_filled(template, _solution(date), abbreviate=False)))
    scored = json.loads(runner.invoke(cli.app, ["score", str(spelled), "--json"]).stdout)
    assert graded["breakdowns"] == [scored["categories"]]
    assert scored["total"] == graded["optimum"]
    code, out, _ = daily("--date", date, "--check", str(path))
    assert code == 0 and "against the puzzle's rivals and districts" in out
    assert f"district {scored['categories']['district']:>4}".split() == \
        next(line for line in out.splitlines() if line.startswith("district")).split()


def test_a_building_the_tiles_lack_is_named_with_its_cell(tmp_path: Path) -> None:
    solution = _solution(FULL_DAY)
    have = {tok for row in solution["grid"] for tok in row.split()}
    missing = next(t for t in ("Tb", "Tm", "Td", "Tf", "F", "S", "P", "O", "H")
                   if t not in have)
    rows = [row.split() for row in solution["grid"]]
    r, c = next((r, c) for r, row in enumerate(rows) for c, t in enumerate(row)
                if t not in ("~",) and not t.startswith("C"))
    rows[r][c] = missing
    path = tmp_path / "answer.json"
    path.write_text(json.dumps({**solution, "grid": [" ".join(row) for row in rows]}))
    code, _, err = daily("--date", FULL_DAY, "--check", str(path))
    assert code == 2 and err.count("\n") == 1
    assert f"1x {missing} (at [{r}, {c}])" in err and "hold 0" in err


@pytest.mark.parametrize("cells", [[5], [[[1], [2]]], [[0]], [["a", "b"]], [[0, 0, 0]]])
def test_placements_of_the_wrong_shape(tmp_path: Path, cells: list[Any]) -> None:
    solution = _solution(DAY)
    path = tmp_path / "answer.json"
    path.write_text(json.dumps({**solution, "placements": [{"tile": "F", "cells": cells}]}))
    code, out, err = daily("--date", DAY, "--check", str(path))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "placements[0].cells" in err and "Traceback" not in err


def _fake_generator(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """``generate`` replaced by a quick one (a shipped puzzle moved to the date asked)."""
    calls: list[str] = []
    shipped = archived(parse_date(DAY))

    def generate(date: Any, progress: Any = None, jobs: int = 1) -> Any:
        calls.append(date.isoformat())
        return dataclasses.replace(shipped, date=date)

    monkeypatch.setattr(puzzles.generate, "generate", generate)
    return calls


def test_a_generated_date_is_cached(monkeypatch: pytest.MonkeyPatch,
                                    _cache_in_tmp: Path) -> None:
    calls = _fake_generator(monkeypatch)
    day = parse_date("2031-05-06")
    assert cache_dir() == _cache_in_tmp / "cities" / "puzzles"
    first = puzzle_for(day)
    assert calls == ["2031-05-06"]
    cached = cache_dir() / "2031-05-06.json"
    assert cached.exists() and not list(cache_dir().glob(".*"))  # written whole, atomically
    second = puzzle_for(day)
    assert calls == ["2031-05-06"]  # the second call reads the cache
    assert second.to_json() == first.to_json()
    cached.write_text('{"date": "2031-05-0')  # a damaged cache file is made again
    puzzle_for(day)
    assert calls == ["2031-05-06", "2031-05-06"]


def test_a_bad_answer_is_refused_before_the_puzzle_is_made(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    calls = _fake_generator(monkeypatch)
    path = tmp_path / "answer.json"
    path.write_text("[" * 100_000)
    code, out, err = daily("--date", "2031-05-07", "--check", str(path))
    assert code == 2 and out == "" and err.count("\n") == 1 and "nested deeper" in err
    assert calls == []


def test_a_pair_template_holds_two_cities_to_fill() -> None:
    from puzzles.grade import grade
    from puzzles.template import answer_template
    from solver.twocities.game.pool import load_pool

    shipped = archived(parse_date(FULL_DAY))
    pair = dataclasses.replace(shipped, pool=load_pool(Path(__file__).parent.parent / "examples"
                                                       / "pool-pair.json"))
    template = answer_template(pair)
    assert len(template["cities"]) == 2 and "shared by the two cities" in template["take"]
    for city in template["cities"]:
        assert len(city["grid"]) == 5 and city["other_positions"]
    problems = grade(pair, template).problems
    assert [p.split(":")[0] for p in problems] == ["city 1", "city 2"]
    assert all("not finished: 20 empty spaces" in p for p in problems)


def test_every_shipped_solution_has_an_order_the_whole_rules_engine_accepts() -> None:
    """``--solution --json``'s ``order``: every step is among ``legal_moves`` (look-ahead
    included, as a player meets it), and the last finishes the optimal city.  Some shipped
    days (2026-12-16) have orders the touch rules allow but the look-ahead refuses."""
    from puzzles.archive import ARCHIVE_DIR
    from puzzles.web.board import position_of
    from solver.twocities.rules.moves import legal_moves

    days = [archived(parse_date(p.stem)) for p in sorted(ARCHIVE_DIR.glob("????-??-??.json"))]
    singles = [pz for pz in days if pz is not None and pz.pool.cities == 1]
    assert len(singles) >= 20
    for pz in singles:
        order = pz.solution_json()["order"]
        for i, move in enumerate(order):
            tile = next(t for t in pz.pool.tiles if t.token == move["tile"])
            assert tuple(move["at"]) in legal_moves(position_of(pz, order[:i]), tile), \
                (pz.date, i, move)
        assert position_of(pz, order).finished, pz.date
