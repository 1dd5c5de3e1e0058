"""Pair Sundays on the daily page, in a real headless Chromium (see test_web_browser.py): two
mats, each tile placed in one of the two cities, both scored live against each other, the
lower city the player's score, graded by /api/check as ``cities daily --check`` grades a pair.
The server's and the player's today is the pair's date, so the page offers it.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any

import pytest

from puzzles.web.board import pair_json, position_of, verdict_json
from tests.support.browser import (
    LAPTOP,
    PHONE,
    open_puzzle,
    play,
    shots_dir,
    space,
    submit,
    tile,
    total,
)
from tests.web_play import PAIR_DATES, pair_moves, puzzle, words

pytestmark = pytest.mark.browser

SUNDAY = PAIR_DATES[0]


@pytest.fixture(scope="module")
def server() -> Any:
    from tests.support.browser import serve

    yield from serve(SUNDAY)


def pair_page(browser: Any, phone: bool) -> tuple[Any, list[str]]:  # noqa: F811
    size = PHONE if phone else LAPTOP
    context = browser.new_context(viewport=size, has_touch=phone, is_mobile=phone)
    pg = context.new_page()
    pg.clock.set_fixed_time(dt.datetime.combine(SUNDAY, dt.time(12)))
    errors: list[str] = []
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: errors.append(str(e)))
    return pg, errors


def refused_in_city_two(pg: Any, pz: Any, token: str) -> None:
    """A tap on the second mat's landscape: the rules engine's reason for that city."""
    from playwright.sync_api import expect

    tile(pg, token).click()
    at = sorted(pz.pool.mats[1].landscape)[0]
    pg.get_by_role("button", name=re.compile(r"empty, legal for")).first.wait_for()
    space(pg, at, "landscape$").click()
    reason = verdict_json(position_of(pz, [], 1).to_json(), token, list(at))["reason"]
    status = pg.get_by_role("status").filter(has_text="cannot go there")
    expect(status).to_have_text(f"{words(token)} cannot go there: {reason}.")
    tile(pg, token).click()  # let it go


@pytest.mark.parametrize("phone", [False, True], ids=["laptop", "phone"])
def test_a_pair_sunday_played_to_its_optimum(browser: Any, server: str,  # noqa: F811
                                             phone: bool, tmp_path: Path) -> None:
    pz = puzzle(SUNDAY)
    how = "tap" if phone else "click"
    pg, errors = pair_page(browser, phone)
    open_puzzle(pg, f"{server}/daily/{SUNDAY}")
    tabs = pg.get_by_role("tablist", name="your two cities").get_by_role("tab")
    assert tabs.count() == 2
    moves = pair_moves(pz)
    for i, city in enumerate(moves):
        getattr(tabs.filter(has_text=re.compile(rf"^City {i + 1} ")), how)()
        pg.wait_for_function(f"document.querySelector('#city-tab-{i}')"
                             ".getAttribute('aria-selected') === 'true'")
        if i == 1 and not phone:
            refused_in_city_two(pg, pz, city[0]["tile"])
        if i == 1:
            play(pg, city[:6], how)
            name = f"web-pair-{'phone' if phone else 'laptop'}.png"
            pg.screenshot(path=str(shots_dir(tmp_path) / name), full_page=not phone)
            play(pg, city[6:], how)
        else:
            play(pg, city, how)
    # the page's score is the lower city's, scored against each other as the grader does
    lists = [[{"tile": m["tile"], "at": m["at"]} for m in city] for city in moves]
    expected = pair_json(pz, lists)
    assert expected["score"] == pz.optimum
    assert total(pg) == pz.optimum
    percent, share = submit(pg, how)
    assert percent == "100%"
    assert share.startswith(f"Between Two Cities daily {SUNDAY} (pair")
    getattr(pg.get_by_role("button", name="Show the optimal city"), how)()
    pg.wait_for_function("document.querySelectorAll('#optimal-board svg').length === 2")
    replay_the_optimal_cities(pg, how, moves)
    pg.reload()  # both cities and the grade come back
    open_puzzle(pg, f"{server}/daily/{SUNDAY}")
    pg.wait_for_selector("#result:not([hidden])")
    assert pg.evaluate("document.body.dataset.placed") == str(sum(map(len, moves)))
    assert pg.inner_text("#percent") == "100%"
    pg.context.close()
    assert errors == [], f"console errors: {errors}"


def replay_the_optimal_cities(pg: Any, how: str, moves: list[list[dict[str, Any]]]) -> None:
    """The optimal cities replayed a step at a time: city 1's order, then city 2's."""
    from playwright.sync_api import expect

    n, first = sum(map(len, moves)), len(moves[0])
    pg.wait_for_function(f"document.body.dataset.step === '{n}'")
    step = pg.locator("#replay-step")
    for k in (n - 1, n - 2):
        getattr(pg.get_by_role("button", name="◀ step back"), how)()
        pg.wait_for_function(f"document.body.dataset.step === '{k}'")
    expect(step).to_have_text(f"(step {n - 2} of {n}: city 2, {words(moves[1][-3]['tile'])})")
    for k in range(n - 3, first - 1, -1):  # back to city 1 finished, city 2 empty
        getattr(pg.get_by_role("button", name="◀ step back"), how)()
        pg.wait_for_function(f"document.body.dataset.step === '{k}'")
    expect(step).to_have_text(f"(step {first} of {n}: city 1, {words(moves[0][-1]['tile'])})")
    getattr(pg.get_by_role("button", name="whole city"), how)()
    pg.wait_for_function(f"document.body.dataset.step === '{n}'")


def test_the_pair_solution_has_each_citys_order_of_play() -> None:
    """``cities daily --solution --json`` for a pair: each city's ``order`` builds it on its own
    mat through the rules engine, together using the pool's tiles at most once."""
    from collections import Counter

    from solver.twocities.rules.legality import check

    pz = puzzle(SUNDAY)
    cities = pz.solution_json()["cities"]
    for i, city in enumerate(cities):
        for k, move in enumerate(city["order"]):
            pos = position_of(pz, city["order"][:k], i)
            assert check(pos, parse(move["tile"]), tuple(move["at"])).legal, (i, k, move)
        assert position_of(pz, city["order"], i).finished
    used = Counter(m["tile"] for c in cities for m in c["order"])
    assert not used - Counter(t.token for t in pz.pool.tiles)
    lists = [[{"tile": m["tile"], "at": m["at"]} for m in c["order"]] for c in cities]
    assert pair_json(pz, lists)["score"] == pz.optimum


def parse(token: str) -> Any:
    from solver.twocities.game.components import load_components
    from solver.twocities.game.tiles import parse_tile

    return parse_tile(token, load_components().civics)
