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
    engine accepts (``rules.order.play_order`` on each city's mat), the pool's tiles
    shared out so that together they use no tile twice."""
    from collections import Counter
    from collections.abc import Iterator
    from dataclasses import replace

    from puzzles.decompose import decompositions
    from solver.twocities.game.pool import Placement
    from solver.twocities.game.tiles import Tile
    from solver.twocities.rules.order import play_order

    pool = pz.pool

    def orders(i: int, left: Counter[Tile]) -> Iterator[list[list[dict[str, Any]]]]:
        if i == len(pz.solution):
            yield []
            return
        city, one = pz.solution[i], replace(pool, mats=(pool.mats[i],))
        for reading in decompositions(city, left, pool.rules.duplexes, frozenset()):
            order = play_order(city, one, [Placement(t, cells[0]) for t, cells in reading])
            if order is None:
                continue
            for rest in orders(i + 1, left - Counter(t for t, _ in reading)):
                yield [[{"tile": p.tile.token, "at": list(p.at)} for p in order], *rest]
                return

    found = next(orders(0, Counter(pool.tiles)), None)
    assert found is not None, f"no order of play builds the pair of {pz.date}"
    return found
