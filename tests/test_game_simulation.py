"""Seeded simulations of every variant: every bot move legal, every city a full square with the
right piece counts, the table scorer consistent with scoring each city alone.

The default run plays a few games per variant; ``CITIES_SIM_GAMES=1000`` plays the full
thousand (``.ci/run`` sets it).  Fallback counts are reported and the ones that would leave a
city unfinished must never fire.
"""

from __future__ import annotations

import os
from collections import Counter

import pytest

from solver.twocities.bots import make_bots
from solver.twocities.game.rulesets import load_ruleset
from solver.twocities.rules.game import new_game, play_game
from tests.support.games import finished_properly, replay_is_legal, table_agrees_with_alone

pytestmark = pytest.mark.simulation

GAMES = int(os.environ.get("CITIES_SIM_GAMES", "30"))
PLAYERS = {"standard": [3, 4, 5, 6, 7], "beginner": [3, 4, 5, 6, 7],
           "two-player-standard": [2], "two-player-advanced": [2]}


@pytest.mark.parametrize("variant", list(PLAYERS))
def test_simulated_games(variant):
    fallbacks: Counter[str] = Counter()
    for seed in range(GAMES):
        players = PLAYERS[variant][seed % len(PLAYERS[variant])]
        game = new_game(load_ruleset("essential", variant), players, seed,
                        districts=seed % 3 == 0)
        play_game(game, make_bots(["random"], game.players))
        fallbacks += game.fallbacks
        assert not game.fallbacks.get("bounding-box") and not game.fallbacks.get("discard"), \
            (variant, seed, game.fallbacks)
        finished_properly(game)
        replay_is_legal(game)
        table_agrees_with_alone(game)
    print(f"\n{variant}: {GAMES} games, fallbacks {dict(fallbacks) or 'none'}")
