"""A shipped puzzle's optimal city as the player's moves: its tiles in mat coordinates, in an
order legal play accepts (found with the rules engine, so the tests hard-code no answer)."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from typing import Any

from puzzles.archive import archived
from puzzles.decompose import decompositions
from puzzles.puzzle import Puzzle
from puzzles.web.board import position_of
from solver.twocities.game.layout import mat_position, shift
from solver.twocities.game.tiles import Duplex
from solver.twocities.rules.legality import legal_positions

#: Shipped archive dates the web tests play (kinds: complete and choose).
DATES = (dt.date(2026, 12, 1), dt.date(2026, 11, 29))


def puzzle(date: dt.date) -> Puzzle:
    found = archived(date)
    assert found is not None, f"{date} is not in the shipped archive"
    return found


def solution_moves(pz: Puzzle) -> list[dict[str, Any]]:
    """The optimal city's tiles not already built, as ``{"tile", "at"}`` in a legal order."""
    city, mat, pool = pz.solution[0], pz.pool.mat, pz.pool
    assert mat is not None
    offset = mat_position(city, mat)
    assert offset is not None
    fixed = frozenset(shift(c, offset) for p in pool.fixed for c in p.cells)
    fixed_d = sum(isinstance(p.tile, Duplex) for p in pool.fixed)
    back = (-offset[0], -offset[1])
    for reading in decompositions(city, Counter(pool.tiles), pool.rules.duplexes - fixed_d,
                                  fixed):
        todo = [{"tile": t.token, "at": list(shift(cells[0], back))} for t, cells in reading]
        order = _legal_order(pz, [], todo)
        if order is not None:
            return order
    raise AssertionError("no legal order builds the shipped solution")


def _legal_order(pz: Puzzle, done: list[dict[str, Any]],
                 todo: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    if not todo:
        return done
    pos = position_of(pz, done)
    tried: set[tuple[str, tuple[int, int]]] = set()
    for i, move in enumerate(todo):
        key = (move["tile"], tuple(move["at"]))
        if key in tried:
            continue
        tried.add(key)
        tile = next(t for t in pz.pool.tiles if t.token == move["tile"])
        if tuple(move["at"]) in legal_positions(pos, tile):
            found = _legal_order(pz, [*done, move], todo[:i] + todo[i + 1:])
            if found is not None:
                return found
    return None
