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
import re
from pathlib import Path
from typing import Any

import pytest

from puzzles.web.board import position_of, verdict_json
from solver.twocities.rules.moves import legal_moves
from tests.support.browser import (
    AA,
    PHONE,
    TODAY,
    contrast,
    literal,
    open_puzzle,
    placed,
    play,
    shots_dir,
    space,
    submit,
    tile,
    total,
    wait_placed,
)
from tests.web_play import DATES, puzzle, solution_moves, words

pytestmark = pytest.mark.browser

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
