"""An order of play that builds a finished city, turn by turn as the rulebook plays them.

The starting tile is laid in the setup, which grants no bridge. Each turn after it lays one
city tile fully adjacent to the city, with the bridges that fix the dead ends this tile made
(all of them while bridges last; with too few, the player chooses which), then at most one
voluntary bridge on any tile laid, never one that makes a dead end. Nothing else places a
bridge.

Every step is judged by ``legality`` and each turn's bridges by ``turn`` (the owners of those
rules); this module only searches the turns, and names the first step they refuse when no order
exists (``first_refusal``). An order is a list of ``cities usa check`` actions: the starting
tile, then each city tile (its forced bridges inside the action), each followed by at most one
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

import time
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from solver.common.errors import OutOfTime
from solver.usa.game.city import Bridge, City, Place
from solver.usa.game.geometry import place_facing, places_beside
from solver.usa.rules.legality import check, place_bridge, place_tile
from solver.usa.rules.turn import VOLUNTARY_BRIDGES_A_TURN, voluntary_bridge_may_follow

Action = dict[str, Any]


def play_order(target: City, bridges: int | None = None, *,
               start: City | None = None, time_limit: float | None = None
               ) -> list[Action] | None:
    """The actions, turn by turn, that build ``target``'s tiles and bridges from nothing, or
    None when no order of play can. ``bridges``: what the player holds at the start (default:
    the bridges the city has built plus those it has left). ``start``: a city in progress to
    continue instead (its tiles and bridges among the target's, in the target's frame, its
    turn over; it holds its own bridges left): only the new tiles' turns are searched. Only
    the tiles and bridges of ``target`` and ``start`` are read (buildings, features, cards and
    achievements follow in any order).
    ``time_limit``: seconds before the search gives up with ``OutOfTime`` (None: none; a
    finished 3x3 city takes milliseconds, a hostile larger one may take minutes)."""
    return _Search(target, bridges, _Clock.starting(time_limit)).order(start)


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
              or any(near in city.tiles for near in places_beside(p))]
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


@dataclass(frozen=True)
class _Clock:
    """The search's time limit in seconds and the moment it runs out (None: no limit)."""

    time_limit: float | None
    deadline: float | None

    @staticmethod
    def starting(time_limit: float | None) -> _Clock:
        return _Clock(time_limit, None if time_limit is None else time.monotonic() + time_limit)

    def check(self) -> None:
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise OutOfTime(f"no order of play was settled within the time limit of "
                            f"{self.time_limit:g} s", field="tiles")


class _Search:
    """The order search (depth first, failed positions remembered), keeping the deepest
    position it reached and the actions to it."""

    def __init__(self, target: City, bridges: int | None,
                 clock: _Clock | None = None) -> None:
        self.target = target
        self.clock = clock or _Clock.starting(None)
        holds = bridges if bridges is not None else (len(target.bridges)
                                                     + target.remaining_bridges)
        self.empty = target.with_changes(tiles={}, bridges=frozenset(), buildings={},
                                         features={}, cards=(), achievements=(),
                                         bridges_left=holds)
        self.failed: set[tuple[frozenset[Place], frozenset[Bridge]]] = set()
        self.deepest: tuple[City, tuple[Action, ...]] = (self.empty, ())

    def order(self, start: City | None = None) -> list[Action] | None:
        target = self.target
        if not target.tiles:
            return []
        if start is not None:
            begun = start.with_changes(buildings={}, features={}, cards=(), achievements=())
            if not (begun.tiles.items() <= target.tiles.items()
                    and begun.bridges <= target.bridges):
                return None
            if not begun.tiles:
                return _Search(target, begun.remaining_bridges, self.clock).order()
            return self._search(begun, ())
        starts = [p for p, t in target.tiles.items() if t.tile.start] or sorted(target.tiles)
        for actions, city in _turns(self.empty, target, starts, starting_tile=True):
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
        self.clock.check()
        key = (frozenset(city.tiles), frozenset(city.bridges))
        if key in self.failed or not _enough_turns(city, target):
            return None
        for actions, after in _turns(city, target, _places_beside_city(city, target)):
            rest = self._search(after, (*done, *actions))
            if rest is not None:
                return [*actions, *rest]
        self.failed.add(key)
        return None


def _enough_turns(city: City, target: City) -> bool:
    """Whether the turns left can hold the voluntary bridges still to build: a bridge on an
    arm facing no tile of the target (its edge) is never a forced one."""
    edge = sum(1 for place, arm in target.bridges - city.bridges
               if place_facing(place, arm) not in target.tiles)
    return edge <= (len(target.tiles) - len(city.tiles)) * VOLUNTARY_BRIDGES_A_TURN


def _places_beside_city(city: City, target: City) -> list[Place]:
    """The target's places still empty that are fully adjacent to the city."""
    return sorted(p for p in set(target.tiles) - set(city.tiles)
                  if any(near in city.tiles for near in places_beside(p)))


def _turns(city: City, target: City, places: list[Place], *,
           starting_tile: bool = False) -> Iterator[tuple[list[Action], City]]:
    """Every turn towards ``target`` laying a tile at one of ``places``: the city tile with
    its forced bridges, then each choice of the target's voluntary bridges the turn allows."""
    for at in places:
        for actions, laid in _tile_steps(city, target, at):
            yield from _voluntary_bridges(laid, target, actions, 0, starting_tile)


def _voluntary_bridges(city: City, target: City, actions: list[Action], built: int,
                       starting_tile: bool) -> Iterator[tuple[list[Action], City]]:
    """The turn so far (``built`` voluntary bridges after its tile), then the turn with each
    further voluntary bridge of the target that may follow."""
    yield actions, city
    if not voluntary_bridge_may_follow(1, built, starting_tile=starting_tile):
        return
    for where, arm in sorted(target.bridges - city.bridges):
        if where not in city.tiles:
            continue
        v = place_bridge(city, where, arm)
        if v.legal and v.city is not None:
            yield from _voluntary_bridges(
                v.city, target, [*actions, {"action": "bridge", "at": list(where), "arm": arm}],
                built + 1, starting_tile)


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


def in_frame_of(city: City, order: list[Action], shift: Place) -> list[Action]:
    """An order found in a frame where ``city`` lies moved by ``shift``, in the coordinates
    the rules engine gives ``city`` step by step (a tile laid beyond the frame moves the city
    back into it), so each action is ``cities usa check``'s on the city as it then stands.
    Raises ValueError if a step is refused (the order does not continue ``city``)."""
    out: list[Action] = []
    dr, dc = shift
    for action in order:
        moved = _moved(action, -dr, -dc)
        verdict = check(city, moved)
        if not verdict.legal or verdict.city is None:
            raise ValueError(f"{moved}: {verdict.reason}")
        out.append(moved)
        if moved["action"] == "tile":  # the city may have moved back into its frame
            before = set(city.tiles) | {tuple(moved["at"])}
            after = set(verdict.city.tiles)
            dr -= min(r for r, _ in after) - min(r for r, _ in before)
            dc -= min(c for _, c in after) - min(c for _, c in before)
        city = verdict.city
    return out


def _moved(action: Action, dr: int, dc: int) -> Action:
    def at(p: list[int]) -> list[int]:
        return [p[0] + dr, p[1] + dc]
    out = {**action, "at": at(action["at"])}
    if "bridges" in action:
        out["bridges"] = [{**b, "at": at(b["at"])} for b in action["bridges"]]
    return out
