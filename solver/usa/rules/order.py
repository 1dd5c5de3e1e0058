"""An order of play that builds a finished city, turn by turn as the rulebook plays them.

The starting tile is laid in the setup, which grants no bridge. Each turn after it lays one
city tile fully adjacent to the city, with the bridges that fix the dead ends this tile made
(all of them while bridges last; with too few, the player chooses which), then at most one
voluntary bridge on any tile laid, never one that makes a dead end. Nothing else places a
bridge.

Every step is judged by ``legality`` (the one owner of those rules); this module only
searches the turns, and names the first step they refuse when no order exists
(``first_refusal``). An order is a list of ``cities usa check`` actions: the starting tile,
then each city tile (its forced bridges inside the action), each followed by at most one
``bridge`` action, its turn's voluntary bridge.

The rulebook's scoring example keeps a dead end and builds no bridge: legal play makes it only
when the player holds no bridge (with bridges in hand, the tile that made the dead end would
have had it fixed).

>>> from solver.usa.game.cityfile import load_city
>>> city = load_city("examples/usa/rulebook-scoring.json")
>>> len(play_order(city, bridges=0)), play_order(city, bridges=3)
(9, None)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from solver.usa.game.city import Bridge, City, Place
from solver.usa.game.vocab import ARM_STEP
from solver.usa.rules.legality import place_bridge, place_tile

Action = dict[str, Any]


def play_order(target: City, bridges: int | None = None) -> list[Action] | None:
    """The actions, turn by turn, that build ``target``'s tiles and bridges from nothing, or
    None when no order of play can. ``bridges``: what the player holds at the start (default:
    the bridges the city has built plus those it has left)."""
    return _Search(target, bridges).order()


@dataclass(frozen=True)
class Refusal:
    """The step of play the rules refuse: ``step`` (counted from 1, the starting tile's; None
    when the turns themselves run out, whatever the step), the action, and the rule's reason;
    ``accepted`` are the steps before it."""

    step: int | None
    action: Action
    reason: str
    accepted: tuple[Action, ...] = ()

    def describe(self) -> str:
        a = self.action
        if a["action"] == "bridge":
            what = f"bridge on arm {a['arm']} at {a['at']}"
        else:  # an inline tile (a city file may describe one) has no id
            what = f"tile {a['tile']} at {a['at']}" if a["tile"] else f"the tile at {a['at']}"
        return f"{what}: {self.reason}" if self.step is None else \
            f"step {self.step}, {what}: {self.reason}"


def first_refusal(target: City, bridges: int | None = None) -> Refusal | None:
    """None when an order of play builds ``target``'s tiles and bridges (``play_order``);
    else the step the rules refuse on the deepest way the order search found (the most
    tiles, then bridges, built in turn order): a tile of the target there, in reading order,
    that ``legality`` refuses with the target's bridges, else a bridge of the target that it
    refuses, else a bridge no turn is left for.

    >>> from solver.usa.game.cityfile import load_city
    >>> city = load_city("examples/usa/rulebook-scoring.json")
    >>> first_refusal(city, bridges=0) is None
    True
    >>> refused = first_refusal(city, bridges=3)
    >>> refused.describe()[:29]
    'step 9, the tile at [0, 2]: t'
    >>> refused.reason
    'this placement makes 1 dead end(s): 1 bridge(s) must fix them, 0 given'
    """
    search = _Search(target, bridges)
    if search.order() is not None:
        return None
    city, done = search.deepest
    step = len(done) + 1
    places = sorted(set(target.tiles) - set(city.tiles))
    beside = [p for p in places if not city.tiles
              or any((p[0] + dr, p[1] + dc) in city.tiles for dr, dc in ARM_STEP.values())]
    for at in beside + [p for p in places if p not in beside]:
        refused = _tile_refusal(city, target, at)
        if refused is not None:
            laid = target.tiles[at]
            return Refusal(step, {"action": "tile", "tile": laid.tile.id, "at": list(at),
                                  "rotation": laid.rotation}, refused, done)
    missing = sorted(target.bridges - city.bridges)
    for where, arm in missing:
        if where in city.tiles:
            v = place_bridge(city, where, arm)
            if not v.legal:
                return Refusal(step, _bridge(where, arm), v.reason, done)
    # Every tile step there is legal and led nowhere: only the turns' count of voluntary
    # bridges (``_enough_turns``) can have cut them, so a bridge is missing.
    where, arm = missing[0]
    return Refusal(None, _bridge(where, arm), "no turn is left for it (a turn places at most "
                   "one voluntary bridge, after its city tile, and none follows the starting "
                   "tile)", done)


def _bridge(where: Place, arm: str) -> Action:
    return {"action": "bridge", "at": list(where), "arm": arm}


def _tile_refusal(city: City, target: City, at: Place) -> str | None:
    """Why ``legality`` refuses the target's tile at ``at`` next, with the target's bridges
    for the dead ends it makes (None: it allows it)."""
    laid = target.tiles[at]
    probe = place_tile(city, laid.tile, at, laid.rotation, build=False)
    if not probe.legal:
        return probe.reason
    wanted = [b for b in probe.forced_bridges if b in target.bridges]
    if len(wanted) >= probe.must_fix:
        return None
    return place_tile(city, laid.tile, at, laid.rotation, wanted, build=False).reason


class _Search:
    """The order search (depth first, failed positions remembered), keeping the deepest
    position it reached and the actions to it."""

    def __init__(self, target: City, bridges: int | None) -> None:
        self.target = target
        holds = bridges if bridges is not None else (len(target.bridges)
                                                     + target.remaining_bridges)
        self.empty = target.with_changes(tiles={}, bridges=frozenset(), buildings={},
                                         features={}, cards=(), achievements=(),
                                         bridges_left=holds)
        self.failed: set[tuple[frozenset[Place], frozenset[Bridge]]] = set()
        self.deepest: tuple[City, tuple[Action, ...]] = (self.empty, ())

    def order(self) -> list[Action] | None:
        target = self.target
        if not target.tiles:
            return []
        starts = [p for p, t in target.tiles.items() if t.tile.start] or sorted(target.tiles)
        for at in starts:
            # The setup lays the starting tile: its own turn has no voluntary bridge.
            for actions, city in _tile_steps(self.empty, target, at):
                found = self._search(city, tuple(actions))
                if found is not None:
                    return [*actions, *found]
        return None

    def _search(self, city: City, done: tuple[Action, ...]) -> list[Action] | None:
        target = self.target
        best = self.deepest[0]
        if (len(city.tiles), len(city.bridges)) > (len(best.tiles), len(best.bridges)):
            self.deepest = (city, done)
        if len(city.tiles) == len(target.tiles):
            return [] if city.bridges == target.bridges else None
        key = (frozenset(city.tiles), frozenset(city.bridges))
        if key in self.failed or not _enough_turns(city, target):
            return None
        for actions, after in _turns(city, target):
            rest = self._search(after, (*done, *actions))
            if rest is not None:
                return [*actions, *rest]
        self.failed.add(key)
        return None


def _enough_turns(city: City, target: City) -> bool:
    """Whether the turns left can hold the voluntary bridges still to build: a bridge on an
    arm facing no tile of the target (its edge) is never a forced one, and each turn places
    at most one voluntary bridge."""
    edge = sum(1 for (r, c), arm in target.bridges - city.bridges
               if (r + ARM_STEP[arm][0], c + ARM_STEP[arm][1]) not in target.tiles)
    return edge <= len(target.tiles) - len(city.tiles)


def _turns(city: City, target: City) -> Iterator[tuple[list[Action], City]]:
    """Every turn towards ``target``: a city tile with its forced bridges, then no voluntary
    bridge or one of the target's."""
    places = sorted(p for p in set(target.tiles) - set(city.tiles)
                    if any((p[0] + dr, p[1] + dc) in city.tiles for dr, dc in ARM_STEP.values()))
    for at in places:
        for actions, laid in _tile_steps(city, target, at):
            yield actions, laid
            for where, arm in sorted(target.bridges - laid.bridges):
                if where not in laid.tiles:
                    continue
                v = place_bridge(laid, where, arm)
                if v.legal and v.city is not None:
                    yield [*actions, {"action": "bridge", "at": list(where), "arm": arm}], v.city


def _tile_steps(city: City, target: City, at: Place) -> Iterator[tuple[list[Action], City]]:
    """The target's tile at ``at``, with each choice of the forced bridges the target has."""
    laid = target.tiles[at]
    probe = place_tile(city, laid.tile, at, laid.rotation, build=False)
    if not probe.legal:
        return
    wanted = [b for b in probe.forced_bridges if b in target.bridges]
    for chosen in combinations(wanted, probe.must_fix):
        v = place_tile(city, laid.tile, at, laid.rotation, list(chosen))
        if v.legal and v.city is not None and v.city.tiles.keys() <= target.tiles.keys():
            yield [{"action": "tile", "tile": laid.tile.id, "at": list(at),
                    "rotation": laid.rotation,
                    "bridges": [{"at": list(p), "arm": a} for p, a in chosen]}], v.city
