"""Drafting advice: rank a player's choices for the hand in front of them.

A *choice* is the tile kept for one of the player's cities and where it goes, plus the tile
sent to the other city (the best by immediate score in rounds 1 and 3; every pairing of the
duplexes in round 2).  Each choice is valued by sampled completions of the game: the tiles the
player has not seen are shuffled (seeded), each city takes what it still lacks from them, and
the city is finished greedily (``complete``).  The player's value is the lower city (the sum in
two-player standard).  Every choice is valued on the same samples, so differences between
choices are measured with little noise (common random numbers), and a choice drops out of the
race as soon as it is clearly behind the leader (``advise``).  See docs/advice.md.

>>> from solver.twocities.game.rulesets import load_ruleset
>>> from solver.twocities.rules.game import new_game
>>> game = new_game(load_ruleset(), 3, seed=3)
>>> a = advise(game, "P1", samples=3, positions=1, seed=0)
>>> a.best is a.choices[0], a.best.samples >= 1
(True, True)
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from statistics import NormalDist, mean, stdev
from typing import Any

from solver.common.errors import CitiesError
from solver.twocities.bots import GreedyBot, city_score
from solver.twocities.bots import make_bots as _make_bots
from solver.twocities.game.components import Coord, load_components
from solver.twocities.game.pool import Placement
from solver.twocities.game.tiles import Duplex, Tile, parse_tile
from solver.twocities.rules.game import JAMEY, Bot, Game, GameCity, Options, play_game
from solver.twocities.rules.legality import PERMISSIVE
from solver.twocities.rules.position import Position

#: Defaults of ``cities advise``: samples per choice at most, positions per tile and city.
SAMPLES = 16
POSITIONS = 3
#: A choice drops out once the leader beats it by more than this many standard errors of the
#: paired difference (about 1 % one-sided under a normal approximation).
Z_DROP = 2.33
#: The solver's deterministic work limit per city when choices are solved (``--solve``).
SOLVE_LIMIT = 0.5
#: Points within which two choices count as equally good (the race stops splitting them).
TIE = 0.5
#: Samples every choice gets before any drops out.
MIN_SAMPLES = 3
#: The advisor bot: how many of the race's leaders are played out to the end of the game
#: (``rollout``), on how many sampled deals each.
BOT_ROLLOUTS = 3
BOT_ROLLOUT_SAMPLES = 8

_GREEDY = GreedyBot()


def _tile(token: str) -> Tile:
    return parse_tile(token, load_components().civics)


@dataclass(frozen=True)
class Move:
    """One tile into one city (0-based index) at one mat cell."""

    tile: str
    city: int
    at: Coord

    def to_json(self, game: Game) -> dict[str, Any]:
        return {"tile": self.tile, "city": self.city + 1, "city_name": game.cities[self.city].name,
                "at": list(self.at)}


@dataclass(frozen=True)
class Choice:
    keep: Move
    other: Move | None  # the tile for the player's other city (None: it has no legal place)


@dataclass
class Estimate:
    """A choice's sampled final scores and what they say."""

    choice: Choice
    values: list[int] = field(default_factory=list)
    keys: list[float] = field(default_factory=list)  # what the race compares (tie-break in)
    dropped: bool = False
    solved: Estimate | None = None  # the same samples finished by the solver (``solve``)
    bounds: list[int] = field(default_factory=list)  # solved: the solver's proven bounds
    proven: int = 0  # solved: samples whose every city was proven optimal
    rolled: Estimate | None = None  # the rest of the game played out (``rollout``)

    @property
    def key(self) -> float:
        return mean(self.keys)

    @property
    def samples(self) -> int:
        return len(self.values)

    @property
    def expected(self) -> float:
        return mean(self.values)

    def interval(self) -> tuple[float, float]:
        """95 % confidence interval of the mean (Student t; a point with one sample)."""
        n = len(self.values)
        if n < 2:
            return self.expected, self.expected
        half = _t95(n - 1) * stdev(self.values) / math.sqrt(n)
        return self.expected - half, self.expected + half


