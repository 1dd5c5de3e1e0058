"""The pages in a real headless Chromium: the browser and a server as module fixtures, a
page at a laptop's or a phone's size, and the moves a player makes on the daily page
(shared by every browser test module)."""

from __future__ import annotations

import datetime as dt
import os
import re
import shutil
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.server import job_processes
from tests.web_play import DATES, words

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
TODAY = DATES[0]  # what "/" shows here: a shipped date, never generated during the tests
LAPTOP, PHONE = {"width": 1366, "height": 768}, {"width": 390, "height": 844}
AA = 4.5  # WCAG AA contrast for text


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
        chromium = pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    yield from serve(TODAY)


def serve(today: dt.date) -> Iterator[str]:
    """A server on a free loopback port whose today is ``today``, for a module's tests."""
    import uvicorn

    from puzzles.web.app import create_app

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = uvicorn.Config(create_app(today=lambda: today), host="127.0.0.1", port=port,
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


def new_page(browser: Any, phone: bool) -> tuple[Any, list[str]]:
    size = PHONE if phone else LAPTOP
    context = browser.new_context(viewport=size, has_touch=phone, is_mobile=phone)
    pg = context.new_page()
    pg.clock.set_fixed_time(dt.datetime.combine(TODAY, dt.time(12)))  # the player's today
    errors: list[str] = []
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: errors.append(str(e)))
    return pg, errors


def page_fixture(phone: bool) -> Callable[[Any], Iterator[Any]]:
    def fixture(browser: Any) -> Iterator[Any]:
        pg, errors = new_page(browser, phone)
        yield pg
        pg.context.close()
        assert errors == [], f"console errors: {errors}"
    return fixture


laptop = pytest.fixture(page_fixture(False), name="laptop")
phone = pytest.fixture(page_fixture(True), name="phone")


def shots_dir(tmp_path: Path) -> Path:
    out = Path(os.environ.get("CITIES_SCREENSHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    return out


def open_puzzle(pg: Any, url: str) -> None:
    pg.goto(url)
    pg.wait_for_selector("#board svg", timeout=30_000)
    pg.wait_for_function("document.body.dataset.placed !== undefined")


def placed(pg: Any) -> int:
    return int(pg.evaluate("document.body.dataset.placed"))


def wait_placed(pg: Any, n: int) -> None:
    pg.wait_for_function(f"document.body.dataset.placed === '{n}'")


def space(pg: Any, at: list[int] | tuple[int, int], state: str = "") -> Any:
    """The board space at mat coordinates ``at``, by its accessible name (rows and columns
    counted from 1 at the top left of the spaces drawn)."""
    r0, c0 = (int(v) for v in pg.evaluate("document.body.dataset.origin").split(","))
    name = rf"^row {at[0] - r0 + 1}, column {at[1] - c0 + 1}: {state}"
    return pg.get_by_role("button", name=re.compile(name))


def literal(text: str) -> str:
    """``text`` as a regular expression Playwright can pass on (it writes ``/.../``)."""
    return re.escape(text).replace("/", r"\/")


def tile(pg: Any, token: str) -> Any:
    """A tile in the tray not yet placed, by its name in words."""
    tray = pg.get_by_role("toolbar", name="tiles to place")
    return tray.get_by_role("button", name=words(token), exact=True, disabled=False).first


def total(pg: Any) -> int:
    return int(pg.inner_text("#total"))


def play(pg: Any, moves: list[dict[str, Any]], how: str) -> list[int]:
    """Each move by mouse (``click``) or touch (``tap``): the tile, then its space once the
    space is named legal for it."""
    scores = []
    before = placed(pg)
    for i, move in enumerate(moves):
        getattr(tile(pg, move["tile"]), how)()
        target = space(pg, move["at"], f"empty, legal for {literal(words(move['tile']))}$")
        target.wait_for()
        getattr(target, how)()
        wait_placed(pg, before + i + 1)
        scores.append(total(pg))
    return scores


def submit(pg: Any, how: str = "click") -> tuple[str, str]:
    getattr(pg.get_by_role("button", name="Submit"), how)()
    pg.wait_for_selector("#result:not([hidden])")
    return pg.inner_text("#percent"), pg.inner_text("#share")


def contrast(fg: str, bg: str) -> float:
    """WCAG contrast ratio of two CSS colours (``rgb(...)`` or ``#rrggbb``)."""
    def luminance(colour: str) -> float:
        if colour.startswith("#"):
            parts = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
        else:
            parts = [int(float(v)) for v in re.findall(r"[\d.]+", colour)[:3]]
        lin = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
               for v in (p / 255 for p in parts)]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    hi, lo = sorted((luminance(fg), luminance(bg)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def table_page(browser: Any, server: str, size: dict[str, int]) -> Iterator[Any]:
    """The Table page at ``size``, its browser storage cleared and its first status said;
    closed after the test, which fails on any console error but a fetch the page aborted."""
    pg = browser.new_page()
    errors: list[str] = []
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.set_viewport_size(size)
    pg.goto(server + "/table")
    pg.evaluate("localStorage.clear()")
    pg.reload()
    pg.get_by_role("status").first.wait_for()
    pg.wait_for_function("document.getElementById('status').textContent.startsWith('Choose')")
    yield pg
    pg.close()
    assert [e for e in errors if "Failed to fetch" not in e] == [], f"console errors: {errors}"


def stop_a_solve(pg: Any, progress: str, stop: Any) -> None:
    """A solve just asked for, seen running on the server, stopped by ``stop``: the page
    says so (its ``progress`` element) and no job is left."""
    said = f"document.getElementById('{progress}').textContent"
    pg.wait_for_function(f"{said} !== 'Solving…'", timeout=60_000)
    assert job_processes(), "no solve running"
    stop.click()
    pg.wait_for_function(f"{said} === 'Stopped.'")
    for _ in range(100):
        if not job_processes():
            break
        pg.wait_for_timeout(200)
    assert not job_processes(), "a solve is left running on the server"
