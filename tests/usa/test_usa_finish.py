"""The best finish of a city in progress (``cities usa solve CITY --tiles ...``): on small
cities with one or two tiles laid, the best finish is the best of every finished city legal
play builds from the city as it stands (exhaustive search); the answer holds every tile,
bridge, feature and building where it lies (a building may grow), and its order of play
replays from the city as it stands through the rules engine."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import cli
from solver.common.status import Status
from solver.usa.cpsat.finish import solve_finish
from solver.usa.game.city import Building, City
from solver.usa.game.finish import finish_pool
from solver.usa.game.pool import Pool, pool_from_json
from solver.usa.rules.legality import check
from solver.usa.rules.moves import legal_moves
from solver.usa.scoring.categories import score_city
from tests.support.cli import cli_json, runner
from tests.usa.bruteforce import best_finish
from tests.usa.pools import (
    SYMMETRIC,
    UNIFORM,
    components,
    geometry_pool,
    pieces_pool,
)

pytestmark = pytest.mark.exhaustive


def laid(pool: Pool, tiles: int, seed: int, rotation: int = 0) -> City:
    """The pool's starting tile and its first ``tiles`` city tiles, each at a legal place the
    rules engine lists (chosen by ``seed``), forced bridges fixed."""
    rng = random.Random(seed)
    city = City(pool.size, {}, components=pool.components, bridges_left=pool.bridges)
    start = check(city, {"action": "tile", "tile": pool.start, "at": [0, 0],
                         "rotation": rotation})
    assert start.city is not None
    city = start.city
    for tid in pool.tiles[:tiles]:
        moves = legal_moves(city, pool.components.tile(tid))
        move = rng.choice(moves)
        v = check(city, {"action": "tile", "tile": tid, "at": list(move.at),
                         "rotation": move.rotation, "bridges": [
                             {"at": list(p), "arm": a} for p, a in move.bridge_choices()[0]]})
        assert v.legal and v.city is not None, v.reason
        city = v.city
    return city


def to_come(pool: Pool, city: City) -> dict[str, Any]:
    held = {t.tile.id for t in city.tiles.values()}
    return {"tiles": [t for t in pool.tiles if t not in held], "features": list(pool.features),
            "pieces": dict(pool.pieces), "tops": list(pool.tops), "cards": list(pool.cards),
            "achievements": [{"achievement": a, "points": p} for a, p in pool.achievements]}


def check_finish(city: City, more: dict[str, Any]) -> None:
    """The finish is the exhaustive best, holds the city, and its order replays from it."""
    pool = finish_pool(city, more)
    result = solve_finish(city, pool, time_limit=120, workers=1)
    best = best_finish(city, pool)
    assert result.status == Status.OPTIMAL
    assert result.city is not None and result.shift is not None
    assert result.score == best == score_city(result.city).total
    dr, dc = result.shift
    for (r, c), placed in city.tiles.items():
        assert result.city.tiles[(r + dr, c + dc)] == placed
    assert {((r + dr, c + dc), a) for (r, c), a in city.bridges} <= result.city.bridges
    for (r, c), f in city.features.items():
        assert result.city.features[(r + 2 * dr, c + 2 * dc)] == f
    for (r, c), b in city.buildings.items():
        now = result.city.buildings[(r + 2 * dr, c + 2 * dc)]
        assert now.color == b.color and now.height >= b.height and now.top >= b.top
    replayed = city
    for action in result.order:
        assert action["action"] in ("tile", "bridge")
        v = check(replayed, action)
        assert v.legal and v.city is not None, (action, v.reason)
        replayed = v.city
    assert replayed.tiles == result.city.tiles and replayed.bridges == result.city.bridges
    assert sum(a["action"] == "tile" for a in result.order) == \
        len(result.city.tiles) - len(city.tiles)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("tiles", [1, 2])
def test_a_geometry_finish_is_the_exhaustive_best(seed: int, tiles: int) -> None:
    pool = geometry_pool(seed)
    city = laid(pool, tiles, seed).with_changes(cards=pool.cards[:1])
    more = to_come(pool, city)
    more["cards"] = list(pool.cards[1:])
    check_finish(city, more)


@pytest.mark.parametrize("rotation", [90, 180, 270])
def test_a_turned_starting_tile_is_held_turned(rotation: int) -> None:
    pool = geometry_pool(1)
    city = laid(pool, 1, 1, rotation)
    check_finish(city, to_come(pool, city))


@pytest.mark.parametrize("seed", range(3))
def test_pieces_and_features_finish_with_held_buildings_and_features(seed: int) -> None:
    pool = pieces_pool(seed)
    color = next(c for c, n in pool.pieces.items() if n)
    city = laid(pool, 1, seed)
    # a building of one piece on a space of its colour if the city has one, and the first
    # feature tile where the rules engine lets it lie
    space = next((s for s in city.spaces() if city.kind(s) == color), None)
    more = to_come(pool, city)
    if space is not None:
        city = city.with_changes(buildings={space: Building(color, 1)})
        more["pieces"] = {**pool.pieces, color: pool.pieces[color] - 1}
    for fid in pool.features:
        v = check(city, {"action": "feature", "feature": fid,
                         "space": next((list(s) for s in city.spaces()
                                        if check(city, {"action": "feature", "feature": fid,
                                                        "space": list(s)}).legal), [0, 0])})
        if v.legal and v.city is not None:
            city = v.city
            more["features"] = [f for f in more["features"] if f != fid]
            break
    check_finish(city, more)


def test_a_symmetric_city_in_the_corner_grows_on_every_side() -> None:
    comps = components(SYMMETRIC)
    pool = Pool((2, 2), "s-1", ("c-2", "c-3", "c-4"), 2, components=comps)
    check_finish(laid(pool, 1, 3), {"tiles": ["c-3", "c-4"]})


def test_uniform_tiles_a_building_grows_taller() -> None:
    comps = components(UNIFORM)
    pool = Pool((2, 2), "s-1", ("c-1", "c-2", "c-3"), 0, pieces={
        "black": 4, "blue": 0, "white": 0, "yellow": 0}, tops=("black",),
        cards=("skyline",), components=comps)
    city = laid(pool, 1, 0)
    city = city.with_changes(buildings={(0, 0): Building("black", 2)})
    check_finish(city, {"tiles": ["c-2", "c-3"], "pieces": {"black": 2}, "tops": ["black"],
                        "cards": ["skyline"]})


# --- the command ---------------------------------------------------------------------------

START = {"game": "cities-usa", "size": [2, 2], "tiles": [{"tile": "start-1", "at": [0, 0]}]}


def test_the_command_finishes_a_city_as_the_library_does(tmp_path: Path) -> None:
    small = json.loads((Path("examples/usa/pool-small.json")).read_text())
    state = tmp_path / "city.json"
    state.write_text(json.dumps(START))
    code, out = cli_json("usa", "solve", str(state), "--tiles", ",".join(small["tiles"]),
                         "--json")
    assert code == 0 and out["status"] == "optimal"
    assert {"tile": "start-1", "at": [out["shift"][0], out["shift"][1]], "rotation": 0} \
        in out["city"]["tiles"]
    (tmp_path / "finished.json").write_text(json.dumps(out["city"]))
    code, scored = cli_json("usa", "score", str(tmp_path / "finished.json"), "--json")
    assert code == 0 and scored["total"] == out["score"]


@pytest.mark.parametrize(("state", "args", "says"), [
    (START, ["--tiles", "start-1,city-02"], "city.json: --tiles: start-1 is already in the city"),
    (START, ["--tiles", "city-02,city-99"], "city.json: --tiles[1]: unknown city tile"),
    ({**START, "tiles": []}, ["--tiles", "city-02"], "city.json: tiles: the city has no starting"),
    # the starting tile is laid in the setup, which grants no bridge
    ({**START, "bridges": [{"at": [0, 0], "arm": "E"}]},
     ["--tiles", "city-02,city-14,city-21"], "city.json: tiles: no order of play builds"),
    (START, ["--pieces", "black=x"], "error: --pieces: expected name=number"),
])
def test_a_bad_city_or_bad_tiles_to_come_is_one_line_exit_2(
        tmp_path: Path, state: dict[str, Any], args: list[str], says: str) -> None:
    path = tmp_path / "city.json"
    path.write_text(json.dumps(state))
    result = runner.invoke(cli.app, ["usa", "solve", str(path), *args, "--time-limit", "5"])
    assert result.exit_code == 2
    line = result.stderr.strip()
    assert "\n" not in line and says in line, line


def test_tiles_to_come_with_a_pool_file_are_refused() -> None:
    result = runner.invoke(cli.app, ["usa", "solve", "examples/usa/pool-small.json",
                                     "--tiles", "city-02"])
    assert result.exit_code == 2 and "--tiles goes with a city in progress" in result.stderr


@pytest.mark.parametrize("rotation", [90, 180, 270])
@pytest.mark.parametrize("tiles", [0, 1])
def test_a_longer_city_turned_any_way_is_finished_at_the_exhaustive_best(
        rotation: int, tiles: int) -> None:
    pool = pool_from_json({"game": "cities-usa", "size": [1, 3], "start": "start-2",
                           "tiles": ["city-26", "city-24"], "bridges": 3,
                           "cards": ["nature-trails", "pocket-parks"]})
    city = laid(pool, tiles, 0, rotation).with_changes(cards=pool.cards)
    check_finish(city, {"tiles": list(pool.tiles[tiles:])})
