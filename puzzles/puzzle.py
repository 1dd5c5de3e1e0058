"""A daily puzzle and its file: a pool file plus date, kind, difficulty and the proven optimum.

The file is a valid pool file for ``cities solve`` (extra keys are allowed there); it also
keeps one optimal city (``solution``) so that revealing it needs no second proof.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from puzzles.common.days import parse_date
from puzzles.difficulty import Difficulty, difficulty_from_json
from puzzles.plan import GENERATOR_VERSION, KINDS
from solver.common.errors import CitiesError, ModelMismatch
from solver.common.fields import int_field, load_file
from solver.twocities.game.city import City, city_from_json
from solver.twocities.game.components import Components, load_components
from solver.twocities.game.pool import Pool, pool_from_json
from solver.twocities.scoring.rivals import against_each_other


@dataclass(frozen=True)
class Puzzle:
    """One day's puzzle, proven."""

    date: dt.date
    kind: str
    pool: Pool
    optimum: int  # the player's best score: the city's total, or the lower of two cities
    city_scores: tuple[int, ...]  # each city's total in the solution
    difficulty: Difficulty
    solution: tuple[City, ...]
    attempt: int = 0  # how many candidates were drawn before this one
    generator: str = GENERATOR_VERSION

    @property
    def layouts(self) -> str:
        return self.difficulty.layouts

    def solution_cities(self) -> list[City]:
        """The optimal cities in the puzzle's context, a pair's ranked against each other."""
        cities = [c.with_context(self.pool.context) for c in self.solution]
        return list(against_each_other(cities)) if len(cities) == 2 else cities

    def solution_json(self) -> dict[str, Any]:
        """What ``cities daily --solution --json`` prints: the city file with ``order`` (an
        order of play the rules accept, see ``solution_orders``), or a pair's two cities, each
        with its own ``order`` on its own mat."""
        cities, orders = self.solution_cities(), self.solution_orders()
        if len(cities) == 1:
            return {**cities[0].to_json(), "order": orders[0]}
        return {"date": self.date.isoformat(),
                "cities": [{**c.to_json(), "order": o} for c, o in zip(cities, orders,
                                                                        strict=True)]}

    def solution_order(self) -> list[dict[str, Any]]:
        """The one optimal city's order of play (see ``solution_orders``)."""
        return self.solution_orders()[0]

    def solution_orders(self) -> list[list[dict[str, Any]]]:
        """Each optimal city's tiles not already built, as ``{"tile": T, "at": [r, c]}`` (its
        mat's coordinates, a duplex by its top-left half) in an order the rules engine accepts
        (``rules.order.play_order``); a pair's two cities together use the pool's tiles at
        most once."""
        def orders(which: int, tiles: Counter[Any]) -> list[list[dict[str, Any]]] | None:
            if which == len(self.solution):
                return []
            for order, used in self._city_orders(which, tiles):
                rest = orders(which + 1, tiles - used)
                if rest is not None:
                    return [[{"tile": p.tile.token, "at": list(p.at)} for p in order], *rest]
            return None

        found = orders(0, Counter(self.pool.tiles))
        if found is None:
            raise ModelMismatch(f"no order of play builds the solution of {self.date}")
        return found

    def _city_orders(self, which: int,
                     tiles: Counter[Any]) -> Iterator[tuple[Any, Counter[Any]]]:
        """Orders of play for optimal city ``which`` (on its own mat) from ``tiles``, each
        with the tiles it uses."""
        from dataclasses import replace

        from puzzles.decompose import decompositions
        from solver.twocities.game.layout import mat_position, shift
        from solver.twocities.game.pool import Placement
        from solver.twocities.game.tiles import Duplex
        from solver.twocities.rules.order import play_order

        city, pool = self.solution[which], self.pool
        if pool.cities > 1:  # each city of a pair on its own mat
            pool = replace(pool, mats=(pool.mats[which],))
        offset = mat_position(city, pool.mat) if pool.mat else (0, 0)
        if offset is None:
            raise ModelMismatch(f"the solution of {self.date} does not lie on its mat")
        fixed = frozenset(shift(c, offset) for p in pool.fixed for c in p.cells)
        duplexes = pool.rules.duplexes - sum(isinstance(p.tile, Duplex) for p in pool.fixed)
        for reading in decompositions(city, tiles, duplexes, fixed):
            order = play_order(city, pool, [Placement(t, cells[0]) for t, cells in reading])
            if order is not None:
                yield order, Counter(t for t, _ in reading)

    def to_json(self, *, solution: bool = True) -> dict[str, Any]:
        """The puzzle file object (``solution=False`` keeps the answer secret)."""
        out: dict[str, Any] = {
            "date": self.date.isoformat(),
            "weekday": self.date.strftime("%A"),
            "kind": self.kind,
            **self.pool.to_json(),
            "optimum": self.optimum,
            "optimal_layouts": self.layouts,
            "difficulty": self.difficulty.to_json(),
            "generator": self.generator,
            "attempt": self.attempt,
        }
        if solution:
            cities = [c.to_json() for c in self.solution]
            out["solution"] = {"city_scores": list(self.city_scores),
                               **({"city": cities[0]} if len(cities) == 1 else
                                  {"cities": cities})}
        return out


def puzzle_from_json(data: Any, components: Components | None = None) -> Puzzle:
    """A Puzzle from its file object; errors are CitiesErrors naming the field."""
    components = components or load_components()
    if not isinstance(data, dict):
        raise CitiesError("expected a puzzle object")
    if "date" not in data:
        raise CitiesError("missing", field="date")
    date = parse_date(str(data["date"]), field="date")
    kind = data.get("kind")
    if kind not in KINDS:
        raise CitiesError(f"expected one of {', '.join(KINDS)}", field="kind")
    pool = pool_from_json(data, components)
    sol = data.get("solution")
    if not isinstance(sol, dict):
        raise CitiesError("missing (a puzzle file keeps one optimal city)", field="solution")
    raw = [sol["city"]] if "city" in sol else sol.get("cities")
    if not isinstance(raw, list) or len(raw) != pool.cities:
        raise CitiesError(f"expected {pool.cities} cities", field="solution")
    cities = []
    for i, c in enumerate(raw):
        try:
            cities.append(city_from_json(c, components.civics))
        except CitiesError as err:
            raise err.located(field=f"solution.cities[{i}]") from None
    scores = sol.get("city_scores")
    if not (isinstance(scores, list) and all(type(v) is int for v in scores)):
        raise CitiesError("expected a list of integers", field="solution.city_scores")
    return Puzzle(date, kind, pool, int_field(data.get("optimum"), "optimum"), tuple(scores),
                  difficulty_from_json(data.get("difficulty")), tuple(cities),
                  int_field(data.get("attempt"), "attempt"), str(data.get("generator", "")))


def load_puzzle(path: str | Path, components: Components | None = None) -> Puzzle:
    return load_file(path, "puzzle file", lambda data: puzzle_from_json(data, components))
