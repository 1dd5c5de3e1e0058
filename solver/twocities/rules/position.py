"""A city in progress, in mat coordinates.

The mat's top-left cell is (0, 0); tiles beside the mat have negative or larger coordinates,
because the city's square is not fixed until the city fills it.  What the city will still
receive follows from what it holds and the round of its next placement: the rest of round 1's
singles, then the duplexes of round 2, then round 3's singles (standard 8 / 2 / 8, beginner
6 / 2 / 6).

File contract (extra keys allowed)::

    {"edition": "essential", "variant": "standard",
     "mat": "<mat id>"  or  {"grid": [...], "bridges": [...]},
     "round": 1,
     "placed": [{"tile": "F", "at": [0, 1]}, {"tile": "F|O", "at": [-1, 2]}],
     "revealed": ["P/H"]}

>>> p = Position.start(load_ruleset(), load_components().mat("river-bend"))
>>> p.remaining()
(8, 2, 8)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from solver.common.errors import CitiesError
from solver.common.fields import game_field
from solver.common.regions import regions
from solver.twocities.game.city import City
from solver.twocities.game.components import Components, Coord, Mat, load_components
from solver.twocities.game.geometry import bridge_ends, neighbours
from solver.twocities.game.pool import (
    Placement,
    check_mat_module,
    mat_from_json,
    mat_json,
    placements_from_json,
    tile_from_json,
)
from solver.twocities.game.rulesets import Ruleset, load_ruleset
from solver.twocities.game.tiles import LANDSCAPE, Building, Duplex, cell_token


def round_one_singles(rules: Ruleset) -> int:
    """Singles a city gets in round 1: two builders, one tile each per turn, hand minus the
    discarded last tile (standard 9 -> 8, beginner 7 -> 6), and never more than the city takes."""
    return min(rules.hands[0] - 1, rules.singles)


@dataclass(frozen=True)
class Position:
    """A city in progress: rules, mat, tiles placed (in order), next round, revealed duplexes."""

    rules: Ruleset
    mat: Mat | None
    placed: tuple[Placement, ...] = ()
    round: int = 1
    revealed: tuple[Duplex, ...] = ()
    reveal_mode: str = ""  # "together" or "one-at-a-time" ("": the variant's default)

    @classmethod
    def start(cls, rules: Ruleset, mat: Mat | None, reveal_mode: str = "") -> Position:
        return cls(rules, mat, reveal_mode=reveal_mode)

    @property
    def duplexes_revealed(self) -> str:
        """How this city's round-2 duplexes arrive: both revealed before either is placed
        ("together", the 3-7 player game) or each placed before the next is revealed
        ("one-at-a-time": two-player-standard's rounds 2a/2b, Jamey's cities)."""
        return self.reveal_mode or default_reveal(self.rules)

    # --- what the city holds and will still receive ---------------------------------------

    @property
    def size(self) -> int:
        return self.rules.size

    @cached_property
    def singles_placed(self) -> int:
        return sum(not isinstance(p.tile, Duplex) for p in self.placed)

    @cached_property
    def duplexes_placed(self) -> int:
        return sum(isinstance(p.tile, Duplex) for p in self.placed)

    def remaining(self) -> tuple[int, int, int]:
        """(round-1 singles, duplexes, round-3 singles) still to come."""
        return self._remaining

    @cached_property
    def _remaining(self) -> tuple[int, int, int]:
        return _remaining(self.rules, self.singles_placed, self.duplexes_placed)

    @property
    def finished(self) -> bool:
        return self.remaining() == (0, 0, 0)

    def next_kind(self) -> str:
        """'single' or 'duplex': what the next placement must be ('none' when finished)."""
        a, d, b = self.remaining()
        if a:
            return "single"
        if d:
            return "duplex"
        return "single" if b else "none"

    @cached_property
    def occupied(self) -> dict[Coord, Building]:
        """Every built cell and its building."""
        out: dict[Coord, Building] = {}
        for p in self.placed:
            for cell, b in zip(p.cells, p.buildings, strict=True):
                out[cell] = b
        return out

    @cached_property
    def landscape(self) -> frozenset[Coord]:
        return frozenset(self.mat.landscape) if self.mat else frozenset()

    @cached_property
    def bridge_ends(self) -> dict[Coord, tuple[Coord, ...]]:
        return bridge_ends(self.mat.bridges if self.mat else ())

    def neighbours(self, cell: Coord) -> list[Coord]:
        """Edge-sharing cells plus the far end of any bridge (mat coordinates, unbounded)."""
        return neighbours(cell, self.bridge_ends)

    @cached_property
    def frontier(self) -> frozenset[Coord]:
        """Every cell next to a placed tile (edges and bridges), built or not."""
        return frozenset(n for cell in self.occupied for n in self.neighbours(cell))

    def touches_city(self, cells: tuple[Coord, ...]) -> bool:
        return any(cell in self.frontier for cell in cells)

    # --- changes ----------------------------------------------------------------------------

    def play(self, placement: Placement) -> Position:
        """The position after ``placement`` (no legality check: see ``legality.check``)."""
        revealed = list(self.revealed)
        duplex = isinstance(placement.tile, Duplex)
        if duplex and placement.tile in revealed:
            revealed.remove(placement.tile)
        singles, duplexes = self.singles_placed + (not duplex), self.duplexes_placed + duplex
        left = _remaining(self.rules, singles, duplexes)
        nxt = replace(self, placed=(*self.placed, placement), revealed=tuple(revealed),
                      round=1 if left[0] else 2 if left[1] else 3)
        # Searches play thousands of positions: hand the derived tables on instead of
        # rebuilding them (cached_property keeps its value in the instance's __dict__).
        occupied = dict(self.occupied)
        occupied.update(zip(placement.cells, placement.buildings, strict=True))
        frontier = self.frontier.union(*(self.neighbours(c) for c in placement.cells))
        nxt.__dict__.update(occupied=occupied, frontier=frontier, landscape=self.landscape,
                            bridge_ends=self.bridge_ends, singles_placed=singles,
                            duplexes_placed=duplexes, _remaining=left)
        return nxt

    def reveal(self, duplexes: tuple[Duplex, ...]) -> Position:
        return replace(self, revealed=(*self.revealed, *duplexes))

    # --- views ------------------------------------------------------------------------------

    def bounds(self) -> tuple[int, int, int, int]:
        """(top, left, bottom, right) of the mat and every placed cell, inclusive."""
        cells = list(self.occupied)
        if self.mat:
            cells += [(0, 0), (self.mat.height - 1, self.mat.width - 1)]
        if not cells:
            return (0, 0, -1, -1)
        rows = [r for r, _ in cells]
        cols = [c for _, c in cells]
        return min(rows), min(cols), max(rows), max(cols)

    def to_city(self, edition: str | None = None) -> City:
        """The city so far as a square grid around its bounding box (for scoring and showing)."""
        top, left, bottom, right = self.bounds()
        n = max(1, bottom - top + 1, right - left + 1)
        grid: list[list[Any]] = [[None] * n for _ in range(n)]
        for r, c in self.landscape:
            grid[r - top][c - left] = LANDSCAPE
        for (r, c), b in self.occupied.items():
            grid[r - top][c - left] = b
        bridges = tuple(((a[0] - top, a[1] - left), (b[0] - top, b[1] - left))
                        for a, b in (self.mat.bridges if self.mat else ()))
        return City(tuple(tuple(row) for row in grid), bridges,
                    edition=edition or self.rules.edition)

    def rows(self) -> list[str]:
        """The city so far as notation rows (mat coordinates shifted to the bounding box)."""
        return [" ".join(cell_token(x) for x in row) for row in self.to_city().grid]

    def notation(self) -> str:
        """One line, like a chess FEN: edition, variant, mat (``-``: none), the round of the
        next placement, the placements in order, then ``; revealed`` duplexes and ``; reveal``
        mode when there are any.  A mat given inline (not from the box) has no notation.

        >>> from solver.twocities.game.components import load_components
        >>> p = Position.from_notation("essential standard river-bend 1 F@0,2 S@2,2")
        >>> p.notation()
        'essential standard river-bend 1 F@0,2 S@2,2'
        >>> p
        Position.from_notation('essential standard river-bend 1 F@0,2 S@2,2')
        """
        if self.mat is not None and self.mat.source == "given":
            raise CitiesError("a mat given inline has no notation: write the position as JSON")
        mat = self.mat.id if self.mat is not None else "-"
        words = [self.rules.edition, self.rules.variant, mat, str(self.round),
                 *(p.notation() for p in self.placed)]
        if self.revealed:
            words += [";", "revealed", *(d.token for d in self.revealed)]
        if self.reveal_mode:
            words += [";", "reveal", self.reveal_mode]
        return " ".join(words)

    @classmethod
    def from_notation(cls, text: str, components: Components | None = None) -> Position:
        """Parse ``notation()``'s form; the same checks as a city-in-progress file."""
        comps = components or load_components()
        head, *tails = text.split(";")
        words = head.split()
        if len(words) < 4:
            raise CitiesError("expected EDITION VARIANT MAT ROUND PLACEMENTS... "
                              "(e.g. 'essential standard lake 1 F@0,2')", field="position")
        edition, variant, mat, rnd = words[:4]
        data: dict[str, Any] = {"edition": edition, "variant": variant,
                                "round": int(rnd) if rnd.isdigit() else rnd, "placed": []}
        if mat != "-":
            data["mat"] = mat
        for word in words[4:]:
            p = Placement.from_notation(word, comps.civics)
            data["placed"].append(p.to_json())
        for tail in tails:
            key, *values = tail.split()
            if key == "revealed":
                data["revealed"] = values
            elif key == "reveal" and len(values) == 1:
                data["reveal"] = values[0]
            else:
                raise CitiesError(f"unknown part {tail.strip()[:40]!r} (expected '; revealed "
                                  "D1 D2' or '; reveal MODE')", field="position")
        return position_from_json(data, comps)

    def __repr__(self) -> str:
        try:
            return f"Position.from_notation({self.notation()!r})"
        except CitiesError:
            return f"Position(<{self.rules.variant}, {len(self.placed)} placed, inline mat>)"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"edition": self.rules.edition, "variant": self.rules.variant}
        if self.mat is not None:
            out["mat"] = mat_json(self.mat)
        out["round"] = self.round
        out["placed"] = [p.to_json() for p in self.placed]
        if self.revealed:
            out["revealed"] = [d.token for d in self.revealed]
        if self.reveal_mode and self.reveal_mode != default_reveal(self.rules):
            out["reveal"] = self.reveal_mode
        return out


