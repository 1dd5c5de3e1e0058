"""A city: a square grid of cells, bridges that join cells, and the rivals it is scored against.

Coordinates are (row, column) from the top-left corner.  Adjacency is edge sharing plus bridges;
diagonals are never adjacent.

>>> city = City.from_notation("F S / P ~")
>>> city.size, city.at((0, 1)).type
(2, 'shop')
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from solver.common.errors import CitiesError
from solver.common.fields import game_field
from solver.twocities.game.components import (
    Bridge,
    Coord,
    check_bridge_lines,
    load_components,
    parse_bridges,
)
from solver.twocities.game.geometry import square_adjacency
from solver.twocities.game.rulesets import editions
from solver.twocities.game.tiles import LANDSCAPE, Building, Cell, Civic, cell_token, parse_cell
from solver.twocities.game.vocab import check_type

MAX_SIZE = 5  # the game builds 4x4 (beginner) and 5x5 cities


@dataclass(frozen=True)
class District:
    """A district in play: a pair of types, its scoring tile's points, and rivals' sizes.

    >>> District(frozenset({"office", "shop"}), (9, 3), rivals=(4, 2)).to_json()["points"]
    [9, 3]
    """

    types: frozenset[str]
    points: tuple[int, int]
    rivals: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"types": sorted(self.types), "points": list(self.points),
                "rivals": list(self.rivals)}


@dataclass(frozen=True)
class Context:
    """What a city is compared against. Empty: no rivals (first for factories and districts).

    >>> Context(rival_factories=(3, 2)).to_json()
    {'rival_factories': [3, 2], 'districts': []}
    """

    rival_factories: tuple[int, ...] = ()
    districts: tuple[District, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"rival_factories": list(self.rival_factories),
                "districts": [d.to_json() for d in self.districts]}


@dataclass(frozen=True)
class City:
    """A (possibly unfinished) city.  Immutable; ``with_cell`` returns a new one.

    >>> city = City.from_notation("H F / ~ P")
    >>> [b.type for b in city.neighbour_buildings((0, 0))]
    ['factory']
    """

    grid: tuple[tuple[Cell, ...], ...]
    bridges: tuple[Bridge, ...] = ()
    context: Context = field(default_factory=Context)
    edition: str = "essential"

    @property
    def size(self) -> int:
        return len(self.grid)

    def at(self, cell: Coord) -> Cell:
        return self.grid[cell[0]][cell[1]]

    def cells(self) -> Iterator[Coord]:
        """Every coordinate, row by row."""
        for r in range(self.size):
            for c in range(self.size):
                yield (r, c)

    def buildings(self) -> Iterator[tuple[Coord, Building]]:
        """Every (coordinate, building) pair."""
        return iter(self._built)

    @cached_property
    def _built(self) -> tuple[tuple[Coord, Building], ...]:
        # found once per city: scoring asks for the buildings many times over
        return tuple((rc, b) for rc in self.cells() if isinstance(b := self.at(rc), Building))

    def of_type(self, *types: str) -> list[Coord]:
        return [rc for rc, b in self.buildings() if b.type in types]

    @property
    def adjacency(self) -> Mapping[Coord, tuple[Coord, ...]]:
        """Each cell's neighbours: edge-sharing cells, plus the far end of any bridge."""
        return square_adjacency(self.size, self.bridges)

    def neighbours(self, cell: Coord) -> tuple[Coord, ...]:
        return self.adjacency[cell]

    def neighbour_buildings(self, cell: Coord) -> list[Building]:
        return [b for rc in self.adjacency[cell] if isinstance(b := self.at(rc), Building)]

    def with_cell(self, cell: Coord, value: Cell) -> City:
        rows = [list(row) for row in self.grid]
        rows[cell[0]][cell[1]] = value
        return City(tuple(tuple(r) for r in rows), self.bridges, self.context, self.edition)

    def with_context(self, context: Context) -> City:
        return City(self.grid, self.bridges, context, self.edition)

    @property
    def rows(self) -> list[str]:
        """The grid as notation rows, e.g. ``["F S S P ~", ...]``."""
        return [" ".join(cell_token(x) for x in row) for row in self.grid]

    def notation(self) -> str:
        """One-line notation: rows joined by `` / ``, then ``; bridges r,c-r,c ...`` if any."""
        text = " / ".join(self.rows)
        if self.bridges:
            ends = (f"{a[0]},{a[1]}-{b[0]},{b[1]}" for a, b in self.bridges)
            text += " ; bridges " + " ".join(ends)
        return text

    def __str__(self) -> str:
        return "\n".join(self.rows)

    def __repr__(self) -> str:
        """An expression that builds this city again.

        >>> City.from_notation("F ~ S / P ~ O / H ~ H ; bridges 0,0-0,2")
        City.from_notation('F ~ S / P ~ O / H ~ H ; bridges 0,0-0,2')
        """
        edition = f", edition={self.edition!r}" if self.edition != "essential" else ""
        text = f"City.from_notation({self.notation()!r}{edition})"
        if self.context != Context():
            text += f".with_context({self.context!r})"
        return text

    @classmethod
    def from_notation(
        cls, text: str, civics: Mapping[str, Civic] | None = None, edition: str = "essential"
    ) -> City:
        """Parse the one-line notation (rows split by ``/`` or newlines)."""
        grid_text, _, bridge_text = text.partition(";")
        rows = [r for r in grid_text.replace("\n", "/").split("/") if r.strip()]
        bridges: list[Any] = []
        words = bridge_text.split()
        if words and words[0] == "bridges":
            words = words[1:]
        for w in words:
            try:
                a, b = w.split("-")
                bridges.append([[int(v) for v in a.split(",")], [int(v) for v in b.split(",")]])
            except ValueError:
                raise CitiesError(f"bad bridge {w!r} (expected r,c-r,c)", field="bridges") from None
        return city_from_json({"edition": edition, "grid": rows, "bridges": bridges}, civics,
                              strict=False)

    def to_json(self) -> dict[str, Any]:
        """The city file object (``cities score`` reads it back unchanged)."""
        out: dict[str, Any] = {"edition": self.edition, "grid": self.rows,
                               "bridges": [[list(a), list(b)] for a, b in self.bridges]}
        if self.context != Context():
            out["context"] = self.context.to_json()
        return out


