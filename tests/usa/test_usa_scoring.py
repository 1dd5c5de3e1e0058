"""Every scoring rule of the Cities USA rulebook, from its own text and its 60-point example."""

from __future__ import annotations

from pathlib import Path

import pytest

from solver.usa.game.city import Building, City
from solver.usa.game.cityfile import city_from_json, city_to_json, load_city
from solver.usa.game.components import load_components
from solver.usa.game.geometry import dead_ends
from solver.usa.game.notation import parse_city
from solver.usa.scoring import categories as cat
from solver.usa.scoring.categories import score_city

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "usa" / "rulebook-scoring.json"
COMPS = load_components()

# "In total, they have obtained 60 Victory Points." (the Cities USA rulebook, Scoring Example)
RULEBOOK = {"buildings": 16, "achievements": 6, "cards": 18, "construction_sites": -3,
            "dead_ends": -3, "yachts_and_benches": 11, "ferries_and_beacons": 6,
            "swings_and_slides": 5, "food_trucks": 4}


@pytest.mark.parametrize("category", sorted(RULEBOOK))
def test_rulebook_example_category(category: str) -> None:
    assert score_city(load_city(EXAMPLE)).categories[category] == RULEBOOK[category]


def test_rulebook_example_total_and_details() -> None:
    city = load_city(EXAMPLE)
    assert score_city(city).total == 60
    # 10 buildings: 1 + 5 + 2 + 2 + 0 + 1 + 1 + 2 + 0 + 2
    assert sorted(b.stories for b in city.buildings.values()) == [1, 1, 2, 2, 2, 3, 3, 3, 3, 5]
    # 8 cards, two copies of each of the four named ones
    assert sorted(city.cards) == sorted(["corporate-towers", "government-towers",
                                         "protected-areas", "nature-trails"] * 2)
    # "the dead end on the top right corner of the city"
    assert dead_ends(city) == [((0, 2), "W")]


def test_rulebook_example_named_cards() -> None:
    """Corporate 3 blue x1 x2, Government 3 black x1 x2, Protected 1 x2, Nature 2 x2."""
    city = load_city(EXAMPLE)
    for card, each in (("corporate-towers", 3), ("government-towers", 3),
                       ("protected-areas", 1), ("nature-trails", 2)):
        one = city.with_changes(cards=(card,))
        assert cat.cards(one) == each
        assert cat.cards(city.with_changes(cards=(card, card))) == 2 * each


def city_with(text: str, **changes: object) -> City:
    return parse_city(text).with_changes(**changes)


@pytest.mark.parametrize("stories,points", [(1, 0), (2, 1), (3, 2), (4, 3), (5, 5)])
def test_building_heights(stories: int, points: int) -> None:
    """Score 0/1/2/3/5 VPs for each building 1/2/3/4/5 stories high."""
    b = Building("black", min(stories, 4), stories == 5)
    assert cat.buildings(city_with("KBWY", buildings={(0, 0): b})) == points


@pytest.mark.parametrize("sites,penalty", [(0, 0), (1, -1), (2, -3), (3, -6), (4, -10),
                                           (5, -10), (6, -10)])
def test_construction_sites(sites: int, penalty: int) -> None:
    """Construction Sites 1/2/3/4+: lose 1/3/6/10."""
    tiles = ["ssss", "ssss"]
    text = " ".join(tiles)
    city = parse_city(text)
    spaces = city.spaces()
    covered = {s: "food-truck" for s in spaces[sites:]}
    city = city.with_changes(features=covered)
    assert cat.construction_sites(city) == penalty


def test_covered_site_is_not_visible() -> None:
    city = city_with("sKBW", features={(0, 0): "wild"})
    assert cat.construction_sites(city) == 0


def test_dead_end_street_into_a_park() -> None:
    """Rulebook: "a path that runs into a park space, so there is another loss of 3 VPs"."""
    city = parse_city("wwpp:E ppww")
    assert cat.dead_ends_score(city) == -3
    fixed = parse_city("wwpp:E ppww:w")
    assert cat.dead_ends_score(fixed) == 0


def test_edge_arm_is_not_a_dead_end() -> None:
    assert cat.dead_ends_score(parse_city("wwpp:NESW")) == 0


def test_bridge_counts_as_street_for_dead_ends() -> None:
    """Bridges are streets: a bridge meeting a tile with no street there is a dead end."""
    assert cat.dead_ends_score(parse_city("wwpp:e ppww")) == -3


@pytest.mark.parametrize("feature,area,points", [
    ("yacht-1", 1, 2), ("yacht-1", 2, 0), ("yacht-2", 2, 2), ("yacht-2", 3, 0),
    ("yacht-3", 3, 2), ("yacht-3", 4, 0), ("yacht-4+", 4, 3), ("yacht-4+", 3, 0)])
def test_yacht_area_size(feature: str, area: int, points: int) -> None:
    """A yacht scores if its water area is exactly its number (4+: or more)."""
    spaces = ["water" if i < area else "park" for i in range(4)]
    city = City((1, 1), {(0, 0): _inline(spaces, "")}, features={(0, 0): feature},
                components=COMPS)
    assert cat.yachts_and_benches(city) == points


