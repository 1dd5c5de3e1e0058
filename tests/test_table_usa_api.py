"""The Table API's Cities USA helpers and the bots per seat: the voluntary bridges are the
rules engine's, the pool of a city in progress is what the city holds plus the tiles still to
come, and a game's bots may be named seat by seat (ASGI test client)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from puzzles.web.app import create_app
from solver.usa.game.cityfile import load_city
from solver.usa.game.pool import pool_from_json
from solver.usa.game.rulesets import variants
from solver.usa.rules.legality import place_bridge
from tests.support.cli import cli_json

EXAMPLES = Path(__file__).parent.parent / "examples"
IN_PROGRESS = EXAMPLES / "usa" / "in-progress.json"
LOCAL = "http://127.0.0.1"


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), base_url=LOCAL)


def test_setup_offers_every_variant_bot_and_piece(client: TestClient) -> None:
    setup = client.get("/api/table/usa/setup").json()
    assert sorted(setup["games"]) == sorted(variants())
    assert setup["games"]["solo"]["solo"] and setup["games"]["solo"]["players"] == [1, 1]
    assert setup["bots"] == ["random", "greedy", "solver"]
    assert {f["id"] for f in setup["features"]} >= {"yacht-2", "wild", "food-truck"}
    assert setup["colors"] == ["black", "blue", "white", "yellow"]
    assert all(a["points"] for a in setup["achievements"])


def test_the_voluntary_bridges_are_those_the_rules_engine_allows(client: TestClient) -> None:
    state = json.loads(IN_PROGRESS.read_text())
    answer = client.post("/api/table/usa/bridges", json={"state": state}).json()
    city = load_city(str(IN_PROGRESS))
    assert answer["bridges_left"] == city.remaining_bridges == 2
    offered = [(tuple(b["at"]), b["arm"]) for b in answer["bridges"]]
    assert offered
    for at, arm in offered:
        assert place_bridge(city, at, arm).legal
    refused = [(at, arm) for at in city.tiles for arm in "NESW" if (at, arm) not in offered]
    assert refused and not any(place_bridge(city, at, arm).legal for at, arm in refused)
    none_left = client.post("/api/table/usa/bridges",
                            json={"state": {**state, "bridges_left": 0}}).json()
    assert none_left["bridges"] == []
    bad = client.post("/api/table/usa/bridges", json={"state": 5})
    assert bad.status_code == 400 and bad.json()["field"] == "state"


def test_the_pool_of_a_city_is_what_it_holds_and_the_tiles_to_come(client: TestClient) -> None:
    state = json.loads(IN_PROGRESS.read_text())
    to_come = [f"city-{i:02d}" for i in range(20, 26)]
    pool = client.post("/api/table/usa/pool", json={"state": state, "tiles": to_come}).json()
    assert pool["start"] == "start-1"
    assert pool["tiles"] == ["city-16", "city-02", *to_come]
    assert pool["bridges"] == 3  # one built, two left
    assert pool["features"] == ["yacht-2"] and pool["cards"] == ["nature-trails"]
    assert pool["pieces"]["blue"] == 2 and pool["tops"] == []
    assert pool_from_json(pool).to_json() == pool  # a pool file the CLI reads as it is
    short = client.post("/api/table/usa/pool", json={"state": state, "tiles": to_come[:2]})
    assert short.status_code == 400 and "cannot fill" in short.json()["error"]
    empty = {**state, "tiles": [], "bridges": [], "buildings": [], "features": []}
    begun = client.post("/api/table/usa/pool", json={"state": empty, "tiles": to_come})
    assert begun.status_code == 400 and begun.json()["field"].startswith("state")


def _bots_of(answer: dict[str, Any]) -> list[str]:
    assert "error" not in answer, answer
    return list(answer["bots"])


def test_a_bot_kind_per_seat_by_name(client: TestClient) -> None:
    btc = client.post("/api/table/game/new", json={
        "players": 3, "seat": "P2", "bots": {"P1": "random", "P3": "greedy"}}).json()
    assert _bots_of(btc) == ["random", "random", "greedy"]  # P2, the player's, unused
    usa = client.post("/api/table/usa/game/new", json={
        "variant": "two-player", "players": 2, "bots": {"P2": "random"}}).json()
    assert _bots_of(usa) == ["random", "random"]
    for bots in ({"P9": "greedy"}, {}, {"P2": "chess"}):
        bad = client.post("/api/table/game/new", json={"players": 3, "bots": bots})
        assert bad.status_code == 400 and bad.json()["field"] == "bots", bots


START_2X2 = {"game": "cities-usa", "size": [2, 2],
             "tiles": [{"tile": "start-1", "at": [0, 0], "rotation": 0}]}


def test_a_best_finish_is_cities_usa_solve_of_the_city(client: TestClient,
                                                         tmp_path: Path) -> None:
    small = json.loads((EXAMPLES / "usa" / "pool-small.json").read_text())
    (tmp_path / "city.json").write_text(json.dumps(START_2X2))
    code, expected = cli_json("usa", "solve", str(tmp_path / "city.json"), "--tiles",
                              ",".join(small["tiles"]), "--json")
    answer = client.post("/api/table/usa/solve", json={
        "state": START_2X2, "tiles": small["tiles"]}).json()
    assert code == 0 and expected["status"] == "optimal"
    for key in ("status", "score", "bound"):
        assert answer[key] == expected[key], key
    held = {"tile": "start-1", "at": answer["shift"], "rotation": 0}
    assert held in answer["city"]["tiles"]  # the city as it stands, where the answer moved it


@pytest.mark.parametrize("body,where", [
    ({"state": START_2X2, "tiles": ["start-1", "city-02", "city-14"]}, "tiles"),
    ({"state": START_2X2, "tiles": ["city-02"]}, "tiles"),  # cannot fill the city
    ({"state": {**START_2X2, "bridges": [{"at": [0, 0], "arm": "E"}]},
      "tiles": ["city-02", "city-14", "city-21"]}, "state"),  # no bridge after the start
    ({"state": {**START_2X2, "tiles": []}, "tiles": ["city-02"]}, "state"),
])
def test_a_bad_finish_is_refused_before_any_solve(client: TestClient, body: Any,
                                                  where: str) -> None:
    response = client.post("/api/table/usa/solve", json=body)
    assert response.status_code == 400 and response.json()["field"].startswith(where)
