"""Sunday's pair puzzle: a proven pair optimum whose layouts were not counted within budget is
published as "not counted" (never "one" or "several" without proof), rated on the greedy gap
alone, and round-trips through the puzzle file, the grade and the terminal view."""

from __future__ import annotations

import datetime as dt
import io
import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from rich.console import Console

import puzzles.prove as prove_mod
from puzzles.difficulty import NOT_COUNTED, difficulty_from_json, rate
from puzzles.grade import grade
from puzzles.puzzle import Puzzle, puzzle_from_json
from puzzles.show import optimum_line, render_grade, render_puzzle
from solver.common.errors import CitiesError
from solver.common.status import Status
from solver.twocities.cpsat.pair.quick import greedy_pair
from solver.twocities.cpsat.pair.solve import PairResult
from solver.twocities.game.pool import Pool, load_pool

EXAMPLES = Path(__file__).parent.parent / "examples"
SUNDAY = dt.date(2026, 12, 13)


def text_of(renderable: Any) -> str:
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(renderable)
    return out.getvalue()


@pytest.fixture(scope="module")
def pair_pool() -> Pool:
    return load_pool(EXAMPLES / "pool-pair.json")


@pytest.fixture(scope="module")
def pair_puzzle(pair_pool: Pool) -> Puzzle:
    """A pair puzzle built from the greedy pair (its lower city stands in for the optimum:
    the file, the grade and the view do not prove, they carry what the proof found)."""
    pair = greedy_pair(pair_pool)
    assert pair is not None
    answers = pair.answers()
    scores = tuple(a.score.total for a in answers)
    optimum = min(scores)
    difficulty = rate(optimum, optimum, NOT_COUNTED)
    return Puzzle(SUNDAY, "pair", pair_pool, optimum, scores, difficulty,
                  tuple(a.city for a in answers))


def fake_solve(first_status: Status, second_status: Status, pool: Pool,
               bound: int | None = None) -> Any:
    """``prove._solve`` replaced: the first solve proves (or not, with ``bound`` on the
    player's score), the second (the layout count) ends with ``second_status``."""
    cities = tuple(SimpleNamespace(city=f"city {i}", score=40 + i) for i in range(pool.cities))
    calls: list[dict[str, Any]] = []

    def solve(_pool: Pool, budget: float, _progress: object, **kw: Any) -> Any:
        calls.append({"budget": budget, **kw})
        if len(calls) == 1:
            if pool.cities == 2:  # the pair's own result, whose lower_proven prove reads
                return PairResult(first_status, 40, bound, 0.0, cities)  # type: ignore[arg-type]
            return SimpleNamespace(status=first_status, score=40, bound=bound, cities=cities,
                                   city=cities[0].city)
        return SimpleNamespace(status=second_status, score=None)

    solve.calls = calls  # type: ignore[attr-defined]
    return solve


@pytest.mark.parametrize("second,layouts", [(Status.UNKNOWN, NOT_COUNTED),
                                            (Status.INFEASIBLE, "one")])
def test_a_proven_pair_is_published_with_its_layouts_counted_or_not(
        monkeypatch: pytest.MonkeyPatch, pair_pool: Pool, second: Status, layouts: str) -> None:
    solve = fake_solve(Status.OPTIMAL, second, pair_pool)
    monkeypatch.setattr(prove_mod, "_solve", solve)
    proof = prove_mod.prove(pair_pool)
    assert proof is not None and proof.optimum == 40 and proof.layouts == layouts
    assert proof.city_scores == (40, 41)
    count = solve.calls[1]
    assert count["budget"] == prove_mod.LAYOUT_BUDGET and count["min_score"] == 40
    assert count["exclude"] == (("city 0", "city 1"),)  # the found pair, as one


