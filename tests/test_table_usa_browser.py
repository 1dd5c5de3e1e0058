"""The Table page's Cities USA games and best city in a real headless Chromium (the
system's, through Playwright), found by role and accessible name: the bridges a player
chooses in a solo game, a two-player game against a bot, the best finish of an entered
city, which keeps its tiles; every answer compared with the CLI's or the rules engine's."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from solver.usa.game.cityfile import city_from_json, city_to_json
from solver.usa.game.components import load_components
from solver.usa.rules.legality import check
from tests.support.browser import LAPTOP, PHONE, shots_dir, stop_a_solve, table_page
from tests.support.cli import cli_json
from tests.support.table_usa import play_to_the_end, usa_kind

pytestmark = pytest.mark.browser

EXAMPLES = Path(__file__).parent.parent / "examples"
SEED_WITH_A_CHOICE = 0  # the first-option player meets a tile with more dead ends than bridges


@pytest.fixture(params=[PHONE, LAPTOP], ids=["phone", "laptop"])
def page(request: Any, browser: Any, server: str) -> Iterator[Any]:
    for pg in table_page(browser, server, request.param):
        usa_kind(pg)
        yield pg


def _new_game(pg: Any, variant: str, seed: int, bots: dict[str, str]) -> Any:
    play = pg.get_by_role("region", name="a Cities USA game against the bots")
    play.get_by_role("combobox", name="Variant").select_option(variant)
    seats = play.get_by_role("group", name="a Cities USA bot per seat")
    for seat, kind in bots.items():
        seats.get_by_role("combobox", name=f"Bot {seat}").select_option(kind)
    play.get_by_role("spinbutton", name="Seed").fill(str(seed))
    play.get_by_role("button", name="New game").click()
    return play


def _finished(pg: Any, play: Any, tmp_path: Path) -> tuple[dict[str, Any], dict[str, int]]:
    """The downloaded game file and the standings shown, each city scored by the CLI."""
    with pg.expect_download() as download:
        play.get_by_role("link", name="Download the game file").click()
    saved = tmp_path / "game.json"
    download.value.save_as(saved)
    game = json.loads(saved.read_text())
    rows = pg.get_by_role("table", name="Cities USA standings").locator("tbody tr")
    shown = {str(rows.nth(i).locator("td").nth(1).text_content()):
             int(str(rows.nth(i).locator("td").nth(2).text_content()))
             for i in range(rows.count())}
    for player, score in shown.items():
        (tmp_path / "city.json").write_text(json.dumps(game["cities"][player]))
        code, scored = cli_json("usa", "score", str(tmp_path / "city.json"), "--json")
        assert code == 0 and scored["total"] == score
    return game, shown


def _replayed(game: dict[str, Any], player: str) -> dict[str, Any]:
    """The player's city rebuilt from nothing by the rules engine, action by action."""
    comps = load_components()
    city = city_from_json({"game": "cities-usa", "size": game["cities"][player]["size"],
                           "tiles": []}, comps)
    for action in game["actions"][player]:
        verdict = check(city, action)
        assert verdict.legal and verdict.city is not None, (action, verdict.reason)
        city = verdict.city
    return city_to_json(city)


def test_the_player_chooses_the_bridges_in_a_solo_game(page: Any, tmp_path: Path) -> None:
    if page.viewport_size["width"] == LAPTOP["width"]:
        pytest.skip("one size is enough for a whole game (its layout is the same page)")
    offered: list[list[str]] = []

    def choose(group: Any) -> None:
        buttons = group.get_by_role("button")
        names = [str(buttons.nth(i).get_attribute("aria-label")) for i in range(buttons.count())]
        assert len(names) > 1 and all(n.startswith("fix with a bridge on arm ") for n in names)
        offered.append(names)
        buttons.last.click()  # not the first: the page used to take the first silently

    play = _new_game(page, "solo", SEED_WITH_A_CHOICE, {})
    play_to_the_end(page, choose)
    assert offered, "no bridge choice was offered"
    game, shown = _finished(page, play, tmp_path)
    assert "P1" in shown
    # the tile's action in the game file carries the bridges chosen, and the rules engine's
    # replay of the file's actions builds the city the file holds
    chosen = [a for a in game["actions"]["P1"] if a["action"] == "tile" and a.get("bridges")]
    assert chosen
    replay = _replayed(game, "P1")
    held = game["cities"]["P1"]
    for key in ("tiles", "bridges", "buildings", "features", "cards", "achievements"):
        assert replay[key] == held[key], key
    assert replay.get("bridges_left") == held.get("bridges_left")
    page.screenshot(path=str(shots_dir(tmp_path) / "table-usa-solo-390.png"), full_page=True)


