"""Tiles, rotations, streets and bridges: the city's layout, and which spaces are adjacent.

Mirrors ``game/geometry.py``. The city fills its size: every place holds one tile.

Variables (each stated once):

- ``placed[(tile id, place, rotation)]``: that tile lies at that place in that rotation (only
  rotations that lay the tile differently are offered).
- ``kind[(space, k)]``: the space is printed as kind ``k`` (``water park black blue white
  yellow site truck``), and ``area[(space, a)]``: it belongs to area kind ``a``.
- ``street[(place, arm)]``: a printed street on that arm (an expression), ``bridge[(place,
  arm)]``: a bridge there, ``arm[(place, arm)]``: a street or a bridge.
- ``joined[(s, t)]``: two touching spaces are adjacent (no street or bridge between).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ortools.sat.python import cp_model

from solver.usa.cpsat.literals import Lit, equal_to
from solver.usa.game.city import Place, Space, place_of, quadrant_of, tile_spaces
from solver.usa.game.pool import Pool
from solver.usa.game.tiles import Tile
from solver.usa.game.vocab import (
    ARM_BETWEEN,
    ARM_STEP,
    ARMS,
    OPPOSITE,
    QUADRANTS,
    ROTATIONS,
    SPACE_KINDS,
)

AREA_KINDS = ("water", "park", "city")

Pair = tuple[Space, Space]


@dataclass
class CityModel:
    """The model and every variable the families of constraints share."""

    m: cp_model.CpModel
    pool: Pool
    places: list[Place]
    spaces: list[Space]
    placed: dict[tuple[str, Place, int], Lit] = field(default_factory=dict)
    kind: dict[tuple[Space, str], Lit] = field(default_factory=dict)
    area: dict[tuple[Space, str], Lit] = field(default_factory=dict)
    street: dict[tuple[Place, str], Any] = field(default_factory=dict)
    bridge: dict[tuple[Place, str], Lit] = field(default_factory=dict)
    arm: dict[tuple[Place, str], Lit] = field(default_factory=dict)
    joined: dict[Pair, Any] = field(default_factory=dict)  # a literal, or True across tiles
    feature: dict[tuple[Space, str], Lit] = field(default_factory=dict)
    building: dict[tuple[Space, str, int], Lit] = field(default_factory=dict)
    cache: dict[Any, Any] = field(default_factory=dict)  # literals built once, by key
    categories: dict[str, Any] = field(default_factory=dict)  # score expression by category

    @property
    def rules(self) -> dict[str, Any]:
        return self.pool.components.rules

    def touching(self, s: Space) -> list[Space]:
        """Spaces sharing an edge with ``s`` (as ``geometry.touching``)."""
        r, c = s
        rows, cols = 2 * self.pool.size[0], 2 * self.pool.size[1]
        out = [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))]
        return [(a, b) for a, b in out if 0 <= a < rows and 0 <= b < cols]

    def pairs(self) -> list[Pair]:
        """Every pair of touching spaces, once each (lower space first)."""
        return [(s, t) for s in self.spaces for t in self.touching(s) if s < t]

    def on_edge(self, s: Space) -> bool:
        return len(self.touching(s)) < 4


def rotations(tile: Tile) -> list[int]:
    """The rotations that lay a tile differently (a symmetric tile offers fewer)."""
    seen, out = set(), []
    for r in ROTATIONS:
        laid = tile.rotated(r)
        key = (laid.spaces, laid.streets)
        if key not in seen:
            seen.add(key)
            out.append(r)
    return out


def tiles_and_rotations(cm: CityModel) -> None:
    """One tile in every place, each tile at most once, the starting tile surely.

    A square city turned a quarter is the same city to score and to play, so the starting
    tile lies unturned (a longer city: unturned or a quarter turned).
    """
    m, comps = cm.m, cm.pool.components
    ids = [cm.pool.start, *cm.pool.tiles]
    square = cm.pool.size[0] == cm.pool.size[1]
    for tid in ids:
        tile = comps.tile(tid)
        turns = rotations(tile)
        if tid == cm.pool.start:
            turns = [r for r in turns if r in ((0,) if square else (0, 90))]
        for p in cm.places:
            for r in turns:
                cm.placed[tid, p, r] = m.NewBoolVar(f"placed[{tid},{p},{r}]")
        here = [v for (t, _, _), v in cm.placed.items() if t == tid]
        m.Add(sum(here) == 1) if tid == cm.pool.start else m.Add(sum(here) <= 1)
    for p in cm.places:
        m.AddExactlyOne(v for (_, q, _), v in cm.placed.items() if q == p)
    for s in cm.spaces:
        p, quadrant = place_of(s), quadrant_of(s)
        for k in SPACE_KINDS:
            lits = [v for (t, q, r), v in cm.placed.items()
                    if q == p and comps.tile(t).rotated(r).space(quadrant) == k]
            cm.kind[s, k] = equal_to(cm.m, sum(lits), f"kind[{s},{k}]")
        for a in AREA_KINDS:
            ks = [k for k in SPACE_KINDS if (k if k in ("water", "park") else "city") == a]
            cm.area[s, a] = equal_to(cm.m, sum(cm.kind[s, k] for k in ks), f"area[{s},{a}]")


def streets_and_bridges(cm: CityModel) -> None:
    """Bridges only on arms without a printed street, at most the pool's."""
    m, comps = cm.m, cm.pool.components
    for p in cm.places:
        for a in ARMS:
            cm.street[p, a] = sum(v for (t, q, r), v in cm.placed.items()
                                  if q == p and a in comps.tile(t).rotated(r).streets)
            cm.bridge[p, a] = m.NewBoolVar(f"bridge[{p},{a}]")
            m.Add(cm.street[p, a] + cm.bridge[p, a] <= 1)
            cm.arm[p, a] = equal_to(m, cm.street[p, a] + cm.bridge[p, a], f"arm[{p},{a}]")
    m.Add(sum(cm.bridge.values()) <= cm.pool.bridges)


