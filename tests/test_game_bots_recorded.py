"""Game files record the bot of each seat (``bots``): ``cities play --save`` and ``cities usa
play --save`` write them, ``--resume`` goes on with them, an older file without them still
loads, a bot name the game does not know is refused in one line naming the field, and the
Table page's game file (its download) records them too."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

import cli
from puzzles.web.app import create_app
from solver.twocities.rules.gamefile import load_game
from solver.usa.rules.gamefile import load_game as load_usa_game
from tests.support.cli import cli_json, runner

GAMES = {  # the command, a new game's options, the bots asked for, the bots each seat gets
    "twocities": ([], ["--players", "3", "--seed", "5"], "greedy,random",
                  {"P1": "greedy", "P2": "random", "P3": "greedy"}),
    "usa": (["usa"], ["--variant", "two-player", "--players", "2", "--seed", "5"],
            "random,greedy", {"P1": "random", "P2": "greedy"}),
}
LOADERS = {"twocities": load_game, "usa": load_usa_game}


def saved(prefix: list[str], new: list[str], bots: str, path: Path) -> int:
    """A game played to the end of round 1 and saved; the exit code."""
    return runner.invoke(cli.app, [*prefix, "play", *new, "--bots", bots, "--stop-after", "1",
                                   "--save", str(path), "--quiet"]).exit_code


@pytest.mark.parametrize("game", GAMES)
def test_a_saved_game_records_its_bots_and_a_resumed_one_goes_on_with_them(
        game: str, tmp_path: Path) -> None:
    prefix, new, bots, seats = GAMES[game]
    half, rest = tmp_path / "half.json", tmp_path / "rest.json"
    code = saved(prefix, new, bots, half)
    assert code == 0
    assert json.loads(half.read_text())["bots"] == seats
    assert LOADERS[game](half).bots == seats
    code, resumed = cli_json(*prefix, "play", "--resume", str(half), "--save", str(rest),
                             "--json")
    assert code == 0
    assert json.loads(rest.read_text())["bots"] == seats
    code, straight = cli_json(*prefix, "play", *new, "--bots", bots, "--json")
    assert code == 0 and resumed == straight  # the same bots: the same game


@pytest.mark.parametrize("game", GAMES)
def test_an_older_game_file_without_bots_still_loads_and_resumes(game: str,
                                                                 tmp_path: Path) -> None:
    prefix, new, bots, _ = GAMES[game]
    half = tmp_path / "half.json"
    code = saved(prefix, new, bots, half)
    data = json.loads(half.read_text())
    del data["bots"]
    half.write_text(json.dumps(data))
    assert code == 0 and LOADERS[game](half).bots == {}
    resumed = runner.invoke(cli.app, [*prefix, "play", "--resume", str(half), "--bots", bots,
                                      "--quiet"])
    assert resumed.exit_code == 0


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("bots", "field"), [({"P2": "chess"}, "bots.P2"),
                                             ({"P9": "greedy"}, "bots"), ("greedy", "bots")])
def test_a_bad_bot_in_a_game_file_is_refused_in_one_line(game: str, bots: Any, field: str,
                                                          tmp_path: Path) -> None:
    prefix, new, names, _ = GAMES[game]
    half = tmp_path / "half.json"
    code = saved(prefix, new, names, half)
    data = json.loads(half.read_text())
    half.write_text(json.dumps({**data, "bots": bots}))
    result = runner.invoke(cli.app, [*prefix, "play", "--resume", str(half), "--quiet"])
    assert code == 0 and result.exit_code == 2 and result.stdout == ""
    line = result.stderr.strip()
    assert "\n" not in line and f"half.json: {field}: " in line, line


def test_the_table_pages_game_files_record_the_bots() -> None:
    client = TestClient(create_app(), base_url="http://127.0.0.1")
    btc = client.post("/api/table/game/new", json={
        "players": 3, "seat": "P2", "bots": {"P1": "random", "P3": "greedy"}}).json()
    assert btc["game"]["bots"] == {"P1": "random", "P3": "greedy"}  # P2 is the player's
    usa = client.post("/api/table/usa/game/new", json={
        "variant": "two-player", "players": 2, "bots": {"P2": "random"}}).json()
    assert usa["game"]["bots"] == {"P2": "random"}
