"""Legality of every city action in the Cities USA rulebook, with its reasons."""

from __future__ import annotations

from pathlib import Path

import pytest

from solver.common.errors import CitiesError
from solver.usa.game.city import Building, City
from solver.usa.game.cityfile import load_city
from solver.usa.game.components import load_components
from solver.usa.game.geometry import dead_ends
from solver.usa.game.notation import parse_city
from solver.usa.rules.legality import check
from solver.usa.rules.moves import legal_moves

ROOT = Path(__file__).resolve().parents[2]
IN_PROGRESS = ROOT / "examples" / "usa" / "in-progress.json"
COMPS = load_components()


def tile(tid: str, at: list[int], rotation: int = 0, **extra: object) -> dict:
    return {"action": "tile", "tile": tid, "at": at, "rotation": rotation, **extra}


def test_first_tile_is_a_starting_tile() -> None:
    empty = City((3, 3), {}, components=COMPS)
    assert not check(empty, tile("city-01", [1, 1])).legal
    assert check(empty, tile("start-2", [1, 1])).legal


def test_no_second_starting_tile() -> None:
    city = load_city(IN_PROGRESS)
    assert "starting tile" in check(city, tile("start-2", [2, 1])).reason


def test_tile_must_be_fully_adjacent() -> None:
    city = load_city(IN_PROGRESS)
    v = check(city, tile("city-09", [2, 0]))
    assert not v.legal and "adjacent" in v.reason


def test_tile_on_an_occupied_place() -> None:
    v = check(load_city(IN_PROGRESS), tile("city-09", [1, 1]))
    assert not v.legal and "already lies" in v.reason


def test_tile_already_placed() -> None:
    v = check(load_city(IN_PROGRESS), tile("city-02", [2, 1]))
    assert not v.legal and "already in the city" in v.reason


def test_city_never_exceeds_its_size() -> None:
    """A city may never exceed 3 tiles in length and 3 in width."""
    city = parse_city("3x3 pppp pppp pppp")
    assert not check(city, tile("city-09", [0, 3])).legal
    assert not check(city, tile("city-09", [0, -1])).legal
    assert check(city, tile("city-09", [1, 0])).legal
    long = parse_city("3x5 pppp pppp pppp")
    assert check(long, tile("city-09", [0, 3])).legal


def test_any_rotation() -> None:
    city = parse_city("3x3 pppp")
    assert [m.rotation for m in legal_moves(city, "city-08") if m.at == (0, 1)] == [0, 90, 180,
                                                                                     270]


def test_placement_outside_the_frame_shifts_the_city() -> None:
    city = parse_city("3x3 pppp:E")
    v = check(city, tile("city-08", [0, -1]))
    assert v.legal and v.city is not None and sorted(v.city.tiles) == [(0, 0), (0, 1)]
    assert v.city.arms((0, 1)) == {"E"} and v.city.laid((0, 0)).spaces[3] == "water"


def test_dead_end_forces_a_bridge() -> None:
    """Rulebook: "If you did make a dead end, you must place a bridge to fix it"."""
    city = parse_city("3x3 wwpp:EW")
    v = check(city, tile("city-05", [0, 1]))  # kwkw NS: no W arm facing the E street
    assert v.legal and v.forced_bridges == [((0, 1), "W")] and v.must_fix == 1
    assert v.city is not None and dead_ends(v.city) == [] and v.city.remaining_bridges == 2
    bad = check(city, tile("city-05", [0, 1], bridges=[]))
    assert not bad.legal and "must fix" in bad.reason
    good = check(city, tile("city-05", [0, 1], bridges=[{"at": [0, 1], "arm": "W"}]))
    assert good.legal


def test_new_tile_street_into_old_tile_forces_a_bridge_on_the_old_tile() -> None:
    city = parse_city("3x3 pppp")
    v = check(city, tile("city-02", [0, 1]))  # wwpp EW: its W arm meets a tile with no E
    assert v.forced_bridges == [((0, 0), "E")]


def test_too_few_bridges_the_player_chooses() -> None:
    """Several dead ends, fewer bridges: fix as many as bridges remain, chosen by the player."""
    city = parse_city("3x3 pppp:ES . / pppp:NE pppp:NW").with_changes(bridges_left=1)
    v = check(city, tile("city-08", [0, 1]))  # pppw, no streets: two dead ends
    assert v.legal and v.must_fix == 1 and len(v.forced_bridges) == 2
    chosen = check(city, tile("city-08", [0, 1], bridges=[{"at": [0, 1], "arm": "S"}]))
    assert chosen.legal and chosen.city is not None and len(dead_ends(chosen.city)) == 1
    assert not check(city, tile("city-08", [0, 1], bridges=[
        {"at": [0, 1], "arm": "S"}, {"at": [0, 1], "arm": "W"}])).legal


def test_no_bridges_left_dead_ends_stay() -> None:
    city = parse_city("3x3 wwpp:EW").with_changes(bridges_left=0)
    v = check(city, tile("city-05", [0, 1]))
    assert v.legal and v.must_fix == 0 and v.city is not None and len(dead_ends(v.city)) == 1


