"""May this tile go there?  The placement rules of docs/rulings.md ("Placement"), in order:

1. the right kind of tile for the round (singles in rounds 1 and 3, duplexes in round 2);
2. nothing overlaps, nothing covers landscape;
3. the first tile goes on an open space of the mat (beginner: anywhere), every later tile
   (a duplex: one half) touches the city, bridges included;
4. the mat and every tile fit one size x size square;
5. some continuation still completes that square with exactly the pieces to come, in round
   order, for every orientation of the duplexes not yet revealed (``safe``, the default) or for
   at least one (``permissive``, the ruleset option ``duplex_orientation``).

>>> from solver.twocities.game.components import load_components
>>> from solver.twocities.game.rulesets import load_ruleset
>>> from solver.twocities.game.tiles import parse_tile
>>> p = Position.start(load_ruleset(), load_components().mat("river-bend"))
>>> check(p, parse_tile("F"), (0, 0)).reason
'covers a landscape space'
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.twocities.game.components import Coord
from solver.twocities.game.pool import Placement
from solver.twocities.game.tiles import Building, Duplex, Tile
from solver.twocities.rules.position import Position
from solver.twocities.rules.squares import feasible, orientation_cases, windows

SAFE, PERMISSIVE = "safe", "permissive"
_ANY = Building("factory")  # types never matter for legality, only counts and orientation


@dataclass(frozen=True)
class Verdict:
    """A placement's legality: ``rule`` names the rule that decided, ``reason`` says it plainly."""

    legal: bool
    reason: str
    rule: str

    def to_json(self) -> dict[str, object]:
        return {"legal": self.legal, "reason": self.reason, "rule": self.rule}


def _no(reason: str, rule: str) -> Verdict:
    return Verdict(False, reason, rule)


def describe(case: tuple[bool, ...], revealed: tuple[Duplex, ...]) -> str:
    """'two horizontal duplexes', 'a horizontal and a vertical duplex', 'the duplex F|O', ..."""
    if revealed and len(revealed) >= len(case):
        names = " and ".join(d.token for d in revealed[:len(case)])
        return f"the revealed duplex{'es' if len(case) > 1 else ''} {names}"
    word = {True: "horizontal", False: "vertical"}
    if len(case) == 1:
        return f"a {word[case[0]]} duplex"
    if case[0] == case[1]:
        return f"two {word[case[0]]} duplexes"
    return "a horizontal and a vertical duplex"


def check(pos: Position, tile: Tile, at: Coord, reading: str | None = None) -> Verdict:
    """Is ``tile`` with its (top-left) first half at ``at`` a legal placement in ``pos``?"""
    reading = reading or pos.rules.option("duplex_orientation")
    basic = check_basic(pos, tile, at)
    if basic is not None:
        return basic
    return look_ahead(pos, Placement(tile, at), reading)


def check_basic(pos: Position, tile: Tile, at: Coord) -> Verdict | None:
    """Rules 1-3 (kind, overlap, landscape, touching); None when they all hold."""
    kind = pos.next_kind()
    if kind == "none":
        return _no("the city is complete: it takes no more tiles", "complete")
    is_duplex = isinstance(tile, Duplex)
    if kind == "duplex" and not is_duplex:
        return _no("round 2 places duplexes, not single tiles", "round")
    if kind == "single" and is_duplex:
        return _no(f"round {pos.round} places single tiles; duplexes come in round 2", "round")
    if is_duplex and pos.revealed and tile not in pos.revealed and \
            len(pos.revealed) >= pos.remaining()[1]:
        names = ", ".join(d.token for d in pos.revealed)
        return _no(f"{tile.token} is not among this city's revealed duplexes ({names})",
                   "revealed")
    cells = Placement(tile, at).cells
    for cell in cells:
        if cell in pos.landscape:
            return _no("covers a landscape space", "landscape")
        if cell in pos.occupied:
            return _no(f"overlaps the tile already at {list(cell)}", "overlap")
    if not pos.occupied:
        if pos.mat is not None and not any(c in set(pos.mat.open_spaces) for c in cells):
            return _no("the first tile of a city goes on an open space of the landscape mat",
                       "first-on-mat")
        return None
    if not pos.touches_city(cells):
        return _no("must touch the city (share an edge or a bridge with a placed tile)",
                   "touch")
    return None


