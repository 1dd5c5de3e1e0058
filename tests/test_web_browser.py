"""The daily puzzle page in a real headless Chromium (Playwright for Python driving the
system's ``chromium``; no browser is downloaded), at a laptop's size (1366x768, mouse and
keyboard) and a phone's (390x844, touch).  A server runs on a free loopback port for the
module; each test gets a fresh browser context (empty local storage) whose clock says
``TODAY``.  Spaces and tiles are found by their role and accessible name, as a screen reader
meets them.

Screenshots go to pytest's temporary directory, or to ``$CITIES_SCREENSHOTS`` when it is set
(``CITIES_SCREENSHOTS=docs`` makes the pictures of docs/web.md).
"""

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

from puzzles.web.board import position_of, verdict_json
from solver.twocities.rules.moves import legal_moves
from tests.web_play import DATES, puzzle, solution_moves, words

pytestmark = pytest.mark.browser

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


# --- the tests -------------------------------------------------------------------------------


def test_todays_page_loads_with_the_puzzle(laptop: Any, server: str) -> None:
    open_puzzle(laptop, server + "/")
    pz = puzzle(TODAY)
    assert laptop.inner_text("#date-label") == TODAY.isoformat()
    assert laptop.inner_text("#optimum") == str(pz.optimum)
    assert laptop.locator("#tray button").count() == len(pz.pool.tiles)
    assert "District" in laptop.inner_text("#context")
    assert laptop.locator("#optimal-board svg").count() == 0


@pytest.mark.parametrize("date", DATES, ids=str)
def test_mouse_play_reaches_100_a_reload_restores_it_and_a_retry_keeps_the_best(
        laptop: Any, server: str, date: dt.date, tmp_path: Path) -> None:
    pz = puzzle(date)
    laptop.add_init_script("Object.defineProperty(navigator, 'clipboard', {value: undefined})")
    open_puzzle(laptop, f"{server}/daily/{date}")
    scores = play(laptop, solution_moves(pz), "click")
    assert scores[-1] == pz.optimum
    percent, share = submit(laptop)
    assert percent == "100%"
    assert share.startswith(f"Between Two Cities daily {date} ({pz.kind}")
    assert share.splitlines()[-1] == f"{server}/daily/{date}" and "🏆" in share
    laptop.get_by_role("button", name="Copy").click()  # no clipboard API: the fallback copies
    assert laptop.evaluate("document.body.dataset.copied") == "true"
    assert "Ctrl" not in laptop.inner_text("#result")
    laptop.get_by_role("button", name="Show the optimal city").click()
    laptop.wait_for_selector("#optimal-board svg")
    stats = laptop.inner_text("#stats")
    assert "solved 1" in stats and ("streak 1 day" if date == TODAY else "streak 0 days") in stats
    if date == TODAY:
        laptop.screenshot(path=str(shots_dir(tmp_path) / "web-laptop.png"), full_page=True)

    laptop.reload()  # the board, the grade and the share line come back
    open_puzzle(laptop, f"{server}/daily/{date}")
    laptop.wait_for_selector("#result:not([hidden])")
    assert placed(laptop) == len(scores) and total(laptop) == pz.optimum
    assert laptop.inner_text("#percent") == "100%" and laptop.inner_text("#share") == share
    assert laptop.get_by_role("button", name="Submit").is_disabled()

    laptop.get_by_role("button", name="Try again").click()  # a new try; the best stays
    wait_placed(laptop, 0)
    assert laptop.locator("#result").is_hidden() and "best here 100%" in laptop.inner_text("#stats")
    play(laptop, solution_moves(pz)[:1], "click")
    laptop.reload()
    open_puzzle(laptop, f"{server}/daily/{date}")
    assert placed(laptop) == 1 and laptop.locator("#result").is_hidden()


