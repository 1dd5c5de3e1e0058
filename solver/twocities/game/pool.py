"""Pool files: the tiles a city may be built from, its mat, rivals and tiles already placed.

Contract (extra keys allowed)::

    {"edition": "essential", "variant": "standard",
     "mat": "<mat id>"  or  {"grid": ["~ ~ .", ...], "bridges": [[[0, 2], [2, 2]]]},
     "mats": [A, B],                      # instead of "mat", for two cities (--pair)
     "tiles": ["F", "S", "Tm", "C+PH-T", "F|O", "Tf/F", ...],
     "context": {... as in the city file ...},
     "fixed": [{"tile": "P", "at": [2, 3]}, ...],
     "modules": {"civics": false}}        # optional: switch Capitals modules off or on

``fixed`` tiles are already in the city (mat coordinates, a duplex by its top-left half) and
come on top of ``tiles``: the city is the fixed tiles plus a choice from ``tiles`` that makes
exactly the variant's singles and duplexes (standard 16 + 2, beginner 12 + 2).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from solver.common.errors import CitiesError
from solver.common.fields import game_field, load_file
from solver.twocities.game.city import Context, parse_context
from solver.twocities.game.components import Components, Coord, Mat, load_components, parse_mat
from solver.twocities.game.rulesets import Ruleset, load_ruleset
from solver.twocities.game.tiles import (
    Building,
    Civic,
    Duplex,
    Tile,
    buildings_of,
    cell_token,
    parse_tile,
)
from solver.twocities.game.vocab import CIVIC


@dataclass(frozen=True)
class Placement:
    """A tile at a position: ``at`` is the cell of its (top-left) first half; a duplex's
    second half lies as printed (right of a horizontal one, below a vertical one).

    Its text form is ``TOKEN@R,C``:

    >>> p = Placement.from_notation("F|O@1,-1")
    >>> p.cells, p.notation()
    (((1, -1), (1, 0)), 'F|O@1,-1')
    >>> Placement.from_cells(parse_tile("P/H"), [(0, 0), (0, 1)])
    Traceback (most recent call last):
    solver.common.errors.CitiesError: P/H on [[0, 0], [0, 1]] is not as printed (P/H is vertical)
    """

    tile: Tile
    at: Coord

    @classmethod
    def from_cells(cls, tile: Tile, cells: Sequence[Sequence[int]]) -> Placement:
        """The placement of ``tile`` on ``cells``, which must be the cells it covers."""
        at = tuple(cells[0]) if cells else None
        placed = cls(tile, at) if at is not None and len(at) == 2 else None  # type: ignore[arg-type]
        if placed is None or [list(c) for c in placed.cells] != [list(c) for c in cells]:
            shape = ""
            if isinstance(tile, Duplex):
                shape = f" ({tile.token} is {'horizontal' if tile.horizontal else 'vertical'})"
            raise CitiesError(f"{tile.token} on {[list(c) for c in cells]} is not as printed"
                              + shape)
        return placed

    @classmethod
    def from_notation(cls, text: str, civics: Mapping[str, Civic] | None = None) -> Placement:
        """Parse ``TOKEN@R,C``."""
        token, at_sign, where = text.rpartition("@")
        try:
            r, c = (int(v) for v in where.split(","))
        except ValueError:
            at_sign = ""
        if not at_sign:
            raise CitiesError(f"bad placement {text[:40]!r} (expected TOKEN@R,C such as F|O@1,2)")
        return cls(parse_tile(token, civics), (r, c))

    def notation(self) -> str:
        return f"{self.tile.token}@{self.at[0]},{self.at[1]}"

    @property
    def cells(self) -> tuple[Coord, ...]:
        if isinstance(self.tile, Duplex):
            dr, dc = self.tile.offset
            return (self.at, (self.at[0] + dr, self.at[1] + dc))
        return (self.at,)

    @property
    def buildings(self) -> tuple[Building, ...]:
        return buildings_of(self.tile)

    def to_json(self) -> dict[str, Any]:
        return {"tile": self.tile.token, "at": list(self.at)}

    def cells_json(self) -> dict[str, Any]:
        """The form a solver's answer lists: the tile and every cell it covers."""
        return {"tile": self.tile.token, "cells": [list(c) for c in self.cells]}


