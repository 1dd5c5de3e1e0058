"""Data files of every kind, of both games, are read one way (``solver.common.fields``) and
never trusted blindly: each refusal is one line naming the file (``<stdin>`` for standard
input) and the field, exit status 2.  Game files are checked against the box and the rules
(every tile once; Cities USA's pieces, tops, actions and workers agreeing with the round),
city files as the rules engine judges them, components files field by field; kept study
results and archived or cached puzzles are checked before they are reused."""
from __future__ import annotations

import copy
import datetime as dt
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
from puzzles.usa.archive import cached_usa
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
from solver.usa.bots import RandomBot
from solver.usa.game import cityfile as usa_cityfile
from solver.usa.game import components as usa_components
from solver.usa.game import pool as usa_pool
from solver.usa.game.notation import parse_city
from solver.usa.game.rulesets import load_ruleset
from solver.usa.game.vocab import COLORS
from solver.usa.rules import gamefile as usa_gamefile
from solver.usa.rules.game import new_game, play_turn
from solver.usa.rules.legality import check
from tests.support.usa_daily import shipped_usa

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


def test_a_game_files_cities_keep_the_games_clock(tmp_path: Path) -> None:
    path = _game_file(tmp_path, lambda d: d.__setitem__("round", 3))
    with pytest.raises(AgainstTheRules):
        gamefile.load_game(path)
    refused_in_one_line(runner.invoke(cli.app, ["moves", str(path), "--city", "1", "--tile",
                                                "F", "--json"]),
                        f"{path}: cities[0].round: the city is in round 2, the game in round 3")


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


# --- Cities USA game files -------------------------------------------------------------------


def _played(variant: str, players: int, seed: int, until: Callable[[Any], bool]) -> Any:
    game = new_game(load_ruleset(variant), players, seed=seed)
    bots = {p: RandomBot() for p in game.players}
    while not until(game):
        play_turn(game, bots)
    return game


@pytest.fixture(scope="module")
def round3() -> dict[str, Any]:
    """A standard game saved in the middle of round 3."""
    game = _played("standard", 3, 3, lambda g: g.round == 3 and g.turn == 2)
    return json.loads(json.dumps(usa_gamefile.game_to_json(game)))


def _placed_city_tile(data: dict[str, Any]) -> str:
    return next(a["tile"] for a in data["actions"]["P1"]
                if a["action"] == "tile" and a["tile"].startswith("city"))


