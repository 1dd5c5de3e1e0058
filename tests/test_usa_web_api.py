"""The Cities USA daily's JSON API answers exactly what ``cities usa ... --json`` and
``cities daily --game usa ... --json`` print on the same input, within the app's window of
dates and through its generation pool; bad bodies get a 4xx JSON error naming the field
(ASGI test client; no server, no browser)."""
from __future__ import annotations

import dataclasses
import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

import cli
from puzzles.common.files import puzzle_file
from puzzles.usa.archive import usa_cache_dir
from puzzles.usa.puzzle import UsaPuzzle, usa_puzzle_from_json
from puzzles.web.app import MAX_BODY, create_app
from solver.usa.game.cityfile import city_from_json
from solver.usa.game.components import load_components
from solver.usa.rules import legality
from solver.usa.svg import picture
from tests.support.usa_daily import shipped_usa

ROOT = Path(__file__).parent.parent
EXAMPLES = ROOT / "examples" / "usa"
DAY = dt.date(2026, 12, 2)  # in the shipped archive
LOCAL = "http://127.0.0.1"
runner = CliRunner()


@pytest.fixture(scope="module")
def made() -> UsaPuzzle:
    return shipped_usa(DAY)


@pytest.fixture
def cached(made: UsaPuzzle) -> UsaPuzzle:
    """The day's puzzle in this test's cache, so neither the CLI nor the server proves it."""
    path = puzzle_file(usa_cache_dir(), DAY)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(made.to_json()), encoding="utf-8")
    return made


@pytest.fixture
def client() -> TestClient:
    return TestClient(create_app(lambda: DAY), base_url=LOCAL)


def cli_json(*args: str) -> tuple[int, Any]:
    result = runner.invoke(cli.app, list(args))
    return result.exit_code, json.loads(result.stdout) if result.stdout.strip() else None


def example(name: str) -> Any:
    return json.loads((EXAMPLES / name).read_text())


@pytest.mark.parametrize("name", ["rulebook-scoring.json", "in-progress.json"])
def test_score_is_the_cli_json(client: TestClient, name: str) -> None:
    response = client.post("/api/usa/score", json=example(name))
    code, expected = cli_json("usa", "score", str(EXAMPLES / name), "--json")
    assert code == 0 and response.status_code == 200 and response.json() == expected


@pytest.mark.parametrize("action", [
    {"action": "tile", "tile": "city-14", "at": [2, 1], "rotation": 0},
    {"action": "tile", "tile": "city-05", "at": [0, 2], "rotation": 90},
    {"action": "bridge", "at": [1, 1], "arm": "N"},
    {"action": "building", "color": "blue", "space": [2, 3]},
    {"action": "feature", "feature": "bench-1", "space": [3, 2]},
])
def test_check_is_the_cli_json(client: TestClient, action: dict[str, Any]) -> None:
    state = EXAMPLES / "in-progress.json"
    response = client.post("/api/usa/check", json={"state": example("in-progress.json"),
                                                    "action": action})
    code, expected = cli_json("usa", "check", str(state), "--action", json.dumps(action),
                              "--json")
    assert code == 0 and response.status_code == 200 and response.json() == expected


def test_check_of_the_example_action_file(client: TestClient) -> None:
    response = client.post("/api/usa/check", json={"state": example("in-progress.json"),
                                                    "action": example("action-tile.json")})
    code, expected = cli_json("usa", "check", str(EXAMPLES / "in-progress.json"), "--action",
                              str(EXAMPLES / "action-tile.json"), "--json")
    assert code == 0 and response.json() == expected and expected["legal"]


@pytest.mark.parametrize("tile", ["city-14", "city-05", "city-02"])
def test_moves_is_the_cli_json(client: TestClient, tile: str) -> None:
    response = client.post("/api/usa/moves", json={"state": example("in-progress.json"),
                                                    "tile": tile})
    code, expected = cli_json("usa", "moves", str(EXAMPLES / "in-progress.json"), "--tile",
                              tile, "--json")
    assert code == 0 and response.status_code == 200 and response.json() == expected


