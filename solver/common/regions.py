"""Connected regions: a flood fill over any cells, given which cells are adjacent to which.

Both games' geometry says what is adjacent (``solver.twocities.game.geometry``: edges and
bridges; ``solver.usa.game.geometry``: spaces without a street between, tiles side by side);
this finds what hangs together.

>>> def up_or_down(cell):
...     return [(cell[0] + 1, cell[1]), (cell[0] - 1, cell[1])]
>>> regions([(0, 0), (2, 0), (1, 0), (5, 5)], up_or_down)
[[(0, 0), (1, 0), (2, 0)], [(5, 5)]]
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable
from typing import TypeVar

C = TypeVar("C", bound=Hashable)


def regions(cells: Collection[C], adjacent: Callable[[C], Iterable[C]]) -> list[list[C]]:
    """The connected regions of ``cells`` (a flood fill), each from its first cell in
    ``cells``' order, the regions in the order of their first cells.

    >>> def beside(cell):
    ...     return [(cell[0] + 1, cell[1]), (cell[0] - 1, cell[1]),
    ...             (cell[0], cell[1] + 1), (cell[0], cell[1] - 1)]
    >>> regions([(0, 0), (1, 1), (0, 1)], beside)
    [[(0, 0), (0, 1), (1, 1)]]
    """
    left = dict.fromkeys(cells)
    out = []
    for start in list(left):
        if start not in left:
            continue
        del left[start]
        region, todo = [start], [start]
        while todo:
            for near in adjacent(todo.pop()):
                if near in left:
                    del left[near]
                    region.append(near)
                    todo.append(near)
        out.append(region)
    return out


def connected(cells: Collection[C], adjacent: Callable[[C], Iterable[C]]) -> bool:
    """Do ``cells`` form one connected region (no cells: yes)?

    >>> connected([(0, 0), (2, 0)], lambda cell: [(cell[0] + 1, cell[1])])
    False
    """
    return len(regions(cells, adjacent)) <= 1