def default_reveal(rules: Ruleset) -> str:
    return rules.reveal


def _remaining(rules: Ruleset, singles: int, duplexes: int) -> tuple[int, int, int]:
    """(round-1 singles, duplexes, round-3 singles) still to come after these placements."""
    r1 = round_one_singles(rules)
    r3 = rules.singles - r1
    return max(0, r1 - singles), rules.duplexes - duplexes, r3 - max(0, singles - r1)


def _round_after(p: Position) -> int:
    a, d, b = p.remaining()
    if a:
        return 1
    if d:
        return 2
    return 3


# --- reading a position file ------------------------------------------------------------------


def position_from_json(data: Any, components: Components | None = None) -> Position:
    """A Position from a city-in-progress object; any impossibility is a one-line CitiesError."""
    comps = components or load_components()
    if not isinstance(data, dict):
        raise CitiesError("expected a JSON object with mat, round and placed")
    game_field(data, None)
    rules = load_ruleset(str(data.get("edition", "essential")),
                         str(data.get("variant", "standard")))
    mat = mat_from_json(data["mat"], comps, "mat") if "mat" in data else None
    check_mat_module(rules, mat is not None)
    rnd = data.get("round", 1)
    if type(rnd) is not int or rnd not in (1, 2, 3):
        raise CitiesError("expected 1, 2 or 3 (the round of the next placement)", field="round")
    placed = placements_from_json(data.get("placed", []), comps, rules, "placed")
    raw_rev = data.get("revealed", [])
    if not isinstance(raw_rev, list):
        raise CitiesError("expected a list of duplex tokens", field="revealed")
    revealed = []
    for i, tok in enumerate(raw_rev):
        tile = tile_from_json(tok, comps, rules, f"revealed[{i}]")
        if not isinstance(tile, Duplex):
            raise CitiesError(f"{tok!r} is not a duplex", field=f"revealed[{i}]")
        revealed.append(tile)
    reveal = data.get("reveal", "")
    if reveal not in ("", "together", "one-at-a-time"):
        raise CitiesError("expected \"together\" or \"one-at-a-time\"", field="reveal")
    if reveal == default_reveal(rules):
        reveal = ""
    pos = Position(rules, mat, tuple(placed), rnd, tuple(revealed), reveal)
    validate(pos)
    return pos


