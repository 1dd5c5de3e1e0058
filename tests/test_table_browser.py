"""The Table page in a real headless Chromium (the system's, through Playwright; see
tests/test_web_browser.py), at phone and laptop sizes: spaces and tiles found by role and
accessible name, every answer compared with the CLI's on the same city."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import cli
from tests.support.browser import LAPTOP, PHONE, shots_dir, stop_a_solve, table_page
from tests.support.table_usa import usa_kind

pytestmark = pytest.mark.browser

EXAMPLES = Path(__file__).parent.parent / "examples"
RIVER_BEND = EXAMPLES / "state-river-bend.json"
TO_COME = "F S P H O Tm F S P H O Tb S S P H F|O P/H"
NAMES = {"F": "factory", "S": "shop", "P": "park"}


def cli_json(*args: str) -> Any:
    result = CliRunner().invoke(cli.app, list(args))
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.fixture(params=[PHONE, LAPTOP], ids=["phone", "laptop"])
def page(request: Any, browser: Any, server: str) -> Iterator[Any]:  # noqa: F811
    yield from table_page(browser, server, request.param)


def status(pg: Any) -> str:
    return str(pg.locator("#status").text_content())


def lit(pg: Any) -> list[list[int]]:
    cells = pg.locator("#city .cell.legal")
    return sorted([int(cells.nth(i).get_attribute("data-r")),
                   int(cells.nth(i).get_attribute("data-c"))] for i in range(cells.count()))


def hold(pg: Any, name: str) -> None:
    pg.get_by_role("button", name=name, exact=True).click()
    pg.wait_for_function("document.getElementById('status').textContent.includes('legal place')"
                         " || document.getElementById('status').textContent.includes('no legal')")


def enter_river_bend(pg: Any) -> None:
    """The example's city, tapped in tile by tile, each on a lit space."""
    for p in json.loads(RIVER_BEND.read_text())["placed"]:
        hold(pg, NAMES[p["tile"]])
        r, c = p["at"]
        pg.get_by_role("gridcell", name=f"row {r}, column {c}: empty, legal for "
                                         f"{NAMES[p['tile']]}").click()
        pg.wait_for_function(f"document.getElementById('status').textContent.includes("
                             f"'placed at row {r}, column {c}') || document.getElementById("
                             "'status').textContent.includes('legal place')")


def test_a_city_entered_by_tapping_lights_the_places_cities_moves_lists(page: Any,
                                                                        tmp_path: Path) -> None:
    enter_river_bend(page)
    hold(page, "factory")
    expected = cli_json("moves", str(RIVER_BEND), "--tile", "F", "--json")["positions"]
    assert lit(page) == sorted(expected)
    state = json.loads(page.locator("#file").input_value())
    assert state["placed"] == json.loads(RIVER_BEND.read_text())["placed"]
    (tmp_path / "city.json").write_text(json.dumps({
        "edition": "essential", "bridges": [[[1, 2], [3, 2]]],  # the mat's, in the square
        "grid": [". . P . .", "~ ~ F . .", ". ~ ~ . .", ". ~ S . .", ". . . . ."]}))
    total = cli_json("score", str(tmp_path / "city.json"), "--json")["total"]
    page.wait_for_function("document.getElementById('score').textContent"
                           f".startsWith('Score so far: {total} (')")
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], "the page scrolls sideways"
    size = page.viewport_size["width"]
    page.screenshot(path=str(shots_dir(tmp_path) / f"table-{size}.png"), full_page=True)


def test_a_refused_space_says_the_dead_end(page: Any) -> None:
    page.locator("#file").fill((EXAMPLES / "state-dead-end-canal.json").read_text())
    page.get_by_role("button", name="Load").click()
    page.wait_for_function("document.getElementById('status').textContent === 'City loaded.'")
    hold(page, "factory")
    expected = cli_json("moves", str(EXAMPLES / "state-dead-end-canal.json"), "--tile", "F",
                        "--json")["positions"]
    assert lit(page) == sorted(expected)
    verdict = cli_json("check", str(EXAMPLES / "state-dead-end-canal.json"), "--tile", "F",
                       "--at", "3,3", "--json")
    page.get_by_role("gridcell", name="row 3, column 3: empty").click()
    page.wait_for_function("document.getElementById('status').textContent.includes('may not')")
    assert verdict["reason"] in status(page)


