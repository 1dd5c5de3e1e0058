"""`cities advise` and the advisor bot: JSON shape, determinism, the best choice first, bad
input.  Few samples and few positions keep these quick."""

import json
from itertools import permutations

import pytest
from typer.testing import CliRunner

import cli
from solver.twocities.advice import AdvisorBot, advise
from solver.twocities.bots import GreedyBot, city_score
from solver.twocities.game.pool import Placement
from solver.twocities.game.rulesets import load_ruleset
from solver.twocities.rules.game import Game, Options, new_game, play_turn
from solver.twocities.rules.gamefile import save_game
from solver.twocities.rules.legality import PERMISSIVE

runner = CliRunner()
KEYS = {"tile", "city", "city_name", "at", "other", "expected", "low", "high", "samples"}


def _round_one(tmp_path):
    game = new_game(load_ruleset(), 3, seed=11)
    bots = {p: GreedyBot() for p in game.players}
    for _ in range(2):  # round 1, a hand of 5 tiles
        play_turn(game, bots)
    path = tmp_path / "game.json"
    save_game(game, path)
    return game, path


def _last_turn() -> Game:
    """Two-player standard, the last turn: each of P1's own cities takes one more tile, from
    P1's hand, so nothing is left to chance."""
    game = new_game(load_ruleset("essential", "two-player-standard"), 2, seed=4)
    bots = {p: GreedyBot() for p in game.players}
    while [sum(game.cities[c].position.remaining()) for c in game.cities_of("P1")] != [1, 1]:
        play_turn(game, bots)
    return game


def test_json_shape(tmp_path):
    _, path = _round_one(tmp_path)
    result = runner.invoke(cli.app, ["advise", str(path), "--player", "P2", "--samples", "3",
                                     "--positions", "1", "--json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["player"] == "P2" and data["round"] == 1 and data["score"] == "lower city"
    assert data["choices"] and data["best"] == data["choices"][0]
    for c in data["choices"]:
        assert set(c) == KEYS
        assert c["low"] <= c["expected"] <= c["high"]
        assert 1 <= c["samples"] <= 3
        assert {c["city"], c["other"]["city"]} == {2, 1}  # P2 builds cities 2 and 1


def test_same_seed_same_advice(tmp_path):
    game, _ = _round_one(tmp_path)
    runs = [advise(game, "P1", samples=4, positions=1, seed=s).to_json(game)
            for s in (5, 5, 6)]
    for r in runs:
        r.pop("seconds")
    assert runs[0] == runs[1]
    assert runs[0]["seed"] == 5 and runs[2]["seed"] == 6


@pytest.mark.slow
def test_solved_choices_never_below_greedy(tmp_path):
    game, _ = _round_one(tmp_path)
    advice = advise(game, "P1", samples=2, positions=1, seed=1, solve=1, solve_limit=0.05)
    top = advice.best
    assert top.solved is not None and top.solved.samples == top.samples
    for greedy, solved, bound in zip(top.values, top.solved.values, top.solved.bounds,
                                     strict=True):
        assert greedy <= solved <= bound  # the same future: the solver's city is at least as good
    assert all(e.solved is None for e in advice.choices[1:])


def test_best_choice_first_when_nothing_is_left_to_chance():
    game = _last_turn()
    cities = game.cities_of("P1")
    hand = game.hands["P1"]
    exact = []  # every way to play the two tiles, scored by hand
    for order in permutations(hand, 2):
        scores = []
        for token, city in zip(order, cities, strict=True):
            pos = game.cities[city].position
            tile = _tile(token)
            legal = Options(pos, tile, None).all() or Options(pos, tile, PERMISSIVE).all()
            scores.append(max(city_score(pos.play(Placement(tile, at))) for at in legal))
        exact.append(sum(scores))  # two-player standard: the sum of both cities
    advice = advise(game, "P1", samples=4, positions=50, seed=0)
    assert advice.best.expected == max(exact)
    assert advice.best.interval() == (max(exact), max(exact))
    assert all(e.expected <= advice.best.expected for e in advice.choices)


def _tile(token):
    from solver.twocities.advice import _tile as parse
    return parse(token)


def test_advisor_bot_plays_its_advice():
    game = _last_turn()
    bots = {p: GreedyBot() for p in game.players}
    bots["P1"] = AdvisorBot(samples=2, positions=50)
    turn = (game.round, game.part, game.turn)
    best = advise(game, "P1", samples=2, positions=50, seed=0).best
    play_turn(game, bots)
    mine = [m for m in game.log
            if (m["round"], m["part"], m["turn"]) == turn and m["player"] == "P1"]
    assert len(mine) == 2 and all(m["at"] is not None for m in mine)
    final = sum(city_score(game.cities[c].position) for c in game.cities_of("P1"))
    assert final == best.expected  # nothing left to chance: the bot scores what it expected


@pytest.mark.parametrize("args, words", [
    (["--player", "P9"], "'P9' is not a player"),
    (["--samples", "0"], "--samples"),
])
def test_bad_input_one_line(tmp_path, args, words):
    _, path = _round_one(tmp_path)
    result = runner.invoke(cli.app, ["advise", str(path), *args])
    assert result.exit_code == 2 and result.stdout == ""
    assert words in result.stderr and result.stderr.count("\n") == 1


def test_finished_game_one_line():
    result = runner.invoke(cli.app, ["advise", "examples/game-standard-3p-final.json"])
    assert result.exit_code == 2 and result.stdout == ""
    assert "game-standard-3p-final.json" in result.stderr and "over" in result.stderr


def test_dealt_hands_as_the_turn_began():
    """Mid-turn (an earlier seat has taken its two tiles) every other hand is dealt at the
    size of the player's, from tiles the player has not seen; the player's hand and the
    cities stay as they are."""
    from collections import Counter
    from random import Random

    from solver.twocities.advice import deal_unseen, unseen

    game = new_game(load_ruleset(), 3, seed=5)
    del game.hands["P1"][:2]  # P1 chose first this turn
    dealt = deal_unseen(game, "P2", Random(0))
    assert dealt.hands["P2"] == game.hands["P2"]
    assert [len(h) for h in dealt.hands.values()] == [len(game.hands["P2"])] * 3
    singles = Counter(unseen(game, "P2")[0])
    assert not Counter(dealt.hands["P1"] + dealt.hands["P3"] + dealt.bag) - singles
    assert [c.position for c in dealt.cities] == [c.position for c in game.cities]


def test_rollouts_reorder_the_leaders_deterministically(tmp_path):
    game, _ = _round_one(tmp_path)
    runs = [advise(game, "P1", samples=3, positions=1, seed=2, rollouts=2, rollout_samples=2)
            for _ in range(2)]
    assert [e.choice for e in runs[0].choices] == [e.choice for e in runs[1].choices]
    first, second = runs[0].choices[:2]
    assert first.rolled.samples == second.rolled.samples == 2
    assert first.rolled.key >= second.rolled.key
    assert runs[0].choices[2].rolled is None
    assert "rolled" in runs[0].to_json(game)["best"]
