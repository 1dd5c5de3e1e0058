"""Hostile bodies on the Table page's Cities USA endpoints (best finish, pool, bridges, check,
moves, score, games against the bots): every one is answered, or refused with a 4xx and one
line of JSON naming the field (``{"error", "field"}``), never a 500. The jobs run in this
process (``InlineJobs``) with their solves cut to half a second, so a body that passes its
checks is played or solved through to its answer."""

from __future__ import annotations

import asyncio
import copy
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.applications import Starlette
from starlette.testclient import TestClient

from puzzles.web.table import table_routes
from puzzles.web.table_jobs import Jobs
from solver.common.errors import CitiesError
from tests.support.fuzz import changed as changed_json
from tests.support.fuzz import json_values as values_of

EXAMPLES = Path(__file__).parent.parent / "examples"
IN_PROGRESS = json.loads((EXAMPLES / "usa" / "in-progress.json").read_text())
POOL = json.loads((EXAMPLES / "usa" / "pool-small.json").read_text())
ACTION = json.loads((EXAMPLES / "usa" / "action-tile.json").read_text())
START_2X2 = {"game": "cities-usa", "size": [2, 2],
             "tiles": [{"tile": "start-1", "at": [0, 0], "rotation": 0}]}
TO_COME = ["city-02", "city-14", "city-21"]
LOCAL = "http://127.0.0.1"
fuzz = settings(suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow], deadline=None, max_examples=40)


class InlineJobs(Jobs):
    """Each job run in this process as the worker runs it (``table_worker.run``), a solve
    given half a second at most."""

    async def events(self, task: dict[str, Any]) -> AsyncIterator[dict[str, Any]]:
        from puzzles.web.table_worker import run

        if "time_limit" in task:
            task = {**task, "time_limit": min(task["time_limit"], 0.5)}
        try:
            result = await asyncio.to_thread(run, task, lambda event: None)
        except CitiesError as err:
            yield {"error": str(err), "field": err.field}
        except Exception as err:  # the worker's answer to a bug: a 500 the tests refuse
            yield {"error": f"internal error ({type(err).__name__}: {err})", "field": None,
                   "status": 500}
        else:
            yield {"result": result}


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(Starlette(routes=table_routes(InlineJobs())), base_url=LOCAL)


def refused(response: Any, status: int = 400) -> dict[str, Any]:
    """A refusal as the endpoints give one: ``status``, one line of JSON naming the field."""
    assert response.status_code == status, (response.status_code, response.text[:300])
    answer = response.json()
    assert set(answer) == {"error", "field"}
    assert isinstance(answer["error"], str) and answer["error"]
    assert "\n" not in answer["error"] and "Traceback" not in answer["error"]
    return answer


def answered_or_refused(response: Any) -> None:
    """Any body: a 200 whose JSON is the answer (a stream: a line of JSON per event, the
    last the answer), or a 4xx refusal; never a 500."""
    if response.status_code == 200:
        lines = response.text.strip().splitlines()
        assert lines and all(isinstance(json.loads(line), dict) for line in lines)
        assert "internal error" not in lines[-1], lines[-1]
        return
    assert 400 <= response.status_code < 500, (response.status_code, response.text[:300])
    refused(response, response.status_code)


@pytest.fixture(scope="module")
def game_bodies(client: TestClient) -> dict[str, Any]:
    """A two-player game at the player's first worker space, and the turn choosing it."""
    new = {"variant": "two-player", "players": 2, "seat": "P1", "bots": ["random"], "seed": 3}
    first = client.post("/api/table/usa/game/new", json=new).json()
    start = {"start": first["need"]["tiles"][0]}
    turn = client.post("/api/table/usa/game/turn", json={
        "game": first["game"], "bots": ["random"], "decisions": [start]}).json()
    assert turn["need"]["kind"] == "space", turn
    return {"new": new, "turn": {"game": turn["game"], "seat": "P1", "bots": ["random"],
                                 "decisions": [{"space": turn["need"]["options"][0]}]}}