def test_daily_is_the_cli_json_without_the_solution(client: TestClient,
                                                   cached: UsaPuzzle) -> None:
    response = client.get(f"/api/usa/daily/{DAY}")
    code, expected = cli_json("daily", "--game", "usa", "--date", str(DAY), "--json")
    assert code == 0 and response.status_code == 200 and response.json() == expected
    assert "solution" not in response.json()


def test_grade_is_the_cli_json(client: TestClient, cached: UsaPuzzle, tmp_path: Path) -> None:
    code, solution = cli_json("daily", "--game", "usa", "--date", str(DAY), "--solution",
                              "--json")
    assert code == 0
    answer = tmp_path / "answer.json"
    answer.write_text(json.dumps(solution))
    response = client.post("/api/usa/grade", json={"date": str(DAY), "answer": solution})
    code, expected = cli_json("daily", "--game", "usa", "--date", str(DAY), "--check",
                              str(answer), "--json")
    assert code == 0 and response.status_code == 200 and response.json() == expected
    assert expected["percent"] == 100


def test_solution_is_the_cli_json_with_an_order_the_rules_accept(client: TestClient,
                                                                 cached: UsaPuzzle) -> None:
    response = client.get(f"/api/usa/solution/{DAY}")
    code, expected = cli_json("daily", "--game", "usa", "--date", str(DAY), "--solution",
                              "--json")
    assert code == 0 and response.status_code == 200 and response.json() == expected
    comps = load_components()
    solution = city_from_json(expected, comps)
    city = solution.with_changes(tiles={}, bridges=frozenset(), buildings={}, features={},
                                 cards=(), achievements=(), bridges_left=cached.pool.bridges)
    for action in expected["order"]:  # each step judged by the rules engine, in turn
        verdict = legality.check(city, action)
        assert verdict.legal, (action, verdict.reason)
        assert verdict.city is not None
        city = verdict.city
    assert set(city.tiles) == set(solution.tiles) and city.bridges == solution.bridges
    assert {at: (p.tile.id, p.rotation) for at, p in city.tiles.items()} == {
        at: (p.tile.id, p.rotation) for at, p in solution.tiles.items()}


def test_the_live_score_of_a_day_claims_achievements_as_its_grade(client: TestClient,
                                                                  cached: UsaPuzzle) -> None:
    solution = cached.to_json()["solution"]["city"]
    unclaimed = {**solution, "achievements": []}  # as the page builds it: nothing claimed
    grade = client.post("/api/usa/grade", json={"date": str(DAY), "answer": unclaimed}).json()
    live = client.post("/api/usa/view", json={"state": unclaimed, "date": str(DAY)}).json()
    assert live["score"]["total"] == grade["score"] == cached.optimum
    assert live["score"]["categories"] == grade["breakdown"]
    bare = client.post("/api/usa/view", json={"state": unclaimed}).json()  # no day: as it is
    assert bare["score"] == client.post("/api/usa/score", json=unclaimed).json()


def test_an_illegal_answer_is_graded_as_the_cli_grades_it(client: TestClient,
                                                         cached: UsaPuzzle,
                                                         tmp_path: Path) -> None:
    unfinished = example("in-progress.json")
    answer = tmp_path / "answer.json"
    answer.write_text(json.dumps(unfinished))
    response = client.post("/api/usa/grade", json={"date": str(DAY), "answer": unfinished})
    code, expected = cli_json("daily", "--game", "usa", "--date", str(DAY), "--check",
                              str(answer), "--json")
    assert code == 2 and not expected["legal"]  # the CLI prints the grade and exits 2
    assert response.status_code == 200 and response.json() == expected


@pytest.mark.parametrize("name", ["in-progress.json", "pool-small.json"])
def test_board_is_the_picture_cities_render_draws(client: TestClient, name: str) -> None:
    response = client.post("/api/usa/board", json=example(name))
    result = runner.invoke(cli.app, ["render", str(EXAMPLES / name), "--svg", "-"])
    assert response.status_code == 200 and response.headers["content-type"].startswith(
        "image/svg+xml")
    assert result.exit_code == 0 and response.text == result.stdout


