"""Bad input: one clear line naming the file and the field, exit status 2, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import cli

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent

GOOD = {"edition": "essential", "grid": ["F S F S", "P ~ ~ H", "P H O O", "F S F S"]}
ROWS = GOOD["grid"]


def run_score(tmp_path: Path, data: object, raw: str | None = None) -> tuple[int, str, str]:
    path = tmp_path / "city.json"
    path.write_text(raw if raw is not None else json.dumps(data), encoding="utf-8")
    result = runner.invoke(cli.app, ["score", str(path), "--json"])
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("data,raw,field,words", [
    (None, "{not json", "", "not valid JSON"),
    (None, '{"grid": ["F S", "P H"]', "", "line 1"),
    ([1, 2], None, "", "JSON object"),
    ({"edition": "essential"}, None, "grid", "missing"),
    ({"grid": "F S"}, None, "grid", "list of row strings"),
    ({"grid": ["F X", "P H"]}, None, "grid row 0, column 1", "unknown token 'X'"),
    ({"grid": ["F S", "P"]}, None, "grid row 1", "expected 2"),
    ({"grid": ["F S P", "P H O"]}, None, "grid row 0", "square"),
    ({"grid": ["F S", "P 7"]}, None, "grid row 1, column 1", "unknown token"),
    ({"grid": ["C:nowhere S", "P H"]}, None, "grid row 0, column 0", "unknown civic"),
    ({"grid": ["C+PP-T S", "P H"]}, None, "grid row 0, column 0", "three different"),
    ({"grid": ROWS, "bridges": [[[0, 0], [5, 0]]]}, None, "bridges[0]",
     "off the 4x4 grid"),
    ({"grid": ROWS, "bridges": [[[0, 0], [1, 1]]]}, None, "bridges[0]", "landscape"),
    ({"grid": ROWS, "bridges": [[0, 0, 1, 1]]}, None, "bridges[0]", "[[r, c]"),
    ({"grid": ROWS, "bridges": [[[0, 1], [2, 3]]]}, None, "bridges[0]", "straight line"),
    ({"grid": ROWS, "bridges": [[[0, 0], [0, 2]]]}, None, "bridges[0]", "not all landscape"),
    ({"grid": ROWS, "bridges": [[[1, 0], [2, 0]]]}, None, "bridges[0]", "not all landscape"),
    ({"grid": ROWS, "edition": "deluxe"}, None, "edition", "unknown edition"),
    ({"grid": ["F"]}, None, "grid", "4x4 (beginner) or 5x5"),
    ({"grid": ["F S P", "P H O", "O O O"]}, None, "grid", "4x4 (beginner) or 5x5"),
    ({**GOOD, "context": {"districts": [{"types": ["office", "shoop"], "points": [9, 3]}]}},
     None, "context.districts[0].types[1]", "unknown type 'shoop'"),
    ({**GOOD, "context": {"districts": [{"types": ["office"], "points": [9]}]}},
     None, "context.districts[0].points", "[first, second]"),
    ({**GOOD, "context": {"rival_factories": [3, -1]}}, None, "context.rival_factories",
     "non-negative"),
    ({"grid": [" ".join(["F"] * 6)] * 6}, None, "grid", "at most 5x5"),
])
def test_bad_city_file(tmp_path: Path, data: object, raw: str | None, field: str,
                       words: str) -> None:
    code, out, err = run_score(tmp_path, data, raw)
    assert code == 2
    assert out == ""  # never a partial score
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    line = lines[0]
    assert line.startswith("cities: error: ")
    assert str(tmp_path / "city.json") in line
    assert field in line
    assert words in line
    assert "Traceback" not in err


def test_missing_file_and_stdin() -> None:
    result = runner.invoke(cli.app, ["score", "no/such/city.json"])
    assert result.exit_code == 2
    assert "no/such/city.json" in result.stderr and "cannot read" in result.stderr
    result = runner.invoke(cli.app, ["score", "-"], input='{"grid": ["F Q", "P H"]}')
    assert result.exit_code == 2
    assert "<stdin>: grid row 0, column 1: unknown token 'Q'" in result.stderr


def test_good_file_from_stdin_prints_one_json_object() -> None:
    result = runner.invoke(cli.app, ["score", "-", "--json"], input=json.dumps(GOOD))
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert set(data) == {"total", "categories"}
    assert data["total"] == sum(data["categories"].values())


def test_bad_table_file(tmp_path: Path) -> None:
    rows = ["F S F S", "P H P H", "P H O O", "F S F S"]
    table = {"variant": "beginner", "cities": [{"grid": rows, "builders": ["A", "B"]},
                                               {"grid": [*rows[:3], "F S F Z"],
                                                "builders": ["B", "A"]}]}
    path = tmp_path / "table.json"
    path.write_text(json.dumps(table))
    result = runner.invoke(cli.app, ["score", str(path)])
    assert result.exit_code == 2
    assert "cities[1].grid row 3, column 3: unknown token 'Z'" in result.stderr
    table["cities"][1]["grid"] = rows
    table["cities"][1]["builders"] = ["B"]
    path.write_text(json.dumps(table))
    result = runner.invoke(cli.app, ["score", str(path)])
    assert result.exit_code == 2
    assert "builds 1 cities" in result.stderr


def test_bad_components_file(tmp_path: Path) -> None:
    comp = json.loads((ROOT / "solver" / "twocities" / "data" / "components.json").read_text())
    comp["civics"][0]["likes"] = ["park", "spaceport"]
    path = tmp_path / "components.json"
    path.write_text(json.dumps(comp))
    result = runner.invoke(cli.app, ["score", str(ROOT / "examples" / "rulebook-shops.json"),
                                     "--components", str(path)])
    assert result.exit_code == 2
    assert str(path) in result.stderr and "civics[0]" in result.stderr
    assert "spaceport" in result.stderr


@pytest.mark.parametrize("change,field,words", [
    ({"variant": "standard"}, "cities[0].grid", "builds 5x5 cities"),
    ({"cities": [{"grid": ["F S F S", "P ~ H H", "P H O O", "F S F S"], "builders": ["A", "B"]},
                 {"grid": ["F S F S"] * 4, "builders": ["B", "A"]}]}, "cities[0].grid",
     "no landscape mats"),
    ({"cities": [{"grid": ["F S F S", "P C:library H H", "P H O O", "F S F S"],
                  "builders": ["A", "B"]}, {"grid": ["F S F S"] * 4, "builders": ["B", "A"]}]},
     "cities[0].grid", "no civic tiles"),
])
def test_table_of_another_variant(tmp_path: Path, change: dict, field: str, words: str) -> None:
    table = {"variant": "beginner", "cities": [{"grid": ["F S F S"] * 4, "builders": ["A", "B"]},
                                               {"grid": ["F S F S"] * 4, "builders": ["B", "A"]}]}
    path = tmp_path / "table.json"
    path.write_text(json.dumps({**table, **change}))
    result = runner.invoke(cli.app, ["score", str(path)])
    assert result.exit_code == 2 and result.stdout == ""
    assert f"{path}: {field}: " in result.stderr and words in result.stderr