def look_ahead(pos: Position, placement: Placement, reading: str) -> Verdict:
    """Rules 4-5: the square still fits and can still be completed in round order."""
    n = pos.size
    cells = list(pos.occupied) + list(placement.cells)
    wins = windows(pos, cells)
    square = f"{n}x{n} square"
    if not wins:
        where = f"outside any {square} that holds the mat" if pos.mat is not None \
            else f"makes the city wider or taller than a {square}"
        return _no(where, "square")
    if not any(w.connected for w in wins):
        return _no(f"every {square} that holds it has building spaces cut off from the city "
                   "(no tile could ever reach them)", "cut-off")
    after = pos.play(placement)
    a, d, _ = after.remaining()
    cases = orientation_cases(pos, d, after.revealed)
    masks = [(w, sum(w.bit(r, c) for r, c in cells)) for w in wins if w.connected]
    failures: list[tuple[tuple[bool, ...], str]] = []
    for case in cases:
        worst = "room"
        for w, city in masks:
            status = feasible(w.id, city, a, case)
            if status == "ok":
                worst = "ok"
                break
            if status == "reach":
                worst = "reach"
        if worst != "ok":
            failures.append((case, worst))
    if not failures and a == 0 and d == 2 and after.duplexes_revealed == "one-at-a-time":
        failures = _one_at_a_time(after)
        cases = [(h,) for h in _first_orientations(after)]
    if not failures or (reading == PERMISSIVE and len(failures) < len(cases)):
        note = "" if not failures else \
            f" (permissive reading: not for {describe(failures[0][0], after.revealed)})"
        return Verdict(True, "legal" + note, "legal")
    case, status = failures[0]
    what = describe(case, after.revealed)
    if status == "one-at-a-time":
        return _no(f"leaves no place for {what} in round 2 that keeps room for the next "
                   "duplex in either orientation (this city's duplexes come one at a time)",
                   "dead-end")
    if status == "room":
        return _no(f"leaves no room for {what} in round 2", "dead-end")
    if a:
        tiles = f"{a} round-1 tile{'s' if a > 1 else ''}"
        return _no(f"leaves no way to link {what} to the city with the {tiles} still to come",
                   "dead-end")
    return _no(f"leaves no place next to the city for {what}", "dead-end")


def _first_orientations(pos: Position) -> tuple[bool, ...]:
    return (pos.revealed[0].horizontal,) if pos.revealed else (True, False)


def _one_at_a_time(pos: Position) -> list[tuple[tuple[bool, ...], str]]:
    """Round 2 when a city's duplexes are revealed one at a time: for each orientation of the
    next duplex, some position for it must leave room for either orientation of the last one.
    (Both duplexes revealed together need only the per-combination search.)"""
    failures: list[tuple[tuple[bool, ...], str]] = []
    for horizontal in _first_orientations(pos):
        probe = Duplex(_ANY, _ANY, horizontal)
        if not any(check_basic(pos, probe, at) is None
                   and look_ahead(pos, Placement(probe, at), SAFE).legal
                   for at in candidates(pos, probe)):
            failures.append(((horizontal,), "one-at-a-time"))
    return failures


def candidates(pos: Position, tile: Tile) -> list[Coord]:
    """Positions worth checking: every anchor that puts a cell of the tile next to the city
    (the first tile: on the mat's open spaces)."""
    offs = [(0, 0)]
    if isinstance(tile, Duplex):
        offs.append(tile.offset)
    if not pos.occupied:
        targets = list(pos.mat.open_spaces) if pos.mat is not None else [(0, 0)]
    else:
        targets = sorted({nb for cell in pos.occupied for nb in pos.neighbours(cell)
                          if nb not in pos.occupied and nb not in pos.landscape})
    return sorted({(r - dr, c - dc) for r, c in targets for dr, dc in offs})

