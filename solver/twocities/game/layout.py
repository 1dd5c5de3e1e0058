"""Layout: where a mat can sit in the city square, and cities assembled from placements.

Mat coordinates put the mat's top-left cell at (0, 0); city coordinates put the square's
top-left at (0, 0).  A mat at ``offset`` maps mat cell (r, c) to city cell (r + dr, c + dc).

>>> from solver.twocities.game.components import load_components
>>> mat = load_components().mat("riverside")     # 3 rows x 5 columns
>>> mat_offsets(mat, 5)
[(0, 0), (1, 0), (2, 0)]
"""

from __future__ import annotations

from collections.abc import Iterable

from solver.common.errors import CitiesError
from solver.twocities.game.city import City, Context
from solver.twocities.game.components import Coord, Mat
from solver.twocities.game.pool import Placement
from solver.twocities.game.tiles import LANDSCAPE


def mat_offsets(mat: Mat, size: int) -> list[Coord]:
    """Every offset that keeps the whole mat inside a size x size square."""
    return [(r, c) for r in range(size - mat.height + 1) for c in range(size - mat.width + 1)]


def shift(cell: Coord, offset: Coord) -> Coord:
    return (cell[0] + offset[0], cell[1] + offset[1])


def mat_position(city: City, mat: Mat) -> Coord | None:
    """Where ``mat`` lies in ``city`` (its offset): landscape and bridges must match exactly.

    >>> from solver.twocities.game.components import load_components
    >>> mat = load_components().mat("riverside")
    >>> mat_position(empty_city(5, mat, (2, 0)), mat), mat_position(empty_city(5), mat)
    ((2, 0), None)
    """
    land = {rc for rc in city.cells() if city.at(rc) is LANDSCAPE}
    bridges = {frozenset(b) for b in city.bridges}
    for o in mat_offsets(mat, city.size):
        if (land == {shift(rc, o) for rc in mat.landscape}
                and bridges == {frozenset((shift(a, o), shift(b, o))) for a, b in mat.bridges}):
            return o
    return None


def empty_city(size: int, mat: Mat | None = None, offset: Coord = (0, 0),
               edition: str = "essential", context: Context | None = None) -> City:
    """A city with nothing built: the mat's landscape and bridges at ``offset``."""
    grid = [[None] * size for _ in range(size)]
    bridges: tuple[tuple[Coord, Coord], ...] = ()
    if mat is not None:
        if offset not in mat_offsets(mat, size):
            raise CitiesError(f"the mat at {list(offset)} does not fit the {size}x{size} square")
        for cell in mat.landscape:
            r, c = shift(cell, offset)
            grid[r][c] = LANDSCAPE
        bridges = tuple((shift(a, offset), shift(b, offset)) for a, b in mat.bridges)
    return City(tuple(tuple(row) for row in grid), bridges, context or Context(), edition)


def build(city: City, placements: Iterable[Placement], offset: Coord = (0, 0)) -> City:
    """Put tiles into ``city`` (placements in mat coordinates when ``offset`` is the mat's).

    Raises CitiesError for a tile off the square, on landscape or on another tile.
    """
    rows = [list(row) for row in city.grid]
    n = city.size
    for p in placements:
        for cell, building in zip(p.cells, p.buildings, strict=True):
            r, c = shift(cell, offset)
            if not (0 <= r < n and 0 <= c < n):
                raise CitiesError(f"{p.tile.token} at {list(p.at)} lies outside the square")
            if rows[r][c] is LANDSCAPE:
                raise CitiesError(f"{p.tile.token} at {list(p.at)} covers a landscape space")
            if rows[r][c] is not None:
                raise CitiesError(f"{p.tile.token} at {list(p.at)} overlaps another tile")
            rows[r][c] = building
    return City(tuple(tuple(row) for row in rows), city.bridges, city.context, city.edition)


Domino = tuple[Coord, Coord]


def dominoes(cells: set[Coord], horizontal: bool) -> list[Domino]:
    """Every position of a duplex of one orientation on two of ``cells``."""
    dr, dc = (0, 1) if horizontal else (1, 0)
    return [(a, (a[0] + dr, a[1] + dc)) for a in sorted(cells) if (a[0] + dr, a[1] + dc) in cells]
