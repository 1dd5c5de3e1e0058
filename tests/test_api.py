"""The Python API and the `cities score` command on the shipped examples."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

import cli
import solver
from solver import City, load_city, save_city, score_city

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()

def test_load_score_save_round_trip(tmp_path: Path) -> None:
    city = load_city(ROOT / "examples" / "rulebook-shops.json")
    assert score_city(city).categories["shop"] == 27
    save_city(city, tmp_path / "copy.json")
    assert load_city(tmp_path / "copy.json") == city
    assert not list(tmp_path.glob(".*.tmp"))  # the atomic write left nothing behind


def test_public_api_names() -> None:
    for name in solver.__all__:
        assert getattr(solver, name).__doc__ or name == "LANDSCAPE"


def test_cli_score_json_matches_api() -> None:
    path = ROOT / "examples" / "rulebook-shops.json"
    result = runner.invoke(cli.app, ["score", str(path), "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    expected = score_city(load_city(path))
    assert data == {"total": expected.total, "categories": expected.categories}
    assert list(data["categories"]) == ["factory", "shop", "tavern", "park", "office", "house",
                                        "civic", "district"]
    assert all(isinstance(v, int) for v in data["categories"].values())


def test_cli_score_prints_grid_and_breakdown() -> None:
    result = runner.invoke(cli.app, ["score", str(ROOT / "examples" / "rulebook-shops.json")])
    assert result.exit_code == 0
    assert "total" in result.stdout and "64" in result.stdout
    assert "Elementary School" in result.stdout


def test_cli_scores_a_table_with_standings() -> None:
    path = ROOT / "examples" / "table-districts.json"
    result = runner.invoke(cli.app, ["score", str(path), "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert [c["categories"]["district"] for c in data["cities"]] == [16, 3, 8, 9]
    standings = data["standings"]
    assert [s["player"] for s in standings] == ["Ann", "Di", "Bo", "Cy"]
    # Bo and Cy tie on their lower city; Bo's higher city (81 > 72) breaks the tie.
    assert standings[2]["final"] == standings[3]["final"]
    assert standings[2]["place"] == 3 and standings[3]["place"] == 4


def test_reconstructed_components_are_labelled() -> None:
    comps = solver.load_components()
    assert all(m.source == "reconstructed" for m in comps.mats.values())
    assert all("reconstructed" in m.label for m in comps.mats.values())
    assert sum(c.reconstructed for c in comps.civics.values()) == 20  # all but the school
    city = City.from_notation("C:library P F F / O . F F / H H H H / S S S S")
    result = runner.invoke(cli.app, ["score", "-"], input=json.dumps(city.to_json()))
    assert "Library (reconstructed)" in result.stdout


def test_components_match_the_rulebook_counts() -> None:
    comps = solver.load_components()
    per_type: dict[str, int] = {}
    for token, n in comps.singles.items():
        t = solver.parse_tile(token, comps.civics)
        per_type[t.type] = per_type.get(t.type, 0) + n
    for d in comps.duplexes:
        for half in (d.first, d.second):
            per_type[half.type] += 1
    assert per_type == {"factory": 24, "shop": 24, "tavern": 28, "park": 24, "office": 28,
                        "house": 28, "civic": 21}
    assert sum(n for t, n in comps.singles.items()) == 129
    assert len(comps.duplexes) == 24
    assert sum(d.horizontal for d in comps.duplexes) == 12
    for d in comps.duplexes:
        assert {d.first.type, d.second.type} not in ({"factory", "house"}, {"shop", "park"})
    assert len(comps.mats) == 7 and all(len(m.landscape) == 5 for m in comps.mats.values())
    assert len(comps.civics) == 21
    assert len({(c.likes, c.dislikes) for c in comps.civics.values()}) == 21
    assert sorted(comps.district_cards) == sorted(
        ["factory", "shop", "tavern", "park", "office", "house", "civic"])
    assert comps.district_scoring_tiles == ((9, 3), (8, 4), (7, 5))


def test_mat_bridges_cross_landscape() -> None:
    from solver.twocities.game.tiles import LANDSCAPE

    for mat in solver.load_components().mats.values():
        assert mat.bridges, mat.id
        for a, b in mat.bridges:
            assert a[0] == b[0] or a[1] == b[1], mat.id
            between = ([(a[0], c) for c in range(min(a[1], b[1]) + 1, max(a[1], b[1]))]
                       if a[0] == b[0] else
                       [(r, a[1]) for r in range(min(a[0], b[0]) + 1, max(a[0], b[0]))])
            assert between and all(mat.grid[r][c] is LANDSCAPE for r, c in between), mat.id


def test_atomic_writes_are_readable_by_others(tmp_path: Path) -> None:
    from solver.common.jsonio import write_json_atomic

    write_json_atomic(tmp_path / "x.json", {"a": 1})
    assert (tmp_path / "x.json").stat().st_mode & 0o777 == 0o644
    assert json.loads((tmp_path / "x.json").read_text()) == {"a": 1}
