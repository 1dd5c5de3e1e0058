"""Shops: the best partition of a city's shops into straight sets.

Every shop belongs to exactly one horizontal or vertical set of consecutive shops, and the city
scores the best such partition (docs/rulings.md, "Shops").  Greedy "longest line first" is
wrong on crossings; this is exact.

The search assigns each shop a direction (across or down).  A maximal run of shops given the
same direction along one line is then split into sets as well as the edition's table allows
(``shop_line_value``), which makes the run value superadditive, so a shop with shop neighbours
along only one direction can take that direction without loss.  Only crossing shops branch, and
a row-by-row dynamic programme over open runs keeps even a city full of shops fast.

With the ruleset option ``bridges_extend_shop_lines`` (default on), a bridge whose ends share
a row or column continues the line across the landscape between them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache

from solver.twocities.game.city import City, Coord
from solver.twocities.game.rulesets import Ruleset
from solver.twocities.game.tiles import LANDSCAPE, Building
from solver.twocities.game.vocab import SHOP

Run = tuple[Coord, ...]


def straight_bridge_end(cell: Coord, down: bool, bridges: Iterable[tuple[Coord, Coord]],
                        is_landscape: Callable[[Coord], bool]) -> Coord | None:
    """The far end of a bridge that carries ``cell``'s row (or column, ``down``) straight on
    over landscape, or None.

    >>> straight_bridge_end((0, 0), False, [((0, 0), (0, 2))], lambda p: p == (0, 1))
    (0, 2)
    """
    r, c = cell
    for a, b in bridges:
        for x, y in ((a, b), (b, a)):
            if x == cell and (y[1] == c and y[0] > r if down else y[0] == r and y[1] > c):
                between = ([(i, c) for i in range(r + 1, y[0])] if down
                           else [(r, j) for j in range(c + 1, y[1])])
                if all(is_landscape(p) for p in between):
                    return y
    return None


def line_next(city: City, cell: Coord, down: bool, bridges: bool) -> Coord | None:
    """The next cell along ``cell``'s row (or column, ``down``) that could continue a shop line."""
    r, c = cell
    step = (r + 1, c) if down else (r, c + 1)
    if step[0] < city.size and step[1] < city.size and city.at(step) is not LANDSCAPE:
        return step
    if bridges:
        return straight_bridge_end(cell, down, city.bridges, lambda p: city.at(p) is LANDSCAPE)
    return None


def _is_shop(city: City, cell: Coord | None) -> bool:
    return cell is not None and isinstance(b := city.at(cell), Building) and b.type == SHOP


def shop_lines(city: City, bridges: bool = True) -> dict[Coord, tuple[Coord | None, Coord | None]]:
    """For each shop, the next shop along its row and along its column (None: the line ends)."""
    out = {}
    for cell in city.of_type(SHOP):
        across, down = line_next(city, cell, False, bridges), line_next(city, cell, True, bridges)
        out[cell] = (across if _is_shop(city, across) else None,
                     down if _is_shop(city, down) else None)
    return out


def shop_line_value(length: int, sets: tuple[int, ...]) -> int:
    """The best split of one straight run of ``length`` shops into sets of the edition's table.

    >>> shop_line_value(5, (2, 5, 10, 16)), shop_line_value(5, (2, 5, 10, 15, 20))
    (18, 20)
    """
    if length <= 0:
        return 0
    return max(sets[k - 1] + shop_line_value(length - k, sets)
               for k in range(1, min(length, len(sets)) + 1))


def shop_partition(city: City, rules: Ruleset) -> tuple[int, tuple[Run, ...]]:
    """The best score for the city's shops and the sets (runs of cells) that achieve it."""
    return _best(city, rules.shop_sets, bool(rules.option("bridges_extend_shop_lines")))


@lru_cache(maxsize=2048)
def _best(city: City, sets: tuple[int, ...], bridges: bool) -> tuple[int, tuple[Run, ...]]:
    nxt = shop_lines(city, bridges)
    if not nxt:
        return 0, ()
    prev: dict[Coord, list[Coord | None]] = {s: [None, None] for s in nxt}
    for s, (a, d) in nxt.items():
        if a is not None:
            prev[a][0] = s
        if d is not None:
            prev[d][1] = s

    def choices(s: Coord) -> tuple[int, ...]:
        across = nxt[s][0] is not None or prev[s][0] is not None
        down = nxt[s][1] is not None or prev[s][1] is not None
        if across and down:
            return (0, 1)
        return (0,) if across else (1,)

    def value(run: Run) -> int:
        return shop_line_value(len(run), sets)

    # A state is the set of open runs, each as (cell that would extend it, direction, length):
    # what is still to come depends on nothing else, so states with equal keys merge exactly.
    # The value is the best (points so far, closed runs, the open runs' cells).
    Key = frozenset[tuple[Coord, int, int]]
    states: dict[Key, tuple[int, tuple[Run, ...], dict[tuple[Coord, int], Run]]] = {
        frozenset(): (0, (), {})
    }
    for s in sorted(nxt):
        new: dict[Key, tuple[int, tuple[Run, ...], dict[tuple[Coord, int], Run]]] = {}
        for key, (score, closed, runs) in states.items():
            for d in choices(s):
                gained, done, still = 0, list(closed), dict(runs)
                run: Run = (s,)
                for expected, direction, _ in key:
                    if expected != s:
                        continue
                    old = still.pop((expected, direction))
                    if direction == d:
                        run = (*old, s)
                    else:
                        gained += value(old)
                        done.append(old)
                follow = nxt[s][d]
                if follow is not None:
                    still[(follow, d)] = run
                else:
                    gained += value(run)
                    done.append(run)
                new_key = frozenset((e, dr, len(r)) for (e, dr), r in still.items())
                if new_key not in new or score + gained > new[new_key][0]:
                    new[new_key] = (score + gained, tuple(done), still)
        states = new
    # Each open run expects a shop that comes later in reading order, so all are closed by now.
    assert set(states) == {frozenset()}, states
    score, closed, _ = states[frozenset()]
    return score, closed