def test_yacht_4_plus_in_a_larger_area() -> None:
    city = city_with("wwww wwpp", features={(0, 0): "yacht-4+"})
    assert cat.yachts_and_benches(city) == 3


def test_several_yachts_in_one_area_all_score() -> None:
    city = city_with("wwpp", features={(0, 0): "yacht-2", (0, 1): "yacht-2"})
    assert cat.yachts_and_benches(city) == 4


def test_street_splits_the_area() -> None:
    """Streets separate areas: two water spaces across a street are two areas of 1."""
    city = city_with("wwpp:N", features={(0, 0): "yacht-1", (0, 1): "yacht-2"})
    assert cat.yachts_and_benches(city) == 2


@pytest.mark.parametrize("feature,area,points", [("bench-1", 1, 2), ("bench-3", 3, 2),
                                                 ("bench-4+", 4, 3), ("bench-2", 3, 0)])
def test_bench_area_size(feature: str, area: int, points: int) -> None:
    spaces = ["park" if i < area else "water" for i in range(4)]
    city = City((1, 1), {(0, 0): _inline(spaces, "")}, features={(0, 0): feature},
                components=COMPS)
    assert cat.yachts_and_benches(city) == points


def _inline(spaces: list[str], streets: str):  # type: ignore[no-untyped-def]
    from solver.usa.game.city import PlacedTile
    from solver.usa.game.tiles import Tile

    return PlacedTile(Tile("", "inline", tuple(spaces), frozenset(streets),  # type: ignore
                           source="inline"))


def test_ferry_beacon_pair_scores_five() -> None:
    city = city_with("wwww", features={(0, 0): "ferry", (0, 1): "beacon"})
    assert cat.ferries_and_beacons(city) == 5


def test_ferry_beacon_not_adjacent_score_one_each() -> None:
    city = city_with("wwww", features={(0, 0): "ferry", (1, 1): "beacon"})
    assert cat.ferries_and_beacons(city) == 2


def test_ferry_beacon_across_a_street_do_not_pair() -> None:
    city = city_with("wwww:N", features={(0, 0): "ferry", (0, 1): "beacon"})
    assert cat.ferries_and_beacons(city) == 2


def test_a_tile_is_in_one_pair_only() -> None:
    """Ferry, beacon, ferry in a row: one pair (5) and a single (1)."""
    city = city_with("wwww wwww", features={(0, 0): "ferry", (0, 1): "beacon",
                                            (0, 2): "ferry"})
    assert cat.ferries_and_beacons(city) == 6


def test_best_pairing_not_greedy() -> None:
    """beacon-ferry-beacon-ferry in a row: two pairs (10), not the middle one (5 + 1 + 1)."""
    city = city_with("wwww wwww", features={(0, 0): "beacon", (0, 1): "ferry",
                                            (0, 2): "beacon", (0, 3): "ferry"})
    assert cat.ferries_and_beacons(city) == 10


def test_swing_slide_pair() -> None:
    city = city_with("pppp", features={(0, 0): "swing", (1, 0): "slide", (1, 1): "swing"})
    assert cat.swings_and_slides(city) == 6


@pytest.mark.parametrize("features,points", [({}, 2), ({(0, 1): "food-truck"}, 4),
                                             ({(0, 0): "wild"}, 0),
                                             ({(0, 0): "food-truck"}, 2)])
def test_food_trucks(features: dict, points: int) -> None:
    """2 per visible food truck: printed or feature tile; a building feature covers one."""
    assert cat.food_trucks(city_with("tsKB", features=features)) == points


def test_wild_space_counts_as_any_colour_for_cards() -> None:
    city = city_with("sKBW", features={(0, 0): "wild"})
    from solver.usa.game.requirements import parse_requirement
    from solver.usa.scoring.requirements import count

    assert count(parse_requirement({"per": "space", "kind": "yellow"}), city) == 1
    assert count(parse_requirement({"per": "space", "kind": "building"}), city) == 4


def test_same_configuration_scores_for_several_cards() -> None:
    city = load_city(EXAMPLE)
    both = city.with_changes(cards=("protected-areas", "nature-trails"))
    assert cat.cards(both) == 1 + 2


def test_achievements_sum_claimed_ring_values() -> None:
    city = load_city(EXAMPLE)
    assert cat.achievements(city) == 6
    assert cat.achievements(city.with_changes(achievements=())) == 0


def test_a_claimed_achievement_scores_even_when_no_longer_met() -> None:
    """Rulebook: "If you claim an achievement but later in the game no longer meet its
    requirements, you do not remove your achievement ring from the board" (the rulebook)."""
    city = parse_city("wwpp").with_changes(achievements=(("space-needle", 6),))
    assert cat.achievements(city) == 6 and score_city(city).total == 6


def test_city_file_round_trip() -> None:
    city = load_city(EXAMPLE)
    assert city_from_json(city_to_json(city)) == city
