"""Seeded draws from the real box: tiles, a mat, rivals and districts for one candidate puzzle.

Every random choice comes from ``rng_for(date, attempt)``, a ``random.Random`` seeded with a
string (never ``hash()``, which Python salts per process), so a date draws the same candidate
on every machine.

>>> import datetime as dt
>>> a = draw_candidate(dt.date(2026, 12, 4), 0)            # a Friday: a full city
>>> a == draw_candidate(dt.date(2026, 12, 4), 0), len(a.pool.tiles)
(True, 18)
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass

from puzzles.plan import DRAW_VERSION, DayPlan, plan_for
from solver.twocities.game.city import Context, District
from solver.twocities.game.components import Components, load_components
from solver.twocities.game.pool import Pool
from solver.twocities.game.rulesets import load_ruleset
from solver.twocities.game.tiles import Duplex, Tile, parse_tile
from solver.twocities.game.vocab import BUILDING_TYPES, CIVIC

#: Rival cities' factories: each of a city's 20 spaces is a factory about this often
#: (24 factory halves among 177 building spaces in the box).
FACTORY_SHARE = 24 / 177


@dataclass(frozen=True)
class Candidate:
    """A drawn puzzle before its proof: the pool and what produced it."""

    date: dt.date
    attempt: int
    plan: DayPlan
    pool: Pool


def rng_for(date: dt.date, attempt: int) -> random.Random:
    """The seed of candidate ``attempt`` for ``date``: a string, never ``hash()`` (salted per
    process), and the draws' version, not the generator's (``plan.DRAW_VERSION``)."""
    return random.Random(f"cities-daily:{DRAW_VERSION}:{date.isoformat()}:{attempt}")


def _order(tile: Tile) -> tuple[int, int, str]:
    if isinstance(tile, Duplex):
        return (1, BUILDING_TYPES.index(tile.first.type), tile.token)
    return (0, BUILDING_TYPES.index(tile.type), tile.token)


def sort_tiles(tiles: list[Tile]) -> tuple[Tile, ...]:
    """Singles by type, then duplexes: the order a puzzle lists its tiles."""
    return tuple(sorted(tiles, key=_order))


class Bag:
    """The box's singles and duplexes, shuffled once, drawn from the top."""

    def __init__(self, rng: random.Random, components: Components):
        civics = components.civics
        singles = [parse_tile(t, civics) for t, n in sorted(components.singles.items())
                   for _ in range(n)]
        duplexes: list[Tile] = list(components.duplexes)
        rng.shuffle(singles)
        rng.shuffle(duplexes)
        self.singles, self.duplexes = singles, duplexes

    def draw(self, singles: int, duplexes: int) -> list[Tile]:
        out = self.singles[:singles] + self.duplexes[:duplexes]
        del self.singles[:singles], self.duplexes[:duplexes]
        return out


def draw_districts(rng: random.Random, components: Components) -> list[frozenset[str]]:
    """Three districts of two cards each, as the rulebook deals them.

    A factory+house pair is refused: the second card is discarded and drawing continues.
    """
    cards = list(components.district_cards)
    rng.shuffle(cards)
    forbidden = set(components.forbidden_district_pairs)
    districts: list[frozenset[str]] = []
    current: list[str] = []
    for card in cards:
        if len(districts) == len(components.district_scoring_tiles):
            break
        current.append(card)
        if len(current) == 2:
            if frozenset(current) in forbidden:
                current.pop()
                continue
            districts.append(frozenset(current))
            current = []
    return districts


def rival_district_size(rng: random.Random, types: frozenset[str]) -> int:
    """A rival city's largest district: civic tiles are scarce, other pairs run 2-8 tiles."""
    return rng.randint(0, 3) if CIVIC in types else rng.randint(2, 8)


def draw_context(rng: random.Random, components: Components, *, districts: bool,
                 cities: int = 1) -> Context:
    """Rivals for a game of 3-7 players: the other cities' factories and district sizes."""
    players = rng.randint(3, 7)
    rivals = players - cities
    factories = tuple(sum(rng.random() < FACTORY_SHARE for _ in range(20)) for _ in range(rivals))
    in_play: list[District] = []
    if districts:
        for types, points in zip(draw_districts(rng, components),
                                 components.district_scoring_tiles, strict=False):
            sizes = tuple(rival_district_size(rng, types) for _ in range(rivals))
            in_play.append(District(types, points, sizes))
    return Context(factories, tuple(in_play))


def draw_candidate(date: dt.date, attempt: int,
                   components: Components | None = None) -> Candidate | None:
    """The candidate puzzle number ``attempt`` for ``date`` (a pure function of both).

    None when the draw cannot make the day's kind (the generator moves to the next attempt).
    """
    from puzzles.partbuilt import part_built

    components = components or load_components()
    rules = load_ruleset("essential", "standard")
    plan = plan_for(date, attempt)
    rng = rng_for(date, attempt)
    cities = 2 if plan.kind == "pair" else 1
    mat_ids = sorted(components.mats)
    mats = tuple(components.mats[m] for m in rng.sample(mat_ids, cities))
    bag = Bag(rng, components)
    tiles = bag.draw(cities * rules.singles + plan.extra_singles,
                     cities * rules.duplexes + plan.extra_duplexes)
    context = draw_context(rng, components, districts=plan.districts, cities=cities)
    pool = Pool(rules, mats, sort_tiles(tiles), context)
    if plan.fixed:
        built = part_built(rng, pool, plan.fixed, plan.fixed_duplexes)
        if built is None:
            return None
        pool = built
    return Candidate(date, attempt, plan, pool)