@dataclass
class Advice:
    player: str
    choices: list[Estimate]  # best first
    samples: int  # samples drawn (the most any choice got)
    seconds: float
    seed: int

    @property
    def best(self) -> Estimate:
        return self.choices[0]

    def to_json(self, game: Game) -> dict[str, Any]:
        def numbers(e: Estimate) -> dict[str, Any]:
            low, high = e.interval()
            return {"expected": round(e.expected, 2), "low": round(low, 2),
                    "high": round(high, 2), "samples": e.samples}

        def one(e: Estimate) -> dict[str, Any]:
            out = {**e.choice.keep.to_json(game),
                   "other": e.choice.other.to_json(game) if e.choice.other else None,
                   **numbers(e)}
            if e.solved is not None:
                out["solved"] = {**numbers(e.solved), "proven": e.solved.proven,
                                 "bound": round(mean(e.solved.bounds), 2)}
            if e.rolled is not None:
                out["rolled"] = numbers(e.rolled)
            return out

        return {"player": self.player, "round": game.round, "seed": self.seed,
                "score": "sum of both cities" if game.rules.cities == "own" else "lower city",
                "choices": [one(e) for e in self.choices], "best": one(self.best),
                "samples": self.samples, "seconds": round(self.seconds, 2)}


def _t95(df: int) -> float:
    """Two-sided 95 % Student t quantile (table to 30 degrees of freedom, then normal)."""
    table = (12.71, 4.30, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23, 2.20, 2.18, 2.16,
             2.14, 2.13, 2.12, 2.11, 2.10, 2.09, 2.09, 2.08, 2.07, 2.07, 2.06, 2.06, 2.06, 2.05,
             2.05, 2.05, 2.04)
    return table[df - 1] if df <= len(table) else NormalDist().inv_cdf(0.975)


# --- choices ------------------------------------------------------------------------------


def hand_of(game: Game, player: str) -> list[str]:
    """The hand ``player`` chooses from now (a one-line error when there is none)."""
    if game.over:
        raise CitiesError("the game is over: there is no hand to advise on", field="round")
    if player not in game.humans:
        raise CitiesError(f"{player!r} is not a player ({', '.join(game.humans)})",
                          field="--player")
    hand = game.hands.get(player, [])
    if len(hand) < 2:
        raise CitiesError(f"{player} holds {len(hand)} tile(s): nothing to choose",
                          field=f"hands.{player}")
    return list(hand)


def _ready(pos: Position, tile: Tile) -> Position:
    """The city as it stands when ``tile`` is placed: a round-2 duplex is revealed first."""
    if isinstance(tile, Duplex) and tile not in pos.revealed:
        return pos.reveal((tile,))
    return pos


def places(pos: Position, token: str, k: int) -> list[Coord]:
    """The ``k`` best legal positions of ``token`` by the city's immediate score (ties: the
    first in reading order), so that the race weighs a few distinct openings per tile."""
    tile = _tile(token)
    ready = _ready(pos, tile)
    scored = [(-city_score(ready.play(Placement(tile, at))), at)
              for at in Options(ready, tile, None).all()]
    return [at for _, at in sorted(scored)[:k]]


def _greedy_other(game: Game, city: int, hand: list[str]) -> Move | None:
    """The greedy bot's tile and position for ``city`` from ``hand``."""
    pos = game.cities[city].position
    best: tuple[int, str, Coord] | None = None
    for token in dict.fromkeys(hand):
        tile = _tile(token)
        score, at = _GREEDY.best(_ready(pos, tile), tile)
        if at is not None and (best is None or score > best[0]):
            best = (score, token, at)
    return Move(best[1], city, best[2]) if best else None


def choices(game: Game, player: str, positions: int = POSITIONS) -> list[Choice]:
    """Every choice for the player's hand: each distinct tile, each of the player's cities,
    its ``positions`` best legal cells; the other tile greedy (round 2: every pairing)."""
    hand = hand_of(game, player)
    targets = list(dict.fromkeys(game.cities_of(player)))
    out: list[Choice] = []
    for token in dict.fromkeys(hand):
        rest = list(hand)
        rest.remove(token)
        for city in targets:
            others = [c for c in targets if c != city]
            for at in places(game.cities[city].position, token, positions):
                keep = Move(token, city, at)
                if not others:
                    out.append(Choice(keep, None))
                elif game.round == 2:
                    for other in dict.fromkeys(rest):
                        move = _greedy_other(game, others[0], [other])
                        out.append(Choice(keep, move))
                else:
                    out.append(Choice(keep, _greedy_other(game, others[0], rest)))
    if not out:
        raise CitiesError(f"no tile of {player}'s hand has a legal position",
                          field=f"hands.{player}")
    return out