@dataclass(frozen=True)
class Pool:
    """What a city (or a pair of cities) may be built from.

    >>> pool = pool_from_json({"mat": "river-bend", "tiles": ["F"] * 16 + ["F|O", "P/H"]})
    >>> pool.to_choose()
    (16, 2)
    """

    rules: Ruleset
    mats: tuple[Mat, ...]
    tiles: tuple[Tile, ...]
    context: Context = Context()
    fixed: tuple[Placement, ...] = ()

    @property
    def mat(self) -> Mat | None:
        return self.mats[0] if self.mats else None

    @property
    def singles(self) -> tuple[Building, ...]:
        return tuple(t for t in self.tiles if isinstance(t, Building))

    @property
    def duplexes(self) -> tuple[Duplex, ...]:
        return tuple(t for t in self.tiles if isinstance(t, Duplex))

    @property
    def buildings(self) -> tuple[Building, ...]:
        """Every building the pool's tiles and fixed tiles hold (both halves of a duplex)."""
        return tuple(b for t in (*self.tiles, *(p.tile for p in self.fixed))
                     for b in buildings_of(t))

    @property
    def cities(self) -> int:
        return max(1, len(self.mats))

    def to_choose(self) -> tuple[int, int]:
        """How many singles and duplexes the city still takes from ``tiles`` (all cities)."""
        fixed_d = sum(isinstance(p.tile, Duplex) for p in self.fixed)
        fixed_s = len(self.fixed) - fixed_d
        n = self.cities
        return n * self.rules.singles - fixed_s, n * self.rules.duplexes - fixed_d

    @property
    def uses_all(self) -> bool:
        """The cities take every tile of the pool: nothing is left to choose."""
        return (len(self.singles), len(self.duplexes)) == self.to_choose()

    def counts(self) -> Counter[str]:
        """The pool's tiles as token counts."""
        return Counter(t.token for t in self.tiles)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"edition": self.rules.edition, "variant": self.rules.variant}
        defaults = load_ruleset(self.rules.edition, self.rules.variant).modules
        if self.rules.modules != defaults:
            out["modules"] = dict(self.rules.modules)
        if len(self.mats) == 1:
            out["mat"] = mat_json(self.mats[0])
        elif self.mats:
            out["mats"] = [mat_json(m) for m in self.mats]
        out["tiles"] = [t.token for t in self.tiles]
        if self.context != Context():
            out["context"] = self.context.to_json()
        if self.fixed:
            out["fixed"] = [p.to_json() for p in self.fixed]
        return out


def mat_json(mat: Mat) -> Any:
    """A mat as a file names it: its id, or its grid and bridges when it is not in the box."""
    if mat.source != "given":
        return mat.id
    return {"grid": [" ".join(cell_token(x) for x in row) for row in mat.grid],
            "bridges": [[list(a), list(b)] for a, b in mat.bridges]}


def mat_from_json(value: Any, components: Components, where: str = "mat") -> Mat:
    """A mat named by id (from the components file) or given inline as grid and bridges."""
    if isinstance(value, str):
        try:
            return components.mat(value)
        except CitiesError as err:
            raise err.located(field=where) from None
    mat = parse_mat(value, where)
    if len(mat.landscape) != 5 or mat.height > 5 or mat.width > 5:
        raise CitiesError("a landscape mat has 5 landscape spaces and fits a 5x5 square",
                          field=where)
    return mat


def pool_from_json(data: Any, components: Components | None = None) -> Pool:
    """A Pool from a pool file object; errors are CitiesErrors naming the field."""
    components = components or load_components()
    if not isinstance(data, dict):
        raise CitiesError("expected a JSON object with tiles")
    game_field(data, None)
    rules = load_ruleset(str(data.get("edition", "essential")),
                         str(data.get("variant", "standard")))
    modules = data.get("modules", {})
    if not isinstance(modules, dict) or not all(
            k in rules.modules and isinstance(v, bool) for k, v in modules.items()):
        raise CitiesError(f"expected an object of booleans for {', '.join(rules.modules)}",
                          field="modules")
    rules = rules.with_modules(**modules)
    if "mat" in data and "mats" in data:
        raise CitiesError("give either mat or mats, not both", field="mats")
    if "mats" in data:
        if not isinstance(data["mats"], list) or len(data["mats"]) != 2:
            raise CitiesError("expected two mats, one per city", field="mats")
        mats = tuple(mat_from_json(m, components, f"mats[{i}]") for i, m in enumerate(data["mats"]))
    elif "mat" in data:
        mats = (mat_from_json(data["mat"], components, "mat"),)
    else:
        mats = ()
    check_mat_module(rules, bool(mats))

    raw = data.get("tiles")
    if not isinstance(raw, list):
        raise CitiesError("expected a list of tile tokens", field="tiles")
    tiles = tuple(tile_from_json(t, components, rules, f"tiles[{i}]") for i, t in enumerate(raw))

    fixed = placements_from_json(data.get("fixed", []), components, rules, "fixed")
    pool = Pool(rules, mats, tiles, parse_context(data.get("context")), fixed)
    check_within_box(pool, components)
    singles, duplexes = pool.to_choose()
    have_s, have_d = len(pool.singles), len(pool.duplexes)
    if singles < 0 or duplexes < 0:
        raise CitiesError("more fixed tiles than the city holds", field="fixed")
    if have_s < singles or have_d < duplexes:
        raise CitiesError(
            f"{have_s} singles and {have_d} duplexes cannot fill the city: it still takes "
            f"{singles} singles and {duplexes} duplexes", field="tiles")
    return pool