def test_a_two_player_game_against_a_random_bot_ends_as_cities_usa_score_scores_it(
        page: Any, tmp_path: Path) -> None:
    if page.viewport_size["width"] == PHONE["width"]:
        pytest.skip("one size is enough for a whole game (its layout is the same page)")
    play = _new_game(page, "two-player", 2, {"P2": "random"})
    page.wait_for_function("usaPlay !== null")
    assert page.evaluate("usaPlay.bots") == ["greedy", "random"]  # P1's own is unused
    volunteered: list[str] = []

    def volunteer(group: Any) -> bool:  # the first voluntary bridge offered, once
        if volunteered:
            return False
        bridge = group.get_by_role("button", name=re.compile("^bridge on arm ")).first
        volunteered.append(str(bridge.get_attribute("aria-label")))
        bridge.click()
        return True

    play_to_the_end(page, lambda group: group.get_by_role("button").first.click(), volunteer)
    assert volunteered, "no voluntary bridge was offered"
    game, shown = _finished(page, play, tmp_path)
    assert sorted(shown) == ["P1", "P2"]
    other = page.get_by_role("img", name=re.compile("^P2's city, "))
    assert other.get_attribute("aria-label") == f"P2's city, {shown['P2']} points so far"
    assert sum(a["action"] == "bridge" for a in game["actions"]["P1"]) == 1
    assert _replayed(game, "P1")["bridges"] == game["cities"]["P1"]["bridges"]
    assert game["variant"] == "two-player"
    assert game["bots"] == {"P2": "random"}  # recorded: cities usa play --resume goes on
    assert game["round"] > 0 and all(game["cities"][p]["tiles"] for p in ("P1", "P2"))


def test_the_best_finish_keeps_the_entered_tiles_is_cities_usa_solves_and_stop_ends_one(
        page: Any, tmp_path: Path) -> None:
    if page.viewport_size["width"] == PHONE["width"]:
        pytest.skip("one size is enough for the solver's part (its layout is the same page)")
    page.get_by_role("combobox", name="Size").select_option("2x2")
    page.get_by_role("button", name="Start again").last.click()
    page.wait_for_function("document.getElementById('usa-status').textContent"
                           ".startsWith('A new city')")
    tray = page.get_by_role("toolbar", name="Cities USA tiles")
    tray.get_by_role("button", name=re.compile("^starting tile start-1:")).click()
    page.get_by_role("gridcell", name=re.compile("^place row 0, column 0: empty, legal")).click()
    page.wait_for_function("document.getElementById('usa-status').textContent"
                           ".startsWith('start-1 placed')")
    small = json.loads((EXAMPLES / "usa" / "pool-small.json").read_text())
    first, *rest = small["tiles"]
    tray.get_by_role("button", name=re.compile(f"^tile {first}:")).click()
    page.get_by_role("gridcell", name=re.compile(", legal for ")).first.click()
    page.wait_for_function("document.getElementById('usa-status').textContent"
                           f".startsWith('{first} placed')")
    state = page.evaluate("usaTable.state")
    assert len(state["tiles"]) == 2
    finish = page.get_by_role("region", name="the best finish of the Cities USA city")
    finish.get_by_role("textbox", name="City tiles still to come").fill(" ".join(rest))
    (tmp_path / "city.json").write_text(json.dumps(state))
    code, expected = cli_json("usa", "solve", str(tmp_path / "city.json"), "--tiles",
                              ",".join(rest), "--json")
    assert code == 0 and expected["status"] == "optimal"
    finish.get_by_role("button", name="Find the best finish").click()
    page.wait_for_function("document.getElementById('usa-progress').textContent"
                           ".startsWith('Best finish')", timeout=120_000)
    assert page.locator("#usa-progress").text_content() == \
        f"Best finish: {expected['score']} points, proven optimal"
    finish.get_by_role("img", name=f"the best finish, {expected['score']} points").wait_for()
    tiles = finish.get_by_role("list", name="the best finish's tiles").get_by_role("listitem")
    shown = [str(tiles.nth(i).text_content()) for i in range(tiles.count())]
    assert len(shown) == 4
    kept = [t for t in shown if t.endswith(": as it stands")]
    assert len(kept) == 2
    # the entered tiles, each where it lies and turned as entered (the answer moved as a whole)
    answer = page.evaluate("document.getElementById('usa-best').dataset.shift")
    dr, dc = json.loads(answer)
    for t in state["tiles"]:
        assert (f"{t['tile']} at row {t['at'][0] + dr}, column {t['at'][1] + dc} turned "
                f"{t['rotation']}: as it stands") in kept
    steps = finish.get_by_role("list", name="the order of play from the city as it stands")
    assert steps.get_by_role("listitem").count() >= len(rest)
    # a 3x3 city in progress with many tiles to come, too big to prove at once, stopped
    page.get_by_role("textbox", name="Cities USA city file (JSON)").fill(
        (EXAMPLES / "usa" / "in-progress.json").read_text())
    page.get_by_role("button", name="Load the city").click()
    page.wait_for_function("document.getElementById('usa-status').textContent"
                           ".startsWith('City loaded')")
    finish.get_by_role("textbox", name="City tiles still to come").fill(
        " ".join(f"city-{i:02d}" for i in range(20, 32)))
    finish.get_by_role("button", name="Find the best finish").click()
    stop_a_solve(page, "usa-progress", finish.get_by_role("button", name="Stop"))


