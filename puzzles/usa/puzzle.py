"""A Cities USA daily puzzle and its file: a pool file plus date, difficulty, the proven
optimum, the candidates drawn before it and why they were passed over, and one optimal city.

Without its solution the file is a valid pool file for ``cities usa solve`` (extra keys are
allowed there).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from puzzles.common.days import parse_date
from puzzles.usa.difficulty import UsaDifficulty, usa_difficulty_from_json
from puzzles.usa.draw import USA_GENERATOR_VERSION
from solver.common.errors import CitiesError
from solver.common.fields import load_file
from solver.usa.game.city import City
from solver.usa.game.cityfile import city_from_json, city_to_json
from solver.usa.game.components import Components, load_components
from solver.usa.game.pool import Pool, pool_from_json

KIND = "cities-usa"


@dataclass(frozen=True)
class UsaPuzzle:
    """One day's Cities USA puzzle, proven."""

    date: dt.date
    pool: Pool
    optimum: int
    difficulty: UsaDifficulty
    solution: City
    attempt: int = 0  # how many candidates were drawn before this one
    passed_over: tuple[str, ...] = ()  # why each earlier candidate was not published
    generator: str = USA_GENERATOR_VERSION

    def to_json(self, *, solution: bool = True) -> dict[str, Any]:
        """The puzzle file object (``solution=False`` keeps the answer secret)."""
        out: dict[str, Any] = {
            "date": self.date.isoformat(),
            "weekday": self.date.strftime("%A"),
            "kind": KIND,
            **self.pool.to_json(),
            "optimum": self.optimum,
            "difficulty": self.difficulty.to_json(),
            "generator": self.generator,
            "attempt": self.attempt,
            "passed_over": [{"attempt": i, "reason": r} for i, r in enumerate(self.passed_over)],
        }
        if solution:
            out["solution"] = {"score": self.optimum, "city": city_to_json(self.solution)}
        return out


def usa_puzzle_from_json(data: Any, comps: Components | None = None) -> UsaPuzzle:
    """A UsaPuzzle from its file object; errors are CitiesErrors naming the field."""
    comps = comps or load_components()
    if not isinstance(data, dict):
        raise CitiesError("expected a puzzle object")
    if data.get("kind") != KIND:
        raise CitiesError(f'expected "{KIND}"', field="kind")
    date = parse_date(str(data.get("date")), field="date")
    pool = pool_from_json(data, comps)
    sol = data.get("solution")
    if not isinstance(sol, dict):
        raise CitiesError("missing (a puzzle file keeps one optimal city)", field="solution")
    try:
        city = city_from_json(sol.get("city"), comps)
    except CitiesError as err:
        raise err.located(field="solution.city") from None
    numbers = {k: data.get(k) for k in ("optimum", "attempt")}
    for key, value in numbers.items():
        if type(value) is not int:
            raise CitiesError("expected an integer", field=key)
    passed = data.get("passed_over", [])
    if not isinstance(passed, list) or not all(
            isinstance(p, dict) and isinstance(p.get("reason"), str) for p in passed):
        raise CitiesError('expected [{"attempt": n, "reason": text}, ...]', field="passed_over")
    return UsaPuzzle(date, pool, numbers["optimum"],  # type: ignore[arg-type]
                     usa_difficulty_from_json(data.get("difficulty")), city,
                     numbers["attempt"], tuple(p["reason"] for p in passed),  # type: ignore
                     str(data.get("generator", "")))


def load_usa_puzzle(path: str | Path, comps: Components | None = None) -> UsaPuzzle:
    return load_file(path, "puzzle file", lambda data: usa_puzzle_from_json(data, comps))