def test_the_best_finish_is_cities_solves_optimum_and_stop_cancels_it(page: Any,
                                                                      tmp_path: Path) -> None:
    if page.viewport_size["width"] == PHONE["width"]:
        pytest.skip("one size is enough for the solver's part (its layout is the same page)")
    enter_river_bend(page)
    page.get_by_role("textbox", name="Tiles still to come").fill(TO_COME)
    page.get_by_role("button", name="Find the best finish").click()
    page.wait_for_function("document.getElementById('progress').textContent"
                           ".startsWith('Best finish')", timeout=120_000)
    pool = {"edition": "essential", "variant": "standard", "mat": "river-bend",
            "tiles": TO_COME.split(), "fixed": json.loads(RIVER_BEND.read_text())["placed"]}
    (tmp_path / "pool.json").write_text(json.dumps(pool))
    expected = cli_json("solve", str(tmp_path / "pool.json"), "--json")
    assert expected["status"] == "optimal"
    text = page.locator("#progress").text_content()
    assert text == f"Best finish: {expected['score']} points, proven optimal"

    page.get_by_role("checkbox", name="any tiles from the box").check()
    page.get_by_role("button", name="Find the best finish").click()
    stop_a_solve(page, "progress", page.get_by_role("button", name="Stop"))


def _first_choice(pg: Any) -> None:
    """The first legal option of whatever the game asks, tapped."""
    text = str(pg.locator("#game-status").text_content())
    if "pick two tiles" in text:
        pg.get_by_role("button", name="hand tile 1:").click()
        pg.get_by_role("button", name="hand tile 2:").click()
    elif "place" in text:
        pg.locator("#game-decision [role=gridcell][aria-label*='legal for']").first.click()
    else:
        pg.locator("#game-decision > button").first.click()


def test_a_whole_game_against_a_greedy_and_a_random_bot_ends_as_cities_score_scores_it(
        page: Any, tmp_path: Path) -> None:
    if page.viewport_size["width"] == LAPTOP["width"]:
        pytest.skip("one size is enough for a whole game (its layout is the same page)")
    play = page.get_by_role("region", name="a game against the bots")
    play.get_by_role("combobox", name="Variant").select_option("standard")
    play.get_by_role("combobox", name="Players").select_option("3")
    bots = play.get_by_role("group", name="a bot per seat")
    assert bots.get_by_role("combobox").count() == 2  # P2 and P3: the player sits at P1
    bots.get_by_role("combobox", name="Bot P2").select_option("greedy")
    bots.get_by_role("combobox", name="Bot P3").select_option("random")
    play.get_by_role("spinbutton", name="Seed", exact=True).fill("11")
    play.get_by_role("button", name="New game").click()
    game_status = "document.getElementById('game-status').textContent"
    page.wait_for_function(f"{game_status}.startsWith('Your turn')")
    page.reload()  # a game in progress survives a reload
    page.wait_for_function(f"{game_status}.startsWith('Game resumed')")
    assert page.evaluate("play.bots") == ["greedy", "greedy", "random"]  # P1's is unused
    for _ in range(200):
        text = str(page.locator("#game-status").text_content())
        if "over" in text:
            break
        assert "Refused" not in text, text
        _first_choice(page)
        page.wait_for_function(f"{game_status}.startsWith('Your turn') || {game_status}"
                               f".includes('over') || {game_status}.startsWith('Refused')",
                               timeout=60_000)
    assert "over" in str(page.locator("#game-status").text_content())
    with page.expect_download() as download:
        page.get_by_role("link", name="Download the game file").click()
    saved = tmp_path / "game.json"
    download.value.save_as(saved)
    # the downloaded game file records the bots (cities play --resume goes on with them)
    assert json.loads(saved.read_text())["bots"] == {"P2": "greedy", "P3": "random"}
    expected = cli_json("score", str(saved), "--json")
    rows = page.get_by_role("table", name="standings").locator("tbody tr")
    shown = [rows.nth(i).locator("td").all_text_contents() for i in range(rows.count())]
    assert shown == [[str(r["place"]), r["player"], str(r["final"]),
                      ", ".join(map(str, r["cities"]))] for r in expected["standings"]]
    size = page.viewport_size["width"]
    page.screenshot(path=str(shots_dir(tmp_path) / f"table-game-{size}.png"), full_page=True)