def check_within_box(pool: Pool, components: Components) -> None:
    """Refuse a pool beyond the box: more singles, duplexes or buildings of a type than the
    whole box holds.  No game deals such a pool, and the solver's tables grow with it (a
    pool of 500 tiles spent minutes before the first solve; the box itself is solved within
    the time limit plus a few seconds)."""
    box_singles = components.single_pool(civics=pool.rules.modules["civics"])
    box_tiles: list[Tile] = [parse_tile(t, components.civics) for t, n in box_singles.items()
                             for _ in range(n)]
    box_tiles += list(components.duplexes)
    placed = [p.tile for p in pool.fixed]
    singles = len(pool.singles) + sum(isinstance(t, Building) for t in placed)
    duplexes = len(pool.duplexes) + sum(isinstance(t, Duplex) for t in placed)
    box_s, box_d = sum(box_singles.values()), len(components.duplexes)
    if singles > box_s or duplexes > box_d:
        raise CitiesError(f"{singles} singles and {duplexes} duplexes: more than the whole box "
                          f"holds ({box_s} singles, {box_d} duplexes)", field="tiles")
    have = Counter(b.type for b in pool.buildings)
    box = Counter(b.type for t in box_tiles for b in buildings_of(t))
    over = [f"{n} {t} buildings (the box holds {box[t]})" for t, n in sorted(have.items())
            if n > box[t]]
    if over:
        raise CitiesError(f"more than the whole box holds: {', '.join(over)}", field="tiles")


def check_mat_module(rules: Ruleset, has_mat: bool) -> None:
    """A variant with mats needs one; a variant without mats (beginner) takes none."""
    if rules.modules["mats"] and not has_mat:
        raise CitiesError(f"missing (a {rules.variant} city is built around a landscape mat)",
                          field="mat")
    if not rules.modules["mats"] and has_mat:
        raise CitiesError(f"the {rules.variant} variant uses no landscape mats", field="mat")


def placements_from_json(raw: Any, components: Components, rules: Ruleset,
                         where: str) -> tuple[Placement, ...]:
    """A list of ``{"tile": T, "at": [r, c]}`` objects."""
    if not isinstance(raw, list):
        raise CitiesError("expected a list of {\"tile\": T, \"at\": [r, c]}", field=where)
    out = []
    for i, item in enumerate(raw):
        field = f"{where}[{i}]"
        at = item.get("at") if isinstance(item, dict) else None
        if not (isinstance(at, list) and len(at) == 2 and all(type(v) is int for v in at)):
            raise CitiesError("expected {\"tile\": T, \"at\": [r, c]}", field=field)
        tile = tile_from_json(item.get("tile"), components, rules, f"{field}.tile")
        out.append(Placement(tile, (at[0], at[1])))
    return tuple(out)


def tile_from_json(token: Any, components: Components, rules: Ruleset, where: str) -> Tile:
    """One tile token, checked against the components and the modules in play."""
    if not isinstance(token, str):
        raise CitiesError("expected a tile token such as 'F', 'Tm', 'F|O' or 'P/H'", field=where)
    try:
        tile = parse_tile(token, components.civics)
    except CitiesError as err:
        raise err.located(field=where) from None
    if isinstance(tile, Building) and tile.type == CIVIC and not rules.modules["civics"]:
        raise CitiesError("civic tiles are switched off for this pool (variant or modules.civics)",
                          field=where)
    return tile


def load_pool(path: str | Path, components: Components | None = None) -> Pool:
    """Load a pool file (``-`` for stdin)."""
    return load_file(path, "pool file", lambda data: pool_from_json(data, components))