def test_touch_play_on_a_phone_keeps_the_tray_and_score_in_view(phone: Any, server: str,
                                                                 tmp_path: Path) -> None:
    pz = puzzle(TODAY)
    open_puzzle(phone, f"{server}/daily/{TODAY}")
    moves = solution_moves(pz)
    dock = phone.locator("#dock")
    for scroll in (0, 10_000):  # the bar stays on screen wherever the page is scrolled
        phone.evaluate(f"scrollTo(0, {scroll})")
        box = dock.bounding_box()
        assert box is not None and box["y"] + box["height"] <= PHONE["height"] + 1
        assert box["y"] >= PHONE["height"] / 2
    phone.evaluate("scrollTo(0, 0)")
    play(phone, moves[:3], "tap")
    tile(phone, moves[3]["tile"]).tap()
    space(phone, moves[3]["at"], "empty, legal").first.wait_for()
    phone.screenshot(path=str(shots_dir(tmp_path) / "web-phone.png"))
    tile(phone, moves[3]["tile"]).tap()  # let it go
    scores = play(phone, moves[3:], "tap")
    assert scores[-1] == pz.optimum
    assert phone.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    assert submit(phone, "tap")[0] == "100%"
    phone.get_by_role("button", name="Show the optimal city").tap()
    phone.wait_for_selector("#optimal-board svg")
    phone.wait_for_function(  # revealing the optimal city brings it into view
        "(() => { const r = document.querySelector('#optimal').getBoundingClientRect();"
        " return r.top >= -1 && r.top < innerHeight / 2; })()")
    phone.screenshot(path=str(shots_dir(tmp_path) / "web-phone-solved.png"))


def test_a_refused_tap_shows_the_rules_engines_reason(phone: Any, server: str) -> None:
    from playwright.sync_api import expect

    pz = puzzle(TODAY)
    open_puzzle(phone, f"{server}/daily/{TODAY}")
    first = solution_moves(pz)[0]
    tile(phone, first["tile"]).tap()
    space(phone, first["at"], "empty, legal").first.wait_for()
    state = position_of(pz, []).to_json()
    status = phone.get_by_role("status").filter(has_text="cannot go there")
    landscape = space(phone, _landscape(pz), "landscape$")
    for target, at in ((landscape, _landscape(pz)), (space(phone, _far(pz), "empty$"), _far(pz))):
        target.tap()
        reason = verdict_json(state, first["tile"], list(at))["reason"]  # as cities check says
        assert reason
        expect(status).to_have_text(f"{words(first['tile'])} cannot go there: {reason}.")
    assert placed(phone) == 0


def _landscape(pz: Any) -> tuple[int, int]:
    assert pz.pool.mat is not None
    return sorted(pz.pool.mat.landscape)[0]


def _far(pz: Any) -> tuple[int, int]:
    """An empty space the first tile cannot take (the top-left one drawn at the start)."""
    pos = position_of(pz, [])
    first = solution_moves(pz)[0]
    legal = legal_moves(pos, next(t for t in pz.pool.tiles if t.token == first["tile"]))
    n = pos.size
    top, left, bottom, right = pos.bounds()
    for r in range(bottom - n + 1, top + n):
        for c in range(right - n + 1, left + n):
            cells = {(r, c), (r, c + 1)} if "|" in first["tile"] else {(r, c)}
            if (r, c) not in set(pos.occupied) | set(pos.landscape) and not any(
                    (a, b) in cells or (a, b + 1) in cells for a, b in legal):
                return r, c
    raise AssertionError("no refused space")


def test_a_duplexs_placements_are_outlined_in_pairs(phone: Any, server: str) -> None:
    pz = puzzle(TODAY)  # round 2: duplexes first
    open_puzzle(phone, f"{server}/daily/{TODAY}")
    duplex = next(t for t in pz.pool.tiles if "|" in t.token or "/" in t.token)
    tile(phone, duplex.token).tap()
    legal = legal_moves(position_of(pz, []), duplex)
    assert legal
    phone.wait_for_function(f"document.querySelectorAll('#board .pair').length === {len(legal)}")
    dr, dc = duplex.offset
    halves = {(r, c) for r, c in legal} | {(r + dr, c + dc) for r, c in legal}
    named = space(phone, (0, 0), "").page.get_by_role(
        "button", name=re.compile(rf"legal for {literal(words(duplex.token))}$"))
    assert named.count() == len(halves)