def test_advice_shows_cities_advise_top_choice_drawn_on_the_board(page: Any,
                                                                  tmp_path: Path) -> None:
    if page.viewport_size["width"] == PHONE["width"]:
        pytest.skip("one size is enough for the advice (its layout is the same page)")
    play = page.get_by_role("region", name="a game against the bots")
    play.get_by_role("combobox", name="Players").select_option("3")
    play.get_by_role("spinbutton", name="Seed", exact=True).fill("11")
    play.get_by_role("button", name="New game").click()
    page.wait_for_function("document.getElementById('game-status').textContent"
                           ".startsWith('Your turn')")
    with page.expect_download() as download:
        page.get_by_role("link", name="Download the game file").click()
    saved = tmp_path / "game.json"
    download.value.save_as(saved)
    play.get_by_role("spinbutton", name="Advice seed").fill("5")
    play.get_by_role("spinbutton", name="Samples").fill("8")
    play.get_by_role("button", name="Advice").click()
    page.wait_for_function("document.getElementById('game-status').textContent"
                           ".startsWith('Advice')", timeout=120_000)
    expected = cli_json("advise", str(saved), "--player", "P1", "--seed", "5", "--samples",
                        "8", "--json")["choices"]
    top = expected[0]
    shown = str(page.get_by_role("list", name="advice").get_by_role("listitem").first
                .text_content())
    r, c = top["at"]
    first = shown.split(", then")[0]
    assert first.endswith(f" in {top['city_name']} at row {r}, column {c}"), (shown, top)
    assert first.startswith(page.evaluate(f"words({json.dumps(top['tile'])})"))
    assert f": {top['expected']} expected ({top['low']} to {top['high']}" in shown
    advised = page.get_by_role("gridcell", name=re.compile(", advised$"))
    assert advised.count() == 1
    assert str(advised.get_attribute("aria-label")).startswith(
        f"{top['city_name']} row {r}, column {c}:")
    page.screenshot(path=str(shots_dir(tmp_path) / "table-advice-1366.png"), full_page=True)


def _usa_state(pg: Any) -> Any:
    return json.loads(pg.locator("#usa-file").input_value())


def _usa_piece(pg: Any, piece: str, space: tuple[int, int], expect: str = "placed") -> None:
    """A feature or building piece held and tapped onto a space of the city."""
    pg.get_by_role("toolbar", name="features, buildings, tops and bridges").get_by_role(
        "button", name=piece, exact=True).click()
    pg.wait_for_function("document.getElementById('usa-status').textContent"
                         ".includes('tap a space')")
    pg.get_by_role("button", name=re.compile(f"^space row {space[0]}, column {space[1]}:"))\
        .click()
    pg.wait_for_function("document.getElementById('usa-status').textContent"
                         f".includes('{expect}')")