# --- completions --------------------------------------------------------------------------


def unseen(game: Game, player: str) -> tuple[list[str], list[str]]:
    """(singles, duplexes) of the box the player has not seen: not in a city, not in their
    hand.  Sorted: the caller shuffles with its own seed."""
    comps = load_components()
    singles = Counter(comps.single_pool(civics=game.rules.modules["civics"]).elements())
    duplexes = Counter(d.token for d in comps.duplexes)
    seen = Counter(game.hands.get(player, []))
    for c in game.cities:
        seen.update(p.tile.token for p in c.position.placed)
        seen.update(d.token for d in c.position.revealed)
    return sorted((singles - seen).elements()), sorted((duplexes - seen).elements())


def _place_greedy(pos: Position, token: str) -> Position:
    """Place ``token`` at its best position (the game's fallback readings in turn; a tile with
    no position at all is discarded, as in the game)."""
    tile = _tile(token)
    pos = _ready(pos, tile)
    for reading in (None, PERMISSIVE):
        _, at = _GREEDY.best(pos, tile, reading)
        if at is not None:
            return pos.play(Placement(tile, at))
    if isinstance(tile, Duplex):
        rest = list(pos.revealed)
        rest.remove(tile)
        return Position(pos.rules, pos.mat, pos.placed, pos.round, tuple(rest), pos.reveal_mode)
    return pos


def complete(pos: Position, singles: list[str], duplexes: list[str]) -> int:
    """The city's final score (alone) when it takes what it still lacks from ``singles`` and
    ``duplexes`` in order, each placed where it scores most at once."""
    a, d, b = pos.remaining()
    for token in singles[:a]:
        pos = _place_greedy(pos, token)
    new = duplexes[:max(0, d - len(pos.revealed))]
    if pos.duplexes_revealed == "together" and new:
        pos = pos.reveal(tuple(_tile(t) for t in new))
    for token in [*(x.token for x in pos.revealed), *new][:d]:
        pos = _place_greedy(pos, token)
    for token in singles[a:a + b]:
        pos = _place_greedy(pos, token)
    return city_score(pos)


class _Sample:
    """One sampled future: per city, the singles and duplexes it will take, in order; values
    of (city, move) cached so that choices sharing a move share its completion."""

    def __init__(self, game: Game, player: str, r: random.Random):
        singles, duplexes = unseen(game, player)
        r.shuffle(singles)
        r.shuffle(duplexes)
        self.game = game
        self.futures: dict[int, tuple[list[str], list[str]]] = {}
        s = d = 0
        for city in dict.fromkeys(game.cities_of(player)):
            a, dd, b = game.cities[city].position.remaining()
            self.futures[city] = (singles[s:s + a + b], duplexes[d:d + dd])
            s, d = s + a + b, d + dd
        self.cache: dict[tuple[int, Move | None], int] = {}

    def start(self, city: int, move: Move | None) -> Position:
        """The city once the choice's move (if any) is played."""
        pos = self.game.cities[city].position
        if move is not None:
            tile = _tile(move.tile)
            pos = _ready(pos, tile).play(Placement(tile, move.at))
        return pos

    def city_value(self, city: int, move: Move | None) -> int:
        key = (city, move)
        if key not in self.cache:
            self.cache[key] = complete(self.start(city, move), *self.futures[city])
        return self.cache[key]

    def value(self, choice: Choice, cities: list[int]) -> tuple[int, float]:
        """(final score, race key): the key breaks ties by the higher city, as the game
        does, so that a choice that helps only the higher city still counts."""
        moves = {choice.keep.city: choice.keep}
        if choice.other is not None:
            moves[choice.other.city] = choice.other
        scores = [self.city_value(c, moves.get(c)) for c in cities]
        if self.game.rules.cities == "own":
            return sum(scores), sum(scores)
        return min(scores), min(scores) + max(scores) / 1000


# --- the race -----------------------------------------------------------------------------


