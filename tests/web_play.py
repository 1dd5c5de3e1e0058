"""A shipped puzzle's optimal city as the player's moves: the solution's ``order`` (an order
of play the rules engine accepts, found by the rules engine, so the tests hard-code no answer)
and the words the page names tiles and spaces with."""

from __future__ import annotations

import datetime as dt
from typing import Any

from puzzles.archive import archived
from puzzles.puzzle import Puzzle
from puzzles.web.board import tile_words
from solver.twocities.game.components import load_components
from solver.twocities.game.tiles import parse_tile

#: Shipped archive dates the web tests play (kinds: complete and choose).
DATES = (dt.date(2026, 12, 1), dt.date(2026, 11, 29))


def puzzle(date: dt.date) -> Puzzle:
    found = archived(date)
    assert found is not None, f"{date} is not in the shipped archive"
    return found


def solution_moves(pz: Puzzle) -> list[dict[str, Any]]:
    """The optimal city's tiles not already built, as ``{"tile", "at"}`` (mat coordinates) in
    the order ``cities daily --solution --json`` gives."""
    order = pz.solution_json()["order"]
    assert isinstance(order, list) and order
    return order


def words(token: str) -> str:
    """A tile token as the page names it: ``Td`` is ``drink tavern``."""
    return tile_words(parse_tile(token, load_components().civics))


#: Shipped pair Sundays (two cities from one pool).
PAIR_DATES = (dt.date(2026, 12, 20), dt.date(2026, 12, 27))


def pair_moves(pz: Puzzle) -> list[list[dict[str, Any]]]:
    """A pair's optimal cities as each city's moves (mat coordinates), in an order the rules
    engine accepts: the ``order`` of each city in ``cities daily --solution --json``."""
    return [city["order"] for city in pz.solution_json()["cities"]]
