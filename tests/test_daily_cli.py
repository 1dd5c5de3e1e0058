"""`cities daily`: the puzzle, its JSON (a pool file), grading, the solution, the archive, and
bad input (one line, exit status 2)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

import cli
from puzzles.archive import ARCHIVE_DIR
from puzzles.common.days import parse_date
from puzzles.common.files import puzzle_file
from solver.twocities.game.city import city_from_json
from solver.twocities.game.pool import pool_from_json
from solver.twocities.scoring.categories import score_city
from tests.support.refusals import one_line_error

runner = CliRunner()
DAY = "2026-12-08"  # a Tuesday in the shipped archive: complete the city after round 1
PAIR_OR_SUNDAY = "2026-12-13"


def daily(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(cli.app, ["daily", *args])
    return result.exit_code, result.stdout, result.stderr


def solution(tmp_path: Path, date: str = DAY) -> Path:
    code, out, _ = daily("--date", date, "--solution", "--json")
    assert code == 0
    path = tmp_path / "answer.json"
    path.write_text(out, encoding="utf-8")
    return path


def test_prints_the_puzzle() -> None:
    code, out, _ = daily("--date", DAY)
    assert code == 0
    for words in ("2026-12-08", "kind:", "difficulty:", "optimum:", "mat ", "tiles (",
                  "rival cities' factories", "--check"):
        assert words in out


def test_json_is_a_pool_file_with_date_kind_difficulty_optimum() -> None:
    code, out, _ = daily("--date", DAY, "--json")
    assert code == 0
    data = json.loads(out)
    assert data["date"] == DAY and data["kind"] in ("full", "choose", "complete", "pair")
    assert isinstance(data["optimum"], int) and 1 <= data["difficulty"]["rating"] <= 5
    assert data["optimal_layouts"] in ("one", "several")
    assert "solution" not in data  # the answer stays secret
    pool = pool_from_json(data)
    assert pool.tiles


def test_same_date_same_puzzle() -> None:
    assert daily("--date", DAY, "--json")[1] == daily("--date", DAY, "--json")[1]


def test_solution_scores_the_optimum(tmp_path: Path) -> None:
    path = solution(tmp_path)
    optimum = json.loads(daily("--date", DAY, "--json")[1])["optimum"]
    city = city_from_json(json.loads(path.read_text()))
    assert score_city(city).total == optimum
    result = runner.invoke(cli.app, ["score", str(path), "--json"])
    assert json.loads(result.stdout)["total"] == optimum


def test_check_the_solution(tmp_path: Path) -> None:
    path = solution(tmp_path)
    code, out, _ = daily("--date", DAY, "--check", str(path))
    assert code == 0
    assert "legal: yes" in out and "100% of the optimum" in out and "🏆" in out
    code, out, _ = daily("--date", DAY, "--check", str(path), "--json")
    data = json.loads(out)
    assert code == 0 and data["legal"] is True and data["score"] == data["optimum"]
    assert data["percent"] == 100 and DAY in data["share"]


def test_check_a_pair_or_its_fallback(tmp_path: Path) -> None:
    path = solution(tmp_path, PAIR_OR_SUNDAY)
    code, out, _ = daily("--date", PAIR_OR_SUNDAY, "--check", str(path), "--json")
    assert code == 0 and json.loads(out)["legal"] is True


def test_check_wrong_tiles(tmp_path: Path) -> None:
    path = solution(tmp_path)
    data = json.loads(path.read_text())
    row = data["grid"][0].split()
    i = next(i for i, tok in enumerate(row) if tok not in ("~", "H"))
    row[i] = "H" if row[i] != "H" else "F"
    data["grid"][0] = " ".join(row)
    path.write_text(json.dumps(data))
    code, out, err = daily("--date", DAY, "--check", str(path))
    one_line_error(code, err, "answer.json", "not a legal answer")
    code, out, err = daily("--date", DAY, "--check", str(path), "--json")
    assert code == 2 and json.loads(out)["legal"] is False


def test_check_unfinished_city(tmp_path: Path) -> None:
    path = solution(tmp_path)
    data = json.loads(path.read_text())
    row = data["grid"][-1].split()
    i = next(i for i, tok in enumerate(row) if tok != "~")
    row[i] = "."
    data["grid"][-1] = " ".join(row)
    path.write_text(json.dumps(data))
    code, _, err = daily("--date", DAY, "--check", str(path))
    one_line_error(code, err, "not finished")


def test_check_wrong_mat(tmp_path: Path) -> None:
    path = solution(tmp_path)
    data = json.loads(path.read_text())
    data["bridges"] = []
    path.write_text(json.dumps(data))
    code, _, err = daily("--date", DAY, "--check", str(path))
    one_line_error(code, err, "mat")


@pytest.mark.parametrize("raw,words", [
    ("{oops", "not valid JSON"),
    ('{"grid": ["F X"]}', "unknown token"),
    ("[1, 2]", "city file object"),
    ('{"cities": [{"grid": ["F"]}, {"grid": ["F"]}]}', "asks for 1 city"),
])
def test_check_malformed_answer(tmp_path: Path, raw: str, words: str) -> None:
    path = tmp_path / "answer.json"
    path.write_text(raw)
    code, _, err = daily("--date", DAY, "--check", str(path))
    one_line_error(code, err, "answer.json", words)


def test_check_missing_file(tmp_path: Path) -> None:
    code, _, err = daily("--date", DAY, "--check", str(tmp_path / "nope.json"))
    one_line_error(code, err, "nope.json", "cannot read")


@pytest.mark.parametrize("args,words", [
    (["--date", "2026-02-30"], "bad date"),
    (["--date", "yesterday"], "bad date"),
    (["--from", "2026-12-01"], "--from, --to and --out"),
    (["--from", "2026-12-01", "--to", "2026-12-02", "--out", "x", "--solution"], "cannot"),
    (["--from", "2026-12-05", "--to", "2026-12-01", "--out", "x"], "before"),
    (["--date", DAY, "--solution", "--check", "a.json"], "give one of"),
    (["--date", DAY, "--template", "--check", "a.json"], "give one of"),
    (["--from", "2026-12-01", "--to", "2026-12-02", "--out", "x", "--template"], "cannot"),
])
def test_bad_arguments(args: list[str], words: str) -> None:
    code, _, err = daily(*args)
    one_line_error(code, err, words)


def test_archive_is_resumable_and_indexed(tmp_path: Path) -> None:
    for day in ("2026-12-01", "2026-12-02"):
        src = puzzle_file(ARCHIVE_DIR, parse_date(day))
        shutil.copy(src, tmp_path / src.name)
    code, out, _ = daily("--from", "2026-12-01", "--to", "2026-12-02", "--out", str(tmp_path),
                         "--json")
    assert code == 0
    summary = json.loads(out)
    assert summary["skipped"] == 2 and summary["generated"] == 0
    index = json.loads((tmp_path / "index.json").read_text())
    assert [e["date"] for e in index["puzzles"]] == ["2026-12-01", "2026-12-02"]


def test_check_accepts_solve_output_and_catches_a_false_placement(tmp_path: Path) -> None:
    monday = "2026-12-07"
    pool = tmp_path / "puzzle.json"
    pool.write_text(daily("--date", monday, "--json")[1])
    solved = runner.invoke(cli.app, ["solve", str(pool), "--json", "--workers", "1"])
    assert solved.exit_code == 0
    answer = tmp_path / "solved.json"
    answer.write_text(solved.stdout)
    code, out, _ = daily("--date", monday, "--check", str(answer), "--json")
    assert code == 0 and json.loads(out)["legal"] is True
    data = json.loads(solved.stdout)
    first = data["placements"][0]
    first["cells"] = [[c[0], (c[1] + 1) % 5] for c in first["cells"]]
    answer.write_text(json.dumps(data))
    code, _, err = daily("--date", monday, "--check", str(answer))
    one_line_error(code, err, "not a legal answer")
