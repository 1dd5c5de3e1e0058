"""An answer to fill in: the puzzle's mat already placed in the city square, in city
coordinates, with any tiles already built, and the tiles still to place.

The template is itself an answer file (``cities daily --check`` reads it): ``grid`` holds the
mat at its first position; ``other_positions`` holds the same grid and bridges for every other
place the mat can take in the square (copy one over ``grid`` and ``bridges`` to use it).  It
also carries the puzzle's rivals and districts as ``context``, so ``cities score`` on the
finished file gives the breakdown ``--check`` gives.

>>> from puzzles.archive import archived
>>> from puzzles.common.days import parse_date
>>> template = answer_template(archived(parse_date("2026-12-01")))
>>> template["grid"][2]
'P  F  Tf  ~  H'
>>> print(readable_json({"grid": [". ~", ". ~"], "bridges": [[[0, 0], [0, 2]]]}))
{
  "grid": [
    ". ~",
    ". ~"
  ],
  "bridges": [[[0, 0], [0, 2]]]
}
"""

from __future__ import annotations

import json
from typing import Any

from puzzles.puzzle import Puzzle
from solver.common.errors import CitiesError
from solver.twocities.game.city import City
from solver.twocities.game.components import Mat
from solver.twocities.game.layout import build, empty_city, mat_offsets
from solver.twocities.game.tiles import cell_token

HOW = [
    "Replace each . with a building token: F S P O H, Tf Td Tm Tb, a civic as C:<id> or its "
    "initials as the board shows them (CHM), ~ is landscape and stays.",
    "A duplex A|B takes two cells side by side (A left), A/B two cells one above the other "
    "(A on top).",
    "The mat may sit elsewhere in the square: copy one of other_positions over grid and "
    "bridges (coordinates are the city's: row, column from the top-left).",
    "Then: cities daily --date {date} --check THIS_FILE",
]


def aligned(city: City) -> list[str]:
    """The grid's rows with each column padded to one width, so the square reads as one."""
    tokens = [[cell_token(cell) for cell in row] for row in city.grid]
    widths = [max(len(row[c]) for row in tokens) for c in range(city.size)]
    return ["  ".join(t.ljust(w) for t, w in zip(row, widths, strict=True)).rstrip()
            for row in tokens]


def _positions(puzzle: Puzzle, mat: Mat) -> list[City]:
    """The empty city with the mat (and any tiles already built) at each place it fits."""
    pool = puzzle.pool
    size = pool.rules.size
    out = []
    for offset in mat_offsets(mat, size):
        try:
            city = build(empty_city(size, mat, offset, pool.rules.edition, pool.context),
                         pool.fixed, offset)
        except CitiesError:  # a tile already built would fall outside the square there
            continue
        out.append(city)
    return out


def _city_entry(cities: list[City]) -> dict[str, Any]:
    first = cities[0]
    return {"edition": first.edition, "grid": aligned(first),
            "bridges": [[list(a), list(b)] for a, b in first.bridges],
            "context": first.context.to_json(),
            "other_positions": [{"grid": aligned(c),
                                 "bridges": [[list(a), list(b)] for a, b in c.bridges]}
                                for c in cities[1:]]}


def answer_template(puzzle: Puzzle) -> dict[str, Any]:
    """The answer file to fill in for ``puzzle`` (one city, or ``cities`` for a pair)."""
    pool = puzzle.pool
    singles, duplexes = pool.to_choose()
    head: dict[str, Any] = {
        "date": puzzle.date.isoformat(),
        "how": [line.format(date=puzzle.date.isoformat()) for line in HOW],
        "tiles": [t.token for t in pool.tiles],
        "take": (f"{singles} singles and {duplexes} duplexes"
                 + (" in all, shared by the two cities" if pool.cities > 1 else "")),
    }
    entries = [_city_entry(_positions(puzzle, mat)) for mat in pool.mats]
    if len(entries) == 1:
        return {**head, **entries[0]}
    return {**head, "cities": entries}


def readable_json(data: Any, indent: int = 0, width: int = 90) -> str:
    """JSON as a person reads it: a list or object that fits ``width`` on one line, bigger
    ones one item a line (``json.dumps(indent=2)`` would spread every coordinate apart)."""
    flat = json.dumps(data, ensure_ascii=False)
    scalars = isinstance(data, list) and not any(isinstance(v, dict | list) for v in data)
    if not isinstance(data, dict | list) or (not _has_rows(data) and (
            scalars or len(flat) + indent <= width)):
        return flat
    pad = " " * (indent + 2)
    if isinstance(data, dict):
        items = [f"{pad}{json.dumps(k)}: {readable_json(v, indent + 2, width)}"
                 for k, v in data.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + readable_json(v, indent + 2, width) for v in data]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def _has_rows(data: Any) -> bool:
    """Holds a list of grid rows or sentences (strings with spaces), shown one a line."""
    if isinstance(data, dict):
        return any(_has_rows(v) for v in data.values())
    if isinstance(data, list):
        return (len(data) > 1 and all(isinstance(v, str) and " " in v for v in data)) or any(
            _has_rows(v) for v in data)
    return False
