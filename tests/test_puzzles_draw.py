"""Deterministic drawing of candidate puzzles: the real component mix, plausible rivals and
districts, legal part-built cities, and the weekly plan."""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
from collections import Counter
from itertools import combinations_with_replacement
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles.common.days import date_range, parse_date
from puzzles.draw import draw_candidate, draw_districts, rng_for
from puzzles.partbuilt import legal_in_order, square_cells
from puzzles.plan import TRIES_PER_PLAN, WEEK, plan_for
from solver.common.errors import CitiesError
from solver.twocities.game.components import load_components
from solver.twocities.game.layout import mat_offsets
from solver.twocities.game.pool import pool_from_json
from solver.twocities.game.tiles import Building, Duplex
from solver.twocities.rules.squares import mat_square
from tests.rules_reference import dominoes_fit

ROOT = Path(__file__).resolve().parent.parent
dates = st.dates(dt.date(2000, 1, 1), dt.date(2099, 12, 31))
COMPONENTS = load_components()


def test_same_date_same_candidate_in_another_process() -> None:
    """No salted hash() anywhere: a fresh interpreter with another hash seed draws the same."""
    code = ("import datetime as dt, json; from puzzles.draw import draw_candidate; "
            "print(json.dumps(draw_candidate(dt.date(2026, 12, 9), 0).pool.to_json()))")
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT, env=env).stdout
    here = draw_candidate(dt.date(2026, 12, 9), 0)
    assert here is not None
    assert json.loads(out) == here.pool.to_json()


