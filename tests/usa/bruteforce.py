"""Exhaustive search over every finished city a small pool can build: the reference the
solver's ``optimal`` must never be beaten by.

It knows nothing of the model nor of the order search: every legal game, turn by turn as the
rulebook plays it (the starting tile, then each turn a city tile anywhere the rules engine
allows, in every rotation, with every choice of the bridges its dead ends force, then no
voluntary bridge or any one the rules engine allows), gives the finished layouts; then every
placing of the feature tiles and every way to stack the pieces, scored by the scorer. An
achievement is claimed when the finished city meets it.

``layouts`` lists every layout, legal or not, to test the order search against the games.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import combinations, permutations, product
from typing import Any

from solver.usa.game.city import Bridge, Building, City, Place, PlacedTile, Space
from solver.usa.game.cityfile import building_misfit, feature_misfit
from solver.usa.game.pool import Pool
from solver.usa.game.tiles import Tile
from solver.usa.game.vocab import ARMS, COLORS, ROTATIONS
from solver.usa.rules.legality import check, place_bridge, place_tile
from solver.usa.scoring.categories import score_city
from solver.usa.scoring.requirements import achievement_met

Layout = tuple[frozenset[tuple[Place, str, int]], frozenset[Bridge]]


def layout_key(city: City) -> Layout:
    """What makes a layout: each place's tile and rotation, and the bridges."""
    return (frozenset((p, t.tile.id, t.rotation) for p, t in city.tiles.items()),
            frozenset(city.bridges))


def legal_layouts(pool: Pool, *, any_time: bool = False,
                  start: City | None = None) -> dict[Layout, City]:
    """Every finished layout some legal game builds, found by playing every game, each step
    judged by the rules engine. ``any_time``: the reading without the turn order (any number
    of voluntary bridges at any time, from the starting tile on), to show where it binds.
    ``start``: the games continuing this city in progress (its turn over)."""
    comps = pool.components
    empty = City(pool.size, {}, components=comps, bridges_left=pool.bridges)
    seen: set[Layout] = set()
    done: dict[Layout, City] = {}

    def play(city: City, bridge_may_follow: bool) -> None:
        key = layout_key(city)
        if (key, bridge_may_follow) in seen:
            return
        seen.add((key, bridge_may_follow))
        if bridge_may_follow:
            for p in sorted(city.tiles):
                for arm in ARMS:
                    v = place_bridge(city, p, arm)
                    if v.legal and v.city is not None:
                        play(v.city, any_time)
        if len(city.tiles) == pool.places:
            done[key] = city
            return
        used = {t.tile.id for t in city.tiles.values()}
        for tile in (comps.tile(t) for t in pool.tiles if t not in used):
            for at in _around(city):
                for turn in _distinct_turns(tile):
                    for laid in _with_forced_bridges(city, tile, at, turn):
                        play(laid, True)

    if start is not None:
        play(start, any_time)
        return done
    first = comps.tile(pool.start)
    for turn in _distinct_turns(first):
        # The setup lays the starting tile: no bridge follows it.
        for city in _with_forced_bridges(empty, first, (0, 0), turn):
            play(city, any_time)
    return done


def _around(city: City) -> list[Place]:
    """The empty places next to the city's tiles (the rules engine judges each)."""
    return sorted({(r + dr, c + dc) for r, c in city.tiles
                   for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))} - set(city.tiles))


def _with_forced_bridges(city: City, tile: Tile, at: Place, turn: int) -> Iterator[City]:
    """The city after the tile, once for each choice of the bridges its dead ends force."""
    probe = place_tile(city, tile, at, turn, build=False)
    if not probe.legal:
        return
    for chosen in combinations(probe.forced_bridges, probe.must_fix):
        v = place_tile(city, tile, at, turn, list(chosen))
        if v.legal and v.city is not None:
            yield v.city


def layouts(pool: Pool) -> Iterator[City]:
    """Every city filling the pool's size: tiles, places, rotations, bridges; legal or not."""
    comps = pool.components
    places = [(r, c) for r in range(pool.size[0]) for c in range(pool.size[1])]
    for chosen in combinations(pool.tiles, len(places) - 1):
        for order in permutations([pool.start, *chosen]):
            tiles = [comps.tile(t) for t in order]
            # Rotations that lay a tile alike build the same city: one of them is enough.
            for turns in product(*(_distinct_turns(t) for t in tiles)):
                city = City(pool.size, {p: PlacedTile(t, r) for p, t, r in
                                        zip(places, tiles, turns, strict=True)},
                            components=comps)
                arms = [(p, a) for p in places for a in ARMS if a not in city.laid(p).streets]
                for n in range(pool.bridges + 1):
                    for bridges in combinations(arms, n):
                        yield city.with_changes(bridges=frozenset(bridges),
                                                bridges_left=pool.bridges - n)


