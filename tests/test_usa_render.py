"""Cities USA pictures: every example file and a daily puzzle drawn as well-formed SVG and as
PNG; what the picture shows (tiles, empty places, streets, bridges, dead ends, buildings and
their heights, feature tiles, the starting tile, sample labels) counted against the city;
``cities render`` dispatches on the file's game; bad input is one line."""
from __future__ import annotations

import datetime as dt
import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import cli
from puzzles.usa.puzzle import UsaPuzzle
from solver.twocities.svg import png_bytes
from solver.usa.game.cityfile import city_from_json, load_city
from solver.usa.game.geometry import dead_ends
from solver.usa.svg import city_svg, picture, tile_svg
from tests.support.usa_daily import shipped_usa

EXAMPLES = Path(__file__).parent.parent / "examples" / "usa"
SVG_NS = "{http://www.w3.org/2000/svg}"
DAY = dt.date(2026, 12, 2)  # in the shipped archive
runner = CliRunner()

#: The example files that are Cities USA cities, pools or puzzles (an action file is not).
DRAWN = sorted(p.name for p in EXAMPLES.glob("*.json")
               if json.loads(p.read_text()).get("game") == "cities-usa")


@pytest.fixture(scope="module")
def puzzle() -> UsaPuzzle:
    return shipped_usa(DAY)


def groups(svg: str, cls: str) -> list[ET.Element]:
    return [g for g in ET.fromstring(svg).iter() if cls in g.get("class", "").split()]


def words(svg: str) -> str:
    return " ".join(t.text or "" for t in ET.fromstring(svg).iter(f"{SVG_NS}text"))


def test_every_example_is_drawn() -> None:
    assert {"in-progress.json", "pool-3x3.json", "pool-small.json",
            "rulebook-scoring.json"} <= set(DRAWN)


