"""City-in-progress files: the contract, round trips, impossible states, the check/moves CLI."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from cli import app
from solver.common.errors import CitiesError
from solver.twocities.rules.gamefile import load_position, save_position
from solver.twocities.rules.position import position_from_json

RUNNER = CliRunner()
EXAMPLE = "examples/state-river-bend.json"


def state(**extra):
    base = {"edition": "essential", "variant": "standard", "mat": "river-bend", "round": 1,
            "placed": [{"tile": "F", "at": [0, 2]}, {"tile": "S", "at": [2, 2]}]}
    return {**base, **extra}


def test_contract_and_remaining_pieces():
    p = position_from_json(state())
    assert p.remaining() == (6, 2, 8)
    assert p.next_kind() == "single"
    beginner = position_from_json({"variant": "beginner", "round": 1,
                                   "placed": [{"tile": "F", "at": [5, 5]}]})
    assert beginner.remaining() == (5, 2, 6)


def test_round_trip_unchanged(tmp_path):
    data = state(round=2, placed=[{"tile": "F", "at": [0, 2]}, {"tile": "S", "at": [2, 2]},
                                  {"tile": "P", "at": [-1, 2]}, {"tile": "Tm", "at": [-1, 1]},
                                  {"tile": "O", "at": [-1, 0]}, {"tile": "H", "at": [-2, 0]},
                                  {"tile": "C:library", "at": [2, 3]},
                                  {"tile": "F", "at": [-2, 1]}],
                 revealed=["P/H", "F|O"])
    p = position_from_json(data)
    path = tmp_path / "p.json"
    save_position(p, path)
    assert json.loads(path.read_text()) == data
    assert load_position(path) == p


def test_a_mat_given_by_grid_round_trips(tmp_path):
    mat = {"grid": ["~ ~ .", ". ~ ~", ". ~ ."], "bridges": []}
    p = position_from_json(state(mat=mat, placed=[{"tile": "F", "at": [0, 2]}]))
    assert position_from_json(p.to_json()) == p


@pytest.mark.parametrize("change,message", [
    ({"placed": [{"tile": "F", "at": [0, 2]}, {"tile": "S", "at": [0, 2]}]}, "overlaps"),
    ({"placed": [{"tile": "F", "at": [0, 0]}]}, "covers a landscape space"),
    ({"placed": [{"tile": "X", "at": [0, 2]}]}, "unknown token 'X'"),
    ({"placed": [{"tile": "F", "at": [0, 2]}], "round": 2}, "round 2 needs exactly 8 singles"),
    ({"placed": [{"tile": "F|O", "at": [0, 2]}]},
     "a duplex comes in round 2, after the 8 singles of round 1"),
    ({"placed": [{"tile": "F", "at": [0, 2]}, {"tile": "F", "at": [-1, 2]},
                 {"tile": "F", "at": [-2, 2]}, {"tile": "F", "at": [-3, 2]}]},
     "bigger than the 5x5 square"),
    ({"placed": [{"tile": "F", "at": [-1, 2]}]}, "no tile is on the landscape mat"),
    ({"placed": [{"tile": "F", "at": [0, 2]}, {"tile": "F", "at": [2, 0]}]},
     "does not touch the rest of the city"),
    ({"mat": "moon"}, "unknown mat 'moon'"),
    ({"round": 4}, "expected 1, 2 or 3"),
    ({"revealed": ["P/H"]}, "duplexes are revealed only in round 2"),
    ({"placed": [{"tile": "F", "at": [0]}]}, "expected {\"tile\": T, \"at\": [r, c]}"),
])
def test_impossible_states_are_rejected(change, message):
    with pytest.raises(CitiesError, match=re.escape(message)):
        position_from_json(state(**change))


def test_bad_state_file_exits_2_with_one_line(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(state(placed=[{"tile": "F", "at": [0, 2]},
                                             {"tile": "S", "at": [0, 2]}])))
    proc = subprocess.run([sys.executable, "-m", "cli", "check", str(path), "--tile", "F",
                           "--at", "0,3"], capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and "overlaps placed[0]" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_cli_check_json():
    result = RUNNER.invoke(app, ["check", EXAMPLE, "--tile", "F", "--at", "3,3", "--json"])
    assert result.exit_code == 0
    out = json.loads(result.stdout)
    assert out["legal"] is False and "must touch the city" in out["reason"]
    result = RUNNER.invoke(app, ["check", EXAMPLE, "--tile", "F", "--at", "-2,2", "--json"])
    assert json.loads(result.stdout)["legal"] is True


def test_cli_moves_json_lists_only_legal_moves():
    result = RUNNER.invoke(app, ["moves", EXAMPLE, "--tile", "O", "--json"])
    assert result.exit_code == 0
    positions = json.loads(result.stdout)["positions"]
    assert [-2, 2] in positions and [3, 3] not in positions
    for r, c in positions:
        check = RUNNER.invoke(app, ["check", EXAMPLE, "--tile", "O", "--at", f"{r},{c}",
                                    "--json"])
        assert json.loads(check.stdout)["legal"]


def test_cli_rejects_a_bad_at_and_a_bad_tile():
    result = RUNNER.invoke(app, ["check", EXAMPLE, "--tile", "F", "--at", "x"])
    assert result.exit_code == 2
    result = RUNNER.invoke(app, ["moves", EXAMPLE, "--tile", "Q"])
    assert result.exit_code == 2


def test_shipped_examples_load_and_round_trip():
    from pathlib import Path

    from solver.twocities.rules.gamefile import game_to_json, is_game, load_game

    paths = sorted(Path("examples").glob("state-*.json")) + sorted(
        Path("examples").glob("game-*.json"))
    assert len(paths) >= 4
    for path in paths:
        data = json.loads(path.read_text())
        if is_game(data):
            assert game_to_json(load_game(path)) == data
        else:
            assert load_position(path).to_json() == data


def test_shipped_dead_end_examples():
    result = RUNNER.invoke(app, ["check", "examples/state-dead-end-canal.json", "--tile", "F",
                                 "--at", "3,3", "--json"])
    assert json.loads(result.stdout) == {
        "legal": False, "reason": "leaves no room for two horizontal duplexes in round 2",
        "rule": "dead-end"}