def validate(pos: Position) -> None:
    """Reject a position no game can reach: overlaps, landscape, counts, shape, connection."""
    rules, mat = pos.rules, pos.mat
    seen: dict[Coord, int] = {}
    for i, p in enumerate(pos.placed):
        for cell in p.cells:
            if cell in pos.landscape:
                raise CitiesError(f"{p.tile.token} at {list(p.at)} covers a landscape space",
                                  field=f"placed[{i}]")
            if cell in seen:
                raise CitiesError(f"{p.tile.token} at {list(p.at)} overlaps placed[{seen[cell]}]",
                                  field=f"placed[{i}]")
            seen[cell] = i
    r1 = round_one_singles(rules)
    s, d = pos.singles_placed, pos.duplexes_placed
    if s > rules.singles or d > rules.duplexes:
        raise CitiesError(f"{s} singles and {d} duplexes: a {rules.variant} city holds "
                          f"{rules.singles} and {rules.duplexes}", field="placed")
    if d and s < r1:
        raise CitiesError(f"a duplex comes in round 2, after the {r1} singles of round 1",
                          field="placed")
    expected = _round_after(pos)
    if pos.round != expected and not (pos.finished and pos.round == 3):
        need = {1: f"fewer than {r1} singles and no duplex",
                2: f"exactly {r1} singles and fewer than {rules.duplexes} duplexes",
                3: f"at least {r1} singles and all {rules.duplexes} duplexes"}[pos.round]
        raise CitiesError(f"round {pos.round} needs {need}, but the city holds {s} singles and "
                          f"{d} duplexes", field="round")
    if pos.revealed and pos.round != 2:
        raise CitiesError("duplexes are revealed only in round 2", field="revealed")
    if len(pos.revealed) > rules.duplexes - d:
        raise CitiesError(f"{len(pos.revealed)} revealed duplexes but the city takes only "
                          f"{rules.duplexes - d} more", field="revealed")
    top, left, bottom, right = pos.bounds()
    if bottom - top + 1 > rules.size or right - left + 1 > rules.size:
        what = "the mat and its tiles" if mat else "the tiles"
        raise CitiesError(f"{what} span {bottom - top + 1}x{right - left + 1}, bigger than the "
                          f"{rules.size}x{rules.size} square", field="placed")
    _check_connected(pos)


def _check_connected(pos: Position) -> None:
    occ = pos.occupied
    if not occ:
        return
    if pos.mat is not None and not any(cell in occ for cell in pos.mat.open_spaces):
        raise CitiesError("no tile is on the landscape mat (the first tile goes on an open "
                          "space of the mat)", field="placed")
    parts = regions(occ, pos.neighbours)
    if len(parts) > 1:
        lost = min(set(occ) - set(parts[0]))
        raise CitiesError(f"the tile at {list(lost)} does not touch the rest of the city",
                          field="placed")
