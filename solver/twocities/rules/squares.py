"""The look-ahead: can a city still become a full square with the pieces it will receive?

A *window* is one size x size square (in mat coordinates) that holds the mat and every placed
tile; the city's final square is one of them.  Inside a window cells are bits of an int
(bit ``r * n + c``), so flood fills are a handful of shifts.

Why the search can be this small (docs/rulings.md, "Placement"; types never matter, only counts,
order and duplex orientation):

- Every tile touches the city when placed, so the city is always connected.  A window whose
  building spaces are not all connected (edges plus bridges) can never be filled: dead.
- In a connected window the round-3 singles can always fill whatever is left (grow outwards
  from the city), so only rounds 1 and 2 need a search.
- After round 2 the city is ``B + S + D1 + D2`` (placed, the remaining round-1 singles S, the
  duplexes).  Some order places them legally exactly when ``B + S`` is connected and the whole
  is connected.  So we enumerate the duplex placements and ask for the smallest S that links
  them to the city: a node-weighted Steiner tree with at most three terminals (the city, the
  cells next to D1, the cells next to D2), which is a star around one centre cell.  It exists
  when that tree has at most ``a`` cells and the city's part of the free region has at least
  ``a`` cells (then S grows to exactly ``a``).

>>> w = window(None, 4, 0, 0)            # a beginner square, no mat
>>> feasible(w.id, 0b1, 5, (True, True))  # one tile in a corner, 5 singles and HH to come
'ok'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache

from solver.twocities.game.components import Coord, Mat
from solver.twocities.game.tiles import LANDSCAPE, Duplex
from solver.twocities.rules.position import Position

_WINDOWS: list[Window] = []


@dataclass(frozen=True)
class Window:
    """One candidate square: its building spaces, bridges and duplex placements as bitmasks."""

    id: int
    n: int
    top: int
    left: int
    build: int  # building spaces (not landscape)
    bridges: tuple[tuple[int, int], ...]  # bit indices joined by a bridge
    connected: bool
    dominoes: dict[bool, tuple[tuple[int, int], ...]]  # horizontal? -> (cells, cells next to it)
    not_first_col: int
    not_last_col: int

    def bit(self, r: int, c: int) -> int:
        """The bit of mat cell (r, c)."""
        return 1 << ((r - self.top) * self.n + (c - self.left))

    def mask(self, cells: Iterable[Coord]) -> int:
        """The bits of these mat cells."""
        return sum(self.bit(r, c) for r, c in cells)

    def expand(self, m: int) -> int:
        """``m`` plus every cell adjacent to it (edges and bridges), inside the square."""
        n = self.n
        x = m | ((m << 1) & self.not_first_col) | ((m >> 1) & self.not_last_col) | (m << n) \
            | (m >> n)
        for i, j in self.bridges:
            if m >> i & 1:
                x |= 1 << j
            if m >> j & 1:
                x |= 1 << i
        return x & ((1 << (n * n)) - 1)


@cache
def window(mat: Mat | None, n: int, top: int, left: int) -> Window:
    """The square of side ``n`` whose top-left cell is mat cell (top, left).

    Without a mat every square looks the same, so there is one, at (0, 0) (shift the cells).
    """
    full = (1 << (n * n)) - 1
    build = full
    bridges: list[tuple[int, int]] = []
    if mat is not None:
        for r, row in enumerate(mat.grid):
            for c, x in enumerate(row):
                if x is LANDSCAPE:
                    build &= ~(1 << ((r - top) * n + (c - left)))
        for a, b in mat.bridges:
            bridges.append(((a[0] - top) * n + a[1] - left, (b[0] - top) * n + b[1] - left))
    col0 = sum(1 << (r * n) for r in range(n))
    w = Window(len(_WINDOWS), n, top, left, build, tuple(bridges), False, {},
               full & ~col0, full & ~(col0 << (n - 1)))
    dominoes: dict[bool, tuple[tuple[int, int], ...]] = {}
    for horizontal in (True, False):
        out = []
        for r in range(n - (0 if horizontal else 1)):
            for c in range(n - (1 if horizontal else 0)):
                a = 1 << (r * n + c)
                b = a << (1 if horizontal else n)
                if build & a and build & b:
                    out.append((a | b, w.expand(a | b) & build & ~(a | b)))
        dominoes[horizontal] = tuple(out)
    low = build & -build
    connected = build == 0 or reach(w, low, build) == build
    w = Window(w.id, n, top, left, build, w.bridges, connected, dominoes, w.not_first_col,
               w.not_last_col)
    _WINDOWS.append(w)
    return w


def mat_square(mat: Mat, n: int, offset: Coord) -> Window:
    """The square of side ``n`` in which ``mat`` lies at ``offset`` (its bits are the city's
    cells, row by row).  Legal play fills it only if it is ``connected``: a space cut off by
    landscape and the square's edge is never built.

    >>> from solver.twocities.game.components import load_components
    >>> mat = load_components().mat("river-bend")     # at the bottom left: two spaces cut off
    >>> mat_square(mat, 5, (2, 0)).connected, mat_square(mat, 5, (2, 1)).connected
    (False, True)
    """
    return window(mat, n, -offset[0], -offset[1])


def windows(pos: Position, cells: list[Coord]) -> list[Window]:
    """Every square that holds the mat and ``cells`` (mat coordinates)."""
    n = pos.size
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    if pos.mat is not None:
        # a square's top-left (t, l) holds the mat (rows 0..h-1) and every cell
        rows += [0, pos.mat.height - 1]
        cols += [0, pos.mat.width - 1]
        return [window(pos.mat, n, t, le)
                for t in range(max(rows) - n + 1, min(rows) + 1)
                for le in range(max(cols) - n + 1, min(cols) + 1)]
    base = window(None, n, 0, 0)
    if not cells:
        return [base]
    return [Window(base.id, n, t, le, base.build, (), base.connected, base.dominoes,
                   base.not_first_col, base.not_last_col)
            for t in range(max(rows) - n + 1, min(rows) + 1)
            for le in range(max(cols) - n + 1, min(cols) + 1)]


def orientation_cases(pos: Position, duplexes_left: int,
                      revealed: tuple[Duplex, ...]) -> list[tuple[bool, ...]]:
    """Every orientation combination (True: horizontal) the duplexes still to come may have."""
    known = [d.horizontal for d in revealed][:duplexes_left]
    unknown = duplexes_left - len(known)
    cases = []
    for vertical in range(unknown + 1):
        case = known + [True] * (unknown - vertical) + [False] * vertical
        cases.append(tuple(sorted(case, reverse=True)))
    return cases


def open_square(pos: Position) -> Window:
    """A square (in mat coordinates) that holds the city and can still be completed, whichever
    way the duplexes to come are printed; the first square that holds it when none can."""
    cells = list(pos.occupied)
    a, d, _ = pos.remaining()
    cases = orientation_cases(pos, d, pos.revealed)
    wins = windows(pos, cells)
    return next((w for w in wins
                 if all(feasible(w.id, w.mask(cells), a, case) == "ok" for case in cases)),
                wins[0])


def reach(w: Window, start: int, allowed: int) -> int:
    """Every cell of ``allowed`` (plus ``start``) connected to ``start`` through ``allowed``."""
    seen = start
    while True:
        nxt = (w.expand(seen) & allowed) | seen
        if nxt == seen:
            return seen
        seen = nxt


def layers(w: Window, start: int, allowed: int, limit: int) -> list[int]:
    """Cumulative BFS: ``out[k]`` is ``start`` plus cells of ``allowed`` within k steps."""
    out = [start]
    seen = start
    for _ in range(limit):
        nxt = (w.expand(seen) & allowed) | seen
        if nxt == seen:
            break
        out.append(nxt)
        seen = nxt
    return out


def _first_hit(cum: list[int], target: int) -> int:
    """The least k with ``cum[k] & target`` (a large number when none)."""
    for k, m in enumerate(cum):
        if m & target:
            return k
    return 1 << 20


def _steiner_fits(w: Window, cum_b: list[int], city: int, free: int, t1: int, t2: int,
                  a: int) -> bool:
    """Is there a centre cell v with dist(city, v) + dist(v, T1) + dist(v, T2) <= a?

    Distances count free cells (the centre once).  ``cum_b`` are the city's BFS layers.
    """
    g1 = layers(w, t1 & free, free, a)
    g2 = layers(w, t2 & free, free, a)
    for k in range(1, min(a, len(cum_b) - 1) + 1):
        centre = cum_b[k] & ~city
        for j in range(0, a - k + 1):
            m = centre & g1[min(j, len(g1) - 1)]
            if m and m & g2[min(a - k - j, len(g2) - 1)]:
                return True
    return False


@lru_cache(maxsize=100_000)
def room(wid: int, city: int, orientation: tuple[bool, ...]) -> bool:
    """Do duplexes of these orientations (True: horizontal) lie, without overlapping, on the
    building spaces of window ``wid`` that ``city`` leaves free?  (Room alone: whether play
    can reach them is ``feasible``'s question.)

    >>> w = window(None, 2, 0, 0)
    >>> room(w.id, 0, (True, True)), room(w.id, 0, (True, False)), room(w.id, 0b1, (False,))
    (True, False, True)
    """
    w = _WINDOWS[wid]
    free = w.build & ~city
    if not orientation:
        return True
    first = [cells for cells, _ in w.dominoes[orientation[0]] if not cells & ~free]
    return any(room(wid, city | cells, orientation[1:]) for cells in first)


@lru_cache(maxsize=500_000)
def feasible(wid: int, city: int, a: int, orientation: tuple[bool, ...]) -> str:
    """Can window ``wid`` be completed from ``city`` (its built cells) with ``a`` round-1
    singles, then duplexes of these orientations (True: horizontal), then singles?

    Returns 'ok', 'room' (the duplexes do not fit in the free spaces at all) or 'reach'
    (they fit, but no order of placements connects them to the city).
    """
    w = _WINDOWS[wid]
    if not w.connected or city & ~w.build or not room(wid, city, orientation):
        return "room"
    free = w.build & ~city
    if not orientation:
        return "ok"
    if len(orientation) == 1:
        return _one_duplex(w, city, free, a, orientation[0])
    return _two_duplexes(w, city, free, a, orientation[0], orientation[1])


def _one_duplex(w: Window, city: int, free: int, a: int, horizontal: bool) -> str:
    for cells, near in w.dominoes[horizontal]:
        if cells & ~free:
            continue
        rest = free & ~cells
        cum = layers(w, city, rest, w.n * w.n)
        if _first_hit(cum, near) <= a and (cum[-1] & ~city).bit_count() >= a:
            return "ok"
    return "reach"


def _two_duplexes(w: Window, city: int, free: int, a: int, h1: bool, h2: bool) -> str:
    base = layers(w, city, free, a)
    first = [(cells, near, _first_hit(base, near))
             for cells, near in w.dominoes[h1] if not cells & ~free]
    second = first if h1 == h2 else [(cells, near, _first_hit(base, near))
                                     for cells, near in w.dominoes[h2] if not cells & ~free]
    for i, (c1, n1, lb1) in enumerate(first):
        for j, (c2, n2, lb2) in enumerate(second):
            if (h1 == h2 and j <= i) or c1 & c2:
                continue
            touching = bool(n1 & c2)
            # Lower bounds from the unobstructed BFS prune most pairs cheaply.
            if touching:
                if min(lb1, lb2) > a:
                    continue
            elif lb1 > a or lb2 > a:
                continue
            if _pair_fits(w, city, free & ~c1 & ~c2, a, n1, n2, touching):
                return "ok"
    return "reach"


def _pair_fits(w: Window, city: int, rest: int, a: int, n1: int, n2: int,
               touching: bool) -> bool:
    cum = layers(w, city, rest, w.n * w.n)
    if (cum[-1] & ~city).bit_count() < a:
        return False
    t1, t2 = _first_hit(cum, n1), _first_hit(cum, n2)
    if touching:
        return min(t1, t2) <= a
    if t1 > a or t2 > a:
        return False
    if t1 == 0 or t2 == 0 or t1 + t2 <= a:
        return True
    return _steiner_fits(w, cum, city, rest, n1, n2, a)
