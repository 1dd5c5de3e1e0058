"""The rules engines own the game loop and the game's summary (``Game.play``,
``Game.summary``) in both games: each round reported once as it ends, a stop before a round
resumed to the same end, the summary read from the engine's own standings."""

from __future__ import annotations

from solver.twocities.bots import make_bots
from solver.twocities.game.rulesets import load_ruleset
from solver.twocities.rules.game import new_game
from solver.usa.bots import make_bots as make_usa_bots
from solver.usa.game.rulesets import load_ruleset as load_usa_ruleset
from solver.usa.rules.game import new_game as new_usa_game


def test_between_two_cities_reports_each_round_once_and_stops_where_asked() -> None:
    rounds: list[int] = []
    game = new_game(load_ruleset(variant="two-player-standard"), 2, seed=2)
    bots = make_bots(["random"], game.players)
    game.play(bots, until_round=2, on_round=rounds.append)
    assert rounds == [1] and game.round == 2 and not game.over
    game.play(bots, on_round=rounds.append)
    assert rounds == [1, 2, 3] and game.over
    whole = new_game(load_ruleset(variant="two-player-standard"), 2, seed=2)
    whole.play(make_bots(["random"], whole.players))
    assert game.summary() == whole.summary()
    summary = game.summary()
    assert summary["fallbacks"] == dict(game.fallbacks)
    assert [s["player"] for s in summary["standings"]] == \
        [s.player for s in game.table().standings]


def test_cities_usa_reports_rounds_of_play_and_summarises_the_standings() -> None:
    rules = load_usa_ruleset("two-player")
    rounds: list[int] = []
    game = new_usa_game(rules, 2, seed=5)
    game.play(make_usa_bots(["random"], game.players), until_round=2, on_round=rounds.append)
    assert rounds == [1] and game.round == 2  # round 0, the starting tiles, is not reported
    summary = game.summary()
    assert summary["over"] is False and summary["round"] == 2
    game.play(make_usa_bots(["random"], game.players), on_round=rounds.append)
    assert rounds == list(range(1, rules.rounds + 1))
    summary = game.summary()
    assert summary["over"] is True and summary["variant"] == "two-player"
    assert summary["standings"] == game.standings()
    assert summary["achievement_board"]["achievements"] == list(game.achievements)
