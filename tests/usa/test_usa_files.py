"""Cities USA files checked on load against the box and the rules: game files (every tile
once, pieces and tops within the box, actions and workers agreeing with the round), city
files judged as the rules engine judges them, components files field by field, and a cached
puzzle whose solution does not score its optimum regenerated.  Every refusal is one line,
exit status 2."""

from __future__ import annotations

import copy
import datetime as dt
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import cli
from puzzles.archive import puzzle_file
from puzzles.usa.archive import cached_usa
from puzzles.usa.generate import generate_usa
from solver.common.errors import AgainstTheRules, BadField, BeyondTheBox, CitiesError
from solver.usa.bots import RandomBot
from solver.usa.game.cityfile import city_from_json, city_to_json
from solver.usa.game.components import DEFAULT_PATH, load_components
from solver.usa.game.notation import parse_city
from solver.usa.game.rulesets import load_ruleset
from solver.usa.game.vocab import COLORS
from solver.usa.rules.game import new_game, play_turn
from solver.usa.rules.gamefile import game_from_json, game_to_json
from solver.usa.rules.legality import check

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "usa"
runner = CliRunner()


def refused_in_one_line(result: Any, *words: str) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        repr(result.exception)
    assert result.exit_code == 2, (result.exit_code, result.stdout[-300:], result.stderr)
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("cities: error: ")
    assert "Traceback" not in result.stderr
    for w in words:
        assert w in result.stderr, result.stderr


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
    return json.loads(json.dumps(game_to_json(game)))


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
def test_a_game_file_beyond_the_box_or_the_rules_is_refused(
        case: str, round3: dict[str, Any], tmp_path: Path) -> None:
    change, kind, words = BROKEN[case]
    data = copy.deepcopy(round3)
    change(data)
    with pytest.raises(kind):
        game_from_json(data)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(cli.app, ["usa", "play", "--resume", str(path), "--quiet"])
    refused_in_one_line(result, str(path), words)


def test_round_zero_actions_agree_with_the_choosers() -> None:
    game = _played("standard", 4, 1, lambda g: g.turn == 2)
    data = json.loads(json.dumps(game_to_json(game)))
    game_from_json(copy.deepcopy(data))
    chooser = game.choosers()[0]
    data["actions"][chooser] = []
    with pytest.raises(AgainstTheRules, match="in round 0 turn 2"):
        game_from_json(data)


@pytest.mark.parametrize("variant,players", [("standard", 4), ("solo", 1),
                                             ("two-player-advanced", 2)])
def test_a_game_saved_at_any_step_loads(variant: str, players: int) -> None:
    game = new_game(load_ruleset(variant), players, seed=5)
    bots = {p: RandomBot() for p in game.players}
    while True:
        game_from_json(json.loads(json.dumps(game_to_json(game))))
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
    base = city_to_json(city)
    verdicts = set()
    for fid in sorted(load_components().features):
        for space in ([0, 0], [0, 1], [1, 0], [1, 1]):
            for color in COLORS:
                feature = {"action": "feature", "feature": fid, "space": space}
                building = {"action": "building", "color": color, "space": space}
                data = {**base, "features": [{"space": space, "feature": fid}],
                        "buildings": [{"space": space, "color": color, "height": 1}]}
                try:
                    city_from_json(data)
                    read = True
                except CitiesError:
                    read = False
                assert read == _reachable(city, feature, building), (fid, space, color)
                verdicts.add((fid, read))
    assert ("wild", True) in verdicts and ("food-truck", True) not in verdicts


def test_a_building_on_a_building_feature_is_scored(tmp_path: Path) -> None:
    data = {**city_to_json(parse_city("wpKs")),
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


# --- components files ------------------------------------------------------------------------

BOX = json.loads(DEFAULT_PATH.read_text())
SCORE = ["usa", "score", str(EXAMPLES / "rulebook-scoring.json"), "--json"]
PLAY = ["usa", "play", "--quiet"]
SOLVE = ["usa", "solve", str(EXAMPLES / "pool-small.json"), "--time-limit", "5"]


def _sized(d: dict[str, Any]) -> dict[str, Any]:
    return next(f for f in d["features"] if "area_size" in f.get("scoring", {}))


@pytest.mark.parametrize("change,field,words", [
    (lambda d: d["cards"].append(dict(d["cards"][0])), f"cards[{len(BOX['cards'])}].id",
     "card id 'corporate-towers' twice"),
    (lambda d: d["features"].append(dict(d["features"][0])), "features[", "feature id"),
    (lambda d: _sized(d)["scoring"].__setitem__("area_size", "x"),
     "features[0].scoring.area_size", "got 'x'"),
    (lambda d: _sized(d)["scoring"].__setitem__("points", 2.5), "features[0].scoring.points",
     "got 2.5"),
    (lambda d: _sized(d)["scoring"].__setitem__("radius", 2), "features[0].scoring.radius",
     "not a scoring key"),
    (lambda d: d["features"][-1]["scoring"].__setitem__("single", 2),
     f"features[{len(BOX['features']) - 1}].scoring.single", "goes with pair_with"),
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
def test_a_components_file_is_checked_field_by_field(
        tmp_path: Path, change: Any, field: str, words: str, command: list[str]) -> None:
    data = copy.deepcopy(BOX)
    change(data)
    path = tmp_path / "components.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(cli.app, [*command, "--components", str(path)])
    refused_in_one_line(result, f"{path}: {field}", words)


def test_fewer_starting_tiles_than_players_is_refused_at_setup(tmp_path: Path) -> None:
    data = copy.deepcopy(BOX)
    data["starting_tiles"] = data["starting_tiles"][:1]
    path = tmp_path / "components.json"
    path.write_text(json.dumps(data))
    refused_in_one_line(runner.invoke(cli.app, [*PLAY, "--components", str(path)]),
                        "starting_tiles", "the components have 1")


# --- cached puzzles --------------------------------------------------------------------------

DAY = dt.date(2026, 12, 3)


@pytest.mark.parametrize("edit", [
    lambda d: d.__setitem__("optimum", 999),
    lambda d: d.__setitem__("optimum", d["optimum"] - 1),
    lambda d: d["solution"]["city"]["buildings"].clear(),
])
def test_an_edited_cached_puzzle_is_not_trusted(tmp_path: Path, edit: Any) -> None:
    data = generate_usa(DAY).to_json()
    path = puzzle_file(tmp_path, DAY)
    path.write_text(json.dumps(data))
    assert cached_usa(DAY, tmp_path) is not None
    edit(data)
    path.write_text(json.dumps(data))
    assert cached_usa(DAY, tmp_path) is None
