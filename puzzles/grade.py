"""Grading an answer: is the city legal and built from exactly the pool, what does it score,
how close is it to the proven optimum, and a share line that keeps the layout secret.

An answer is a city file, a ``cities solve --json`` object (``city`` plus ``placements``), or
for two-city puzzles ``{"cities": [A, B]}`` of either.  The puzzle's rivals and districts are
what the city is scored against, whatever context the answer file carries.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from itertools import islice, product
from typing import Any

from puzzles.common.share import category_bars, percent_of, share_head, share_text
from puzzles.decompose import Used, decompositions, usage
from puzzles.puzzle import Puzzle
from solver.common.errors import CitiesError
from solver.twocities.game.city import City, city_from_json
from solver.twocities.game.components import Components, Coord, Mat, load_components
from solver.twocities.game.layout import mat_position, shift
from solver.twocities.game.pool import Placement, Pool
from solver.twocities.game.tiles import Duplex, Tile, buildings_of, civic_abbreviation
from solver.twocities.scoring.categories import Score, score_city
from solver.twocities.scoring.rivals import against_each_other


@dataclass(frozen=True)
class Grade:
    """The verdict on one answer."""

    puzzle: Puzzle
    cities: tuple[City, ...]  # scored against the puzzle's rivals
    city_scores: tuple[int, ...]
    problems: tuple[str, ...]

    @property
    def legal(self) -> bool:
        return not self.problems

    @property
    def score(self) -> int:
        return min(self.city_scores)

    @property
    def percent(self) -> int:
        return percent_of(self.score, self.puzzle.optimum)

    def share(self, address: str | None = None) -> str:
        """The head (date, kind, score/optimum, percent), a bar per category of the scoring
        city (the lower of a pair), and the page's ``address`` when given: nothing of the
        layout, so sharing a 100 % does not give the day away."""
        head = share_head("Between Two Cities", self.puzzle.date.isoformat(),
                          f"{self.puzzle.kind}, {self.puzzle.difficulty.stars}", self.score,
                          self.puzzle.optimum, legal=self.legal)
        scores = self.breakdowns()
        lowest = min(scores, key=lambda s: s.total) if scores else None
        bars = category_bars(lowest.categories) if lowest else ""
        return share_text(head, bars, address)

    def breakdowns(self) -> list[Score]:
        """Each city's score by category, against the puzzle's rivals and districts (what
        ``cities score`` gives for the city with the puzzle's context)."""
        return [score_city(c) for c in self.cities]

    def to_json(self, address: str | None = None) -> dict[str, Any]:
        return {"date": self.puzzle.date.isoformat(), "legal": self.legal,
                "problems": list(self.problems), "score": self.score,
                "city_scores": list(self.city_scores), "optimum": self.puzzle.optimum,
                "percent": self.percent, "share": self.share(address),
                "breakdowns": [b.categories for b in self.breakdowns()]}


def _spelled_out(city_data: Any, abbreviations: dict[str, str]) -> Any:
    """The city object with the puzzle's civics written as the board shows them (``CHM``)
    spelled out (``C:harbour-master``), so an initials shared with a civic outside the
    puzzle still reads as the puzzle's."""
    grid = city_data.get("grid") if isinstance(city_data, dict) else None
    if not isinstance(grid, list) or not all(isinstance(row, str) for row in grid):
        return city_data
    rows = [" ".join(abbreviations.get(tok, tok) for tok in row.split()) for row in grid]
    return {**city_data, "grid": rows}


def read_answer(data: Any, cities: int, components: Components,
                abbreviations: dict[str, str] | None = None) -> list[tuple[City, Any]]:
    """The answer's cities, each with its ``placements`` list if it gave one (else None)."""
    if not isinstance(data, dict):
        raise CitiesError("expected a city file object")
    if "cities" in data:
        raw = data["cities"]
        if not isinstance(raw, list):
            raise CitiesError("expected a list of city objects", field="cities")
        entries = [(f"cities[{i}]", c) for i, c in enumerate(raw)]
    else:
        entries = [("", data)]
    if len(entries) != cities:
        raise CitiesError(f"this puzzle asks for {cities} {'city' if cities == 1 else 'cities'},"
                          f" the answer has {len(entries)}", field="cities" if cities > 1 else None)
    out = []
    for where, entry in entries:
        if not isinstance(entry, dict):
            raise CitiesError("expected a city object", field=where or None)
        city_data = _spelled_out(entry.get("city", entry), abbreviations or {})
        inner = f"{where}.city" if "city" in entry and where else ("city" if "city" in entry
                                                                   else where)
        try:
            city = city_from_json(city_data, components.civics)
        except CitiesError as err:
            raise err.located(field=inner or None) from None
        out.append((city, entry.get("placements")))
    return out


def puzzle_abbreviations(pool: Pool) -> dict[str, str]:
    """The board's initials of the pool's civics (``CHM``), each to its token."""
    civics = {b.civic for t in (*pool.tiles, *(p.tile for p in pool.fixed))
              for b in buildings_of(t) if b.civic is not None and b.civic.id}
    found: dict[str, list[str]] = {}
    for c in civics:
        found.setdefault(civic_abbreviation(c.id or ""), []).append(f"C:{c.id}")
    return {abbr: ids[0] for abbr, ids in found.items() if len(ids) == 1}


def _given_placements(raw: Any, components: Components, where: str) -> Used:
    from solver.twocities.game.tiles import parse_tile

    if not isinstance(raw, list):
        raise CitiesError("expected a list of {tile, cells}", field=where)
    used: Used = []
    for i, p in enumerate(raw):
        ok = isinstance(p, dict) and isinstance(p.get("tile"), str) and isinstance(
            p.get("cells"), list)
        if not ok:
            raise CitiesError('expected {"tile": T, "cells": [[r, c], ...]}',
                              field=f"{where}[{i}]")
        try:
            tile = parse_tile(p["tile"], components.civics)
        except CitiesError as err:
            raise err.located(field=f"{where}[{i}].tile") from None
        if not all(isinstance(c, list) and len(c) == 2 and all(type(v) is int for v in c)
                   for c in p["cells"]):
            raise CitiesError("expected [[r, c], ...]: one [row, column] pair of whole "
                              "numbers per cell", field=f"{where}[{i}].cells")
        cells = tuple((c[0], c[1]) for c in p["cells"])
        used.append((tile, cells))  # type: ignore[arg-type]
    return used


def _placement_problems(city: City, used: Used, fixed: set[Coord]) -> list[str]:
    problems = []
    covered: set[Coord] = set(fixed)
    for tile, cells in used:
        parts = buildings_of(tile)
        expected = len(parts)
        inside = all(isinstance(c, tuple) and len(c) == 2 and all(type(v) is int for v in c)
                     and 0 <= c[0] < city.size and 0 <= c[1] < city.size for c in cells)
        if len(cells) != expected or not inside or any(
                city.at(c) != b for c, b in zip(cells, parts, strict=True)):
            problems.append(f"placement {tile.token} at {[list(c) for c in cells]} does not "
                            "match the city's grid")
        covered |= set(cells)
    built = {rc for rc, _ in city.buildings()}
    if not problems and covered != built:
        problems.append("the placements do not cover exactly the city's buildings")
    return problems


def _city_pool(pool: Pool, mat: Mat, used: Used) -> Pool:
    return replace(pool, mats=(mat,), tiles=tuple(t for t, _ in used))


def _check_city(puzzle: Puzzle, city: City, mat: Mat, given: Any, pool_tiles: Counter[Tile],
                components: Components, where: str) -> tuple[list[str], list[Used]]:
    """Problems that do not depend on the tiles chosen, and each reading of its tiles."""
    pool, rules = puzzle.pool, puzzle.pool.rules
    if city.size != rules.size:
        return [f"a city is {rules.size}x{rules.size}; this one is {city.size}x{city.size}"], []
    problems = []
    empty = sum(city.at(rc) is None for rc in city.cells())
    if empty:
        problems.append(f"the city is not finished: {empty} empty space{'s' * (empty > 1)}")
    offset = mat_position(city, mat)
    if offset is None:
        return [*problems, f"its landscape and bridges are not the {mat.label} mat"], []
    skip: set[Coord] = set()
    for p in pool.fixed:
        cells = [shift(rc, offset) for rc in p.cells]
        if any(not (0 <= r < city.size and 0 <= c < city.size) for r, c in cells) or any(
                city.at(rc) != b for rc, b in zip(cells, p.buildings, strict=True)):
            problems.append(f"the tile already built, {p.tile.token} at {list(p.at)} "
                            "(mat coordinates), is not where it was")
        skip |= set(cells)
    if problems:
        return problems, []
    fixed_d = sum(isinstance(p.tile, Duplex) for p in pool.fixed)
    if given is not None:
        used = _given_placements(given, components, where)
        fixed_used = [(p.tile, tuple(shift(rc, offset) for rc in p.cells)) for p in pool.fixed]
        used = [u for u in used if u not in fixed_used]  # the fixed tiles may be listed too
        bad = _placement_problems(city, used, skip)
        return bad, [] if bad else [used]
    readings = list(decompositions(city, pool_tiles, rules.duplexes - fixed_d, frozenset(skip)))
    if not readings:
        return [_unmade(city, pool_tiles, skip) or
                f"its buildings cannot be made from the puzzle's tiles ({rules.singles} "
                f"singles and {rules.duplexes} duplexes per city, each from the pool; a "
                "duplex's halves lie side by side as printed)"], []
    return [], readings


def _unmade(city: City, pool_tiles: Counter[Tile], skip: set[Coord]) -> str | None:
    """Which of the city's buildings the puzzle's tiles do not hold, and where (if any)."""
    have: Counter[Any] = Counter()
    for tile, n in pool_tiles.items():
        for b in buildings_of(tile):
            have[b] += n
    where: dict[Any, list[list[int]]] = {}
    for rc, b in city.buildings():
        if rc not in skip:
            where.setdefault(b, []).append(list(rc))
    over = [f"{len(cells)}x {b.token} (at {', '.join(map(str, cells))}) but the puzzle's tiles "
            f"hold {have[b]}" for b, cells in where.items() if len(cells) > have[b]]
    if not over:
        return None
    return "its buildings cannot be made from the puzzle's tiles: " + "; ".join(over)


def grade(puzzle: Puzzle, data: Any, components: Components | None = None) -> Grade:
    """Grade an answer file object against the puzzle."""
    from solver.twocities.rules.order import order_problems

    components = components or load_components()
    pool = puzzle.pool
    pool_tiles: Counter[Tile] = Counter()
    for t in pool.tiles:
        pool_tiles[t] += 1
    answer = read_answer(data, pool.cities, components, puzzle_abbreviations(pool))
    cities = [c.with_context(pool.context) for c, _ in answer]
    problems: list[str] = []
    options: list[list[Used]] = []
    for i, ((city, given), mat) in enumerate(zip(answer, pool.mats, strict=True)):
        name = f"city {i + 1}: " if pool.cities > 1 else ""
        where = f"cities[{i}].placements" if pool.cities > 1 else "placements"
        found, readings = _check_city(puzzle, city, mat, given, pool_tiles, components, where)
        problems += [name + p for p in found]
        options.append(readings)
    if not problems:
        problems = _best_reading(puzzle, cities, options, pool_tiles, order_problems)
    if len(cities) == 2:
        cities = list(against_each_other(cities[:2]))
    scores = tuple(score_city(c).total for c in cities)
    return Grade(puzzle, tuple(cities), scores, tuple(problems))


def _best_reading(puzzle: Puzzle, cities: list[City], options: list[list[Used]],
                  pool_tiles: Counter[Tile], order_problems: Any) -> list[str]:
    """No problems if some reading of the tiles uses the pool and builds legally."""
    first: list[str] | None = None
    # A city reads as the pool's tiles in very few ways; the cap only bounds odd answers.
    for combo in islice(product(*options), 2000):
        total: Counter[Tile] = Counter()
        for used in combo:
            total += usage(used)
        over = [t.token for t, n in total.items() if n > pool_tiles[t]]
        single_s = [sum(not isinstance(t, Duplex) for t, _ in u) for u in combo]
        found: list[str] = []
        if over:
            found.append(f"uses more {', '.join(sorted(over))} than the pool holds")
        rules = puzzle.pool.rules
        fixed_s = sum(not isinstance(p.tile, Duplex) for p in puzzle.pool.fixed)
        if any(n + fixed_s != rules.singles for n in single_s):
            found.append(f"a city takes exactly {rules.singles} singles and "
                         f"{rules.duplexes} duplexes")
        for i, (city, used) in enumerate(zip(cities, combo, strict=True)):
            if found:
                break
            mat = puzzle.pool.mats[i]
            name = f"city {i + 1}: " if len(cities) > 1 else ""
            try:
                placements = [Placement.from_cells(t, cells) for t, cells in used]
            except CitiesError as err:
                found.append(name + str(err))
                break
            found += [name + p for p in order_problems(
                city, _city_pool(puzzle.pool, mat, used), placements)]
        if not found:
            return []
        first = first or found
    return first or ["its buildings cannot be made from the puzzle's tiles"]
