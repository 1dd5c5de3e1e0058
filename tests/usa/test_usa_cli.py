"""`cities usa score|show|check|moves`: output contracts, and bad input in one line, exit 2."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import cli

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "usa"
EXAMPLE = EXAMPLES / "rulebook-scoring.json"
IN_PROGRESS = EXAMPLES / "in-progress.json"


def run(*args: str) -> Any:
    return runner.invoke(cli.app, ["usa", *args])


def test_score_json_is_the_rulebook_example() -> None:
    result = run("score", str(EXAMPLE), "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data == {"total": 60, "categories": {
        "buildings": 16, "achievements": 6, "cards": 18, "construction_sites": -3,
        "dead_ends": -3, "yachts_and_benches": 11, "ferries_and_beacons": 6,
        "swings_and_slides": 5, "food_trucks": 4}}


def test_score_and_show_on_the_terminal_label_the_sample() -> None:
    for command in ("score", "show"):
        result = run(command, str(EXAMPLE))
        assert result.exit_code == 0
        assert "Corporate Towers (sample)" in result.stdout
    assert "60" in run("score", str(EXAMPLE)).stdout
    shown = run("show", str(IN_PROGRESS)).stdout
    assert "Old Town (sample)" in shown and "notation: 3x3" in shown


def test_check_json() -> None:
    result = run("check", str(IN_PROGRESS), "--action", str(EXAMPLES / "action-tile.json"),
                 "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {
        "legal": True, "reason": "it makes 1 dead end(s): 1 bridge(s) forced",
        "forced_bridges": [{"at": [2, 1], "arm": "N"}], "must_fix": 1}
    inline = run("check", str(IN_PROGRESS), "--action",
                 '{"action": "building", "color": "black", "space": [2, 3]}', "--json")
    assert inline.exit_code == 0 and json.loads(inline.stdout)["legal"] is False


def test_moves_json_lists_every_legal_placement() -> None:
    result = run("moves", str(IN_PROGRESS), "--tile", "city-14", "--json")
    assert result.exit_code == 0
    moves = json.loads(result.stdout)["moves"]
    assert len(moves) == 28
    assert {"at": [2, 1], "rotation": 0, "forced_bridges": [{"at": [2, 1], "arm": "N"}],
            "must_fix": 1, "bridge_choices": [[{"at": [2, 1], "arm": "N"}]]} in moves


def city(**changes: Any) -> dict[str, Any]:
    data = json.loads(IN_PROGRESS.read_text())
    data.update(changes)
    return data


BASE = json.loads(IN_PROGRESS.read_text())
T = BASE["tiles"]


@pytest.mark.parametrize("data,field,words", [
    (city(tiles=[{**T[0], "tile": "city-99"}, *T[1:]]), "tiles[0].tile", "unknown tile"),
    (city(tiles=[T[0], {**T[1], "at": T[0]["at"]}, T[2]]), "tiles[1].at", "two tiles"),
    (city(bridges=[{"at": [1, 1], "arm": "N"}]), "bridges[0]", "already has a street"),
    (city(tiles=[{**T[0], "rotation": 45}, *T[1:]]), "tiles[0].rotation", "not a rotation"),
    (city(buildings=[{"space": [3, 3], "color": "blue", "height": 1}]), "buildings[0]",
     "takes no building pieces"),
    (city(buildings=[{"space": [2, 3], "color": "blue", "height": 6}]), "buildings[0].height",
     "1-4 pieces"),
    (city(features=[{"space": [3, 2], "feature": "ferry"}]), "features[0]",
     "goes on a water space"),
    (city(game="two-cities"), "game", "cities-usa"),
    (city(cards=["no-such-card"]), "cards[0]", "unknown scoring card"),
    (city(achievements=[{"achievement": "green-lake", "points": 7}]),
     "achievements[0].points", "ring value"),
    (city(buildings=[{"space": [2, 3], "color": "blue", "height": 3, "top": True}]),
     "buildings[0].top", "4-high"),
])
def test_bad_city_file(tmp_path: Path, data: dict, field: str, words: str) -> None:
    path = tmp_path / "city.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    for command in (["score", str(path), "--json"], ["show", str(path)],
                    ["moves", str(path), "--tile", "city-14"]):
        result = run(*command)
        assert result.exit_code == 2
        assert result.stdout == ""
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and "Traceback" not in result.stderr
        assert f"{path}: {field}: " in lines[0] and words in lines[0]


def test_bad_json_and_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "city.json"
    path.write_text("{nope", encoding="utf-8")
    for target in (str(path), str(tmp_path / "missing.json")):
        result = run("score", target)
        assert result.exit_code == 2 and result.stdout == ""
        assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("action,words", [
    ('{"action": "tile", "tile": "city-14", "at": [2, 1], "rotation": 45}', "rotation"),
    ('{"action": "fly"}', "unknown action"),
    ('{"action": "feature", "feature": "castle", "space": [0, 0]}', "unknown feature"),
    ("{broken", "not valid JSON"),
])
def test_bad_action(action: str, words: str) -> None:
    result = run("check", str(IN_PROGRESS), "--action", action)
    assert result.exit_code == 2 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1 and words in result.stderr
    assert "--action" in result.stderr


def test_bad_tile_for_moves() -> None:
    result = run("moves", str(IN_PROGRESS), "--tile", "nope")
    assert result.exit_code == 2 and "--tile: unknown tile 'nope'" in result.stderr


def test_components_option(tmp_path: Path) -> None:
    data = json.loads((ROOT / "solver" / "usa" / "data" / "components.json").read_text())
    data["source"] = "printed"
    data["rules"]["dead_end_penalty"] = 5
    path = tmp_path / "components.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = run("score", str(EXAMPLE), "--json", "--components", str(path))
    assert json.loads(result.stdout)["categories"]["dead_ends"] == -5
    assert "(sample)" not in run("show", str(EXAMPLE), "--components", str(path)).stdout
    data["rules"]["no_such_option"] = 1
    path.write_text(json.dumps(data), encoding="utf-8")
    bad = run("score", str(EXAMPLE), "--components", str(path))
    assert bad.exit_code == 2 and "rules.no_such_option" in bad.stderr