# --- a table of bad bodies and the field each refusal names ----------------------------------

FINISH = {"state": START_2X2, "tiles": TO_COME}
BAD_BODIES: list[tuple[str, Any, str, str]] = [
    # the best finish: what is still to come
    ("solve", {**FINISH, "pieces": {"black": True}}, "pieces.black", "whole number"),
    ("solve", {**FINISH, "pieces": {"black": 1.5}}, "pieces.black", "whole number"),
    ("solve", {**FINISH, "pieces": {"black": -5}}, "pieces.black", "whole number"),
    ("solve", {**FINISH, "pieces": {"pink": 1}}, "pieces", "unknown colour 'pink'"),
    ("solve", {**FINISH, "pieces": [1]}, "pieces", "colour: count"),
    ("solve", {**FINISH, "feature": ["wild"]}, "feature", "unknown key"),
    ("solve", {**FINISH, "pool": POOL}, "pool", "unknown key"),
    ("solve", {"pool": POOL, "tiles": TO_COME}, "tiles", "unknown key"),
    ("solve", {**FINISH, "achievements": [{"achievement": "green-lake", "points": 5.0}]},
     "achievements[0].points", "ring value"),
    ("solve", {**FINISH, "achievements": {"green-lake": 5}}, "achievements", "a list"),
    ("solve", {**FINISH, "tiles": "city-02"}, "tiles", "list of strings"),
    ("solve", {**FINISH, "tiles": None}, "tiles", "list of strings"),
    ("solve", {**FINISH, "tiles": ["city-02", "city-02", "city-14"]}, "tiles", "twice"),
    ("solve", {**FINISH, "tiles": ["city-99", "city-02", "city-14"]}, "tiles[0]",
     "unknown city tile"),
    ("solve", {**FINISH, "tiles": ["start-1", "city-02", "city-14"]}, "tiles", "already"),
    ("solve", {**FINISH, "tiles": ["city-02"]}, "tiles", "cannot fill"),
    ("solve", {**FINISH, "features": ["wild"] * 50}, "features", "the box has"),
    ("solve", {**FINISH, "tops": ["black"] * 100}, "tops", "the box has"),
    ("solve", {**FINISH, "time_limit": 1e308}, "time_limit", "at most"),
    ("solve", {**FINISH, "time_limit": -1}, "time_limit", "positive"),
    ("solve", {**FINISH, "time_limit": "5"}, "time_limit", "a number"),
    ("solve", {**FINISH, "stream": "yes"}, "stream", "true or false"),
    # the city in progress
    ("solve", {**FINISH, "state": {**START_2X2, "size": [99, 99]}}, "state.size", "1 to 5"),
    ("solve", {**FINISH, "state": {**START_2X2, "size": "2x2"}}, "state.size", "1 to 5"),
    ("solve", {**FINISH, "state": {**START_2X2, "tiles": [
        {"tile": "start-1", "at": [0, 0], "rotation": 7}]}}, "state.tiles[0].rotation", "7"),
    ("solve", {**FINISH, "state": {**START_2X2, "tiles": [
        {"tile": "start-1", "at": [5, -1]}]}}, "state.tiles[0].at", "outside"),
    ("solve", {**FINISH, "state": {**START_2X2, "tiles": [
        {"tile": "start-1", "at": [0, 0]}, {"tile": "start-1", "at": [0, 1]}]}},
     "state.tiles[1].tile", "twice"),
    ("solve", {**FINISH, "state": {**START_2X2, "tiles": [{"tile": "\ud7ff\u2603",
                                                          "at": [0, 0]}]}},
     "state.tiles[0].tile", "unknown tile"),
    ("solve", {**FINISH, "state": {"grid": ["F S", "P H"]}}, "state.game",
     "a Between Two Cities file?"),
    ("solve", {**FINISH, "state": None}, "state", "city file"),
    ("solve", [], "body", "JSON object"),
    # the other endpoints
    ("pool", {"state": IN_PROGRESS, "tiles": ["city-20"] * 6}, "tiles", "twice"),
    ("pool", {"state": IN_PROGRESS, "tiles": "city-20"}, "tiles", "list of strings"),
    ("bridges", {"state": {**IN_PROGRESS, "bridges_left": -3}}, "state.bridges_left", "0-2"),
    ("bridges", {"state": {**IN_PROGRESS, "bridges": [{"at": [1, 1], "arm": "Q"}]}},
     "state.bridges[0].arm", "not an arm"),
    ("bridges", {"state": IN_PROGRESS, "city": 1}, "city", "unknown key"),
    ("check", {"state": IN_PROGRESS, "action": {**ACTION, "rotation": 7}}, "action.rotation",
     "not a rotation"),
    ("check", {"state": IN_PROGRESS, "action": {**ACTION, "at": "2,1"}}, "action.at",
     "[row, col]"),
    ("check", {"state": IN_PROGRESS, "action": []}, "action", "action object"),
    ("moves", {"state": IN_PROGRESS, "tile": ["city-20"]}, "tile", "tile id"),
    ("score", {**IN_PROGRESS, "achievements": [{"achievement": "green-lake", "points": 5.0}]},
     "achievements[0].points", "ring value"),
    # games: a new one
    ("game/new", {"players": True}, "players", "a number"),
    ("game/new", {"players": 10 ** 20}, "players", "1 to 7"),
    ("game/new", {"variant": "solo", "players": 3}, "players", "solo"),
    ("game/new", {"variant": ["solo"]}, "variant", "unknown variant"),
    ("game/new", {"seed": -1}, "seed", "whole number"),
    ("game/new", {"seed": 1.5}, "seed", "whole number"),
    ("game/new", {"seat": "P9"}, "seat", "expected one of"),
    ("game/new", {"bots": {"P9": "greedy"}}, "bots", "a bot per seat"),
    ("game/new", {"bots": "chess"}, "bots", "unknown bot"),
    ("game/new", {"sead": 4}, "sead", "unknown key"),
    ("game/new", {"decisions": {}}, "decisions", "a list"),
]


