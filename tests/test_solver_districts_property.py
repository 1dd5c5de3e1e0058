"""Districts in the solver: on random small pools with districts and rivals, every answer the
model gives is the scorer's answer.

The solver re-scores each answer and raises ``ModelMismatch`` when the model's points for a
category differ from the scorer's.  The pools are real in every rule (mats with bridges and
several positions, civics, duplexes, tiles already built, rivals' factories and districts,
rivals of size 0 and rivals tied with each other) and small in size: 3x3 squares, and 4x4
squares around a real mat with most of the city already built.  One city, or a pair of cities
from one pool (``solve_pair``), each solved twice the way ``puzzles.prove`` does: once, then
again with the answer excluded and its score required.

A proven optimum is checked three ways: no mismatch, the proven bound equals the scorer's
total (the model's objective is the scorer's figure, not a lower count of it), and on the
tiniest cities it is the best an exhaustive search finds.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from puzzles.partbuilt import part_built
from solver.twocities.cpsat.city.solve import solve_pool
from solver.twocities.cpsat.pair.solve import solve_pair
from solver.twocities.game.city import City, Context, District
from solver.twocities.game.components import load_components, parse_mat
from solver.twocities.game.pool import Pool
from solver.twocities.game.rulesets import load_ruleset
from solver.twocities.game.tiles import parse_tile
from solver.twocities.game.vocab import FACTORY
from solver.twocities.rules.order import order_problems
from solver.twocities.scoring.categories import district_size, score_city
from tests.support.bruteforce import all_cities

# hypothesis, and every example a solve
pytestmark = pytest.mark.slow

COMPONENTS = load_components()
SINGLES = ["F", "S", "P", "O", "H", "Tf", "Td", "Tm", "Tb", "C+PH-T", "C+FS-O", "C+OT-F"]
DUPLEXES = [d.token for d in COMPONENTS.duplexes]
TYPES = sorted(c for c in COMPONENTS.district_cards)
POINTS = [tuple(p) for p in COMPONENTS.district_scoring_tiles]
TINY_MATS = (parse_mat({"grid": ["~ ~ ~", "~ ~ .", ". . ."]}),
             parse_mat({"grid": ["~ . ~", "~ . ~", "~ . ."]}),
             parse_mat({"grid": [". . ~", "~ ~ ~", ". . ~"], "bridges": [[[0, 1], [2, 1]]]}))
SMALL_MATS = tuple(COMPONENTS.mat(m) for m in ("river-bend", "lake", "crossroads-park",
                                               "harbour"))


@dataclass(frozen=True)
class Shape:
    """A city's square, the singles and duplexes it takes, its mats, and how many of its
    singles and duplexes are already built (a pair builds nothing beforehand)."""

    size: int
    singles: int
    duplexes: int
    mats: tuple = ()
    built: tuple[int, int] = (0, 0)


SHAPES = {"tiny": Shape(3, 2, 1, TINY_MATS), "bare": Shape(3, 5, 2),
          "built": Shape(4, 7, 2, SMALL_MATS, built=(4, 1))}
#: A 4x4 square around a real mat with nothing built takes seconds to prove: for longer
#: local runs only (add it to SHAPES).
SLOW_SHAPES = {"small": Shape(4, 7, 2, SMALL_MATS)}
#: Solver time limits (seconds): these pools prove well within them; an unproven answer is
#: still checked against the scorer.
FIRST_LIMIT, SECOND_LIMIT = 2.0, 1.0


@dataclass(frozen=True)
class Case:
    """A pool and the shape it was drawn with (for a readable failure report)."""

    shape: str
    pool: Pool

    def to_json(self) -> dict[str, Any]:
        shape = {**SHAPES, **SLOW_SHAPES}[self.shape]
        return {"shape": {"size": shape.size, "singles": shape.singles,
                          "duplexes": shape.duplexes}, **self.pool.to_json()}


@st.composite
def districts(draw: st.DrawFn) -> District:
    """A district with its rivals: sizes often 0 (no district) or tied with each other."""
    types = draw(st.lists(st.sampled_from(TYPES), min_size=2, max_size=2, unique=True)
                 .filter(lambda t: set(t) != {"house", "factory"}))
    size = st.one_of(st.just(0), st.integers(1, 3), st.integers(0, 8))
    rivals = draw(st.lists(size, max_size=3))
    if rivals and draw(st.booleans()):  # a tie between rivals: ties pay less than a clear 2nd
        rivals.append(draw(st.sampled_from(rivals)))
    return District(frozenset(types), draw(st.sampled_from(POINTS)), tuple(rivals))


@st.composite
def cases(draw: st.DrawFn) -> Case:
    n = draw(st.sampled_from([1, 2]))
    name = draw(st.sampled_from([k for k, v in sorted(SHAPES.items())
                                 if n == 1 or (v.mats and v.built == (0, 0))]))
    shape = SHAPES[name]
    base = load_ruleset("essential", "standard")
    rules = replace(base, size=shape.size, singles=shape.singles, duplexes=shape.duplexes,
                    modules={**base.modules, "mats": bool(shape.mats), "districts": True})
    mats = tuple(draw(st.sampled_from(shape.mats)) for _ in range(n)) if shape.mats else ()
    kinds = draw(st.lists(st.sampled_from(SINGLES), min_size=1, max_size=5, unique=True))
    extra_s, extra_d = draw(st.integers(0, 2)), draw(st.integers(0, 1))
    tokens = [draw(st.sampled_from(kinds)) for _ in range(n * shape.singles + extra_s)]
    tokens += draw(st.lists(st.sampled_from(DUPLEXES), min_size=n * shape.duplexes + extra_d,
                            max_size=n * shape.duplexes + extra_d))
    context = Context(tuple(draw(st.lists(st.integers(0, 5), max_size=2))),
                      tuple(draw(st.lists(districts(), min_size=1, max_size=3))))
    pool = Pool(rules, mats, tuple(parse_tile(t) for t in tokens), context)
    if shape.built != (0, 0):  # legal play's first tiles, as a daily "complete" puzzle has
        built = part_built(random.Random(draw(st.integers(0, 2**32))), pool, *shape.built)
        assume(built is not None)
        pool = built
    return Case(name, pool)


def against_each_other(cities: list[City], context: Context) -> list[City]:
    """Each city with the pool's rivals and the other city of the pair as one more rival."""
    out = []
    for i, city in enumerate(cities):
        others = [c for j, c in enumerate(cities) if j != i]
        out.append(city.with_context(Context(
            (*context.rival_factories, *(len(c.of_type(FACTORY)) for c in others)),
            tuple(replace(d, rivals=(*d.rivals, *(district_size(c, d.types) for c in others)))
                  for d in context.districts))))
    return out


