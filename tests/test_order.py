"""rules/order.py: can legal play, round by round, build a finished city from a pool?"""

from __future__ import annotations

from dataclasses import replace

import pytest

from solver.common.errors import CitiesError
from solver.twocities.game.city import City, Context
from solver.twocities.game.components import parse_mat
from solver.twocities.game.pool import Placement, Pool, pool_from_json
from solver.twocities.game.rulesets import load_ruleset
from solver.twocities.game.tiles import parse_tile
from solver.twocities.rules.order import order_problems

BEGINNER = {"variant": "beginner", "tiles": ["F"] * 12 + ["F|O", "P/H"]}
CITY = City.from_notation("F O F F / P F F F / H F F F / F F F F")
def placed(token: str, *cells: tuple[int, int]) -> Placement:
    return Placement.from_cells(parse_tile(token), cells)


DUPLEXES = [placed("F|O", (0, 0), (0, 1)), placed("P/H", (1, 0), (2, 0))]
SINGLES = [placed("F", c) for c in CITY.cells() if c not in {(0, 0), (0, 1), (1, 0), (2, 0)}]


def test_a_full_beginner_city_is_buildable() -> None:
    assert order_problems(CITY, pool_from_json(BEGINNER), DUPLEXES + SINGLES) == []


def test_placements_must_use_the_pool() -> None:
    pool = pool_from_json(BEGINNER)
    problems = order_problems(CITY, pool, DUPLEXES + SINGLES[:-1])
    assert any("not built" in p for p in problems)
    assert any("uses 11 singles" in p for p in problems)
    wrong = [placed("O|F", (0, 0), (0, 1)), DUPLEXES[1], *SINGLES]
    assert any("holds 0" in p or "something else" in p
               for p in order_problems(CITY, pool, wrong))


def test_a_duplex_keeps_its_printed_orientation() -> None:
    with pytest.raises(CitiesError, match="not as printed"):
        placed("F|O", (0, 0), (1, 0))


def test_the_mat_must_be_the_pools_mat() -> None:
    pool = pool_from_json({"mat": "river-bend", "tiles": ["F"] * 16 + ["F|O", "P/H"]})
    city = City.from_notation("F F F F F / F F F F F / F F F F F / F F F F F / F F F F F")
    assert any("mat" in p for p in order_problems(city, pool, []))


def test_first_tile_must_go_on_the_mat() -> None:
    """A mat with one open space: when a duplex covers it, round 1 cannot start there."""
    mat = parse_mat({"grid": ["~ ~ ~", "~ ~ ."]})
    rules = replace(load_ruleset("essential", "standard"), size=3, singles=2, duplexes=1)
    pool = Pool(rules, (mat,), tuple(parse_tile(t) for t in ["F", "F", "S|S"]), Context())
    # mat at the top-left: landscape (0,0)-(0,2), (1,0), (1,1); its open space is (1,2)
    city = City.from_notation("~ ~ ~ / ~ ~ S / F F S")
    on_mat = [placed("S/S", (1, 2), (2, 2)), placed("F", (2, 0)), placed("F", (2, 1))]
    pool_v = Pool(rules, (mat,), tuple(parse_tile(t) for t in ["F", "F", "S/S"]), Context())
    problems = order_problems(city, pool_v, on_mat)
    assert problems and "no order" in problems[0]
    # the same city with a single on the mat's open space is buildable
    city2 = City.from_notation("~ ~ ~ / ~ ~ F / S S F")
    order = [placed("S|S", (2, 0), (2, 1)), placed("F", (1, 2)), placed("F", (2, 2))]
    assert order_problems(city2, pool, order) == []


def test_a_cut_off_space_cannot_be_reached() -> None:
    """Landscape cutting a corner off, with no bridge: the corner's tile is never adjacent."""
    mat = parse_mat({"grid": ["~ ~ .", ". ~ ~", ". ~ ."]})
    rules = replace(load_ruleset("essential", "standard"), size=3, singles=2, duplexes=1)
    pool = Pool(rules, (mat,), tuple(parse_tile(t) for t in ["F/F", "F", "F"]), Context())
    city = City.from_notation("~ ~ F / F ~ ~ / F ~ F")
    order = [placed("F/F", (1, 0), (2, 0)), placed("F", (0, 2)), placed("F", (2, 2))]
    problems = order_problems(city, pool, order)
    assert problems and "no order" in problems[0]
