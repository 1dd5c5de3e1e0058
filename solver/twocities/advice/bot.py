"""The advisor bot: a seat at the table that plays the race's best choice, so that the
advice can be measured against the other bots over whole games."""

from __future__ import annotations

import random

from solver.twocities.advice.choices import ChoiceBot
from solver.twocities.advice.race import advise
from solver.twocities.advice.rollouts import BOT_ROLLOUT_SAMPLES, BOT_ROLLOUTS
from solver.twocities.bots import make_bots as _make_bots
from solver.twocities.rules.game import Bot, Game


class AdvisorBot(ChoiceBot):
    """Plays the advice's best choice (few samples); greedy wherever the advice has no say
    (Jamey's duplexes, a planned cell that another tile took)."""

    name = "advisor"

    def __init__(self, samples: int = 6, positions: int = 2, rollouts: int = BOT_ROLLOUTS,
                 rollout_samples: int = BOT_ROLLOUT_SAMPLES):
        self.samples, self.positions = samples, positions
        self.rollouts, self.rollout_samples = rollouts, rollout_samples
        self.plan, self.order = {}, {}

    def choose(self, game: Game, player: str, hand: list[str], r: random.Random) -> list[int]:
        if hand != game.hands.get(player) or len(hand) < 2:
            return super().choose(game, player, hand, r)
        best = advise(game, player, samples=self.samples, positions=self.positions,
                      seed=r.getrandbits(32), rollouts=self.rollouts,
                      rollout_samples=self.rollout_samples).best.choice
        return self.follow(best, game, player, hand, r)


def make_bots(names: list[str], players: tuple[str, ...]) -> dict[str, Bot]:
    """``bots.make_bots`` with the advisor among the bots."""
    return _make_bots(names, players, extra={"advisor": AdvisorBot})