def check(pool: Pool, result: Any) -> list[City]:
    """The answer's cities; when proven optimal, the scorer gives exactly its score."""
    if result.status in ("infeasible", "unknown"):
        assert result.score is None
        return []
    singles = [result] if pool.cities == 1 else list(result.cities)
    cities = against_each_other([r.city.with_context(pool.context) for r in singles],
                                pool.context)
    scores = [score_city(c, pool.rules).total for c in cities]
    assert [r.score for r in singles] == scores  # the scorer's figures, whatever the status
    # each city file carries the other city as a rival: it scores the same on its own
    assert [score_city(r.city, pool.rules).total for r in singles] == scores
    assert result.score == min(scores)
    if result.status == "optimal":  # the model's objective is the scorer's total
        assert result.bound == result.score
    return cities


def exhaustive_best(pool: Pool) -> tuple[int, int] | None:
    """The best (lower, higher) city scores legal play reaches, by trying every layout (one
    city: its score twice)."""
    parts = [replace(pool, mats=(m,)) for m in pool.mats]
    best = None
    for a, placed_a in all_cities(parts[0]):
        if order_problems(a, parts[0], placed_a):
            continue
        if len(parts) == 1:
            total = score_city(a, pool.rules).total
            key = (total, total)
            best = key if best is None or key > best else best
            continue
        left = Counter(t.token for t in pool.tiles) - Counter(p.tile.token for p in placed_a)
        rest = replace(parts[1], tiles=tuple(parse_tile(t) for t in sorted(left.elements())))
        for b, placed_b in all_cities(rest):
            if order_problems(b, rest, placed_b):
                continue
            scores = [score_city(c, pool.rules).total
                      for c in against_each_other([a, b], pool.context)]
            key = (min(scores), max(scores))
            best = key if best is None or key > best else best
    return best


def solve_twice(case: Case) -> None:
    """Solve as ``puzzles.prove`` does: once, then excluding that answer at its score."""
    pool = case.pool
    solve = solve_pool if pool.cities == 1 else solve_pair
    first = solve(pool, time_limit=FIRST_LIMIT, workers=1)
    cities = check(pool, first)
    if first.status != "optimal":
        return
    if case.shape == "tiny":  # few enough layouts to try them all
        scores = [score_city(c, pool.rules).total for c in cities]
        assert exhaustive_best(pool) == (min(scores), max(scores))
    exclude = cities if pool.cities == 1 else [cities]
    second = solve(pool, time_limit=SECOND_LIMIT, workers=1, exclude=exclude,
                   min_score=first.score)
    again = check(pool, second)
    if again:
        assert second.score >= first.score
        assert [c.grid for c in again] != [c.grid for c in cities]
    if second.status == "optimal":
        assert second.score == first.score  # nothing beats a proven optimum


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases())
def test_solver_agrees_with_the_scorer_on_pools_with_districts(case: Case) -> None:
    """No ``ModelMismatch``, and a proven optimum is the scorer's total (lower city for pairs)."""
    solve_twice(case)
