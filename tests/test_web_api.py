"""The web app's JSON API answers exactly what the CLI's ``--json`` prints, and bad requests
get a 4xx JSON error naming the field (ASGI test client; no server, no browser)."""

from __future__ import annotations

import inspect
import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from puzzles.web.app import MAX_BODY, create_app
from tests.support.cli import cli_json
from tests.web_play import DATES, puzzle, solution_moves

EXAMPLES = Path(__file__).parent.parent / "examples"
runner = CliRunner()
LOCAL = "http://127.0.0.1"  # a Host the app answers (loopback names only, unless told)


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), base_url=LOCAL)


@pytest.mark.parametrize("date", DATES, ids=str)
def test_daily_is_the_cli_json_without_the_solution(client: TestClient, date: Any) -> None:
    response = client.get(f"/api/daily/{date}")
    assert response.status_code == 200
    code, expected = cli_json("daily", "--date", str(date), "--json")
    assert code == 0 and response.json() == expected
    assert "solution" not in response.json()
    optimal_rows = puzzle(date).solution[0].rows
    assert not any(row in response.text for row in optimal_rows)


@pytest.mark.parametrize("name", ["rulebook-shops.json", "table-districts.json"])
def test_score_is_the_cli_json(client: TestClient, name: str) -> None:
    data = json.loads((EXAMPLES / name).read_text())
    response = client.post("/api/score", json=data)
    code, expected = cli_json("score", str(EXAMPLES / name), "--json")
    assert code == 0 and response.status_code == 200 and response.json() == expected


@pytest.mark.parametrize("name,tile", [("state-river-bend.json", "F"),
                                       ("state-round2-riverside.json", "F|O"),
                                       ("state-dead-end-canal.json", "P/H")])
def test_moves_is_the_cli_json(client: TestClient, name: str, tile: str) -> None:
    state = json.loads((EXAMPLES / name).read_text())
    response = client.post("/api/moves", json={"state": state, "tile": tile})
    code, expected = cli_json("moves", str(EXAMPLES / name), "--tile", tile, "--json")
    assert code == 0 and response.status_code == 200 and response.json() == expected


def test_moves_of_a_game_file_needs_the_city(client: TestClient) -> None:
    state = json.loads((EXAMPLES / "game-standard-3p-round2.json").read_text())
    response = client.post("/api/moves", json={"state": state, "tile": "F"})
    assert response.status_code == 400 and response.json()["field"] == "city"
    response = client.post("/api/moves", json={"state": state, "tile": "F", "city": 2})
    code, expected = cli_json("moves", str(EXAMPLES / "game-standard-3p-round2.json"),
                              "--city", "2", "--tile", "F", "--json")
    assert code == 0 and response.json() == expected


@pytest.mark.parametrize("name,tile,at", [("state-river-bend.json", "F", [-2, 2]),
                                          ("state-river-bend.json", "F", [0, 0]),
                                          ("state-river-bend.json", "F", [-3, -3]),
                                          ("state-dead-end-canal.json", "P/H", [0, 0])])
def test_verdict_is_the_cli_check_json(client: TestClient, name: str, tile: str,
                                       at: list[int]) -> None:
    state = json.loads((EXAMPLES / name).read_text())
    response = client.post("/api/verdict", json={"state": state, "tile": tile, "at": at})
    code, expected = cli_json("check", str(EXAMPLES / name), "--tile", tile, "--at",
                              f"{at[0]},{at[1]}", "--json")
    assert code == 0 and response.status_code == 200 and response.json() == expected
    assert expected["reason"]


@pytest.mark.parametrize("date", DATES, ids=str)
def test_the_solutions_order_is_played_legally_to_the_optimum(client: TestClient,
                                                              date: Any) -> None:
    order = client.get(f"/api/solution/{date}").json()["order"]
    for i, move in enumerate(order):  # every step among the rules engine's legal moves
        view = client.post("/api/board", json={"date": str(date), "placed": order[:i]}).json()
        legal = client.post("/api/moves", json={"state": view["state"],
                                                "tile": move["tile"]}).json()["positions"]
        assert move["at"] in legal, (i, move)
    view = client.post("/api/board", json={"date": str(date), "placed": order}).json()
    assert view["finished"]
    assert client.post("/api/score", json=view["city"]).json()["total"] == puzzle(date).optimum


