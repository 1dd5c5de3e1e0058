"""Every worked example of the rulebooks (000 Essential Edition, 002 Capitals), as tests."""

from __future__ import annotations

from collections import Counter

import pytest

from solver import City, Context, District, load_ruleset, score_city
from solver.twocities.scoring.categories import (
    district_points,
    factory_points_per_tile,
    office_set_value,
    park_group_value,
    score_civics,
    score_houses,
    score_offices,
    score_parks,
    score_shops,
    score_taverns,
    tavern_value,
)
from solver.twocities.scoring.table import score_table

ESSENTIAL = load_ruleset("essential")
CLASSIC = load_ruleset("classic")


def city(text: str, **kw: object) -> City:
    return City.from_notation(text, **kw)  # type: ignore[arg-type]


# --- shops (000: "a row of five shops scores 20, plus 2 for a single, plus 5 for a column of two")


def test_shop_example_27_essential() -> None:
    c = city("S S S S S / P H . . . / S O . . . / P S . . . / P S . . .")
    assert score_shops(c, ESSENTIAL) == 27


def test_shop_sets_essential_table() -> None:
    for n, expected in enumerate((2, 5, 10, 15, 20), start=1):
        row = " ".join(["S"] * n + ["."] * (5 - n))
        c = city(" / ".join([row] + [". . . . ."] * 4))
        assert score_shops(c, ESSENTIAL) == expected


def test_classic_five_in_a_row_is_four_plus_one() -> None:
    # 002: "Five shops in a row score 18 points (a row of four shops scores 16, plus 2)".
    c = city("S S S S S / . . . . . / . . . . . / . . . . . / . . . . .")
    assert score_shops(c, CLASSIC) == 18
    c4 = city("S S S S . / . . . . . / . . . . . / . . . . . / . . . . .")
    assert score_shops(c4, CLASSIC) == 16


def test_crossing_lines_take_the_best_split_not_the_longest_line() -> None:
    #   S S S .     Longest line first takes the column of 4 (15) and leaves four single
    #   . S . .     shops (8): 23.  The best split is the two rows of 3 (10 + 10) and the
    #   S S S .     two single shops of the column (2 + 2): 24.
    #   . S . .
    c = city("S S S . / . S . . / S S S . / . S . .")
    assert score_shops(c, ESSENTIAL) == 24


def test_l_t_and_plus_shapes() -> None:
    assert score_shops(city("S . . / S . . / S S S"), ESSENTIAL) == 15  # L: 10 + 5
    assert score_shops(city("S S S / . S . / . S ."), ESSENTIAL) == 15  # T: row 10 + stem 5
    plus = city(". . S . . / . . S . . / . S S S . / . . S . . / . . S . .")
    assert score_shops(plus, ESSENTIAL) == 24  # column of 5 (20) + two singles


def test_shops_across_a_straight_bridge_continue_the_line() -> None:
    # Landscape between two shops, with a bridge: adjacent "for all scoring purposes".
    c = city("S ~ S / . . . / . . . ; bridges 0,0-0,2")
    assert score_shops(c, ESSENTIAL) == 5
    assert score_shops(c, ESSENTIAL.with_options(bridges_extend_shop_lines=False)) == 4
    no_bridge = city("S ~ S / . . . / . . .")
    assert score_shops(no_bridge, ESSENTIAL) == 4


# --- taverns (000: one music, two drink, two food = 9 + 4 = 13)


def test_tavern_example_13() -> None:
    c = city("Tm Td Td / Tf Tf . / . . .")
    assert score_taverns(c, ESSENTIAL) == 13
    assert tavern_value(Counter(music=1, drink=2, food=2), ESSENTIAL) == 13


@pytest.mark.parametrize("kinds,expected", [
    ({"food": 1}, 1), ({"food": 1, "bed": 1}, 4), ({"food": 1, "bed": 1, "music": 1}, 9),
    ({"food": 1, "bed": 1, "music": 1, "drink": 1}, 17), ({"food": 3}, 3),
    ({"food": 2, "drink": 2, "music": 2, "bed": 2}, 34),
])
def test_tavern_sets(kinds: dict[str, int], expected: int) -> None:
    assert tavern_value(Counter(kinds), ESSENTIAL) == expected


