"""Cities USA on the daily page (``/daily/D?game=usa``), in a real headless Chromium (see
test_web_browser.py): today's puzzle played to its optimum at a laptop's and a phone's size,
each tile chosen, turned and placed on a place the page names legal, bridges where the
solution has them, then its features and building pieces, graded through /api/usa/grade.
The tiles and bridges go in an order of play the rules engine finds (``play_order``)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from puzzles.usa.archive import usa_puzzle_for
from solver.usa.rules.order import play_order
from tests.support.browser import (
    TODAY,
    new_page,
    shots_dir,
    total,
)

pytestmark = pytest.mark.browser
ARMS = {"N": "north", "E": "east", "S": "south", "W": "west"}


def usa_puzzle() -> Any:
    return usa_puzzle_for(TODAY)  # the cache's, or made (seeded: the page's puzzle too)


def actions_done(pg: Any) -> int:
    return int(pg.evaluate("document.body.dataset.usaActions || '0'"))


def wait_actions(pg: Any, n: int) -> None:
    pg.wait_for_function(f"document.body.dataset.usaActions === '{n}'")


def origin(pg: Any) -> tuple[int, int]:
    r, c = pg.evaluate("document.body.dataset.usaOrigin").split(",")
    return int(r), int(c)


def place(pg: Any, at: list[int], state: str) -> Any:
    r0, c0 = origin(pg)
    name = rf"^place row {at[0] - r0 + 1}, column {at[1] - c0 + 1}: {state}"
    return pg.get_by_role("button", name=re.compile(name))


def space(pg: Any, at: list[int]) -> Any:
    r0, c0 = origin(pg)
    name = rf"^space row {at[0] - 2 * r0 + 1}, column {at[1] - 2 * c0 + 1}: "
    return pg.get_by_role("button", name=re.compile(name))


def act(pg: Any, how: str, locator: Any) -> None:
    getattr(locator, how)()


def choose(pg: Any, how: str, locator: Any) -> None:
    """A feature, piece or top chosen (it stays chosen after a placement)."""
    if locator.get_attribute("aria-pressed") != "true":
        act(pg, how, locator)


def play_tile(pg: Any, step: dict[str, Any], how: str, shot: Path | None = None) -> None:
    tray = pg.get_by_role("toolbar", name="tiles to place")
    chosen = tray.get_by_role("button", name=re.compile(rf"tile {step['tile']}: "))
    for turn in range(0, step["rotation"] + 1, 90):  # chosen at 0, each tap (or R) turns it
        if turn and how == "click":
            pg.keyboard.press("r")
        else:
            act(pg, how, chosen)
        pg.wait_for_function(f"document.body.dataset.usaMode === 'tile:{step['tile']}:{turn}'")
    target = place(pg, step["at"], f"empty, legal for {step['tile']} turned {step['rotation']}$")
    target.wait_for()
    if shot is not None:  # the tile chosen and turned, its legal places lit
        pg.screenshot(path=str(shot), full_page=True)
    before = actions_done(pg)
    act(pg, how, target)
    chooser = pg.get_by_role("group", name="bridges")
    pg.wait_for_function(  # placed, or the page asks which bridges fix its dead ends
        f"document.body.dataset.usaActions !== '{before}'"
        " || !document.getElementById('usa-bridge').hidden")
    for b in step["bridges"]:
        if actions_done(pg) > before:
            break
        r0, c0 = origin(pg)
        row, col = b["at"][0] - r0 + 1, b["at"][1] - c0 + 1
        picker = chooser.get_by_role("button", name=f"bridge on place row {row}, column {col}, "
                                                     f"arm {b['arm']}")
        if picker.count():
            act(pg, how, picker)
    wait_actions(pg, before + 1)


def refused_place(pg: Any, step: dict[str, Any]) -> None:
    """A place the tile cannot take, tapped: the page shows /api/usa/check's reason."""
    from playwright.sync_api import expect

    from puzzles.web.usa import check_json, moves_json

    state = pg.evaluate("usa.state")
    legal = {tuple(m["at"]) for m in moves_json(state, step["tile"])["moves"]
             if m["rotation"] == 0}
    r0, c0 = origin(pg)
    rows, cols = state["size"]
    empty = [(r, c) for r in range(r0, r0 + 2 * rows - 1) for c in range(c0, c0 + 2 * cols - 1)
             if (r, c) not in legal and not any(t["at"] == [r, c] for t in state["tiles"])]
    assert empty
    at = list(empty[0])
    tray = pg.get_by_role("toolbar", name="tiles to place")
    tray.get_by_role("button", name=re.compile(rf"tile {step['tile']}: ")).click()
    pg.wait_for_function(f"document.body.dataset.usaMode === 'tile:{step['tile']}:0'")
    place(pg, at, "empty$").click()
    action = {"action": "tile", "tile": step["tile"], "at": at, "rotation": 0}
    reason = check_json(state, action)["reason"]
    status = pg.get_by_role("status").filter(has_text="cannot go there")
    expect(status).to_have_text(f"Tile {step['tile']} turned 0 cannot go there: {reason}.")
    pg.keyboard.press("Escape")  # let go of the tile
    pg.wait_for_function("document.body.dataset.usaMode === '::0'")