def test_the_share_line_keeps_the_layout_secret_and_ends_with_the_address(
        client: TestClient) -> None:
    date = DATES[0]
    city = finished_city(client, date)
    address = f"http://127.0.0.1:8000/daily/{date}"
    grade = client.post("/api/check", json={"date": str(date), "answer": city,
                                            "address": address}).json()
    lines = grade["share"].splitlines()
    assert lines[0].startswith(f"Between Two Cities daily {date} (complete")
    assert f"{grade['optimum']}/{grade['optimum']} (100%)" in lines[0]
    assert lines[-1] == address
    bars = lines[1:-1]
    assert len(bars) == len(grade["breakdowns"][0])  # one bar per category, with its points
    for line, points in zip(bars, grade["breakdowns"][0].values(), strict=True):
        assert line.endswith(f" {points}") and line.count("▰") == min(15, -(-points // 2))
    assert not any(ch in grade["share"] for ch in "🟥🟩🟨⬛🟧🟪🟦🌊")  # no picture of the city
    bad = client.post("/api/check", json={"date": str(date), "answer": city,
                                          "address": "javascript:alert(1)"})
    assert bad.status_code == 400 and bad.json()["field"] == "address"


def test_the_board_draws_only_what_the_city_can_use_and_names_it(client: TestClient) -> None:
    date = DATES[1]  # choose: an empty mat
    pz = puzzle(date)
    n = pz.pool.rules.size
    order = pz.solution_order()
    view = client.post("/api/board", json={"date": str(date), "placed": []}).json()
    for token, words in view["tiles"].items():  # in words, not tokens
        assert words.endswith(" duplex") if ("|" in token or "/" in token) else \
            words != token and ":" not in words and len(words) > 2, (token, words)
    assert all(w == "landscape" for w in view["names"].values())
    rows = view["rows"][1] - view["rows"][0] + 1
    assert rows == 2 * n - (pz.pool.mat.height if pz.pool.mat else 1)
    view = client.post("/api/board", json={"date": str(date), "placed": order}).json()
    assert view["rows"][1] - view["rows"][0] + 1 == n == view["cols"][1] - view["cols"][0] + 1
    assert len(view["names"]) == n * n  # every space built or landscape, each named in words
    assert set(view["tiles"]) == {t.token for t in pz.pool.tiles}


def test_today_says_whether_every_date_is_served_and_the_archive_its_kinds() -> None:
    import datetime as dt

    day = dt.date(2026, 12, 3)
    with TestClient(create_app(lambda: day), base_url=LOCAL) as plain:
        assert plain.get("/api/today").json() == {"date": "2026-12-03", "any_date": False,
                                                  "last": "2026-12-04"}
        kinds = plain.get("/api/archive").json()["kinds"]
        assert kinds["2026-12-01"] == "complete" and kinds["2026-11-29"] == "choose"
    with TestClient(create_app(lambda: day, any_date=True), base_url=LOCAL) as anyday:
        assert anyday.get("/api/today").json()["any_date"] is True


def finished_city(client: TestClient, date: Any) -> dict[str, Any]:
    view = client.post("/api/board", json={"date": str(date),
                                           "placed": solution_moves(puzzle(date))}).json()
    assert view["finished"]
    return view["city"]


@pytest.mark.parametrize("date", DATES, ids=str)
def test_the_solution_played_on_the_board_scores_and_grades_optimal(
        client: TestClient, date: Any, tmp_path: Path) -> None:
    city = finished_city(client, date)
    score = client.post("/api/score", json=city).json()
    assert score["total"] == puzzle(date).optimum
    response = client.post("/api/check", json={"date": str(date), "answer": city})
    answer = tmp_path / "answer.json"
    answer.write_text(json.dumps(city))
    code, expected = cli_json("daily", "--date", str(date), "--check", str(answer), "--json")
    assert code == 0 and response.status_code == 200 and response.json() == expected
    assert expected["percent"] == 100 and expected["legal"]
    assert expected["share"].startswith(f"Between Two Cities daily {date}")


def test_an_illegal_answer_is_graded_as_the_cli_grades_it(client: TestClient,
                                                          tmp_path: Path) -> None:
    date = DATES[0]
    city = finished_city(client, date)
    city.pop("placements")
    city["grid"] = [row.replace("H", "P") for row in city["grid"]]
    response = client.post("/api/check", json={"date": str(date), "answer": city})
    answer = tmp_path / "answer.json"
    answer.write_text(json.dumps(city))
    code, expected = cli_json("daily", "--date", str(date), "--check", str(answer), "--json")
    assert code == 2 and response.status_code == 200 and response.json() == expected
    assert expected["legal"] is False and expected["problems"]


def test_the_solution_endpoint_is_the_cli_json(client: TestClient) -> None:
    date = DATES[0]
    code, expected = cli_json("daily", "--date", str(date), "--solution", "--json")
    assert code == 0 and client.get(f"/api/solution/{date}").json() == expected
    svg = client.get(f"/api/solution/{date}.svg")
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")


def test_the_board_follows_the_rounds_and_the_tray(client: TestClient) -> None:
    date = DATES[0]  # eight singles already built: round 2, duplexes next
    view = client.post("/api/board", json={"date": str(date), "placed": []}).json()
    assert (view["next"], view["remaining"], view["finished"]) == ("duplex", [0, 2, 8], False)
    assert 'data-r="0"' in view["svg"] and "solution" not in json.dumps(view)
    moves = solution_moves(puzzle(date))
    view = client.post("/api/board", json={"date": str(date), "placed": moves[:2]}).json()
    assert view["next"] == "single" and view["remaining"] == [0, 0, 8]


BAD: list[tuple[str, str, Any, int, str]] = [
    ("GET", "/api/daily/2026-13-40", None, 400, "date"),
    ("GET", "/api/daily/yesterday", None, 400, "date"),
    ("POST", "/api/score", {"grid": 3}, 400, "grid"),
    ("POST", "/api/score", {"grid": ["F S", "X P"]}, 400, "grid row 1, column 0"),
    ("POST", "/api/score", [1, 2], 400, "expected a JSON object"),
    ("POST", "/api/check", {"answer": {}}, 400, "date"),
    ("POST", "/api/check", {"date": "2026-12-01"}, 400, "answer"),
    ("POST", "/api/check", {"date": 20261201, "answer": {}}, 400, "date"),
    ("POST", "/api/check", {"date": "2026-12-01", "answer": {"grid": ["X"]}}, 400,
     "answer.grid row 0"),
    ("POST", "/api/moves", {"tile": "F"}, 400, "state"),
    ("POST", "/api/moves", {"state": {"mat": "nowhere"}, "tile": "F"}, 400, "state.mat"),
    ("POST", "/api/moves", {"state": {"mat": "canal"}, "tile": "X"}, 400, "tile"),
    ("POST", "/api/moves", {"state": {"mat": "canal"}, "tile": 7}, 400, "tile"),
    ("POST", "/api/verdict", {"state": {"mat": "canal"}, "tile": "F"}, 400, "at"),
    ("POST", "/api/verdict", {"state": {"mat": "canal"}, "tile": "F", "at": [1]}, 400, "at"),
    ("POST", "/api/verdict", {"state": {"mat": "canal"}, "tile": "Q", "at": [1, 1]}, 400,
     "tile"),
    ("POST", "/api/board", {"date": "2026-12-01", "placed": [{"tile": "F", "at": [0, 0]}]},
     400, "placed"),
    ("POST", "/api/board", {"date": "2026-12-01", "placed": [{"tile": "Td|P", "at": [1, 1]}]},
     400, "placed"),
    ("POST", "/api/board", {"date": "2026-12-01", "placed": "F"}, 400, "placed"),
    ("GET", "/api/tile.svg?tile=Q", None, 400, "tile"),
    ("GET", "/api/tile.svg", None, 400, "tile"),
    ("GET", "/api/nothing", None, 404, "not found"),
]


@pytest.mark.parametrize("method,path,body,status,names", BAD, ids=[b[1] + str(i)
                                                                  for i, b in enumerate(BAD)])
def test_bad_requests_get_a_4xx_json_error_naming_the_field(
        client: TestClient, method: str, path: str, body: Any, status: int, names: str) -> None:
    response = client.request(method, path, json=body)
    assert response.status_code == status
    error = response.json()["error"]
    assert names.lower() in error.lower() and "Traceback" not in error and "\n" not in error


def test_bodies_are_size_limited_and_must_be_json(client: TestClient) -> None:
    big = client.post("/api/score", content=b"[" + b"1," * MAX_BODY + b"1]")
    assert big.status_code == 413 and "body" in big.json()["error"]
    broken = client.post("/api/score", content=b'{"grid": [')
    assert broken.status_code == 400 and broken.json()["field"] == "body"
    deep = client.post("/api/score", content=b"[" * 200 + b"]" * 200)
    assert deep.status_code == 400 and "nested" in deep.json()["error"]
    binary = client.post("/api/score", content=b"\xff\xfe")
    assert binary.status_code == 400 and binary.json()["field"] == "body"


def test_pages_and_assets_are_served_from_the_package(client: TestClient) -> None:
    for path in ("/", "/daily/2026-12-01", "/static/app.js", "/static/style.css"):
        assert client.get(path).status_code == 200, path
    page = client.get("/").text
    assert "http://" not in page and "https://" not in page  # nothing from the internet
    assert client.get("/daily/someday").status_code == 404
    assert client.get("/api/archive").json()["dates"][0] == "2026-11-29"


def test_serve_binds_to_loopback_unless_told() -> None:
    from puzzles.commands import serve

    assert inspect.signature(serve).parameters["host"].default == "127.0.0.1"


def test_a_date_beyond_the_archive_is_made_once_with_progress(monkeypatch: Any) -> None:
    from puzzles.web.pool import Generation, Puzzles

    shipped = puzzle(DATES[0])
    calls: list[str] = []

    async def made(self: Puzzles, job: Generation) -> Any:
        calls.append(str(job.day))
        job.progress = "candidate 1: best 50, bound 60 (3 s)"
        return shipped

    monkeypatch.setattr(Puzzles, "_make", made)
    with TestClient(create_app(any_date=True), base_url=LOCAL) as client:
        assert client.get("/api/progress/2030-01-01").json()["progress"] == ""
        first = client.get("/api/daily/2030-01-01")
        again = client.get("/api/daily/2030-01-01")
        assert first.status_code == 200 and first.json() == again.json()
        assert first.json()["optimum"] == shipped.optimum and calls == ["2030-01-01"]
        assert client.get("/api/progress/2030-01-01").json()["progress"] == "ready"


def test_today_and_tomorrow_are_made_ahead_when_asked(monkeypatch: Any) -> None:
    import datetime as dt

    from puzzles.web.pool import Generation, Puzzles

    shipped = puzzle(DATES[0])
    calls: list[str] = []

    async def made(self: Puzzles, job: Generation) -> Any:
        if job.game == "twocities":  # Cities USA's are made ahead too: test_usa_web_api.py
            calls.append(str(job.day))
        return shipped

    monkeypatch.setattr(Puzzles, "_make", made)
    far = dt.date(2040, 1, 1)
    with TestClient(create_app(lambda: far, prepare=True), base_url=LOCAL) as client:
        assert client.get("/api/daily/2040-01-02").status_code == 200
        assert sorted(calls) == ["2040-01-01", "2040-01-02"]  # made once each, unasked
    calls.clear()
    with TestClient(create_app(lambda: DATES[0], prepare=True), base_url=LOCAL):
        pass
    assert calls == []  # archived: nothing to make


def test_dates_outside_the_window_are_404_without_work(monkeypatch: Any) -> None:
    import datetime as dt

    from puzzles.web.pool import Puzzles

    async def never(self: Puzzles, job: Any) -> Any:
        raise AssertionError(f"{job.day} was generated")

    monkeypatch.setattr(Puzzles, "_make", never)
    today = dt.date(2026, 12, 3)
    with TestClient(create_app(lambda: today), base_url=LOCAL) as client:
        for date in ("2041-03-03", "1999-01-01", "2026-12-05", "2026-11-28"):
            api = client.get(f"/api/daily/{date}")
            assert api.status_code == 404 and api.json()["field"] == "date", date
            assert client.get(f"/api/progress/{date}").status_code == 404
            check = client.post("/api/check", json={"date": date, "answer": {}})
            assert check.status_code == 404 and "2026-12-04" in check.json()["error"]
            page = client.get(f"/daily/{date}")
            assert page.status_code == 404 and "/static/style.css" in page.text
            assert "text/html" in page.headers["content-type"]
        for date in ("2026-11-29", "2026-12-04"):  # the window's ends
            assert client.get(f"/api/daily/{date}").status_code == 200


def test_bodies_are_checked_before_any_puzzle_is_made(monkeypatch: Any) -> None:
    from puzzles.web.pool import Puzzles

    async def never(self: Puzzles, job: Any) -> Any:
        raise AssertionError(f"{job.day} was generated")

    monkeypatch.setattr(Puzzles, "_make", never)
    with TestClient(create_app(any_date=True), base_url=LOCAL) as client:
        check = client.post("/api/check", json={"date": "2041-03-03", "answer": 5})
        assert check.status_code == 400 and check.json()["field"] == "answer"
        board = client.post("/api/board", json={"date": "2041-03-05", "placed": 5})
        assert board.status_code == 400 and board.json()["field"] == "placed"
        board = client.post("/api/board", json={"date": "2041-03-05",
                                                "placed": [{"tile": "F", "at": [0]}]})
        assert board.status_code == 400 and board.json()["field"] == "placed[0]"


@pytest.mark.parametrize("host", ["evil.example", "127.0.0.1.evil.example", ""])
def test_a_wrong_host_is_refused(host: str) -> None:
    app = create_app()
    for path in ("/api/today", "/"):
        response = TestClient(app, base_url=LOCAL).get(path, headers={"host": host})
        assert response.status_code == 421, (host, path)
    assert TestClient(app, base_url="http://localhost:8000").get("/api/today").status_code \
        == 200
    allowed = create_app(allowed_hosts=["cities.example"])
    response = TestClient(allowed, base_url="http://cities.example").get("/api/today")
    assert response.status_code == 200


# --- pair Sundays: two cities from one pool ---------------------------------------------------


@pytest.fixture(scope="module")
def sunday_client() -> TestClient:
    from tests.web_play import PAIR_DATES

    return TestClient(create_app(lambda: PAIR_DATES[0]), base_url=LOCAL)


@pytest.mark.parametrize("index", [0, 1], ids=["2026-12-20", "2026-12-27"])
def test_a_pair_played_on_the_board_scores_both_and_grades_as_the_cli(
        index: int, tmp_path: Path) -> None:
    from tests.web_play import PAIR_DATES, pair_moves

    date = PAIR_DATES[index]
    client = TestClient(create_app(lambda: date), base_url=LOCAL)
    moves = pair_moves(puzzle(date))
    both = client.post("/api/board", json={"date": str(date), "cities": moves}).json()
    assert [v["finished"] for v in both["cities"]] == [True, True]
    # each city scored against the other as well as the rivals: what the grader reports
    answer = {"cities": [v["city"] for v in both["cities"]]}
    path = tmp_path / "answer.json"
    path.write_text(json.dumps(answer))
    code, expected = cli_json("daily", "--date", str(date), "--check", str(path), "--json")
    assert code == 0 and expected["legal"] and expected["percent"] == 100
    assert [s["total"] for s in both["scores"]] == expected["city_scores"]
    assert both["score"] == min(expected["city_scores"]) == puzzle(date).optimum
    graded = client.post("/api/check", json={"date": str(date), "answer": answer})
    assert graded.status_code == 200 and graded.json() == expected


def test_a_pair_uses_each_tile_once_across_both_cities(sunday_client: TestClient) -> None:
    from tests.web_play import PAIR_DATES, pair_moves

    date = PAIR_DATES[0]
    tokens = [t.token for t in puzzle(date).pool.tiles]
    first = pair_moves(puzzle(date))[0][0]  # the first tile, on the empty mat of either city
    assert tokens.count(first["tile"]) == 1
    twice = sunday_client.post("/api/board", json={"date": str(date),
                                                   "cities": [[first], [first]]})
    assert twice.status_code == 400 and twice.json()["field"] == "cities"
    once = sunday_client.post("/api/board", json={"date": str(date), "cities": [[first], []]})
    assert once.status_code == 200 and once.json()["score"] == 0  # the empty city is lower
    bad = sunday_client.post("/api/board", json={"date": str(date), "cities": [[]]})
    assert bad.status_code == 400 and bad.json()["field"] == "cities"
    one_city = sunday_client.post("/api/board", json={"date": "2026-12-01", "cities": [[], []]})
    assert one_city.status_code == 400 and one_city.json()["field"] == "cities"


def test_a_pairs_optimal_cities_are_drawn_one_by_one(sunday_client: TestClient) -> None:
    from tests.web_play import PAIR_DATES

    day = PAIR_DATES[0]
    first = sunday_client.get(f"/api/solution/{day}.svg?city=0")
    second = sunday_client.get(f"/api/solution/{day}.svg?city=1")
    assert first.status_code == second.status_code == 200
    assert first.text.startswith("<") and first.text != second.text
    wrong = sunday_client.get(f"/api/solution/{day}.svg?city=2")
    assert wrong.status_code == 400 and wrong.json()["field"] == "city"
