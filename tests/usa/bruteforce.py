"""Exhaustive search over every finished city a small pool can build: the reference the
solver's ``optimal`` must never be beaten by.

It knows nothing of the model: every layout of the tiles (every place, every rotation), every
set of bridges, every placing of the feature tiles, every way to stack the pieces; the rules
engine (``play_order``) says which layouts an order of play builds, and the scorer scores.
An achievement is claimed when the finished city meets it.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, permutations, product

from solver.usa.game.city import Building, City, PlacedTile, Space
from solver.usa.game.cityfile import building_misfit, feature_misfit
from solver.usa.game.pool import Pool
from solver.usa.game.tiles import Tile
from solver.usa.game.vocab import ARMS, COLORS, ROTATIONS
from solver.usa.rules.order import play_order
from solver.usa.scoring.categories import score_city
from solver.usa.scoring.requirements import achievement_met


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


def _distinct_turns(tile: Tile) -> list[int]:
    seen, out = set(), []
    for r in ROTATIONS:
        laid = tile.rotated(r)
        if (laid.spaces, laid.streets) not in seen:
            seen.add((laid.spaces, laid.streets))
            out.append(r)
    return out


def best_score(pool: Pool) -> int | None:
    """The best score of any finished city the pool builds by legal play (None: none)."""
    best: int | None = None
    for layout in layouts(pool):
        legal: bool | None = None
        for features in feature_placings(layout, list(pool.features)):
            with_features = layout.with_changes(features=features, cards=pool.cards)
            for buildings in stackings(with_features, pool.pieces, list(pool.tops)):
                city = with_features.with_changes(buildings=buildings)
                city = city.with_changes(achievements=tuple(
                    (a, p) for a, p in pool.achievements
                    if achievement_met(pool.components.achievements[a], city)))
                score = score_city(city).total
                if best is not None and score <= best:
                    continue
                if legal is None:
                    legal = play_order(layout, pool.bridges) is not None
                if not legal:
                    break
                best = score
            if legal is False:
                break
    return best
