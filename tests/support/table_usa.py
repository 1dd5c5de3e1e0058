"""The Table page's Cities USA games as a test plays them: whatever the game asks, its first
option (tiles on their first lit place, cards kept, features and pieces left aside), and a
bridge choice, when the rules engine offers one, made by ``choose``."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

STATUS = "document.getElementById('usa-game-status').textContent"


def usa_kind(pg: Any) -> None:
    pg.get_by_role("combobox", name="Game").select_option("usa")
    pg.wait_for_function("document.getElementById('usa-status').textContent.startsWith('Choose')")


Choose = Callable[[Any], Any]  # given the group of choices; a volunteer: True if it laid one


def usa_turn(pg: Any, choose: Choose | None = None, volunteer: Choose | None = None) -> None:
    """One decision of the player's turn, as the page asks it; ``choose`` gets the group of
    bridge choices when a tile makes more dead ends than the bridges left fix, ``volunteer``
    the voluntary bridges offered after a tile."""
    text = str(pg.locator("#usa-game-status").text_content())
    area = pg.locator("#usa-game-decision")
    if "starting tile" in text:
        area.get_by_role("button", name=re.compile("^starting tile")).first.click()
        return
    if "space of the board" in text:
        area.locator(".board-row button:enabled").first.click()
        return
    row = pg.evaluate("usaPlay.need.space[0]")  # the board row the worker took from
    took = pg.get_by_role("toolbar", name="what the worker took").get_by_role("button")
    for i in range(took.count()):
        item = took.nth(i)
        name = str(item.get_attribute("aria-label"))[len("took "):]
        if row == "tiles" and not name.startswith("top:"):
            for _turn in range(4):
                item.click()
                pg.wait_for_function(f"{STATUS}.includes('tap a lit place')")
                lit = area.get_by_role("gridcell", name=re.compile(", legal for "))
                if lit.count():
                    lit.first.click()
                    pg.wait_for_function(f"{STATUS}.includes('placed') || "
                                         f"{STATUS}.includes('choose the bridges')")
                    if "choose the bridges" in str(pg.locator("#usa-game-status")
                                                   .text_content()):
                        assert choose is not None, "a bridge choice and nobody to make it"
                        choose(area.get_by_role("group", name="bridges to choose"))
                        pg.wait_for_function(f"{STATUS}.includes('placed')")
                    offered = "a voluntary bridge may follow" in str(
                        pg.locator("#usa-game-status").text_content())
                    if offered and volunteer is not None and volunteer(
                            area.get_by_role("group", name="bridges to choose")):
                        pg.wait_for_function(f"{STATUS}.startsWith('the bridge placed')")
                    break
        elif row == "cards":
            item.click()
            pg.wait_for_function(f"{STATUS}.includes('placed') || {STATUS}.includes('may not')")
    area.get_by_role("button", name="Done placing").click()


def play_to_the_end(pg: Any, choose: Choose | None = None,
                    volunteer: Choose | None = None) -> None:
    pg.wait_for_function(f"{STATUS}.startsWith('Your turn')", timeout=60_000)
    for _ in range(300):
        text = str(pg.locator("#usa-game-status").text_content())
        if "over" in text:
            return
        assert "Refused" not in text and "may not" not in text, text
        usa_turn(pg, choose, volunteer)
        pg.wait_for_function(f"{STATUS}.startsWith('Your turn') || {STATUS}.includes('over')"
                             f" || {STATUS}.startsWith('Refused')", timeout=60_000)
    raise AssertionError("the game did not end")
