"""The daily puzzle page in a real headless Chromium (Playwright for Python driving the
system's ``chromium``; no browser is downloaded).  A server runs on a free loopback port for
the module and is stopped after it.

Screenshots of the finished puzzle go to pytest's temporary directory, or to
``$CITIES_SCREENSHOTS`` when it is set.
"""

from __future__ import annotations

import datetime as dt
import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web_play import DATES, puzzle, solution_moves

pytestmark = pytest.mark.browser

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
TODAY = DATES[0]  # what "/" shows here: a shipped date, never generated during the tests
LAPTOP, PHONE = {"width": 1366, "height": 768}, {"width": 390, "height": 844}


def chromium_path() -> str | None:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    path = chromium_path()
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("CI must run the browser tests: .ci/run installs Debian's chromium, "
                        "but no chromium is on PATH or at /usr/bin/chromium")
        pytest.skip("no chromium on this machine (apt-get install chromium); the browser "
                    "tests need the system's Chromium and never download one")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        if os.environ.get("CI"):
            raise
        pytest.skip("Playwright is not installed (pip install -e '.[test]')")
    with sync_playwright() as pw:
        profile = Path(os.environ.get("TMPDIR", "/tmp")) / f"cities-chromium-{os.getpid()}"
        context = pw.chromium.launch_persistent_context(
            str(profile), executable_path=path, args=CHROMIUM_ARGS, headless=True)
        try:
            yield context
        finally:
            context.close()
            shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    import uvicorn

    from puzzles.web.app import create_app

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = uvicorn.Config(create_app(today=lambda: TODAY), host="127.0.0.1", port=port,
                            log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        thread.join(10)


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    """A fresh page (empty local storage); console errors fail the test."""
    pg = browser.new_page()
    errors: list[str] = []
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.set_viewport_size(LAPTOP)
    pg.goto(server + "/static/style.css")
    pg.evaluate("localStorage.clear()")
    yield pg
    pg.close()
    assert errors == [], f"console errors: {errors}"


def shots_dir(tmp_path: Path) -> Path:
    out = Path(os.environ.get("CITIES_SCREENSHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    return out


def open_puzzle(pg: Any, url: str) -> None:
    pg.goto(url)
    pg.wait_for_selector("#board svg", timeout=30_000)
    pg.wait_for_function("document.body.dataset.placed === '0'")


def cell(r: int, c: int) -> str:
    return f'#board g.cell[data-r="{r}"][data-c="{c}"]'


def tray_button(pg: Any, token: str) -> Any:
    return pg.locator(f'#tray button[data-tile="{token}"]:not(.used):not(:disabled)').first


def total(pg: Any) -> int:
    return int(pg.inner_text("#total"))


def click_play(pg: Any, moves: list[dict[str, Any]]) -> list[int]:
    scores = []
    for i, move in enumerate(moves):
        tray_button(pg, move["tile"]).click()
        r, c = move["at"]
        pg.wait_for_selector(f"{cell(r, c)}.legal")
        pg.click(cell(r, c))
        pg.wait_for_function(f"document.body.dataset.placed === '{i + 1}'")
        scores.append(total(pg))
    return scores


def submit_and_read(pg: Any) -> tuple[str, str]:
    pg.click("#submit")
    pg.wait_for_selector("#result:not([hidden])")
    return pg.inner_text("#percent"), pg.inner_text("#share")


def test_todays_page_loads_with_the_puzzle(page: Any, server: str) -> None:
    open_puzzle(page, server + "/")
    pz = puzzle(TODAY)
    assert page.inner_text("#date-label") == TODAY.isoformat()
    assert page.inner_text("#optimum") == str(pz.optimum)
    assert page.locator("#tray button").count() == len(pz.pool.tiles)
    assert "District" in page.inner_text("#context")
    assert page.locator("#optimal-board svg").count() == 0
    assert page.locator("#dates a").count() >= 30


@pytest.mark.parametrize("date", DATES, ids=str)
def test_clicking_the_optimal_city_reaches_the_optimum_and_grades_100(
        page: Any, server: str, date: dt.date, tmp_path: Path) -> None:
    pz = puzzle(date)
    open_puzzle(page, f"{server}/daily/{date}")
    scores = click_play(page, solution_moves(pz))
    assert scores[-1] == pz.optimum
    percent, share = submit_and_read(page)
    assert percent == "100%"
    assert share.startswith(f"Between Two Cities daily {date}") and f"{pz.optimum}/" in share
    assert "🏆" in share
    page.click("#reveal")
    page.wait_for_selector("#optimal-board svg")
    assert "solved 1 · streak 1 day" in page.inner_text("#stats")
    stored = page.evaluate("JSON.parse(localStorage.getItem('cities-daily-progress'))")
    assert stored[date.isoformat()]["best"] == 100
    page.screenshot(path=str(shots_dir(tmp_path) / f"daily-{date}-laptop.png"), full_page=True)


def test_a_wrong_placement_is_refused(page: Any, server: str) -> None:
    open_puzzle(page, f"{server}/daily/{TODAY}")
    first = solution_moves(puzzle(TODAY))[0]
    assert tray_button(page, "H").count() == 0  # round 2: singles wait for the duplexes
    tray_button(page, first["tile"]).click()
    page.wait_for_selector("#board g.cell.legal")
    before = total(page)
    landscape = page.locator("#board g.cell.landscape").first
    landscape.click()
    assert "cannot go there" in page.inner_text("#message")
    built = page.locator("#board g.cell.fixed").first
    built.click()  # its middle, under the building's symbol: the click goes through to it
    assert "cannot go there" in page.inner_text("#message")
    assert page.evaluate("document.body.dataset.placed") == "0" and total(page) == before
    assert page.locator("#board g.cell.mine").count() == 0


def test_clicking_the_middle_of_a_placed_tile_takes_it_back(page: Any, server: str) -> None:
    open_puzzle(page, f"{server}/daily/{TODAY}")
    first = solution_moves(puzzle(TODAY))[0]
    r, c = first["at"]
    tray_button(page, first["tile"]).click()
    page.locator(cell(r, c)).click()
    page.wait_for_function("document.body.dataset.placed === '1'")
    page.locator(cell(r, c)).click()  # its middle lies under the building's symbol
    page.wait_for_function("document.body.dataset.placed === '0'")
    assert page.locator("#board g.cell.mine").count() == 0


def test_a_tile_can_be_dragged_onto_the_city(page: Any, server: str) -> None:
    open_puzzle(page, f"{server}/daily/{TODAY}")
    first = solution_moves(puzzle(TODAY))[0]
    r, c = first["at"]
    tray_button(page, first["tile"]).drag_to(page.locator(cell(r, c)))
    page.wait_for_function("document.body.dataset.placed === '1'")
    assert page.locator("#board g.cell.mine").count() == 2  # a duplex: both of its cells


def test_keyboard_only_play(page: Any, server: str, tmp_path: Path) -> None:
    pz = puzzle(TODAY)
    open_puzzle(page, f"{server}/daily/{TODAY}")
    moves = solution_moves(pz)
    for _ in range(40):  # Tab to the tray
        page.keyboard.press("Tab")
        if page.evaluate("!!document.activeElement.closest('#tray')"):
            break
    for i, move in enumerate(moves):
        for _ in range(len(pz.pool.tiles)):
            if page.evaluate("document.activeElement.dataset.tile") == move["tile"]:
                break
            page.keyboard.press("ArrowRight")
        assert page.evaluate("document.activeElement.dataset.tile") == move["tile"]
        page.keyboard.press("Enter")
        page.wait_for_selector("#board g.cell.legal")
        assert page.evaluate("document.activeElement.id") == "board"
        r, c = (int(v) for v in page.evaluate("document.body.dataset.cursor").split(","))
        for key, steps in (("ArrowDown", move["at"][0] - r), ("ArrowUp", r - move["at"][0]),
                           ("ArrowRight", move["at"][1] - c), ("ArrowLeft", c - move["at"][1])):
            for _ in range(max(0, steps)):
                page.keyboard.press(key)
        page.keyboard.press("Enter")
        page.wait_for_function(f"document.body.dataset.placed === '{i + 1}'")
        if i == 0:  # take it back with Backspace, then place it again
            page.keyboard.press("Backspace")
            page.wait_for_function("document.body.dataset.placed === '0'")
            page.locator(f'#tray button[data-tile="{move["tile"]}"]').first.focus()
            page.keyboard.press("Enter")
            page.wait_for_selector("#board g.cell.legal")
            page.keyboard.press("Enter")  # the cursor is still on the space
            page.wait_for_function("document.body.dataset.placed === '1'")
    assert total(page) == pz.optimum
    for _ in range(40):
        if page.evaluate("document.activeElement.id") == "submit":
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.wait_for_selector("#result:not([hidden])")
    assert page.inner_text("#percent") == "100%"


def test_a_phone_sized_screen_fits_and_plays(page: Any, server: str, tmp_path: Path) -> None:
    page.set_viewport_size(PHONE)
    pz = puzzle(TODAY)
    open_puzzle(page, f"{server}/daily/{TODAY}")
    click_play(page, solution_moves(pz))
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    assert submit_and_read(page)[0] == "100%"
    page.screenshot(path=str(shots_dir(tmp_path) / f"daily-{TODAY}-phone.png"), full_page=True)