def test_tile_pictures(client: TestClient) -> None:
    response = client.get("/api/usa/tile.svg", params={"tile": "city-07", "rotation": "90"})
    assert response.status_code == 200 and 'data-rotation="90"' in response.text
    assert client.get("/api/usa/tile.svg?tile=city-07").status_code == 200


@pytest.mark.parametrize("method,path,body,status,field", [
    ("post", "/api/usa/score", {"game": "cities-usa", "size": [0, 3]}, 400, "size"),
    ("post", "/api/usa/score", {"grid": ["F S"]}, 400, "game"),
    ("post", "/api/usa/score", [1, 2], 400, None),
    ("post", "/api/usa/check", {"state": {"game": "cities-usa"}}, 400, "action"),
    ("post", "/api/usa/check", {"action": {"action": "card"}}, 400, "state"),
    ("post", "/api/usa/check", {"state": {"game": "cities-usa", "size": "big"},
                                "action": {}}, 400, "state.size"),
    ("post", "/api/usa/check", {"state": {"game": "cities-usa"}, "action": 7}, 400, "action"),
    ("post", "/api/usa/check", {"state": {"game": "cities-usa"},
                                "action": {"action": "fly"}}, 400, "action.action"),
    ("post", "/api/usa/moves", {"state": {"game": "cities-usa"}}, 400, "tile"),
    ("post", "/api/usa/moves", {"state": {"game": "cities-usa"}, "tile": 5}, 400, "tile"),
    ("post", "/api/usa/moves", {"state": {"game": "cities-usa"}, "tile": "city-99"}, 400,
     "tile"),
    ("post", "/api/usa/moves", {"state": {"game": "x"}, "tile": "city-01"}, 400, "state.game"),
    ("post", "/api/usa/grade", {"date": str(DAY)}, 400, "answer"),
    ("post", "/api/usa/grade", {"answer": {}}, 400, "date"),
    ("post", "/api/usa/grade", {"date": "2026-13-01", "answer": {}}, 400, "date"),
    ("post", "/api/usa/grade", {"date": str(DAY), "answer": [1]}, 400, "answer"),
    ("post", "/api/usa/board", [1], 400, "body"),
    ("post", "/api/usa/board", {"game": "cities-usa", "size": [1, 9]}, 400, "size"),
    ("get", "/api/usa/daily/someday", None, 400, "date"),
    ("get", "/api/usa/daily/2041-03-03", None, 404, "date"),
    ("get", "/api/usa/daily/1999-01-01", None, 404, "date"),
    ("get", "/api/usa/solution/someday", None, 400, "date"),
    ("get", "/api/usa/solution/2041-03-03", None, 404, "date"),
    ("get", "/api/usa/progress/2041-03-03", None, 404, "date"),
    ("get", "/api/usa/tile.svg", None, 400, "tile"),
    ("get", "/api/usa/tile.svg?tile=city-99", None, 400, "tile"),
    ("get", "/api/usa/tile.svg?tile=city-01&rotation=45", None, 400, "rotation"),
    ("get", "/api/usa/tile.svg?tile=city-01&rotation=x", None, 400, "rotation"),
])
def test_bad_requests_get_a_4xx_json_error_naming_the_field(
        client: TestClient, method: str, path: str, body: Any, status: int,
        field: str | None) -> None:
    response = (client.post(path, json=body) if method == "post" else client.get(path))
    assert response.status_code == status, response.text
    answer = response.json()
    assert answer["field"] == field and answer["error"]
    assert "\n" not in answer["error"] and "Traceback" not in answer["error"]


@pytest.mark.parametrize("path", ["/api/usa/score", "/api/usa/check", "/api/usa/moves",
                                  "/api/usa/grade", "/api/usa/board"])
