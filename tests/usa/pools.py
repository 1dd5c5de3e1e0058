"""Small Cities USA pools for exhaustive searches: tiles laid alike when turned (so that
every layout, bridge and piece can be tried), and random pools of them by seed."""

from __future__ import annotations

import json
import random

from solver.usa.game.components import DEFAULT_PATH, Components, components_from_json
from solver.usa.game.pool import Pool, pool_from_json

# Tiles laid alike when turned half round (two ways to lay each), so that every layout, every
# bridge and every piece can be tried: the sample components with these tiles instead.
SYMMETRIC = {
    "starting_tiles": [
        {"id": "s-1", "spaces": ["black", "water", "water", "black"], "streets": "NS"},
        {"id": "s-2", "spaces": ["park", "blue", "blue", "park"], "streets": ""}],
    "city_tiles": [
        {"id": "c-1", "spaces": ["water", "park", "park", "water"], "streets": ""},
        {"id": "c-2", "spaces": ["site", "blue", "blue", "site"], "streets": "EW"},
        {"id": "c-3", "spaces": ["park", "black", "black", "park"], "streets": "NESW"},
        {"id": "c-4", "spaces": ["truck", "water", "water", "truck"], "streets": "NS"},
        {"id": "c-5", "spaces": ["white", "park", "park", "white"], "streets": ""},
        {"id": "c-6", "spaces": ["water", "water", "water", "water"], "streets": "EW"}]}
# Tiles laid alike every way they turn: for trying every placing of pieces and features.
UNIFORM = {
    "starting_tiles": [{"id": "s-1", "spaces": ["black"] * 4, "streets": "NESW"}],
    "city_tiles": [
        {"id": "c-1", "spaces": ["water"] * 4, "streets": ""},
        {"id": "c-2", "spaces": ["park"] * 4, "streets": "NESW"},
        {"id": "c-3", "spaces": ["site"] * 4, "streets": ""},
        {"id": "c-4", "spaces": ["blue"] * 4, "streets": ""}]}


def components(tiles: dict) -> Components:
    data = json.loads(DEFAULT_PATH.read_text())
    return components_from_json({**data, **tiles})


GEOMETRY_CARDS = ["protected-areas", "nature-trails", "lakes", "central-park", "green-belt",
                  "harbors", "downtown", "city-blocks", "pocket-parks", "mixed-use",
                  "waterfront", "park-view", "riverside-parks", "canals", "street-food"]
GEOMETRY_ACHIEVEMENTS = ["green-lake", "the-loop", "central-park", "golden-gate", "presidio",
                         "freedom-trail", "back-bay", "bayou", "national-mall", "potomac"]


def geometry_pool(seed: int) -> Pool:
    """Tiles, bridges, cards and achievements about areas, neighbourhoods and spaces."""
    rng = random.Random(seed)
    comps = components(SYMMETRIC)
    aid = rng.choice(GEOMETRY_ACHIEVEMENTS)
    choose = rng.random() < 0.5  # 4 tiles for 3 places, or a bridge: the search stays short
    return pool_from_json({
        "game": "cities-usa", "size": [2, 2], "start": rng.choice(["s-1", "s-2"]),
        "tiles": rng.sample([f"c-{i}" for i in range(1, 7)], 4 if choose else 3),
        "bridges": 0 if choose else 1,
        "cards": rng.sample(GEOMETRY_CARDS, 3),
        "achievements": [{"achievement": aid, "points": comps.achievements[aid].points[0]}]},
        comps)


def pieces_pool(seed: int) -> Pool:
    """Pieces, tops and feature tiles, with the cards and achievements they meet."""
    rng = random.Random(seed)
    comps = components(UNIFORM)
    features = rng.sample(["yacht-1", "yacht-4+", "ferry", "beacon", "wild", "food-truck",
                           "bench-4+", "swing", "slide"], 2)
    color = rng.choice(["blue", "black"])
    aid = rng.choice(["space-needle", "willis-tower", "harbor", "pike-place", "capitol"])
    return pool_from_json({
        "game": "cities-usa", "size": [2, 2], "start": "s-1",
        "tiles": rng.sample(["c-1", "c-2", "c-3", "c-4"], 3), "bridges": 0,
        "features": features, "pieces": {color: rng.choice([2, 3, 4])},
        "tops": [color] if rng.random() < 0.5 else [],
        "cards": rng.sample(["skyline", "high-rise", "mid-rise", "twin-towers", "marina",
                             "playgrounds", "lighthouses", "street-food", "corporate-towers",
                             "government-towers"], 2),
        "achievements": [{"achievement": aid, "points": comps.achievements[aid].points[0]}]},
        comps)
