"""City pictures: well-formed SVG, one group per space, every tile readable without colour,
duplexes drawn whole, landscape and bridges drawn; ``cities render`` and ``score --svg``."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given
from typer.testing import CliRunner

import cli
from solver.twocities.game.city import City
from solver.twocities.game.components import load_components
from solver.twocities.game.pool import pool_from_json
from solver.twocities.game.tiles import parse_tile
from solver.twocities.svg import CELL, COLOUR, city_svg, label_of, picture, tile_svg
from tests.strategies import cities

EXAMPLES = Path(__file__).parent.parent / "examples"
NS = {"s": "http://www.w3.org/2000/svg"}
runner = CliRunner()


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def cell_groups(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter("{http://www.w3.org/2000/svg}g")
            if "cell" in g.get("class", "").split()]


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]


@given(cities())
def test_every_space_is_one_group_with_its_coordinates_and_its_word(city: City) -> None:
    root = parse(city_svg(city))
    groups = cell_groups(root)
    assert sorted((int(g.get("data-r")), int(g.get("data-c"))) for g in groups) == sorted(
        city.cells())
    words = " ".join(texts(root))
    for _, b in city.buildings():
        assert all(w in words for w in label_of(b))
    assert root.get("width") == str(city.size * CELL)


def test_types_tavern_kinds_and_civics_are_told_apart_by_colour_and_word() -> None:
    comps = load_components()
    tokens = ["F", "S", "P", "O", "H", "Tf", "Td", "Tm", "Tb", "C:library", "C:cathedral"]
    seen = {}
    for tok in tokens:
        svg = tile_svg(parse_tile(tok, comps.civics))
        root = parse(svg)
        seen[tok] = (" ".join(texts(root)), svg)
    assert len({words for words, _ in seen.values()}) == len(tokens)  # readable without colour
    for tok, (_, svg) in seen.items():
        b = parse_tile(tok, comps.civics)
        assert COLOUR[b.type] in svg
    assert len(set(COLOUR.values())) == len(COLOUR)
    assert "Library" in seen["C:library"][0] and "music" in seen["Tm"][0]


def test_landscape_and_bridges_are_drawn() -> None:
    city = City.from_notation("F ~ S / P ~ O / H ~ Tf ; bridges 0,0-0,2 2,0-2,2")
    root = parse(city_svg(city))
    classes = [g.get("class", "") for g in root.iter("{http://www.w3.org/2000/svg}g")]
    assert sum("landscape" in c.split() for c in classes) == 3
    assert sum(c == "bridge" for c in classes) == 2


def test_a_duplex_is_one_tile_across_its_two_cells() -> None:
    city = City.from_notation("F O / P H")
    pieces = [(parse_tile("F|O"), ((0, 0), (0, 1))), (parse_tile("P"), ((1, 0),)),
              (parse_tile("H"), ((1, 1),))]
    root = parse(city_svg(city, pieces))
    duplexes = [g for g in root.iter("{http://www.w3.org/2000/svg}g")
                if g.get("class") == "duplex"]
    assert len(duplexes) == 1
    frame = [r for r in duplexes[0].iter("{http://www.w3.org/2000/svg}rect")
             if r.get("fill") == "none"][0]
    assert float(frame.get("width")) > CELL and float(frame.get("height")) < CELL
    assert "duplex F|O" in ET.tostring(frame, encoding="unicode")
    vertical = parse(tile_svg(parse_tile("P/H")))
    assert (vertical.get("width"), vertical.get("height")) == (str(CELL), str(2 * CELL))


@pytest.mark.parametrize("name", ["rulebook-shops.json", "pool-standard.json",
                                  "pool-pair.json", "pool-beginner.json",
                                  "state-round2-riverside.json"])
def test_each_kind_of_file_draws(name: str) -> None:
    data = json.loads((EXAMPLES / name).read_text())
    root = parse(picture(data))
    assert cell_groups(root)


def test_a_pool_shows_its_mat_and_every_tile_of_its_tray() -> None:
    data = json.loads((EXAMPLES / "pool-standard.json").read_text())
    pool = pool_from_json(data)
    root = parse(picture(data))
    boards = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "board"]
    assert len(boards) == len(pool.mats) + len(pool.tiles)
    assert any(pool.mats[0].name in t for t in texts(root))


def test_solve_output_draws_its_duplexes() -> None:
    grid = ["F O P H", "P H F S", "S F O P", "H P S F"]
    singles = [{"tile": t, "cells": [[r, c]]} for r, row in enumerate(grid)
               for c, t in enumerate(row.split()) if r or c > 1]
    data = {"city": {"grid": grid},
            "placements": [{"tile": "F|O", "cells": [[0, 0], [0, 1]]}, *singles]}
    assert 'class="duplex"' in picture(data)


def test_cli_render_writes_svg_and_png(tmp_path: Path) -> None:
    svg, png = tmp_path / "out" / "city.svg", tmp_path / "city.png"
    result = runner.invoke(cli.app, ["render", str(EXAMPLES / "rulebook-shops.json"),
                                     "--svg", str(svg), "--png", str(png)])
    assert result.exit_code == 0 and result.stdout == ""
    assert parse(svg.read_text()).get("width")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_cli_score_svg_writes_the_picture_beside_the_breakdown(tmp_path: Path) -> None:
    out = tmp_path / "city.svg"
    plain = runner.invoke(cli.app, ["score", str(EXAMPLES / "rulebook-shops.json"), "--json"])
    drawn = runner.invoke(cli.app, ["score", str(EXAMPLES / "rulebook-shops.json"), "--json",
                                    "--svg", str(out)])
    assert drawn.exit_code == 0 and drawn.stdout == plain.stdout
    assert cell_groups(parse(out.read_text()))


@pytest.mark.parametrize("args,words", [
    (["render", "EX/rulebook-shops.json"], "--svg"),
    (["render", "EX/table-districts.json", "--svg", "OUT"], "table file"),
    (["render", "EX/missing.json", "--svg", "OUT"], "missing.json"),
    (["render", "BAD", "--svg", "OUT"], "grid row 0, column 1"),
])
def test_cli_render_bad_input_is_one_line_and_writes_nothing(
        tmp_path: Path, args: list[str], words: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"grid": ["F X", "S P"]}))
    out = tmp_path / "out.svg"
    argv = [a.replace("EX", str(EXAMPLES)).replace("OUT", str(out)).replace("BAD", str(bad))
            for a in args]
    result = runner.invoke(cli.app, argv)
    assert result.exit_code == 2 and result.stdout == ""
    assert words in result.stderr and result.stderr.count("\n") == 1
    assert not out.exists() and list(tmp_path.iterdir()) == [bad]