# --- parks (000's examples)


@pytest.mark.parametrize("grid,expected", [
    ("P . P / . . . / P . P", 8),            # four separate parks: 2 each
    ("P P P / . . . / . . P", 14),           # three adjacent + one separate: 12 + 2
    ("P P P / P . . / . . .", 13),           # four adjacent: 13
    ("P P . / . . . / P P .", 16),           # two groups of two: 8 + 8
    ("P . . / . . . / . . .", 2),
    ("P P . / . . . / . . .", 8),
    ("P . . / P . . / P . .", 12),           # a group need not be a straight line
    ("P P . / . P P / . . .", 13),
])
def test_park_examples(grid: str, expected: int) -> None:
    assert score_parks(city(grid), ESSENTIAL) == expected


def test_park_groups_beyond_three_add_one_each() -> None:
    assert [park_group_value(n, ESSENTIAL) for n in range(1, 9)] == [2, 8, 12, 13, 14, 15, 16, 17]


def test_parks_connect_across_bridges() -> None:
    assert score_parks(city("P ~ P / . . . / . . . ; bridges 0,0-0,2"), ESSENTIAL) == 8


# --- offices (000: seven offices score 21 + 1 = 22; +1 next to a tavern, once per office)


def test_office_sets() -> None:
    assert [office_set_value(n, ESSENTIAL) for n in range(0, 14)] == [
        0, 1, 3, 6, 10, 15, 21, 22, 24, 27, 31, 36, 42, 43]


def test_seven_offices_score_22() -> None:
    c = city("O O O O / O O O . / . . . . / . . . .")
    assert score_offices(c, ESSENTIAL) == 22


def test_single_office_next_to_a_tavern_is_2_even_next_to_four() -> None:
    assert score_offices(city("O Tf / . ."), ESSENTIAL) == 2
    four = city(". Tf . / Td O Tm / . Tb .")
    assert score_offices(four, ESSENTIAL) == 2


def test_several_offices_share_one_tavern() -> None:
    c = city("O Tf O / . . . / . . .")
    assert score_offices(c, ESSENTIAL) == 3 + 2


# --- houses


def test_house_one_point_per_other_type() -> None:
    assert score_houses(city("H S / . ."), ESSENTIAL) == 1
    five = city("H P . / . . . / F S Tf ; bridges 0,0-2,2")
    # Not adjacent to the factory (the bridge joins the house to the tavern): F S T P = 4.
    assert score_houses(five, ESSENTIAL) == 4
    all_types = city("H P O / . . . / F S Tf")
    assert score_houses(all_types, ESSENTIAL) == 5


def test_house_next_to_factory_scores_1() -> None:
    assert score_houses(city("H F / S P"), ESSENTIAL) == 1
    # Across a bridge counts too (000's bridge example).
    assert score_houses(city("H ~ F / S P O / . . . ; bridges 0,0-0,2"), ESSENTIAL) == 1


def test_houses_ignore_houses_and_civics() -> None:
    assert score_houses(city("H H / C+PH-T ."), ESSENTIAL) == 0
    assert score_houses(city("H . / . Tm"), ESSENTIAL) == 1  # all taverns are one type


# --- civics (000/002: the Elementary School likes parks and houses, dislikes taverns)


@pytest.mark.parametrize("grid,expected", [
    ("C:elementary-school O / F S", 1),               # no liked or disliked type next to it
    (". H . / H C:elementary-school . / . S .", 3),   # two houses, no parks: still 3
    (". H . / P C:elementary-school H / . P .", 6),   # two parks and two houses: 6
    (". H . / P C:elementary-school Tf / . . .", 1),  # next to a tavern: 1 whatever else
])
def test_elementary_school(grid: str, expected: int) -> None:
    c = city(grid)
    assert score_civics(c, ESSENTIAL) == expected


def test_explicit_civic_with_any_tavern_liked() -> None:
    c = city("C+TP-F Tb / P .")
    assert score_civics(c, ESSENTIAL) == 6