def test_a_single_city_whose_layouts_are_not_counted_is_not_published(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pool = load_pool(EXAMPLES / "pool-standard.json")
    monkeypatch.setattr(prove_mod, "_solve", fake_solve(Status.OPTIMAL, Status.UNKNOWN, pool))
    assert prove_mod.prove(pool) is None


@pytest.mark.parametrize("bound", [None, 45])
def test_an_unproven_pair_is_not_published(monkeypatch: pytest.MonkeyPatch,
                                           pair_pool: Pool, bound: int | None) -> None:
    monkeypatch.setattr(prove_mod, "_solve",
                        fake_solve(Status.FEASIBLE, Status.INFEASIBLE, pair_pool, bound))
    assert prove_mod.prove(pair_pool) is None


def test_a_pair_whose_lower_city_is_proven_is_published(monkeypatch: pytest.MonkeyPatch,
                                                        pair_pool: Pool) -> None:
    """The player's score (the lower city) proven, the higher city not: the puzzle's
    optimum stands, so it is published; a single city needs its proof."""
    monkeypatch.setattr(prove_mod, "_solve",
                        fake_solve(Status.FEASIBLE, Status.INFEASIBLE, pair_pool, 40))
    proof = prove_mod.prove(pair_pool)
    assert proof is not None and proof.optimum == 40 and proof.layouts == "one"
    pool = load_pool(EXAMPLES / "pool-standard.json")
    monkeypatch.setattr(prove_mod, "_solve",
                        fake_solve(Status.FEASIBLE, Status.INFEASIBLE, pool, 40))
    assert prove_mod.prove(pool) is None


@pytest.mark.parametrize("optimum,greedy", [(80, 80), (80, 74), (80, 68), (80, 60), (50, 1)])
def test_uncounted_layouts_rate_on_the_greedy_gap_alone(optimum: int, greedy: int) -> None:
    uncounted = rate(optimum, greedy, NOT_COUNTED)
    assert uncounted.rating == rate(optimum, greedy, "several").rating
    assert uncounted.rating <= rate(optimum, greedy, "one").rating
    assert "optimal layouts not counted" in uncounted.describe()
    assert "single" not in uncounted.describe() and "several" not in uncounted.describe()
    assert difficulty_from_json(uncounted.to_json()) == uncounted


def test_an_unknown_layouts_value_is_refused() -> None:
    data = {**rate(80, 70, NOT_COUNTED).to_json(), "optimal_layouts": "probably one"}
    with pytest.raises(CitiesError, match="optimal_layouts"):
        difficulty_from_json(data)


def test_a_pair_puzzle_round_trips_through_its_file(pair_puzzle: Puzzle) -> None:
    data = json.loads(json.dumps(pair_puzzle.to_json()))
    assert data["kind"] == "pair" and data["optimal_layouts"] == NOT_COUNTED
    assert len(data["mats"]) == 2 and len(data["solution"]["cities"]) == 2
    again = puzzle_from_json(data)
    assert again.to_json() == pair_puzzle.to_json()
    assert again.layouts == NOT_COUNTED and again.difficulty == pair_puzzle.difficulty


def test_a_pair_grade_is_the_lower_city(pair_puzzle: Puzzle) -> None:
    answer = {"cities": [c.to_json() for c in pair_puzzle.solution]}
    result = grade(pair_puzzle, answer)
    assert result.legal, result.problems
    assert sorted(result.city_scores) == sorted(pair_puzzle.city_scores)
    assert result.score == min(result.city_scores) == pair_puzzle.optimum
    assert result.percent == 100 and "🏆" in result.share()
    shown = text_of(render_grade(result))
    assert "the lower counts" in shown and f"optimum: {pair_puzzle.optimum}" in shown


def test_a_pair_puzzle_shows_its_layouts_not_counted(pair_puzzle: Puzzle) -> None:
    shown = text_of(render_puzzle(pair_puzzle))
    assert "kind: pair" in shown and "city 1: mat" in shown and "city 2: mat" in shown
    assert "optimal layouts not counted" in shown
    assert "for the lower of your two cities" in shown
    assert optimum_line(pair_puzzle) == (f"optimum {pair_puzzle.optimum} "
                                         "(proven; optimal layouts not counted)")


def test_the_shipped_pair_sundays_grade_and_rate_as_measured() -> None:
    """Every pair the archive ships is a Sunday's: proven, graded 100 % by its own solution,
    rated on the gap as the generator rated it."""
    from puzzles.archive import ARCHIVE_DIR, archived
    from solver.twocities.rules.greedy import greedy

    days = [dt.date.fromisoformat(f.stem) for f in sorted(ARCHIVE_DIR.glob("2*.json"))]
    pairs = [p for p in map(archived, days) if p is not None and p.kind == "pair"]
    assert pairs and all(p.date.weekday() == 6 for p in pairs)
    for puzzle in pairs:
        assert len(puzzle.solution) == 2 and puzzle.optimum == min(puzzle.city_scores)
        result = grade(puzzle, {"cities": [c.to_json() for c in puzzle.solution]})
        assert result.legal, result.problems
        assert result.score == puzzle.optimum and result.percent == 100
        assert puzzle.layouts in ("one", "several", NOT_COUNTED)
        assert rate(puzzle.optimum, greedy(puzzle.pool).score, puzzle.layouts) == puzzle.difficulty
