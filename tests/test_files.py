"""Data files of every kind are read one way (``solver.common.fields``) and never trusted
blindly: each refusal is one line naming the file (``<stdin>`` for standard input) and the
field, exit status 2; a Between Two Cities game file must hold the box's tiles once; kept
study results and archived puzzles are checked before they are reused."""

from __future__ import annotations

import copy
import io
import json
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import cli
from puzzles.archive import archived, puzzle_file
from puzzles.puzzle import load_puzzle
from puzzles.usa.puzzle import load_usa_puzzle
from solver.common.errors import (
    AgainstTheRules,
    BadField,
    BeyondTheBox,
    CitiesError,
    NotJson,
    UnreadableFile,
)
from solver.common.executors import InlineExecutor
from solver.common.jsonio import read_json
from solver.common.tasks import JsonStore, Task, run_tasks
from solver.twocities.game import cityfile, components, pool
from solver.twocities.rules import gamefile
from solver.twocities.studies.runner import analyze
from solver.usa.game import cityfile as usa_cityfile
from solver.usa.game import components as usa_components
from solver.usa.game import pool as usa_pool
from solver.usa.rules import gamefile as usa_gamefile

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
runner = CliRunner()

LOADERS: dict[str, Callable[[str], Any]] = {
    "city": cityfile.load_city,
    "pool": pool.load_pool,
    "components": components.load_components,
    "state": gamefile.load_state,
    "game": gamefile.load_game,
    "puzzle": load_puzzle,
    "usa city": usa_cityfile.load_city,
    "usa pool": usa_pool.load_pool,
    "usa components": usa_components.load_components,
    "usa game": usa_gamefile.load_game,
    "usa puzzle": load_usa_puzzle,
}


def refused_in_one_line(result: Any, *words: str) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        repr(result.exception)
    assert result.exit_code == 2, (result.exit_code, result.stdout[-300:], result.stderr)
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("cities: error: ")
    assert "Traceback" not in result.stderr
    for w in words:
        assert w in result.stderr, result.stderr


@pytest.mark.parametrize("kind", sorted(LOADERS))
def test_every_loader_names_standard_input_alike(kind: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("[1, 2]"))
    with pytest.raises(CitiesError) as err:
        LOADERS[kind]("-")
    assert str(err.value).startswith("<stdin>: "), str(err.value)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("kind", sorted(LOADERS))
def test_every_loader_tells_the_kind_of_failure(kind: str, tmp_path: Path) -> None:
    path = tmp_path / "file.json"
    with pytest.raises(UnreadableFile, match="cannot read"):
        LOADERS[kind](str(path))
    path.write_text("{1: 2}")
    with pytest.raises(NotJson, match=f"{path}: not valid JSON"):
        LOADERS[kind](str(path))
    path.write_text('{"a": NaN}')
    with pytest.raises(NotJson, match="NaN is not a JSON number"):
        LOADERS[kind](str(path))


def test_a_located_error_keeps_its_kind() -> None:
    err = BeyondTheBox("3 x F", field="bag").located("g.json", "x")
    assert isinstance(err, BeyondTheBox) and str(err) == "g.json: x.bag: 3 x F"


# --- Between Two Cities game files -----------------------------------------------------------

GAME = json.loads((EXAMPLES / "game-standard-3p-round2.json").read_text())


def _game_file(tmp_path: Path, change: Callable[[dict[str, Any]], Any]) -> Path:
    data = copy.deepcopy(GAME)
    change(data)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    return path


def test_score_of_a_game_file_with_junk_in_a_hand_is_refused(tmp_path: Path) -> None:
    player = next(iter(GAME["hands"]))
    path = _game_file(tmp_path, lambda d: d["hands"].__setitem__(player, ["junk"]))
    for command in (["score", str(path)], ["check", str(path), "--city", "1", "--tile", "F",
                                           "--at", "0,0"]):
        refused_in_one_line(runner.invoke(cli.app, command), str(path),
                            f"hands.{player}[0]", "unknown token 'junk'")


@pytest.mark.parametrize("change,words", [
    (lambda d: d["bag"].extend(["F"] * 40), ("F (the box holds 16)",)),
    (lambda d: d["duplex_stack"].extend(d["duplex_stack"]), ("the box holds 1",)),
    (lambda d: d["bag"].append(d["cities"][0]["placed"][0]["tile"]), ("two places",)),
])
def test_a_game_file_holds_each_tile_of_the_box_once(tmp_path: Path, change: Any,
                                                     words: tuple[str, ...]) -> None:
    path = _game_file(tmp_path, change)
    with pytest.raises(BeyondTheBox):
        gamefile.load_game(path)
    for command in (["score", str(path)],
                    ["moves", str(path), "--city", "1", "--tile", "F", "--json"]):
        refused_in_one_line(runner.invoke(cli.app, command), str(path), "a tile is in two "
                            "places at once", *words)