# --- factories (000: cities with 5, 5, 3, 2, 1, 0 factories pay 4, 4, 3, 2, 2, 0 per factory)


def _factories(n: int) -> City:
    tokens = ["F"] * n + ["."] * (9 - n)
    return city(" / ".join(" ".join(tokens[i:i + 3]) for i in (0, 3, 6)))


def test_factory_example_table() -> None:
    counts = [5, 5, 3, 2, 1, 0]
    players = ["A", "B", "C", "D", "E", "F"]
    cities = [(f"city {i}", (players[i], players[(i + 1) % 6]), _factories(n))
              for i, n in enumerate(counts)]
    result = score_table(cities)
    per_tile = [c.score.categories["factory"] // max(n, 1) for c, n in zip(result.cities, counts,
                                                                          strict=True)]
    assert per_tile == [4, 4, 3, 2, 2, 0]


def test_factory_ranking_against_context_rivals() -> None:
    assert [factory_points_per_tile(n, [5, 5, 3, 2, 1, 0], (4, 3, 2)) for n in (5, 3, 2, 1, 0)] \
        == [4, 3, 2, 2, 0]
    alone = _factories(3)
    assert score_city(alone).categories["factory"] == 12  # no rivals: first
    rivalled = alone.with_context(Context(rival_factories=(4, 4)))
    assert score_city(rivalled).categories["factory"] == 9


# --- districts (002's four-city example)

D1 = District(frozenset({"office", "shop"}), (9, 3))
D2 = District(frozenset({"factory", "park"}), (8, 4))
D3 = District(frozenset({"house", "tavern"}), (7, 5))

CITY_1 = "O O O S S / S S O O C+FS-P / C+FS-P C+FS-P C+FS-P C+FS-P C+FS-P / F P F C+FS-P H / " \
         "C+FS-P C+FS-P C+FS-P C+FS-P Tf"
CITY_2 = "O S S O C+FS-P / C+FS-P C+FS-P C+FS-P C+FS-P C+FS-P / F C+FS-P C+FS-P C+FS-P H / " \
         "C+FS-P C+FS-P C+FS-P C+FS-P C+FS-P / C+FS-P C+FS-P C+FS-P C+FS-P C+FS-P"
CITY_3 = "F F F P P / P P F F C+FS-P / C+FS-P C+FS-P C+FS-P C+FS-P C+FS-P / " \
         "O S C+FS-P H C+FS-P / C+FS-P C+FS-P C+FS-P C+FS-P C+FS-P"
CITY_4 = "H H C+FS-P O O / H H C+FS-P S C+FS-P / C+FS-P C+FS-P C+FS-P C+FS-P C+FS-P / " \
         "F P P C+FS-P H / C+FS-P H H Tb Tm"


def test_four_city_districts_example() -> None:
    cities = [("City 1", ("A", "B"), city(CITY_1)), ("City 2", ("B", "C"), city(CITY_2)),
              ("City 3", ("C", "D"), city(CITY_3)), ("City 4", ("D", "A"), city(CITY_4))]
    result = score_table(cities, (D1, D2, D3))
    # City 1: 9 (first in D1) + 2 (shares second in D2) + 5 (second in D3)
    # City 2: 3 (second in D1); City 3: 8 (first in D2); City 4: 2 (D2) + 7 (first in D3)
    assert [c.score.categories["district"] for c in result.cities] == [16, 3, 8, 9]


def test_district_ties() -> None:
    # Three-way tie for first in a 9/3 district: (9 + 3) // 3 = 4 each, no second place.
    assert [district_points(5, [5, 5, 2], (9, 3)), district_points(2, [5, 5, 5], (9, 3))] == [4, 0]
    # Two-way tie for second with 5 points: 2 each.
    assert district_points(3, [6, 3], (7, 5)) == 2
    assert district_points(0, [], (9, 3)) == 0


def test_district_alone_ranks_first() -> None:
    c = city(CITY_4).with_context(Context(districts=(D3,)))
    assert score_city(c).categories["district"] == 7
