"""Play-outs: the rest of the game played through the game engine from a deal the player
might face, every player greedy after the choice; what ``--rollouts`` and the advisor bot
value the race's leaders by."""

from __future__ import annotations

import random
from collections import Counter

from solver.common.sat import Budget
from solver.twocities.advice.choices import _GREEDY, Choice, ChoiceBot, unseen
from solver.twocities.advice.estimates import Estimate, _record
from solver.twocities.advice.memory import Seen, known_hands
from solver.twocities.rules.game import JAMEY, Bot, Game, GameCity, play_game

#: How many of the race's leaders the advisor bot plays out to the end of the game
#: (``rollout``); on how many sampled deals each ``cities advise --rollouts`` plays them.
BOT_ROLLOUTS = 4
BOT_ROLLOUT_SAMPLES = 8


def deal_unseen(game: Game, player: str, r: random.Random, seen: Seen | None = None) -> Game:
    """A copy of ``game`` as ``player`` might face it: their hand and every city as they are;
    the other hands, the bag and the duplex stack dealt afresh (shuffled by ``r``) from the
    tiles the player has not seen.  With ``seen`` (the hands the player held, ``memory``),
    the other hands the player knows are dealt as they are, and neither they nor the tiles
    the player knows were discarded go into the bag."""
    singles, duplexes = unseen(game, player)
    size = len(game.hands.get(player, []))
    known, discarded = known_hands(game, player, seen) if seen is not None else ({}, [])
    # Mid-turn, the players before this one have already taken their tiles from their
    # hands: every human's hand is as large as the player's until the turn is played.
    known = {p: h for p, h in known.items() if len(h) == size}
    gone = Counter(discarded) + Counter(t for h in known.values() for t in h)
    singles, duplexes = _without(singles, gone), _without(duplexes, gone)
    r.shuffle(singles)
    r.shuffle(duplexes)
    hands: dict[str, list[str]] = {}
    for p, hand in game.hands.items():
        if p == player or p in known:
            hands[p] = list(hand) if p == player else list(known[p])
            continue
        n = len(hand) if p == JAMEY else size
        source = duplexes if game.round == 2 else singles
        hands[p] = source[:n]
        del source[:n]
    return Game(game.rules, game.seed, game.players,
                [GameCity(c.name, c.builders, c.position) for c in game.cities],
                game.districts, singles, duplexes, hands, game.round, game.part, game.turn,
                list(game.discards), [], Counter(game.fallbacks))


def _without(pile: list[str], gone: Counter[str]) -> list[str]:
    """``pile`` (sorted) less the tiles of ``gone`` that are in it."""
    return sorted((Counter(pile) - gone).elements())


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
            seed: int, seen: Seen | None = None, halve: bool = False,
            budget: Budget | None = None) -> list[Estimate]:
    """The first ``n`` choices of the ranking valued again by ``samples`` rollouts each (the
    same deals for every choice, dealt with the player's memory ``seen``) and reordered by
    that value; the rest follow.

    ``halve``: successive halving: every choice is first played out on a quarter of the
    deals, then the better half (by mean, two at least) goes on to twice as many deals, and so
    on until ``samples`` deals; the choices that played out the most deals come first.

    ``budget`` (wall-clock seconds): once it runs out, the deal being played out is dropped
    (every choice still racing keeps the same deals) and the play-outs end; a choice with no
    deal played out keeps no rolled value."""
    top = ranked[:n]
    for e in top:
        e.rolled = Estimate(e.choice)
    racing, deals = list(top), 0
    target = max(1, samples // 4) if halve else samples
    while True:
        for k in range(deals, target):
            if not _deal_for_all(game, player, racing, f"rollout/{seed}/{k}", seen, budget):
                for e in top:
                    e.rolled = e.rolled if e.rolled and e.rolled.samples else None
                return _by_rollouts(top) + ranked[n:]
        deals = target
        if deals >= samples or len(racing) <= 1:
            break
        racing.sort(key=lambda e: -e.rolled.key if e.rolled else 0)
        racing = racing[:max(2, (len(racing) + 1) // 2)]  # a lone survivor learns nothing
        target = min(samples, 2 * target)
    return _by_rollouts(top) + ranked[n:]


def _deal_for_all(game: Game, player: str, racing: list[Estimate], deal: str,
                  seen: Seen | None, budget: Budget | None) -> bool:
    """Play every racing choice out on one deal; False (and nothing recorded) when the
    budget runs out first."""
    values = []
    for e in racing:
        if budget is not None and budget.exhausted():
            return False
        dealt = deal_unseen(game, player, random.Random(deal), seen)
        values.append(rollout_value(dealt, player, e.choice))
    for e, value in zip(racing, values, strict=True):
        _record(e.rolled, value)  # type: ignore[arg-type]
    return True


def _by_rollouts(top: list[Estimate]) -> list[Estimate]:
    """The choices that played out the most deals first, then by their play-outs' value."""
    return sorted(top, key=lambda e: (-e.rolled.samples, -e.rolled.key) if e.rolled else (0, 0))
