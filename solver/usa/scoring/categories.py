"""The exact scorer: one pure function per category, and their sum.

>>> from solver.usa.game.cityfile import load_city
>>> score_city(load_city("examples/usa/rulebook-scoring.json")).total
60
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.usa.game.city import City
from solver.usa.game.geometry import areas, dead_ends, neighbours
from solver.usa.game.vocab import CATEGORIES
from solver.usa.scoring.pairs import best_pairs
from solver.usa.scoring.requirements import count


def buildings(city: City) -> int:
    """0/1/2/3/5 by height 1-5 (the ruleset's ``building_points``)."""
    table = city.components.rules["building_points"]
    return sum(table[b.stories - 1] for b in city.buildings.values())


def achievements(city: City) -> int:
    """The ring values claimed (a ring stays once placed)."""
    return sum(points for _, points in city.achievements)


def cards(city: City) -> int:
    """Each card copy: its points for every occurrence of its requirement."""
    comps = city.components
    return sum(comps.cards[c].points * count(comps.cards[c].requirement, city)
               for c in city.cards)


def construction_sites(city: City) -> int:
    """Visible construction sites: -1/-3/-6/-10 for 1/2/3/4+."""
    table = city.components.rules["construction_site_penalty"]
    n = len(city.spaces_of_kind().get("site", ()))
    return -table[min(n, len(table)) - 1] if n else 0


def dead_end_count(city: City) -> int:
    return len(dead_ends(city))


def dead_ends_score(city: City) -> int:
    """-3 per arm meeting a tile with no street on the facing arm."""
    return -city.components.rules["dead_end_penalty"] * dead_end_count(city)


def yachts_and_benches(city: City) -> int:
    """Points when the feature's area has the printed size (4+: at least 4)."""
    size_of = {s: len(a) for a in areas(city) for s in a}
    total = 0
    for space, fid in city.features.items():
        sc = city.components.features[fid].scoring
        if "area_size" not in sc:
            continue
        size = size_of[space]
        if size == sc["area_size"] or (sc.get("or_more") and size >= sc["area_size"]):
            total += sc["points"]
    return total


def pair_category(city: City, category: str) -> int:
    """Singles score ``single`` each; a best set of adjacent pairs scores ``pair`` each."""
    feats = city.components.features
    kinds = [f for f in feats.values() if f.category == category and "pair_with" in f.scoring]
    if not kinds:
        return 0
    first = kinds[0]
    second = feats[first.scoring["pair_with"]]
    a = [s for s, f in city.features.items() if f == first.id]
    b = [s for s, f in city.features.items() if f == second.id]
    pairs = best_pairs(a, b, lambda x, y: y in neighbours(city, x))
    single, pair = first.scoring["single"], first.scoring["pair"]
    return single * (len(a) + len(b) - 2 * len(pairs)) + pair * len(pairs)


def ferries_and_beacons(city: City) -> int:
    return pair_category(city, "ferries_and_beacons")


def swings_and_slides(city: City) -> int:
    return pair_category(city, "swings_and_slides")


def food_trucks(city: City) -> int:
    """2 per visible food truck space, printed or a feature tile."""
    n = len(city.spaces_of_kind().get("truck", ()))
    return city.components.rules["food_truck_points"] * n


SCORERS = {
    "buildings": buildings,
    "achievements": achievements,
    "cards": cards,
    "construction_sites": construction_sites,
    "dead_ends": dead_ends_score,
    "yachts_and_benches": yachts_and_benches,
    "ferries_and_beacons": ferries_and_beacons,
    "swings_and_slides": swings_and_slides,
    "food_trucks": food_trucks,
}
assert tuple(SCORERS) == CATEGORIES


@dataclass(frozen=True)
class Score:
    """A city's score by category (penalties negative) and the total."""

    categories: dict[str, int]

    @property
    def total(self) -> int:
        return sum(self.categories.values())

    def to_json(self) -> dict[str, Any]:
        return {"total": self.total, "categories": dict(self.categories)}


def score_city(city: City) -> Score:
    """Every category of a city's score (worked out once per city: a city is a value)."""
    memo = city.__dict__.setdefault("_scoring_memo", {})
    found = memo.get("score")
    if found is None:
        found = memo["score"] = {name: fn(city) for name, fn in SCORERS.items()}
    return Score(dict(found))
