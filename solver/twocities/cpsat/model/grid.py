"""The city square as CP-SAT variables: where the mat sits, which tile covers which cell.

Variables (their meaning, stated once):

- ``mat_at[o]``: the landscape mat lies at offset ``o`` of the square (exactly one is true;
  a city without a mat has one offset, always true).
- ``single[cell][token]``: a single tile of that token (``F``, ``Tm``, ``C:library``...) is on
  ``cell``.
- ``duplex[token][anchor]``: a duplex tile of that token has its first half on ``anchor``.
- ``kind[cell][token]``: the literals any of which puts a building of ``token`` on ``cell``
  (singles, duplex halves, and fixed tiles through ``mat_at``).
- ``is_type(cell, t)``: a literal, true exactly when ``cell`` holds a building of type ``t``.

Every cell holds exactly one thing: landscape (through ``mat_at``), a fixed tile, a single or a
duplex half.  Mat positions that leave a building space unreachable (landscape with no bridge
cutting a cell off) can never be built by legal play, so they are ruled out here.

>>> from ortools.sat.python import cp_model
>>> from solver.twocities.game.pool import pool_from_json
>>> pool = pool_from_json({"variant": "beginner", "tiles": ["F"] * 12 + ["F|O", "P/H"]})
>>> grid = CityGrid(cp_model.CpModel(), pool, pool.mat, pool.rules.size)
>>> len(grid.offsets)
1
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import networkx as nx
from ortools.sat.python import cp_model

from solver.common.errors import CitiesError
from solver.twocities.game.components import Coord, Mat
from solver.twocities.game.layout import mat_offsets, shift
from solver.twocities.game.pool import Pool
from solver.twocities.game.tiles import Building, Duplex

Literal = cp_model.IntVar
Edge = tuple[Coord, Coord, "Literal | None"]
_ORTHOGONAL = ((0, 1), (1, 0))


@dataclass
class Offset:
    """One position of the mat in the square, with what it puts on the cells."""

    at: Coord
    landscape: frozenset[Coord]
    bridges: tuple[tuple[Coord, Coord], ...]
    fixed: dict[Coord, Building]
    open_spaces: frozenset[Coord]
    lit: Literal | None = None


@dataclass
class CityGrid:
    """The cell-level variables of one city (see the module docstring)."""

    model: cp_model.CpModel
    pool: Pool
    mat: Mat | None
    size: int
    name: str = "city"
    #: The city takes every tile of the pool, so every count is a constant (the builder says).
    uses_all: bool = False
    offsets: list[Offset] = field(init=False)

    def __post_init__(self) -> None:
        self.rules = self.pool.rules
        self.cells: list[Coord] = [(r, c) for r in range(self.size) for c in range(self.size)]
        self.index = {cell: i for i, cell in enumerate(self.cells)}
        self.building_of: dict[str, Building] = {}
        self._offsets()
        self._tiles()
        self._edges()
        self._type_cache: dict[tuple[Coord, str], Literal | None] = {}
        self._adj_cache: dict[tuple[Coord, str], Literal | None] = {}
        self.false = self.model.NewBoolVar(f"{self.name}_false")
        self.model.Add(self.false == 0)

    # --- the mat's position ------------------------------------------------------------

    def _offsets(self) -> None:
        """Usable mat positions: fixed tiles fit, and every building space can be reached."""
        positions = mat_offsets(self.mat, self.size) if self.mat else [(0, 0)]
        usable: list[Offset] = []
        for at in positions:
            offset = self._offset(at)
            if offset is not None and self._reachable(offset):
                usable.append(offset)
        if not usable:
            raise CitiesError("no position of the mat in the square can be completed by legal "
                              "play (fixed tiles off the square, on landscape or cut off)",
                              field="fixed" if self.pool.fixed else "mat")
        for o in usable:
            o.lit = self.model.NewBoolVar(f"{self.name}_mat_at_{o.at[0]}_{o.at[1]}")
        self.model.AddExactlyOne(o.lit for o in usable)
        self.offsets = usable

    def _offset(self, at: Coord) -> Offset | None:
        mat = self.mat
        landscape = frozenset(shift(c, at) for c in mat.landscape) if mat else frozenset()
        bridges = tuple((shift(a, at), shift(b, at)) for a, b in mat.bridges) if mat else ()
        opens = (frozenset(shift(c, at) for c in mat.open_spaces) if mat
                 else frozenset(self.cells))
        fixed: dict[Coord, Building] = {}
        for p in self.pool.fixed:
            for cell, building in zip(p.cells, p.buildings, strict=True):
                rc = shift(cell, at)
                if rc not in self.index or rc in landscape or rc in fixed:
                    return None
                fixed[rc] = building
        return Offset(at, landscape, bridges, fixed, opens)

    def _reachable(self, offset: Offset) -> bool:
        g = nx.Graph()
        spaces = [c for c in self.cells if c not in offset.landscape]
        g.add_nodes_from(spaces)
        g.add_edges_from((a, b) for a, b, _ in self.plain_edges(offset.landscape))
        g.add_edges_from(offset.bridges)
        return nx.is_connected(g)

    def plain_edges(self, landscape: frozenset[Coord] = frozenset()) -> list[Edge]:
        """Every pair of edge-sharing cells, each once, neither of them in ``landscape``."""
        out: list[Edge] = []
        for r, c in self.cells:
            for dr, dc in _ORTHOGONAL:
                b = (r + dr, c + dc)
                if b in self.index and (r, c) not in landscape and b not in landscape:
                    out.append(((r, c), b, None))
        return out

    def never_built(self, cell: Coord) -> bool:
        """Landscape wherever the mat may lie."""
        return all(cell in o.landscape for o in self.offsets)

    def landscape_lits(self, cell: Coord) -> list[Literal]:
        return [o.lit for o in self.offsets if cell in o.landscape]

    # --- tiles on cells ----------------------------------------------------------------

    def _tiles(self) -> None:
        m = self.model
        self.kind: dict[Coord, dict[str, list[Literal]]] = {c: defaultdict(list)
                                                             for c in self.cells}
        self.single: dict[Coord, dict[str, Literal]] = {c: {} for c in self.cells}
        self.duplex: dict[str, dict[Coord, Literal]] = {}
        self.duplex_tile: dict[str, Duplex] = {}
        for b in self.pool.singles:
            self.building_of[b.token] = b
        for d in self.pool.duplexes:
            self.duplex_tile[d.token] = d
            self.building_of[d.first.token] = d.first
            self.building_of[d.second.token] = d.second
        buildable = [c for c in self.cells if not self.never_built(c)]
        for cell in buildable:
            for token in sorted({b.token for b in self.pool.singles}):
                lit = m.NewBoolVar(f"{self.name}_single_{token}_{cell[0]}_{cell[1]}")
                self.single[cell][token] = lit
                self.kind[cell][token].append(lit)
        for token, d in sorted(self.duplex_tile.items()):
            self.duplex[token] = {}
            dr, dc = d.offset
            for a in buildable:
                b = (a[0] + dr, a[1] + dc)
                if b not in self.index or self.never_built(b):
                    continue
                lit = m.NewBoolVar(f"{self.name}_duplex_{token}_{a[0]}_{a[1]}")
                self.duplex[token][a] = lit
                self.kind[a][d.first.token].append(lit)
                self.kind[b][d.second.token].append(lit)
        for o in self.offsets:
            for cell, building in o.fixed.items():
                self.building_of[building.token] = building
                self.kind[cell][building.token].append(o.lit)
        for cell in self.cells:
            lits = [lit for lits in self.kind[cell].values() for lit in lits]
            m.AddExactlyOne([*lits, *self.landscape_lits(cell)])
        self._first_tile_on_the_mat()

    def _first_tile_on_the_mat(self) -> None:
        """Round 1 starts with a single on an open space of the mat: one must be there."""
        if self.pool.fixed or self.mat is None or min(self.rules.hands[0] - 1,
                                                      self.rules.singles) <= 0:
            return
        for o in self.offsets:
            starts = [lit for c in o.open_spaces for lit in self.single[c].values()]
            self.model.AddBoolOr(starts).OnlyEnforceIf(o.lit)

    def single_count(self, token: str) -> cp_model.LinearExprT:
        return sum(self.single[c][token] for c in self.cells if token in self.single[c])

    def duplex_count(self, token: str) -> cp_model.LinearExprT:
        return sum(self.duplex.get(token, {}).values())

    def singles_used(self) -> cp_model.LinearExprT:
        return sum(lit for c in self.cells for lit in self.single[c].values())

    def duplexes_used(self) -> cp_model.LinearExprT:
        return sum(lit for per in self.duplex.values() for lit in per.values())

    def fixed_count(self, token: str) -> int:
        """Buildings of ``token`` the fixed tiles put in the city (the same at every offset)."""
        return sum(b.token == token for p in self.pool.fixed for b in p.buildings)

    def count(self, tokens: Iterable[str]) -> cp_model.LinearExprT:
        """How many buildings of the given tokens the city holds."""
        wanted = set(tokens)
        return sum(lit for c in self.cells for t, lits in self.kind[c].items() if t in wanted
                   for lit in lits)

    def tokens_of_type(self, t: str) -> list[str]:
        return sorted(tok for tok, b in self.building_of.items() if b.type == t)

    def count_type(self, t: str) -> cp_model.LinearExprT:
        return self.count(self.tokens_of_type(t))

    def total(self, tokens: Iterable[str]) -> cp_model.LinearExprT | int:
        """``count(tokens)``, as a plain number when the pool fixes it (every tile is used)."""
        wanted = set(tokens)
        if self.uses_all:
            return sum(b.token in wanted for b in self.pool.buildings)
        return self.count(wanted)

    def total_type(self, t: str) -> cp_model.LinearExprT | int:
        return self.total(self.tokens_of_type(t))

    def total_type_set(self, types: Iterable[str]) -> cp_model.LinearExprT | int:
        """``total_type`` over several types at once."""
        return self.total([tok for t in sorted(types) for tok in self.tokens_of_type(t)])

    def max_count_type(self, t: str) -> int:
        """An upper bound on the buildings of type ``t`` (the pool's supply plus fixed)."""
        singles = sum(b.type == t for b in self.pool.singles)
        halves = sum((d.first.type == t) + (d.second.type == t) for d in self.pool.duplexes)
        fixed = sum(b.type == t for p in self.pool.fixed for b in p.buildings)
        return min(singles + halves + fixed, self.size * self.size)

    def has(self, cell: Coord, tokens: Sequence[str]) -> Literal | None:
        """A literal true exactly when ``cell`` holds one of ``tokens`` (None: never)."""
        lits = [lit for t in tokens for lit in self.kind[cell].get(t, [])]
        if not lits:
            return None
        if len(lits) == 1:
            return lits[0]
        var = self.model.NewBoolVar(f"{self.name}_has_{'_'.join(tokens)}_{cell[0]}_{cell[1]}")
        self.model.Add(var == sum(lits))
        return var

    def is_type(self, cell: Coord, t: str) -> Literal | None:
        key = (cell, t)
        if key not in self._type_cache:
            self._type_cache[key] = self.has(cell, self.tokens_of_type(t))
        return self._type_cache[key]

    def is_any(self, cell: Coord, types: Iterable[str]) -> Literal | None:
        lits = [x for t in sorted(types) if (x := self.is_type(cell, t)) is not None]
        if not lits:
            return None
        if len(lits) == 1:
            return lits[0]
        var = self.model.NewBoolVar(f"{self.name}_any_{cell[0]}_{cell[1]}")
        self.model.Add(var == sum(lits))
        return var

    # --- adjacency ---------------------------------------------------------------------

    def _edges(self) -> None:
        """Edge-sharing cells, plus bridges (true only when the mat lies where they are)."""
        never = frozenset(c for c in self.cells if self.never_built(c))
        self.edges: list[Edge] = self.plain_edges(never)
        by_pair: dict[tuple[Coord, Coord], list[Literal]] = defaultdict(list)
        for o in self.offsets:
            for a, b in o.bridges:
                by_pair[(min(a, b), max(a, b))].append(o.lit)
        for (a, b), lits in sorted(by_pair.items()):
            self.edges.append((a, b, self.bool_or(lits, f"bridge_{a}_{b}")))
        self.neighbours: dict[Coord, list[tuple[Coord, Literal | None]]] = defaultdict(list)
        for a, b, lit in self.edges:
            self.neighbours[a].append((b, lit))
            self.neighbours[b].append((a, lit))

    def bool_or(self, lits: Sequence[Literal], name: str = "or") -> Literal:
        """A literal equal to the disjunction of ``lits``."""
        if len(lits) == 1:
            return lits[0]
        var = self.model.NewBoolVar(f"{self.name}_{name}")
        self.model.AddMaxEquality(var, list(lits))
        return var

    def bool_and(self, lits: Sequence[Literal], name: str = "and") -> Literal:
        """A literal equal to the conjunction of ``lits``."""
        if len(lits) == 1:
            return lits[0]
        var = self.model.NewBoolVar(f"{self.name}_{name}")
        self.model.AddMinEquality(var, list(lits))
        return var

    def next_to(self, cell: Coord, t: str) -> Literal | None:
        """A literal true exactly when a neighbour of ``cell`` holds a building of type ``t``."""
        key = (cell, t)
        if key not in self._adj_cache:
            terms = []
            for other, edge in self.neighbours[cell]:
                lit = self.is_type(other, t)
                if lit is not None:
                    terms.append(lit if edge is None else self.bool_and([lit, edge]))
            self._adj_cache[key] = self.bool_or(terms, f"next_{t}_{cell}") if terms else None
        return self._adj_cache[key]
