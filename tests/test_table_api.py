"""The Table mode's JSON API answers as the CLI's ``--json`` does on the same input (ASGI
test client; the jobs run in their own processes, as on a server)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from puzzles.web.app import create_app
from solver.twocities.game.components import load_components
from tests.support.cli import cli_json

EXAMPLES = Path(__file__).parent.parent / "examples"
runner = CliRunner()
LOCAL = "http://127.0.0.1"
#: The tiles still to come for examples/state-river-bend.json (3 singles placed in round 1).
RIVER_BEND_TO_COME = ["F", "S", "P", "H", "O", "Tm", "F", "S", "P", "H", "O", "Tb", "S", "S",
                      "P", "H", "F|O", "P/H"]


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), base_url=LOCAL)  # one app: one pool of jobs


def example(name: str) -> Any:
    return json.loads((EXAMPLES / name).read_text())


@pytest.mark.parametrize("name", ["rulebook-shops.json", "table-districts.json"])
def test_score_is_the_cli_json(client: TestClient, name: str) -> None:
    response = client.post("/api/table/score", json=example(name))
    code, expected = cli_json("score", str(EXAMPLES / name), "--json")
    assert code == 0 and response.status_code == 200 and response.json() == expected


def test_usa_score_is_the_cli_json(client: TestClient) -> None:
    name = "usa/rulebook-scoring.json"
    response = client.post("/api/table/usa/score", json=example(name))
    code, expected = cli_json("usa", "score", str(EXAMPLES / name), "--json")
    assert code == 0 and response.status_code == 200 and response.json() == expected


def test_moves_and_the_reason_of_a_dead_end_are_the_cli_json(client: TestClient) -> None:
    name = "state-dead-end-canal.json"
    response = client.post("/api/table/moves", json={"state": example(name), "tile": "F"})
    code, expected = cli_json("moves", str(EXAMPLES / name), "--tile", "F", "--json")
    assert code == 0 and response.status_code == 200 and response.json() == expected
    assert [3, 3] not in expected["positions"]
    refused = client.post("/api/table/check", json={"state": example(name), "tile": "F",
                                                    "at": [3, 3]})
    code, verdict = cli_json("check", str(EXAMPLES / name), "--tile", "F", "--at", "3,3",
                             "--json")
    assert code == 0 and refused.json() == verdict
    assert verdict["legal"] is False and verdict["rule"] == "dead-end"
    assert "duplexes" in verdict["reason"]


def test_check_in_a_game_names_the_hand(client: TestClient) -> None:
    name = "game-standard-3p-round1.json"
    body = {"state": example(name), "city": 1, "tile": "F|O", "at": [0, 0]}
    code, expected = cli_json("check", str(EXAMPLES / name), "--city", "1", "--tile", "F|O",
                              "--at", "0,0", "--json")
    assert client.post("/api/table/check", json=body).json() == expected


def test_usa_check_and_moves_are_the_cli_json(client: TestClient) -> None:
    state = example("usa/in-progress.json")
    action = example("usa/action-tile.json")
    response = client.post("/api/table/usa/check", json={"state": state, "action": action})
    code, expected = cli_json("usa", "check", str(EXAMPLES / "usa/in-progress.json"),
                              "--action", str(EXAMPLES / "usa/action-tile.json"), "--json")
    assert code == 0 and response.json() == expected
    tile = action["tile"]
    response = client.post("/api/table/usa/moves", json={"state": state, "tile": tile})
    code, expected = cli_json("usa", "moves", str(EXAMPLES / "usa/in-progress.json"),
                              "--tile", tile, "--json")
    assert code == 0 and response.json() == expected


def test_a_best_finish_is_cities_solve_on_the_equivalent_pool(client: TestClient,
                                                              tmp_path: Path) -> None:
    body = {"state": example("state-river-bend.json"), "tiles": RIVER_BEND_TO_COME}
    pool = client.post("/api/table/pool", json=body).json()
    assert pool["fixed"] == example("state-river-bend.json")["placed"]
    (tmp_path / "pool.json").write_text(json.dumps(pool))
    code, expected = cli_json("solve", str(tmp_path / "pool.json"), "--json")
    answer = client.post("/api/table/solve", json={**body, "time_limit": 60}).json()
    assert code == 0 and expected["status"] == "optimal"
    assert (answer["status"], answer["score"], answer["bound"]) == \
        (expected["status"], expected["score"], expected["bound"])
    assert len(answer["placements"]) == len(expected["placements"]) == 13 + 2  # the tiles to come


def test_a_streamed_solve_says_its_progress_then_the_answer(client: TestClient) -> None:
    body = {"state": example("state-river-bend.json"), "tiles": RIVER_BEND_TO_COME,
            "stream": True}
    response = client.post("/api/table/solve", json=body)
    events = [json.loads(line) for line in response.text.splitlines()]
    assert response.headers["content-type"].startswith("application/x-ndjson")
    assert all("progress" in e for e in events[:-1]) and "result" in events[-1]
    assert events[-1]["result"]["status"] == "optimal"


def test_the_box_is_the_tiles_the_city_has_not_used(client: TestClient) -> None:
    body = {"state": example("state-river-bend.json"), "tiles": "box"}
    pool = client.post("/api/table/pool", json=body).json()
    comps = load_components()
    box = Counter(comps.single_pool(civics=True)) + Counter(d.token for d in comps.duplexes)
    box.subtract(p["tile"] for p in example("state-river-bend.json")["placed"])
    assert Counter(pool["tiles"]) == +box


def test_advice_is_cities_advise(client: TestClient) -> None:
    name = "game-standard-3p-round1.json"
    options = ["--samples", "8", "--positions", "1", "--seed", "5"]
    code, expected = cli_json("advise", str(EXAMPLES / name), *options, "--json")
    answer = client.post("/api/table/advise", json={
        "game": example(name), "samples": 8, "positions": 1, "seed": 5}).json()
    assert code == 0
    assert {k: v for k, v in answer.items() if k != "seconds"} == \
        {k: v for k, v in expected.items() if k != "seconds"}  # the time it took apart
    assert answer["choices"][0] == expected["choices"][0]


@pytest.mark.parametrize("body,where", [
    ({"state": {"mat": "lake"}, "tiles": ["F"]}, "tiles"),
    ({"state": "x", "tiles": []}, "state"),
    ({"tiles": []}, "state"),
    ({"state": {"mat": "river-bend"}, "tiles": ["F"] * 30, "time_limit": 0}, "time_limit"),
    ({"state": {"mat": "river-bend"}, "tiles": ["F"] * 30, "time_limit": 10_000},
     "time_limit"),
])
def test_a_bad_solve_is_refused_before_any_work(client: TestClient, body: Any,
                                                where: str) -> None:
    response = client.post("/api/table/solve", json=body)
    assert response.status_code == 400 and response.json()["field"].startswith(where)


def test_a_usa_solve_is_cities_usa_solve(client: TestClient) -> None:
    name = "usa/pool-small.json"
    code, expected = cli_json("usa", "solve", str(EXAMPLES / name), "--json")
    answer = client.post("/api/table/usa/solve", json={"pool": example(name)}).json()
    assert code == 0 and expected["status"] == "optimal"
    assert (answer["status"], answer["score"], answer["bound"]) == \
        (expected["status"], expected["score"], expected["bound"])


@pytest.mark.parametrize("path,body,where", [
    ("/api/table/advise", {"game": 5}, "game"),
    ("/api/table/advise", {"game": {"players": ["P1"], "cities": []}}, "game"),
    ("/api/table/usa/solve", {"pool": 5}, "pool"),
    ("/api/table/usa/game/new", {"variant": "solo", "players": 3}, "players"),
    ("/api/table/usa/game/new", {"seed": -1}, "seed"),
    ("/api/table/game/new", {"players": 9}, "players"),
    ("/api/table/game/new", {"seat": "P7"}, "seat"),
    ("/api/table/game/turn", {"decisions": []}, "game"),
    ("/api/table/check", {"state": {"mat": "lake"}, "tile": "F", "at": "0,0"}, "at"),
])
def test_a_bad_body_is_a_400_naming_the_field(client: TestClient, path: str, body: Any,
                                              where: str) -> None:
    response = client.post(path, json=body)
    assert response.status_code == 400 and response.json()["field"].startswith(where), \
        response.json()


def _first_choice(need: dict[str, Any]) -> dict[str, Any]:
    if need["kind"] == "pick":
        return {"pick": [0, 1]}
    if need["kind"] == "keep":
        return {"keep": 0}
    if need["kind"] == "assign":
        return {"assign": need["tiles"]}
    return {"place": need["positions"][-1]}


@pytest.mark.simulation
def test_a_whole_game_against_two_greedy_bots_ends_as_the_cli_scores_it(
        client: TestClient, tmp_path: Path) -> None:
    state = client.post("/api/table/game/new", json={"players": 3, "bots": ["greedy"],
                                                     "seed": 11}).json()
    decisions: list[Any] = []
    asked = 0
    while state["need"] is not None:
        decisions = decisions[:state["decided"]] + [_first_choice(state["need"])]
        state = client.post("/api/table/game/turn", json={
            "game": state["game"], "seat": "P1", "bots": ["greedy"],
            "decisions": decisions}).json()
        assert "error" not in state, state
        asked += 1
        assert asked < 200
    assert state["over"] is True
    (tmp_path / "final.json").write_text(json.dumps(state["game"]))
    code, expected = cli_json("score", str(tmp_path / "final.json"), "--json")
    assert code == 0
    assert {k: v for k, v in state["standings"].items() if k != "fallbacks"} == expected


def test_a_bad_decision_names_it(client: TestClient) -> None:
    state = client.post("/api/table/game/new", json={"players": 3, "seed": 2}).json()
    body = {"game": state["game"], "decisions": [{"pick": [0, 0]}]}
    response = client.post("/api/table/game/turn", json=body)
    assert response.status_code == 400 and response.json()["field"] == "decisions[0]"
    body["decisions"] = [{"place": [0, 0]}]
    assert client.post("/api/table/game/turn", json=body).json()["field"] == "decisions[0]"
    body["bots"] = ["nobody"]
    assert client.post("/api/table/game/turn", json=body).json()["field"] == "bots"


def _usa_choice(client: TestClient, need: dict[str, Any]) -> dict[str, Any]:
    if need["kind"] == "start":
        return {"start": need["tiles"][0]}
    if need["kind"] == "space":
        return {"space": need["options"][0]}
    city, actions = need["city"], []
    for item in need["items"]:
        moves = client.post("/api/table/usa/moves", json={"state": city, "tile": item})
        if moves.status_code != 200:
            continue  # not a tile: a piece or feature the player leaves aside
        found = moves.json()["moves"]
        if found:
            m = found[0]
            actions.append({"action": "tile", "tile": item, "at": m["at"],
                            "rotation": m["rotation"],
                            "bridges": m["bridge_choices"][0]})
    return {"place": actions}


@pytest.mark.simulation
def test_a_solo_game_against_the_builders_guild_ends_as_cities_usa_play_scores(
        client: TestClient, tmp_path: Path) -> None:
    state = client.post("/api/table/usa/game/new", json={"variant": "solo", "seed": 3}).json()
    assert "error" not in state, state
    decisions: list[Any] = []
    asked = 0
    while state["need"] is not None:
        decisions = decisions[:state["decided"]] + [_usa_choice(client, state["need"])]
        state = client.post("/api/table/usa/game/turn", json={
            "game": state["game"], "decisions": decisions}).json()
        assert "error" not in state, state
        asked += 1
        assert asked < 200
    assert state["over"] is True
    standings = state["standings"]
    assert standings["over"] and standings["variant"] == "solo"
    for row in standings["standings"]:
        (tmp_path / "city.json").write_text(json.dumps(state["game"]["cities"][row["player"]]))
        code, expected = cli_json("usa", "score", str(tmp_path / "city.json"), "--json")
        assert code == 0 and expected["total"] == row["score"]
        assert expected["categories"] == row["categories"]


def test_a_city_in_progress_is_scored_as_cities_score_scores_its_city_file(
        client: TestClient, tmp_path: Path) -> None:
    answer = client.post("/api/table/city", json={"state": example("state-river-bend.json")})
    assert answer.status_code == 200
    (tmp_path / "city.json").write_text(json.dumps(answer.json()["city"]))
    code, expected = cli_json("score", str(tmp_path / "city.json"), "--json")
    assert code == 0 and answer.json()["score"] == expected
    assert expected["total"] > 0
    assert answer.json()["city"]["bridges"], "the mat's bridge is in the city file"
    bad = client.post("/api/table/city", json={"state": {"mat": "nowhere"}})
    assert bad.status_code == 400 and bad.json()["field"].startswith("state")


def test_a_city_begun_is_scored_in_its_whole_square(client: TestClient) -> None:
    state = {"mat": "river-bend", "placed": [{"tile": "F", "at": [0, 2]}]}
    answer = client.post("/api/table/city", json={"state": state}).json()
    assert answer["city"]["grid"] == ["~ ~ F . .", ". ~ ~ . .", ". ~ . . .", ". . . . .",
                                      ". . . . ."]
    assert answer["score"]["categories"]["factory"] > 0