def _settled(e: Estimate, leader: Estimate) -> bool:
    """Out of the race against the leader: clearly behind it (the paired difference's upper
    bound below zero), or as good as it (that difference's interval within ``TIE`` points
    either side of zero: racing on would only split hairs)."""
    n = e.samples
    diffs = [x - y for x, y in zip(e.keys, leader.keys, strict=True)]
    m = mean(diffs)
    half = Z_DROP * (stdev(diffs) if n > 1 else 0.0) / math.sqrt(n)
    return m + half < 0 or (m <= 0 and m - half >= -TIE and m + half <= TIE)


def _record(e: Estimate, value: tuple[int, float]) -> None:
    e.values.append(value[0])
    e.keys.append(value[1])


def advise(game: Game, player: str, *, samples: int = SAMPLES, positions: int = POSITIONS,
           seed: int = 0, time_limit: float | None = None, solve: int = 0,
           solve_limit: float = SOLVE_LIMIT, rollouts: int = 0,
           rollout_samples: int = BOT_ROLLOUT_SAMPLES) -> Advice:
    """Rank the player's choices by expected final score (see the module docstring).

    Samples are drawn one at a time and every choice still in the race is valued on each;
    after ``MIN_SAMPLES`` a choice drops out when the leader is ahead of it by more than
    ``Z_DROP`` standard errors of their paired difference.  The race ends when one choice is
    left, ``samples`` are drawn, or ``time_limit`` seconds have passed (then every choice
    still racing has the same number of samples).

    ``solve``: the first ``solve`` choices of the ranking are valued again on their samples
    with every city finished by the solver instead (``solved_city``) and reordered by that.
    ``rollouts``: the first ``rollouts`` choices are then played out to the end of the game on
    ``rollout_samples`` deals each (``rollout``) and reordered by that.
    """
    if samples < 1:
        raise CitiesError("expected at least 1 sample", field="--samples")
    if solve < 0 or not solve_limit > 0:
        raise CitiesError("expected --solve of 0 or more and a positive --solve-limit",
                          field="--solve")
    if positions < 1:
        raise CitiesError("expected at least 1 position", field="--positions")
    if rollouts < 0 or rollout_samples < 1:
        raise CitiesError("expected --rollouts of 0 or more and at least 1 rollout sample",
                          field="--rollouts")
    start = time.monotonic()
    racing = [Estimate(c) for c in choices(game, player, positions)]
    everyone = list(racing)
    cities = list(dict.fromkeys(game.cities_of(player)))
    drawn = 0
    while drawn < samples and len(racing) > 1:
        sample = _Sample(game, player, random.Random(f"advice/{seed}/{drawn}"))
        for e in racing:
            _record(e, sample.value(e.choice, cities))
        drawn += 1
        if drawn >= MIN_SAMPLES:
            leader = max(racing, key=lambda e: e.key)
            for e in racing:
                e.dropped = e is not leader and _settled(e, leader)
            racing = [e for e in racing if not e.dropped]
        if time_limit is not None and time.monotonic() - start > time_limit:
            break
    if drawn == 0:  # a single choice: value it once so that it has an estimate
        sample = _Sample(game, player, random.Random(f"advice/{seed}/0"))
        _record(racing[0], sample.value(racing[0].choice, cities))
        drawn = 1
    # Still racing first (more samples, not beaten), then by estimate; ties in choice order.
    order = sorted(range(len(everyone)),
                   key=lambda i: (everyone[i].dropped, -everyone[i].key, i))
    ranked = [everyone[i] for i in order]
    if solve > 0:
        ranked = _solve_top(game, player, ranked, solve, seed, solve_limit)
    if rollouts > 0:
        ranked = rollout(game, player, ranked, rollouts, rollout_samples, seed)
    return Advice(player, ranked, drawn, time.monotonic() - start, seed)


