"""Hostile input on the newest commands: ``cities usa solve CITY --tiles ...`` (a city's best
finish), ``cities play --resume`` and ``cities usa play --resume`` with ``--stop-after``, and a
file of the other game. Each is refused in one line naming the file or the option, exit status
2, nothing on stdout and no file written."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import cli
from tests.support.hostile_usa import hostile_city
from tests.support.refusals import one_line_error, refused_in_one_line

runner = CliRunner()
EXAMPLES = Path(__file__).parent.parent / "examples"
START_2X2 = {"game": "cities-usa", "size": [2, 2],
             "tiles": [{"tile": "start-1", "at": [0, 0], "rotation": 0}]}
TILES = "city-02,city-14,city-21"


def invoke(args: list[str]) -> Any:
    return runner.invoke(cli.app, args, catch_exceptions=True)


@pytest.fixture
def city(tmp_path: Path) -> Path:
    path = tmp_path / "city.json"
    path.write_text(json.dumps(START_2X2))
    return path


@pytest.mark.parametrize("options,words", [
    (["--pieces", "black=\u00b2"], ["--pieces", "name=number"]),  # a digit int() refuses
    (["--pieces", "black=\u0661"], ["--pieces", "name=number"]),  # an Arabic-Indic one
    (["--pieces", "black=" + "9" * 5000], ["--pieces", "name=number"]),
    (["--pieces", "black=1,black=2"], ["--pieces", "black is given twice"]),
    (["--pieces", "black=-1"], ["--pieces", "name=number"]),
    (["--pieces", "=3"], ["--pieces", "name=number"]),
    (["--pieces", "pink=1"], ["city.json", "--pieces", "unknown colour 'pink'"]),
    (["--pieces", "black=26"], ["city.json", "--pieces.black", "0-25"]),
    (["--achievements", "green-lake=5,green-lake=4"], ["--achievements", "twice"]),
    (["--achievements", "green-lake=7"], ["city.json", "--achievements[0].points"]),
    (["--achievements", "nowhere=5"], ["city.json", "--achievements[0].achievement"]),
    (["--tops", "pink"], ["city.json", "--tops[0]", "unknown colour"]),
    (["--cards", "nope"], ["city.json", "--cards[0]", "unknown scoring card"]),
    (["--features", "wild,wild,wild,wild,wild"], ["city.json", "--features", "the box has"]),
])
def test_bad_things_to_come_are_refused_naming_the_option(city: Path, options: list[str],
                                                          words: list[str]) -> None:
    refused_in_one_line(invoke(["usa", "solve", str(city), "--tiles", TILES, *options,
                                "--time-limit", "1", "--json"]), *words)


@pytest.mark.parametrize("tiles,words", [
    ("city-02,city-02,city-14", ["--tiles", "twice"]),
    ("city-99,city-02,city-14", ["--tiles[0]", "unknown city tile 'city-99'"]),
    ("start-1,city-02,city-14", ["--tiles", "already in the city"]),
    ("start-2,city-02,city-14", ["--tiles[0]", "unknown city tile 'start-2'"]),
    (",,,", ["--tiles", "cannot fill"]),
])
def test_bad_tiles_to_come_are_refused(city: Path, tiles: str, words: list[str]) -> None:
    refused_in_one_line(invoke(["usa", "solve", str(city), "--tiles", tiles, "--json"]),
                        str(city), *words)


@pytest.mark.parametrize("change,words", [
    (lambda c: {**c, "tiles": [{**c["tiles"][0], "rotation": 7}]},
     ["tiles[0].rotation", "not a rotation"]),
    (lambda c: {**c, "tiles": [{**c["tiles"][0], "at": [0, 9]}]}, ["tiles[0].at", "outside"]),
    (lambda c: {**c, "size": [6, 6]}, ["size", "1 to 5"]),
    (lambda c: {**c, "achievements": [{"achievement": "green-lake", "points": 5.0}]},
     ["achievements[0].points", "ring value"]),
    (lambda c: {**c, "tiles": []}, ["tiles", "no starting tile"]),
    (lambda c: {"grid": ["F S F S"] * 4}, ["game", "a Between Two Cities file?"]),
])
def test_a_bad_city_in_progress_is_refused_naming_the_file(
        city: Path, change: Callable[[dict[str, Any]], Any], words: list[str]) -> None:
    city.write_text(json.dumps(change(START_2X2)))
    refused_in_one_line(invoke(["usa", "solve", str(city), "--tiles", TILES, "--json"]),
                        str(city), *words)


def test_a_finish_with_more_tiles_than_places_chooses_among_them(city: Path) -> None:
    result = invoke(["usa", "solve", str(city), "--tiles", TILES + ",city-01,city-03",
                     "--time-limit", "20", "--json"])
    assert result.exit_code == 0, result.stderr
    answer = json.loads(result.stdout)
    assert answer["status"] == "optimal" and len(answer["city"]["tiles"]) == 4


def test_a_city_whose_order_of_play_is_not_settled_in_time_is_refused(tmp_path: Path) -> None:
    """The order search is exponential on a hostile full 5x5 city (minutes to refuse): the
    finish's time limit bounds it and the refusal says so, in the limit's own seconds."""
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(hostile_city()))
    refused_in_one_line(invoke(["usa", "solve", str(path), "--tiles", "", "--time-limit", "1",
                                "--json"]),
                        str(path), "tiles", "no order of play was settled",
                        "time limit of 1 s")


# --- games resumed ---------------------------------------------------------------------------

GAMES = {"twocities": ([], ["--players", "3"]), "usa": (["usa"], ["--variant", "two-player"])}


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each game played to the end of round 1 and saved (it stands before round 2)."""
    out = {}
    for game, (prefix, new) in GAMES.items():
        path = tmp_path_factory.mktemp(game) / "game.json"
        result = invoke([*prefix, "play", *new, "--stop-after", "1", "--save", str(path),
                         "--quiet"])
        assert result.exit_code == 0, result.stderr
        out[game] = path
    return out


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("stop_after,words", [
    ("0", ["--stop-after", "in round 2", "plays nothing"]),
    ("1", ["--stop-after", "in round 2", "plays nothing"]),
    ("-1", ["--stop-after", "0 to 99"]),
    ("100", ["--stop-after", "0 to 99"]),
    ("1.5", ["--stop-after", "whole number"]),
])
def test_a_stop_before_the_round_resumed_is_refused(saved: dict[str, Path], tmp_path: Path,
                                                    game: str, stop_after: str,
                                                    words: list[str]) -> None:
    prefix, _ = GAMES[game]
    out = tmp_path / "out.json"
    refused_in_one_line(invoke([*prefix, "play", "--resume", str(saved[game]), "--stop-after",
                                stop_after, "--save", str(out), "--quiet"]), *words)
    assert not out.exists()


