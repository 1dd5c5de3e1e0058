"""A city finished from a sampled future: greedily (``complete``, what the race values
choices by) or by the solver (``solved_city``, what ``--solve`` values the leaders by)."""

from __future__ import annotations

import random

from solver.common.sat import Budget
from solver.twocities.advice.choices import _GREEDY, Choice, Move, _ready, _tile, unseen
from solver.twocities.advice.estimates import Estimate, _record
from solver.twocities.bots import city_score
from solver.twocities.game.pool import Placement
from solver.twocities.game.tiles import Duplex
from solver.twocities.rules.game import Game
from solver.twocities.rules.legality import PERMISSIVE
from solver.twocities.rules.position import Position
from solver.twocities.rules.squares import open_square

#: The solver's deterministic work limit per city when choices are solved (``--solve``).
SOLVE_LIMIT = 0.5


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


def _solve_top(game: Game, player: str, ranked: list[Estimate], n: int, seed: int,
               limit: float, budget: Budget | None = None) -> list[Estimate]:
    """The first ``n`` choices valued again on their samples with every city solved, and
    reordered by that.  Once ``budget`` (wall-clock seconds) runs out, the choice being
    solved and the rest keep no solved value (they follow the solved ones)."""
    cities = list(dict.fromkeys(game.cities_of(player)))
    own = game.rules.cities == "own"
    top = ranked[:n]
    cache: dict[tuple[int, int, Move | None], tuple[int, int, bool]] = {}
    for e in top:
        solved: Estimate | None = Estimate(e.choice)
        for k in range(e.samples):
            sample = _Sample(game, player, random.Random(f"advice/{seed}/{k}"))
            moves = {e.choice.keep.city: e.choice.keep}
            if e.choice.other is not None:
                moves[e.choice.other.city] = e.choice.other
            found = []
            for c in cities:
                key = (k, c, moves.get(c))
                if key not in cache:
                    if budget is not None and budget.exhausted():
                        break
                    cache[key] = solved_city(sample.start(c, moves.get(c)),
                                             *sample.futures[c], limit,
                                             None if budget is None else budget.seconds_left())
                found.append(cache[key])
            if len(found) < len(cities):
                solved = None
                break
            scores, bounds = [f[0] for f in found], [f[1] for f in found]
            value = sum(scores) if own else min(scores)
            _record(solved, (value, value if own else value + max(scores) / 1000))
            solved.bounds.append(sum(bounds) if own else min(bounds))
            solved.proven += all(f[2] for f in found)
        if solved is None:
            break
        e.solved = solved
    top.sort(key=lambda e: -e.solved.key if e.solved else 0)
    return top + ranked[n:]


def solved_city(pos: Position, singles: list[str], duplexes: list[str],
                deterministic_time: float, seconds: float | None = None
                ) -> tuple[int, int, bool]:
    """(score, bound, proven): the best city ``solve_pool`` finds from the placed tiles and
    exactly the tiles the city still lacks, one worker, a deterministic limit (and at most
    ``seconds`` of wall clock, if given).  Where it finds no city in time, the greedy
    completion stands in (with the solver's bound, if any)."""
    from solver.twocities.cpsat import solve_pool
    from solver.twocities.game.pool import Pool

    a, d, b = pos.remaining()
    tokens = [*singles[:a + b], *(x.token for x in pos.revealed),
              *duplexes[:max(0, d - len(pos.revealed))]]
    fixed = pos.placed
    if pos.mat is None and fixed:  # no mat: the solver's square starts at (0, 0)
        square = open_square(pos)
        top, left = square.top, square.left
        fixed = tuple(Placement(p.tile, (p.at[0] - top, p.at[1] - left)) for p in fixed)
    pool = Pool(pos.rules, (pos.mat,) if pos.mat is not None else (),
                tuple(_tile(t) for t in tokens), fixed=fixed)
    greedy = complete(pos, singles, duplexes)
    result = solve_pool(pool, time_limit=None if seconds is None else max(seconds, 0.01),
                        workers=1, deterministic_time=deterministic_time)
    if result.score is None or result.score < greedy:
        return greedy, max(greedy, result.bound or greedy), False
    return result.score, result.bound if result.bound is not None else result.score, \
        result.proven