@pytest.mark.parametrize("name", DRAWN)
def test_every_example_file_is_well_formed_svg_and_png(name: str) -> None:
    svg = picture(json.loads((EXAMPLES / name).read_text()))
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG_NS}svg" and float(root.get("width", 0)) > 0
    assert png_bytes(svg)[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("name", ["rulebook-scoring.json", "in-progress.json"])
def test_a_city_shows_every_tile_street_bridge_dead_end_building_and_feature(name: str) -> None:
    city = load_city(EXAMPLES / name)
    svg = picture(json.loads((EXAMPLES / name).read_text()))
    tiles = groups(svg, "tile")
    assert {(int(g.get("data-r", -1)), int(g.get("data-c", -1))) for g in tiles} == set(
        city.tiles)
    assert len(groups(svg, "empty")) == city.size[0] * city.size[1] - len(city.tiles)
    assert len(groups(svg, "space")) == 4 * len(city.tiles)
    arms = sum(len(city.arms(p)) for p in city.tiles)
    assert len(groups(svg, "street")) + len(groups(svg, "bridge")) == arms
    assert len(groups(svg, "bridge")) == len(city.bridges)
    assert len(groups(svg, "dead-end")) == len(dead_ends(city))
    built = {(g.get("data-color"), int(g.get("data-height", 0))) for g in groups(svg, "building")}
    assert built == {(b.color, b.height) for b in city.buildings.values()}
    assert sorted(g.get("data-feature") for g in groups(svg, "feature")) == sorted(
        city.features.values())
    starts = [g for g in tiles if "start" in g.get("class", "").split()]
    assert len(starts) == sum(p.tile.start for p in city.tiles.values())


def test_the_rulebook_example_shows_its_dead_end_and_its_heights() -> None:
    city = load_city(EXAMPLES / "rulebook-scoring.json")
    svg = city_svg(city)
    assert dead_ends(city) and "dead end (-3 each)" in words(svg)
    for b in city.buildings.values():
        assert f"{b.color} {b.height}{'+top' if b.top else ''}" in words(svg)
    assert "Corporate Towers (sample)" in words(svg)


def test_a_pool_shows_its_tiles_to_place_and_its_supplies() -> None:
    data = json.loads((EXAMPLES / "pool-small.json").read_text())
    svg = picture(data)
    tiles = [g.get("data-tile") for g in groups(svg, "tile")]
    assert tiles == [data["start"], *data["tiles"]]
    text = words(svg)
    assert "Old Town (sample)" in text and "tiles to place (3)" in text
    assert "3 bridges" in text and "5 black, 1 top" in text and "2 blue" in text
    assert sorted(g.get("data-feature") for g in groups(svg, "feature")) == sorted(
        data["features"])
    assert "Nature Trails (sample)" in text and "Green Lake (sample)" in text


def test_a_daily_puzzle_shows_its_pool_and_not_its_solution(puzzle: UsaPuzzle) -> None:
    svg = picture(puzzle.to_json())
    assert f"Cities USA daily puzzle · {DAY:%A} {DAY}" in words(svg)
    assert [g.get("data-tile") for g in groups(svg, "tile")] == [puzzle.pool.start,
                                                               *puzzle.pool.tiles]
    assert not groups(svg, "building")  # the solution's buildings are not drawn
    assert png_bytes(svg)[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_daily_solution_and_a_solver_answer_are_drawn_as_cities(puzzle: UsaPuzzle) -> None:
    answer = {"status": "optimal", "score": puzzle.optimum,
              "city": puzzle.to_json()["solution"]["city"]}
    svg = picture(answer)
    assert f"score {puzzle.optimum}" in words(svg)
    assert len(groups(svg, "tile")) == puzzle.pool.places
    assert len(groups(svg, "building")) == len(puzzle.solution.buildings)
    ET.fromstring(svg)


def test_a_tile_alone_in_each_rotation() -> None:
    from solver.usa.game.components import load_components

    comps = load_components()
    for rotation in (0, 90, 180, 270):
        svg = tile_svg(comps.tile("start-3"), rotation)
        (tile,) = groups(svg, "tile")
        assert tile.get("data-rotation") == str(rotation) and "start" in tile.get("class", "")
        assert len(groups(svg, "street")) == 2


def test_a_game_file_shows_every_players_city(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    played = runner.invoke(cli.app, ["usa", "play", "--variant", "two-player", "--players", "2",
                                     "--seed", "3", "--stop-after", "1", "--save", str(game),
                                     "--quiet"])
    assert played.exit_code == 0, played.stderr
    svg = picture(json.loads(game.read_text()))
    assert len(groups(svg, "city")) == 2 and "P1:" in words(svg)


def test_cities_render_draws_a_cities_usa_file_to_standard_output(tmp_path: Path) -> None:
    path = EXAMPLES / "in-progress.json"
    result = runner.invoke(cli.app, ["render", str(path), "--svg", "-"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout == picture(json.loads(path.read_text()))
    png = tmp_path / "city.png"
    result = runner.invoke(cli.app, ["render", str(EXAMPLES / "pool-3x3.json"),
                                     "--png", str(png)])
    assert result.exit_code == 0 and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_cities_render_of_a_daily_puzzle_file(puzzle: UsaPuzzle, tmp_path: Path) -> None:
    path = tmp_path / "puzzle.json"
    path.write_text(json.dumps(puzzle.to_json()))
    out = tmp_path / "puzzle.svg"
    result = runner.invoke(cli.app, ["render", str(path), "--svg", str(out)])
    assert result.exit_code == 0 and out.read_text() == picture(puzzle.to_json())


@pytest.mark.parametrize("data,word", [
    ({"game": "cities-usa", "size": [9, 9]}, "size"),
    ({"game": "cities-usa", "tiles": [{"tile": "city-99", "at": [0, 0]}]}, "tiles[0].tile"),
    ({"game": "cities-usa", "size": [2, 2], "start": "start-9", "tiles": []}, "start"),
    ({"game": "cities-usa", "city": None, "status": "infeasible"}, "city"),
    ({"game": "catan"}, "game"),
])
def test_cities_render_bad_cities_usa_files_are_one_line(tmp_path: Path, data: Any,
                                                          word: str) -> None:
    bad, out = tmp_path / "bad.json", tmp_path / "out.svg"
    bad.write_text(json.dumps(data))
    result = runner.invoke(cli.app, ["render", str(bad), "--svg", str(out)])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and f"bad.json: {word}" in result.stderr
    assert not out.exists()


def test_city_pictures_read_back_through_the_loader() -> None:
    data = json.loads((EXAMPLES / "in-progress.json").read_text())
    assert city_svg(city_from_json(data)) == picture(data)