@pytest.mark.parametrize("game", GAMES)
def test_a_stop_after_the_round_resumed_plays_it(saved: dict[str, Path], tmp_path: Path,
                                                 game: str) -> None:
    prefix, _ = GAMES[game]
    out = tmp_path / "out.json"
    result = invoke([*prefix, "play", "--resume", str(saved[game]), "--stop-after", "2",
                     "--save", str(out), "--quiet"])
    assert result.exit_code == 0, result.stderr
    assert json.loads(out.read_text())["round"] == 3


@pytest.mark.parametrize("game,other,words", [
    ("twocities", "usa", ["game", "a Cities USA file: cities usa"]),
    ("usa", "twocities", ["game", 'expected "cities-usa"', "a Between Two Cities file?"]),
])
def test_a_game_file_of_the_other_game_says_which_command_reads_it(
        saved: dict[str, Path], game: str, other: str, words: list[str]) -> None:
    prefix, _ = GAMES[game]
    refused_in_one_line(invoke([*prefix, "play", "--resume", str(saved[other]), "--quiet"]),
                        str(saved[other]), *words)


@pytest.mark.parametrize("game", GAMES)
def test_a_game_file_cut_short_or_edited_is_refused(saved: dict[str, Path], tmp_path: Path,
                                                    game: str) -> None:
    prefix, _ = GAMES[game]
    text = saved[game].read_text()
    cut = tmp_path / "cut.json"
    cut.write_text(text[:len(text) // 2])
    out = tmp_path / "out.json"
    refused_in_one_line(invoke([*prefix, "play", "--resume", str(cut), "--save", str(out),
                                "--quiet"]), str(cut), "not valid JSON")
    data = json.loads(text)
    if game == "usa":  # a city tile not beside the city
        i = next(i for i, a in enumerate(data["actions"]["P1"])
                 if i and a["action"] == "tile")
        data["actions"]["P1"][i]["at"] = [4, 4]
        where = f"actions.P1[{i}]"
    else:  # a bot the game does not know
        data["bots"] = {"P1": "chess"}
        where = "bots.P1"
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(data))
    refused_in_one_line(invoke([*prefix, "play", "--resume", str(edited), "--save", str(out),
                                "--quiet"]), str(edited), where)
    assert not out.exists()


def test_the_other_games_files_name_their_commands(tmp_path: Path) -> None:
    """Every loader of either game (city, pool, city in progress) says so alike."""
    for args in (["score", str(EXAMPLES / "usa" / "in-progress.json")],
                 ["solve", str(EXAMPLES / "usa" / "pool-small.json")],
                 ["moves", str(EXAMPLES / "usa" / "in-progress.json"), "--tile", "F"]):
        refused_in_one_line(invoke(args), "game: a Cities USA file: cities usa")
    for args in (["usa", "score", str(EXAMPLES / "rulebook-shops.json")],
                 ["usa", "solve", str(EXAMPLES / "pool-beginner.json")],
                 ["usa", "moves", str(EXAMPLES / "state-river-bend.json"), "--tile",
                  "city-01"]):
        refused_in_one_line(invoke(args), 'game: expected "cities-usa" (a Between Two Cities')


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
def test_a_full_standard_output_is_one_line_not_an_internal_error() -> None:
    """``cities daily --game usa --template > /dev/full``: the answer file cannot be written."""
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "cli", "daily", "--game", "usa", "--date",
                               "2026-12-08", "--template"], stdout=full, stderr=subprocess.PIPE,
                              text=True, cwd=Path(__file__).parent.parent, timeout=120)
    one_line_error(done.returncode, done.stderr, "cannot write the output")


def test_a_game_file_is_no_city_file(saved: dict[str, Path]) -> None:
    """``cities usa score GAME`` used to score the empty city the file's top level names."""
    for args in (["usa", "score"], ["usa", "solve"], ["daily", "--game", "usa", "--check"]):
        refused_in_one_line(invoke([*args, str(saved["usa"])]), str(saved["usa"]),
                               "a game file, not a city file")