def test_keyboard_only_play(laptop: Any, server: str) -> None:
    pz = puzzle(TODAY)
    open_puzzle(laptop, f"{server}/daily/{TODAY}")
    moves = solution_moves(pz)
    for _ in range(40):  # Tab to the tray
        laptop.keyboard.press("Tab")
        if laptop.evaluate("!!document.activeElement.closest('#tray')"):
            break
    for i, move in enumerate(moves):
        for _ in range(len(pz.pool.tiles)):
            if laptop.evaluate("document.activeElement.dataset.tile") == move["tile"]:
                break
            laptop.keyboard.press("ArrowRight")
        assert laptop.evaluate("document.activeElement.getAttribute('aria-label')") == \
            words(move["tile"])
        laptop.keyboard.press("Enter")
        space(laptop, move["at"], "empty, legal").first.wait_for()
        assert laptop.evaluate("document.activeElement.id") == "board"
        r, c = (int(v) for v in laptop.evaluate("document.body.dataset.cursor").split(","))
        for key, steps in (("ArrowDown", move["at"][0] - r), ("ArrowUp", r - move["at"][0]),
                           ("ArrowRight", move["at"][1] - c), ("ArrowLeft", c - move["at"][1])):
            for _ in range(max(0, steps)):
                laptop.keyboard.press(key)
        if i == 0:  # the cursor's space is announced with its name
            laptop.keyboard.press("ArrowUp")
            laptop.keyboard.press("ArrowDown")
            announced = laptop.inner_text("#cursor-status")
            assert announced == space(laptop, move["at"]).get_attribute("aria-label")
            assert f"legal for {words(move['tile'])}" in announced
        laptop.keyboard.press("Enter")
        wait_placed(laptop, i + 1)
        if i == 0:  # take it back with Backspace, then place it again
            laptop.keyboard.press("Backspace")
            wait_placed(laptop, 0)
            laptop.locator(f'#tray button[data-tile="{move["tile"]}"]').first.focus()
            laptop.keyboard.press("Enter")
            space(laptop, move["at"], "empty, legal").first.wait_for()
            laptop.keyboard.press("Enter")  # the cursor is still on the space
            wait_placed(laptop, 1)
    assert total(laptop) == pz.optimum
    assert laptop.get_by_role("heading", name=re.compile(rf"^Score {pz.optimum} ")).count() == 1
    for _ in range(40):
        if laptop.evaluate("document.activeElement.id") == "submit":
            break
        laptop.keyboard.press("Tab")
    laptop.keyboard.press("Enter")
    laptop.wait_for_selector("#result:not([hidden])")
    assert laptop.inner_text("#percent") == "100%"


def test_a_tile_can_be_dragged_onto_the_city(laptop: Any, server: str) -> None:
    open_puzzle(laptop, f"{server}/daily/{TODAY}")
    first = solution_moves(puzzle(TODAY))[0]
    tile(laptop, first["tile"]).drag_to(space(laptop, first["at"]))
    wait_placed(laptop, 1)
    assert laptop.locator("#board g.cell.mine").count() == 2  # a duplex: both of its cells


def test_a_future_date_is_not_offered(laptop: Any, server: str) -> None:
    open_puzzle(laptop, server + "/")
    assert laptop.get_by_role("link", name="next day").count() == 0
    assert laptop.get_by_role("link", name="previous day").count() == 1
    laptop.get_by_text("archive").click()
    days = laptop.get_by_role("group", name="the days you can play").get_by_role("link")
    names = days.all_inner_texts()
    assert len(names) >= 3
    hrefs = [days.nth(i).get_attribute("href") for i in range(days.count())]
    assert max(hrefs) == f"/daily/{TODAY}"  # the server has tomorrow; the page does not offer it
    assert laptop.locator("#dates .wd").all_inner_texts() == ["Mo", "Tu", "We", "Th", "Fr",
                                                               "Sa", "Su"]
    today = laptop.get_by_role("link", name=re.compile(r"^Tuesday,? 1 December 2026, complete$"))
    assert today.count() == 1
    tomorrow = TODAY + dt.timedelta(days=1)
    laptop.goto(f"{server}/daily/{tomorrow}")  # typed in: still not offered
    laptop.wait_for_selector("text=opens on that day")
    assert laptop.locator("#game").is_hidden()


