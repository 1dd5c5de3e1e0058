"""Whole games of Cities USA: the rulebook's rules of play, every variant to the end with every
action re-checked by legality, replay, save and load."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.common.errors import CitiesError
from solver.usa.bots import GreedyBot, RandomBot, SolverBot, make_bots
from solver.usa.game.city import Building, City
from solver.usa.game.components import load_components
from solver.usa.game.rulesets import ROWS, load_ruleset, variants
from solver.usa.rules.game import BGA, Game, new_game, play_game, play_turn, ring_points
from solver.usa.rules.gamefile import game_from_json, game_to_json, load_game, save_game
from solver.usa.rules.legality import check
from solver.usa.scoring.categories import score_city

PLAYERS = {"standard": 4, "two-player": 2, "two-player-advanced": 2, "two-player-long": 2,
           "solo": 1}


def game_of(variant: str, seed: int, players: int | None = None) -> Game:
    return new_game(load_ruleset(variant), players or PLAYERS[variant], seed)


def rebuilt(game: Game, player: str) -> City:
    """The player's city rebuilt from nothing, every action judged again by legality."""
    city = City(game.rules.size, {}, components=game.components)
    for action in game.actions[player]:
        verdict = check(city, action)
        assert verdict.legal, (action, verdict.reason)
        assert verdict.city is not None
        city = verdict.city
    return city


def check_finished(game: Game) -> None:
    rules = game.rules
    assert game.over and game.round == rules.rounds + 1
    tiles = rules.size[0] * rules.size[1]
    for p in game.players:
        assert rebuilt(game, p) == game.cities[p]
        assert len(game.cities[p].tiles) == tiles  # a full city, as the rulebook says
    # Workers: every player, every round, ``workers_per_row`` in each of the four rows.
    took = Counter((e["round"], e["player"], e["row"]) for e in game.log if "row" in e)
    for rnd in range(1, rules.rounds + 1):
        for p in game.players:
            for row in ROWS:
                assert took[(rnd, p, row)] == rules.workers_per_row
    for x in game.standings():
        assert x["score"] == score_city(game.cities[x["player"]]).total
    assert not game.fallbacks


def test_variants_are_data() -> None:
    assert set(variants()) == set(PLAYERS)
    std, two, long = (load_ruleset(v) for v in ("standard", "two-player", "two-player-long"))
    assert (std.players, std.rounds, std.workers_per_row, std.size) == ((3, 4), 8, 1, (3, 3))
    assert (two.players, two.rounds, two.workers_per_row) == ((2, 2), 4, 2)
    assert (long.rounds, long.size) == (7, (3, 5))
    assert load_ruleset("two-player-advanced").second_worker_needs_every_row
    solo = load_ruleset("solo")
    assert len(solo.solo_cards) == 8 and solo.solo_source == "sample"
    assert solo.board.source == "sample"


@pytest.mark.parametrize("variant,players,bots", [
    ("standard", 4, ["greedy", "random"]), ("standard", 3, ["random", "greedy"]),
    ("two-player", 2, ["greedy", "random"]), ("two-player-advanced", 2, ["random"]),
    ("two-player-long", 2, ["random", "greedy"]), ("solo", 1, ["greedy"]),
])
def test_every_variant_plays_to_the_end_legally(variant: str, players: int,
                                                bots: list[str]) -> None:
    game = game_of(variant, 11, players)
    play_game(game, make_bots(bots, game.players))
    check_finished(game)


def test_starting_tiles_are_chosen_from_the_start_players_right() -> None:
    game = game_of("standard", 2, 4)
    first = game.star
    seats = game.players
    i = seats.index(first)
    assert game.choosers() == [seats[(i - k) % 4] for k in range(1, 5)]
    bots = make_bots(["random"], seats)
    for _ in range(4):
        play_turn(game, bots)
    assert game.round == 1 and game.starting == []
    assert [e["player"] for e in game.log] == game.choosers()
    assert all(len(c.tiles) == 1 for c in game.cities.values())


def test_turns_go_clockwise_from_the_star_and_the_star_goes_to_the_rightmost_worker() -> None:
    game = game_of("standard", 5, 4)
    bots = make_bots(["random"], game.players)
    while game.round < 2:
        play_turn(game, bots)
    first = [e for e in game.log if e.get("round") == 1]
    order = [e["player"] for e in first]
    i = game.players.index(order[0])
    assert order[:4] == [game.players[(i + k) % 4] for k in range(4)]
    pieces = [e for e in first if e["row"] == "pieces"]
    assert game.star == max(pieces, key=lambda e: e["space"])["player"]
    second = [e["player"] for e in game.log if e.get("round") == 2]
    assert not second or second[0] == game.star