BROKEN: dict[str, tuple[Callable[[dict[str, Any]], Any], type, str]] = {
    "a city's tile also in the deck": (
        lambda d: d["decks"]["tiles"].append(_placed_city_tile(d)), BeyondTheBox,
        "the box holds 1"),
    "a tile twice in the deck": (
        lambda d: d["decks"]["tiles"].append(d["decks"]["tiles"][0]), BeyondTheBox,
        "the box holds 1"),
    "300 black pieces in the bag": (
        lambda d: d["decks"]["pieces"].extend(["black"] * 300), BeyondTheBox,
        "piece black"),
    "10 black tops on one space": (
        lambda d: d["tops"].__setitem__(0, ["black"] * 10), BeyondTheBox, "top black"),
    "every top on one space": (
        lambda d: d.__setitem__("tops", [sum(d["tops"], []), *([] for _ in d["tops"][1:])]),
        BeyondTheBox, "tops on one space: each is dealt 2"),
    "every player's actions emptied": (
        lambda d: d["actions"].update({p: [] for p in d["players"]}), AgainstTheRules,
        "no starting tile in round 3"),
    "a worker too many": (
        lambda d: next(s for s in d["board"]["cards"] if s["worker"] is None).__setitem__(
            "worker", d["players"][0]), AgainstTheRules, "worker(s) on the board"),
    "a starting tile kept and placed": (
        lambda d: d["starting"].append(d["actions"]["P1"][0]["tile"]), BeyondTheBox,
        "starting tile"),
    "actions of a stranger": (
        lambda d: d["actions"].__setitem__("Zed", []), BadField, "'Zed' is not a player"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_usa_game_file_beyond_the_box_or_the_rules_is_refused(
        case: str, round3: dict[str, Any], tmp_path: Path) -> None:
    change, kind, words = BROKEN[case]
    data = copy.deepcopy(round3)
    change(data)
    with pytest.raises(kind):
        usa_gamefile.game_from_json(data)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(cli.app, ["usa", "play", "--resume", str(path), "--quiet"])
    refused_in_one_line(result, str(path), words)


def test_round_zero_actions_agree_with_the_choosers() -> None:
    game = _played("standard", 4, 1, lambda g: g.turn == 2)
    data = json.loads(json.dumps(usa_gamefile.game_to_json(game)))
    usa_gamefile.game_from_json(copy.deepcopy(data))
    chooser = game.choosers()[0]
    data["actions"][chooser] = []
    with pytest.raises(AgainstTheRules, match="in round 0 turn 2"):
        usa_gamefile.game_from_json(data)


@pytest.mark.parametrize("variant,players", [("standard", 4), ("solo", 1),
                                             ("two-player-advanced", 2)])
def test_a_game_saved_at_any_step_loads(variant: str, players: int) -> None:
    game = new_game(load_ruleset(variant), players, seed=5)
    bots = {p: RandomBot() for p in game.players}
    while True:
        usa_gamefile.game_from_json(json.loads(json.dumps(usa_gamefile.game_to_json(game))))
        if game.over:
            break
        play_turn(game, bots)


# --- city files ------------------------------------------------------------------------------


def _reachable(city: Any, feature: dict[str, Any], building: dict[str, Any]) -> bool:
    """Whether the rules engine builds the feature and the piece in some order."""
    for first, second in ((feature, building), (building, feature)):
        verdict = check(city, first)
        if verdict.legal and verdict.city is not None and check(verdict.city, second).legal:
            return True
    return False


def test_a_city_file_is_judged_as_the_rules_engine_judges_it() -> None:
    """A feature under a building: the city file is read exactly when the rules engine
    reaches it.  A building feature (``wild``) goes on an empty space and then takes a piece
    of any colour (rulebook: the only way to build on a construction site or a food truck);
    a food truck or a park or water feature never holds one."""
    city = parse_city("wpKs")
    base = usa_cityfile.city_to_json(city)
    verdicts = set()
    for fid in sorted(usa_components.load_components().features):
        for space in ([0, 0], [0, 1], [1, 0], [1, 1]):
            for color in COLORS:
                feature = {"action": "feature", "feature": fid, "space": space}
                building = {"action": "building", "color": color, "space": space}
                data = {**base, "features": [{"space": space, "feature": fid}],
                        "buildings": [{"space": space, "color": color, "height": 1}]}
                try:
                    usa_cityfile.city_from_json(data)
                    read = True
                except CitiesError:
                    read = False
                assert read == _reachable(city, feature, building), (fid, space, color)
                verdicts.add((fid, read))
    assert ("wild", True) in verdicts and ("food-truck", True) not in verdicts


def test_a_building_on_a_building_feature_is_scored(tmp_path: Path) -> None:
    data = {**usa_cityfile.city_to_json(parse_city("wpKs")),
            "features": [{"space": [1, 1], "feature": "wild"}],
            "buildings": [{"space": [1, 1], "color": "yellow", "height": 2}]}
    path = tmp_path / "city.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(cli.app, ["usa", "score", str(path), "--json"])
    assert result.exit_code == 0, result.stderr
    data["features"][0]["feature"] = "food-truck"
    path.write_text(json.dumps(data))
    refused_in_one_line(runner.invoke(cli.app, ["usa", "score", str(path), "--json"]),
                        "buildings[0]", "food truck takes no building pieces")


# --- Cities USA components files ------------------------------------------------------------

USA_BOX = json.loads(usa_components.DEFAULT_PATH.read_text())
SCORE = ["usa", "score", str(EXAMPLES / "usa" / "rulebook-scoring.json"), "--json"]
PLAY = ["usa", "play", "--quiet"]
SOLVE = ["usa", "solve", str(EXAMPLES / "usa" / "pool-small.json"), "--time-limit", "5"]


def _sized(d: dict[str, Any]) -> dict[str, Any]:
    return next(f for f in d["features"] if "area_size" in f.get("scoring", {}))


@pytest.mark.parametrize("change,field,words", [
    (lambda d: d["cards"].append(dict(d["cards"][0])), f"cards[{len(USA_BOX['cards'])}].id",
     "card id 'corporate-towers' twice"),
    (lambda d: d["features"].append(dict(d["features"][0])), "features[", "feature id"),
    (lambda d: _sized(d)["scoring"].__setitem__("area_size", "x"),
     "features[0].scoring.area_size", "got 'x'"),
    (lambda d: _sized(d)["scoring"].__setitem__("points", 2.5), "features[0].scoring.points",
     "got 2.5"),
    (lambda d: _sized(d)["scoring"].__setitem__("radius", 2), "features[0].scoring.radius",
     "not a scoring key"),
    (lambda d: d["features"][-1]["scoring"].__setitem__("single", 2),
     f"features[{len(USA_BOX['features']) - 1}].scoring.single", "goes with pair_with"),
    (lambda d: d.__setitem__("starting_tiles", []), "starting_tiles",
     "expected a non-empty list"),
    (lambda d: d.__setitem__("city_tiles", []), "city_tiles", "expected a non-empty list"),
    (lambda d: d.__setitem__("achievement_boards", []), "achievement_boards",
     "expected a non-empty list"),
    (lambda d: d.setdefault("rules", {}).__setitem__("building_points", ["a"] * 5),
     "rules.building_points[0]", "got 'a'"),
    (lambda d: d["cards"][0].__setitem__("name", 7), "cards[0].name", "string"),
])
@pytest.mark.parametrize("command", [SCORE, PLAY, SOLVE], ids=["score", "play", "solve"])
def test_a_usa_components_file_is_checked_field_by_field(
        tmp_path: Path, change: Any, field: str, words: str, command: list[str]) -> None:
    data = copy.deepcopy(USA_BOX)
    change(data)
    path = tmp_path / "components.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(cli.app, [*command, "--components", str(path)])
    refused_in_one_line(result, f"{path}: {field}", words)


def test_fewer_starting_tiles_than_players_is_refused_at_setup(tmp_path: Path) -> None:
    data = copy.deepcopy(USA_BOX)
    data["starting_tiles"] = data["starting_tiles"][:1]
    path = tmp_path / "components.json"
    path.write_text(json.dumps(data))
    refused_in_one_line(runner.invoke(cli.app, [*PLAY, "--components", str(path)]),
                        "starting_tiles", "the components have 1")


# --- Cities USA cached puzzles --------------------------------------------------------------

USA_DAY = dt.date(2026, 12, 2)  # in the shipped archive


@pytest.mark.parametrize("edit", [
    lambda d: d.__setitem__("optimum", 999),
    lambda d: d.__setitem__("optimum", d["optimum"] - 1),
    lambda d: d["solution"]["city"]["buildings"].clear(),
])
def test_an_edited_usa_cached_puzzle_is_not_trusted(tmp_path: Path, edit: Any) -> None:
    data = shipped_usa(USA_DAY).to_json()
    path = puzzle_file(tmp_path, USA_DAY)
    path.write_text(json.dumps(data))
    assert cached_usa(USA_DAY, tmp_path) is not None
    edit(data)
    path.write_text(json.dumps(data))
    assert cached_usa(USA_DAY, tmp_path) is None