def test_voluntary_bridge_rules() -> None:
    city = parse_city("3x3 wwpp:E KKKK:W")
    assert "already has a street" in check(city, {"action": "bridge", "at": [0, 0],
                                                  "arm": "E"}).reason
    v = check(city, {"action": "bridge", "at": [0, 0], "arm": "N"})
    assert v.legal  # to the city's edge
    made = check(city, {"action": "bridge", "at": [0, 0], "arm": "S"})
    assert made.legal  # faces an open place (rules option bridge_may_face_open_place)
    assert "dead end" in check(parse_city("3x3 wwpp KKKK"), {"action": "bridge", "at": [0, 0],
                                                             "arm": "E"}).reason
    spent = city.with_changes(bridges_left=0)
    assert "no bridges left" in check(spent, {"action": "bridge", "at": [0, 0],
                                              "arm": "N"}).reason


def test_feature_placement() -> None:
    city = parse_city("wpKs")
    assert check(city, {"action": "feature", "feature": "ferry", "space": [0, 0]}).legal
    assert not check(city, {"action": "feature", "feature": "ferry", "space": [0, 1]}).legal
    assert check(city, {"action": "feature", "feature": "swing", "space": [0, 1]}).legal
    for space in ([1, 0], [1, 1]):  # a building space with no pieces, a construction site
        assert check(city, {"action": "feature", "feature": "wild", "space": space}).legal
        assert check(city, {"action": "feature", "feature": "food-truck", "space": space}).legal
    assert not check(city, {"action": "feature", "feature": "wild", "space": [0, 0]}).legal
    built = city.with_changes(buildings={(1, 0): Building("black", 1)})
    assert "holds a building" in check(built, {"action": "feature", "feature": "wild",
                                               "space": [1, 0]}).reason
    one = city.with_changes(features={(0, 0): "yacht-1"})
    assert "already holds" in check(one, {"action": "feature", "feature": "ferry",
                                          "space": [0, 0]}).reason


def test_building_pieces() -> None:
    city = parse_city("KBst").with_changes(features={(1, 0): "wild"})
    assert check(city, {"action": "building", "color": "black", "space": [0, 0]}).legal
    assert not check(city, {"action": "building", "color": "blue", "space": [0, 0]}).legal
    assert check(city, {"action": "building", "color": "yellow", "space": [1, 0]}).legal
    assert not check(city, {"action": "building", "color": "yellow", "space": [1, 1]}).legal
    stacked = city.with_changes(buildings={(1, 0): Building("white", 2)})
    assert not check(stacked, {"action": "building", "color": "blue", "space": [1, 0]}).legal
    assert check(stacked, {"action": "building", "color": "white", "space": [1, 0]}).legal
    full = city.with_changes(buildings={(0, 0): Building("black", 4)})
    assert "at most 4" in check(full, {"action": "building", "color": "black",
                                       "space": [0, 0]}).reason


def test_skyscraper_tops() -> None:
    city = parse_city("KBst").with_changes(buildings={(0, 0): Building("black", 4),
                                                      (0, 1): Building("blue", 3)})
    v = check(city, {"action": "top", "color": "black", "space": [0, 0]})
    assert v.legal and v.city is not None and v.city.buildings[(0, 0)].stories == 5
    assert not check(city, {"action": "top", "color": "blue", "space": [0, 1]}).legal
    assert not check(city, {"action": "top", "color": "blue", "space": [0, 0]}).legal


def test_achievement_claimed_once_only_when_met() -> None:
    city = load_city(ROOT / "examples" / "usa" / "rulebook-scoring.json")
    again = {"action": "achievement", "achievement": "green-lake", "points": 5}
    assert "once per game" in check(city, again).reason
    assert "not met" in check(city, {"action": "achievement", "achievement": "willis-tower",
                                     "points": 5}).reason
    assert check(city, {"action": "achievement", "achievement": "pike-place",
                        "points": 2}).legal


@pytest.mark.parametrize("points", [2.0, True, 7, "2", None])
def test_a_claim_off_the_ring_is_refused_as_the_files_refuse_it(points: object) -> None:
    """A claim's points are one of the ring's whole numbers, as in a city or pool file."""
    city = load_city(ROOT / "examples" / "usa" / "rulebook-scoring.json")
    with pytest.raises(CitiesError, match="is not a ring value of pike-place"):
        check(city, {"action": "achievement", "achievement": "pike-place", "points": points})


def test_malformed_action_raises_one_line() -> None:
    with pytest.raises(CitiesError, match="unknown action"):
        check(parse_city("pppp"), {"action": "dance"})
    with pytest.raises(CitiesError, match="not a rotation"):
        check(parse_city("pppp"), tile("city-01", [0, 1], 45))


def test_every_move_applied_is_legal_and_keeps_bridges_honest() -> None:
    city = load_city(IN_PROGRESS)
    for m in legal_moves(city, "city-30"):
        v = check(city, tile("city-30", list(m.at), m.rotation))
        assert v.legal
        if m.must_fix == len(m.forced_bridges) and v.city is not None:
            assert v.city.remaining_bridges == city.remaining_bridges - m.must_fix
            assert len(dead_ends(v.city)) == len(dead_ends(city))
