"""The advisor bot: a seat at the table that plays the race's best choice, so that the
advice can be measured against the other bots over whole games."""

from __future__ import annotations

import random

from solver.twocities.advice.race import advise
from solver.twocities.advice.rollouts import BOT_ROLLOUT_SAMPLES, BOT_ROLLOUTS
from solver.twocities.bots import GreedyBot
from solver.twocities.bots import make_bots as _make_bots
from solver.twocities.game.components import Coord
from solver.twocities.rules.game import Bot, Game, Options


class AdvisorBot(GreedyBot):
    """Plays the advice's best choice (few samples); greedy wherever the advice has no say
    (Jamey's duplexes, a planned cell that another tile took)."""

    name = "advisor"

    def __init__(self, samples: int = 6, positions: int = 2, rollouts: int = BOT_ROLLOUTS,
                 rollout_samples: int = BOT_ROLLOUT_SAMPLES):
        self.samples, self.positions = samples, positions
        self.rollouts, self.rollout_samples = rollouts, rollout_samples
        self.plan: dict[tuple[int, str], Coord] = {}
        self.order: dict[str, int] = {}

    def choose(self, game: Game, player: str, hand: list[str], r: random.Random) -> list[int]:
        if hand != game.hands.get(player) or len(hand) < 2:
            return super().choose(game, player, hand, r)
        best = advise(game, player, samples=self.samples, positions=self.positions,
                      seed=r.getrandbits(32), rollouts=self.rollouts,
                      rollout_samples=self.rollout_samples).best.choice
        keep = hand.index(best.keep.tile)
        moves = [best.keep] + ([best.other] if best.other else [])
        picks = [keep]
        for m in moves[1:]:
            picks.append(next(i for i, t in enumerate(hand) if t == m.tile and i != keep))
        if len(picks) < 2:  # the other city has no legal place for any tile: greedy's pick
            picks.append(next(i for i in super().choose(game, player, hand, r) if i != keep))
        self.plan = {(m.city, m.tile): m.at for m in moves}
        self.order = {m.tile: m.city for m in moves}
        return picks

    def assign(self, game: Game, player: str, tiles: list[str], targets: tuple[int, int],
               r: random.Random) -> list[str]:
        flipped = [tiles[1], tiles[0]]
        for order in (tiles, flipped):
            fits = all(self.order.get(t, c) == c for t, c in zip(order, targets, strict=True))
            if fits and any(t in self.order for t in order):
                return order
        return super().assign(game, player, tiles, targets, r)

    def place(self, game: Game, player: str, city: int, options: Options,
              r: random.Random) -> Coord | None:
        at = self.plan.pop((city, options.tile.token), None)
        if at is not None and options.legal(at):
            return at
        return super().place(game, player, city, options, r)


def make_bots(names: list[str], players: tuple[str, ...]) -> dict[str, Bot]:
    """``bots.make_bots`` with the advisor among the bots."""
    return _make_bots(names, players, extra={"advisor": AdvisorBot})