def test_two_player_covers_the_middle_ring() -> None:
    game = game_of("two-player", 1)
    aid = game.achievements[0]
    points = game.components.achievements[aid].points
    assert ring_points(game, "P1", aid) == points[0]
    game.rings[aid][0] = "P2"
    assert ring_points(game, "P1", aid) == points[2]
    game.rings[aid][2] = "P1"
    assert ring_points(game, "P2", aid) is None


def test_solo_rings_pay_by_the_tiles_in_the_city() -> None:
    # Rulebook: Green Lake with 2 tiles scores the highest reward (5); Space Needle with 6
    # tiles the middle one (4).
    game = game_of("solo", 1)
    comps = game.components
    tiles = [t for t in comps.city_tiles][:8]
    start = City((3, 3), {}, components=comps)
    city = check(start, {"action": "tile", "tile": "start-1", "at": [0, 0], "rotation": 0,
                         "bridges": []}).city
    assert city is not None
    placed = [(0, 1), (1, 0), (1, 1), (0, 2), (2, 0), (1, 2), (2, 1), (2, 2)]
    cities = [city]
    for tid, at in zip(tiles, placed, strict=True):
        v = check(cities[-1], {"action": "tile", "tile": tid, "at": list(at), "rotation": 0})
        assert v.city is not None
        cities.append(v.city)
    for n, want in ((2, 5), (4, 5), (5, 4), (7, 4), (8, 3), (9, 3)):
        game.cities["P1"] = cities[n - 1]
        assert ring_points(game, "P1", "green-lake") == want
    game.cities["P1"] = cities[5]
    assert ring_points(game, "P1", "space-needle") == 4


def test_the_bga_never_takes_the_last_items_of_a_row_the_player_has_not_used() -> None:
    for seed in range(4):
        game = game_of("solo", seed)
        bots = make_bots(["random"], game.players)
        while not game.over:
            if game.round and game.to_move() == BGA:
                open_before = {row: [i for i, s in enumerate(game.board[row]) if s.open]
                               for row in ROWS}
                used = {row: any(s.worker == "P1" for s in game.board[row]) for row in ROWS}
                play_turn(game, bots)
                for row in ROWS:
                    if not used[row] and open_before[row]:
                        assert any(game.board[row][i].open for i in open_before[row])
            else:
                play_turn(game, bots)
        check_finished(game)


def test_advanced_two_player_second_worker_needs_every_row() -> None:
    game = game_of("two-player-advanced", 3)
    bots = make_bots(["random"], game.players)
    while not game.over:
        if game.round and game.to_move() != BGA:
            p = game.to_move()
            rows_used = {row for row in ROWS if any(s.worker == p for s in game.board[row])}
            for row, _ in game.options(p):
                assert row not in rows_used or len(rows_used) == 4
        play_turn(game, bots)
    check_finished(game)


def test_ties_go_to_the_most_achievement_points() -> None:
    game = game_of("two-player", 1)
    comps = load_components()
    base = check(City((3, 3), {}, components=comps), {
        "action": "tile", "tile": "start-1", "at": [0, 0], "rotation": 0, "bridges": []}).city
    assert base is not None
    black = next(s for s in base.spaces() if base.kind(s) == "black")
    game.cities["P1"] = base.with_changes(achievements=(("pike-place", 4),),
                                          buildings={black: Building("black", 2)})
    game.cities["P2"] = base.with_changes(achievements=(("green-lake", 5),))
    rows = game.standings()
    assert rows[0]["score"] == rows[1]["score"]
    assert [x["player"] for x in rows] == ["P2", "P1"] and [x["place"] for x in rows] == [1, 2]


def test_rings_are_never_lost() -> None:
    game = game_of("standard", 8, 3)
    bots = make_bots(["greedy"], game.players)
    held: dict[str, tuple] = {p: () for p in game.players}
    while not game.over:
        play_turn(game, bots)
        for p, city in game.cities.items():
            assert city.achievements[:len(held[p])] == held[p]
            held[p] = city.achievements
    assert any(held.values())


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), variant=st.sampled_from(sorted(PLAYERS)))
def test_random_seeds_end_score_and_replay(seed: int, variant: str) -> None:
    game = play_game(game_of(variant, seed), make_bots(["random"], game_of(variant,
                                                                           seed).players))
    check_finished(game)
    again = play_game(game_of(variant, seed), make_bots(["random"], game.players))
    assert game_to_json(again) == game_to_json(game)


@pytest.mark.parametrize("variant,bots,stop", [
    ("standard", ["greedy", "random"], 41), ("solo", ["greedy"], 13),
    ("two-player-advanced", ["random"], 3)])