def test_a_cities_usa_city_tapped_in_scores_as_cities_usa_score(page: Any,
                                                                tmp_path: Path) -> None:
    """The example's city entered completely by tapping: its tiles (the forced bridge laid),
    its yacht, its blue building of two, its card; refusals explained; the score and the
    exported file's as ``cities usa score`` gives the example's."""
    usa_kind(page)
    page.get_by_role("button", name="Start again").last.click()
    page.wait_for_function("document.getElementById('usa-status').textContent"
                           ".startsWith('A new city')")
    example = json.loads((EXAMPLES / "usa" / "in-progress.json").read_text())
    start = next(t for t in example["tiles"] if t["tile"].startswith("start"))
    order = [start] + [t for t in example["tiles"] if t is not start]
    for t in order:
        kind = "starting tile" if t is start else "tile"
        tray = page.get_by_role("toolbar", name="Cities USA tiles")
        tray.get_by_role("button", name=re.compile(f"^{kind} {t['tile']}:")).click()
        page.wait_for_function("document.getElementById('usa-status').textContent"
                               f".startsWith('{t['tile']} turned 0')")
        for turn in range(90, t["rotation"] + 1, 90):
            tray.get_by_role("button", name=re.compile(f"^{kind} {t['tile']}:")).click()
            page.wait_for_function("document.getElementById('usa-status').textContent"
                                   f".startsWith('{t['tile']} turned {turn}')")
        laid = {x["tile"]: x["at"] for x in _usa_state(page)["tiles"]}
        if t is start:
            r, c = 0, 0
        else:
            dr, dc = (laid[start["tile"]][i] - start["at"][i] for i in (0, 1))
            r, c = t["at"][0] + dr, t["at"][1] + dc
        page.get_by_role("gridcell", name=re.compile(
            f"^place row {r}, column {c}: empty, legal for {t['tile']}")).click()
        page.wait_for_function("document.getElementById('usa-status').textContent"
                               f".startsWith('{t['tile']} placed at')")
    state = _usa_state(page)
    origin = {x["tile"]: x["at"] for x in state["tiles"]}[start["tile"]]
    dr, dc = origin[0] - start["at"][0], origin[1] - start["at"][1]
    assert sorted((x["tile"], x["at"][0] - dr, x["at"][1] - dc, x["rotation"])
                  for x in state["tiles"]) == \
        sorted((x["tile"], *x["at"], x["rotation"]) for x in example["tiles"])
    assert [(b["at"][0] - dr, b["at"][1] - dc, b["arm"]) for b in state["bridges"]] == \
        [(*b["at"], b["arm"]) for b in example["bridges"]]  # the bridge the tiles forced
    (yacht,), (blue,) = example["features"], example["buildings"]
    at = (yacht["space"][0] + 2 * dr, yacht["space"][1] + 2 * dc)
    _usa_piece(page, "feature Yacht (2)", at)
    _usa_piece(page, "feature Yacht (2)", at, "may not")  # the engine's reason, said
    assert "already holds a feature tile" in str(page.locator("#usa-status").text_content())
    at = (blue["space"][0] + 2 * dr, blue["space"][1] + 2 * dc)
    for _ in range(blue["height"]):
        _usa_piece(page, "blue building piece", at)
    _usa_piece(page, "blue skyscraper top", at, "may not")
    assert "goes only on a 4-high blue stack" in str(page.locator("#usa-status").text_content())
    page.get_by_role("combobox", name="Scoring card").select_option(example["cards"][0])
    page.get_by_role("button", name="Add the card").click()
    page.wait_for_function("document.getElementById('usa-status').textContent"
                           ".includes('placed in the city')")
    page.get_by_role("button", name="Claim the achievement").click()  # none is met
    page.wait_for_function("document.getElementById('usa-status').textContent"
                           ".includes('is not met')")
    # a voluntary bridge among the engine's, then taken back
    page.get_by_role("button", name="a voluntary bridge", exact=True).click()
    page.get_by_role("group", name="bridges to choose").get_by_role("button").first.click()
    page.wait_for_function("document.getElementById('usa-status').textContent"
                           ".startsWith('the bridge placed')")
    assert len(_usa_state(page)["bridges"]) == len(example["bridges"]) + 1
    page.get_by_role("button", name="Take back").last.click()
    page.wait_for_function("document.getElementById('usa-status').textContent === 'Taken back.'")
    expected = cli_json("usa", "score", str(EXAMPLES / "usa" / "in-progress.json"), "--json")
    shown = str(page.locator("#usa-score").text_content())
    assert shown.startswith(f"Score: {expected['total']}"), shown
    page.get_by_role("button", name="Export the city").click()
    state = _usa_state(page)
    (tmp_path / "page.json").write_text(json.dumps(state))
    assert cli_json("usa", "score", str(tmp_path / "page.json"), "--json") == expected
    assert len(state["bridges"]) == len(example["bridges"])
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], "the page scrolls sideways"
    size = page.viewport_size["width"]
    page.screenshot(path=str(shots_dir(tmp_path) / f"table-usa-{size}.png"), full_page=True)


def test_a_pasted_cities_usa_city_scores_as_cities_usa_score(page: Any) -> None:
    if page.viewport_size["width"] == PHONE["width"]:
        pytest.skip("one size is enough for a pasted city")
    usa_kind(page)
    path = EXAMPLES / "usa" / "rulebook-scoring.json"
    page.get_by_role("textbox", name="Cities USA city file (JSON)").fill(path.read_text())
    page.get_by_role("button", name="Load the city").click()
    page.wait_for_function("document.getElementById('usa-status').textContent"
                           " === 'City loaded.'")
    expected = cli_json("usa", "score", str(path), "--json")
    assert str(page.locator("#usa-score").text_content()).startswith(
        f"Score: {expected['total']} (")