def _solve_top(game: Game, player: str, ranked: list[Estimate], n: int, seed: int,
               limit: float) -> list[Estimate]:
    cities = list(dict.fromkeys(game.cities_of(player)))
    own = game.rules.cities == "own"
    top = ranked[:n]
    cache: dict[tuple[int, int, Move | None], tuple[int, int, bool]] = {}
    for e in top:
        solved = Estimate(e.choice)
        for k in range(e.samples):
            sample = _Sample(game, player, random.Random(f"advice/{seed}/{k}"))
            moves = {e.choice.keep.city: e.choice.keep}
            if e.choice.other is not None:
                moves[e.choice.other.city] = e.choice.other
            found = []
            for c in cities:
                key = (k, c, moves.get(c))
                if key not in cache:
                    cache[key] = solved_city(sample.start(c, moves.get(c)),
                                             *sample.futures[c], limit)
                found.append(cache[key])
            scores, bounds = [f[0] for f in found], [f[1] for f in found]
            value = sum(scores) if own else min(scores)
            _record(solved, (value, value if own else value + max(scores) / 1000))
            solved.bounds.append(sum(bounds) if own else min(bounds))
            solved.proven += all(f[2] for f in found)
        e.solved = solved
    top.sort(key=lambda e: -e.solved.key if e.solved else 0)
    return top + ranked[n:]


def solved_city(pos: Position, singles: list[str], duplexes: list[str],
                deterministic_time: float) -> tuple[int, int, bool]:
    """(score, bound, proven): the best city ``solve_pool`` finds from the placed tiles and
    exactly the tiles the city still lacks, one worker, a deterministic limit.  Where it finds
    no city in time, the greedy completion stands in (with the solver's bound, if any)."""
    from solver.twocities.bots import _open_square
    from solver.twocities.cpsat.solve import solve_pool
    from solver.twocities.game.pool import Pool

    a, d, b = pos.remaining()
    tokens = [*singles[:a + b], *(x.token for x in pos.revealed),
              *duplexes[:max(0, d - len(pos.revealed))]]
    fixed = pos.placed
    if pos.mat is None and fixed:  # no mat: the solver's square starts at (0, 0)
        top, left = _open_square(pos)
        fixed = tuple(Placement(p.tile, (p.at[0] - top, p.at[1] - left)) for p in fixed)
    pool = Pool(pos.rules, (pos.mat,) if pos.mat is not None else (),
                tuple(_tile(t) for t in tokens), fixed=fixed)
    greedy = complete(pos, singles, duplexes)
    result = solve_pool(pool, time_limit=None, workers=1, deterministic_time=deterministic_time)
    if result.score is None or result.score < greedy:
        return greedy, max(greedy, result.bound or greedy), False
    return result.score, result.bound if result.bound is not None else result.score, \
        result.proven


# --- rollouts: the rest of the game played out ---------------------------------------------


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


class _Scripted(GreedyBot):
    """Plays one choice on this turn, then as the greedy bot."""

    name = "scripted"

    def __init__(self, choice: Choice):
        moves = [choice.keep] + ([choice.other] if choice.other else [])
        self.tiles = [m.tile for m in moves]
        self.plan = {(m.city, m.tile): m.at for m in moves}
        self.order = {m.tile: m.city for m in moves}
        self.fresh = True

    def choose(self, game: Game, player: str, hand: list[str], r: random.Random) -> list[int]:
        if not self.fresh:
            return super().choose(game, player, hand, r)
        self.fresh = False
        picks: list[int] = []
        for t in self.tiles:
            picks.append(next(i for i, x in enumerate(hand) if x == t and i not in picks))
        if len(picks) < 2:
            picks.append(next(i for i in super().choose(game, player, hand, r)
                              if i not in picks))
        return picks

    def assign(self, game: Game, player: str, tiles: list[str], targets: tuple[int, int],
               r: random.Random) -> list[str]:
        for order in (tiles, [tiles[1], tiles[0]]):
            if all(self.order.get(t, c) == c for t, c in zip(order, targets, strict=True)) \
                    and any(t in self.order for t in order):
                return order
        return super().assign(game, player, tiles, targets, r)

    def place(self, game: Game, player: str, city: int, options: Options,
              r: random.Random) -> Coord | None:
        at = self.plan.pop((city, options.tile.token), None)
        if at is not None and options.legal(at):
            return at
        return super().place(game, player, city, options, r)


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


# --- the bot ------------------------------------------------------------------------------


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


__all__ = ["Advice", "AdvisorBot", "Choice", "Estimate", "Move", "advise", "choices",
           "complete", "make_bots"]
