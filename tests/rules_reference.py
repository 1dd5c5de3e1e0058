"""A slow, obviously-correct reference for the look-ahead: try every placement order.

It shares nothing with ``rules.squares``: plain sets of cells, every square enumerated
from scratch, every single and duplex tried in round order.  Only for small searches (tests).
"""

from __future__ import annotations

from functools import cache

from solver.twocities.rules.position import Position

Cell = tuple[int, int]


def squares(pos: Position, cells: frozenset[Cell]) -> list[frozenset[Cell]]:
    """The building spaces of every size x size square holding the mat and ``cells``."""
    n = pos.size
    fixed = set(cells)
    if pos.mat is not None:
        fixed |= {(r, c) for r in range(pos.mat.height) for c in range(pos.mat.width)}
    rows = [r for r, _ in fixed]
    cols = [c for _, c in fixed]
    out = []
    for top in range(max(rows) - n + 1, min(rows) + 1):
        for left in range(max(cols) - n + 1, min(cols) + 1):
            out.append(frozenset((r, c) for r in range(top, top + n)
                                 for c in range(left, left + n)
                                 if (r, c) not in pos.landscape))
    return out


def completable(pos: Position, cells: frozenset[Cell], a: int,
                orientations: tuple[bool, ...]) -> bool:
    """Can some square be filled: ``a`` singles, then duplexes (True: horizontal) in either
    order, then singles, every piece touching the city when placed?"""

    def touching(city: frozenset[Cell], piece: tuple[Cell, ...]) -> bool:
        return any(n in city for cell in piece for n in pos.neighbours(cell))

    def fill(space: frozenset[Cell]) -> bool:
        @cache
        def go(city: frozenset[Cell], a: int, left: tuple[bool, ...]) -> bool:
            free = space - city
            if a:
                return any(go(city | {x}, a - 1, left) for x in free if touching(city, (x,)))
            if left:
                for i, horizontal in enumerate(left):
                    rest = left[:i] + left[i + 1:]
                    for r, c in free:
                        other = (r, c + 1) if horizontal else (r + 1, c)
                        if other in free and touching(city, ((r, c), other)) \
                                and go(city | {(r, c), other}, 0, rest):
                            return True
                return False
            grown = set(city)
            todo = list(city)
            while todo:
                for n in pos.neighbours(todo.pop()):
                    if n in free and n not in grown:
                        grown.add(n)
                        todo.append(n)
            return grown >= space

        return go(cells, a, orientations)

    return any(cells <= space and fill(space) for space in squares(pos, cells))


def dominoes_fit(cells: set[Cell], orientations: tuple[bool, ...] | list[bool]) -> bool:
    """Can duplexes of these orientations (True: horizontal) lie on ``cells`` without
    overlapping?  Every position of the first, then the rest on what is left."""
    if not orientations:
        return True
    dr, dc = (0, 1) if orientations[0] else (1, 0)
    return any(dominoes_fit(cells - {a, (a[0] + dr, a[1] + dc)}, orientations[1:])
               for a in sorted(cells) if (a[0] + dr, a[1] + dc) in cells)
