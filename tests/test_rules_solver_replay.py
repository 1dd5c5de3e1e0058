"""The solver's cities are buildable by legal play: replay them through the rules engine.

``rules.order`` searches for a legal order when the solver answers; here the rules engine
confirms it independently.  With the city's duplexes known from the start (their orientation
is a fact of the answer), the look-ahead promises that a legal move always leads on to a
complete city, so taking *any* legal next piece never gets stuck.
"""

from __future__ import annotations

import random

import pytest

from solver.twocities.cpsat.city.solve import solve_pool
from solver.twocities.game.layout import mat_position
from solver.twocities.game.pool import Placement, pool_from_json
from solver.twocities.game.tiles import Duplex
from solver.twocities.rules.legality import check
from solver.twocities.rules.position import Position

POOLS = [
    {"variant": "beginner", "tiles": ["P", "P", "S", "S", "S", "H", "H", "O", "O", "Tm", "Tf",
                                      "F", "F", "F", "P|H", "S/O", "F/O"]},
    {"mat": "river-bend", "tiles": ["F", "F", "S", "S", "S", "S", "Tm", "Tf", "Td", "P", "P",
                                    "P", "O", "O", "O", "H", "H", "H", "F|O", "P/H"]},
    {"mat": "canal", "tiles": ["S"] * 6 + ["P"] * 5 + ["H"] * 5 + ["O|S", "H/O"]},
    {"mat": "lakeshore", "tiles": ["H"] * 8 + ["F"] * 8 + ["P|P", "P|O"]},
]


def replay(pos: Position, pieces: list[Placement], rng: random.Random) -> Position:
    """Place ``pieces`` in round order, always some legal piece next; fail if none is."""
    left = list(pieces)
    while left:
        rng.shuffle(left)
        move = next((p for p in left if check(pos, p.tile, p.at).legal), None)
        assert move is not None, ("stuck", pos.to_json(), [p.to_json() for p in left])
        pos = pos.play(move)
        left.remove(move)
    return pos


def round_one(pos: Position, singles: list[Placement], duplexes: list[Placement]):
    """Depth-first: a legal order of round-1 singles after which the duplexes fit where the
    answer has them.  Every step is checked by the engine; dead branches are remembered."""
    failed: set[frozenset] = set()
    target = {c for d in duplexes for c in d.cells}

    def near(p: Placement) -> int:
        return min(abs(p.at[0] - r) + abs(p.at[1] - c) for r, c in target)

    def go(pos: Position, left: list[Placement]) -> Position | None:
        if pos.round != 1:
            try:
                return replay(pos, duplexes, random.Random(0))
            except AssertionError:
                return None
        key = frozenset(pos.occupied)
        if key in failed:
            return None
        for p in sorted(left, key=near):
            if check(pos, p.tile, p.at).legal:
                done = go(pos.play(p), [q for q in left if q is not p])
                if done is not None:
                    return done
        failed.add(key)
        return None

    return go(pos, singles)


@pytest.mark.parametrize("data", POOLS)
def test_solver_answers_replay_legally(data):
    pool = pool_from_json(data)
    result = solve_pool(pool, time_limit=None, workers=1, deterministic_time=0.5)
    assert result.city is not None
    city = result.city
    offset = mat_position(city, pool.mat) if pool.mat is not None else (0, 0)
    assert offset is not None
    pieces = [Placement(p.tile, (p.at[0] - offset[0], p.at[1] - offset[1]))
              for p in result.placements]
    duplexes = tuple(p.tile for p in pieces if isinstance(p.tile, Duplex))
    start = Position(pool.rules, pool.mat, revealed=duplexes)
    singles = [p for p in pieces if not isinstance(p.tile, Duplex)]
    after_two = round_one(start, singles, [p for p in pieces if isinstance(p.tile, Duplex)])
    assert after_two is not None
    used = set(after_two.occupied)
    pos = replay(after_two, [p for p in singles if p.at not in used], random.Random(0))
    assert pos.finished
    assert pos.to_city().rows == city.rows