def test_todays_cities_usa_played_to_its_optimum(browser: Any, server: str,  # noqa: F811
                                                 tmp_path: Path) -> None:
    pz = usa_puzzle()
    city = pz.solution
    steps = play_order(city.with_changes(buildings={}, features={}, cards=(), achievements=()),
                       pz.pool.bridges)
    assert steps is not None
    for phone in (False, True):
        how = "tap" if phone else "click"
        pg, errors = new_page(browser, phone)
        pg.goto(f"{server}/daily/{TODAY}?game=usa")
        pg.wait_for_selector("#usa-places button", timeout=30_000)
        extras = pg.get_by_role("toolbar", name="bridges, features and pieces")
        refused = phone  # once, by mouse: the second tile on a place it cannot take
        for i, step in enumerate(steps):
            if not refused and i > 0 and step["action"] == "tile":
                refused_place(pg, step)
                refused = True
            if step["action"] == "tile":
                lit = shots_dir(tmp_path) / "web-usa-laptop.png" if i == 3 and not phone else None
                play_tile(pg, step, how, lit)
            else:
                before = actions_done(pg)
                act(pg, how, extras.get_by_role("button", name="a bridge"))
                act(pg, how, space(pg, [2 * step["at"][0], 2 * step["at"][1]]))
                arm = f"bridge on the {ARMS[step['arm']]} arm"
                act(pg, how, pg.get_by_role("button", name=arm))
                wait_actions(pg, before + 1)
        for sp, feature in sorted(city.features.items()):
            before = actions_done(pg)
            choose(pg, how, extras.get_by_role("button", name=f"feature {feature}"))
            act(pg, how, space(pg, list(sp)))
            wait_actions(pg, before + 1)
        for sp, b in sorted(city.buildings.items()):
            for _ in range(b.height):
                before = actions_done(pg)
                choose(pg, how, extras.get_by_role("button", name=f"{b.color} piece"))
                act(pg, how, space(pg, list(sp)))
                wait_actions(pg, before + 1)
            if b.top:
                before = actions_done(pg)
                choose(pg, how, extras.get_by_role("button", name=f"{b.color} skyscraper top"))
                act(pg, how, space(pg, list(sp)))
                wait_actions(pg, before + 1)
        act(pg, how, pg.get_by_role("button", name="Submit"))
        pg.wait_for_selector("#result:not([hidden])")
        assert pg.inner_text("#percent") == "100%"
        assert pg.inner_text("#share").startswith(f"Cities USA daily {TODAY}")
        assert total(pg) == pz.optimum  # the live score claims achievements as the grade
        if phone:
            pg.screenshot(path=str(shots_dir(tmp_path) / "web-usa-phone.png"))
        pg.reload()  # the city and the grade come back; the other game's progress is apart
        pg.wait_for_selector("#result:not([hidden])")
        assert pg.inner_text("#percent") == "100%"
        assert "solved 1" in pg.inner_text("#stats")
        pg.goto(f"{server}/daily/{TODAY}")
        pg.wait_for_selector("#board svg", timeout=30_000)
        assert "solved 0" in pg.inner_text("#stats")
        pg.context.close()
        assert errors == [], f"console errors: {errors}"


def test_give_up_shows_the_optimal_city_and_replays_it(browser: Any, server: str,  # noqa: F811
                                                        tmp_path: Path) -> None:
    """Give up asks first; then the optimal city (``/api/usa/solution``, drawn by
    ``/api/usa/board``) is brought into view and replayed step by step in its ``order``."""
    from playwright.sync_api import expect

    from puzzles.usa.grade import solution_json

    order = solution_json(usa_puzzle())["order"]
    for phone in (False, True):
        how = "tap" if phone else "click"
        pg, errors = new_page(browser, phone)
        pg.goto(f"{server}/daily/{TODAY}?game=usa")
        pg.wait_for_selector("#usa-places button", timeout=30_000)
        act(pg, how, pg.get_by_role("button", name="Give up"))
        dialog = pg.get_by_role("alertdialog")
        expect(dialog).to_be_visible()
        act(pg, how, dialog.get_by_role("button", name="Keep playing"))
        expect(dialog).to_be_hidden()
        assert pg.locator("#optimal").is_hidden()
        act(pg, how, pg.get_by_role("button", name="Give up"))
        act(pg, how, dialog.get_by_role("button", name="Yes, show it"))
        optimal = pg.locator("#optimal")
        expect(optimal).to_be_visible()
        expect(optimal.get_by_role("img", name="a proven optimal city, drawn")).to_be_in_viewport()
        pg.wait_for_function(f"document.body.dataset.step === '{len(order)}'")
        expect(pg.get_by_role("button", name="Give up")).to_be_disabled()
        expect(pg.get_by_role("button", name="Submit")).to_be_disabled()
        step = pg.locator("#replay-step")
        for k in range(len(order) - 1, -1, -1):  # back to nothing built, a step at a time
            act(pg, how, pg.get_by_role("button", name="◀ step back"))
            pg.wait_for_function(f"document.body.dataset.step === '{k}'")
        expect(step).to_have_text(f"(step 0 of {len(order)}: nothing built yet)")
        act(pg, how, pg.get_by_role("button", name="step ▶"))
        pg.wait_for_function("document.body.dataset.step === '1'")
        expect(step).to_contain_text(f"(step 1 of {len(order)}: tile {order[0]['tile']} (")
        act(pg, how, pg.get_by_role("button", name="whole city"))
        pg.wait_for_function(f"document.body.dataset.step === '{len(order)}'")
        pg.reload()  # given up stays given up: the optimal city comes back
        pg.wait_for_selector("#optimal:not([hidden]) svg", timeout=30_000)
        pg.context.close()
        assert errors == [], f"console errors: {errors}"


