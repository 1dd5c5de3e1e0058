"""Generation: a pure function of the date, never published unproven; the shipped archive."""

from __future__ import annotations

import datetime as dt
import json

import pytest

import puzzles.generate as generate_mod
from puzzles.archive import ARCHIVE_DIR, INDEX, archived, puzzle_for
from puzzles.common.days import date_range
from puzzles.common.files import puzzle_file
from puzzles.difficulty import rate
from puzzles.grade import grade
from puzzles.plan import GENERATOR_VERSION
from puzzles.puzzle import load_puzzle, puzzle_from_json
from solver.common.errors import CitiesError
from solver.twocities.rules.greedy import greedy

SHIPPED = date_range(dt.date(2026, 12, 1), dt.date(2026, 12, 30))
MONDAY = dt.date(2026, 12, 7)


def test_generating_again_gives_the_shipped_puzzle() -> None:
    """Same date, same puzzle: the proof runs on one worker with a deterministic time limit,
    so neither machine speed nor parallelism changes the tiles, optimum, layouts or rating.
    (Which optimal city the solver reveals may change with the solver's version.)"""
    shipped = load_puzzle(puzzle_file(ARCHIVE_DIR, MONDAY))
    fresh = generate_mod.generate(MONDAY)
    assert fresh.to_json(solution=False) == shipped.to_json(solution=False)
    assert grade(fresh, fresh.solution[0].to_json()).percent == 100


@pytest.mark.slow
def test_proving_ahead_on_two_processes_gives_the_same_puzzle() -> None:
    """``cities daily`` proves the next candidates on the other cores while the first is
    still being proven; it must still publish the first proven candidate in attempt order.
    On 2026-12-05 the first candidate is rejected and the second published."""
    date = dt.date(2026, 12, 5)
    shipped = load_puzzle(puzzle_file(ARCHIVE_DIR, date))
    assert shipped.attempt == 1
    fresh = generate_mod.generate(date, jobs=2)
    assert fresh.to_json(solution=False) == shipped.to_json(solution=False)


def test_unproven_candidates_are_never_published(monkeypatch: pytest.MonkeyPatch) -> None:
    tried = []

    def never(pool: object, progress: object = None) -> None:
        tried.append(pool)
        return None

    monkeypatch.setattr(generate_mod, "prove", never)
    with pytest.raises(CitiesError, match="no candidate puzzle"):
        generate_mod.generate(dt.date(2031, 5, 4))
    assert len(tried) >= generate_mod.MAX_ATTEMPTS - 1  # every draw was tried, none kept


def test_archive_dates_come_from_the_archive(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*_: object) -> None:
        raise AssertionError("generated a date the archive holds")

    monkeypatch.setattr(generate_mod, "generate", boom)
    assert puzzle_for(MONDAY).date == MONDAY


def test_shipped_index_lists_every_day() -> None:
    index = json.loads((ARCHIVE_DIR / INDEX).read_text(encoding="utf-8"))
    listed = [e["date"] for e in index["puzzles"]]
    assert listed == sorted(listed) and set(listed) >= {d.isoformat() for d in SHIPPED}
    assert listed == [p.stem for p in sorted(ARCHIVE_DIR.glob("????-??-??.json"))]
    assert index["generator"] == GENERATOR_VERSION and index["count"] == len(listed)


@pytest.mark.parametrize("date", SHIPPED, ids=lambda d: d.isoformat())
def test_shipped_puzzle_is_proven_and_its_solution_grades_perfect(date: dt.date) -> None:
    puzzle = archived(date)
    assert puzzle is not None and puzzle.date == date
    answer = (puzzle.solution[0].to_json() if len(puzzle.solution) == 1
              else {"cities": [c.to_json() for c in puzzle.solution]})
    result = grade(puzzle, answer)
    assert result.legal, result.problems
    assert result.score == puzzle.optimum and result.percent == 100


@pytest.mark.parametrize("date", SHIPPED[:7], ids=lambda d: d.strftime("%A"))
def test_shipped_rating_is_what_the_measurement_gives(date: dt.date) -> None:
    puzzle = archived(date)
    assert puzzle is not None
    g = greedy(puzzle.pool).score
    assert g <= puzzle.optimum
    assert rate(puzzle.optimum, g, puzzle.layouts) == puzzle.difficulty


def test_puzzle_file_errors_name_the_field(tmp_path: object) -> None:
    data = json.loads(puzzle_file(ARCHIVE_DIR, MONDAY).read_text(encoding="utf-8"))
    for key, value, words in [("kind", "easy", "kind"), ("optimum", "lots", "optimum"),
                              ("date", "2026-99-01", "bad date"), ("solution", None, "solution")]:
        broken = {**data, key: value}
        with pytest.raises(CitiesError, match=words):
            puzzle_from_json(broken)
    assert load_puzzle(puzzle_file(ARCHIVE_DIR, MONDAY)).date == MONDAY
