"""`cities usa play`: rounds and standings, JSON, save and resume, bad game files in one line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import cli

runner = CliRunner()


def run(*args: str) -> Any:
    return runner.invoke(cli.app, ["usa", "play", *args])


def test_json_standings_replay_by_seed() -> None:
    first = run("--variant", "two-player", "--bots", "random", "--seed", "3", "--json")
    assert first.exit_code == 0, first.stderr
    data = json.loads(first.stdout)
    assert data["over"] and data["variant"] == "two-player"
    assert [x["place"] for x in data["standings"]] in ([1, 2], [1, 1])
    assert all(x["score"] == sum(x["categories"].values()) for x in data["standings"])
    again = run("--variant", "two-player", "--bots", "random", "--seed", "3", "--json")
    assert again.stdout == first.stdout


def test_terminal_shows_each_round_and_the_solo_sample() -> None:
    result = run("--variant", "solo", "--bots", "random", "--seed", "1")
    assert result.exit_code == 0, result.stderr
    for round_ in range(1, 9):
        assert f"After round {round_}" in result.stdout
    assert "Standings" in result.stdout and "(sample)" in result.stdout
    assert "solo: " in result.stdout


def test_stop_save_resume_equals_uninterrupted(tmp_path: Path) -> None:
    args = ["--players", "3", "--bots", "random,greedy", "--seed", "6"]
    whole = run(*args, "--json")
    path = tmp_path / "game.json"
    stopped = run(*args, "--stop-after", "3", "--save", str(path), "--quiet")
    assert stopped.exit_code == 0 and "stopped before round 4" in stopped.stdout
    resumed = run("--resume", str(path), "--bots", "random,greedy", "--json")
    assert resumed.exit_code == 0, resumed.stderr
    assert json.loads(resumed.stdout) == json.loads(whole.stdout)


def saved_game(tmp_path: Path) -> dict[str, Any]:
    path = tmp_path / "ok.json"
    result = run("--variant", "two-player", "--bots", "random", "--stop-after", "1",
                 "--save", str(path), "--quiet")
    assert result.exit_code == 0
    return json.loads(path.read_text())


@pytest.mark.parametrize("change,field,words", [
    (lambda d: d.update(variant="chess"), "variant", "unknown variant"),
    (lambda d: d.update(seed="x"), "seed", "integer"),
    (lambda d: d["actions"]["P1"][0].update(tile="city-01"), "actions.P1[0]",
     "illegal: a city starts with a starting tile"),
    (lambda d: d["actions"]["P2"][0].update(rotation=45), "actions.P2[0].rotation",
     "not a rotation"),
    (lambda d: d["board"]["tiles"][0].update(worker="P9"), "board.tiles[0].worker",
     "not a player"),
    (lambda d: d["decks"]["tiles"].append("city-99"), "decks.tiles[", "unknown"),
    (lambda d: d.update(turn=40), "turn", "below"),
    (lambda d: d.update(players=["P1"]), "players", "distinct names"),
])
def test_bad_game_file_is_one_line_exit_2(tmp_path: Path, change: Any, field: str,
                                          words: str) -> None:
    data = saved_game(tmp_path)
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = run("--resume", str(path), "--bots", "random")
    assert result.exit_code == 2 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    assert f"{path}: {field}" in lines[0] and words in lines[0]


def test_bad_json_bots_and_players(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{nope", encoding="utf-8")
    for args, words in ((["--resume", str(path)], str(path)),
                        (["--bots", "chess"], "unknown bot"),
                        (["--players", "7"], "3-4 player"),
                        (["--variant", "nope"], "unknown variant")):
        result = run(*args)
        assert result.exit_code == 2 and result.stdout == ""
        assert len(result.stderr.strip().splitlines()) == 1 and words in result.stderr