def test_bodies_are_size_limited_and_must_be_json(client: TestClient, path: str) -> None:
    big = client.post(path, content=b"{" + b" " * MAX_BODY + b"}")
    assert big.status_code == 413 and big.json()["field"] == "body"
    broken = client.post(path, content=b"{not json")
    assert broken.status_code == 400 and broken.json()["field"] == "body"


async def generation_refused(pool: Any, job: Any) -> Any:
    raise AssertionError(f"{job.game} {job.day} was generated")


@pytest.mark.parametrize("any_date,date,answer,status,field", [
    (True, "2041-03-03", 5, 400, "answer"),  # the answer is refused before the date is made
    (False, "2041-03-03", {}, 404, "date"),  # outside the window: refused, nothing made
    (False, "1999-01-01", {}, 404, "date"),
])
def test_bodies_and_dates_are_checked_before_any_puzzle_is_made(
        monkeypatch: Any, any_date: bool, date: str, answer: Any, status: int,
        field: str) -> None:
    from puzzles.web.pool import Puzzles

    monkeypatch.setattr(Puzzles, "_make", generation_refused)
    with TestClient(create_app(lambda: DAY, any_date=any_date), base_url=LOCAL) as client:
        graded = client.post("/api/usa/grade", json={"date": date, "answer": answer})
        assert graded.status_code == status and graded.json()["field"] == field
        if status == 404:
            assert str(DAY + dt.timedelta(days=1)) in graded.json()["error"]
            assert client.get(f"/api/usa/daily/{date}").status_code == 404


def test_a_date_not_cached_is_made_once_through_the_pool(monkeypatch: Any,
                                                         made: UsaPuzzle) -> None:
    from puzzles.web.pool import Generation, Puzzles

    later = dt.date(2027, 2, 2)  # after the shipped archive: made on demand
    made_later = dataclasses.replace(made, date=later)
    calls: list[tuple[str, str]] = []

    async def make(self: Puzzles, job: Generation) -> Any:
        calls.append((job.game, str(job.day)))
        job.progress = "candidate 1: best 10, bound 14 (0 s)"
        return made_later

    monkeypatch.setattr(Puzzles, "_make", make)
    with TestClient(create_app(lambda: later), base_url=LOCAL) as client:
        assert client.get(f"/api/usa/progress/{later}").json()["progress"] == ""
        first = client.get(f"/api/usa/daily/{later}")
        again = client.get(f"/api/usa/daily/{later}")
        assert first.status_code == 200 and first.json() == again.json()
        assert first.json() == made_later.to_json(solution=False)
        assert calls == [("usa", str(later))]  # the Cities USA puzzle, made once
        assert client.get(f"/api/usa/progress/{later}").json()["progress"] == "ready"
        assert client.get(f"/api/progress/{later}").json()["progress"] == ""  # games apart


def test_a_shipped_date_is_served_without_making_it(monkeypatch: Any, made: UsaPuzzle) -> None:
    from puzzles.web.pool import Puzzles

    monkeypatch.setattr(Puzzles, "_make", lambda self, job: pytest.fail("made"))
    with TestClient(create_app(lambda: DAY), base_url=LOCAL) as client:
        assert client.get(f"/api/usa/daily/{DAY}").json() == made.to_json(solution=False)


def test_the_maker_process_makes_a_cities_usa_puzzle(cached: UsaPuzzle) -> None:
    """The pool's maker, run as the server runs it (the cached puzzle: no proof needed)."""
    done = subprocess.run([sys.executable, "-m", "puzzles.web.maker", str(DAY),
                           str(os.getpid()), "usa"], capture_output=True, text=True,
                          cwd=ROOT, timeout=120, env=os.environ.copy())
    assert done.returncode == 0, done.stdout
    last = json.loads(done.stdout.splitlines()[-1])
    assert usa_puzzle_from_json(last["puzzle"]).to_json() == cached.to_json()