def voluntary_bridges(cm: CityModel) -> None:
    """At most one voluntary bridge a turn, and a turn only after a city tile (the rules' turn
    order), as a relaxation every legal game meets; the order search settles the rest.

    A forced bridge fixes a dead end, so it faces an arm of the tile it meets. So a bridge at
    the city's edge is voluntary, and so is one facing no arm, and one of two bridges facing
    each other (the first was laid facing an empty place, then the second fixed the dead end
    that tile made). A bridge facing a printed street may be a forced one. The last two kinds
    face an empty place when laid: not in the last turn, when the city is whole.
    """
    m, turns = cm.m, len(cm.places) - 1
    edge, facing = [], []
    for p in cm.places:
        for a in ARMS:
            q = (p[0] + ARM_STEP[a][0], p[1] + ARM_STEP[a][1])
            if q not in cm.places:
                edge.append(cm.bridge[p, a])
            elif a in ("E", "S"):
                b = OPPOSITE[a]
                first = m.NewBoolVar(f"voluntary[{p},{a}]")
                m.Add(first >= cm.bridge[p, a] - cm.street[q, b])
                m.Add(first >= cm.bridge[q, b] - cm.street[p, a])
                facing.append(first)
    m.Add(sum(edge) + sum(facing) <= turns)
    if facing:
        m.Add(sum(facing) <= turns - 1)


def neighbours(cm: CityModel) -> None:
    """Touching spaces are adjacent unless an arm of their tile runs between them (a tile's
    edge is never a street)."""
    for s, t in cm.pairs():
        if place_of(s) != place_of(t):
            cm.joined[s, t] = True
            continue
        qs, qt = quadrant_of(s), quadrant_of(t)
        arm = next(a for a, between in ARM_BETWEEN.items() if set(between) == {qs, qt})
        cm.joined[s, t] = cm.arm[place_of(s), arm].Not()


def same_area(cm: CityModel, s: Space, t: Space) -> Any:
    """Touching spaces in one area: adjacent and of one area kind (a literal, built once)."""
    key = ("same_area", s, t)
    if key not in cm.cache:
        m = cm.m
        same = m.NewBoolVar(f"same_kind[{s},{t}]")
        for a in AREA_KINDS:
            m.AddBoolOr([cm.area[s, a].Not(), cm.area[t, a].Not(), same])
            m.Add(cm.area[s, a] == cm.area[t, a]).OnlyEnforceIf(same)
        joined = cm.joined[s, t]
        cm.cache[key] = same if joined is True else _and(m, same, joined, f"same_area[{s},{t}]")
    return cm.cache[key]


def _and(m: cp_model.CpModel, a: Lit, b: Lit, name: str) -> Lit:
    out = m.NewBoolVar(name)
    m.AddBoolOr([a.Not(), b.Not(), out])
    m.AddImplication(out, a)
    m.AddImplication(out, b)
    return out


def new_city_model(pool: Pool) -> CityModel:
    """The layout of a city filling the pool's size (tiles, rotations, bridges, adjacency)."""
    places = [(r, c) for r in range(pool.size[0]) for c in range(pool.size[1])]
    spaces = sorted(s for p in places for s in tile_spaces(p).values())
    cm = CityModel(cp_model.CpModel(), pool, places, spaces)
    tiles_and_rotations(cm)
    streets_and_bridges(cm)
    voluntary_bridges(cm)
    neighbours(cm)
    return cm


__all__ = ["AREA_KINDS", "QUADRANTS", "CityModel", "new_city_model", "rotations", "same_area"]
