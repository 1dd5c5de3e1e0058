"""The shipped Cities USA archive (puzzles/archive/usa/): a 3x3 puzzle for every date the Between
Two Cities archive holds, each of this generator, its solution scoring its optimum, none rated
"0 % below"; each re-proven by the solver (one date in the quick run, every date under
``slow``), and a date generated again byte for byte by ``cities daily --game usa --from ...``
(``slow``)."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import cli
from puzzles.archive import ARCHIVE_DIR
from puzzles.common.archive import INDEX
from puzzles.common.difficulty import gap_percent
from puzzles.common.files import puzzle_file
from puzzles.usa.archive import USA_ARCHIVE_DIR, usa_puzzle_for
from puzzles.usa.difficulty import rate_usa
from puzzles.usa.draw import USA_GENERATOR_VERSION, draw_pool
from puzzles.usa.generate import PROOF_BUDGET, WALL_LIMIT
from puzzles.usa.puzzle import UsaPuzzle
from solver.common.status import Status
from solver.usa.cpsat.solve import solve_pool
from solver.usa.rules.greedy import greedy
from solver.usa.scoring.categories import score_city
from tests.support.usa_daily import shipped_usa

DATES = [dt.date.fromisoformat(p.stem) for p in sorted(ARCHIVE_DIR.glob("????-??-??.json"))]
#: The archive's dates proven fastest (0.2 s and 2.4 s in the archive's run, loaded machine).
QUICK = (dt.date(2027, 1, 13), dt.date(2027, 1, 17))
#: Published at its first candidate, so generating it again is one proof.
AGAIN = dt.date(2026, 12, 1)


def test_the_archive_holds_every_date_the_between_two_cities_archive_holds() -> None:
    held = [dt.date.fromisoformat(p.stem)
            for p in sorted(USA_ARCHIVE_DIR.glob("????-??-??.json"))]
    assert held == DATES and len(DATES) >= 64


@pytest.mark.parametrize("day", DATES, ids=str)
def test_each_archived_puzzle_is_a_current_3x3_puzzle_worth_playing(day: dt.date) -> None:
    puzzle = shipped_usa(day)  # of this generator, its solution legal at the stated optimum
    assert puzzle.generator == USA_GENERATOR_VERSION and puzzle.pool.size == (3, 3)
    assert puzzle.pool == draw_pool(day, puzzle.attempt)
    assert score_city(puzzle.solution).total == puzzle.optimum > 0
    assert puzzle.difficulty.greedy == score_city(greedy(puzzle.pool)).total
    assert puzzle.difficulty == rate_usa(puzzle.optimum, puzzle.difficulty.greedy)
    assert gap_percent(puzzle.optimum, puzzle.difficulty.greedy) > 0
    assert len(puzzle.passed_over) == puzzle.attempt


def test_the_index_lists_every_puzzle() -> None:
    index = json.loads((USA_ARCHIVE_DIR / INDEX).read_text(encoding="utf-8"))
    assert index["generator"] == USA_GENERATOR_VERSION
    assert [e["date"] for e in index["puzzles"]] == [d.isoformat() for d in DATES]
    assert all(e["gap_percent"] > 0 for e in index["puzzles"])


def test_a_shipped_date_is_read_not_generated(monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path) -> None:
    import puzzles.usa.archive as archive

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(archive, "generate_usa", lambda *a: pytest.fail("generated"))
    assert usa_puzzle_for(QUICK[0]).to_json() == shipped_usa(QUICK[0]).to_json()
    assert not (tmp_path / "cities").exists()  # nothing cached


def test_a_date_outside_the_archive_is_generated_once_and_cached(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import puzzles.usa.archive as archive

    later = DATES[-1] + dt.timedelta(days=30)
    made = dataclasses.replace(shipped_usa(QUICK[0]), date=later)  # stands for a proof
    calls = []
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(archive, "generate_usa", lambda day, say=None: calls.append(day) or made)
    assert usa_puzzle_for(later) == made and calls == [later]
    assert puzzle_file(tmp_path / "cities" / "puzzles" / "usa", later).exists()
    assert usa_puzzle_for(later).to_json() == made.to_json() and calls == [later]


def reproven(puzzle: UsaPuzzle) -> None:
    """The solver proves the pool's optimum again (the generator's budget, one worker)."""
    result = solve_pool(puzzle.pool, time_limit=WALL_LIMIT, workers=1,
                        deterministic_time=PROOF_BUDGET)
    assert result.status == Status.OPTIMAL
    assert result.score == puzzle.optimum == score_city(result.city).total


@pytest.mark.parametrize("day", QUICK, ids=str)
def test_a_shipped_puzzle_is_proven_again(day: dt.date) -> None:
    reproven(shipped_usa(day))


@pytest.mark.slow
@pytest.mark.parametrize("day", DATES, ids=str)
def test_every_shipped_puzzle_is_proven_again(day: dt.date) -> None:
    reproven(shipped_usa(day))


def test_the_archive_command_skips_the_dates_it_holds_and_writes_the_index(
        tmp_path: Path) -> None:
    for day in DATES[:2]:
        shutil.copy(puzzle_file(USA_ARCHIVE_DIR, day), puzzle_file(tmp_path, day))
    result = archive_run(DATES[0], DATES[1], tmp_path)
    assert result.exit_code == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["skipped"] == 2 and summary["generated"] == 0 and summary["failed"] == []
    index = json.loads((tmp_path / INDEX).read_text(encoding="utf-8"))
    shipped = json.loads((USA_ARCHIVE_DIR / INDEX).read_text(encoding="utf-8"))
    assert index["puzzles"] == shipped["puzzles"][:2]


@pytest.mark.slow
def test_a_shipped_file_is_what_the_archive_command_makes(tmp_path: Path) -> None:
    assert shipped_usa(AGAIN).attempt == 0  # one proof
    result = archive_run(AGAIN, AGAIN, tmp_path)
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["generated"] == 1
    made = puzzle_file(tmp_path, AGAIN).read_bytes()
    assert made == puzzle_file(USA_ARCHIVE_DIR, AGAIN).read_bytes()


def archive_run(first: dt.date, last: dt.date, out: Path) -> Any:
    return CliRunner().invoke(cli.app, ["daily", "--game", "usa", "--from", first.isoformat(),
                                        "--to", last.isoformat(), "--out", str(out),
                                        "--jobs", "1", "--json"])