def keyboard_tile(pg: Any, step: dict[str, Any]) -> None:
    """A tile played by keyboard: Enter on it in the tray, R to turn it, the arrow keys to
    its place (the cursor announced), Enter to place it."""
    from playwright.sync_api import expect

    tray = pg.get_by_role("toolbar", name="tiles to place")
    tray.get_by_role("button", name=re.compile(rf"tile {step['tile']}: ")).focus()
    pg.keyboard.press("Enter")
    pg.wait_for_function(f"document.body.dataset.usaMode === 'tile:{step['tile']}:0'")
    pg.wait_for_function("document.activeElement.id === 'usa-places'"
                         " && Boolean(document.body.dataset.usaCursor)")
    for turn in range(90, step["rotation"] + 1, 90):
        pg.keyboard.press("r")
        pg.wait_for_function(f"document.body.dataset.usaMode === 'tile:{step['tile']}:{turn}'")
    r, c = map(int, pg.evaluate("document.body.dataset.usaCursor").split(","))
    dr, dc = step["at"][0] - r, step["at"][1] - c
    for key, n in (("ArrowDown" if dr > 0 else "ArrowUp", abs(dr)),
                   ("ArrowRight" if dc > 0 else "ArrowLeft", abs(dc))):
        for _ in range(n):
            pg.keyboard.press(key)
    pg.wait_for_function(f"document.body.dataset.usaCursor === '{step['at'][0]},{step['at'][1]}'")
    r0, c0 = origin(pg)
    expect(pg.locator("#cursor-status")).to_have_text(
        f"place row {step['at'][0] - r0 + 1}, column {step['at'][1] - c0 + 1}: empty, "
        f"legal for {step['tile']} turned {step['rotation']}")
    before = actions_done(pg)
    pg.keyboard.press("Enter")
    pg.wait_for_function(
        f"document.body.dataset.usaActions !== '{before}'"
        " || !document.getElementById('usa-bridge').hidden")
    chooser = pg.get_by_role("group", name="bridges")
    for b in step["bridges"]:  # the bridges the page asks for, picked by Tab-reachable buttons
        if actions_done(pg) > before:
            break
        r0, c0 = origin(pg)
        name = (f"bridge on place row {b['at'][0] - r0 + 1}, column {b['at'][1] - c0 + 1}, "
                f"arm {b['arm']}")
        picker = chooser.get_by_role("button", name=name)
        if picker.count():
            picker.focus()
            pg.keyboard.press("Enter")
    wait_actions(pg, before + 1)


@pytest.mark.parametrize("phone", [False, True], ids=["laptop", "phone-size"])
def test_the_tiles_are_placed_by_keyboard(browser: Any, server: str,  # noqa: F811
                                          phone: bool) -> None:
    """The places are one tab stop with a cursor: every tile of the day's order of play laid
    by keyboard alone (bridges by Tab and Enter), each cursor position announced."""
    pz = usa_puzzle()
    steps = play_order(pz.solution.with_changes(buildings={}, features={}, cards=(),
                                                achievements=()), pz.pool.bridges)
    assert steps is not None
    pg, errors = new_page(browser, phone)
    pg.goto(f"{server}/daily/{TODAY}?game=usa")
    pg.wait_for_selector("#usa-places button", timeout=30_000)
    extras = pg.get_by_role("toolbar", name="bridges, features and pieces")
    for step in steps:
        if step["action"] == "tile":
            keyboard_tile(pg, step)
            continue
        before = actions_done(pg)  # a voluntary bridge: its buttons, by keyboard
        extras.get_by_role("button", name="a bridge").focus()
        pg.keyboard.press("Enter")
        space(pg, [2 * step["at"][0], 2 * step["at"][1]]).focus()
        pg.keyboard.press("Enter")
        pg.get_by_role("button", name=f"bridge on the {ARMS[step['arm']]} arm").focus()
        pg.keyboard.press("Enter")
        wait_actions(pg, before + 1)
    laid = pg.evaluate("usa.state.tiles.length")
    assert laid == pz.pool.size[0] * pz.pool.size[1]
    pg.context.close()
    assert errors == [], f"console errors: {errors}"