@pytest.mark.parametrize("path,body,where,words", BAD_BODIES,
                         ids=[f"{p}-{i}" for i, (p, *_) in enumerate(BAD_BODIES)])
def test_a_bad_body_is_a_400_naming_its_field(client: TestClient, path: str, body: Any,
                                              where: str, words: str) -> None:
    answer = refused(client.post(f"/api/table/usa/{path}", json=body))
    assert answer["field"] == where and words in answer["error"], answer


def _game_file(base: dict[str, Any], change: str) -> Any:
    game = copy.deepcopy(base["game"])
    if change == "bots":
        game["bots"] = {"P1": "chess"}
    elif change == "other game":
        return json.loads((EXAMPLES / "game-standard-3p-round2.json").read_text())
    elif change == "an illegal move":  # a tile not beside the city
        game["actions"]["P2"][1]["at"] = [4, 4]
    elif change == "round":
        game["round"] = 10 ** 9
    return game


@pytest.mark.parametrize("change,where,words", [
    ("bots", "game.bots.P1", "unknown bot 'chess'"),
    ("other game", "game.game", "a Between Two Cities file?"),
    ("an illegal move", "game.actions.P2[1]", "not fully adjacent"),
    ("round", "game.round", "0-5"),
])
def test_a_bad_game_file_is_refused_naming_its_field(client: TestClient,
                                                     game_bodies: dict[str, Any], change: str,
                                                     where: str, words: str) -> None:
    body = {**game_bodies["turn"], "game": _game_file(game_bodies["turn"], change)}
    answer = refused(client.post("/api/table/usa/game/turn", json=body))
    assert answer["field"].startswith(where) and words in answer["error"], answer