def test_r_turns_the_tile_the_worker_took_in_a_game(page: Any) -> None:
    if page.viewport_size["width"] == PHONE["width"]:
        pytest.skip("a keyboard test: the laptop's size")
    play = _new_game(page, "solo", SEED_WITH_A_CHOICE, {})
    status = "document.getElementById('usa-game-status').textContent"
    page.wait_for_function(f"{status}.startsWith('Your turn')", timeout=60_000)
    area = page.locator("#usa-game-decision")
    if "starting tile" in str(page.locator("#usa-game-status").text_content()):
        area.get_by_role("button", name=re.compile("^starting tile")).first.click()
        page.wait_for_function(f"{status}.includes('space of the board')", timeout=60_000)
    area.get_by_role("group", name="board row tiles").locator("button:enabled").first.click()
    page.wait_for_function(f"{status}.includes('place what your worker took')",
                           timeout=60_000)
    tile = page.evaluate("usaPlay.need.items[0]")
    took = page.get_by_role("toolbar", name="what the worker took").get_by_role(
        "button", name=re.compile(f"^took {tile}"))
    took.click()
    page.wait_for_function(f"{status} === '{tile} turned 0: tap a lit place'")
    for key, turned in (("r", 90), ("R", 180)):
        page.keyboard.press(key)
        page.wait_for_function(f"{status} === '{tile} turned {turned}: tap a lit place'")
        assert took.get_attribute("aria-label") == f"took {tile}, turned {turned}"
    lit = page.evaluate("usaPlan.moves.filter((m) => m.rotation === 180).length")
    assert area.get_by_role("gridcell", name=re.compile(", legal for ")).count() == lit
    play.get_by_role("spinbutton", name="Seed").press("r")  # typing: no tile turns
    assert page.evaluate("usaPlan.rotation") == 180
    assert page.evaluate("usaTable.rotation") == 0  # the entered city's hand is not the game's
    # a tile then taken in the entered city is the one R turns
    tray = page.get_by_role("toolbar", name="Cities USA tiles")
    tray.get_by_role("button", name=re.compile("^starting tile start-1:")).click()
    page.keyboard.press("r")
    page.wait_for_function("usaTable.rotation === 90")
    assert page.evaluate("usaPlan.rotation") == 180