def test_save_load_finish_equals_uninterrupted(tmp_path: Path, variant: str, bots: list[str],
                                               stop: int) -> None:
    whole = play_game(game_of(variant, 21), make_bots(bots, game_of(variant, 21).players))
    part = game_of(variant, 21)
    seats = make_bots(bots, part.players)
    for _ in range(stop):
        play_turn(part, seats)
    path = tmp_path / "game.json"
    save_game(part, path)
    loaded = load_game(path)
    assert game_to_json(loaded) == json.loads(path.read_text())
    play_game(loaded, make_bots(bots, loaded.players))
    assert game_to_json(loaded) == game_to_json(whole)


def test_solver_bot_values_what_it_takes() -> None:
    game = game_of("two-player", 4)
    bots: dict = {"P1": GreedyBot(), "P2": RandomBot()}
    while game.round < 2 or game.to_move() != "P1":
        play_turn(game, bots)
    bots["P1"] = bot = SolverBot()
    assert isinstance(bot, SolverBot) and isinstance(bot, GreedyBot)
    slot = next(s for s in game.options("P1") if s[0] == "tiles" and game.visible(s))
    worth = bot.solved(game, "P1", slot)
    assert worth is not None and worth >= 0
    assert worth >= score_city(game.cities["P1"]).total - 20  # the pool rebuilds the city
    play_turn(game, bots)
    assert game.log[-1]["player"] == "P1"
    assert rebuilt(game, "P1") == game.cities["P1"]


def test_game_file_round_trip_mid_game() -> None:
    game = game_of("two-player-long", 9)
    bots = make_bots(["random"], game.players)
    for _ in range(30):
        play_turn(game, bots)
    data = json.loads(json.dumps(game_to_json(game)))
    assert game_to_json(game_from_json(data)) == data


class FixedBot(RandomBot):
    """Takes one worker space and proposes a given plan (to test what the game accepts)."""

    def __init__(self, slot: tuple[str, int], plan: list[dict]) -> None:
        self.slot, self.plan = slot, plan

    def choose(self, game: Game, player: str, options: list, r: object) -> tuple[str, int]:
        return self.slot

    def place(self, game: Game, player: str, slot: object, items: list, r: object) -> list:
        return self.plan


def brandon(top: str) -> tuple[Game, dict]:
    """The rulebook's skyscraper example: 4 pieces from the first space, which holds a yellow
    and a blue top; afterwards black and blue buildings are 4 high."""
    from solver.usa.rules.board import WorkerSpace

    game = game_of("two-player", 2)
    bots = make_bots(["random"], game.players)
    while game.round == 0:
        play_turn(game, bots)
    city = check(City((3, 3), {}, components=game.components), {
        "action": "tile", "tile": "start-1", "at": [0, 0], "rotation": 0, "bridges": []}).city
    assert city is not None
    black, blue = (next(s for s in city.spaces() if city.kind(s) == c) for c in ("black", "blue"))
    game.cities["P1"] = city.with_changes(buildings={black: Building("black", 3),
                                                     blue: Building("blue", 3)})
    game.star, game.turn = "P1", 0
    game.board["pieces"][0] = WorkerSpace(["black", "blue", "white", "white"])
    game.tops[0] = ["yellow", "blue"]
    plan = [{"action": "building", "color": "black", "space": list(black)},
            {"action": "building", "color": "blue", "space": list(blue)},
            {"action": "top", "color": top, "space": list(blue if top == "blue" else black)}]
    return game, {"P1": FixedBot(("pieces", 0), plan), "P2": RandomBot()}


def test_rulebook_skyscraper_top_from_the_space_taken() -> None:
    game, bots = brandon("blue")
    play_turn(game, bots)
    city = game.cities["P1"]
    assert sorted((b.color, b.stories, b.top) for b in city.buildings.values()) == [
        ("black", 4, False), ("blue", 5, True)]
    assert game.tops[0] == ["yellow"]  # the yellow top stays on the board
    for top, words in (("black", "no black top on that space"), ("yellow", "illegal action")):
        game, bots = brandon(top)
        with pytest.raises(CitiesError, match=words):
            play_turn(game, bots)


def test_three_players_leave_items_that_are_removed() -> None:
    game = game_of("standard", 4, 3)
    bots = make_bots(["random"], game.players)
    while game.round < 4:
        play_turn(game, bots)
        if game.turn == 0 and game.round > 1:
            dealt = game.round  # a new round: 4 more cards and tiles left the decks
            assert len(game.decks["cards"]) == 32 - 4 * dealt
            assert len(game.decks["tiles"]) == 32 - 4 * dealt
    assert sum(1 for e in game.log if e.get("row") == "cards") == 9  # 3 rounds x 3 players