def test_the_draw_follows_the_draws_version_not_the_generators(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A new generator version (a prover that proves more) keeps every date's candidates; a
    new draws' version deals others."""
    import puzzles.draw as draw_module

    before = draw_candidate(dt.date(2026, 12, 9), 0)
    monkeypatch.setattr("puzzles.plan.GENERATOR_VERSION", "another")
    same = draw_candidate(dt.date(2026, 12, 9), 0)
    monkeypatch.setattr(draw_module, "DRAW_VERSION", "another")
    other = draw_candidate(dt.date(2026, 12, 9), 0)
    assert before and same and other
    assert same.pool.to_json() == before.pool.to_json() != other.pool.to_json()


def test_dates_and_attempts_differ() -> None:
    a, b, c = (draw_candidate(dt.date(2026, 12, 9), 0), draw_candidate(dt.date(2026, 12, 16), 0),
               draw_candidate(dt.date(2026, 12, 9), 1))
    assert a and b and c
    assert a.pool.to_json() != b.pool.to_json() != c.pool.to_json()


@settings(max_examples=40)
@given(dates, st.integers(0, 9))
def test_candidate_is_a_valid_pool_from_the_box(date: dt.date, attempt: int) -> None:
    cand = draw_candidate(date, attempt)
    if cand is None:
        return
    pool, plan = cand.pool, cand.plan
    assert plan == plan_for(date, attempt)
    # The pool file round-trips through the pool file contract.
    assert pool_from_json(json.loads(json.dumps(pool.to_json()))) == pool
    # Never more of a tile than the box holds.
    used = Counter(b.token for t in pool.tiles for b in _halves(t))
    used += Counter(b.token for p in pool.fixed for b in p.buildings)
    singles = Counter(t.token for t in pool.tiles if isinstance(t, Building))
    singles += Counter(p.tile.token for p in pool.fixed if isinstance(p.tile, Building))
    assert all(n <= COMPONENTS.singles[tok] for tok, n in singles.items())
    box_duplexes = Counter(d.token for d in COMPONENTS.duplexes)
    duplexes = Counter(t.token for t in pool.tiles if isinstance(t, Duplex))
    duplexes += Counter(p.tile.token for p in pool.fixed if isinstance(p.tile, Duplex))
    assert all(n <= box_duplexes[tok] for tok, n in duplexes.items())
    assert used
    # Exactly the tiles the day's kind calls for.
    cities = 2 if plan.kind == "pair" else 1
    assert len(pool.singles) + plan.fixed == cities * 16 + plan.extra_singles
    assert len(pool.duplexes) + plan.fixed_duplexes == cities * 2 + plan.extra_duplexes
    assert all(m.id in COMPONENTS.mats for m in pool.mats) and len(pool.mats) == cities
    _check_context(pool.context, plan.districts, cities)
    if plan.fixed:
        _check_part_built(pool)


def _halves(t: object) -> tuple[Building, ...]:
    return (t.first, t.second) if isinstance(t, Duplex) else (t,)  # type: ignore[return-value]


def _check_context(context: object, districts: bool, cities: int) -> None:
    rivals = context.rival_factories  # type: ignore[attr-defined]
    assert 3 - cities <= len(rivals) <= 7 - cities
    assert all(0 <= n <= 20 for n in rivals)
    ds = context.districts  # type: ignore[attr-defined]
    if not districts:
        assert ds == ()
        return
    assert [d.points for d in ds] == [(9, 3), (8, 4), (7, 5)]
    assert all(len(d.types) == 2 and d.types != {"house", "factory"} for d in ds)
    assert len({t for d in ds for t in d.types}) == 6  # six different cards
    assert all(len(d.rivals) == len(rivals) for d in ds)


def _check_part_built(pool: object) -> None:
    """Fixed tiles: connected (bridges count), one on an open mat space, inside a square that
    still takes the duplexes to come whichever way they are printed."""
    mat = pool.mat  # type: ignore[attr-defined]
    fixed = pool.fixed  # type: ignore[attr-defined]
    cells = {c for p in fixed for c in p.cells}
    g = nx.Graph()
    g.add_nodes_from(cells)
    for r, c in cells:
        for n in ((r + 1, c), (r, c + 1)):
            if n in cells:
                g.add_edge((r, c), n)
    for a, b in mat.bridges:
        if a in cells and b in cells:
            g.add_edge(a, b)
    assert nx.is_connected(g)
    assert cells & set(mat.open_spaces)
    assert not cells & set(mat.landscape)
    to_come = 2 - sum(isinstance(p.tile, Duplex) for p in fixed)
    squares = [square_cells(mat, 5, o) for o in mat_offsets(mat, 5)
               if cells <= square_cells(mat, 5, o) and mat_square(mat, 5, o).connected]
    assert squares
    for combo in combinations_with_replacement((True, False), to_come):
        assert any(dominoes_fit(square - cells, combo) for square in squares)
    assert legal_in_order(pool, list(fixed))  # type: ignore[arg-type]


def test_districts_never_pair_house_with_factory() -> None:
    for seed in range(300):
        districts = draw_districts(rng_for(dt.date(2026, 1, 1), seed), COMPONENTS)
        assert len(districts) == 3
        assert frozenset({"house", "factory"}) not in districts
        assert len(set().union(*districts)) == 6


def test_weekly_plan_easiest_first_and_steps_back() -> None:
    monday = dt.date(2026, 12, 7)
    kinds = [plan_for(monday + dt.timedelta(days=i)).kind for i in range(7)]
    assert kinds[0] == "complete" and kinds[-1] == "pair"
    # Monday leaves the fewest choices: 8 singles and no duplexes to place.
    assert WEEK[0].fixed + WEEK[0].fixed_duplexes * 2 == max(
        p.fixed + 2 * p.fixed_duplexes for p in WEEK)
    # each day leaves at least as much to decide: fewer tiles built, more cities, more spares
    freedom = [(p.kind == "pair", p.extra_singles + p.extra_duplexes,
                -(p.fixed + 2 * p.fixed_duplexes), p.districts) for p in WEEK]
    assert freedom == sorted(freedom) and len(set(freedom)) == len(WEEK)
    sunday = monday + dt.timedelta(days=6)
    # each plan gets TRIES_PER_PLAN candidates, then the next one steps a day back
    assert [plan_for(sunday, a) for a in range(TRIES_PER_PLAN)] == [WEEK[6]] * TRIES_PER_PLAN
    assert plan_for(sunday, TRIES_PER_PLAN) == WEEK[5]
    assert plan_for(sunday, 6 * TRIES_PER_PLAN) == WEEK[0] == plan_for(sunday, 50)


def test_dominoes_fit() -> None:
    square = {(r, c) for r in range(2) for c in range(2)}
    assert dominoes_fit(square, [True, True]) and dominoes_fit(square, [False, False])
    assert not dominoes_fit(square, [True, False])
    assert not dominoes_fit({(0, 0), (1, 1)}, [True])


@pytest.mark.parametrize("text", ["2026-13-01", "2026-02-30", "tomorrow", "", "2026-1-5",
                                  "20261201"])
def test_bad_dates(text: str) -> None:
    with pytest.raises(CitiesError, match="bad date"):
        parse_date(text)


def test_date_range() -> None:
    days = date_range(parse_date("2026-12-30"), parse_date("2027-01-02"))
    assert [d.isoformat() for d in days] == ["2026-12-30", "2026-12-31", "2027-01-01",
                                             "2027-01-02"]
    with pytest.raises(CitiesError, match="before"):
        date_range(parse_date("2026-12-02"), parse_date("2026-12-01"))


def test_a_square_with_a_space_cut_off_is_never_used() -> None:
    """River Bend at the bottom left of the square cuts the two spaces below its river off."""
    mat = COMPONENTS.mat("river-bend")
    assert not mat_square(mat, 5, (2, 0)).connected
    assert all(mat_square(m, 5, o).connected for m in COMPONENTS.mats.values()
               for o in mat_offsets(m, 5) if (m.id, o) != ("river-bend", (2, 0)))