def feature_placings(city: City, features: list[str]) -> Iterator[dict[Space, str]]:
    """Every way to lay some of the feature tiles, one a space, each on a space of its kind."""
    if not features:
        yield {}
        return
    first, rest = features[0], features[1:]
    for placing in feature_placings(city, rest):
        yield placing
        on = city.components.features[first].placed_on
        for s in city.spaces():
            if s not in placing and not feature_misfit(on, city.printed_kind(s)):
                yield {**placing, s: first}


def stackings(city: City, pieces: dict[str, int], tops: list[str]) -> Iterator[dict]:
    """Every way to stand buildings from the pieces and tops (at most one a space)."""
    tall = city.components.rules["max_height"]
    spaces = city.spaces()

    def place(i: int, left: dict[str, int], tops_left: list[str]) -> Iterator[dict]:
        if i == len(spaces):
            yield {}
            return
        s = spaces[i]
        yield from place(i + 1, left, tops_left)
        for c in COLORS:
            if not left.get(c) or building_misfit(city, s, c):
                continue
            for h in range(1, min(tall, left[c]) + 1):
                for top in (False, True) if h == tall and c in tops_left else (False,):
                    rest_tops = list(tops_left)
                    if top:
                        rest_tops.remove(c)
                    for more in place(i + 1, {**left, c: left[c] - h}, rest_tops):
                        yield {s: Building(c, h, top), **more}

    yield from place(0, dict(pieces), list(tops))


def replay(pool: Pool, order: list[dict[str, Any]]) -> City:
    """The city an order of play builds, action by action in turn order, each step judged by
    the rules engine (``legality.check``): the starting tile, then each city tile followed by
    at most one bridge. A step the rules refuse fails, named."""
    city = City(pool.size, {}, components=pool.components, bridges_left=pool.bridges)
    for i, action in enumerate(order):
        if action["action"] == "bridge":
            assert i >= 2 and order[i - 1]["action"] == "tile", (
                f"step {i}: a bridge not right after a city tile: {action}")
        else:
            assert action["action"] == "tile", f"step {i}: {action}"
        verdict = check(city, action)
        assert verdict.legal and verdict.city is not None, f"step {i} {action}: {verdict.reason}"
        city = verdict.city
    return city


@cache
def _distinct_turns(tile: Tile) -> list[int]:
    seen, out = set(), []
    for r in ROTATIONS:
        laid = tile.rotated(r)
        if (laid.spaces, laid.streets) not in seen:
            seen.add((laid.spaces, laid.streets))
            out.append(r)
    return out


def best_score(pool: Pool, *, any_time: bool = False) -> int | None:
    """The best score of any finished city the pool builds by legal play (None: none)."""
    best: int | None = None
    for layout in legal_layouts(pool, any_time=any_time).values():
        for features in feature_placings(layout, list(pool.features)):
            with_features = layout.with_changes(features=features, cards=pool.cards)
            for buildings in stackings(with_features, pool.pieces, list(pool.tops)):
                city = with_features.with_changes(buildings=buildings)
                city = city.with_changes(achievements=tuple(
                    (a, p) for a, p in pool.achievements
                    if achievement_met(pool.components.achievements[a], city)))
                score = score_city(city).total
                best = score if best is None else max(best, score)
    return best


def best_finish(held: City, pool: Pool) -> int | None:
    """The best score of any finished city legal play builds continuing ``held`` (its turn
    over), ``pool`` holding what it holds and what is to come: its features where they lie,
    its buildings as tall or taller, its achievements still met."""
    bare = held.with_changes(buildings={}, features={}, cards=(), achievements=())
    start = next(p for p, t in held.tiles.items() if t.tile.start)
    best: int | None = None
    for layout in legal_layouts(pool, start=bare).values():
        now = next(p for p, t in layout.tiles.items() if t.tile.start)
        dr, dc = 2 * (now[0] - start[0]), 2 * (now[1] - start[1])
        for features in feature_placings(layout, list(pool.features)):
            if any(features.get((r + dr, c + dc)) != f for (r, c), f in held.features.items()):
                continue
            with_features = layout.with_changes(features=features, cards=pool.cards)
            for buildings in stackings(with_features, pool.pieces, list(pool.tops)):
                if not all(_grown(buildings.get((r + dr, c + dc)), b)
                           for (r, c), b in held.buildings.items()):
                    continue
                city = with_features.with_changes(buildings=buildings)
                met = tuple((a, p) for a, p in pool.achievements
                            if achievement_met(pool.components.achievements[a], city))
                if not set(held.achievements) <= set(met):
                    continue
                score = score_city(city.with_changes(achievements=met)).total
                best = score if best is None else max(best, score)
    return best


def _grown(now: Building | None, was: Building) -> bool:
    return (now is not None and now.color == was.color and now.height >= was.height
            and now.top >= was.top)
