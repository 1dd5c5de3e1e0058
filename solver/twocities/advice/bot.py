"""The advisor bot: a seat at the table that plays the race's best choice, so that the
advice can be measured against the other bots over whole games."""

from __future__ import annotations

import random
from collections.abc import Sequence

from solver.common.seats import Bots
from solver.twocities import bots
from solver.twocities.advice.choices import ChoiceBot
from solver.twocities.advice.memory import Seen
from solver.twocities.advice.race import advise
from solver.twocities.advice.rollouts import BOT_ROLLOUTS
from solver.twocities.rules.game import Bot, Game

#: The advisor bot's play-outs: the race's ``BOT_ROLLOUTS`` leaders, by successive halving,
#: the last two on this many deals.
BOT_DEALS = 8


class AdvisorBot(ChoiceBot):
    """Plays the advice's best choice (few samples, the leaders played out with the hands it
    has seen in mind); greedy wherever the advice has no say (Jamey's duplexes, a planned cell
    that another tile took)."""

    name = "advisor"

    def __init__(self, samples: int = 6, positions: int = 2, rollouts: int = BOT_ROLLOUTS,
                 rollout_samples: int = BOT_DEALS, halve: bool = True, memory: bool = True,
                 greedy: bool = True):
        self.samples, self.positions = samples, positions
        self.rollouts, self.rollout_samples, self.halve = rollouts, rollout_samples, halve
        self.memory, self.greedy = memory, greedy
        self.plan, self.order = {}, {}
        self.seen, self.game = Seen(), 0

    def choose(self, game: Game, player: str, hand: list[str], r: random.Random) -> list[int]:
        if hand != game.hands.get(player) or len(hand) < 2:
            return super().choose(game, player, hand, r)
        if self.game != id(game):  # another game: forget the hands of the last one
            self.seen, self.game = Seen(), id(game)
        self.seen.record(game, player)
        best = advise(game, player, samples=self.samples, positions=self.positions,
                      seed=r.getrandbits(32), rollouts=self.rollouts,
                      rollout_samples=self.rollout_samples,
                      seen=self.seen if self.memory else None, halve=self.halve,
                      greedy=self.greedy).best.choice
        return self.follow(best, game, player, hand, r)


#: ``bots.BOTS`` and the advisor.
BOTS: Bots[Bot] = {**bots.BOTS, "advisor": AdvisorBot}


def make_bots(names: Sequence[str], players: Sequence[str],
              known: Bots[Bot] = BOTS) -> dict[str, Bot]:
    """``bots.make_bots`` with the advisor among the bots."""
    return bots.make_bots(names, players, known)