def test_a_bad_turn_is_refused_naming_the_decision(client: TestClient,
                                                   game_bodies: dict[str, Any]) -> None:
    turn = game_bodies["turn"]
    for decisions, where in (([{"space": ["tiles", 10 ** 9]}], "decisions[0]"),
                             ([{"space": None}], "decisions[0]"),
                             ([{"start": "start-1"}], "decisions[0]"),
                             ([*turn["decisions"], {"place": "x"}], "decisions[1]"),
                             ({}, "decisions")):
        answer = refused(client.post("/api/table/usa/game/turn",
                                     json={**turn, "decisions": decisions}))
        assert answer["field"] == where, (decisions, answer)
    answer = refused(client.post("/api/table/usa/game/turn", json={**turn, "variant": "solo"}))
    assert answer["field"] == "variant"
    cut = json.dumps(turn)[:500]  # a game file cut short
    assert refused(client.post("/api/table/usa/game/turn", content=cut))["field"] == "body"


@pytest.mark.parametrize("raw,status", [
    (b'{"state": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", 413),
    (b"[" * 60 + b"]" * 60, 400),
    (b'{"state": ' + b"[" * 70 + b"]" * 70 + b"}", 400),
    (b'{"tiles": [NaN]}', 400),
    (b'{"time_limit": ' + b"9" * 40 + b"}", 400),
    (b'{"state": "\xff\xfe"}', 400),
    (b"x" * 10_000_000, 413),
    (b"", 400),
])
@pytest.mark.parametrize("path", ["solve", "pool", "bridges", "game/new", "game/turn"])
def test_a_body_that_cannot_be_read_is_refused(client: TestClient, path: str, raw: bytes,
                                               status: int) -> None:
    refused(client.post(f"/api/table/usa/{path}", content=raw), status)


# --- fuzz: one place of a good body changed ---------------------------------------------------

json_values = values_of(
    ["city-02", "city-20", "start-1", "start-2", "wild", "yacht-2", "black", "blue", "N", "E",
     "tile", "bridge", "green-lake", "nature-trails", "P1", "P2", "greedy", "random", "solo",
     "two-player", "tiles", "cards", 0, 90, 270, 7, -1, 2, 99],
    st.text(max_size=8) | st.sampled_from(["at", "tile", "arm", "space"]))


def changed(base: Any) -> st.SearchStrategy[Any]:
    """``base`` with one place changed, removed, or a key added."""
    return changed_json(base, json_values, add=True)


BASES: dict[str, Any] = {
    "solve": {**FINISH, "features": ["wild"], "pieces": {"black": 2}, "tops": ["black"],
              "cards": ["nature-trails"],
              "achievements": [{"achievement": "green-lake", "points": 5}],
              "time_limit": 0.5},
    "solve-pool": {"pool": POOL, "time_limit": 0.5, "stream": True},
    "pool": {"state": IN_PROGRESS, "tiles": [f"city-{i:02d}" for i in range(20, 26)]},
    "bridges": {"state": IN_PROGRESS},
    "check": {"state": IN_PROGRESS, "action": ACTION},
    "moves": {"state": IN_PROGRESS, "tile": "city-20"},
    "score": IN_PROGRESS,
}


@fuzz
@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(BASES))
@given(data=st.data())
def test_a_changed_body_is_answered_or_refused(client: TestClient, name: str,
                                               data: st.DataObject) -> None:
    body = data.draw(changed(BASES[name]))
    answered_or_refused(client.post(f"/api/table/usa/{name.split('-')[0]}", json=body))


@fuzz
@pytest.mark.slow
@pytest.mark.parametrize("kind", ["new", "turn"])
@given(data=st.data())
def test_a_changed_game_body_is_answered_or_refused(client: TestClient,
                                                    game_bodies: dict[str, Any], kind: str,
                                                    data: st.DataObject) -> None:
    body = data.draw(changed(game_bodies[kind]))
    answered_or_refused(client.post(f"/api/table/usa/game/{kind}", json=body))


def test_a_null_time_limit_is_the_default_never_none() -> None:
    from puzzles.web.table_common import SOLVE_SECONDS, seconds

    assert seconds({"time_limit": None}) == seconds({}) == SOLVE_SECONDS  # never unbounded
    assert seconds({"time_limit": None}, default=None) is None  # the advice's whole time