def parse_grid(rows: Any, civics: Mapping[str, Civic] | None, where: str = "grid",
               square: bool = True) -> tuple[tuple[Cell, ...], ...]:
    """Parse notation rows; errors name the row and column."""
    if not isinstance(rows, list) or not rows:
        raise CitiesError("expected a non-empty list of row strings", field=where)
    grid: list[tuple[Cell, ...]] = []
    for r, text in enumerate(rows):
        if not isinstance(text, str):
            raise CitiesError("expected a string of tokens", field=f"{where} row {r}")
        cells = []
        for c, tok in enumerate(text.split()):
            try:
                cells.append(parse_cell(tok, civics))
            except CitiesError as err:
                raise err.located(field=f"{where} row {r}, column {c}") from None
        grid.append(tuple(cells))
    width = len(grid[0])
    for r, row in enumerate(grid):
        expected = len(grid) if square else width
        if len(row) != expected:
            shape = "a city grid is square" if square else "rows must have equal length"
            raise CitiesError(f"has {len(row)} tokens, expected {expected} ({shape})",
                              field=f"{where} row {r}")
    if square and len(grid) > MAX_SIZE:
        raise CitiesError(f"has {len(grid)} rows; a city is at most {MAX_SIZE}x{MAX_SIZE}",
                          field=where)
    return tuple(grid)


def _nonneg_ints(data: Any, where: str) -> tuple[int, ...]:
    if not isinstance(data, list) or not all(type(v) is int and v >= 0 for v in data):
        raise CitiesError("expected a list of non-negative integers", field=where)
    return tuple(data)


def parse_context(data: Any, where: str = "context") -> Context:
    """Parse the optional ``context`` object of a city or pool file."""
    if data is None:
        return Context()
    if not isinstance(data, dict):
        raise CitiesError("expected an object", field=where)
    factories = _nonneg_ints(data.get("rival_factories", []), f"{where}.rival_factories")
    raw = data.get("districts", [])
    if not isinstance(raw, list):
        raise CitiesError("expected a list of districts", field=f"{where}.districts")
    districts = []
    for i, d in enumerate(raw):
        w = f"{where}.districts[{i}]"
        if not isinstance(d, dict):
            raise CitiesError("expected an object with types, points, rivals", field=w)
        types = d.get("types")
        if not isinstance(types, list) or not 1 <= len(types) <= 2:
            raise CitiesError("expected one or two type names", field=f"{w}.types")
        for j, t in enumerate(types):
            check_type(t, field=f"{w}.types[{j}]")
        points = _nonneg_ints(d.get("points"), f"{w}.points")
        if len(points) != 2:
            raise CitiesError("expected [first, second]", field=f"{w}.points")
        rivals = _nonneg_ints(d.get("rivals", []), f"{w}.rivals")
        districts.append(District(frozenset(types), (points[0], points[1]), rivals))
    return Context(factories, tuple(districts))


#: The sizes a city file may have: the beginner variant builds 4x4, the others 5x5.
FILE_SIZES = (4, 5)


def city_from_json(data: Any, civics: Mapping[str, Civic] | None = None,
                   strict: bool = True) -> City:
    """A City from a city file object; errors are CitiesErrors naming the field.

    ``strict`` (files): the city is 4x4 or 5x5 and its bridges cross landscape in straight
    lines, as in play.  The notation (``City.from_notation``) also takes the smaller and
    freer cities that rule examples and property tests draw.
    """
    if not isinstance(data, dict):
        raise CitiesError("expected a JSON object with a grid")
    game_field(data, None)
    edition = data.get("edition", "essential")
    if edition not in editions():
        raise CitiesError(f"unknown edition {edition!r} (expected {' or '.join(editions())})",
                          field="edition")
    if "grid" not in data:
        raise CitiesError("missing", field="grid")
    grid = parse_grid(data["grid"], load_components().civics if civics is None else civics)
    n = len(grid)
    if strict and n not in FILE_SIZES:
        raise CitiesError(f"has {n} rows; a city is 4x4 (beginner) or 5x5", field="grid")
    bridges = parse_bridges(data.get("bridges", []), n, n)
    for i, (a, b) in enumerate(bridges):
        for end in (a, b):
            if grid[end[0]][end[1]] is LANDSCAPE:
                raise CitiesError(f"cell {list(end)} is landscape; a bridge joins building spaces",
                                  field=f"bridges[{i}]")
    if strict:
        check_bridge_lines(grid, bridges)
    return City(grid, bridges, parse_context(data.get("context")), edition)