def test_give_up_asks_first_then_replays_the_optimal_city(laptop: Any, server: str) -> None:
    pz = puzzle(TODAY)
    open_puzzle(laptop, f"{server}/daily/{TODAY}")
    laptop.get_by_role("button", name="Give up").click()
    dialog = laptop.get_by_role("alertdialog")
    assert dialog.is_visible() and laptop.locator("#optimal").is_hidden()
    laptop.get_by_role("button", name="Keep playing").click()
    assert dialog.is_hidden() and laptop.locator("#optimal").is_hidden()
    laptop.get_by_role("button", name="Give up").click()
    laptop.get_by_role("button", name="Yes, show it").click()
    laptop.wait_for_selector("#optimal-board svg")
    assert "Come back tomorrow" in laptop.inner_text("#message")
    steps = len(solution_moves(pz))
    laptop.get_by_role("button", name="◀ step back").click()
    laptop.wait_for_function(f"document.body.dataset.step === '{steps - 1}'")
    for _ in range(steps - 1):
        laptop.get_by_role("button", name="◀ step back").click()
    laptop.wait_for_function("document.body.dataset.step === '0'")
    assert "step 0 of" in laptop.inner_text("#replay-step")
    laptop.get_by_role("button", name="step ▶").click()
    laptop.wait_for_function("document.body.dataset.step === '1'")
    assert words(solution_moves(pz)[0]["tile"]) in laptop.inner_text("#replay-step")
    laptop.reload()
    laptop.wait_for_selector("#optimal-board svg")
    assert laptop.get_by_role("button", name="Give up").is_disabled()
    assert "streak 0 days" in laptop.inner_text("#stats")


def test_names_contrast_and_reduced_motion(laptop: Any, server: str) -> None:
    pz = puzzle(TODAY)
    laptop.emulate_media(reduced_motion="reduce")
    open_puzzle(laptop, f"{server}/daily/{TODAY}")
    tray = laptop.get_by_role("toolbar", name="tiles to place").get_by_role("button")
    assert sorted(tray.evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")) == \
        sorted(words(t.token) for t in pz.pool.tiles)
    assert any(" | " in w and w.endswith(" duplex") for w in tray.all_inner_texts() + [
        words(t.token) for t in pz.pool.tiles])
    cells = laptop.get_by_role("button", name=re.compile(r"^row \d+, column \d+: "))
    assert cells.count() == laptop.locator("#board g.cell").count()
    fixed = pz.pool.fixed[0]
    assert space(laptop, fixed.cells[0]).get_attribute("aria-label").endswith(
        ": " + words(fixed.buildings[0].token))
    assert laptop.locator("#score-line").get_attribute("aria-live") == "polite"
    assert laptop.get_by_role("status").count() >= 1
    # every word on a tile against the tile under it
    pairs = laptop.evaluate("""() => {
      const svg = document.querySelector('#board svg');
      const fills = [...svg.querySelectorAll('rect')].filter(r => !r.closest('g[transform]'))
        .filter(r => (r.getAttribute('fill') || 'none') !== 'none'
                && r.getAttribute('fill-opacity') !== '0' && !r.closest('.cell.landscape'));
      return [...svg.querySelectorAll('text')].map(t => {
        const x = +t.getAttribute('x'), y = +t.getAttribute('y') - 4;
        const under = fills.filter(r => +r.getAttribute('x') <= x && x <= +r.getAttribute('x')
          + +r.getAttribute('width') && +r.getAttribute('y') <= y
          && y <= +r.getAttribute('y') + +r.getAttribute('height')).pop();
        return [t.textContent, getComputedStyle(t).fill, under ? under.getAttribute('fill') : null];
      });
    }""")
    assert len(pairs) >= 8
    for text, fg, bg in pairs:
        assert bg is not None, text
        assert contrast(fg, bg) >= AA, (text, fg, bg, contrast(fg, bg))
    # the page's own words against the page
    for selector in ("#stats", "#next-kind", "#brief", ".keys", "#context p", "h1 .sub"):
        el = laptop.locator(selector).first
        fg = el.evaluate("e => getComputedStyle(e).color")
        assert contrast(fg, "#fbf8f1") >= AA, (selector, fg)
    spinner = laptop.evaluate("""() => { const d = document.createElement('div');
      d.className = 'spinner'; document.body.append(d);
      const a = getComputedStyle(d).animationName; d.remove(); return a; }""")
    assert spinner == "none"
