"""Play-outs: the rest of the game played through the game engine from a deal the player
might face, every player greedy after the choice; what ``--rollouts`` and the advisor bot
value the race's leaders by."""

from __future__ import annotations

import random
from collections import Counter

from solver.twocities.advice.choices import _GREEDY, Choice, ChoiceBot, unseen
from solver.twocities.advice.estimates import Estimate, _record
from solver.twocities.rules.game import JAMEY, Bot, Game, GameCity, play_game

#: The advisor bot: how many of the race's leaders are played out to the end of the game
#: (``rollout``), on how many sampled deals each.
BOT_ROLLOUTS = 3
BOT_ROLLOUT_SAMPLES = 8


def deal_unseen(game: Game, player: str, r: random.Random) -> Game:
    """A copy of ``game`` as ``player`` might face it: their hand and every city as they are;
    the other hands, the bag and the duplex stack dealt afresh (shuffled by ``r``) from the
    tiles the player has not seen."""
    singles, duplexes = unseen(game, player)
    r.shuffle(singles)
    r.shuffle(duplexes)
    hands: dict[str, list[str]] = {}
    for p, hand in game.hands.items():
        if p == player:
            hands[p] = list(hand)
            continue
        # Mid-turn, the players before this one have already taken their tiles from their
        # hands: every human's hand is as large as the player's until the turn is played.
        size = len(hand) if p == JAMEY else len(game.hands[player])
        source = duplexes if game.round == 2 else singles
        hands[p] = source[:size]
        del source[:size]
    return Game(game.rules, game.seed, game.players,
                [GameCity(c.name, c.builders, c.position) for c in game.cities],
                game.districts, singles, duplexes, hands, game.round, game.part, game.turn,
                list(game.discards), [], Counter(game.fallbacks))


class _Scripted(ChoiceBot):
    """Plays one choice on this turn, then as the greedy bot."""

    name = "scripted"

    def __init__(self, choice: Choice):
        self.choice = choice
        self.plan, self.order = {}, {}
        self.fresh = True

    def choose(self, game: Game, player: str, hand: list[str], r: random.Random) -> list[int]:
        if not self.fresh:
            return super().choose(game, player, hand, r)
        self.fresh = False
        return self.follow(self.choice, game, player, hand, r)


def rollout_value(game: Game, player: str, choice: Choice) -> tuple[int, float]:
    """(final score, race key) when ``player`` plays ``choice`` and every player (the player
    too, afterwards) plays the rest of ``game`` as the greedy bot: the draft as it is played
    (each hand passed on, each player taking greedily from it) and the table's own scoring,
    cities ranked against each other."""
    bots: dict[str, Bot] = {p: _GREEDY for p in game.players}
    bots[player] = _Scripted(choice)
    play_game(game, bots)
    me = next(s for s in game.table().standings if s.player == player)
    return me.final, me.final + max(me.city_scores) / 1000


def rollout(game: Game, player: str, ranked: list[Estimate], n: int, samples: int,
            seed: int) -> list[Estimate]:
    """The first ``n`` choices of the ranking valued again by ``samples`` rollouts each (the
    same deals for every choice) and reordered by that value; the rest follow."""
    top = ranked[:n]
    for e in top:
        e.rolled = Estimate(e.choice)
    for k in range(samples):
        for e in top:
            dealt = deal_unseen(game, player, random.Random(f"rollout/{seed}/{k}"))
            _record(e.rolled, rollout_value(dealt, player, e.choice))
    top.sort(key=lambda e: -e.rolled.key if e.rolled else 0)
    return top + ranked[n:]