def test_the_board_of_a_daily_puzzle_is_its_picture(client: TestClient,
                                                   cached: UsaPuzzle) -> None:
    data = client.get(f"/api/usa/daily/{DAY}").json()
    response = client.post("/api/usa/board", json=data)
    assert response.status_code == 200 and response.text == picture(data)


def test_play_applies_the_action_as_the_rules_engine_does(client: TestClient) -> None:
    from solver.usa.game.cityfile import city_to_json
    from solver.usa.rules import legality

    state = example("in-progress.json")
    action = example("action-tile.json")
    played = client.post("/api/usa/play", json={"state": state, "action": action}).json()
    checked = client.post("/api/usa/check", json={"state": state, "action": action}).json()
    assert {k: v for k, v in played.items() if k != "state"} == checked
    city = city_from_json(state, load_components())
    assert played["state"] == city_to_json(legality.check(city, action).city)  # forced bridge in
    assert played["state"]["bridges_left"] == state.get("bridges_left", 3) - checked["must_fix"]
    wrong = {"action": "building", "color": "black", "space": [2, 3]}
    refused = client.post("/api/usa/play", json={"state": state, "action": wrong}).json()
    assert refused["legal"] is False and "state" not in refused
    assert refused["reason"] == client.post(
        "/api/usa/check", json={"state": state, "action": wrong}).json()["reason"]
    bad = client.post("/api/usa/play", json={"state": state, "action": "tile"})
    assert bad.status_code == 400 and bad.json()["field"] == "action"


def test_view_draws_names_and_scores_the_city(client: TestClient) -> None:
    state = example("in-progress.json")
    view = client.post("/api/usa/view", json={"state": state}).json()
    assert view["svg"] == client.post("/api/usa/board", json=state).text
    assert view["score"] == client.post("/api/usa/score", json=state).json()
    city = city_from_json(state, load_components())
    assert len(view["places"]) == len(city.tiles) and len(view["spaces"]) == 4 * len(city.tiles)
    assert view["bridges_left"] == city.remaining_bridges
    for place in view["places"]:
        assert city.tiles[tuple(place["at"])].tile.id == place["tile"]


@pytest.mark.parametrize("prepare", [True, False])
def test_todays_and_tomorrows_puzzles_are_made_ahead_unless_told_not(
        monkeypatch: Any, made: UsaPuzzle, prepare: bool) -> None:
    from puzzles.web.pool import Generation, Puzzles

    calls: list[tuple[str, str]] = []

    async def make(self: Puzzles, job: Generation) -> Any:
        calls.append((job.game, str(job.day)))
        return made

    monkeypatch.setattr(Puzzles, "_make", make)
    far = dt.date(2040, 1, 1)
    with TestClient(create_app(lambda: far, prepare=prepare), base_url=LOCAL) as client:
        if prepare:
            assert client.get("/api/usa/daily/2040-01-02").status_code == 200
    usa = sorted(day for game, day in calls if game == "usa")
    assert usa == (["2040-01-01", "2040-01-02"] if prepare else [])  # made once each, unasked
    assert prepare or calls == []


def test_a_cached_day_is_not_made_ahead(monkeypatch: Any, made: UsaPuzzle) -> None:
    from puzzles.web.pool import Generation, Puzzles

    later = dt.date(2027, 2, 2)  # after the shipped archive, in this test's cache
    kept = dataclasses.replace(made, date=later)
    path = puzzle_file(usa_cache_dir(), later)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(kept.to_json()), encoding="utf-8")
    calls: list[tuple[str, str]] = []

    async def make(self: Puzzles, job: Generation) -> Any:
        calls.append((job.game, str(job.day)))
        return dataclasses.replace(made, date=job.day)

    monkeypatch.setattr(Puzzles, "_make", make)
    with TestClient(create_app(lambda: later, prepare=True), base_url=LOCAL) as client:
        assert client.get(f"/api/usa/daily/{later}").json() == kept.to_json(solution=False)
        client.get(f"/api/usa/daily/{later + dt.timedelta(days=1)}")
    assert [day for game, day in calls if game == "usa"] == [str(later + dt.timedelta(days=1))]