def test_a_game_file_names_each_player_once(tmp_path: Path) -> None:
    path = _game_file(tmp_path, lambda d: d["players"].append(d["players"][0]))
    refused_in_one_line(runner.invoke(cli.app, ["score", str(path)]), "players[3]",
                        "player 'P1' twice")


# --- Between Two Cities components files -----------------------------------------------------

BOX = json.loads(components.DEFAULT_PATH.read_text())


@pytest.mark.parametrize("change,field,words", [
    (lambda d: d["mats"].append(d["mats"][0]), "mats[", "mat id"),
    (lambda d: d["singles"].__setitem__("factory", "x"), "singles.factory",
     "expected a whole number, 0 or more, got 'x'"),
    (lambda d: d.__setitem__("duplexes", []), "duplexes", "expected a non-empty list"),
    (lambda d: d["civics"][0].__setitem__("id", 5), "civics[0].id", "expected a non-empty"),
])
def test_a_components_file_is_checked_field_by_field(tmp_path: Path, change: Any, field: str,
                                                     words: str) -> None:
    data = copy.deepcopy(BOX)
    change(data)
    path = tmp_path / "components.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(cli.app, ["score", str(EXAMPLES / "rulebook-shops.json"),
                                     "--components", str(path)])
    refused_in_one_line(result, f"{path}: {field}", words)


# --- kept study results ----------------------------------------------------------------------


@pytest.mark.parametrize("damage", [
    5,
    {"game_seed": 1, "final": {"P1": 3}, "first": ["P1"]},
    {"game_seed": 1, "final": {"P1": 3, "P2": 4, "P3": 5}, "first": ["shop"]},
    {"game_seed": 1, "final": {"P1": "NaN", "P2": 4, "P3": 5}, "first": ["P3"]},
])
def test_a_kept_result_of_the_wrong_shape_is_run_again(tmp_path: Path, damage: Any) -> None:
    first = analyze("first-player", 1, 0, InlineExecutor(), tmp_path)
    kept = next((tmp_path / "tasks").glob("*.json"))
    good = read_json(kept)
    kept.write_text(json.dumps({"key": good["key"], "result": damage}))
    again = analyze("first-player", 1, 0, InlineExecutor(), tmp_path)
    assert (again.ran, again.kept) == (1, 0)
    assert again.rows == first.rows
    assert read_json(kept) == good


def test_a_kept_result_with_nan_is_run_again(tmp_path: Path) -> None:
    store = JsonStore(tmp_path, check=lambda r: isinstance(r, int))
    (tmp_path / "t0.json").write_text('{"key": "t0", "result": NaN}')
    assert run_tasks([Task("t0", abs, (-4,))], InlineExecutor(), store) == [4]
    assert store.load("t0") == 4


# --- archived and cached puzzles -------------------------------------------------------------

DAY = "2026-12-08"  # in the shipped archive


@pytest.mark.parametrize("edit", [
    lambda d: d.__setitem__("optimum", 999),
    lambda d: d.__setitem__("optimum", d["optimum"] - 1),
    lambda d: d["solution"].__setitem__("city_scores", [999] * len(d["solution"]
                                                                    ["city_scores"])),
])
def test_an_edited_puzzle_is_not_trusted(tmp_path: Path, edit: Any) -> None:
    import datetime as dt

    date = dt.date.fromisoformat(DAY)
    source = puzzle_file(ROOT / "puzzles" / "archive", date)
    shutil.copy(source, tmp_path / source.name)
    assert archived(date, tmp_path) is not None
    data = json.loads(source.read_text())
    edit(data)
    (tmp_path / source.name).write_text(json.dumps(data))
    assert archived(date, tmp_path) is None


# --- a Dask scheduler that cannot be reached -------------------------------------------------


def test_an_unreachable_dask_scheduler_is_one_line_and_nothing_more(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    result = subprocess.run(
        [sys.executable, "-m", "cli", "analyze", "tile-values", "--runs", "1", "--jobs", "1",
         "--executor", "dask", "--address", "not a url", "--out", str(tmp_path)],
        capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith("cities: error: --address: cannot reach the Dask scheduler")


def test_the_error_kinds_are_cities_errors() -> None:
    for kind in (UnreadableFile, NotJson, BadField, BeyondTheBox, AgainstTheRules):
        assert issubclass(kind, CitiesError)
